"""A card comes into play: "When ~ comes into play", "Whenever a character enters play", "If a
character would come into play, …"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector, display
from ..phrases import Children, Verb, active
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class EnterPlay(Event):
    """"NP comes into play" / "NP enters play"."""

    object: Selector | None = None
    word: str = display("comes into play")


def enter_play(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(EnterPlay, {"word": "enters play"}, "object")


class EnterPlayText(Family):
    node = EnterPlay
    intransitive = True
    object_subject = True
    rules = {"come_into_play": active(EnterPlay, role="object"), "enter_play": enter_play}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('enter')} play" if e.word == "enters play" else f"{v('come')} into play"
