"""KO (digest §4, §11): the object goes to its owner's KO'd pile. "KO target character", "KO ~ >>>
…", "Whenever ~ is KO'd", "If ~ would be KO'd, instead, …", "~ cannot be KO'd"."""

from __future__ import annotations

from typing import Any, Literal

import attrs

from ..ast import Event, Selector
from ..phrases import active, passive
from .family import Family


@attrs.frozen(repr=False, eq=False)
class KO(Event):
    """KO: the object goes to its owner's KO'd pile (digest §4, §11): "KO NP", "NP is KO'd"."""

    object: Selector | None = None
    agent: Selector | None = None


class KOText(Family):
    node = KO
    verb = "KO"
    participle = "KO'd"
    aux = "is"
    rules = {"ko": active(KO, "object"), "kod": passive(KO)}

    def leaves(self, e: Any) -> Literal["play"]:
        return "play"
