"""Attack (CR 407): a character, or a team, attacks a character or a player (actions.propose_attack).
"Whenever ~ attacks", "~ cannot attack", "can attack as though it had range" (a permission) and
"must attack if able" (a requirement, assumption A-MUST-ATTACK)."""

from __future__ import annotations

from ...text import nodes as n
from ..rules import Signal
from ..state import Happening


class AttackRule(Signal):
    node = n.Attack
    permitted = True
    required = True

    def what(self, h: Happening) -> str:
        return f"{h.get('agent')}'s attack"
