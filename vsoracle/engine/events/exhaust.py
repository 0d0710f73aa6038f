"""Exhaust: a ready card turns sideways (a character, or a resource). "Activate" is exhausting the
card itself to pay for its power (CR 501; assumption A-ACTIVATE)."""

from __future__ import annotations

from typing import Any

from ...errors import IllegalActionError
from ...text import nodes as n
from ..effects import on_objects, pay_event
from ..game import Game
from ..primitives import exhausted, happening
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, GameObject, Happening


class ExhaustRule(EventRule):
    node = n.Exhaust
    gerund = "exhausting"
    payable = True

    def happen(self, g: Game, h: Happening) -> Result:
        """A card in play or in a resource row becomes exhausted (if it is not already)."""
        return exhausted(g, h, True, "exhausted")

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Exhaust target character"; as a cost, "Exhaust ~ >>> …", "Activate >>> …" (the card
        must be ready: neither exhausted nor stunned, CR 501) or "Exhaust a character you control"."""
        if cost is not None and isinstance(e.object, n.Self):
            oid = cost.source
            activate = e.word == "activate"
            cur = g.state.obj(oid)
            if cur.exhausted or cur.stunned:
                raise IllegalActionError(f"{oid} must be ready to {'activate' if activate else 'exhaust'}")
            pay_event(g, cost, ctx, happening(n.Exhaust, object=oid, agent=cost.payer,
                                              why="to activate" if activate else "a cost",
                                              cite="CR 501" if activate else "CR 505"), f"{oid} cannot be exhausted")
            if activate and g.logged:  # (a line tried only for where it leads keeps no log)
                g.note("cost", f"{oid} exhausts to activate", "CR 501", "A-ACTIVATE")
            return True, ctx
        return on_objects(g, e, ctx, k, cost, "exhaust", "exhausted", _ready)


def _ready(o: GameObject) -> bool:
    return not o.exhausted and not o.stunned
