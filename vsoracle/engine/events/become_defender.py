"""Become the defender (CR 407 [FMS]): a character is the attack's defender instead of the one that
was ("Target character becomes the defender"); the attack's legality is not checked again."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import to_each
from ..game import Game
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening
from ..values import replace


class BecomeDefenderRule(EventRule):
    node = n.BecomeDefender

    def happen(self, g: Game, h: Happening) -> Result:
        """The character is the attack's only defender (nothing outside an attack)."""
        a = g.state.attack
        oid = h.get("object")
        if a is None:
            return False, []
        g.set(replace(g.state, attack=replace(a, defenders=(oid,))))
        g.note("attack", f"{oid} becomes the defender; the attack's legality is not checked again", "CR 407 [FMS]",
               objects=(oid,))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Target character becomes the defender": one character, the first picked."""
        return to_each(g, e, ctx, k, "make the defender", one=True)
