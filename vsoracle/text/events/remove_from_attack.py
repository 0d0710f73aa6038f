"""Remove a character from the attack (FAQ SC 31): "Remove target attacker from this attack"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import active
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class RemoveFromAttack(Event):
    """"Remove NP from this attack" (FAQ SC 31)."""

    object: Selector | None = None
    agent: Selector | None = None


class RemoveFromAttackText(Family):
    node = RemoveFromAttack
    of_character = True
    rules = {"remove_from_attack": active(RemoveFromAttack, "object")}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('remove')} {say.np(e.object, 'object')} from this attack"
