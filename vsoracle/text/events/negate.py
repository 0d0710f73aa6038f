"""Negate an effect on the chain (CR 509): "Negate target plot twist effect"."""

from __future__ import annotations

import attrs

from ..ast import Event, Selector
from ..phrases import active
from .family import Family


@attrs.frozen(repr=False, eq=False)
class Negate(Event):
    """"Negate NP" (an effect on the chain, CR 509)."""

    object: Selector | None = None
    agent: Selector | None = None


class NegateText(Family):
    node = Negate
    verb = "negate"
    rules = {"negate": active(Negate, "object")}
