"""Stun (CR 702.1a): a character turns face down and its controller loses endurance equal to its
cost. "Stun target character", "Stun ~ >>> …", "Whenever ~ becomes stunned", "If ~ would be
stunned, …", "~ cannot be stunned", "if ~ stunned a character this turn"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import active, passive, past
from .family import Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Stun(Event):
    """Stun (CR 702.1a): "stun NP", "NP stuns NP", "NP becomes stunned by NP"."""

    object: Selector | None = None
    agent: Selector | None = None


class StunText(Family):
    node = Stun
    verb = "stun"
    participle = "stunned"
    active_past = True
    state = "stunned"
    of_character = True
    rules = {"stun": active(Stun, "object"), "stunned": passive(Stun), "stunned_past": past(Stun, "object")}

    def not_done(self, say: Speech, e: Any) -> str:
        return say.participle(Stun())  # "instead, it is not stunned": by whom goes without saying
