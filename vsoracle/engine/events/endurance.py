"""Endurance: a player gains or loses endurance (CR 102: a player at 0 or less loses the game);
paying endurance is losing it, as a cost (CR 505). A stun's endurance loss (CR 702.1a) and
breakthrough's (CR 407) are endurance losses with their cause."""

from __future__ import annotations

from typing import Any

from ...errors import IllegalActionError
from ...text import nodes as n
from ..effects import cost_amount, doers, pay_event, perform, record
from ..figures import amount_read, source_of
from ..game import Game
from ..log import Figure
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Mode, Result
from ..state import Context, Happening
from ..values import replace


class EnduranceRule(EventRule):
    node = n.Endurance
    payable = True
    amounted = True
    lose_less = True

    def happen(self, g: Game, h: Happening) -> Result:
        """A player gains or loses endurance (nothing for an amount of 0 or less)."""
        amount = int(h.get("amount") or 0)
        if amount <= 0:
            return False, []
        pid = h.get("player")
        p = g.state.player(pid)
        delta = amount if h.get("gain") else -amount
        g.set(g.state.with_player(replace(p, endurance=p.endurance + delta)))
        verb = "gains" if delta > 0 else ("pays" if h.get("cost") else "loses")
        why = h.get("how") or h.get("why", "an effect")
        figures = (*(h.get("figures") or ()), ("amount", amount), ("before", p.endurance),
                   ("after", p.endurance + delta))
        g.note("endurance" if not h.get("cost") else "cost",
               f"{pid} {verb} {amount} endurance ({why}): {p.endurance} → {p.endurance + delta}", h.get("cite", "CR 508"),
               figures=figures)
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"You gain 3 endurance", "each player loses 2 endurance"; as a cost, "Pay 3 endurance"
        (a player with less cannot pay it)."""
        if cost is not None:
            if e.gain:
                raise IllegalActionError(f"{cost.payer} cannot pay the cost: gaining endurance is no cost")
            amount = cost_amount(g, cost, e.amount, ctx)
            have = g.state.player(cost.payer).endurance
            if have < amount:
                raise IllegalActionError(f"{cost.payer} cannot pay {amount} endurance (has {have})")
            pay_event(g, cost, ctx, happening(n.Endurance, player=cost.payer, amount=amount, gain=False, cost=True,
                                              why="a cost", cite="CR 505"), f"{amount} endurance")
            return True, ctx
        q = query(g.state)
        done = False
        happened: list[Happening] = []
        source, figures = source_of(g.state, ctx)
        for pid in doers(q, e.player, ctx):
            amount = q.amount(e.amount, ctx.bind(acting=pid)) if e.amount is not None else 0
            # the log names the card and power it comes from and how the amount was computed
            found: list[tuple[str, Figure]] = []
            reading = amount_read(q, e.amount, ctx.bind(acting=pid), found) if e.amount is not None else "0"
            how = source if isinstance(e.amount, n.Fixed) or e.amount is None else f"{source}: {reading}"
            h = happening(n.Endurance, player=pid, amount=amount, gain=e.gain, cause=e.cause,
                          effect=ctx.bindings.get("link"), why=ctx.bindings.get("why", "an effect"),
                          how=how, figures=figures + tuple(found))
            if perform(g, h, ctx):
                done = True
                happened.append(h)
        return done, record(ctx, k, (), happened)

    def can_do(self, g: Game, e: Any, ctx: Context) -> bool:
        """A player pays endurance only if he has that much ("unless its controller pays 3 endurance")."""
        if e.gain or e.amount is None:
            return True
        pid = ctx.bindings.get("acting") or ctx.controller
        return g.state.player(pid).endurance >= query(g.state).amount(e.amount, ctx)

    def lessened(self, e: Any) -> bool:
        """An endurance loss has an amount a replacement can lower ("prevent 2 of it"); a gain none."""
        return not e.gain

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        if mode == "happens" and e.cause == "pay":
            return f"\"{words}\" as something that happens (a payment is not told from a loss yet)"
        if mode == "cost" and e.gain:
            return f"the cost \"{words}\""  # gaining endurance is no cost
        return None

    def what(self, h: Happening) -> str:
        return f"{h.get('player')}'s endurance {'gain' if h.get('gain') else 'loss'} of {h.get('amount')}"


