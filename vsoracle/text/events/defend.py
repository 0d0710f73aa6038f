"""Defend: a character becomes the defender of an attack. "Whenever ~ defends", "if ~
defended this turn", "characters that defended this turn", "defends against a character adjacent
to ~" (an MXM leader: the attacker)."""

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
    """"NP defends [against NP]": a character becomes the defender of an attack (``object``: its
    attackers)."""

    agent: Selector | None = None
    object: Selector | None = None


class DefendText(Family):
    node = Defend
    active_past = True
    relative_past = "defended"
    of_character = True
    rules = {"defend": active(Defend), "defend_against": active(Defend, "object"), "defended": past(Defend)}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return v("defend") + (f" against {say.np(e.object, 'object')}" if e.object is not None else "")
