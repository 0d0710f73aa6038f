"""Entering combat: a character becomes an attacker or a defender — "Whenever ~ enters combat, …"
(a character of DCL). It is part of attacking, of defending and of becoming the defender
(:attr:`~vsoracle.engine.rules.EventRule.part_of`): it happens with each of them, through the
pipeline's triggers and the turn's memory, and combat names it nowhere."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ...text.events.enter_combat import EnterCombat
from ..rules import Mode, Signal


class EnterCombatRule(Signal):
    node = EnterCombat
    part_of = {n.Attack: "agent", n.Defend: "agent", n.BecomeDefender: "object"}

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """It is seen happen (a trigger, "if … this turn"): it is attacking or defending that card
        text forbids, replaces or makes happen, and those do not ask it."""
        if mode != "happens":
            return f"\"{words}\" other than as something that happens (it is part of attacking or defending: say those)"
        return None
