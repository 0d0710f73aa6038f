"""Search a zone: "Search your deck for a character card with cost 3 or less, reveal it and put it
into your hand": the player finds such a card, or fails to find one."""

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
class Search(Event):
    """"Search your deck for NP": the player finds such a card, or fails to find one."""

    agent: Selector | None = None
    zone: "Zone | None" = None
    object: Selector | None = None


def search(self: Any, meta: Meta, children: Children) -> Verb:
    parts = trees(children)
    return Verb(Search, {"zone": parts[0], "object": parts[1] if len(parts) > 1 else None})


class SearchText(Family):
    node = Search
    rules = {"search": search}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('search')} {say.zone(e.zone)}" + (f" for {say.np(e.object, 'object')}" if e.object else "")
