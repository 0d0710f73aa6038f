"""Rally (Marvel Universe FAQ 2): "Rally for a Legion character": reveal the top card of your deck;
if it is such a card, put it into your hand, else put it on the bottom of your deck; "rally for a
card type of your choice": the type is chosen before the reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector, Zone
from ..phrases import Children, Verb, active, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech
    from ..tree import Meta


@attrs.frozen(repr=False, eq=False)
class Rally(Event):
    """"Rally for NP": reveal the top card of your deck; if it is such a card, put it into your
    hand (the rally is successful), else put it on the bottom of your deck (Marvel Universe FAQ 2).
    NP may be a value of your choice ("a card type of your choice"), chosen before the reveal.
    "Rally NP into ZONE" (``into``): the card a successful rally puts into the hand, ``object``
    naming that card ("If you would rally ~ into your hand, instead, …")."""

    agent: Selector | None = None
    object: Selector | None = None
    into: Zone | None = None


def rally_into(self: Any, meta: Meta, children: Children) -> Verb:
    """"rally ~ into your hand": the card rallied, and where a successful rally puts it."""
    card, zone = trees(children)
    return Verb(Rally, {"object": card, "into": zone})


class RallyText(Family):
    node = Rally
    rules = {"rally": active(Rally, "object"), "rally_into": rally_into}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        if e.into is not None:
            return f"{v('rally')} {say.np(e.object, 'object')} into {say.zone(e.into)}"
        return v("rally") + (f" for {say.np(e.object, 'object')}" if e.object else "")
