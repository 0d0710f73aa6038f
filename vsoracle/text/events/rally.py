"""Rally (assumption A-RALLY): "Rally for a Legion character": reveal the top card of your deck; if
it is such a card, put it into your hand, else put it on the bottom of your deck."""

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
    hand, else put it on the bottom of your deck (assumption A-RALLY)."""

    agent: Selector | None = None
    object: Selector | None = None


class RallyText(Family):
    node = Rally
    rules = {"rally": active(Rally, "object")}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return v("rally") + (f" for {say.np(e.object, 'object')}" if e.object else "")
