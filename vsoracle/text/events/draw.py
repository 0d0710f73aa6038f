"""Draw cards: "Draw a card", "each player draws two cards", "draw cards equal to the
number of …", "Whenever you draw a card", "if you drew two or more cards this turn"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Amount, Event, Filter, Fixed, Quantity, Selector, ThatMany, Times, X
from ..phrases import Children, Verb, fail, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Draw(Event):
    """"Draw a card", "each player draws 2 cards", "draw cards equal to …"."""

    agent: Selector | None = None
    count: Amount | None = None


_ONE = Fixed(1)


def _count_of(obj: Any, meta: Meta | None = None) -> Amount:
    """"a card" → 1, "two cards" → 2, "X cards" → X (what "draw NP" draws: cards, a number of
    them; "draw ~", "draw a character card" or "draw up to two cards" say something else)."""
    if isinstance(obj, Filter) and obj.kind == "card" and not obj.qualifiers and obj.target is None \
            and obj.quantity is not None and obj.quantity.op == "=" and obj.quantity.n is not None:
        return obj.quantity.n
    raise fail('"draw" takes a number of cards ("draw a card", "draw two cards", "draw X cards")', meta)


# -- grammar rules ---------------------------------------------------------------------------

def draw(self: Any, meta: Meta, children: Children) -> Verb:
    (obj,) = trees(children)
    return Verb(Draw, {"count": _count_of(obj, meta)})


def draw_additional(self: Any, meta: Meta, children: Children) -> Verb:
    """"draw an additional card" (one more than the rules' two)."""
    return Verb(Draw, {"count": _ONE})


def draw_equal(self: Any, meta: Meta, children: Children) -> Verb:
    (amount,) = trees(children)
    return Verb(Draw, {"count": amount})


def drew(self: Any, meta: Meta, children: Children) -> Verb:
    """"If you drew a card", "if you drew two or more cards this turn" (a pattern: how many)."""
    obj = trees(children)[0]
    q = obj.quantity if isinstance(obj, Filter) else None
    if isinstance(obj, Filter) and obj.kind == "card" and not obj.qualifiers and q is not None \
            and q.n is not None and (q.op != "=" or q.exact):
        return Verb(Draw, {"count": q})
    return Verb(Draw, {"count": _count_of(obj, meta)})


# -- words -----------------------------------------------------------------------------------

class DrawText(Family):
    node = Draw
    active_past = True
    tally = "drawn"
    rules = {"draw": draw, "draw_additional": draw_additional, "draw_equal": draw_equal, "drew": drew}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        count = e.count or _ONE
        if isinstance(count, Fixed):
            return f"{v('draw')} {say.cards(count)}"
        if isinstance(count, X):
            return f"{v('draw')} X cards"
        if isinstance(count, ThatMany):
            return f"{v('draw')} that many cards"
        if isinstance(count, Quantity):  # a pattern: "if you drew two or more cards"
            one = isinstance(count.n, Fixed) and count.n.n == 1 and count.op == "="
            return f"{v('draw')} {say.quantity_words(count)} card{'' if one else 's'}"
        if isinstance(count, Times) and count.word == "for each":
            inner = Draw(e.agent, count.amount)
            return f"{self.vp(say, inner, v)} for each {say.bare(count.factor)}"
        return f"{v('draw')} cards equal to {say.amount(count)}"
