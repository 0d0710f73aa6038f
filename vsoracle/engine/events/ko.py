"""KO (digest §4, §11): a character, an equipment or a resource goes to its owner's KO'd pile; a
card in play that is KO'd also leaves play (and the equipment attached to it goes with it)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import on_objects
from ..game import Game
from ..primitives import ZONE_WORDS, leaving, left_the_row, object_in_play
from ..rules import Cost, Done, EventRule, Result
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
