"""Reinforce (CR 507.1c; assumption A-REINFORCE): a supporting character exhausts to reinforce the
defender in front of it (actions.reinforce). "Whenever ~ reinforces a character"."""

from __future__ import annotations

from ...text import nodes as n
from ..rules import Signal


class ReinforceRule(Signal):
    node = n.Reinforce
