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
from ..rules import DONE, Cost, Done, EventRule, Mode, Result, origin_of
from ..state import Context, Happening, Zone

_RALLY = "keyword Rally [FUN]"


class RallyRule(EventRule):
    node = n.Rally
    gerund = "rallying"
    #: A rallied card is revealed from its deck: its own "If you would rally ~ into your hand,
    #: instead, …" works there (Marvel Universe FAQ 2's example [FUN]; assumption A-RALLY-SELF).
    out_of_play = True

    def happen(self, g: Game, h: Happening) -> Result:
        """A successful rally puts its card into the hand ("rally ~ into your hand", Marvel
        Universe FAQ 2 [FUN]): the move, which can itself be replaced, follows."""
        return True, [happening(n.Move, object=h.get("object"), to=h.get("to"),
                                origin=origin_of(g.state, h.get("object")))]

    def what(self, h: Happening) -> str:
        return f"rallying {h.get('object')} into {h.get('agent')}'s hand"

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """A rally is done as "rally for NP"; what happens, and what can be replaced, is the card
        a successful rally puts into the hand ("rally NP into your hand")."""
        if mode in DONE and e.into is not None:
            return f"\"{words}\" as an effect (a rally is done as \"rally for NP\")"
        if mode not in DONE and e.into is None:
            return (f"\"{words}\" as something that happens: what vsoracle sees of a rally is the card it puts "
                    "into the hand (\"rally NP into your hand\")")
        if e.into is not None and (e.into.names != ("hand",) or e.into.owner is None):
            return f"\"{words}\": a successful rally puts its card into its player's hand"
        return None

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
        if hit:  # the card goes into the hand as the rally's own event, which can be replaced
            perform(g, happening(n.Rally, agent=pid, object=top, to=("hand", pid)), ctx)
        else:
            perform(g, happening(n.Move, object=top, to=("deck", pid), position="bottom",
                                 origin=origin_of(g.state, top)), ctx)
        where = "goes into the hand" if not hit or g.state.obj(top).zone is Zone.HAND else \
            "is rallied, though it did not go into the hand (the rally is successful: Marvel Universe FAQ 2)"
        g.note("rally", f"{pid} rallies: {top} {where if hit else 'goes to the bottom of the deck'}", _RALLY,
               "A-RALLY-SELF" if hit and g.state.obj(top).zone is not Zone.HAND else None)
        return hit, record(ctx, k, (top,))
