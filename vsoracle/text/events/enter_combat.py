"""Entering combat: a character becomes an attacker or a defender. "Whenever ~ enters combat, …"
(a character of DCL). It is part of attacking, defending and becoming the defender: the
engine's piece says of which events, and it happens with each of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import active
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class EnterCombat(Event):
    """"NP enters combat": a character becomes an attacker or a defender of an attack."""

    agent: Selector | None = None


class EnterCombatText(Family):
    node = EnterCombat
    active_past = True
    of_character = True
    rules = {"enter_combat": active(EnterCombat)}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('enter')} combat"
