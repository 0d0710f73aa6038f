"""Power-up (CR 507, digest §19; assumption A-POWER-UP): a character gets +1 ATK / +1 DEF this
turn and becomes powered-up — from the power-up game-based effect (discarding a card with its name,
:func:`vsoracle.engine.actions.power_up`, resolved by :mod:`vsoracle.engine.resolve`) or from card
text ("Power-up target character")."""

from __future__ import annotations

from typing import Any

from ...cards import CardType
from ...text import nodes as n
from ..effects import each_doer_picks, perform, record
from ..game import Game
from ..primitives import happening
from ..rules import Cost, Done, EventRule, Mode, Result, only_characters
from ..state import Context, Happening, Modifier, Zone
from ..values import replace


class PowerUpRule(EventRule):
    node = n.PowerUp

    def happen(self, g: Game, h: Happening) -> Result:
        """The character becomes powered-up: +1 ATK / +1 DEF this turn, one modifier per power-up
        (CR 507, digest §19; assumption A-POWER-UP)."""
        pid, oid = h.get("agent"), h.get("object")
        mid, s = g.state.fresh_id()
        change = (n.StatChange("atk", n.Fixed(1)), n.StatChange("def", n.Fixed(1)))
        mod = Modifier(mid, Context(pid, oid), change, n.Self(), frozenset({oid}), (), "turn")
        g.set(replace(s, modifiers=s.modifiers + (mod,)))
        g.note("power-up", f"{oid} is powered-up: +1 ATK / +1 DEF this turn", "CR 507; digest §19", "A-POWER-UP",
               (oid,))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """Power-up (core rule): the character gets +1 ATK / +1 DEF this turn and becomes powered-up."""
        done: list[str] = []
        for pid, oid in each_doer_picks(g, e, ctx, "a character to power-up"):
            if power_up(g, pid, oid, ctx):
                done.append(oid)
        return bool(done), record(ctx, k, done)

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        return only_characters(e, mode, words, "powered-up")


def power_up(g: Game, pid: str, oid: str, ctx: Context) -> bool:
    """``pid`` powers up ``oid``, a character in play (anything else is not powered-up): the event
    through the pipeline, so "cannot be powered-up" and "instead" apply."""
    o = g.state.obj(oid)
    if o.zone is not Zone.IN_PLAY or o.card.type is not CardType.CHARACTER:
        return False
    return perform(g, happening(n.PowerUp, object=oid, agent=pid), ctx)
