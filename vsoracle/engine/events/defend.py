"""Defend (CR 407): the character attacked is the attack's defender. "Whenever ~ defends"."""

from __future__ import annotations

from ...text import nodes as n
from ..rules import Signal


class DefendRule(Signal):
    node = n.Defend
