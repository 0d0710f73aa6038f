"""Replace a resource (CR 512.5): it is KO'd and the top card of its owner's deck takes its place
face down. "Replace target resource"."""

from __future__ import annotations

import attrs

from ..ast import Event, Selector
from ..phrases import active
from .family import Family


@attrs.frozen(repr=False, eq=False)
class Replace(Event):
    """"Replace NP" (a resource, CR 512.5): it is KO'd and the top card of its owner's deck
    takes its place face down."""

    object: Selector | None = None
    agent: Selector | None = None


class ReplaceText(Family):
    node = Replace
    verb = "replace"
    rules = {"replace": active(Replace, "object")}
