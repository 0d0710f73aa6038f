"""Moving counters (CR 215): "Move a +1 ATK / +1 DEF counter from target character to another
target character". A counter moved is removed from the one character and put on the other, each
an event of its own ("whenever a counter is put on …" sees it): assumption A-MOVE-COUNTER."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ...text.events.move_counter import MoveCounter
from ..effects import acting, perform, record, step_objects
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import DONE, Cost, Done, EventRule, Mode, Result, names_several
from ..state import Context, Happening, Zone


class MoveCounterRule(EventRule):
    node = MoveCounter
    gerund = "moving counters from"

    def happen(self, g: Game, h: Happening) -> Result:
        """The counters leave the one character, then go on the other (assumption A-MOVE-COUNTER):
        nothing moves unless both are in play and the first has them; a counter that cannot be
        put on the second (a second cosmic counter) is removed all the same."""
        s = g.state
        source, to = s.obj(h.get("object")), s.obj(h.get("to"))
        kind: n.CounterKind = h.get("kind")
        count = int(h.get("count"))
        have = query(s).counters_of(source, kind)
        if source.zone is not Zone.IN_PLAY or to.zone is not Zone.IN_PLAY or source.id == to.id \
                or count <= 0 or have < count:
            g.note("counter", f"{source.id} has not {count} such counter(s) to move to {to.id}: nothing moves",
                   "CR 215", "A-MOVE-COUNTER", (source.id, to.id))
            return False, []
        g.note("counter", f"{count} counter(s) move from {source.id} to {to.id}: removed, then put on",
               "CR 215", "A-MOVE-COUNTER", (source.id, to.id))
        if not perform(g, happening(n.Counter, object=source.id, kind=kind, add=False, count=count)):
            return False, []
        perform(g, happening(n.Counter, object=to.id, kind=kind, add=True, count=count))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Move a counter from NP to NP": from each character the first names (chosen on
        resolution if it is not a target) to the one the second names — "another character"
        there is one other than the first (it is the affected object as the second is chosen)."""
        pid = acting(ctx)
        moved: list[str] = []
        every = isinstance(e.count, n.Quantity) and e.count.op == "all"
        for oid in step_objects(g, e.object, ctx, pid, f"{pid} chooses a character to move counters from"):
            to = step_objects(g, e.to, ctx.bind(affected=oid), pid, f"{pid} chooses a character to move counters to")
            if not to:
                continue
            q = query(g.state)
            times = q.counters_of(g.state.obj(oid), e.kind) if every else q.amount(e.count or n.Fixed(1), ctx)
            h = happening(MoveCounter, object=oid, to=to[0], kind=e.kind, count=times, agent=pid)
            if perform(g, h, ctx):
                moved.append(oid)
        if not moved:
            g.note("counter", "no counter to move: this does nothing", "FAQ SC 18")
        return bool(moved), record(ctx, k, moved)

    def what(self, h: Happening) -> str:
        return f"moving counters from {h.get('object')} to {h.get('to')}"

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """Counters move to one character: "to each character …" says where no one counter goes."""
        if mode in DONE and names_several(e.to):
            return f"\"{words}\" (counters move to one character, not to several)"
        if mode in DONE and e.kind is None:
            return f"\"{words}\" (which counters: a kind of counter must be named)"
        return None
