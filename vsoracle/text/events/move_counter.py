"""Moving counters (CR 215): "Move a +1 ATK / +1 DEF counter from target character to another
target character", "move all +1 ATK counters from ~ to target character you control", "move the
cosmic counter from ~ to target cosmic character"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Amount, CounterKind, Event, Quantity, Selector
from ..phrases import Children, Verb, trees
from .counter import Counter, CounterText
from .family import Conjugate, Family, family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class MoveCounter(Event):
    """"Move N counters from NP to NP": the counters are removed from the one (``object``) and
    put on the other (``to``); ``count`` ``Quantity("all")`` is "all"."""

    object: Selector | None = None
    to: Selector | None = None
    kind: CounterKind | None = None
    count: Amount | Quantity | None = None
    agent: Selector | None = None


def move_counter(self: Any, meta: Meta, children: Children) -> Verb:
    kind, source, to = trees(children)
    return Verb(MoveCounter, {"object": source, "to": to, "kind": kind[0], "count": kind[1]})


class MoveCounterText(Family):
    node = MoveCounter
    rules = {"move_counter": move_counter}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        # the counters as a removal says them: "a +1 ATK counter", "the cosmic counter", "all …"
        removed = Counter(object=e.object, kind=e.kind, add=False, count=e.count)
        words = family(removed)
        assert isinstance(words, CounterText)
        what, _tail = words.counters(say, removed)
        return f"{v('move')} {what} from {say.np(e.object, 'object')} to {say.np(e.to, 'object')}"
