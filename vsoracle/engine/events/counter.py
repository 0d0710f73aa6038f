"""Counters (CR 215): "+1 ATK / +1 DEF" counters on a character, and named ones (only a cosmic
character has a cosmic counter, and at most one, keyword Cosmic). "Put a +1 ATK counter on target
character", "remove all cosmic counters from …"; as a cost, "Remove a +1 ATK counter from ~ >>> …"."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import cost_one, each_doer_picks, pay_event, perform, record
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening, Zone
from ..values import replace


class CounterRule(EventRule):
    node = n.Counter
    payable = True

    def happen(self, g: Game, h: Happening) -> Result:
        """Counters are put on a character in play, or removed from it (CR 215): at most one
        cosmic counter, and none on a stunned character (assumption A-COSMIC); one that is not
        there is not removed."""
        s = g.state
        oid = h.get("object")
        o = s.obj(oid)
        kind: n.CounterKind = h.get("kind")
        count = h.get("count")
        times = 1 if count is None else int(count)  # "for each point you paid", none paid: no counter
        if o.zone is not Zone.IN_PLAY or times <= 0:
            return False, []
        if kind.name:
            have = o.bindings.get(kind.name, 0)
            if h.get("add"):
                if have >= 1 or (kind.name == "cosmic" and o.stunned):
                    # at most one cosmic counter, and none on a stunned character (assumption A-COSMIC)
                    return False, []
                if not query(s).has_keyword(o, kind.name):
                    # a counter named after a keyword is that keyword's: "Only cosmic characters can have a
                    # cosmic counter" (Heralds of Galactus FAQ 2 [FHG]; cosmic—surge is cosmic too, 2.1)
                    g.note("counter", f"no {kind.name} counter is put on {oid}: only a character with {kind.name} "
                           f"can have one", "keyword Cosmic [FHG]", objects=(oid,))
                    return False, []
                g.set(s.with_object(replace(o, bindings=o.bindings.set(kind.name, 1))))
                g.note("counter", f"a {kind.name} counter is put on {oid}", "CR 215", objects=(oid,))
                return True, []
            if have <= 0:
                return False, []
            g.set(s.with_object(replace(o, bindings=o.bindings.remove(kind.name))))
            g.note("counter", f"the {kind.name} counter is removed from {oid}", "CR 215", objects=(oid,))
            return True, []
        sign = 1 if h.get("add") else -1
        if not h.get("add"):
            if (kind.atk and o.counters[0] * kind.atk <= 0) or (kind.def_ and o.counters[1] * kind.def_ <= 0):
                return False, []
        atk, def_ = o.counters[0] + sign * kind.atk * times, o.counters[1] + sign * kind.def_ * times
        g.set(s.with_object(replace(o, counters=(atk, def_))))
        word = "put on" if h.get("add") else "removed from"
        what = " / ".join(f"{v:+d} {stat}" for v, stat in ((kind.atk, "ATK"), (kind.def_, "DEF")) if v)
        g.note("counter", f"{times} × {what} counter {word} {oid}", "CR 215", objects=(oid,))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Put a +1 ATK counter on target character", "put a +1 DEF counter on ~ for each point
        you paid" (none for 0); as a cost, one counter from ~ or from the character the payer picks."""
        if cost is not None:
            for x in cost_one(g, cost, e.object, ctx):
                pay_event(g, cost, ctx, happening(n.Counter, object=x, kind=e.kind, add=e.add, count=1),
                          f"{x} has no such counter")
            return True, ctx
        q = query(g.state)
        every = isinstance(e.count, n.Quantity) and e.count.op == "all"  # "remove all cosmic counters from …"
        times = 0 if every else q.amount(e.count or n.Fixed(1), ctx)
        if not every and times <= 0:  # "for each point you paid", with none paid
            g.note("counter", f"the number of counters to put is {times}: none is put", "CR 215")
            return False, record(ctx, k, [])
        done: list[str] = []
        for _pid, oid in each_doer_picks(g, e, ctx, "a character"):
            if every:
                times = query(g.state).counters_of(g.state.obj(oid), e.kind)
            h = happening(n.Counter, object=oid, kind=e.kind, add=e.add, count=times)
            if perform(g, h, ctx):
                done.append(oid)
        if not done:
            g.note("counter", "no character to put counters on: this does nothing", "FAQ SC 18")
        return bool(done), record(ctx, k, done)
