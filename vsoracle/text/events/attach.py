"""Attaching equipment by an effect (CR 302): "Attach target equipment you control to another
target character you control" — the equipment leaves the character it is on and is attached to
the other, as a transfer moves it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import Children, Verb, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Attach(Event):
    """"Attach NP to NP": the equipment ``object`` is attached to the character ``to``."""

    object: Selector | None = None
    to: Selector | None = None
    agent: Selector | None = None


def attach(self: Any, meta: Meta, children: Children) -> Verb:
    equipment, to = trees(children)
    return Verb(Attach, {"object": equipment, "to": to})


class AttachText(Family):
    node = Attach
    rules = {"attach": attach}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('attach')} {say.np(e.object, 'object')} to {say.np(e.to, 'object')}"
