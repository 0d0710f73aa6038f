"""Exhaust: a ready character turns sideways. "Exhaust target character", "Activate >>> …" (the
cost of exhausting the card itself, assumption A-ACTIVATE), "Whenever ~ becomes exhausted", "If ~
would become exhausted, instead, it stays ready"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from ..ast import Event, Selector, Self, display
from ..phrases import Children, Verb, active, passive
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Exhaust(Event):
    """Exhaust: "exhaust NP", "NP becomes exhausted"; "Activate" is exhausting the card itself
    (assumption A-ACTIVATE)."""

    object: Selector | None = None
    agent: Selector | None = None
    word: str = display("exhaust")


def activate(self: Any, meta: Meta, children: Children) -> Verb:
    """"Activate >>> …": the card exhausts itself."""
    return Verb(Exhaust, {"object": Self(word="activate"), "word": "activate"}, "agent")


class ExhaustText(Family):
    node = Exhaust
    verb = "exhaust"
    participle = "exhausted"
    state = "exhausted"
    of_character = True
    rules = {"exhaust": active(Exhaust, "object"), "exhausted": passive(Exhaust), "activate": activate}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        if e.word == "activate" and isinstance(e.object, Self) and say.verbatim:
            return v("activate")  # the plain reading says what it means: "exhaust this character"
        return super().vp(say, e, v)

    def leaves(self, e: Any) -> Literal["ready"]:
        return "ready"
