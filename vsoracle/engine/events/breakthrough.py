"""Breakthrough (CR 407): an attacker that stuns the character it attacked with ATK to spare
causes breakthrough; its controller's opponent loses that much endurance, an event of its own (so
"prevent all endurance loss …" and "if you would lose endurance from breakthrough" apply). The
attacker's controller orders the replacements of a breakthrough (FAQ GM 8)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..game import Game
from ..primitives import happening
from ..rules import EventRule, Result
from ..state import Happening


class BreakthroughRule(EventRule):
    node = n.Breakthrough
    amounted = True

    def happen(self, g: Game, h: Happening) -> Result:
        """The player loses endurance equal to it (nothing for 0)."""
        amount = int(h.get("amount") or 0)
        if amount <= 0:
            return False, []
        return True, [happening(n.Endurance, player=h.get("player"), amount=amount, gain=False, cause="breakthrough",
                                why=f"breakthrough from {h.get('agent')}", cite="CR 407", how=h.get("how"),
                                figures=h.get("figures"))]

    def lessened(self, e: Any) -> bool:
        """A breakthrough has an amount a replacement can lower ("prevent 2 of that breakthrough")."""
        return True

    def affected(self, g: Game, h: Happening) -> str | None:
        """The attacker's controller (FAQ GM 8)."""
        agent = h.get("agent")
        return g.state.obj(agent).controller if agent in g.state.objects else None

    def what(self, h: Happening) -> str:
        return f"{h.get('agent')}'s breakthrough" + (f" of {h.get('amount')}" if h.get("amount") else "")
