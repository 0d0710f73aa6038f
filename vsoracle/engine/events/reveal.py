"""Reveal: cards are shown to every player (and remembered as the effect's revealed cards: "reveal
a card … put it into your hand"). As a cost (CR 505; FAQ SC 34), "Reveal a card from your hand >>> …",
"Reveal ~ >>> …" (the card itself, whose power is used from the hand)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import (at_random, choose_objects, cost_candidates, cost_count, cost_pick, doers, hand_cards, how_many,
                       perform, record)
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening


class RevealRule(EventRule):
    node = n.Reveal
    payable = True

    def happen(self, g: Game, h: Happening) -> Result:
        """Cards are revealed: only the log changes (it happened if there was a card to show)."""
        shown = h.get("object")
        who, paid = h.get("agent"), h.get("cost")
        g.note("reveal", f"{who} reveals {', '.join(shown) if shown else 'nothing'}" + (" as a cost" if paid else ""),
               h.get("cite", "CR 508; FAQ SC 34" if paid else "CR 508"))
        return bool(shown), []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Reveal the top card of your deck", "reveal a card from your hand"; as a cost, the cards
        the step names or the payer's choice (never the card being used or played)."""
        if cost is None:
            return show(g, e, ctx, k, revealed=True)
        if isinstance(e.object, n.Self):
            # "Reveal ~ >>> …": the card itself, from the hand its power is used in (DLS substitute,
            # MHG terraform; assumption A-HAND-POWER)
            shown = [cost.source]
        else:
            found = cost_candidates(g, cost, e.object, ctx)
            shown = cost_pick(g, cost, found, cost_count(query(g.state), e.object, ctx), "reveal")
        perform(g, happening(n.Reveal, agent=cost.payer, object=tuple(shown), cost=True), ctx)
        cost.binds["revealed"] = tuple(cost.binds.get("revealed", ())) + tuple(shown)
        cost.binds["cost:acted"] = tuple(shown)
        return True, ctx


def show(g: Game, e: Any, ctx: Context, k: int | None, revealed: bool) -> Done:
    """Reveal or look at cards (``e``'s kind): each player the text names shows them, all that
    its noun phrase names or those he picks; what he shows is this step's ("reveal it"), and with
    ``revealed`` the effect's revealed cards ("the cards revealed this way")."""
    q = query(g.state)
    shown_all: list[str] = []
    kind = type(e)
    for pid in doers(q, e.agent, ctx):
        pctx = ctx.bind(acting=pid)
        sel = e.object
        if isinstance(sel, n.Zone):
            cards = [x for x in q.select(sel, pctx) if x in g.state.objects]
        else:
            cards = [x for x in q.select(sel, pctx) if x in g.state.objects]
            count, up_to = how_many(q, sel, pctx)
            if isinstance(sel, n.Filter) and not q.zones_of(sel) and count != "all":
                cards = hand_cards(g, sel, pctx, pid)
            # "reveal a card from your hand at random": nobody picks it (assumption A-AT-RANDOM)
            cards = choose_objects(g, pid, cards, count, f"{pid} chooses what to reveal", up_to, at_random(sel))
        perform(g, happening(kind, agent=pid, object=tuple(cards)), ctx)
        shown_all += cards
    return bool(shown_all), record(ctx, k, shown_all, revealed=shown_all if revealed else ())
