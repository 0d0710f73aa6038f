"""Shuffle: a deck's order becomes unknown; vsoracle keeps the order it had (assumption
A-SHUFFLE). "Shuffle your deck", "shuffle your KO'd pile into your deck" (the cards go into the
deck first)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import doer, perform
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Result, origin_of
from ..state import Context, Happening


class ShuffleRule(EventRule):
    node = n.Shuffle

    def happen(self, g: Game, h: Happening) -> Result:
        """Shuffling makes a deck's order unknown; vsoracle keeps the order it had (assumption A-SHUFFLE)."""
        pid = h.get("agent")
        g.note("shuffle", f"{pid} shuffles the deck (vsoracle keeps its order)", "CR 508", "A-SHUFFLE")
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Shuffle your KO'd pile into your deck": the cards go into the deck, then it is shuffled."""
        q = query(g.state)
        pid = doer(q, e.agent, ctx)
        if e.into is not None and e.zone is not None:
            for oid in q.select(e.zone, ctx):
                perform(g, happening(n.Move, object=oid, to=("deck", g.state.obj(oid).owner), position="bottom",
                                     origin=origin_of(g.state, oid)), ctx)
        return perform(g, happening(n.Shuffle, agent=pid), ctx), ctx
