"""Power-up (digest §14): "Power-up target character", "Whenever a character you control becomes
powered-up" (Ally), "powered-up characters"."""

from __future__ import annotations

import attrs

from ..ast import Event, Selector
from ..phrases import active, passive
from .family import Family


@attrs.frozen(repr=False, eq=False)
class PowerUp(Event):
    """Power-up: "power-up NP", "NP becomes powered-up" (Ally)."""

    object: Selector | None = None
    agent: Selector | None = None


class PowerUpText(Family):
    node = PowerUp
    verb = "power-up"
    participle = "powered-up"
    by_agent = False
    state = "powered-up"
    of_character = True
    rules = {"power_up": active(PowerUp, "object"), "powered_up": passive(PowerUp)}
