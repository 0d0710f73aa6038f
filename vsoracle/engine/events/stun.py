"""Stun (CR 702.1a): a character turns face down and its controller loses endurance equal to its
cost; it loses its cosmic counter (assumption A-COSMIC); its equipment stays attached (assumption
A-EQUIP-STUN); a character stunned during an attack is no longer in it ([M481], A-LEFT-ATTACK)."""

from __future__ import annotations

from typing import Any

from ...cards import CardType
from ...text.events.stun import Stun
from ...text import nodes as n
from ..effects import on_objects
from ..game import Game
from ..primitives import happening, out_of_the_attack
from ..query import query
from ..rules import Cost, Done, EventRule, Mode, Result, only_characters
from ..state import Context, GameObject, GameState, Happening, Zone
from ..values import replace


class StunRule(EventRule):
    node = Stun
    gerund = "stunning"
    payable = True

    def happen(self, g: Game, h: Happening) -> Result:
        """Stun a character: it turns face down and its controller loses endurance equal to its
        cost (CR 702.1a); it loses its cosmic counter (assumption A-COSMIC); its equipment stays
        attached (assumption A-EQUIP-STUN)."""
        s = g.state
        oid = h.get("object")
        o = s.obj(oid)
        if o.zone is not Zone.IN_PLAY or o.stunned or o.card.type is not CardType.CHARACTER:
            return False, []
        q = query(s)
        invulnerable = "invulnerability" in q.keywords(o)
        bindings = o.bindings.remove("cosmic") if o.bindings.get("cosmic") else o.bindings
        g.set(s.with_object(replace(o, stunned=True, bindings=bindings)))
        g.note("stun", f"{oid} is stunned ({h.get('how') or h.get('why', 'an effect')})", h.get("cite", "CR 508"),
               objects=(oid,), figures=h.get("figures") or ())
        if o.bindings.get("cosmic"):
            g.note("counter", f"{oid} loses its cosmic counter as it becomes stunned", "keyword Cosmic", "A-COSMIC")
        follow: list[Happening] = []
        if invulnerable:
            g.note("endurance", f"{o.controller} loses no endurance: {oid} has invulnerability",
                   "keyword Invulnerability", "A-INVULNERABILITY")
        elif (o.card.cost or 0) > 0:
            follow.append(happening(n.Endurance, player=o.controller, amount=o.card.cost, gain=False, cause="stun",
                                    object=oid, why=f"{oid} stunned", cite="CR 702.1a",
                                    how=f"{oid} stunned: {oid}'s cost {o.card.cost}",
                                    figures=(("stunned", oid), (f"{oid}'s cost", o.card.cost or 0))))
        gear = [e.id for e in g.state.in_play() if e.equipped_to == oid]
        if gear:
            g.note("equip", f"{', '.join(gear)} stays attached to the stunned {oid}, its text box inactive while "
                   f"{oid} is stunned", "CR 302, 701.12b [HCR789]", "A-EQUIP-STUN")
        out_of_the_attack(g, h)
        return True, follow

    def would_happen(self, s: GameState, h: Happening) -> bool:
        """Only a character in play that is not stunned can become stunned (CR 702.1a)."""
        o = s.objects.get(h.get("object"))
        return o is not None and o.zone is Zone.IN_PLAY and not o.stunned and o.card.type is CardType.CHARACTER

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Stun target character"; as a cost, "Stun ~ >>> …" or "Stun a character you control
        >>> …": a character not stunned already."""
        return on_objects(g, e, ctx, k, cost, "stun", "stunned", _not_stunned)

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        return only_characters(e, mode, words, "stunned")


def _not_stunned(o: GameObject) -> bool:
    return not o.stunned
