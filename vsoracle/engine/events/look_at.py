"""Look at: a player sees cards no one else does ("look at the top three cards of your deck");
they are this step's cards ("put them back in any order"), not revealed ones."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..game import Game
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening
from .reveal import show


class LookAtRule(EventRule):
    node = n.LookAt

    def happen(self, g: Game, h: Happening) -> Result:
        """A player looks at cards: only the log changes (it happened if there was a card to see)."""
        shown = h.get("object")
        g.note("look", f"{h.get('agent')} looks at {', '.join(shown) if shown else 'nothing'}", "CR 508")
        return bool(shown), []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Look at the top three cards of your deck", "look at target player's hand"."""
        return show(g, e, ctx, k, revealed=False)
