"""A card leaves play: "When ~ leaves play", "If ~ would leave play, instead, it stays in play"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from ..ast import Event, Selector
from ..phrases import active
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class LeavePlay(Event):
    """"NP leaves play"."""

    object: Selector | None = None


class LeavePlayText(Family):
    node = LeavePlay
    intransitive = True
    object_subject = True
    rules = {"leave_play": active(LeavePlay, role="object")}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('leave')} play"

    def leaves(self, e: Any) -> Literal["play"]:
        return "play"
