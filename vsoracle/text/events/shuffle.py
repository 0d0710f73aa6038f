"""Shuffle a zone: "Shuffle your deck", "shuffle your KO'd pile into your deck". (Shuffling cards
into a deck is a :class:`~vsoracle.text.events.move.Move`.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector, Zone
from ..phrases import Children, Verb, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Shuffle(Event):
    """"Shuffle your deck", "shuffle your KO'd pile into your deck"."""

    agent: Selector | None = None
    zone: "Zone | None" = None
    into: "Zone | None" = None


def shuffle(self: Any, meta: Meta, children: Children) -> Verb:
    parts = trees(children)
    return Verb(Shuffle, {"zone": parts[0], "into": parts[1] if len(parts) > 1 else None})


class ShuffleText(Family):
    node = Shuffle
    rules = {"shuffle": shuffle}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('shuffle')} {say.zone(e.zone)}" + (f" into {say.zone(e.into)}" if e.into else "")
