"""Recruit (FAQ GM 7): a player puts a character into play from his or her hand, paying its cost;
the recruit effect is announced. "When you recruit ~", "characters you recruited this turn",
"Whenever a character is recruited from your resource row", "You may recruit ~ from your KO'd
pile." (a permission the card has)."""

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
class Recruit(Event):
    """"When you recruit NP", "Characters your opponents recruit", "NP is recruited from your
    resource row": the recruit effect is announced (FAQ GM 7)."""

    agent: Selector | None = None
    object: Selector | None = None
    origin: "Zone | None" = None


def recruit(self: Any, meta: Meta, children: Children) -> Verb:
    """"recruit NP [from ZONE]", "recruited NP [from ZONE]" (the past)."""
    return with_origin(Recruit, trees(children))


def recruited(self: Any, meta: Meta, children: Children) -> Be:
    parts = trees(children)
    return Be("pp", Verb(Recruit, {"origin": parts[0] if parts else None}, "object"))


def recruited_in_span(self: Any, meta: Meta, children: Children) -> Where:
    """"characters you recruited this turn": each one's recruiting by that player happened then."""
    player, span = trees(children)
    return Where(Happened(Recruit(agent=player, object=Affected()), span.data))


class RecruitText(Family):
    node = Recruit
    verb = "recruit"
    participle = "recruited"
    aux = "is"
    active_past = True
    after_noun = True
    rules = {"recruit": recruit, "recruited": recruited, "recruited_past": recruit,
             "recruited_in_span": recruited_in_span}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('recruit')} {say.np(e.object, 'object')}" + (f" from {say.zone(e.origin)}" if e.origin else "")

    def passive(self, say: Speech, e: Any) -> str:
        return "recruited" + (f" from {say.zone(e.origin)}" if e.origin is not None else "")

    def permission(self, say: Speech, e: Any, subject: Any) -> str:
        """"you may recruit ~ from your KO'd pile": the card's permission."""
        return f"{say.np(e.agent, 'subject')} may recruit {say.np(subject, 'object')} from {say.zone(e.origin)}"
