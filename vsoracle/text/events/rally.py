"""Rally (Marvel Universe FAQ 2): "Rally for a Legion character": reveal the top card of your deck;
if it is such a card, put it into your hand, else put it on the bottom of your deck; "rally for a
card type of your choice": the type is chosen before the reveal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import active
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Rally(Event):
    """"Rally for NP": reveal the top card of your deck; if it is such a card, put it into your
    hand (the rally is successful), else put it on the bottom of your deck (Marvel Universe FAQ 2).
    NP may be a value of your choice ("a card type of your choice"), chosen before the reveal."""

    agent: Selector | None = None
    object: Selector | None = None


class RallyText(Family):
    node = Rally
    rules = {"rally": active(Rally, "object")}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return v("rally") + (f" for {say.np(e.object, 'object')}" if e.object else "")
