"""Search: a player looks through a zone for a card ("Search your deck for a card with cost 2 or
less"), and finds one or, where the rules let him, fails to find (digest §2.4 [FML]). Only an
effect: nothing in the game sees a search happen yet."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import doer, record, without_zone
from ..game import Decision, Game
from ..query import ZONES, query
from ..rules import Cost, Done, EventRule
from ..state import Context
from ..words import say


class SearchRule(EventRule):
    node = n.Search

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Search your deck for a card …": the player finds one such card, or fails to find one —
        which he may only when the zone is private (a deck, a hand) and the card is described ("a
        card with cost 2 or less", "a character card"): an undescribed card in a private zone, or
        any card in a public one, is found if there is one (digest §2.4 [FML])."""
        q = query(g.state)
        pid = doer(q, e.agent, ctx)
        pool = set(q.select(e.zone, ctx)) if e.zone is not None else set(g.state.player(pid).deck)
        sel = e.object
        found = [x for x in sorted(pool, key=lambda x: _deck_order(g, x)) if x in g.state.objects and
                 q.matches(without_zone(sel), g.state.obj(x), ctx)]
        private = e.zone is None or set(e.zone.names) <= {"deck", "hand"}
        described = not (isinstance(sel, n.Filter) and sel.kind == "card" and not sel.qualifiers)
        may_fail = private and described
        options = tuple(found) + (("none",) if may_fail or not found else ())
        prompt = f"{pid} searches for {say(sel)}" + (" (or fails to find)" if may_fail else "")
        pick = g.ask(Decision(pid, "search", prompt, options))
        if pick == "none":
            g.note("search", f"{pid} fails to find" if found else f"{pid} finds nothing: there is no {say(sel)} there",
                   "digest §2.4 [FML]")
            return False, record(ctx, k, ())
        if not may_fail and len(found) >= 1:
            g.note("search", f"{pid} cannot fail to find: the card searched for is "
                   + ("not described" if private else "in a public zone"), "digest §2.4 [FML]")
        g.note("search", f"{pid} finds {pick}", "CR 508", objects=(pick,))
        return True, record(ctx, k, (pick,))


def _deck_order(g: Game, oid: str) -> tuple[int, str]:
    """Cards found in the order of their pile (the top of a deck first), then by id."""
    o = g.state.obj(oid)
    pile = g.state.player(o.owner).pile(o.zone) if o.zone in ZONES.values() else ()
    return (pile.index(oid) if oid in pile else 0, oid)
