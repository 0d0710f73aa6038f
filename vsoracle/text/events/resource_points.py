"""Resource points: "gain 5 resource points", "Pay 2 resource points >>> …", "pay up to 3
resource points", "Pay 1 or more resource points >>> …", "you cannot pay resource points this turn"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Amount, Event, Fixed, Selector
from ..phrases import Children, Verb, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class ResourcePoints(Event):
    """Resource points: "gain 5 resource points", "pay 2 resource points", "pay up to 3 …"."""

    player: Selector | None = None
    amount: Amount | None = None
    gain: bool = False
    up_to: bool = False
    or_more: bool = False  # "pay 1 or more resource points": as many as the payer chooses, at least that


def gain_points(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(ResourcePoints, {"amount": trees(children)[0], "gain": True}, "player")


def pay_points(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(ResourcePoints, {"amount": trees(children)[0], "gain": False}, "player")


def pay_points_or_more(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(ResourcePoints, {"amount": trees(children)[0], "gain": False, "or_more": True}, "player")


def pay_up_to_points(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(ResourcePoints, {"amount": trees(children)[0], "gain": False, "up_to": True}, "player")


class ResourcePointsText(Family):
    node = ResourcePoints
    doer = "player"
    rules = {"gain_points": gain_points, "pay_points": pay_points, "pay_up_to_points": pay_up_to_points,
             "pay_points_or_more": pay_points_or_more}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        verb = v("gain") if e.gain else v("pay")
        points = "point" if isinstance(e.amount, Fixed) and e.amount.n == 1 else "points"
        up = "up to " if e.up_to else ""
        more = " or more" if e.or_more else ""
        points = "points" if e.or_more else points
        return f"{verb} {up}{say.amount(e.amount)}{more} resource {points}"
