"""Resource points: a player gains them (a resource, an effect) or pays them, as a cost (CR 505);
a cost that needs resource points is paid in the recruit step (rules digest §7.1 [S:JP],
assumption A-POINTS-COST)."""

from __future__ import annotations

from typing import Any

from ...errors import IllegalActionError
from ...text import nodes as n
from ..effects import cost_amount, doers, perform
from ..game import Decision, Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Mode, Result
from ..state import Context, Happening
from ..values import replace
from ..words import say


class ResourcePointsRule(EventRule):
    node = n.ResourcePoints
    payable = True
    amounted = True

    def happen(self, g: Game, h: Happening) -> Result:
        """A player gains resource points, or pays them (he must have them)."""
        amount = int(h.get("amount") or 0)
        pid = h.get("player")
        p = g.state.player(pid)
        if h.get("gain"):
            g.set(g.state.with_player(replace(p, resource_points=p.resource_points + amount)))
            g.note("points", f"{pid} gains {amount} resource points: {p.resource_points} → "
                   f"{p.resource_points + amount}", h.get("cite", "CR 508"))
            return amount > 0, []
        if p.resource_points < amount:
            raise IllegalActionError(f"{pid} cannot pay {amount} resource points (has {p.resource_points})",
                                     hint="resource points come in the recruit step")
        g.set(g.state.with_player(replace(p, resource_points=p.resource_points - amount)))
        g.note("cost", f"{pid} pays {amount} resource point{'s' if amount != 1 else ''}", h.get("cite", "CR 505"))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Gain 5 resource points"; as a cost, "Pay 2 resource points", "Pay up to 3 resource
        points" / "Pay 1 or more resource points" (the payer chooses how many), "Pay X resource
        points" (X as the step says)."""
        if cost is not None:
            return self._pay(g, e, ctx, cost)
        q = query(g.state)
        done = False
        for pid in doers(q, e.player, ctx):
            h = happening(n.ResourcePoints, player=pid, amount=q.amount(e.amount, ctx), gain=e.gain)
            done = perform(g, h, ctx) or done
        return done, ctx

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        return f"the cost \"{words}\"" if mode == "cost" and e.gain else None  # gaining points is no cost

    def _pay(self, g: Game, e: Any, ctx: Context, cost: Cost) -> Done:
        pid = cost.payer
        if e.gain:
            raise IllegalActionError(f"{pid} cannot pay the cost: gaining resource points is no cost")
        q = query(g.state)
        p = g.state.player(pid)
        if e.up_to:
            assert e.amount is not None  # a cost says how much
            # outside a recruit step only 0 can be paid (assumption A-POINTS-COST, below)
            most = min(q.amount(e.amount, ctx), p.resource_points) if g.state.step == "recruit" else 0
            amount = cost.pay if cost.pay is not None else g.ask(Decision(
                pid, "pay", f"{pid} pays up to {say(e.amount)} resource points", tuple(range(most, -1, -1))))
            if amount > q.amount(e.amount, ctx):
                raise IllegalActionError(f"{pid} can pay at most {say(e.amount)} resource points here")
        elif e.or_more:
            # "Pay 1 or more resource points": as many as he chooses, at least that many (MEV FAQ 4
            # [FEV]: "You must pay at least 1 resource point to use this power")
            assert e.amount is not None  # a cost says how much
            least = q.amount(e.amount, ctx)
            if p.resource_points < least:
                raise IllegalActionError(f"{pid} cannot pay {least} or more resource points (has {p.resource_points})",
                                         hint="resource points come in the recruit step")
            amount = cost.pay if cost.pay is not None else g.ask(Decision(
                pid, "pay", f"{pid} pays {least} or more resource points",
                tuple(range(p.resource_points, least - 1, -1))))
            if amount < least:
                raise IllegalActionError(f"{pid} must pay at least {least} resource point{'s' if least != 1 else ''}")
        else:
            amount = cost_amount(g, cost, e.amount, ctx)
        if p.resource_points < amount:
            raise IllegalActionError(f"{pid} cannot pay {amount} resource points (has {p.resource_points})",
                                     hint="resource points come in the recruit step")
        if amount > 0 and g.state.step != "recruit":
            # rules digest §7.1 [S:JP], assumption A-POINTS-COST: "payment powers whose costs need
            # resource points can only be used in the recruit step" — a cost that needs none (up to
            # N, paying 0) can be paid any time (the Avengers FAQ rules on a "pay up to 2"
            # equipment power used after a transfer)
            raise IllegalActionError(f"{pid} can pay resource points only during a recruit step "
                                     "(assumption A-POINTS-COST)",
                                     hint="rules digest §7.1 [JP]: a cost that needs resource points is paid in "
                                          "the recruit step")
        perform(g, happening(n.ResourcePoints, player=pid, amount=amount, gain=False, cite="CR 505"), ctx)
        cost.binds["paid"] = amount
        if isinstance(e.amount, n.X):
            cost.binds["x"] = amount
        return True, ctx
