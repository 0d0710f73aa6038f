"""Turn a resource face down (it forgets its choices, FAQ SC 1) or face up. "Turn target resource
face down"; as a cost, "Turn a face-up resource you control face down >>> …"."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import cost_one, pay_event, to_each
from ..fmap import FrozenMap
from ..game import Game
from ..primitives import happening
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening, Zone
from ..values import replace


class TurnRule(EventRule):
    node = n.Turn
    payable = True

    def happen(self, g: Game, h: Happening) -> Result:
        """Turn a resource face down (it forgets its choices, FAQ SC 1) or face up (nothing if it is so already)."""
        oid = h.get("object")
        o = g.state.obj(oid)
        up = h.get("face") == "up"
        if o.zone is not Zone.RESOURCE_ROW or o.face_up == up:
            return False, []
        g.set(g.state.with_object(replace(o, face_up=up, bindings=o.bindings if up else FrozenMap())))
        g.note("face", f"{oid} is turned face {'up' if up else 'down'}" + ("" if up else " and forgets its choices"),
               "CR 212 [C23]", objects=(oid,))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Turn target resource face down"; as a cost, ~ or the one resource the step names or the payer picks."""
        if cost is None:
            return to_each(g, e, ctx, k, "turn", face=e.face)
        for x in cost_one(g, cost, e.object, ctx):
            pay_event(g, cost, ctx, happening(n.Turn, object=x, agent=cost.payer, face=e.face), f"{x} cannot be turned")
        return True, ctx
