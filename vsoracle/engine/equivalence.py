"""When two positions are the same position: what outcomes are merged by.

Two lines of play can reach states that differ only in the order the turn remembers its
events or the order effects created their modifiers — two triggers resolved in either order,
each giving a character +1 DEF this turn. Nothing the rules ask of such a state depends on
that order, so a judge sees one outcome, not two:

- the turn's events (``GameState.turn_log``) are only ever counted ("if you played a plot
  twist this turn", "the first time each turn": :meth:`Query.happened`), so their order is
  not part of the position;
- modifiers apply in timestamp order (CR 512), but a sum of ATK/DEF or cost changes, a
  keyword gained or blocked, a prohibition, a permission or an affiliation given comes out
  the same in any order. Only when every modifier in force is of those kinds is their order
  (and the timestamps, ``Modifier.id``, which nothing else names) left out; a keyword lost,
  a power given or an amount that reads a stat keeps the order, and so the position;
- a chain link's number is its place in the order things were played: once the link has left
  the chain, a number a remembered event or a modifier keeps of it names nothing any more, and
  two such numbers are alike.

The merged outcome goes on from a real state (the first found), never from this key.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import Any, TypeVar

import attrs

from ..text import nodes as n
from .state import ChainLink, GameState, Happening, Modifier
from .values import replace

__all__ = ["position_key", "PositionKey", "LogKey"]

T = TypeVar("T")
#: A multiset (:func:`_bag`): its distinct items, or each item with its count.
Bag = frozenset[T] | frozenset[tuple[T, int]]


class LogKey:
    """A state's fields but its turn's events, with those as a multiset: what :func:`position_key`
    tells a state with ordered events apart by, without a copy of the state to hash. Equal when
    each field is (as :class:`GameState` compares them) and the multisets of the events as keyed
    (:func:`_keyed_log`) are. Hashed by the fields but the players (:data:`_TOLD`) and the number
    of events, the same in any order and whichever links are gone: the keyed events are made only
    for two keys whose fields are equal and whose events are not, in the same order."""

    __slots__ = ("fields", "players", "log", "_keyed", "_hash")

    def __init__(self, s: GameState) -> None:
        self.fields: tuple[Any, ...] = _TOLD(s)
        self.players = s.players
        self.log = s.turn_log
        self._keyed: Bag[Happening] | None = None
        self._hash = hash((self.fields, len(self.log)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogKey):
            return NotImplemented
        # equal fields are the same chain: the same links gone, so events in the same order key alike
        return self is other or (self._hash == other._hash and self.fields == other.fields
                                 and self.players == other.players
                                 and (self.log == other.log or self.keyed() == other.keyed()))

    def keyed(self) -> Bag[Happening]:
        """The turn's events as a multiset, keyed (:func:`_keyed_log`)."""
        if self._keyed is None:
            self._keyed = _bag(_keyed_log(self.log, _live(self.fields[_CHAIN], self.fields[_RESOLVING])))
        return self._keyed


#: The names of a state's fields a key is hashed by: all but its turn's events (a multiset, compared
#: apart) and its players. A player's piles and counters follow from the objects (each card's zone)
#: and the rest of the state nearly always, and a new player's first hash reads every field of it:
#: the players are compared, not hashed (on gm4's perft no two keys more share a hash without them).
_FIELDS = [a.name for a in attrs.fields(GameState) if a.name not in ("turn_log", "players")]
_CHAIN, _RESOLVING = _FIELDS.index("chain"), _FIELDS.index("resolving")
#: Those fields, in one tuple (read at C speed).
_TOLD = attrgetter(*_FIELDS)


#: A state; or its fields but its turn's events, with those as a multiset; or one without its turn's
#: events and order-free modifiers, with those as multisets.
PositionKey = GameState | LogKey | tuple[GameState, Bag[Happening], Bag[Modifier]]

_ORDER_FREE = (n.StatChange, n.CostChange, n.Cannot, n.Can, n.AffiliationChange, n.ShareAffiliations, n.Unique)


def position_key(s: GameState) -> PositionKey:
    """A value equal for two states exactly when they are the same position (above): the state
    itself when nothing in it is order-free and ordered, else its other fields with its turn's
    events as a multiset (:class:`LogKey`), or the state without its turn's events and order-free
    modifiers plus those as multisets."""
    log, mods = s.turn_log, s.modifiers
    free_mods = len(mods) > 1 and all(_order_free(m) for m in mods)
    if len(log) < 2 and not free_mods:
        return s
    if not free_mods:
        return LogKey(s)
    live = _live(s.chain, s.resolving)
    return (replace(s, turn_log=(), modifiers=()), _bag(_keyed_log(log, live)),
            _bag([_modifier(m, live) for m in mods]))


def _live(chain: tuple[ChainLink, ...], resolving: ChainLink | None) -> set[int]:
    """The numbers of the links on the chain, and of the one resolving."""
    live = set(map(_ID, chain))
    if resolving is not None:
        live.add(resolving.id)
    return live


def _keyed_log(log: tuple[Happening, ...], live: set[int]) -> list[Happening]:
    """The turn's events, each as its key (:func:`_happening`) when a link it names is gone."""
    keyed: list[Happening] = []
    for h in log:  # each event's roles read straight from their dict
        roles = h.roles._data
        effect, link = roles.get("effect"), roles.get("link")
        effect_gone = effect is not None and effect not in live and isinstance(effect, int)
        link_gone = link is not None and isinstance(link, ChainLink) and link.id not in live
        keyed.append(_happening(h, effect_gone, link_gone) if effect_gone or link_gone else h)
    return keyed


_ID = attrgetter("id")


def _bag(items: list[T]) -> Bag[T]:
    """A multiset of ``items``: the set of them when no two are equal (most often), else each with
    its count. The two forms are never equal to each other, as the multisets they stand for are not."""
    found = frozenset(items)
    return found if len(found) == len(items) else frozenset(Counter(items).items())


def _happening(h: Happening, effect_gone: bool, link_gone: bool) -> Happening:
    """A remembered event with the numbers of the links it names that are gone from the chain (its
    ``effect``, its ``link``) left out; an event whose links are all on the chain still is its own
    key (most often). The turn's events are shared by every state after them, so each one's key is
    made once for each way its links can be gone (the same key object, its hash worked out once)."""
    known = _KEYS.get((id(h), effect_gone, link_gone))
    if known is not None and known[0] is h:
        return known[1]
    changes: dict[str, Any] = {}
    if effect_gone:
        changes["effect"] = 0
    if link_gone:
        changes["link"] = replace(h.roles["link"], id=0)
    keyed = replace(h, roles=h.roles.update(changes))
    if len(_KEYS) >= _KEPT:
        _KEYS.clear()
    _KEYS[id(h), effect_gone, link_gone] = (h, keyed)  # (h kept alive here: its id is no other event's)
    return keyed


#: The keys of remembered events made lately, by the event's identity and which of its links are gone.
_KEYS: dict[tuple[int, bool, bool], tuple[Happening, Happening]] = {}
_KEPT = 8192


def _modifier(m: Modifier, live: set[int]) -> Modifier:
    """An order-free modifier without its timestamp and the number of a link gone from the chain."""
    link = m.context.bindings.get("link")
    if isinstance(link, int) and link not in live:
        return replace(m, id=0, context=replace(m.context, bindings=m.context.bindings.set("link", 0)))
    return replace(m, id=0)


def _order_free(m: Modifier) -> bool:
    """Whether a modifier's changes come out the same whatever its timestamp among others."""
    for change in m.changes:
        if isinstance(change, n.KeywordChange):
            if change.how not in ("gain", "block"):
                return False
        elif not isinstance(change, _ORDER_FREE) or _reads_a_stat(change):
            return False
    return True


def _reads_a_stat(node: n.Change) -> bool:
    """Whether an amount somewhere in ``node`` reads a stat (its value may depend on the others)."""
    return any(isinstance(x, n.StatOf) for x in n.descendants(node))
