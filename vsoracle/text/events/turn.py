"""Turn a card face down or face up: "Turn target character face down", "Whenever a card is
turned face up"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import Be, Children, Verb, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Turn(Event):
    """"Turn NP face down" / "face up"."""

    object: Selector | None = None
    face: str = "down"
    agent: Selector | None = None


def turn(self: Any, meta: Meta, children: Children) -> Verb:
    obj, face = trees(children)
    return Verb(Turn, {"object": obj, "face": face})


def turned_pp(self: Any, meta: Meta, children: Children) -> Be:
    return Be("pp", Verb(Turn, {"face": trees(children)[0]}, "object"))


class TurnText(Family):
    node = Turn
    participle = "turned"
    aux = "is"
    rules = {"turn": turn, "turned_pp": turned_pp}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('turn')} {say.np(e.object, 'object')} face {e.face}"

    def passive(self, say: Speech, e: Any) -> str:
        return f"turned face {e.face}"
