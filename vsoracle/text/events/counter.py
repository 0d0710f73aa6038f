"""Counters on a card (CR 215): "Put a +1 ATK / +1 DEF counter on target character", "remove the
cosmic counter from ~", "Whenever a cosmic counter is put on a character you control"; "remove a
counter from ~" (no kind named: any kind, assumption A-ANY-COUNTER)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Amount, CounterKind, Event, Filter, Fixed, Quantity, Selector, Times
from ..phrases import Be, Children, Pred, Pronoun, Verb, plural_filter, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Counter(Event):
    """"Put a +1 ATK / +1 DEF counter on NP", "remove the cosmic counter from NP"."""

    object: Selector | None = None
    kind: CounterKind | None = None
    add: bool = True
    agent: Selector | None = None
    count: Amount | Quantity | None = None  # Quantity("all"): "remove all cosmic counters from …"


_ONE = Fixed(1)


# -- grammar rules ---------------------------------------------------------------------------

def put_counter(self: Any, meta: Meta, children: Children) -> Verb:
    kind, obj = trees(children)
    return Verb(Counter, {"object": obj, "kind": kind[0], "count": kind[1], "add": True})


def put_counters(self: Any, meta: Meta, children: Children) -> tuple[str, tuple[Verb, ...]]:
    """"Put a +1 ATK counter and a +1 DEF counter on NP": a put of each kind (several verbs), the
    first on NP and each other on "it", the same card (one target, not one per kind)."""
    *kinds, obj = trees(children)
    plural = isinstance(obj, Filter) and plural_filter(obj)
    it = Pronoun("them" if plural else "it", meta.end_pos + 1)  # referred to after NP, which ends the phrase
    return "several", tuple(Verb(Counter, {"object": obj if i == 0 else it, "kind": kind[0], "count": kind[1],
                                           "add": True}) for i, kind in enumerate(kinds))


def remove_counter(self: Any, meta: Meta, children: Children) -> Verb:
    kind, obj = trees(children)
    return Verb(Counter, {"object": obj, "kind": kind[0], "count": kind[1], "add": False})


def _counter_trigger(meta: Meta, children: Children, add: bool) -> tuple[str, Any, tuple[Pred, ...], str]:
    """"Whenever a cosmic counter is put on NP": NP is put a counter on (CR 215)."""
    (kind, count), subject = trees(children)[-2:]
    # "a counter is put on NP": one or more, however many are put at once
    verb = Verb(Counter, {"kind": kind, "count": None if count == _ONE else count, "add": add}, "object")
    return ("whenever", subject, (Pred("does", Be("pp", verb), (), meta.start_pos),), "whenever")


def whenever_counter_put(self: Any, meta: Meta, children: Children) -> tuple[str, Any, tuple[Pred, ...], str]:
    return _counter_trigger(meta, children, True)


def whenever_counter_removed(self: Any, meta: Meta, children: Children) -> tuple[str, Any, tuple[Pred, ...], str]:
    return _counter_trigger(meta, children, False)


# -- words -----------------------------------------------------------------------------------

class CounterText(Family):
    node = Counter
    rules = {"put_counter": put_counter, "put_counters": put_counters, "remove_counter": remove_counter,
             "whenever_counter_put": whenever_counter_put, "whenever_counter_removed": whenever_counter_removed}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        what, tail = self.counters(say, e)
        if e.add:
            return f"{v('put')} {what} on {say.np(e.object, 'object')}{tail}"
        return f"{v('remove')} {what} from {say.np(e.object, 'object')}{tail}"

    def done_to(self, say: Speech, e: Any) -> str:
        """"a cosmic counter is put on ~": the counters are the subject."""
        what, _tail = self.counters(say, e)
        how = "put on" if e.add else "removed from"
        return f"{what} is {how} {say.np(e.object, 'object')}"

    def counters(self, say: Speech, e: Any) -> tuple[str, str]:
        """The counters a counter event puts or removes ("a cosmic counter", "two +1 ATK / +1 DEF
        counters", "all cosmic counters"), and what follows the object ("for each …")."""
        kind = e.kind or CounterKind()
        count = e.count or _ONE
        tail = ""
        if isinstance(count, Times) and count.word == "for each":
            tail = f" for each {say.bare(count.factor)}"
            count = count.amount
        one = count == _ONE
        many = "" if one else "s"
        if isinstance(count, Quantity) and count.op == "all":
            det = "all"
        else:
            det = ("a" if e.add or not kind.name else "the") if one else say.amount(count)
        named = f"{say.counter_kind(kind)} " if e.kind is not None else ""  # "a counter": of any kind
        return f"{det} {named}counter{many}", tail
