"""A character becomes the defender (FAQ SC 11): "target character becomes the defender this
attack" — the attack is not checked again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector, display
from ..phrases import active
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class BecomeDefender(Event):
    """"NP becomes the defender this attack" (FAQ SC 11; the attack is not checked again)."""

    object: Selector | None = None
    span: str | None = display(None)


class BecomeDefenderText(Family):
    node = BecomeDefender
    intransitive = True
    object_subject = True
    has_span = True
    of_character = True
    rules = {"become_defender": active(BecomeDefender, role="object")}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('become')} the defender" + say.span(e.span)
