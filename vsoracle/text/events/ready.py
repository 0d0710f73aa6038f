"""Ready: an exhausted character turns upright. "Ready target character", "Whenever ~ becomes
ready", "~ cannot be readied"."""

from __future__ import annotations

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
    # "characters your opponents control cannot ready" (an ongoing plot twist of DGL): the subject is what
    # is readied, as in "cannot be readied"
    rules = {"ready": active(Ready, "object"), "readied": passive(Ready),
             "ready_self": active(Ready, role="object")}
