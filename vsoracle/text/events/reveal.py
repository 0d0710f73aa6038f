"""Reveal: a player shows cards to every player. "Reveal the top four cards of your deck",
"target player reveals his or her hand", "Reveal a Legion card from your hand >>> …", "if you
revealed a card this turn", "one player revealed more X than any other player"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Filter, InZone, Quantity, Selector
from ..phrases import Children, Verb, active, passive, past, trees
from .family import Family

if TYPE_CHECKING:
    from ..tree import Meta


@attrs.frozen(repr=False, eq=False)
class Reveal(Event):
    """"Reveal NP" (a cost or an effect)."""

    agent: Selector | None = None
    object: Selector | None = None


def reveal_zone(self: Any, meta: Meta, children: Children) -> Verb:
    """"Target player reveals his or her hand": every card in it."""
    zone = trees(children)[0]
    return Verb(Reveal, {"object": Filter("card", (InZone(zone),), Quantity("all"), pos=meta.start_pos,
                                          end=meta.end_pos)})


class RevealText(Family):
    node = Reveal
    verb = "reveal"
    participle = "revealed"
    aux = "is"
    by_agent = False
    active_past = True
    state = "revealed"
    tally = "revealed"
    shows = True
    rules = {"reveal": active(Reveal, "object"), "reveal_zone": reveal_zone, "revealed": passive(Reveal),
             "revealed_past": past(Reveal, "object")}
