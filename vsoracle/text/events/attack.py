"""Attack: a character attacks a character or an opponent. "~ attacks", "Whenever ~
attacks a character", "~ can attack from the support row", "~ cannot be attacked", "if ~
attacked this turn", "characters that attacked this turn"; "team attack"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector, Zone
from ..phrases import Children, Verb, passive, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Attack(Event):
    """An attack: "NP attacks [NP]", "NP is attacked", "NP can attack hidden characters";
    ``team`` for "team attack"."""

    agent: Selector | None = None
    object: Selector | None = None
    team: bool = False
    origin: "Zone | None" = None  # "can attack from the support row"


def attack(self: Any, meta: Meta, children: Children) -> Verb:
    """"attacks [NP]", "attacked [NP]" (the past): whom it attacks, if the text says."""
    parts = trees(children)
    return Verb(Attack, {"object": parts[0] if parts else None})


def attack_from(self: Any, meta: Meta, children: Children) -> Verb:
    """"can attack from the support row" (what range says)."""
    return Verb(Attack, {"origin": trees(children)[-1]})


def team_attack(self: Any, meta: Meta, children: Children) -> Verb:
    parts = trees(children)
    return Verb(Attack, {"object": parts[0] if parts else None, "team": True})


class AttackText(Family):
    node = Attack
    participle = "attacked"
    aux = "is"
    active_past = True
    relative_past = "attacked"
    state = "attacked"
    of_character = True
    rules = {"attack": attack, "attack_from": attack_from, "team_attack": team_attack, "attacked": passive(Attack),
             "attacked_past": attack}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        head = ("team " if e.team else "") + v("attack")
        if e.origin is not None:
            return f"{head} from {say.zone(e.origin)}"
        return head + (f" {say.np(e.object, 'object')}" if e.object is not None else "")

    def past_vp(self, say: Speech, e: Any) -> str:
        return "attacked" + (f" {say.np(e.object, 'object')}" if e.object is not None else "")
