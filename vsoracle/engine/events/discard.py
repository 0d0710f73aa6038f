"""Discard: a card from its owner's hand goes to his KO'd pile. "Discard a card", "each player
discards a card at random"; as a cost (CR 505), "Discard a card >>> …", "Discard ~ >>> …" (the
card itself, from the hand: assumption A-HAND-POWER)."""

from __future__ import annotations

from typing import Any

from ...errors import IllegalActionError
from ...text import nodes as n
from ..effects import (acting, at_random, choose_objects, cost_candidates, cost_count, cost_pick, doers, hand_cards,
                       how_many, pay_event, perform, record)
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Result, into_pile
from ..state import HAND, KO_PILE, Context, GameState, Happening
from ..zones import move_card


class DiscardRule(EventRule):
    node = n.Discard
    gerund = "discarding"
    payable = True
    from_hand = True

    def happen(self, g: Game, h: Happening) -> Result:
        """A card from its owner's hand goes to the KO'd pile (a card no longer in the hand is not discarded)."""
        oid = h.get("object")
        o = g.state.obj(oid)
        if o.zone is not HAND:
            return False, []
        g.set(move_card(g.state, oid, KO_PILE))
        if g.logged:  # (a line tried only for where it leads keeps no log)
            g.note("discard", f"{o.owner} discards {oid}" + (" as a cost" if h.get("cost") else ""),
                   h.get("cite", "CR 508"), objects=(oid,))
        return True, []

    def puts_into_pile(self, s: GameState, h: Happening) -> tuple[Happening, ...]:
        """A discarded card is put into its owner's KO'd pile from the hand (World's Finest FAQ 3
        [FWF]: discarding is a card's entering a KO'd pile from a hand; assumption A-INTO-PILE)."""
        oid = h.get("object")
        if not isinstance(oid, str) or s.obj(oid).zone is not HAND:
            return ()
        return (into_pile(s, oid, KO_PILE),)

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Discard a card", "each player discards a card": each chooses from his own hand; as a
        cost, the cards the step names or the payer's choice, from his hand but for the card
        being used or played."""
        if cost is not None:
            return self._pay(g, e, ctx, cost)
        q = query(g.state)
        done: list[str] = []
        happened: list[Happening] = []
        for pid in doers(q, e.agent, ctx):
            pctx = ctx.bind(acting=pid)
            hand = hand_cards(g, e.object, pctx, pid)
            count, up_to = how_many(q, e.object, pctx)
            picked = choose_objects(g, pid, hand, count, f"{pid} discards", up_to, at_random(e.object))
            if not picked:
                g.note("discard", f"{pid} has no card to discard", "CR 508")
            for oid in picked:
                h = happening(n.Discard, agent=pid, object=oid, **{"effect": ctx.bindings.get("link")})
                if perform(g, h, pctx):
                    done.append(oid)
                    happened.append(h)
        return bool(done), record(ctx, k, done, happened)

    def _pay(self, g: Game, e: Any, ctx: Context, cost: Cost) -> Done:
        """"Discard a card and ~ >>> …": every part's cards are picked first, then discarded one by one."""
        pid, source = cost.payer, cost.source
        q = query(g.state)
        parts = e.object.parts if isinstance(e.object, n.Together) else (e.object,)
        held = g.state.player(pid).hand
        hand = [x for x in held if x != source]
        discarding: list[str] = []
        for part in parts:
            if isinstance(part, n.Self):
                # "Discard ~ >>> …" discards the card itself, from the hand (assumption A-HAND-POWER)
                if source not in held:
                    raise IllegalActionError(f"{pid} cannot pay the cost: {source} is not in the hand")
                discarding.append(source)
                continue
            pool = [x for x in hand if x not in discarding] if discarding else hand
            found = cost_candidates(g, cost, part, ctx, pool=pool) if part is not None else pool
            discarding += cost_pick(g, cost, found, cost_count(q, part, ctx), "discard")
        for x in discarding:
            pay_event(g, cost, ctx, happening(n.Discard, agent=pid, object=x, cost=True, cite="CR 505"),
                      f"{x} cannot be discarded")
        return True, ctx

    def can_do(self, g: Game, e: Any, ctx: Context) -> bool:
        """A player discards only if he has such a card ("you may discard a card instead")."""
        return bool(hand_cards(g, e.object, ctx, acting(ctx)))
