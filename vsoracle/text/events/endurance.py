"""A player's endurance changes: "gain 3 endurance", "lose endurance equal to …", "Pay 2
endurance >>> …" (paying is losing, as a cost), "Prevent all endurance loss from stuns this turn",
"If you would lose endurance, …", "if you paid 2 endurance this turn"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Amount, Event, Extreme, Half, NumberOf, Offset, Quantity, Selector, StatOf, ThatMuch, Times, display
from ..phrases import Children, Verb, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Endurance(Event):
    """A player's endurance changes: "gain 3 endurance", "lose 2 endurance", "pay 2 endurance"
    (paying is losing, as a cost); ``cause`` for "from breakthrough" / "from stuns"."""

    player: Selector | None = None
    amount: Amount | None = None
    gain: bool = False
    cause: str | None = None
    word: str | None = display(None)  # "pay" or None


# -- grammar rules ---------------------------------------------------------------------------

def gain_endurance(self: Any, meta: Meta, children: Children) -> Verb:
    parts = trees(children)
    return Verb(Endurance, {"amount": parts[0] if parts else None, "gain": True}, "player")


def lose_endurance(self: Any, meta: Meta, children: Children) -> Verb:
    parts = trees(children)
    return Verb(Endurance, {"amount": parts[0] if parts else None, "gain": False}, "player")


def lose_endurance_range(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(Endurance, {"amount": trees(children)[0], "gain": False}, "player")


def gain_endurance_offset(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(Endurance, {"amount": self.offset(meta, children), "gain": True}, "player")


def lose_endurance_offset(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(Endurance, {"amount": self.offset(meta, children), "gain": False}, "player")


def lose_additional(self: Any, meta: Meta, children: Children) -> Verb:
    """"that player loses 2 additional endurance": that much and 2 more."""
    amount = Offset(ThatMuch(), trees(children)[0], minus=False)
    return Verb(Endurance, {"amount": amount, "gain": False}, "player")


def gain_additional(self: Any, meta: Meta, children: Children) -> Verb:
    amount = Offset(ThatMuch(), trees(children)[0], minus=False)
    return Verb(Endurance, {"amount": amount, "gain": True}, "player")


def pay_endurance(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(Endurance, {"amount": trees(children)[0], "gain": False, "word": "pay"}, "player")


def paid_endurance(self: Any, meta: Meta, children: Children) -> Verb:
    """"If you paid 2 endurance this turn": endurance lost as a payment."""
    return Verb(Endurance, {"amount": trees(children)[0], "cause": "pay", "word": "pay"}, "player")


def endurance_loss_noun(self: Any, meta: Meta, children: Children) -> Endurance:
    """"Prevent all endurance loss [from stuns]", "Prevent all stun endurance loss"."""
    parts = trees(children)
    return Endurance(gain=False, cause=parts[0] if parts else None)


def cause_stun(self: Any, meta: Meta, children: Children) -> str:
    return "stun"


def cause_breakthrough(self: Any, meta: Meta, children: Children) -> str:
    return "breakthrough"


# -- words -----------------------------------------------------------------------------------

def _of_something(a: Any) -> bool:
    """An amount said "endurance equal to …" (a stat or a count), not "… endurance" (a number, "that much")."""
    if isinstance(a, (Times, Half)):
        return _of_something(a.amount)
    return isinstance(a, (StatOf, NumberOf, Extreme))


def _cause(e: Any) -> str:
    return f" from {'stuns' if e.cause == 'stun' else 'breakthrough'}" if e.cause in ("stun", "breakthrough") else ""


class EnduranceText(Family):
    node = Endurance
    doer = "player"
    rules = {"gain_endurance": gain_endurance, "lose_endurance": lose_endurance,
             "lose_endurance_range": lose_endurance_range, "gain_endurance_offset": gain_endurance_offset,
             "lose_endurance_offset": lose_endurance_offset, "lose_additional": lose_additional,
             "gain_additional": gain_additional, "pay_endurance": pay_endurance, "paid_endurance": paid_endurance,
             "endurance_loss_noun": endurance_loss_noun, "cause_stun": cause_stun,
             "cause_breakthrough": cause_breakthrough}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        amount = e.amount
        tail = ""
        if isinstance(amount, Times) and amount.word == "for each":
            tail = f" for each {say.bare(amount.factor)}"
            amount = amount.amount
        if isinstance(amount, Half):
            tail = (", rounded up" if amount.up else ", rounded down") + tail
        cause = _cause(e)
        if e.word == "pay" or e.cause == "pay":
            return f"{v('pay')} {say.amount(amount)} endurance{cause}{tail}"
        verb = v("gain") if e.gain else v("lose")
        if amount is None:
            return f"{verb} endurance{cause}{tail}"
        if isinstance(amount, Quantity):
            return f"{verb} {say.quantity_words(amount)} endurance{cause}{tail}"
        if _of_something(amount):
            return f"{verb} endurance equal to {say.amount(amount)}{cause}{tail}"
        if isinstance(amount, Offset) and not _of_something(amount.base) and not cause and not tail:
            # "you lose that much endurance minus 2"
            return f"{verb} {say.amount(amount.base)} endurance {'minus' if amount.minus else 'plus'} " \
                   f"{say.amount(amount.by)}"
        return f"{verb} {say.amount(amount)} endurance{cause}{tail}"

    def happened(self, say: Speech, e: Any) -> str | None:
        """"if you paid 2 endurance this turn": only a payment has a past the grammar reads."""
        if e.cause != "pay":
            return None
        amount = say.quantity_words(e.amount) if isinstance(e.amount, Quantity) else say.amount(e.amount)
        return f"{say.np(e.player, 'subject')} paid {amount} endurance"

    def says_did_not(self, e: Any) -> bool:
        return bool(e.cause != "pay")

    def noun(self, say: Speech, e: Any) -> str:
        return "endurance loss" + (f" from {'stuns' if e.cause == 'stun' else 'breakthrough'}" if e.cause else "")
