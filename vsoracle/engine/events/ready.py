"""Ready: an exhausted card is ready again (a character, or a resource)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import on_objects
from ..game import Game
from ..primitives import exhausted
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening


class ReadyRule(EventRule):
    node = n.Ready
    gerund = "readying"

    def happen(self, g: Game, h: Happening) -> Result:
        """A card in play or in a resource row becomes ready (if it is exhausted)."""
        return exhausted(g, h, False, "readied")

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Ready target character"."""
        return on_objects(g, e, ctx, k, cost, "ready")
