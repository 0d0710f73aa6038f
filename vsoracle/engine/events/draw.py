"""Draw: a player takes the top card of his deck into his hand, one card one event (so "if you
would draw a card, instead …" replaces each); an empty deck draws nothing (assumption A-EMPTY-DECK)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import doers, perform, record
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening, Zone
from ..zones import move_card


class DrawRule(EventRule):
    node = n.Draw

    def happen(self, g: Game, h: Happening) -> Result:
        """Draw one card from the top of the deck; an empty deck draws nothing (assumption A-EMPTY-DECK)."""
        pid = h.get("agent")
        deck = g.state.player(pid).deck
        if not deck:
            g.note("draw", f"{pid} cannot draw: the deck is empty", h.get("cite", "CR 508"), "A-EMPTY-DECK")
            return False, []
        g.set(move_card(g.state, deck[0], Zone.HAND))
        g.note("draw", f"{pid} draws a card", h.get("cite", "CR 508"))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Draw two cards", "each player draws a card": each player his number of cards, one draw each."""
        q = query(g.state)
        drawn = 0
        happened: list[Happening] = []
        for pid in doers(q, e.agent, ctx):
            count = q.amount(e.count or n.Fixed(1), ctx.bind(acting=pid))
            for _ in range(count):
                h = happening(n.Draw, agent=pid, count=1, effect=ctx.bindings.get("link"))
                if perform(g, h, ctx):
                    drawn += 1
                    happened.append(h)
        return drawn > 0, record(ctx, k, (), happened)

    def what(self, h: Happening) -> str:
        return f"{h.get('agent')}'s draw"
