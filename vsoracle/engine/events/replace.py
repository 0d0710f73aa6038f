"""Replace a resource (CR 512.5): it is KO'd and the top card of its owner's deck takes its place
face down. "Replace target resource"; as a cost, "Replace a resource you control >>> …"."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import cost_one, pay_event, perform, put_by_rule, to_each
from ..game import Game
from ..primitives import happening
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening, Zone
from ..zones import move_card


class ReplaceRule(EventRule):
    node = n.Replace
    payable = True

    def happen(self, g: Game, h: Happening) -> Result:
        """Replace a resource (CR 512.5): "KO it; if you did, put the top card of your deck face
        down into the resource row" — the KO is a KO ("Whenever a resource is KO'd" sees it, "cannot
        be KO'd" stops it, and then nothing is replaced); a card not in a resource row is not replaced."""
        oid = h.get("object")
        o = g.state.obj(oid)
        if o.zone is not Zone.RESOURCE_ROW:
            return False, []
        index = g.state.player(o.owner).resources.index(oid)
        g.note("replace", f"{o.owner} replaces resource {oid}: it is KO'd", "CR 512.5", objects=(oid,))
        if not perform(g, happening(n.KO, object=oid, why="replaced", cite="CR 512.5")):
            g.note("replace", f"{oid} was not KO'd: nothing takes its place", "CR 512.5", objects=(oid,))
            return False, []
        deck = g.state.player(o.owner).deck
        if deck:
            before = g.state
            g.set(move_card(g.state, deck[0], Zone.RESOURCE_ROW, index=index, face_up=False))
            g.note("replace", f"the top card of {o.owner}'s deck becomes a face-down resource", "CR 512.5")
            put_by_rule(g, deck[0], Zone.RESOURCE_ROW, before)
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Replace target resource"; as a cost, ~ or the one resource the step names or the payer picks."""
        if cost is None:
            return to_each(g, e, ctx, k, "replace")
        for x in cost_one(g, cost, e.object, ctx):
            pay_event(g, cost, ctx, happening(n.Replace, object=x, agent=cost.payer), f"{x} cannot be replaced")
        return True, ctx
