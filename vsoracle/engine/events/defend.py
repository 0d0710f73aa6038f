"""Defend (CR 407): the character attacked is the attack's defender, against its attackers (the
event's object). "Whenever ~ defends", "… defends against a character adjacent to ~" (MXM)."""

from __future__ import annotations

from ...text import nodes as n
from ..game import Game
from ..query import query
from ..rules import Signal
from ..state import Happening


class DefendRule(Signal):
    node = n.Defend

    def affected(self, g: Game, h: Happening) -> str | None:
        """The defender's controller orders what would replace its defence (FAQ GM 8), not the attackers'."""
        oid = h.get("agent")
        return query(g.state).controller_of(g.state.obj(oid)) if oid in g.state.objects else None
