"""A position as JSON and back: the whole state, read back equal (``==``), as python-chess's FEN.

A FEN holds everything a chess position needs to go on (the pieces, whose move, castling, en
passant, the clocks); a vsoracle position needs more — the chain, the attack, the modifiers and
replacements effects created, the delayed and pending triggers, what the turn remembers — and
the document holds all of it: every field of :class:`~.state.GameState` and of each value in it,
card-text nodes included, so that ``position_from_json(position_to_json(p)) == p`` for every
position the engine can reach. A position that waits for a decision (:class:`~.moves.Waiting`) is
the engine's own record of it: the position before the action and the action with the answers
given so far; the question, the position as it is asked and the log are derived again by taking
the action (states are values, so this is exact) — the document's ``question`` is there to be
read, not read back.

The encoding (docs/api.md, docs/json/position.schema.json): JSON scalars as themselves, a tuple
as a list, and a tagged object for everything else — ``{"$value": "Player", …fields}`` for the
engine's values and cards, ``{"$node": "Stun", …}`` for card-text nodes, ``{"$action": "recruit",
…}`` for actions, ``{"$enum": "Zone", "value": "hand"}``, ``{"$class": "Stun"}`` (the kind of a
remembered event), ``{"$map": {…}}`` or ``{"$map": [[key, value], …]}`` for a frozen mapping,
``{"$set": […]}``, ``{"$open": true}`` for an answer left open. Fields equal to their default are
left out. Only the classes named here are read back: a document cannot name any other class.
"""

from __future__ import annotations

import enum
import functools
import json
from typing import Any, Callable

import attrs

from ..cards.model import Card, CardType
from ..errors import IllegalActionError, IllegalAnswerError, PositionError
from ..text import nodes as n
from ..text.ast import Node
from . import state as _state
from .fmap import FrozenMap
from .game import OPEN, Answer
from .moves import KINDS, Position, Waiting, take
from .rulechanges import date_problem

__all__ = ["FORMAT", "VERSION", "position_to_json", "position_from_json", "encode", "decode", "dumps", "loads"]

#: The document's ``format`` and ``version``: a reader refuses another.
FORMAT = "vsoracle-position"
VERSION = 1

_VALUES: tuple[type, ...] = (
    _state.GameState, _state.Player, _state.GameObject, _state.Context, _state.ChainLink, _state.Attack,
    _state.Modifier, _state.Replacement, _state.Delayed, _state.Happening, _state.PendingTrigger, Card, Answer,
)
_ENUMS: tuple[type[enum.Enum], ...] = (_state.Zone, CardType)


@functools.lru_cache(maxsize=1)
def _registry() -> tuple[dict[str, type], dict[str, type], dict[str, type], dict[str, type[enum.Enum]]]:
    """The classes a document may name: values, nodes, actions (by verb), enums."""
    values = {cls.__name__: cls for cls in _VALUES}
    nodes: dict[str, type] = dict(n.node_classes())
    actions: dict[str, type] = dict(KINDS)
    enums = {cls.__name__: cls for cls in _ENUMS}
    return values, nodes, actions, enums


@functools.lru_cache(maxsize=None)
def _fields(cls: type) -> tuple[tuple[str, str, Any], ...]:
    """Each field a document holds: its name, its ``__init__`` keyword, its default (or NOTHING)."""
    out = []
    for a in attrs.fields(cls):
        if not a.init:
            continue
        default = a.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory() if not default.takes_self else attrs.NOTHING
        out.append((a.name, a.alias or a.name, default))
    return tuple(out)


def _same(value: Any, default: Any) -> bool:
    return default is not attrs.NOTHING and type(value) is type(default) and bool(value == default)


# ----------------------------------------------------------------------------- out
def encode(value: Any) -> Any:
    """``value`` as JSON values (see the module's docstring); a value of no known kind is refused."""
    if value is None or isinstance(value, (bool, int, float)) and not isinstance(value, enum.Enum):
        return value
    if isinstance(value, enum.Enum):
        return {"$enum": type(value).__name__, "value": value.value}
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        items = [encode(v) for v in value]
        return {"$set": sorted(items, key=lambda x: json.dumps(x, sort_keys=True))}
    if isinstance(value, FrozenMap):
        if all(isinstance(k, str) for k in value):
            return {"$map": {k: encode(v) for k, v in value.items()}}
        return {"$map": [[encode(k), encode(v)] for k, v in value.items()]}
    if value is OPEN:
        return {"$open": True}
    if isinstance(value, type):
        if issubclass(value, Node) and value.__name__ in _registry()[1]:
            return {"$class": value.__name__}
        raise PositionError(f"a position holds the class {value.__name__}, which a document cannot name")
    cls: type = type(value)
    values, nodes, actions, _enums = _registry()
    if isinstance(value, Node) and nodes.get(cls.__name__) is cls:
        tag: dict[str, Any] = {"$node": cls.__name__}
    elif values.get(cls.__name__) is cls:
        tag = {"$value": cls.__name__}
    elif actions.get(getattr(cls, "verb", "")) is cls:
        tag = {"$action": getattr(cls, "verb")}
    else:
        raise PositionError(f"a position holds a {cls.__name__}, which a document cannot hold")
    for name, _key, default in _fields(cls):
        field_value = getattr(value, name)
        if not _same(field_value, default):
            tag[name] = encode(field_value)
    return tag


def position_to_json(position: Position) -> dict[str, Any]:
    """The document of ``position`` (a state, or one waiting for a decision): ``format``,
    ``version``, ``position`` (the state; for a waiting one, the state before the action),
    ``waiting`` (``null``, or the action so far and, to be read, its question)."""
    if isinstance(position, Waiting):
        q = position.question
        waiting: dict[str, Any] | None = {
            "action": encode(position.action),
            "step": _plain_step(position.action.to_step()),
            "question": {"player": q.player, "kind": q.kind, "prompt": q.prompt,
                         "answers": [encode(a) for a in q.answers]},
        }
        state = position.before
    else:
        waiting, state = None, position
    return {"format": FORMAT, "version": VERSION, "position": encode(state), "waiting": waiting}


def _plain_step(table: dict[str, Any]) -> dict[str, Any]:
    """A step table as plain JSON (its answers' tuples as lists; nothing tagged): to be read."""
    def plain(v: Any) -> Any:
        if isinstance(v, (tuple, list, frozenset)):
            return [plain(x) for x in v]
        if isinstance(v, FrozenMap) or isinstance(v, dict):
            return {str(k): plain(x) for k, x in v.items()}
        if isinstance(v, (str, int, float, bool)) or v is None:
            return v
        return str(v)
    return {k: plain(v) for k, v in table.items()}


def dumps(position: Position) -> str:
    """The document as one line of JSON text."""
    return json.dumps(position_to_json(position), ensure_ascii=False, separators=(",", ":"))


# ----------------------------------------------------------------------------- in
def _bad(what: str, hint: str | None = None) -> PositionError:
    return PositionError(f"position: {what}", hint=hint or "write it as vsoracle writes positions (docs/api.md)")


def decode(data: Any) -> Any:
    """The value a JSON value of :func:`encode` holds; a malformed one is refused (:class:`PositionError`)."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    if not isinstance(data, dict):
        raise _bad(f"{type(data).__name__} is not a JSON value")
    values, nodes, actions, enums = _registry()
    if "$enum" in data:
        cls_e = enums.get(data["$enum"])
        if cls_e is None:
            raise _bad(f"unknown enum {data['$enum']!r}", f"one of {', '.join(enums)}")
        try:
            return cls_e(data.get("value"))
        except ValueError:
            raise _bad(f"{data.get('value')!r} is not a {data['$enum']}") from None
    if "$set" in data:
        return frozenset(decode(v) for v in _list(data["$set"], "$set"))
    if "$map" in data:
        m = data["$map"]
        if isinstance(m, dict):
            return FrozenMap({k: decode(v) for k, v in m.items()})
        pairs = [_list(p, "a $map pair") for p in _list(m, "$map")]
        if any(len(p) != 2 for p in pairs):
            raise _bad("each pair of a $map list is [key, value]")
        return FrozenMap({decode(k): decode(v) for k, v in pairs})
    if "$open" in data:
        return OPEN
    if "$class" in data:
        found = nodes.get(data["$class"])
        if found is None:
            raise _bad(f"unknown node class {data['$class']!r}")
        return found
    for tag, table in (("$value", values), ("$node", nodes), ("$action", actions)):
        if tag in data:
            cls = table.get(data[tag])
            if cls is None:
                raise _bad(f"unknown {tag[1:]} {data[tag]!r}")
            return _build(cls, data, tag)
    raise _bad("an object without a tag ($value, $node, $action, $enum, $map, $set, $class, $open)")


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise _bad(f"{what} must be a list")
    return value


def _build(cls: type, data: dict[str, Any], tag: str) -> Any:
    known = {name: key for name, key, _default in _fields(cls)}
    extra = sorted(set(data) - set(known) - {tag})
    if extra:
        raise _bad(f"{data[tag]} has no field {', '.join(map(repr, extra))}", f"its fields: {', '.join(known)}")
    kwargs = {known[name]: decode(value) for name, value in data.items() if name != tag}
    try:
        made: Any = cls(**kwargs)
    except (TypeError, ValueError) as error:
        raise _bad(f"{data[tag]}: {error}") from None
    return made



def position_from_json(doc: Any) -> Position:
    """The position a document of :func:`position_to_json` holds (a dict, or its JSON text), equal
    to the one written; the state is checked as the engine checks every state (its invariants),
    and a waiting one's action taken again. Refused with :class:`PositionError` saying what is wrong."""
    from .invariants import InvariantError, check_invariants

    if isinstance(doc, (str, bytes)):
        try:
            doc = json.loads(doc)
        except json.JSONDecodeError as error:
            raise _bad(f"not JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
    if not isinstance(doc, dict):
        raise _bad("a position document is a JSON object")
    if doc.get("format") != FORMAT or doc.get("version") != VERSION:
        raise _bad(f"format {doc.get('format')!r} version {doc.get('version')!r} is not {FORMAT!r} version {VERSION}",
                   'a document starts {"format": "vsoracle-position", "version": 1, …}')
    extra = sorted(set(doc) - {"format", "version", "position", "waiting"})
    if extra:
        raise _bad(f"unknown key {', '.join(map(repr, extra))}", "its keys: format, version, position, waiting")
    state = decode(doc.get("position"))
    if not isinstance(state, _state.GameState):
        raise _bad("'position' must be a GameState ({\"$value\": \"GameState\", …})")
    if state.rules is not None and (problem := date_problem(state.rules)) is not None:
        raise _bad(f"its 'rules': {problem}", "'rules' is the day whose rules the game is played by, \"YYYY-MM-DD\", "
                   "or left out for the Avengers FAQ's rules")
    try:
        check_invariants(state)
    except InvariantError as error:
        raise _bad(f"the state breaks an invariant: {error}") from None
    waiting = doc.get("waiting")
    if waiting is None:
        return state
    if not isinstance(waiting, dict) or "action" not in waiting:
        raise _bad("'waiting' is null or an object with the 'action' taken so far")
    action = decode(waiting["action"])
    if type(action) not in KINDS.values():
        raise _bad("'waiting.action' must be an action ({\"$action\": \"play\", …})")
    try:
        position = take(state, action)
    except (IllegalActionError, IllegalAnswerError) as error:
        raise _bad(f"its action cannot be taken: {error.message}") from None
    if not isinstance(position, Waiting):
        raise _bad("its action asks no more decision: the position does not wait",
                   "give the position after it, with waiting = null")
    return position


def loads(text: str | bytes) -> Position:
    """:func:`position_from_json` of JSON text."""
    return position_from_json(text)
