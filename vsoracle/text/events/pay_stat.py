"""Paying ATK or DEF (the MTU set): "Pay 1 ATK this turn >>> …" — "To pay ATK or DEF is to
lower that character's stat until end of turn. You can pay X ATK or DEF only if a character has X
or more of that stat." (the MTU boxtopper, quoted by a Metagame preview of the set)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Amount, Event, Self, Selector, display
from ..phrases import Children, Mod, Verb, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech
    from ..tree import Meta


@attrs.frozen(repr=False, eq=False)
class PayStat(Event):
    """"Pay 1 ATK [this turn]": the character whose power it is (``object``, the card itself)
    lowers its ``stat`` ("atk", "def") by ``amount`` until the end of the turn; ``agent`` is who
    pays."""

    amount: Amount | None = None
    stat: str = "atk"
    object: Selector | None = None
    agent: Selector | None = None
    span: bool = display(False)  # written "this turn"


def pay_stat(self: Any, meta: Meta, children: Children) -> Verb:
    parts = trees(children)
    amount, stat = parts[0], parts[1]
    said = any(isinstance(p, Mod) and p.kind == "span" for p in parts[2:])
    return Verb(PayStat, {"amount": amount, "stat": stat, "object": Self(), "span": said})


class PayStatText(Family):
    node = PayStat
    of_character = True
    rules = {"pay_stat": pay_stat}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('pay')} {say.amount(e.amount)} {e.stat.upper()}" + (" this turn" if e.span else "")

    def past_vp(self, say: Speech, e: Any) -> str:
        return f"paid {say.amount(e.amount)} {e.stat.upper()}"
