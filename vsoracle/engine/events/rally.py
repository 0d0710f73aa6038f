"""Rally (Marvel Universe FAQ 2 [FUN]): "Rally for X" reveals the top card of your deck; an X card
goes into your hand (the rally is successful), another to the bottom of your deck. A description
that requires a choice ("a card type of your choice") is chosen before the reveal. Only an effect:
what happens is the reveal and the move."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import choose_value, doer, perform, record, without_zone
from ..game import Game
from ..patterns import kind_of
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule
from ..state import Context

_RALLY = "keyword Rally [FUN]"


class RallyRule(EventRule):
    node = n.Rally

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Rally for X": reveal the top card of your deck; an X card goes into your hand, another
        to the bottom of your deck; "If the [description] requires a choice, you must make that
        choice before revealing that card" (Marvel Universe FAQ 2): "a card type of your choice" is
        a card of the type chosen then. Done: the rally was successful."""
        q = query(g.state)
        pid = doer(q, e.agent, ctx)
        described = e.object
        if isinstance(described, n.Filter) and kind_of(described) == "choice":
            made = choose_value(g, pid, described, ctx, _RALLY)
            if made is None:
                return False, ctx
            value, ctx = made
            described = n.Filter("card", (n.Chosen(described.kind),))
            ctx = ctx.bind(**{f"chosen:{e.object.kind}": value})
            shown = " or ".join(map(str, value)) if isinstance(value, tuple) else str(value)
            what = f"a card named {shown}" if e.object.kind == "card name" else \
                f"{'an' if shown[:1].lower() in 'aeiou' else 'a'} {shown} card"
            g.note("rally", f"{pid} rallies for {what}, chosen before the reveal", _RALLY)
        deck = g.state.player(pid).deck
        if not deck:
            g.note("rally", f"{pid} has no card to rally", _RALLY)
            return False, ctx
        top = deck[0]
        perform(g, happening(n.Reveal, agent=pid, object=(top,)), ctx)
        hit = query(g.state).matches(without_zone(described), g.state.obj(top), ctx)
        dest = ("hand", pid) if hit else ("deck", pid)
        perform(g, happening(n.Move, object=top, to=dest, position=None if hit else "bottom"), ctx)
        g.note("rally", f"{pid} rallies: {top} {'goes into the hand' if hit else 'goes to the bottom of the deck'}",
               _RALLY)
        return hit, record(ctx, k, (top,))
