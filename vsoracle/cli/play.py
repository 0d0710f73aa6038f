"""``vsoracle play FILE``: play a scenario on, one action or answer at a time, in a plain terminal.

After the scenario's steps, the session shows the board (:mod:`.board`), the chain, and the
numbered legal actions of the player with priority (CR 216) — or, while a decision waits, its
numbered answers (:func:`vsoracle.engine.moves.pending`). The user types a number, a step as TOML
(``play = "p", targets = ["x"]``: the keys of one ``[[step]]``), ``u`` to undo the last action or
answer, ``s FILE`` to save, ``q`` to quit (saving), ``q!`` to quit without saving. The saved file
is the scenario with the played steps appended (each decision's answers as its ``choose``) and a
``[check]`` of the final position, so ``vsoracle resolve`` plays it again and passes.

A position (``FILE.json`` or ``--position FILE.json``, as ``vsoracle show --export json`` or the
engine's ``position`` writes it) is played on the same way, from the decision it waits for if it
waits: its start is written as a scenario's setup (:func:`vsoracle.scenario.setup.setup_toml`) when
the format can state it, and saved with the steps played as for a scenario; a save to a name ending
in ``.json`` writes the position reached (the default when the start cannot be a scenario).

A save never loses the session: it is written safely (:func:`vsoracle.files.write_file`: a file
the user named may be replaced, the default name never replaces anything — the next free
``NAME-played-2.toml`` is taken), and one that fails says why in one line and the session goes on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, List, Optional, Sequence

import typer
from attrs import evolve, frozen

from ..errors import ScenarioError, VsOracleError
from ..tomlsource import shorten
from .common import cards_option, fail, position_option, scenario_or_position
from .lines import emit
from .report import plural

__all__ = ["register", "Session", "played_scenario"]

HELP = ("type a number, a step as TOML (play = \"p\", targets = [\"x\"]), u to undo, "
        "s FILE to save, q to quit (and save)")


@frozen
class _Point:
    """One point of the session: the position, and the steps played to reach it (as TOML)."""

    position: Any
    steps: tuple[str, ...]
    shown: int = 0  # how much of a waiting action's log is already shown


class Session:
    """A play session over one scenario (or one position: ``text`` is then the scenario that states
    its start, or ``None`` when none can): its history of positions, undo, and saving."""

    def __init__(self, path: str, text: str | None, sc: Any, state: Any) -> None:
        from ..engine import moves

        self.path, self.text, self.sc = path, text, sc
        # a position that waits shows, on its first answer, only the log that answer adds
        self.history: list[_Point] = [_Point(state, (), len(state.log) if isinstance(state, moves.Waiting) else 0)]
        #: The file the default save made, which later default saves replace (None: none yet).
        self.made: str | None = None

    @property
    def point(self) -> _Point:
        return self.history[-1]

    def choices(self) -> list[Any]:
        """What may be picked by number: the answers of the decision that waits, else each legal
        action once (its decisions are asked as it is taken)."""
        from ..engine import moves

        q = moves.pending(self.point.position)
        if q is not None:
            return list(q.answers)
        return list(dict.fromkeys(evolve(a, choose=()) for a in moves.legal_actions(self.point.position)))

    def pick(self, choice: Any) -> list[str]:
        """Take a listed action or answer; the log lines it adds."""
        from ..engine import moves

        here = self.point.position
        if isinstance(here, moves.Waiting):
            why = moves.why_not_answer(here, choice)
            if why is not None:
                raise ScenarioError(why)
            before, action = here.before, evolve(here.action, choose=here.action.choose + (choice,))
        else:
            before, action = here, choice
        return self._take(before, action)

    def _take(self, before: Any, action: Any) -> list[str]:
        from ..engine import moves
        from ..engine.invariants import check_change

        position, log = moves.take_logged(before, action, check_change)
        shown = self.point.shown if isinstance(self.point.position, moves.Waiting) else 0
        steps = self.point.steps
        if isinstance(position, moves.Waiting):
            self.history.append(_Point(position, steps, len(log)))
        else:
            self.history.append(_Point(position, steps + (moves.step_toml(action.to_step()),)))
        return [str(e) for e in log[shown:]]

    def typed(self, line: str) -> list[str]:
        """Take a step typed as TOML (the keys of one ``[[step]]``), read as the scenario reads it."""
        from ..engine import moves
        from ..scenario.load import parse_scenario
        from ..scenario.run import step_action

        from ..tomlsource import MAX_LINE_CHARS, TomlSource

        if isinstance(self.point.position, moves.Waiting):
            raise ScenarioError("a decision waits: pick one of its answers by number", hint="or u to undo")
        if len(line) > MAX_LINE_CHARS:
            raise ScenarioError(f"not a step: {len(line):,} characters", hint=f"a step is a line of at most "
                                f"{MAX_LINE_CHARS:,} characters: play = \"p\", targets = [\"x\"]")
        try:  # read as a file is (issue 24, case 6: a step nested 2,000 deep or a 5,000-digit number was exit 3)
            table = TomlSource.parse(f"step = {{ {line} }}", "<typed>", ScenarioError).data["step"]
        except ScenarioError as error:
            raise ScenarioError(f"not a step: {error.message}", hint='write it as TOML: play = "p", targets = ["x"]') \
                from None
        if {"rejected", "allowed", "check"} & set(table):
            raise ScenarioError("rejected, allowed and check go in the file, not in play",
                                hint="type the step alone")
        if self.text is None:  # a position no scenario states: the step read as the Python API reads one
            from ..scenario.session import action_from_step

            return self._take(self.point.position, action_from_step(table, self.point.position))
        step_text = moves.step_toml(table)
        sc = parse_scenario(_without_checks(self.text) + "\n" + "\n\n".join(self.point.steps + (step_text,)) + "\n",
                            self.sc.db, self.path)
        step = sc.steps[-1]
        return self._take(self.point.position, step_action(step, self.point.position))

    def undo(self) -> bool:
        """Go back one action or answer; ``False`` at the start."""
        if len(self.history) == 1:
            return False
        self.history.pop()
        return True

    def last_state(self) -> tuple[Any, tuple[str, ...]]:
        """The last position that waits for nothing, and the steps that reach it (a session that
        starts waiting and has answered nothing yet: the position before the action that waits)."""
        from ..engine import moves

        for p in reversed(self.history):
            if not isinstance(p.position, moves.Waiting):
                return p.position, p.steps
        return self.history[0].position.before, ()

    def played(self) -> bool:
        """Is there anything to save: a step played (a scenario is saved), or — for a position no
        scenario states, saved as JSON — any action or answer."""
        return bool(self.last_state()[1]) if self.text is not None else len(self.history) > 1

    def save(self, out: Path | None, default: Path) -> tuple[str, str]:
        """Write the scenario with the steps played — or, at a name ending in ``.json``, the
        position reached (:func:`~vsoracle.engine.positions.position_to_json`, a waiting one too) —
        at ``out`` (named by the user: an existing file is replaced), or with ``out`` None at
        ``default``, never replacing a file the session did not make (``default`` taken:
        ``NAME-played-2.toml`` …); what was written, and where. A failure raises
        :class:`ScenarioError` (the session is kept)."""
        from ..files import write_file, write_new_file

        target = str(out) if out is not None else self.made or str(default)
        if target.endswith(".json"):
            import json

            from ..engine.positions import position_to_json

            data = (json.dumps(position_to_json(self.point.position), ensure_ascii=False, indent=1) + "\n").encode("utf-8")
            what = "the position"
        else:
            if self.text is None:
                raise ScenarioError("a scenario cannot state this position's start (it came as JSON): "
                                    "save the position reached instead", hint="s FILE.json")
            state, steps = self.last_state()
            data = played_scenario(self.text, steps, state).encode("utf-8")
            what = plural(len(steps), "step")
        if out is not None:
            write_file(str(out), data, ScenarioError, replace=True, what="the session")
            return what, str(out)
        if self.made is not None:
            write_file(self.made, data, ScenarioError, replace=True, what="the session")
            return what, self.made
        self.made = write_new_file(_numbered(default), data, ScenarioError, what="the session")
        return what, self.made


def _without_checks(text: str) -> str:
    """The scenario with its final ``[check]`` and ``[check_some]`` tables commented out: they held
    after its own steps, not after those played on (every step kept: ``scenario_upto`` with no limit)."""
    import sys

    from ..scenario.session import scenario_upto

    return scenario_upto(text, sys.maxsize)


def played_scenario(text: str, steps: tuple[str, ...], state: Any) -> str:
    """The scenario ``text`` with ``steps`` appended and a ``[check]`` of ``state``, the position
    they reach (each player's endurance and cards in hand, and the chain)."""
    from ..engine.moves import step_toml

    checks = {"chain": [lk.label for lk in state.chain]}
    lines = [_without_checks(text).rstrip(), "", f"# played with vsoracle play: {len(steps)} step"
             f"{'s' if len(steps) != 1 else ''} (the checks above held before them)", ""]
    lines += [s + "\n" for s in steps]
    lines.append("[check]")
    lines.append(step_toml(checks).split("\n", 1)[1])
    for p in state.players:
        lines.append(step_toml({f"{p.id}.endurance": p.endurance, f"{p.id}.hand": len(p.hand)}).split("\n", 1)[1])
    return "\n".join(lines) + "\n"


def _one_line(action: Any) -> str:
    """An action as one line of TOML keys (``by`` left out: the player is named above)."""
    from ..engine.moves import step_toml

    table = {k: v for k, v in action.to_step().items() if k != "by"}
    return ", ".join(step_toml(table).splitlines()[1:])


def screen(session: Session) -> list[str]:
    """What the session shows before asking: the board, then the numbered choices."""
    from ..engine import moves
    from .board import board_lines

    here = session.point.position
    q = moves.pending(here)
    lines = board_lines(here.now if q is not None else here)
    choices = session.choices()
    if q is not None:
        lines.append(f"{q.player} decides ({q.kind}): {q.prompt}")
        lines += [f"  {i}. {q.describe(a)}" for i, a in enumerate(choices, 1)]
    elif here.over:
        lines.append("the game is over")
    elif not choices:
        lines.append("nobody has priority: type a step (advance = \"next-turn\")")
    else:
        lines.append(f"{choices[0].player} has priority: {len(choices)} legal action{'s' if len(choices) != 1 else ''}")
        lines += [f"  {i}. {_one_line(a)}" for i, a in enumerate(choices, 1)]
    lines.append(HELP)
    return lines


def default_output(file: Path, suffix: str = ".toml") -> Path:
    """Where ``q`` saves when no ``--save`` is given: beside the scenario, ``NAME-played.toml``
    (``suffix`` ``.json``: the position, ``NAME-played.json``)."""
    stem = file.name.removesuffix(".json").removesuffix(".toml").removesuffix(".scenario")
    return file.with_name(stem + "-played" + suffix)


def _numbered(default: Path) -> list[str]:
    """``NAME-played.toml``, then ``NAME-played-2.toml`` … ``NAME-played-99.toml``: the names the
    default save may take, the first free one."""
    stem, suffix = default.stem, default.suffix
    return [str(default)] + [str(default.with_name(f"{stem}-{k}{suffix}")) for k in range(2, 100)]


def _position_session(path: str, cards: Sequence[Path] | None) -> Session:
    """A session from a position file (JSON): from the position, or the decision it waits for; its
    start stated as a scenario's setup when the format can (else saved only as JSON)."""
    from ..engine import moves
    from ..engine.positions import position_from_json
    from ..errors import PositionError
    from ..files import read_input
    from ..scenario.load import MAX_POSITION_BYTES, scenario_of_position
    from ..scenario.setup import setup_toml
    from .common import card_database

    raw = read_input(path, ScenarioError, limit=MAX_POSITION_BYTES, what="a position").data
    try:
        position = position_from_json(raw)
    except PositionError as error:
        raise error.located(path, None) from None
    db = card_database(cards)
    start = position.before if isinstance(position, moves.Waiting) else position
    try:
        text: str | None = setup_toml(start, db, Path(path).stem or "A position")
    except PositionError:
        text = None
    return Session(path, text, scenario_of_position(start, db, path), position)


#: The most digits a number typed to pick a choice may have (more is not one of the numbers shown).
_MAX_PICK_DIGITS = 6


def _not_one_position(sc: Any, outcomes: list[Any], path: str) -> ScenarioError:
    """Why the steps do not lead to one position, naming the first step whose decision is left
    open (its answers lead to different positions), at that step's line."""
    n = len(outcomes)
    for k in range(max((len(o.choices) for o in outcomes), default=0)):
        asked = {o.choices[k] if k < len(o.choices) else None for o in outcomes}
        if len(asked) > 1:
            index, prompt = next((c[0], c[1]) for c in (o.choices[k] for o in outcomes if k < len(o.choices)))
            step = next((st for st in sc.steps if st.index == index), None)
            said = f"step {index}" + (f" ({step.describe()})" if step is not None else "")
            last = step is not None and step is sc.steps[-1]
            return ScenarioError(f"{said} leaves a decision open: {prompt}; the steps lead to {n} positions, "
                                 "and play needs one", file=path, line=step.line if step is not None else None,
                                 hint="answer it with choose = [...] in that step" + (
                                     " (vsoracle moves FILE lists its answers), or remove the step and take it "
                                     "in the session, which asks its decisions one by one" if last else ""))
    return ScenarioError(f"the steps lead to {n} positions: play needs one", file=path,
                         hint="answer their decisions with choose = [...] so that one position remains")


def run_session(file: Path, save: Path | None, read: Callable[[str], str], write: Callable[[str], None],
                cards: Sequence[Path] | None = None) -> int:
    """The session's loop: show, read a line, act on it; at the end (``q`` or end of input) save.
    The exit code: 0, or 2 when the input ended and the session could not be saved (its steps
    are printed instead, so nothing played is lost)."""
    from ..files import read_input
    from .common import card_database
    from ..scenario.load import load_scenario_bytes
    from ..scenario.run import run_scenario

    from ..scenario.load import is_position_file

    path = str(file)
    if path == "-":
        raise ScenarioError("play reads the moves from standard input, so the scenario must be a file",
                            hint="vsoracle play FILE")
    if is_position_file(path):
        session = _position_session(path, cards)
    else:
        raw = read_input(path, ScenarioError).data
        sc = load_scenario_bytes(raw, path, card_database(cards))
        text = raw.decode("utf-8", errors="replace")
        outcomes = [o for o in run_scenario(sc).outcomes if o.stopped is None]
        if len(outcomes) != 1:
            raise _not_one_position(sc, outcomes, path)
        session = Session(path, text, sc, outcomes[0].state)
    default = default_output(file, ".toml" if session.text is not None else ".json")

    def saved(target: Path | None) -> bool:
        """Save (``target``: a file the user named), saying where — or why not (issue 24, case 7)."""
        try:
            what, where = session.save(target, default)
        except ScenarioError as error:
            write(f"not saved: {error}")
            return False
        write(f"saved {what} to {where}")
        return True

    while True:
        write("\n".join(screen(session)))
        try:
            line = read("> ").strip()
        except EOFError:
            if not session.played():
                write("nothing played: nothing saved")
                return 0
            if saved(save):
                return 0
            _, steps = session.last_state()
            write("the input ended, so the session cannot go on: the steps played, to paste into the file:\n\n"
                  + "\n\n".join(steps))
            return 2
        if line in ("q!", "quit!"):
            write("quit without saving")
            return 0
        if line in ("q", "quit"):
            if not session.played():
                write("nothing played: nothing saved")
                return 0
            if saved(save):
                return 0
            write("the session goes on: s FILE saves it elsewhere, q! quits without saving")
            continue
        if line in ("u", "undo"):
            write("undone" if session.undo() else "nothing to undo")
            continue
        if line.startswith("s ") or line == "s":
            saved(Path(line[2:].strip()) if line[2:].strip() else save)
            continue
        try:
            if line.isascii() and line.isdigit():  # "²" and "③" are digits to isdigit, not to int
                choices = session.choices()
                if len(line) > _MAX_PICK_DIGITS or not 1 <= int(line) <= len(choices):
                    raise ScenarioError(f"{shorten(line, 40)} is not one of the numbers shown",
                                        hint=f"1 to {len(choices)}")
                logged = session.pick(choices[int(line) - 1])
            elif "=" in line:
                logged = session.typed(line)
            else:
                raise ScenarioError(f"{line!r}: not a command", hint=HELP)
        except VsOracleError as error:
            write(f"refused: {error.message}" + (f" — {error.hint}" if error.hint else ""))
            continue
        write("\n".join(logged) if logged else "(nothing happened that the log records)")


def register(app: typer.Typer) -> None:
    """Add ``play`` to ``app``."""

    @app.command("play")
    def play(
        ctx: typer.Context,
        file: Optional[Path] = typer.Argument(None, metavar="FILE", help="A scenario file (TOML), or a position (.json)."),
        save: Optional[Path] = typer.Option(None, "--save", metavar="OUT",
                                            help="Where q saves the scenario played (default: FILE-played.toml); "
                                            "a name ending in .json: the position reached."),
        position: Optional[Path] = position_option(),
        cards: Optional[List[Path]] = cards_option(),
    ) -> None:
        """Play on from the position after the scenario's steps (or a position, .json): pick
        numbered legal actions or answers, or type a step as TOML; u undoes, s FILE saves, q quits
        and saves the scenario with the steps played (vsoracle resolve runs it), q! quits without
        saving.

        Exit status: 0, or 2 if the file is invalid (or the input ended and the session could not
        be saved: its steps are printed).
        """
        file = scenario_or_position(ctx, file, position)
        try:
            code = run_session(file, save, input, emit, cards)
        except VsOracleError as error:
            raise fail(error) from None
        raise typer.Exit(code=code)
