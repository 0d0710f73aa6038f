"""Flipping a location: a face-down location in a resource row is turned face up (CR 303).
"When you flip ~, search your deck for …" (a location of MHG); "Whenever a player flips a
location"."""

from __future__ import annotations

import attrs

from ..ast import Event, Selector
from ..phrases import active
from .family import Family


@attrs.frozen(repr=False, eq=False)
class Flip(Event):
    """"NP flips NP": a player flips a location face up."""

    agent: Selector | None = None
    object: Selector | None = None


class FlipText(Family):
    node = Flip
    verb = "flip"
    past = "flipped"
    active_past = True
    doer = "agent"
    rules = {"flip": active(Flip, "object")}
