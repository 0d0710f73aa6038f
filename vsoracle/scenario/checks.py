"""Reading a check's property off a state, and comparing it with what the scenario expects."""

from __future__ import annotations

from typing import Any

from ..engine.fmap import FrozenMap
from ..cards.model import CardType
from ..engine.query import Query, printed_stat, query
from ..engine.state import GameState, Zone
from .load import Check

__all__ = ["actual", "holds", "object_property", "player_property"]


def actual(state: GameState, check: Check) -> Any:
    """The value of ``check.subject.check.prop`` in ``state``."""
    if check.subject == "chain":
        return [lk.label for lk in state.chain]
    if check.subject in state.player_ids:
        return player_property(state, check.subject, check.prop)
    return object_property(state, check.subject, check.prop)


def player_property(state: GameState, player: str, prop: str) -> Any:
    """A player's property as a check reads it (docs/scenario-format.md: piles are counts; so is
    ``stunned_characters``, the stunned characters he controls)."""
    p = state.player(player)
    if prop in ("hand", "deck", "resources", "ko_pile", "removed"):
        return len(getattr(p, prop))
    if prop == "stunned_characters":
        return sum(1 for o in state.characters(player) if o.stunned)
    return getattr(p, prop)


def object_property(state: GameState, oid: str, prop: str, q: Query | None = None) -> Any:
    """An object's property as a check reads it; ``q``: the state's query, when the caller has it."""
    o = state.obj(oid)
    q = q if q is not None else query(state)
    in_play = o.zone is Zone.IN_PLAY
    if prop == "zone":
        return o.zone.value
    if prop in ("area", "row", "col"):
        return getattr(o, prop) if in_play else None
    if prop == "controller":
        return o.controller
    if prop == "owner":
        return o.owner
    if prop == "state":
        return "stunned" if o.stunned else "exhausted" if o.exhausted else "ready"
    if prop == "stunned":
        return o.stunned
    if prop == "exhausted":
        return o.exhausted
    if prop == "face":  # a stunned character is turned face down (digest §11)
        return "down" if (not o.face_up or (in_play and o.stunned)) else "up"
    if prop == "atk":
        return q.atk(o) if in_play else o.card.atk
    if prop == "def":
        return q.defense(o) if in_play else o.card.defense
    if prop == "willpower":  # a character's: 0 unless printed, 0 while stunned (GL Corps FAQ 1)
        if o.card.type is not CardType.CHARACTER:
            return None
        return q.stat(o, "willpower") if in_play else printed_stat(o, "willpower")
    if prop == "cost":
        return o.card.cost
    if prop == "affiliations":
        return sorted(q.affiliations(o))
    if prop == "has":
        return sorted(q.keywords(o))
    if prop == "counters":
        return {"atk": o.counters[0], "def": o.counters[1]}
    if prop == "equipped_to":
        return o.equipped_to or ""
    if prop == "target_of":
        return [lk.source for lk in state.chain  # "two target characters": each is a target
                if any(oid == t or (isinstance(t, tuple) and oid in t) for t in lk.targets)]
    if prop == "attacking":
        return state.attack is not None and o.id in state.attack.attackers
    if prop == "defending":
        return state.attack is not None and o.id in state.attack.defenders
    if prop == "reinforced":
        return state.attack is not None and o.id in state.attack.defenders and q.reinforced(o)
    raise KeyError(prop)


def _norm(value: Any) -> Any:
    if isinstance(value, FrozenMap):
        return {k: _norm(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_norm(v) for v in value]
    return value


def holds(state: GameState, check: Check) -> tuple[bool, Any]:
    """Whether the check holds in ``state``, and the value found there."""
    found = actual(state, check)
    expected = _norm(check.expected)
    if check.prop in ("affiliations", "has") and isinstance(expected, list):
        return sorted(x.casefold() for x in expected) == sorted(x.casefold() for x in found), found
    if check.prop == "target_of" and isinstance(expected, list):
        return sorted(expected) == sorted(found), found
    if check.prop == "equipped_to" and expected in (False, None):
        expected = ""
    if check.prop == "counters" and isinstance(expected, dict):
        expected = {"atk": expected.get("atk", 0), "def": expected.get("def", 0)}
    if check.prop in ("row", "area", "col") and expected in ("", False):
        expected = None
    return found == expected, found
