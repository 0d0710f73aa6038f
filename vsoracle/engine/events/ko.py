"""KO (digest §4, §11): a character, an equipment or a resource goes to its owner's KO'd pile; a
card in play that is KO'd also leaves play (and the equipment attached to it goes with it)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import on_objects
from ..game import Game
from ..primitives import ZONE_WORDS, leaving, left_the_row, object_in_play
from ..rules import DONE, Cost, Done, EventRule, Mode, Result, into_pile
from ..state import Context, GameState, Happening, Zone
from ..zones import move_card


class KORule(EventRule):
    node = n.KO
    gerund = "KO'ing"
    payable = True

    def happen(self, g: Game, h: Happening) -> Result:
        """KO: a character, equipment or resource goes to its owner's KO'd pile (digest §4, §11)."""
        s = g.state
        oid = h.get("object")
        o = s.obj(oid)
        if o.zone not in (Zone.IN_PLAY, Zone.RESOURCE_ROW):
            g.note("ko", f"{oid} is not KO'd: it is in {o.owner}'s {ZONE_WORDS.get(o.zone, str(o.zone))}, and only "
                   "a card in play or in a resource row can be KO'd", h.get("cite", "CR 508"), objects=(oid,))
            return False, []
        was_in_play = o.zone is Zone.IN_PLAY
        g.set(move_card(s, oid, Zone.KO_PILE))
        g.note("ko", f"{oid} is KO'd ({h.get('why', 'an effect')})", h.get("cite", "CR 508"), objects=(oid,))
        left_the_row(g, o)
        return True, (leaving(g, s, oid) if was_in_play else [])

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"KO target character"; as a cost, "KO ~ >>> …" (a card in play)."""
        return on_objects(g, e, ctx, k, cost, "KO", "KO'd")

    def leaves_play(self, s: GameState, h: Happening) -> str | None:
        """A KO'd card in play leaves play."""
        return object_in_play(s, h)

    def puts_into_pile(self, s: GameState, h: Happening) -> tuple[Happening, ...]:
        """A KO'd card is put into its owner's KO'd pile (digest §11; assumption A-INTO-PILE)."""
        oid = h.get("object")
        if not isinstance(oid, str) or s.obj(oid).zone not in (Zone.IN_PLAY, Zone.RESOURCE_ROW):
            return ()
        return (into_pile(s, oid, Zone.KO_PILE),)

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """A KO puts a card in play or in a resource row into the KO'd pile (digest §4, §11);
        nothing says what KO'ing a card in a hand, a deck or a pile would do."""
        if mode in DONE and _out_of_play_only(e.object):
            return f"\"{words}\" (KO'ing a card that is not in play or in a resource row)"
        return None


#: Zones of card text that are out of play and out of the resource row: no card there can be KO'd.
_PILES_OUT_OF_PLAY = frozenset({"hand", "deck", "ko pile", "removed"})


def _out_of_play_only(sel: n.Selector | None) -> bool:
    """Does the selector name only cards in a hand, a deck, a KO'd pile or the removed-from-game
    zone ("a card in your hand", "the top card of your deck")?"""
    if isinstance(sel, n.TopCards):
        return True
    if isinstance(sel, (n.Either, n.Together)):
        return any(_out_of_play_only(x) for x in (sel.options if isinstance(sel, n.Either) else sel.parts))
    if isinstance(sel, n.Filter):
        zones = [q.zone for q in sel.qualifiers if isinstance(q, n.InZone) and q.zone is not None]
        return bool(zones) and all(set(z.names) <= _PILES_OUT_OF_PLAY for z in zones)
    return False
