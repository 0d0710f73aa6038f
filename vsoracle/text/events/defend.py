"""Defend: a character becomes the defender of an attack. "Whenever ~ defends", "if ~
defended this turn", "characters that defended this turn"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import active, past
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Defend(Event):
    """"NP defends": a character becomes the defender of an attack."""

    agent: Selector | None = None


class DefendText(Family):
    node = Defend
    active_past = True
    relative_past = "defended"
    of_character = True
    rules = {"defend": active(Defend), "defended": past(Defend)}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return v("defend")
