"""Use a power: "you cannot use her activated powers this turn" (FAQ SC 15), "Activate this power
only once per turn.", "Whenever you use a power"."""

from __future__ import annotations

import attrs

from ..ast import Event, Selector
from ..phrases import active
from .family import Family


@attrs.frozen(repr=False, eq=False)
class UsePower(Event):
    """"Use NP" — "you cannot use her activated powers this turn" (FAQ SC 15)."""

    agent: Selector | None = None
    object: Selector | None = None


class UsePowerText(Family):
    node = UsePower
    verb = "use"
    rules = {"use": active(UsePower, "object")}
