"""Gain control of a card: "Gain control of target character this turn" (``span``: how long; for
good without one)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import active
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class GainControl(Event):
    """"Gain control of NP [this turn]" (``span``: how long; None for good)."""

    agent: Selector | None = None
    object: Selector | None = None
    span: str | None = None


class GainControlText(Family):
    node = GainControl
    has_span = True
    rules = {"gain_control": active(GainControl, "object")}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('gain')} control of {say.np(e.object, 'object')}" + say.span(e.span)
