"""Look at cards: a player sees cards nobody else does. "Look at the top three cards of your
deck", "Look at target opponent's hand. Choose a card from it."."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector, Zone
from ..phrases import active
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class LookAt(Event):
    """"Look at NP": the player sees cards nobody else does."""

    agent: Selector | None = None
    object: "Selector | Zone | None" = None  # a Zone: "look at target player's hand"


class LookAtText(Family):
    node = LookAt
    shows = True
    rules = {"look_at": active(LookAt, "object"), "look_at_zone": active(LookAt, "object")}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        what = say.zone(e.object) if isinstance(e.object, Zone) else say.np(e.object, "object")
        return f"{v('look')} at {what}"
