"""Change the target of an effect (FAQ SC 3): "Change the target of target plot twist effect to
another character"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import active
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class ChangeTarget(Event):
    """"Change the target of NP to NP" (FAQ SC 3)."""

    object: Selector | None = None
    to: Selector | None = None
    agent: Selector | None = None


class ChangeTargetText(Family):
    node = ChangeTarget
    rules = {"change_target": active(ChangeTarget, "object", "to")}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('change')} the target of {say.np(e.object, 'object')} to {say.np(e.to, 'object')}"
