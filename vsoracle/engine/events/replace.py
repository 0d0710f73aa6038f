"""Replace a resource (CR 512.5): it is KO'd and the top card of its owner's deck takes its place
face down. "Replace target resource"; as a cost, "Replace a resource you control >>> …"."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import cost_one, pay_event, to_each
from ..game import Game
from ..primitives import happening
from ..rules import Cost, Done, EventRule, Result, into_pile
from ..state import Context, GameState, Happening, Zone
from ..zones import move_card


class ReplaceRule(EventRule):
    node = n.Replace
    payable = True

    def happen(self, g: Game, h: Happening) -> Result:
        """Replace a resource (CR 512.5): it is KO'd and the top card of its owner's deck takes its
        place face down (a card not in a resource row is not replaced)."""
        oid = h.get("object")
        o = g.state.obj(oid)
        if o.zone is not Zone.RESOURCE_ROW:
            return False, []
        index = g.state.player(o.owner).resources.index(oid)
        g.set(move_card(g.state, oid, Zone.KO_PILE))
        g.note("replace", f"{o.owner} replaces resource {oid}: it is KO'd", "CR 512.5", objects=(oid,))
        deck = g.state.player(o.owner).deck
        if deck:
            g.set(move_card(g.state, deck[0], Zone.RESOURCE_ROW, index=index, face_up=False))
            g.note("replace", f"the top card of {o.owner}'s deck becomes a face-down resource", "CR 512.5")
        return True, []

    def puts_into_pile(self, s: GameState, h: Happening) -> tuple[Happening, ...]:
        """The replaced resource is put into its owner's KO'd pile, and the top card of his deck
        face down into his resource row (CR 512.5; assumption A-INTO-PILE)."""
        oid = h.get("object")
        if not isinstance(oid, str) or s.obj(oid).zone is not Zone.RESOURCE_ROW:
            return ()
        deck = s.player(s.obj(oid).owner).deck
        return (into_pile(s, oid, Zone.KO_PILE),) + ((into_pile(s, deck[0], Zone.RESOURCE_ROW),) if deck else ())

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Replace target resource"; as a cost, ~ or the one resource the step names or the payer picks."""
        if cost is None:
            return to_each(g, e, ctx, k, "replace")
        for x in cost_one(g, cost, e.object, ctx):
            pay_event(g, cost, ctx, happening(n.Replace, object=x, agent=cost.payer), f"{x} cannot be replaced")
        return True, ctx
