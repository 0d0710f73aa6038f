"""Discard: a card goes from its owner's hand to the KO'd pile. "Discard a card",
"target player discards two cards at random", "Discard your hand", "discard cards equal to …",
"Whenever an opponent discards a card", "if you discarded a card this turn"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Filter, InZone, Quantity, Selector, Times
from ..phrases import Children, Verb, active, passive, past, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Discard(Event):
    """"Discard a card", "target player discards two cards"."""

    agent: Selector | None = None
    object: Selector | None = None


def discard_equal(self: Any, meta: Meta, children: Children) -> Verb:
    """"discards cards equal to the number of …"."""
    (amount,) = trees(children)
    return Verb(Discard, {"object": Filter("card", (), Quantity("=", amount), pos=meta.start_pos, end=meta.end_pos)})


def discard_zone(self: Any, meta: Meta, children: Children) -> Verb:
    """"Discard your hand": every card in it."""
    zone = trees(children)[0]
    return Verb(Discard, {"object": Filter("card", (InZone(zone),), Quantity("all"), pos=meta.start_pos,
                                           end=meta.end_pos)})


class DiscardText(Family):
    node = Discard
    verb = "discard"
    participle = "discarded"
    aux = "is"
    by_agent = False
    active_past = True
    tally = "discarded"
    rules = {"discard": active(Discard, "object"), "discard_equal": discard_equal, "discard_zone": discard_zone,
             "discarded": passive(Discard), "discarded_past": past(Discard, "object")}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        f = e.object
        if isinstance(f, Filter) and f.kind == "card" and not f.qualifiers and f.target is None \
                and f.quantity is not None and f.quantity.op == "=" and f.quantity.n is not None \
                and not say.plain_number(f.quantity.n) and not isinstance(f.quantity.n, Times):
            return f"{v('discard')} cards equal to {say.amount(f.quantity.n)}"
        return f"{v('discard')} {say.np(e.object, 'object')}"

    def past_vp(self, say: Speech, e: Any) -> str:
        return f"discarded {say.np(e.object, 'object')}"
