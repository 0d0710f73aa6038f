"""A game a client holds: a position, its legal actions, take, answer, undo; JSON and scenario in and out.

What python-chess's ``Board`` is to a chess program: :class:`Game` keeps the current position (a
:data:`~vsoracle.engine.moves.Position`, a value), the positions before it (``undo`` gives the last
one back, as ``Board.pop``), and where it came from — a scenario's text, or a JSON position — so it
can be written as JSON (the whole state, read back equal) or as a scenario TOML that ``vsoracle
resolve`` accepts (the scenario it came from, its checks commented out, and a ``[[step]]`` for each
action taken since; loading that scenario and playing its steps gives the position back, equal).
The engine does the work (:mod:`vsoracle.engine.moves`); nothing here prints (docs/api.md).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping, Sequence

from attrs import evolve, frozen

from ..cards import CardDB
from ..engine import moves
from ..engine.game import OPEN, Answer, _match
from ..engine.log import Event
from ..engine.moves import Action, Position, Question, Waiting
from ..engine.positions import position_from_json, position_to_json
from ..engine.state import GameState
from ..errors import IllegalActionError, IllegalAnswerError, PositionError, ScenarioError
from .load import Scenario, Step, _freeze, load_scenario, parse_scenario, scenario_of_position, step_keys

__all__ = ["Game", "load", "loads", "from_json", "action_from_step", "scenario_upto", "scenario_of_position"]


@frozen
class _Origin:
    """Where a game's position came from: a scenario's text (with how many of its steps were
    played), or a position (JSON) with no text."""

    text: str | None
    path: str
    played: int = 0


class Game:
    """A game a client holds (docs/api.md). ``position`` is the current position: a
    :class:`~vsoracle.engine.state.GameState`, or a :class:`~vsoracle.engine.moves.Waiting` one
    while a decision waits (``pending()``). Every change keeps the position before it (``undo``)."""

    def __init__(self, position: Position, origin: _Origin, db: CardDB | None = None) -> None:
        self._position = position
        self._origin = origin
        self._start = position
        #: each change: the position before it, the action it took or answered, and what it did (its log)
        self._stack: list[tuple[Position, Action | None, tuple[Event, ...]]] = []
        self.db = db

    # -- reading -------------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The current position (a value: keep it, compare it, give it back with :meth:`set_position`)."""
        return self._position

    @property
    def state(self) -> GameState:
        """The state now: the position's, or, while a decision waits, the state as it is asked."""
        p = self._position
        return p.now if isinstance(p, Waiting) else p

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Every action ``player`` (default: who has priority) may take now, each with the answers
        to the decisions it asks; none while a decision waits (its answers are the moves)."""
        return list(moves.legal_actions(self._position, player))

    def pending(self) -> Question | None:
        """The decision the position waits for (who, what kind, prompt, legal ``answers``), or ``None``."""
        return moves.pending(self._position)

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def log(self) -> tuple[Event, ...]:
        """What the last change did — the log events of the last :meth:`take` or :meth:`answer`
        (after an :meth:`undo`, of the change now last), each with its rule's citation and the
        figures it decided on; ``()`` at the start. A take that leaves a decision open logs what
        happened until it was asked; each answer, what happened after, until the next one or the
        action's end: the logs of an action and its answers, in order, are the action's whole log."""
        return self._stack[-1][2] if self._stack else ()

    def __repr__(self) -> str:
        q = self.pending()
        return (f"<vsoracle.Game turn {self.state.turn} {self.state.phase}"
                + (f", {q.player} to answer: {q.prompt}>" if q else f", priority {self.state.priority}>"))

    # -- changing ------------------------------------------------------------------------------
    def take(self, action: Action | Mapping[str, Any]) -> Position:
        """Take ``action`` — one of :meth:`legal_actions`, or a ``[[step]]`` table as a dict
        (``{"play": "x", "by": "A", "targets": ["y"]}``, the ``step`` of an action in ``vsoracle
        moves --json``) — and return the new position; it waits if the action leaves a decision
        open. Refused (:class:`IllegalActionError`, the rule's reason) with the position unchanged."""
        if isinstance(self._position, Waiting):
            q = self._position.question
            raise IllegalActionError(f"a decision waits: {q.prompt}", hint="answer it first (answer(value))")
        if isinstance(action, Mapping):
            action = action_from_step(action, self._position)
        after, log = moves.take_logged(self._position, action)
        self._push(after, action, log)
        return after

    def answer(self, value: Any) -> Position:
        """Answer the decision that waits with ``value`` (one of ``pending().answers``, or as a
        scenario's ``choose`` writes it: ``true``, ``"x"``, ``["a", "b"]``); the new position."""
        before = self._position
        why = moves.why_not_answer(before, value)
        if why is not None:
            raise IllegalAnswerError(why, hint="answer one of pending().answers")
        assert isinstance(before, Waiting)  # why_not_answer refuses any other
        # the action taken again from its start with one more answer (as moves.answer does): its log
        # goes on from the log the question was asked at, and what follows is what the answer did
        action = evolve(before.action, choose=before.action.choose + (_chosen(before, value),))
        after, log = moves.take_logged(before.before, action)
        self._push(after, action, log[len(before.log):])
        return after

    def undo(self) -> Position:
        """Go back one change (a take or an answer): the position before it. Refused at the start."""
        if not self._stack:
            raise IllegalActionError("nothing to undo: the game is at its start", hint="take an action first")
        self._position, _action, _log = self._stack.pop()
        return self._position

    def set_position(self, position: Position) -> None:
        """Start again from ``position`` (a value this or another game gave): no history, no scenario text."""
        self._position = self._start = position
        self._stack = []
        self._origin = _Origin(None, "<position>")

    def _push(self, after: Position, action: Action, log: tuple[Event, ...]) -> None:
        self._stack.append((self._position, action, log))
        self._position = after

    # -- writing -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The position as a JSON document (docs/json/position.schema.json), read back equal by :func:`from_json`."""
        return position_to_json(self._position)

    def steps(self) -> list[dict[str, Any]]:
        """The ``[[step]]`` tables of the changes since the start, an answer joining its action's
        ``choose`` (a position that waits ends with the step taken as far as its answers go)."""
        # the actions, in order; an answer replaces its action's step (same action, one more answer)
        # a game that starts waiting (its scenario's last step left a decision open) goes on with that step
        actions: list[Action] = [self._start.action] if isinstance(self._start, Waiting) else []
        for before, action, _log in self._stack:
            if action is None:
                continue
            if isinstance(before, Waiting) and actions:
                actions[-1] = action
            else:
                actions.append(action)
        return [a.to_step() for a in actions]

    def to_scenario(self) -> str:
        """The position as a scenario TOML that ``vsoracle resolve`` accepts: the scenario the game
        came from, as far as the steps it played and its checks commented out, then a ``[[step]]``
        for each action since (loading it and playing its steps gives this position, equal). A game
        that came from a JSON position starts from that position written as a scenario's setup,
        which the format states only at the start of a step — no chain, no effect's modifiers, nothing
        the turn remembers (:func:`~.setup.setup_toml`); another is refused (:class:`PositionError`)."""
        taken = self.steps()
        if self._origin.text is None:
            from ..cards import database
            from .setup import setup_toml

            start = self._start.before if isinstance(self._start, Waiting) else self._start
            try:
                text = setup_toml(start, self.db or database(()), Path(self._origin.path).stem or "A position")
            except PositionError as error:
                raise PositionError(f"this game started from a JSON position, and {error.message}",
                                    hint=error.hint) from None
        else:
            # the last step played waits: it is written again below, with the answers given since
            upto = self._origin.played - (1 if isinstance(self._start, Waiting) else 0)
            text = scenario_upto(self._origin.text, upto)
        if not taken:
            return text
        lines = [text.rstrip(), "", f"# played with vsoracle: {len(taken)} step{'s' if len(taken) != 1 else ''}", ""]
        lines += [moves.step_toml(t) + "\n" for t in taken]
        return "\n".join(lines)


def _chosen(position: Waiting, value: Any) -> Any:
    return _match(value, position.question.answers)


# ============================================================================= loading
def _db(cards: Sequence[Path | str] | CardDB | None) -> CardDB:
    from ..cards import database

    if isinstance(cards, CardDB):
        return cards
    return database(tuple(cards or ()))


def load(path: Path | str, *, steps: bool | int = True, cards: Sequence[Path | str] | CardDB | None = None) -> Game:
    """The game of the scenario file at ``path``, its ``[[step]]``s played (``steps=False``: its
    starting position; a number: its first steps). A ``.json`` file is a position (:func:`from_json`). ``cards``: more card files, or a card database."""
    p = Path(path)
    if p.suffix == ".json":
        try:
            return from_json(p.read_text(encoding="utf-8"), path=str(p), cards=cards)
        except OSError as error:
            raise PositionError(f"cannot read it: {error.strerror}", hint="give a position file", file=str(p)) from None
    sc = load_scenario(p, _db(cards))
    return _from_scenario(sc, Path(sc.path).read_text(encoding="utf-8") if sc.path != "-" else "", steps)


def loads(text: str, *, steps: bool | int = True, cards: Sequence[Path | str] | CardDB | None = None,
          path: str = "<scenario>") -> Game:
    """The game of a scenario's TOML text (as :func:`load`)."""
    sc = parse_scenario(text, _db(cards), path)
    return _from_scenario(sc, text, steps)


def from_json(doc: Any, *, path: str = "<position>", cards: Sequence[Path | str] | CardDB | None = None) -> Game:
    """The game of a position document (a dict or its JSON text: :meth:`Game.to_json`)."""
    try:
        position = position_from_json(doc)
    except PositionError as error:
        raise error.located(path, None) from None
    return Game(position, _Origin(None, path), None if cards is None else _db(cards))


def _from_scenario(sc: Scenario, text: str, steps: bool | int) -> Game:
    """The game of a loaded scenario after its first ``steps`` steps (``True``: all of them): the
    steps before the last played as ``vsoracle resolve`` plays them (which must lead to one
    position), the last taken as far as its ``choose`` goes (the game waits if it leaves a decision open)."""
    from .run import run_scenario

    count = len(sc.steps) if steps is True else 0 if steps is False else int(steps)
    if not 0 <= count <= len(sc.steps):
        raise ScenarioError(f"the scenario has {len(sc.steps)} step{'s' if len(sc.steps) != 1 else ''}, not {count}",
                            file=sc.path, hint=f"play 0 to {len(sc.steps)} of them")
    position: Position = sc.state
    if count:
        before = run_scenario(evolve(sc, steps=sc.steps[:count - 1], checks=()))
        found = [o.state for o in before.outcomes if o.stopped is None]
        if len(found) != 1:
            raise ScenarioError(f"the steps before step {count} lead to {len(found)} positions, and a game holds one",
                                file=sc.path, hint="answer their decisions with choose = [...] "
                                "(vsoracle moves FILE lists the answers)")
        position = _play_step(sc, sc.steps[count - 1], found[0])
    return Game(position, _Origin(text, sc.path, count), sc.db)


def _play_step(sc: Scenario, step: Step, position: GameState) -> Position:
    """The position after the last step played, taken as far as its ``choose`` goes (it waits if
    it leaves a decision open): a step of checks changes nothing, and a step the file says is
    refused must be (the position stays)."""
    from .run import step_action

    if step.verb is None:
        return position
    action = step_action(step, position)
    try:
        after = moves.take(position, action)
    except (IllegalActionError, IllegalAnswerError) as error:
        if step.rejected:
            return position
        raise ScenarioError(f"step {step.index} ({step.describe()}): {error.message}", hint=error.hint, file=sc.path, line=step.line) from None
    if step.rejected:
        raise ScenarioError(f"step {step.index} ({step.describe()}) says rejected, and the rules allow it",
                            hint="vsoracle resolve reports this as a failed check", file=sc.path, line=step.line)
    return after


# ============================================================================= steps as tables
class _TableReader:
    """Reads one step table given as a dict (a client's, not a file's): errors name the key."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def fail(self, key: str | None, what: str, hint: str | None = None) -> Exception:
        return IllegalActionError(f"step{f' key {key!r}' if key else ''}: {what}", hint=hint)

    def known(self, key: str, value: Any, players: bool) -> None:
        if value in self.state.objects or (players and value in self.state.player_ids):
            return
        raise self.fail(key, f"there is no object {value!r} in this position")

    def expect(self, key: str, value: Any, types: type | tuple[type, ...], what: str) -> Any:
        if isinstance(value, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
            raise self.fail(key, f"{value!r} is not {what}")
        if not isinstance(value, types):
            raise self.fail(key, f"{value!r} is not {what}")
        return value

    def show(self, value: Any) -> str:
        return repr(value)


def action_from_step(table: Mapping[str, Any], position: Position) -> Action:
    """The action a ``[[step]]`` table (a dict) takes in ``position``: one verb, its keys, ``by``
    (default: who has priority) and ``choose``, read as the scenario format reads them; a table
    that says something else is refused (:class:`IllegalActionError`, naming the key)."""
    state = position.now if isinstance(position, Waiting) else position
    if not isinstance(table, Mapping):
        raise IllegalActionError(f"an action is a step table, not {type(table).__name__}",
                                 hint='{"play": "x", "by": "A"}: an element of moves\' actions, or its step')
    reader = _TableReader(state)
    verbs = [k for k in table if k in moves.KINDS]
    if len(verbs) != 1:
        raise IllegalActionError(f"a step has one verb, this one has {len(verbs)}" + (f": {', '.join(verbs)}" if verbs else ""),
                                 hint=f"verbs: {', '.join(moves.KINDS)}")
    verb = verbs[0]
    cls = moves.KINDS[verb]
    allowed = set(cls.keys()) | {verb, "by", "choose"}
    extra = sorted(k for k in table if k not in allowed)
    if extra:
        raise reader.fail(extra[0], f"{verb} does not take {extra[0]!r}", f"{verb} takes: {', '.join(sorted(allowed - {verb}))}")
    cls.check_step(table[verb], {k: v for k, v in table.items() if k not in ("by", "choose")}, reader)
    by = table.get("by")
    if by is not None and by not in state.player_ids:
        raise reader.fail("by", f"there is no player {by!r}", "players: " + ", ".join(state.player_ids))
    choose = table.get("choose", [])
    if not isinstance(choose, list):
        choose = [choose]
    answers = tuple(Answer(a["by"], _freeze(a["answer"]) if "answer" in a else OPEN)
                    if isinstance(a, dict) and "by" in a else _freeze(a) for a in choose)
    pid = by or state.priority or state.active or state.initiative
    return moves.read_step(verb, pid, _freeze(table[verb]), step_keys(table, verb), answers)


# ============================================================================= scenario text
_HEADER = re.compile(r"^\s*\[")
_STEP = re.compile(r"^\s*\[\[\s*step\s*\]\]")
_STEP_SUB = re.compile(r"^\s*\[\s*step\s*\.")
_CHECK = re.compile(r"^\s*\[\s*(check|check_some)\s*(\.[^\]]*)?\]")


def scenario_upto(text: str, steps: int) -> str:
    """The scenario ``text`` as far as its first ``steps`` ``[[step]]`` tables: the later ones and
    the final ``[check]`` and ``[check_some]`` tables commented out (they held after every step)."""
    out: list[str] = []
    seen, dropping = 0, False
    for line in text.splitlines():
        if _STEP.match(line):
            seen += 1
            dropping = seen > steps
        elif _STEP_SUB.match(line):
            pass  # a [step.check] belongs to the step above it
        elif _CHECK.match(line):
            dropping = True
        elif _HEADER.match(line):
            dropping = False
        out.append("# " + line if dropping and line.strip() else line)
    return "\n".join(out) + "\n"
