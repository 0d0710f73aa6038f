"""Breakthrough (CR 407): an attacker's ATK past the defender's DEF is endurance its opponent
loses. "Whenever ~ causes breakthrough", "Prevent all breakthrough to you this attack", "if ~
caused breakthrough this turn", "characters that caused breakthrough this turn"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Amount, Event, Selector
from ..phrases import Children, Verb, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Breakthrough(Event):
    """Breakthrough (CR 407): "NP causes breakthrough [to NP]"; ``amount`` is how much
    endurance it costs (a pattern may ask for a range: "4 or more")."""

    agent: Selector | None = None
    player: Selector | None = None
    amount: Amount | None = None


def breakthrough(self: Any, meta: Meta, children: Children) -> Verb:
    """"causes breakthrough [to NP]", "caused breakthrough [to NP]" (the past)."""
    parts = trees(children)
    return Verb(Breakthrough, {"player": parts[0] if parts else None})


def breakthrough_noun(self: Any, meta: Meta, children: Children) -> Breakthrough:
    """"Prevent all breakthrough [to NP]": the event prevented."""
    parts = trees(children)
    return Breakthrough(player=parts[0] if parts else None)


class BreakthroughText(Family):
    node = Breakthrough
    active_past = True
    relative_past = "caused breakthrough"
    of_character = True
    rules = {"breakthrough": breakthrough, "caused_breakthrough": breakthrough, "breakthrough_noun": breakthrough_noun}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('cause')} breakthrough" + (f" to {say.np(e.player, 'object')}" if e.player is not None else "")

    def noun(self, say: Speech, e: Any) -> str:
        return "breakthrough" + (f" to {say.np(e.player, 'object')}" if e.player is not None else "")
