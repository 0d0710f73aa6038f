"""Become the target of an effect: a card is targeted as an effect goes on the chain (CR 505,
chain.targeted) or as its target changes (FAQ SC 3) — "Whenever ~ becomes the target of an effect",
"~ cannot be the target of plot twist effects" (checked as targets are chosen, query.can_be_targeted)."""

from __future__ import annotations

from ...text import nodes as n
from ..rules import Signal


class BecomeTargetRule(Signal):
    node = n.BecomeTarget
    gerund = "targeting"
