"""Ready: an exhausted character turns upright. "Ready target character", "Whenever ~ becomes
ready", "~ cannot be readied"."""

from __future__ import annotations

from typing import Any, Literal

import attrs

from ..ast import Event, Selector
from ..phrases import active, passive
from .family import Family


@attrs.frozen(repr=False, eq=False)
class Ready(Event):
    """Ready: "ready NP", "NP becomes readied"."""

    object: Selector | None = None
    agent: Selector | None = None


class ReadyText(Family):
    node = Ready
    verb = "ready"
    participle = "readied"
    state = "ready"
    of_character = True
    rules = {"ready": active(Ready, "object"), "readied": passive(Ready)}

    def leaves(self, e: Any) -> Literal["exhausted"]:
        return "exhausted"
