"""Paying ATK or DEF (the MTU set): as a cost, the character lowers its own stat until the end
of the turn; it can pay X only if it has X or more of that stat (the MTU boxtopper [MTUB]). The
payment is a modifier like any other −N ATK: it lasts the turn, and what it lowered is lowered for
every purpose."""

from __future__ import annotations

from typing import Any

from ...errors import IllegalActionError
from ...text import nodes as n
from ...text.events.pay_stat import PayStat
from ..effects import cost_amount, pay_event
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Mode, Result
from ..state import Context, Happening, Modifier
from ..values import replace


class PayStatRule(EventRule):
    node = PayStat
    gerund = "paying"
    payable = True

    def happen(self, g: Game, h: Happening) -> Result:
        """The character lowers its stat by the amount until the end of the turn (a −N modifier)."""
        oid, stat, amount = h.get("object"), h.get("stat"), int(h.get("amount") or 0)
        if amount <= 0:
            return False, []
        mid, s = g.state.fresh_id()
        change = (n.StatChange(stat, n.Fixed(-amount)),)
        mod = Modifier(mid, Context(h.get("agent"), oid), change, n.Self(), frozenset({oid}), (), "turn")
        g.set(replace(s, modifiers=s.modifiers + (mod,)))
        g.note("cost", f"{oid} pays {amount} {stat.upper()}: -{amount} {stat.upper()} this turn",
               h.get("cite", "CR 505 [MTUB]"), objects=(oid,))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Pay 1 ATK this turn >>> …": the card's own character pays, if it has that much."""
        if cost is None:
            raise IllegalActionError("paying ATK or DEF is a cost: it is paid before >>>")
        oid = cost.source
        amount = cost_amount(g, cost, e.amount, ctx)
        have = query(g.state).stat(g.state.obj(oid), e.stat)
        if have < amount:
            raise IllegalActionError(f"{oid} cannot pay {amount} {e.stat.upper()} (has {have})",
                                     hint="You can pay X ATK or DEF only if a character has X or more of that stat "
                                          "[MTUB]")
        pay_event(g, cost, ctx, happening(PayStat, object=oid, agent=cost.payer, stat=e.stat, amount=amount,
                                          why="a cost", cite="CR 505 [MTUB]"), f"{amount} {e.stat.upper()}")
        return True, ctx

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        if mode not in ("cost", "happens"):
            return f"\"{words}\" other than as a cost (paying ATK or DEF is a cost, before >>>)"
        if e.stat not in ("atk", "def") or not isinstance(e.object, n.Self):
            return f"\"{words}\" (only the card's own ATK or DEF can be paid)"
        return None
