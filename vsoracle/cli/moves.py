"""``vsoracle moves FILE``: after the scenario's steps, what the player with priority (or
``--for PLAYER``) may do, each action as the ``[[step]]`` that takes it."""

from __future__ import annotations

from pathlib import Path
import sys
import time
from typing import Any, Callable, List, Optional, Sequence

import typer

from ..errors import ScenarioError, VsOracleError
from .output import Format
from .common import card_database, cards_option, fail, position_option, scenario_or_position
from .help import WholeNumber
from .jsondoc import choices_json, document, dumps, plain, state_json
from .lines import emit, redraw

__all__ = ["register", "moves_document", "moves_text", "perft_document", "PerftWatch", "partial_lines"]

#: What ``pending_note`` says when no decision waits.
NO_PENDING = ("no decision waits: the last step leaves none open (its choose answers them; "
              "an earlier step's open decisions are explored, each answer an outcome)")


def _outcome(state: Any, out: Any, player: str | None) -> dict[str, Any]:
    from ..engine.moves import KINDS, legal_actions, step_toml

    who = player or state.priority
    found = list(legal_actions(state, player)) if who is not None else []
    order = list(KINDS)
    found.sort(key=lambda a: order.index(a.verb))
    return {
        "choices": choices_json(out),
        "priority": state.priority,
        "player": who,
        "phase": state.phase,
        "step": state.step,
        "chain": [link.label for link in state.chain],
        "pending": None,
        "pending_note": NO_PENDING,
        "counts": {verb: sum(1 for a in found if a.verb == verb) for verb in KINDS},
        "actions": [{"kind": a.verb, "player": a.player, "step": a.to_step(), "toml": step_toml(a.to_step())}
                    for a in found],
        "state": state_json(state),
    }


def _waiting(position: Any, out: Any, step: Any) -> dict[str, Any]:
    """An outcome that waits for an answer: the question, and each legal answer as the ``choose``
    of the last step that gives it; no action is legal meanwhile."""
    from ..engine.moves import KINDS

    q, now, given = position.question, position.now, position.action.choose
    return {
        "choices": choices_json(out),
        "priority": now.priority,
        "player": q.player,
        "phase": now.phase,
        "step": now.step,
        "chain": [link.label for link in now.chain],
        "pending": {"step": step.index, "player": q.player, "kind": q.kind, "prompt": q.prompt,
                    "answers": [{"answer": plain(a), "text": q.describe(a),
                                 "choose": "choose = [" + ", ".join(q.toml(v) for v in given + (a,)) + "]"}
                                for a in q.answers]},
        "pending_note": f"step {step.index} ({step.describe()}) waits for a decision its choose leaves open: "
                        "give the step one of these choose lines (vsoracle resolve explores every answer)",
        "counts": {verb: 0 for verb in KINDS},
        "actions": [],
        "state": state_json(now),
    }


def _last_step_waits(sc: Any) -> list[tuple[Any, Any]] | None:
    """Each line of play with the last step taken as far as its ``choose`` goes, if the step
    leaves a decision open on one of them (the position then waits, :func:`moves.take`); else
    ``None`` (also when the step checks its own legality, or when taking it fails: the full run
    reports that)."""
    from attrs import evolve

    from ..engine import moves as _m
    from ..scenario.run import run_scenario, step_action

    if not sc.steps or sc.steps[-1].verb is None or sc.steps[-1].rejected or sc.steps[-1].allowed:
        return None
    last = sc.steps[-1]
    try:
        before = run_scenario(evolve(sc, steps=sc.steps[:-1], checks=()))
        found = [(_m.take(o.state, step_action(last, o.state)), o)
                 for o in before.outcomes if o.stopped is None]
    except VsOracleError:
        return None
    return found if any(isinstance(p, _m.Waiting) for p, _c in found) else None


def moves_document(file: Path, player: str | None = None, cards: Sequence[Path] | None = None) -> dict[str, Any]:
    """The JSON document of ``vsoracle moves`` (docs/json/moves.schema.json): one entry per distinct
    outcome of the scenario's steps. If the last step leaves a decision open, the position waits
    for it (``pending``: the question and its answers) instead of every answer being explored."""
    from ..engine.moves import Waiting
    from ..scenario.load import load_scenario
    from ..scenario.run import run_scenario

    sc = load_scenario(file, card_database(cards))
    if player is not None and player not in sc.state.player_ids:
        raise ScenarioError(f"--for {player}: there is no such player", file=sc.path,
                            hint="players: " + ", ".join(sc.state.player_ids))
    waits = _last_step_waits(sc)
    if waits is not None:
        found = [_waiting(p, c, sc.steps[-1]) if isinstance(p, Waiting) else _outcome(p, c, player)
                 for p, c in waits]
    else:
        result = run_scenario(sc)
        found = [_outcome(o.state, o, player) for o in result.outcomes if o.stopped is None]
    return document("moves", file=sc.path, steps=len(sc.steps), outcomes=found, **{"for": player})


def moves_text(doc: dict[str, Any]) -> str:
    """The document as a person reads it: TOML comments and ``[[step]]`` tables to paste."""
    lines: list[str] = []
    many = len(doc["outcomes"]) > 1
    if not doc["outcomes"]:
        lines.append("# every line of play stopped at a refused step: nothing to do")
    for i, out in enumerate(doc["outcomes"], 1):
        where = f"{out['phase']} phase" + (f", {out['step']} step" if out["step"] else "")
        head = f"# after {doc['steps']} step{'s' if doc['steps'] != 1 else ''}: {where}"
        if many:
            taken = "; ".join(f"step {c['step']}: {c['answer']}" for c in out["choices"])
            head = f"# outcome {i} of {len(doc['outcomes'])}" + (f" ({taken})" if taken else "") + "\n" + head
        lines.append(head)
        if out["chain"]:
            lines.append("# chain, bottom to top: " + ", ".join(out["chain"]))
        if out["pending"] is not None:
            q = out["pending"]
            lines.append(f"# {q['player']} decides ({q['kind']}): {q['prompt']}")
            lines.append(f"# {out['pending_note']}")
            lines += [f"{a['choose']}    # {a['text']}" for a in q["answers"]]
            lines.append("")
            continue
        if out["player"] is None:
            lines.append("# nobody has priority")
        else:
            has = "has priority" if out["player"] == out["priority"] else \
                f"acts once the players before him pass ({out['priority']} has priority)"
            lines.append(f"# {out['player']} {has}: {len(out['actions'])} legal action"
                         f"{'s' if len(out['actions']) != 1 else ''}")
        lines.append(f"# {out['pending_note']}")
        kind = None
        for action in out["actions"]:
            if action["kind"] != kind:
                kind = action["kind"]
                lines.append(f"\n# {kind}: {out['counts'][kind]}")
            lines.append(action["toml"] + "\n")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def perft_document(file: Path, depth: int, split: bool = False, cards: Sequence[Path] | None = None,
                   progress: Callable[[Any], None] | None = None) -> dict[str, Any]:
    """``vsoracle perft``: from the position after the scenario's steps (its first outcome), the
    distinct move sequences of ``depth`` moves and the distinct positions they reach; with
    ``split``, the same below each first move. If the last step leaves a decision open, the
    position waits for it (as ``vsoracle moves`` shows it) and its answers are the first moves.
    ``progress`` is told where the count is (:class:`~vsoracle.engine.moves.PerftProgress`)."""
    from ..engine import moves as _m
    from ..scenario.load import load_scenario
    from ..scenario.run import run_scenario

    sc = load_scenario(file, card_database(cards))
    waits = _last_step_waits(sc)
    if waits is not None:
        found: list[Any] = [p for p, _c in waits]
    else:
        found = [o.state for o in run_scenario(sc).outcomes if o.stopped is None]
    if not found:
        raise ScenarioError("every line of play stopped at a refused step: no position to count from", file=sc.path)
    position = found[0]
    # one count: split, each position keeps its sequences by first move (the positions are expanded once)
    sequences, positions, by_move = _m.perft_split(position, depth, progress) if split else (
        *_m.perft(position, depth, progress), [])
    rows = [{"action": _move_text(position, move), "sequences": seq, "positions": pos} for move, seq, pos in by_move]
    question = _m.pending(position)
    waiting = None if question is None else {"player": question.player, "kind": question.kind,
                                             "prompt": question.prompt}
    return document("perft", file=sc.path, depth=depth, outcomes=len(found), pending=waiting,
                    sequences=sequences, positions=positions, split=rows)


class PerftWatch:
    """What ``vsoracle perft`` knows of a count under way: the last
    :class:`~vsoracle.engine.moves.PerftProgress` (the counts so far, printed if the count is
    interrupted), shown on standard error, a line redrawn at most ten times a second, when that is a
    terminal (``live``); :meth:`clear` wipes the line before the answer is printed."""

    def __init__(self, live: bool) -> None:
        self.live = live
        self.last: Any = None
        self.drawn = 0.0

    def __call__(self, progress: Any) -> None:
        self.last = progress
        now = time.monotonic()
        if self.live and now - self.drawn >= 0.1:
            self.drawn = now
            p = progress
            line = (f"perft: depth {p.depth} of {p.of}: {p.expanded:,} of {p.level:,} positions expanded; "
                    f"{p.sequences:,} sequences, {p.positions:,} positions so far")
            redraw(line)

    def clear(self) -> None:
        if self.live and self.drawn:
            redraw(None)


def partial_lines(progress: Any, depth: int) -> list[str]:
    """What ``vsoracle perft`` prints when it is interrupted (Ctrl-C): the counts so far, marked
    partial — each depth counted to the end, then the depth under way, whose counts are those
    below the positions expanded so far (at least that many)."""
    lines = [f"# interrupted: partial counts, not the answer for depth {depth}"]
    if progress is None:
        return lines + ["# nothing was counted yet"]
    for d, (sequences, positions) in enumerate(progress.done, 1):
        lines.append(f"depth {d}: {sequences} sequences, {positions} positions (complete)")
    if progress.expanded == progress.level and len(progress.done) < progress.depth:
        lines.append(f"depth {progress.depth}: {progress.sequences} sequences, {progress.positions} positions "
                     "(complete)")
    else:
        lines.append(f"depth {progress.depth}: at least {progress.sequences} sequences, at least "
                     f"{progress.positions} positions (partial: from {progress.expanded} of {progress.level} "
                     f"positions at depth {progress.depth - 1})")
    return lines


def _move_text(position: Any, move: Any) -> str:
    """A first move as the file takes it: an action's ``[[step]]``, or the last step's ``choose``
    line that gives an answer (with the answers before it)."""
    from ..engine import moves as _m

    question = _m.pending(position)
    if question is None:
        return _m.step_toml(move.to_step())
    given = position.action.choose
    return "choose = [" + ", ".join(question.toml(v) for v in given + (move,)) + "]"


def register(app: typer.Typer) -> None:
    """Add ``moves`` and ``perft`` to ``app``."""

    @app.command("perft")
    def perft(
        ctx: typer.Context,
        file: Optional[Path] = typer.Argument(None, metavar="FILE", help="A scenario file (TOML), or - to read it from standard input."),
        depth: int = typer.Option(..., "--depth", parser=WholeNumber(0), metavar="N", help="How many actions deep to count."),
        split: bool = typer.Option(False, "--split", help="Split the counts by first action."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON document (schema: json/perft.schema.json in "
                                     "vsoracle docs --path; the contract: vsoracle docs json): errors too, on stdout."),
        position: Optional[Path] = position_option(),
        cards: Optional[List[Path]] = cards_option(),
    ) -> None:
        """Count the distinct move sequences and the distinct positions DEPTH moves deep from the
        position after the scenario's steps (python-chess's perft). A move is a legal action with
        its decisions answered; if the last step leaves a decision open, its answers are the first moves.
        On a terminal, standard error shows how far the count is; Ctrl-C prints the counts so far,
        marked partial.

        Exit status: 0, 2 if the file is invalid, or 130 if interrupted.
        """
        fmt = Format.of(as_json)
        path = scenario_or_position(ctx, file, position, fmt)
        watch = PerftWatch(sys.stderr.isatty())
        try:
            doc = perft_document(path, depth, split, cards, watch)
        except VsOracleError as error:
            watch.clear()
            raise fail(error, fmt) from None
        except KeyboardInterrupt:  # Ctrl-C: the counts so far, marked partial (stderr with --json: stdout is JSON)
            watch.clear()
            emit("\n".join(partial_lines(watch.last, depth)), err=fmt is Format.JSON)
            raise typer.Exit(130) from None
        watch.clear()
        if fmt is Format.JSON:
            emit(dumps(doc))
            return
        if doc["pending"] is not None:
            q = doc["pending"]
            emit(f"# the last step waits: {q['player']} decides ({q['kind']}): {q['prompt']}; "
                       "each answer is a move")
        for row in doc["split"]:
            emit(f"{row['sequences']:>8} {row['positions']:>8}  " + row["action"].replace("\n", "; ")
                       .removeprefix("[[step]]; "))
        emit(f"depth {depth}: {doc['sequences']} sequences, {doc['positions']} positions"
                   + (f" (from the first of {doc['outcomes']} outcomes)" if doc["outcomes"] > 1 else ""))

    @app.command("moves")
    def moves(
        ctx: typer.Context,
        file: Optional[Path] = typer.Argument(None, metavar="FILE", help="A scenario file (TOML), or - to read it from standard input."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON document (schema: json/moves.schema.json in "
                                     "vsoracle docs --path; the contract: vsoracle docs json): errors too, on stdout."),
        player: Optional[str] = typer.Option(None, "--for", metavar="PLAYER",
                                             help="What this player could do once the players before him pass."),
        position: Optional[Path] = position_option(),
        cards: Optional[List[Path]] = cards_option(),
    ) -> None:
        """After the scenario's steps: who has priority and every legal action, each as the [[step]]
        that takes it (paste it into the file), grouped by kind.

        Exit status: 0, or 2 if the file is invalid.
        """
        fmt = Format.of(as_json)
        path = scenario_or_position(ctx, file, position, fmt)
        try:
            doc = moves_document(path, player, cards)
        except VsOracleError as error:
            raise fail(error, fmt) from None
        if fmt is Format.JSON:
            emit(dumps(doc))
        else:
            emit(moves_text(doc), nl=False)
