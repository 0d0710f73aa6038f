"""Recover: a stunned character turns face up (CR 408)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import on_objects
from ..game import Game
from ..rules import Cost, Done, EventRule, Mode, Result, only_characters
from ..state import Context, Happening, Zone
from ..values import replace


class RecoverRule(EventRule):
    node = n.Recover
    gerund = "recovering"

    def happen(self, g: Game, h: Happening) -> Result:
        """Recover a stunned character: it turns face up (CR 408)."""
        s = g.state
        oid = h.get("object")
        o = s.obj(oid)
        if o.zone is not Zone.IN_PLAY or not o.stunned:
            return False, []
        g.set(s.with_object(replace(o, stunned=False)))
        g.note("recover", f"{oid} is recovered ({h.get('why', 'an effect')})", h.get("cite", "CR 508"),
               objects=(oid,))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Recover target character"."""
        return on_objects(g, e, ctx, k, cost, "recover")

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        return only_characters(e, mode, words, "recovered")
