"""Play a card (a plot twist, a location, an equipment): "Whenever you play a plot twist [from
your resource row]", "you cannot play plot twists", "plot twists an opponent played this turn",
"if you played another plot twist this turn", "You can play this card from your KO'd pile." (a
permission the card has, DWF)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Affected, Event, Happened, Selector, Where, Zone
from ..phrases import Be, Children, Verb, trees, with_origin
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Play(Event):
    """"Whenever you play a plot twist [from your resource row]", "you cannot play plot twists"."""

    agent: Selector | None = None
    object: Selector | None = None
    origin: "Zone | None" = None


def play(self: Any, meta: Meta, children: Children) -> Verb:
    """"play NP [from ZONE]", "played NP [from ZONE]" (the past)."""
    return with_origin(Play, trees(children))


def played_pp(self: Any, meta: Meta, children: Children) -> Be:
    parts = trees(children)
    return Be("pp", Verb(Play, {"origin": parts[0] if parts else None}, "object"))


def played_in_span(self: Any, meta: Meta, children: Children) -> Where:
    """"plot twists an opponent played this turn"."""
    player, span = trees(children)
    return Where(Happened(Play(agent=player, object=Affected()), span.data))


class PlayText(Family):
    node = Play
    verb = "play"
    participle = "played"
    aux = "is"
    active_past = True
    after_noun = True
    rules = {"play": play, "played_pp": played_pp, "played": play, "played_in_span": played_in_span}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('play')} {say.np(e.object, 'object')}" + (f" from {say.zone(e.origin)}" if e.origin else "")

    def passive(self, say: Speech, e: Any) -> str:
        return "played" + (f" from {say.zone(e.origin)}" if e.origin is not None else "")

    def permission(self, say: Speech, e: Any, subject: Any) -> str:
        """"you may play ~ from your KO'd pile": the card's permission ("You can play this card …")."""
        return f"{say.np(e.agent, 'subject')} may play {say.np(subject, 'object')} from {say.zone(e.origin)}"
