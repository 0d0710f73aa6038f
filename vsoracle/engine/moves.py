"""Actions as values: what a player may do now, and why not (CR 216).

Each kind of action is a small frozen value (:class:`Recruit`, :class:`Play`, :class:`Use`,
:class:`Attack`, …) carrying everything needed to take it: the player, the ids, the place, the
targets, the costs and options, and ``choose``, the answers to the decisions the rules ask while
it is taken (a boost, the reservist swap, which card pays a cost, a choice as the chain
resolves after a pass). ``action.to_step()`` is the scenario's ``[[step]]`` table that takes it.

Legality has one definition, the executors of :mod:`.actions`: :func:`perform` calls them, and
:func:`legal_actions` generates candidates broadly (every card in hand × every place, every
activated power × every combination of targets, every attack proposal…, pruned only by checks the
executors make themselves before changing anything: :func:`candidates`) and keeps those the
executor accepts when tried on the position. A position is a value, so trying is exact and has
no side effect; :func:`why_not` is the executor's refusal. The generator and the executor cannot
disagree: they are the same code.

What the generator leaves out: X (``x``, ``pay`` of an X cost) is tried from 0 to the player's
resource points; a character is placed in the columns next to those in use and the first beyond
(CR 301.4: the place is the player's choice; further columns are no different but in number);
a move to where a character already stands changes nothing and is not listed; team attackers are
named in the order they stand (front row first, by column).
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import lru_cache
from typing import Any, Callable, ClassVar, Iterator, Literal, Mapping, Protocol, Sequence, Union, cast

from attrs import field, fields, frozen

from ..cards import Card
from ..errors import IllegalActionError, IllegalAnswerError, LimitExceededError
from ..text import nodes as n
from . import actions as _act
from .chain import resolve_all, resolve_top
from .collecting import seldom_collected
from .effects import legal_among, one_target, target_range, targets_of
from .equivalence import PositionKey, position_key
from .game import ANSWER_GIVEN, OPEN, Answer, Decision, DecisionKind, Game, Unanswered, _match, _NO
from .log import Event
from .keywords import KEYWORD_POWERS
from .powers import per_node
from .query import numbered_printed, forget, forgettable, held, kind_of, query, replaying
from .state import (CHARACTER, EQUIPMENT, HAND, IN_PLAY, KO_PILE, PLOT_TWIST, RESOURCE_ROW, ROWS, Area, ChainLink,
                    GameState, Row, Zone)
from .turn import advance, pass_priority
from .values import replace

__all__ = ["Action", "StepReader", "read_step", "step_verbs", "check_step_keys", "ADVANCE_TARGETS", "COMMON_STEP_KEYS",
           "Recruit", "Play", "Use", "Attack", "Reinforce", "PowerUp", "Flip", "Move",
           "PlaceResource", "Transfer", "Pass", "Resolve", "Advance", "KINDS", "perform", "legal_actions",
           "why_not", "is_legal", "apply", "candidates", "step_toml", "perft", "perft_split", "divide", "moves_from", "LINES",
           "PerftProgress", "PERFT_MEMO",
           "Question", "Waiting", "Position", "take", "take_logged", "pending", "answer", "why_not_answer"]

#: At most this many lines of play (answers to the decisions an action asks) are tried per candidate.
LINES = 512

#: What sees every transition tried, ``check(before, after)`` (the invariants, in tests).
Check = Callable[[GameState, GameState], None] | None


class StepReader(Protocol):
    """What an action's reader needs from whoever reads the scenario file: errors placed at the
    key (``file:line``), and the ids and players of the position (:mod:`vsoracle.scenario.load`)."""

    def fail(self, key: str | None, what: str, hint: str | None = None) -> Exception:
        """The error for key ``key`` of the step (``None``: the step itself)."""
        ...

    def known(self, key: str, value: Any, players: bool) -> None:
        """``value`` must be an id of the position (or, with ``players``, a player)."""
        ...

    def expect(self, key: str, value: Any, types: type | tuple[type, ...], what: str) -> Any:
        """``value`` must be of ``types`` (said as ``what``)."""
        ...

    def show(self, value: Any) -> str:
        """A value of the file as the file writes it, for a message."""
        ...


#: In an action's :attr:`_Step.step` table, the field written as the verb's own value.
VERB = ""


class _Step:
    """What every action shares: the step verb, its player (``by``) and the scripted answers.

    Each kind of action says once how it is written as a ``[[step]]`` — :attr:`step`, each field
    by its key — and so reads its own step (:meth:`check_step`, :meth:`from_step`) beside writing it
    (:meth:`to_step`), as python-chess keeps ``Move.from_uci`` beside ``Move.uci``; the scenario
    loader's verbs and keys, and the JSON Schema's, are these classes' (``tests/test_schemas.py``)."""

    verb: ClassVar[str]
    #: Each field of the action by the step key it is written under (:data:`VERB`: the verb's value).
    step: ClassVar[Mapping[str, str]]
    #: Does the action name its player (``by``)? Resolve and Advance are everyone's passes.
    by_player: ClassVar[bool] = True
    player: str | None
    choose: tuple[Any, ...]

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        """The keys its ``[[step]]`` takes besides the verb."""
        return tuple(key for key in cls.step.values() if key != VERB)

    @classmethod
    def check_step(cls, value: Any, table: Mapping[str, Any], read: StepReader) -> None:
        """Check the verb's value (here: the id of a card of the position) and every key of the
        step table, as the file says them."""
        read.expect(cls.verb, value, str, "an id")
        read.known(cls.verb, value, False)
        check_step_keys(cls, table, read)

    @classmethod
    def from_step(cls, player: str | None, value: Any, keys: Mapping[str, Any],
                  choose: tuple[Any, ...] = ()) -> Action:
        """The action a checked ``[[step]]`` takes: ``value`` is its verb's, ``keys`` the rest."""
        given: dict[str, Any] = {}
        for name, key in cls.step.items():
            found = value if key == VERB else keys.get(key)
            if found is not None:
                given[name] = tuple(found) if isinstance(found, (list, tuple)) else \
                    (found,) if _is_tuple_field(cls, name) else found
        if cls.by_player:
            given["player"] = _player(player)
        made: Action = cast(Any, cls)(choose=choose, **given)  # each kind is an attrs class of its fields
        return made

    def _table(self) -> dict[str, Any]:
        """The step's keys: the verb's value first, then each field that differs from its default."""
        defaults = {a.name: a.default for a in fields(cast(Any, type(self)))}
        table: dict[str, Any] = {}
        for name, key in sorted(self.step.items(), key=lambda item: item[1] != VERB):
            value = getattr(self, name)
            if key != VERB and (value is None or value == () or value == defaults.get(name)):
                continue
            table[key or self.verb] = list(value) if isinstance(value, tuple) else value
        return table

    def to_step(self) -> dict[str, Any]:
        """The ``[[step]]`` table that takes this action (``by`` names the player; ``choose``
        answers the decisions it asks, in the order asked)."""
        table = self._table()
        if self.player is not None and self.by_player:
            table["by"] = self.player
        if self.choose:
            table["choose"] = [_plain(a) for a in self.choose]
        return table

    def __str__(self) -> str:
        return step_toml(self.to_step())


def _is_tuple_field(cls: type, name: str) -> bool:
    """Is the field a tuple (``costs``, ``targets``, ``attackers``), so that one value is a tuple of one?
    (Remembered per kind and field: a scenario run reads every step again.)"""
    known = _TUPLE_FIELDS.get((cls, name))
    if known is None:
        known = _TUPLE_FIELDS[cls, name] = \
            any(a.name == name and a.default == () for a in fields(cast(Any, cls))) or name == "attackers"
    return known


_TUPLE_FIELDS: dict[tuple[type, str], bool] = {}


def _plain(value: Any) -> Any:
    """An answer as TOML and JSON hold it: tuples become lists; one that names who must give it, a
    table (``{ by = "B", answer = "x" }``)."""
    if isinstance(value, Answer):
        return {"by": value.by} | ({} if value.value is OPEN else {"answer": _plain(value.value)})
    if isinstance(value, (tuple, list, frozenset)):
        return [_plain(v) for v in value]
    return value


@frozen
class Recruit(_Step):
    """Recruit a character or equipment in your recruit step (CR 301.4, 404; FAQ GM 1)."""

    verb: ClassVar[str] = "recruit"
    step = {"card": VERB, "source": "from", "row": "row", "col": "col", "area": "area", "face_down": "face_down",
            "boost": "boost", "costs": "costs", "equip": "equip"}
    player: str
    card: str
    source: _act.RecruitSource = "hand"
    row: Row | None = None
    col: int | None = None
    area: Area | None = None
    face_down: str | None = None
    boost: bool | None = None
    costs: tuple[str, ...] = ()
    equip: str | None = None
    choose: tuple[Any, ...] = ()

    def _do(self, g: Game) -> None:
        _act.recruit(g, self.player, self.card, source=self.source, row=self.row, col=self.col, area=self.area,
                     face_down=self.face_down, boost=self.boost, costs=list(self.costs), equip=self.equip)


@frozen
class Play(_Step):
    """Play a plot twist from hand or face down from the resource row (CR 304, 505)."""

    verb: ClassVar[str] = "play"
    step = {"card": VERB, "targets": "targets", "costs": "costs", "x": "x"}
    player: str
    card: str
    targets: tuple[Any, ...] = ()
    costs: tuple[str, ...] = ()
    x: int | None = None
    choose: tuple[Any, ...] = ()

    def _do(self, g: Game) -> None:
        _act.play(g, self.player, self.card, targets=list(self.targets), costs=list(self.costs), x=self.x)


@frozen
class Use(_Step):
    """Use an activated power: its number as printed (1-based) or a keyword's name (CR 501, 505)."""

    verb: ClassVar[str] = "use"
    step = {"card": VERB, "power": "power", "targets": "targets", "costs": "costs", "pay": "pay"}
    player: str
    card: str
    power: int | str | None = None
    targets: tuple[Any, ...] = ()
    costs: tuple[str, ...] = ()
    pay: int | None = None
    choose: tuple[Any, ...] = ()

    def _do(self, g: Game) -> None:
        _act.use(g, self.player, self.card, power=self.power, targets=list(self.targets), costs=list(self.costs),
                 pay=self.pay)


@frozen
class Attack(_Step):
    """Propose an attack; two or more attackers make a team attack (CR 407)."""

    verb: ClassVar[str] = "attack"
    step = {"attackers": VERB, "target": "target"}
    player: str
    attackers: tuple[str, ...]
    target: str
    choose: tuple[Any, ...] = ()

    @classmethod
    def check_step(cls, value: Any, table: Mapping[str, Any], read: StepReader) -> None:
        """``attack = "id"`` or ``attack = ["id", "id"]`` (a team attack), and its ``target``."""
        if isinstance(value, str):
            value = [value]
        read.expect("attack", value, list, "a list of ids")
        if not value:
            raise read.fail("attack", "an attack needs at least one attacker")
        for v in value:
            read.known("attack", v, False)
        if "target" not in table:
            raise read.fail("attack", "an attack needs a target", 'add target = "defender-id" or a player')
        read.known("target", table["target"], True)
        check_step_keys(cls, table, read)

    def _do(self, g: Game) -> None:
        _act.propose_attack(g, self.player, list(self.attackers), self.target)


@frozen
class Reinforce(_Step):
    """The reinforcement game-based effect: exhaust a supporter to reinforce a defender (CR 507.1c)."""

    verb: ClassVar[str] = "reinforce"
    step = {"defender": VERB, "supporter": "with"}
    player: str
    defender: str
    supporter: str
    choose: tuple[Any, ...] = ()

    def _do(self, g: Game) -> None:
        _act.reinforce(g, self.player, self.defender, self.supporter)


@frozen
class PowerUp(_Step):
    """Power-up: discard a card of the same name to give a character +1 ATK / +1 DEF (CR 507; digest §19)."""

    verb: ClassVar[str] = "power_up"
    step = {"character": VERB, "card": "with"}
    player: str
    character: str
    card: str
    choose: tuple[Any, ...] = ()

    def _do(self, g: Game) -> None:
        _act.power_up(g, self.player, self.character, self.card)


@frozen
class Flip(_Step):
    """Reveal a face-down resource, or flip a location face up (FAQ SC 30; CR 303)."""

    verb: ClassVar[str] = "flip"
    step = {"card": VERB}
    player: str
    card: str
    choose: tuple[Any, ...] = ()

    def _do(self, g: Game) -> None:
        _act.flip(g, self.player, self.card)


@frozen
class Move(_Step):
    """Formation step: move a character to another place of its area (CR 405)."""

    verb: ClassVar[str] = "move"
    step = {"card": VERB, "row": "row", "col": "col"}
    player: str
    card: str
    row: Row | None = None
    col: int | None = None
    choose: tuple[Any, ...] = ()

    def _do(self, g: Game) -> None:
        _act.move(g, self.player, self.card, self.row, self.col)


@frozen
class PlaceResource(_Step):
    """Resource step: put a card from hand face down into your resource row (CR 403)."""

    verb: ClassVar[str] = "resource"
    step = {"card": VERB}
    player: str
    card: str
    choose: tuple[Any, ...] = ()

    def _do(self, g: Game) -> None:
        _act.place_resource(g, self.player, self.card)


@frozen
class Transfer(_Step):
    """Transferable: move equipment to another character you control (FAQ SC 6)."""

    verb: ClassVar[str] = "transfer"
    step = {"card": VERB, "to": "to"}
    player: str
    card: str
    to: str
    choose: tuple[Any, ...] = ()

    def _do(self, g: Game) -> None:
        _act.transfer(g, self.player, self.card, self.to)


@frozen
class Pass(_Step):
    """The player with priority passes; successive passes resolve the top link or end the step (CR 216)."""

    verb: ClassVar[str] = "pass"
    step: ClassVar[Mapping[str, str]] = {}
    player: str | None = None
    choose: tuple[Any, ...] = ()

    @classmethod
    def check_step(cls, value: Any, table: Mapping[str, Any], read: StepReader) -> None:
        if value is not True:
            raise read.fail("pass", "write pass = true")
        check_step_keys(cls, table, read)

    def _table(self) -> dict[str, Any]:
        return {"pass": True}

    def _do(self, g: Game) -> None:
        if g.state.priority is None:
            raise IllegalActionError("nobody has priority now")
        pass_priority(g, _act.require_no_attack_demanded)


@frozen
class Resolve(_Step):
    """Every player passes in succession until the top link (``top``) or the whole chain (``all``)
    has resolved (CR 216): the scenario's shorthand for passes, not one player's action."""

    verb: ClassVar[str] = "resolve"
    by_player = False
    step = {"what": VERB}
    what: Literal["top", "all"] = "top"
    player: str | None = None
    choose: tuple[Any, ...] = ()

    @classmethod
    def check_step(cls, value: Any, table: Mapping[str, Any], read: StepReader) -> None:
        if value not in ("top", "all"):
            raise read.fail("resolve", f"resolve takes \"top\" or \"all\", not {read.show(value)}")
        check_step_keys(cls, table, read)

    def _do(self, g: Game) -> None:
        if not g.state.chain and self.what == "all":
            g.note("pass", "the chain is already empty: nothing to resolve", "CR 216")
            return
        if not g.state.chain:
            raise IllegalActionError("the chain is empty: nothing to resolve")
        g.note("pass", "all players pass in succession", "CR 216")
        if self.what == "top":
            resolve_top(g)
        else:
            resolve_all(g)


@frozen
class Advance(_Step):
    """Everyone passes until the start of a phase or step (the scenario's shorthand for passes)."""

    verb: ClassVar[str] = "advance"
    by_player = False
    step = {"to": VERB}
    to: str
    player: str | None = None
    choose: tuple[Any, ...] = ()

    @classmethod
    def check_step(cls, value: Any, table: Mapping[str, Any], read: StepReader) -> None:
        if value not in ADVANCE_TARGETS:
            raise read.fail("advance", f"cannot advance to {read.show(value)}", f"use one of {', '.join(ADVANCE_TARGETS)}")
        check_step_keys(cls, table, read)

    def _do(self, g: Game) -> None:
        advance(g, self.to, _act.require_no_attack_demanded)

Action = Union[Recruit, Play, Use, Attack, Reinforce, PowerUp, Flip, Move, PlaceResource, Transfer, Pass, Resolve,
               Advance]

#: The kinds of action, by step verb, in the order ``vsoracle moves`` lists them.
KINDS: dict[str, type[Action]] = {cls.verb: cls for cls in (Recruit, Play, Use, PowerUp, Attack, Reinforce, Flip, Move,
                                                             Transfer, PlaceResource, Pass, Resolve, Advance)}

#: Where ``advance = …`` can go: the start of a phase or step, or the next turn.
ADVANCE_TARGETS = ("draw", "build", "resource", "recruit", "formation", "combat", "attack", "recovery",
                   "wrap-up", "next-turn")

#: The keys every step may have, whatever its verb.
COMMON_STEP_KEYS = frozenset({"by", "choose", "rejected", "allowed", "check", "note"})

#: Keys that name an object of the position (never a player).
_OBJECT_KEYS = ("face_down", "equip", "with", "to")

def step_verbs() -> dict[str, frozenset[str]]:
    """Every step verb and the keys it takes besides itself (the scenario format's verbs)."""
    return {verb: frozenset(cls.keys()) for verb, cls in KINDS.items()}

def read_step(verb: str, player: str | None, value: Any, keys: Mapping[str, Any],
              choose: tuple[Any, ...] = ()) -> Action:
    """The action a ``[[step]]`` with this verb takes (:meth:`_Step.from_step` of its kind)."""
    return KINDS[verb].from_step(player, value, keys, choose)

def _player(player: str | None) -> str:
    if player is None:
        raise IllegalActionError("this action needs the player who takes it", hint='add by = "A"')
    return player

def check_step_keys(cls: type[_Step], table: Mapping[str, Any], read: StepReader) -> None:
    """The keys a step may have besides its verb, each as the format says it: ids of the
    position (targets may be players), whole numbers, a row, an area, where a recruit comes from."""
    verb = cls.verb
    for key in ("targets", "costs"):
        if key in table:
            items = table[key] if isinstance(table[key], (list, tuple)) else [table[key]]
            for item in items:
                # a target of several ("two target characters") is a list of ids
                group = item if key == "targets" and isinstance(item, (list, tuple)) else [item]
                for one in group:
                    if not isinstance(one, str):
                        raise read.fail(key, f"{key} lists ids or players, not {read.show(item)}",
                                        f'{key} = ["id", …] (a target of several: ["id", ["id", "id"]])'
                                        if key == "targets" else f'{key} = ["id", …]')
                    read.known(key, one, True)
    for needed, key, example in (("reinforce", "with", 'with = "supporter-id"'), ("transfer", "to", 'to = "character-id"'),
                                 ("power_up", "with", 'with = "card-in-hand-id"')):
        if verb == needed and key not in table:
            raise read.fail(verb, f"{verb} needs '{key}'", f"add {example}")
    for key in _OBJECT_KEYS:
        if key in table:
            read.known(key, table[key], False)
    if verb == "recruit" and table.get("from", "hand") not in ("hand", "resources", "ko_pile"):
        raise read.fail("from", f"recruit from \"hand\", \"resources\" or \"ko_pile\", not {read.show(table['from'])}")
    for key, least, why in (("col", 1, "columns start at 1"), ("pay", 0, "pay counts what is paid"),
                            ("x", 0, "X is 0 or more")):
        if key in table:
            read.expect(key, table[key], int, "a whole number")
            if table[key] < least:
                raise read.fail(key, f"{key} cannot be {table[key]}", why)
    if "boost" in table:
        read.expect("boost", table["boost"], bool, "true or false (whether the boost cost is paid)")
    if "power" in table:
        read.expect("power", table["power"], (int, str), 'a power number (1-based, as printed) or a keyword such as "evasion"')
    if "row" in table and table["row"] not in ("front", "support"):
        raise read.fail("row", f"row must be \"front\" or \"support\", not {read.show(table['row'])}")
    if "area" in table and table["area"] not in ("visible", "hidden"):
        raise read.fail("area", f"area must be \"visible\" or \"hidden\", not {read.show(table['area'])}")

def perform(g: Game, action: Action, known: bool = False) -> None:
    """Take ``action`` in ``g``: the players before its player pass (a step's ``by``), then its
    executor in :mod:`.actions` checks and does it; a revealed resource is unrevealed after
    anything but a flip (FAQ SC 30). Raises :class:`IllegalActionError` with the rule's reason.
    ``known``: the action was made from this very position (a candidate), so every id it names is
    one of its objects or players (what :func:`_known` checks of an action given)."""
    if not known:
        _known(g.state, action)
    if action.player is not None and not isinstance(action, (Resolve, Advance)):
        _act.pass_until(g, action.player)
    idle = isinstance(action, Resolve) and action.what == "all" and not g.state.chain
    action._do(g)
    if not isinstance(action, Flip) and not idle:
        _act.unreveal(g)

_OBJECT_FIELDS = ("card", "character", "defender", "supporter", "equip", "face_down", "to")

def _known(s: GameState, action: Action) -> None:
    """Every id an action names is an object of the position (a target or an attack's target may
    be a player too), and its player is a player of the game."""
    if action.player is not None and action.player not in s.player_ids:
        raise IllegalActionError(f"there is no player {action.player}", hint="players: " + ", ".join(s.player_ids))
    named: list[tuple[Any, bool]] = []
    for name in _OBJECT_FIELDS:
        value = getattr(action, name, None)
        if isinstance(value, str) and not (isinstance(action, Advance) and name == "to"):
            named.append((value, False))
    named += [(x, False) for x in getattr(action, "attackers", ())] + [(x, False) for x in getattr(action, "costs", ())]
    named += [(x, True) for x in getattr(action, "targets", ()) if isinstance(x, str)]
    if isinstance(action, Attack):
        named.append((action.target, True))
    for value, player_too in named:
        if value not in s.objects and not (player_too and value in s.player_ids):
            raise IllegalActionError(f"there is no object {value!r} in this position")

# =============================================================================================
# Trying an action on a position
# =============================================================================================

def _lines(state: GameState, action: Action, check: Check = None,
           known: bool = False, logged: bool = False) -> Iterator[tuple[Game, str | None]]:
    """Every line of play of ``action`` from ``state``: its scripted answers first, then each
    legal answer of each decision it leaves open; each game with the refusal (``None``: taken).
    ``known``: a candidate of ``state`` (:func:`perform`); ``logged``: the games keep their logs
    (which no caller here reads)."""
    stack: list[list[Any]] = [list(action.choose)]
    scripted = len(action.choose)
    tried = 0
    while stack:
        answers = stack.pop()
        tried += 1
        if tried > LINES:
            raise LimitExceededError(f"{action.verb} = … asks decisions with more than {LINES} lines of play",
                                     hint="give choose = [...] to answer them")
        g = Game(state, answers, check, scripted, explore=True, logged=logged)
        try:
            if tried > 1:  # a replay: the states it shares with the run it forks from share their answers
                with replaying():
                    perform(g, action, known)
            else:
                perform(g, action, known)
        except IllegalActionError as error:
            stack.extend(reversed(g.branches))
            yield g, error.message
            continue
        except IllegalAnswerError as error:
            yield g, error.message
            continue
        stack.extend(reversed(g.branches))
        if g.used < scripted:
            yield g, (f"{scripted} answer{'s are' if scripted != 1 else ' is'} given, but only {g.used} "
                      f"decision{'s are' if g.used != 1 else ' is'} asked")
            continue
        yield g, None

def why_not(state: GameState, action: Action) -> str | None:
    """Why the rules forbid ``action`` now — the executor's reason, as ``rejected = "…"`` reads
    it, with its citation where the engine gives one — or ``None`` if it may be taken (for at
    least one answer to each decision it leaves open)."""
    first = None
    for _g, why in _lines(state, action):
        if why is None:
            return None
        first = first or why
    return first or "it cannot be taken"

def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` may be taken now (:func:`why_not` gives no reason)."""
    return why_not(state, action) is None

def apply(state: GameState, action: Action, check: Check = None) -> GameState:
    """The position after a fully specified ``action`` (every decision answered by ``choose``);
    refused with :class:`IllegalActionError`, or :class:`IllegalAnswerError` if a decision is
    left open. The old position is unchanged: undo is keeping it."""
    g = Game(state, list(action.choose), check, len(action.choose), explore=False)
    try:
        perform(g, action)
    except Unanswered as need:
        shown = ", ".join(need.decision.describe(o) for o in need.decision.options)
        raise IllegalAnswerError(f"{action.verb} leaves a decision open: {need.decision.prompt}",
                                 hint=f"add its answer to choose: one of {shown}") from None
    if g.used < len(action.choose):
        raise IllegalAnswerError(f"{action.verb}: {len(action.choose)} answer{'s are' if len(action.choose) != 1 else ' is'} given, "
                                 f"{g.used} asked",
                                 hint="remove the extra answers")
    return g.state

def legal_actions(state: "Position", player: str | None = None, *, check: Check = None) -> Iterator[Action]:
    """Every action ``player`` (default: the player with priority) may take now, each fully
    specified (``choose`` answers every decision it asks): the :func:`candidates` the executors
    accept. For another player, his actions once the players before him pass (``by``).
    A :class:`Waiting` position has none: while a decision waits, its answers are the only moves.
    ``check(before, after)`` sees every transition tried (the invariants, in tests)."""
    if isinstance(state, Waiting):
        return
    for action, _after in _successors(state, player, check):
        yield action

def _successors(state: GameState, player: str | None = None, check: Check = None) -> Iterator[tuple[Action, GameState]]:
    """Each legal action with the position it leads to: the position its accepted try produced
    (what :func:`apply` would compute again), so :func:`perft` does not take it twice."""
    with held(state):
        for cand in candidates(state, player):
            for g, why in _lines(state, cand, check, known=True):
                if why is None:
                    yield (replace(cand, choose=tuple(g.answers[:g.used])) if g.used else cand), g.state

# =============================================================================================
# Positions that wait for a decision
# =============================================================================================

@frozen
class Question:
    """A decision that waits (CR 216: the rules ask a player to choose while an action or a
    resolution is under way): who decides, what kind (``may``, ``order``, ``replacement``,
    ``target``, ``choose``, ``swap``, …), the prompt, and the legal answers as values."""

    player: str
    kind: DecisionKind
    prompt: str
    answers: tuple[Any, ...]

    def describe(self, value: Any) -> str:
        """An answer as a judge reads it: ``true``, ``hero``, ``[a, b]``."""
        return Decision(self.player, self.kind, self.prompt, self.answers).describe(value)

    def toml(self, value: Any) -> str:
        """An answer as ``choose = [...]`` holds it: ``true``, ``"hero"``, ``["a", "b"]``."""
        return _toml_value(_plain(value))


@frozen
class Waiting:
    """A position waiting for a decision: the position ``before`` an action, and the ``action``
    with the answers given so far (its ``choose``). The rest is derived by replaying the action
    from ``before`` (states are values, so a replay is exact): the ``question`` it asks next, the
    position ``now`` as it is asked, and the ``log`` so far. Equal when ``before`` and ``action`` are."""

    before: GameState
    action: Action
    question: Question = field(eq=False)
    now: GameState = field(eq=False, repr=False)
    log: tuple[Event, ...] = field(eq=False, repr=False, default=())


#: What a caller holds: a position where someone has priority (or the game is over), or one waiting for an answer.
Position = Union[GameState, Waiting]


def take_logged(state: GameState, action: Action, check: Check = None,
                given: str = ANSWER_GIVEN) -> tuple[Position, tuple[Event, ...]]:
    """:func:`take`, with the log of what happened (from ``state``, the whole action so far); its
    answers are cited as ``given`` (a program's or a player's, unless a scenario's)."""
    g = Game(state, list(action.choose), check, len(action.choose), explore=False, given=given)
    try:
        perform(g, action)
    except Unanswered as need:
        asked, now, log = need.decision, g.state, tuple(g.log)
    else:
        if g.used < len(action.choose):
            raise IllegalAnswerError(f"{action.verb}: {len(action.choose)} answer{'s are' if len(action.choose) != 1 else ' is'} given, "
                                 f"{g.used} asked",
                                     hint="remove the extra answers")
        return g.state, tuple(g.log)
    # The answers that leave the action legal on at least one line of play (tried as why_not tries).
    answers, first = [], None
    for option in asked.options:
        why = why_not(state, replace(action, choose=action.choose + (option,)))
        if why is None:
            answers.append(option)
        first = first or why
    if not answers:
        raise IllegalActionError(first or f"no answer to \"{asked.prompt}\" leaves {action.verb} legal")
    question = Question(asked.player, asked.kind, asked.prompt, tuple(answers))
    return Waiting(state, action, question, now, log), log


def take(state: GameState, action: Action, check: Check = None) -> Position:
    """The position after ``action``: a :class:`GameState` when ``choose`` answers every
    decision it asks, else a :class:`Waiting` position with the first open decision as its
    :func:`pending` question. Refused with :class:`IllegalActionError` (the rule's reason) when no
    line of play leaves it legal; ``state`` is unchanged."""
    return take_logged(state, action, check)[0]


def pending(position: Position) -> Question | None:
    """The decision a position waits for (who decides, the prompt, the legal answers), or ``None``."""
    return position.question if isinstance(position, Waiting) else None


def _chosen(position: Position, value: Any) -> tuple[Any, str | None]:
    """The legal answer ``value`` names, or the reason it is refused."""
    if not isinstance(position, Waiting):
        return _NO, "no decision waits in this position"
    q = position.question
    chosen = _match(value, q.answers)
    if chosen is not _NO:
        return chosen, None
    shown = ", ".join(q.describe(a) for a in q.answers)
    return _NO, f"{q.describe(value)} is not a legal answer to: {q.prompt} (answers: {shown})"


def why_not_answer(position: Position, value: Any) -> str | None:
    """Why ``value`` does not answer the decision ``position`` waits for, or ``None``."""
    return _chosen(position, value)[1]


def answer(position: Position, value: Any, check: Check = None) -> Position:
    """The position after answering the decision ``position`` waits for with ``value`` (one of
    ``pending(position).answers``, or a scenario's spelling of it: ``"thor"``, ``["a", "b"]``):
    a :class:`GameState`, or a :class:`Waiting` position if the action asks again. A wrong
    answer is refused with :class:`IllegalAnswerError`, saying which answers are legal."""
    chosen, why = _chosen(position, value)
    if why is not None:
        raise IllegalAnswerError(why, hint="answer one of pending(position).answers")
    assert isinstance(position, Waiting)
    return take(position.before, replace(position.action, choose=position.action.choose + (chosen,)), check)


def moves_from(position: "Position") -> Iterator[tuple[Any, "Position"]]:
    """Each move from ``position`` with the position after it, as :func:`perft` counts them:
    from a :class:`GameState`, each legal action with every decision it asks answered (one per
    line of play, :func:`legal_actions`); from a :class:`Waiting` one, each legal answer to the
    decision that waits (:func:`answer`: the position after it may wait again)."""
    if isinstance(position, Waiting):
        for value in position.question.answers:
            yield value, answer(position, value)
    else:
        yield from _successors(position)


#: At most this many moves are kept, with the positions they reach, from the positions :func:`perft`
#: has expanded, for an equal position met again at a later depth; past it a position met again is
#: expanded again: the same counts, in more time, in bounded memory (issue 26: depth 7 reached 710 MB).
PERFT_MEMO = 20_000


@frozen
class PerftProgress:
    """Where a :func:`perft` count is, as it goes (its ``progress`` is told after each position it
    expands): the depth being counted (1 to ``of``), how many of the positions one move less deep
    have been expanded (``expanded`` of ``level``), the sequences and distinct positions of
    ``depth`` moves found from those so far, the counts of each depth already complete (``done``:
    (sequences, positions) for depth 1, 2, …), and the moves kept for equal positions met again
    (``kept``, at most :data:`PERFT_MEMO`). Interrupted, these are the counts so far."""

    depth: int
    of: int
    expanded: int
    level: int
    sequences: int
    positions: int
    done: tuple[tuple[int, int], ...] = ()
    kept: int = 0


def perft(position: "Position", depth: int,
          progress: Callable[[PerftProgress], None] | None = None) -> tuple[int, int]:
    """Counted to ``depth`` moves (python-chess's ``perft``): the distinct move sequences, and the
    distinct positions they reach. A move is a legal action with the answers to every decision
    it asks (python-chess counts a promotion's choice of piece as a distinct move: ``e7e8q`` and
    ``e7e8n`` are two), or, from a :class:`Waiting` position, one answer to the decision that
    waits (:func:`moves_from`). A position with no move ends its sequences early (they are not
    counted). Equal positions met by different sequences, at one depth or at several, are
    expanded once (a transposition table that lives for the call, of at most :data:`PERFT_MEMO`
    moves: past it an equal position met at a later depth is expanded again); two states are equal
    when they differ only in orders nothing depends on (:mod:`.equivalence`: the same position, as
    outcomes are merged), two waiting positions when their position before the action and
    answers so far are. Memory follows the distinct positions of two depths, plus the table.
    ``progress`` is told where the count is after each position expanded (:class:`PerftProgress`).
    While it counts, Python's cycle collector runs less often (:func:`~.collecting.seldom_collected`)."""
    with seldom_collected():
        sequences, positions, _rows = _perft(position, depth, progress, False)
    return sequences, positions


def perft_split(position: "Position", depth: int, progress: Callable[[PerftProgress], None] | None = None
                ) -> tuple[int, int, list[tuple[Any, int, int]]]:
    """:func:`perft` and :func:`divide` in one count: the sequences and positions, and each first
    move with the sequences and positions below it (none at depth 0). Each position reached keeps,
    beside how many sequences reach it, how many of them start with each first move, so the
    positions are expanded once, as :func:`perft` expands them (the rows' sequences add up to the
    sequences; a position reached from two first moves is in both rows and once in the total)."""
    with seldom_collected():
        return _perft(position, depth, progress, True)


def _perft(position: "Position", depth: int, progress: Callable[[PerftProgress], None] | None,
           split: bool) -> tuple[int, int, list[tuple[Any, int, int]]]:
    """:func:`perft`, and with ``split`` the count of each first move (:func:`perft_split`): each
    position then keeps, beside its number of sequences, a :class:`~collections.Counter` of them by
    the index of their first move."""
    forget()
    # each position reached at a depth, with how many sequences reach it: counted up in place, so that
    # a position met again costs one look-up of its key (a second, to store a new pair, compares the
    # two equal states again, field by field)
    level: dict[PositionKey | Waiting, list[Any]] = {_key(position): [position, 1]}
    by_first: dict[PositionKey | Waiting, Counter[int]] = {}  # split: each position's sequences by first move
    expanded: dict[PositionKey | Waiting, list[tuple[PositionKey | Waiting, Position]]] = {}
    kept = 0
    done: list[tuple[int, int]] = []
    first: list[Any] = []  # split: the first moves, in order
    for d in range(1, depth + 1):
        last = d == depth  # the moves from the last level are never asked for again
        after: dict[PositionKey | Waiting, list[Any]] = {}
        after_by_first: dict[PositionKey | Waiting, Counter[int]] = {}
        sequences = 0
        for i, (key, (s, paths)) in enumerate(level.items(), 1):
            found = expanded.get(key)
            if found is None:
                pairs = list(moves_from(s))
                if split and d == 1:
                    first = [move for move, _t in pairs]
                found = [(_key(t), t) for _move, t in pairs]
                if not last and kept + len(found) <= PERFT_MEMO:
                    expanded[key] = found
                    kept += len(found)
            for j, (k, t) in enumerate(found):
                # the last depth's positions are only told apart (by their keys), never expanded: the
                # start position stands in for each, so that a key other than the state keeps no state
                after.setdefault(k, [position if last else t, 0])[1] += paths
                if split:  # never changed in place: a counter may be shared by several positions
                    mine = Counter({j: 1}) if d == 1 else by_first[key]
                    theirs = after_by_first.get(k)
                    after_by_first[k] = mine if theirs is None else theirs + mine
            sequences += paths * len(found)
            if progress is not None:
                progress(PerftProgress(d, depth, i, len(level), sequences, len(after), tuple(done), kept))
        # A level that is the one before it (the same positions, reached as many ways — by each first
        # move too, when split: nothing left but passes that change nothing, or no move at all) is every
        # level after it too, so a depth of 10**20 ends here instead of counting the same level forever.
        fixed = after.keys() == level.keys() and all(after[k][1] == level[k][1] for k in after) and \
            (not split or after_by_first == by_first)
        level, by_first = after, after_by_first
        done.append((sequences, len(level)))
        if fixed:
            break
    rows: list[tuple[Any, int, int]] = []
    if split and depth >= 1:
        below, reached = Counter[int](), Counter[int]()
        for counts in by_first.values():
            below.update(counts)
            reached.update(counts.keys())
        rows = [(move, below[j], reached[j]) for j, move in enumerate(first)]
    return sum(paths for _s, paths in level.values()), len(level), rows


def _key(position: "Position") -> PositionKey | Waiting:
    """What a position is told apart by: a state up to orders nothing depends on
    (:func:`~vsoracle.engine.equivalence.position_key`); a waiting one by its own equality."""
    return position_key(position) if isinstance(position, GameState) else position


def divide(position: "Position", depth: int) -> list[tuple[Any, int, int]]:
    """:func:`perft` split by first move: each move (an action, or an answer if ``position``
    waits) with the sequences and positions below it (depth ``depth - 1`` after it), counted
    once (:func:`perft_split`); none at depth 0."""
    return perft_split(position, depth)[2]


# =============================================================================================
# Candidates
# =============================================================================================

def _view(state: GameState, player: str | None) -> tuple[GameState, str] | None:
    """The position in which ``player`` acts (the players before him having passed)."""
    pid = player or state.priority
    if pid is None or state.over or pid not in state.player_ids:
        return None
    if pid == state.priority:
        return state, pid
    g = Game(state, (), None, 0, explore=True)
    try:
        _act.pass_until(g, pid)
    except IllegalActionError:
        return None
    return g.state, pid


def _slots(s: GameState, pid: str) -> list[tuple[Row, int]]:
    """The places worth naming for a character of ``pid``: each row, the columns next to those in
    use and the first beyond."""
    cols = [c.col for c in s.characters(pid) if c.col is not None]
    last = max(cols, default=0) + 1
    return [(row, col) for row in ROWS for col in range(1, last + 1)]


def _target_values(s: GameState, effect: n.Effect | None) -> list[tuple[Any, ...]]:
    """Every combination of values for an effect's targets, by kind: players, effects on the
    chain (named by their source), objects."""
    if effect is None:
        return [()]
    return [tuple(c) for c in itertools.product(*(_values(s, node) for node in targets_of(effect)))]


def _values(s: GameState, node: n.Filter) -> list[Any]:
    """The values one target may take: one of its pool, or for "two target characters" / "up
    to two target characters" each set of that many (in pool order)."""
    return _sets(_pool(s, node), target_range(node))


def _sets(pool: Sequence[Any], span: tuple[int, int] | None) -> list[Any]:
    """Each value of ``pool`` (``span`` ``None``), or each set of so many of them (in pool order)."""
    if span is None:
        return list(pool)
    return [c for k in range(span[0], min(span[1], len(pool)) + 1) for c in itertools.combinations(pool, k)]


def _legal_targets(g: Game, effect: n.Effect | None,
                   links: dict[int | None, ChainLink]) -> Iterator[tuple[tuple[Any, ...], int | None]]:
    """Each combination of :func:`_target_values`, in order, with each key of ``links`` (an X,
    or ``None``) for whose provisional link every target passes the executor's own check
    (:func:`.actions.target_refusal`, each target on its own as it is announced): the others are
    refused before anything else depends on them, so they are not worth trying. A value no link
    accepts is in no combination yielded, so the combinations are made of the values some link
    accepts (their order is kept)."""
    nodes_ = targets_of(effect) if effect is not None else ()
    if not nodes_:
        for key in links:
            yield (), key
        return
    if len(nodes_) == 1 and len(links) == 1 and target_range(nodes_[0]) is None:  # the most asked: one value, one link
        node = nodes_[0]
        for key, link in links.items():
            for v in _act.target_allowed(g, node, _kind_pool(g.state, node), link):
                yield (v,), key
        return
    spans = [target_range(node) for node in nodes_]
    legal: dict[tuple[int | None, int], set[Any]] = {}
    kept: list[list[Any]] = []
    for i, node in enumerate(nodes_):
        pool = _kind_pool(g.state, node)
        some: set[Any] = set()
        for key, link in links.items():
            # several values: each a legal target on its own
            ok = legal[key, i] = set(_act.target_allowed(g, node, pool, link) if spans[i] is None
                                     else legal_among(g, one_target(node), pool, link))
            some |= ok
        kept.append([v for v in pool if v in some])
    for combo in itertools.product(*(_sets(kept[i], span) for i, span in enumerate(spans))):
        for key in links:
            if all((v in legal[key, i]) if spans[i] is None else all(x in legal[key, i] for x in v)
                   for i, v in enumerate(combo)):
                yield combo, key


def _kind_pool(s: GameState, node: n.Filter) -> Sequence[Any]:
    """The values of a target's kind, an object target's of its filter's kind only (the first
    thing :meth:`.query.Query.matches` asks; the rest is the executor's check)."""
    return query(s).kind_ids(node.kind) if kind_of(node) == "object" else _pool(s, node)


def _pool(s: GameState, node: n.Filter) -> list[Any]:
    """The values of a target's kind: players, effects on the chain (named by their source), objects."""
    kind = kind_of(node)
    if kind == "player":
        return list(s.player_ids)
    if kind == "effect":
        return sorted({lk.source for lk in s.chain if lk.source is not None})
    return sorted(s.objects)


@lru_cache(maxsize=4096)
def _printed_activated(card: Card) -> list[tuple[int | str, Any, Any]]:
    """A card's printed payment powers as :meth:`.query.Query.numbered_powers` numbers them (all
    an object out of play has), once per card; the list is only read."""
    return [(i + 1, node, ln) for i, (node, ln) in enumerate(numbered_printed(card)) if isinstance(node, n.Activated)]


def _exhausts_itself_first(node: n.Activated) -> bool:
    """Is the power's first cost its card exhausting itself ("Activate >>> …", "Exhaust ~ >>> …")?
    The executor refuses it for a card that is not ready before anything changes (CR 501:
    :class:`~.events.exhaust.ExhaustRule` pays it, after the checks that change nothing)."""
    first = node.costs[0] if node.costs else None
    return type(first) is n.Exhaust and isinstance(first.object, n.Self)


@per_node
def _pays_x(costs: tuple[n.Effect, ...]) -> bool:
    """Does a cost of a power pay X (the player chooses how much)? Once per power (its costs are
    one tuple of its parsed text)."""
    return any(isinstance(getattr(c, "amount", None), n.X) for c in costs)


#: Where a card to recruit is, as ``recruit``'s ``from`` names it.
_SOURCES: dict[Zone, _act.RecruitSource] = {RESOURCE_ROW: "resources", KO_PILE: "ko_pile"}


def _made(kind: type[Action], *fields: Any) -> Action:
    """The action of ``kind`` with ``fields`` (its first fields, in order; the rest their defaults):
    the same few actions are candidates in position after position, and an attrs value takes
    thousands of instructions to build. Actions are immutable values of strings, numbers and tuples
    of them, so one made before with equal fields is the same action; kept by kind and fields, at
    most :data:`_MADE_KEPT` of them (then all are dropped)."""
    key = (kind, fields)
    made = _MADE.get(key)
    if made is None:
        if len(_MADE) >= _MADE_KEPT:
            _MADE.clear()
        made = _MADE[key] = cast(Any, kind)(*fields)
    return made


#: The candidate actions made lately, by kind and fields (:func:`_made`).
_MADE: dict[tuple[type[Action], tuple[Any, ...]], Action] = forgettable({})  # (emptied with the kept queries)
_MADE_KEPT = 4096


def candidates(state: GameState, player: str | None = None) -> Iterator[Action]:
    """Every action worth trying for ``player``, broadly: some are refused by the executor.
    Filters here are only checks each executor makes itself, on the same position, before it
    changes anything: the step and phase, a plot twist's place and threshold, an empty chain for
    an attack, each target on its own (:func:`.actions.target_refusal` against the same
    provisional link), a power's first cost of exhausting its card, a power-up's names,
    :func:`.actions.attack_problem`, a flipped resource being face down."""
    view = _view(state, player)
    if view is None:
        return
    s, pid = view
    q = query(s)
    g = Game(s, (), None, 0, explore=True)  # where the executors' first checks are asked
    me = s.player(pid)
    table = s.objects.copy()  # looked up at dict speed (a FrozenMap's look-up is a Python call)
    chars = sorted(s.characters(pid), key=lambda c: (c.area or "", c.row != "front", c.col or 0, c.id))
    points = range(0, me.resource_points + 1)
    if s.phase == "build" and s.step == "recruit" and s.active == pid:
        ko = [oid for oid in me.ko_pile if q.may_recruit_from(s.obj(oid), pid)]  # A-RECRUIT-FROM
        for oid in me.hand + me.resources + tuple(ko):
            o = table[oid]
            source = _SOURCES.get(o.zone, "hand")
            if o.card.type is EQUIPMENT:
                for c in chars:
                    yield Recruit(pid, oid, source, equip=c.id)  # (seldom: made as it is)
            elif o.card.type is CHARACTER:
                for row, col in _slots(s, pid):
                    yield _made(Recruit, pid, oid, source, row, col)
    for oid in me.hand + me.resources:
        o = table[oid]
        if o.card.type is PLOT_TWIST and (o.zone is HAND or not o.face_up) \
                and len(me.resources) >= q.threshold(o, pid):  # the executor's checks of place and threshold
            effect = _act.plot_twist_effect(o)
            xs = points if effect is not None and _act._mentions_x(effect) else [None]
            for targets, x in _legal_targets(g, effect, {x: _act.play_link(pid, o, x) for x in xs}):
                yield _made(Play, pid, oid, targets, (), x)  # (player, card, targets, costs, x)
    for _oid, o in sorted(table.items()):  # (ids are unique: no two objects are compared)
        if (o.controller if o.zone is IN_PLAY else o.owner) != pid:
            continue
        if o.zone is not IN_PLAY:  # its printed powers only (it gains none out of play)
            found: list[tuple[int | str, Any, Any]] = _printed_activated(o.card)
            if not found:
                continue
        else:
            found = [(i + 1, node, ln) for i, (node, ln) in enumerate(q.numbered_powers(o))
                     if isinstance(node, n.Activated)]
            found += [(word, None, None) for word in sorted(q.keywords(o) & KEYWORD_POWERS.keys())]
        for number, node, line in found:
            pays = range(0, max(me.resource_points, me.endurance) + 1) if node is not None and _pays_x(node.costs) \
                else [None]
            if node is None:
                for pay in pays:
                    yield _made(Use, pid, o.id, number, (), (), pay)  # (player, card, power, targets, costs, pay)
                continue
            if (o.exhausted or o.stunned) and _exhausts_itself_first(node):  # the executor's check of its first cost
                continue
            link = _act.power_link(pid, o, node, line)
            for targets, _ in _legal_targets(g, node.effect, {None: link}):
                for pay in pays:
                    yield _made(Use, pid, o.id, number, targets, (), pay)  # (player, card, power, targets, costs, pay)
    for c in chars:
        for h in me.hand:
            if table[h].card.name.casefold() == c.card.name.casefold():  # the executor's check of names
                yield _made(PowerUp, pid, c.id, h)
    if s.phase == "combat" and s.step == "attack" and s.active == pid and s.attack is None and not s.chain:
        attacked = [c.id for other in s.opponents(pid) for c in s.characters(other)] + list(s.opponents(pid))
        for size in range(1, len(chars) + 1):
            for team in itertools.combinations([c.id for c in chars], size):
                for t in attacked:
                    if _act.attack_problem(g, pid, list(team), t) is None:  # the executor's first check
                        yield _made(Attack, pid, team, t)
    if s.attack is not None:
        for d in s.attack.defenders:
            for c in chars:
                yield _made(Reinforce, pid, d, c.id)
    for r in me.resources:
        if not table[r].face_up:  # the executor's first check: only a face-down resource is flipped
            yield _made(Flip, pid, r)
    if s.step == "formation" and s.active == pid:
        for c in chars:
            for row, col in _slots(s, pid):
                if (row, col) != (c.row, c.col):
                    yield _made(Move, pid, c.id, row, col)
        for e in sorted(s.in_play(pid), key=lambda o: o.id):
            if e.equipped_to:
                for c in chars:
                    yield _made(Transfer, pid, e.id, c.id)
    if s.step == "resource" and s.active == pid:
        for h in me.hand:
            yield _made(PlaceResource, pid, h)
    yield _made(Pass, pid)


# =============================================================================================
# Writing a step
# =============================================================================================

def _toml_value(value: Any) -> str:
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    return json.dumps(str(value), ensure_ascii=False)


def step_toml(table: dict[str, Any]) -> str:
    """A step table as the ``[[step]]`` TOML a scenario file holds."""
    lines = ["[[step]]"] + [f"{key} = {_toml_value(value)}" for key, value in table.items()]
    return "\n".join(lines)
