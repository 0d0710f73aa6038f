"""Rally (assumption A-RALLY): "Rally for X" reveals the top card of your deck; an X card goes
into your hand, another to the bottom of your deck. Only an effect: what happens is the reveal and
the move."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import doer, perform, record, without_zone
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule
from ..state import Context


class RallyRule(EventRule):
    node = n.Rally

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Rally for X": reveal the top card of your deck; an X card goes into your hand, another
        to the bottom of your deck (assumption A-RALLY)."""
        q = query(g.state)
        pid = doer(q, e.agent, ctx)
        deck = g.state.player(pid).deck
        if not deck:
            g.note("rally", f"{pid} has no card to rally", "CR 508", "A-RALLY")
            return False, ctx
        top = deck[0]
        perform(g, happening(n.Reveal, agent=pid, object=(top,)), ctx)
        hit = q.matches(without_zone(e.object), g.state.obj(top), ctx)
        dest = ("hand", pid) if hit else ("deck", pid)
        perform(g, happening(n.Move, object=top, to=dest, position=None if hit else "bottom"), ctx)
        g.note("rally", f"{pid} rallies: {top} {'goes into the hand' if hit else 'goes to the bottom of the deck'}",
               "CR 508", "A-RALLY")
        return hit, record(ctx, k, (top,))
