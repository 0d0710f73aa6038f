"""Stun (CR 702.1a): a character turns face down and its controller loses endurance equal to its
cost. "Stun target character", "Stun ~ >>> …", "Whenever ~ becomes stunned", "If ~ would be
stunned, …", "~ cannot be stunned", "if ~ stunned a character this turn"."""

from __future__ import annotations

import attrs

from ..ast import Event, Selector
from ..phrases import active, passive, past
from .family import Family


@attrs.frozen(repr=False, eq=False)
class Stun(Event):
    """Stun (CR 702.1a): "stun NP", "NP stuns NP", "NP becomes stunned by NP"."""

    object: Selector | None = None
    agent: Selector | None = None


class StunText(Family):
    node = Stun
    verb = "stun"
    participle = "stunned"
    state = "stunned"
    of_character = True
    rules = {"stun": active(Stun, "object"), "stunned": passive(Stun), "stunned_past": past(Stun, "object")}
