"""Counters (CR 215): "+1 ATK / +1 DEF" counters on a character, and named ones (only a cosmic
character has a cosmic counter, and at most one, keyword Cosmic). "Put a +1 ATK counter on target
character", "remove all cosmic counters from …"; as a cost, "Remove a +1 ATK counter from ~ >>> …",
"Remove two counters from ~ >>> …" (a counter of no kind named: any kind, the remover's choice,
assumption A-ANY-COUNTER)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import cost_amount, cost_candidates, cost_pick, each_doer_picks, pay_event, perform, record
from ..game import Decision, Game
from ..primitives import happening
from ..query import NAMED_COUNTERS, query
from ..rules import DONE, Cost, Done, EventRule, Mode, Result
from ..state import Context, GameObject, Happening, Zone
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
        kind: n.CounterKind | None = h.get("kind")
        count = h.get("count")
        if kind is None:  # "a counter" names its kind as it is removed (do, _which): none there
            return False, []
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
            # only the counters that are there are removed ("remove two +1 ATK counters" from one with a
            # single counter removes that one; a removal never leaves a counter of the other sign)
            times = min(times, query(s).counters_of(o, kind))
            if times <= 0:
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
            self._pay(g, e, ctx, cost)
            return True, ctx
        q = query(g.state)
        every = isinstance(e.count, n.Quantity) and e.count.op == "all"  # "remove all cosmic counters from …"
        times = 0 if every else q.amount(e.count or n.Fixed(1), ctx)
        if not every and times <= 0:  # "for each point you paid", with none paid
            g.note("counter", f"the number of counters to put is {times}: none is put", "CR 215")
            return False, record(ctx, k, [])
        done: list[str] = []
        for pid, oid in each_doer_picks(g, e, ctx, "a character"):
            if every:
                times = query(g.state).counters_of(g.state.obj(oid), e.kind)
            if e.kind is None:  # "remove two counters from it": one at a time, each of a kind he picks
                removed = False
                for _ in range(times):
                    kind = self._which(g, pid, oid)
                    if kind is None:
                        break
                    removed = perform(g, happening(n.Counter, object=oid, kind=kind, add=False, count=1), ctx) or removed
                if removed:
                    done.append(oid)
                continue
            h = happening(n.Counter, object=oid, kind=e.kind, add=e.add, count=times)
            if perform(g, h, ctx):
                done.append(oid)
        if not done:
            g.note("counter", "no character to put counters on: this does nothing", "FAQ SC 18")
        return bool(done), record(ctx, k, done)

    def _pay(self, g: Game, e: Any, ctx: Context, cost: Cost) -> None:
        """The counters a cost puts or removes, one at a time: "Remove two +1 ATK / +1 DEF counters
        from ~" takes two from it, "Remove three cosmic counters from characters you control" three
        from the characters the payer picks, each with such a counter; all of them or the cost is not
        paid (CR 505)."""
        every = isinstance(e.count, n.Quantity) and e.count.op == "all"
        q = query(g.state)
        for i in range(1 if every else cost_amount(g, cost, e.count or n.Fixed(1), ctx)):
            found = [cost.source] if isinstance(e.object, n.Self) else cost_candidates(g, cost, e.object, ctx)
            if not e.add:
                found = [x for x in found if q.counters_of(g.state.obj(x), e.kind) > 0] or found[:1]
            for x in cost_pick(g, cost, found, 1, "use"):
                kind = e.kind if e.kind is not None or e.add else self._which(g, cost.payer, x)
                count = q.counters_of(g.state.obj(x), e.kind) if every else 1
                pay_event(g, cost, ctx, happening(n.Counter, object=x, kind=kind, add=e.add, count=count),
                          f"{x} has no such counter")
            q = query(g.state)

    def _which(self, g: Game, pid: str, oid: str) -> n.CounterKind | None:
        """Which kind of counter "a counter" is, of those on the character (None: it has none); the
        remover's choice when there are several kinds (assumption A-ANY-COUNTER)."""
        kinds = kinds_on(g.state.obj(oid))
        if not kinds:
            return None
        words = tuple(kind_words(k) for k in kinds)
        picked = words[0] if len(kinds) == 1 else g.ask(
            Decision(pid, "choose", f"{pid} chooses which counter to remove from {oid}", words))
        g.note("counter", f"\"a counter\" of no kind named: a {picked} counter, of those on {oid}", "CR 215",
               "A-ANY-COUNTER", objects=(oid,))
        return kinds[words.index(picked)]

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """A counter put on a card is of a kind: "put a counter on ~" names none."""
        if mode in DONE and e.add and e.kind is None:
            return (f"\"{words}\" (a counter put on a card is of a kind: say which, "
                    "'a +1 ATK / +1 DEF counter' or 'a cosmic counter')")
        return None


def kinds_on(o: GameObject) -> list[n.CounterKind]:
    """The kinds of counter on ``o`` (CR 215): its named ones, and its stat counters as they are kept,
    as totals — "+1 ATK / +1 DEF" (or "-1 ATK / -1 DEF") while both totals have that sign, and a
    one-stat counter for what one total has beyond the other."""
    kinds = [n.CounterKind(name=name) for name in NAMED_COUNTERS if o.bindings.get(name)]
    atk, def_ = o.counters

    def sign(v: int) -> int:
        return 1 if v > 0 else -1

    if atk and def_ and (atk > 0) == (def_ > 0):
        kinds.append(n.CounterKind(sign(atk), sign(def_)))
        if abs(atk) > abs(def_):
            kinds.append(n.CounterKind(sign(atk), 0))
        elif abs(def_) > abs(atk):
            kinds.append(n.CounterKind(0, sign(def_)))
    else:
        kinds += [n.CounterKind(sign(atk), 0)] if atk else []
        kinds += [n.CounterKind(0, sign(def_))] if def_ else []
    return kinds


def kind_words(kind: n.CounterKind) -> str:
    """A kind of counter as cards print it: "cosmic", "+1 ATK / +1 DEF", "-1 DEF"."""
    if kind.name:
        return kind.name
    return " / ".join(f"{v:+d} {stat}" for v, stat in ((kind.atk, "ATK"), (kind.def_, "DEF")) if v)
