"""Negate an effect on the chain (CR 509): it stays on the chain and does nothing when it resolves;
an Epic plot twist's effect cannot be negated (keyword Epic, assumption A-EPIC)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import perform
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening
from ..values import replace


class NegateRule(EventRule):
    node = n.Negate

    def happen(self, g: Game, h: Happening) -> Result:
        """The chain link is negated (nothing if it has left the chain, or is an Epic plot twist's)."""
        link_id = h.get("object")
        lk = g.state.link(link_id)
        if lk is None:
            return False, []
        if lk.details.get("epic"):
            g.note("negate", f"{lk.label} is an Epic plot twist effect: it cannot be negated", "keyword Epic", "A-EPIC")
            return False, []
        g.set(replace(g.state, chain=tuple(replace(x, details=x.details.set("negated", True)) if x.id == link_id else x
                                           for x in g.state.chain)))
        g.note("negate", f"the effect {lk.label} is negated", "CR 509", objects=(lk.source or "",))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Negate target effect", "negate all plot twist effects": each effect on the chain the text names."""
        q = query(g.state)
        done = False
        for link_id in q.select(e.object, ctx):
            if isinstance(link_id, int):
                done = perform(g, happening(n.Negate, object=link_id), ctx) or done
        return done, ctx
