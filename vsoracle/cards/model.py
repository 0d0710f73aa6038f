"""The printed card: a frozen value with the fields a Vs. System card prints.

A character's *name* is what the uniqueness rule compares (CR 705.1, FAQ
General Mechanics 6); its *identity* is the name after the ◊, and a card
without a ◊ uses its name as its identity (CR 301, Infinite Crisis FAQ).
"""

from __future__ import annotations

import enum

from attrs import frozen, field

__all__ = ["Card", "CardType", "DIAMOND", "MUTANT_TRAITS"]

DIAMOND = "◊"

#: The Mutant traits: a Mutant is a character with one of them (X-Men FAQ GM 1).
MUTANT_TRAITS = frozenset({"Mental", "Energy", "Physical"})


class CardType(enum.Enum):
    """The four card types of the Avengers era (CR 300)."""

    CHARACTER = "character"
    PLOT_TWIST = "plot twist"
    LOCATION = "location"
    EQUIPMENT = "equipment"

    def __str__(self) -> str:
        return self.value


@frozen(cache_hash=True)
class Card:
    """One printed card (or a card a scenario defines).

    ``incomplete`` marks a card the FAQ only names or quotes: fields it does
    not give are ``None``, never invented.
    """

    name: str
    type: CardType | None
    number: str | None = None
    identity: str | None = None
    version: str | None = None
    cost: int | None = None
    atk: int | None = None
    defense: int | None = None
    affiliations: tuple[str, ...] = ()
    icons: tuple[str, ...] = ()
    #: Printed traits (a Mutant's Mental, Energy or Physical): not text-box text, so a stunned
    #: character keeps them (X-Men FAQ GM 1–1.1).
    traits: tuple[str, ...] = ()
    #: Printed willpower ("Willpower 3"), if the card prints it apart from its text.
    willpower: int | None = None
    ongoing: bool = False
    rarity: str | None = None
    #: The text the rules use: the current one (an errata, if the card file gives one: CR 100.3).
    text: str = ""
    #: The printed text an errata replaced (``None``: the card plays as printed).
    printed: str | None = None
    faq_quote: str | None = None
    incomplete: bool = False
    set_code: str | None = field(default=None, eq=False)

    @property
    def title(self) -> str:
        """The full title as the FAQ writes it: ``Name ◊ Identity, Version``."""
        title = self.name
        if self.identity:
            title += f" {DIAMOND} {self.identity}"
        if self.version:
            title += f", {self.version}"
        return title

    @property
    def is_army(self) -> bool:
        """Army characters are not unique (keyword Army [Y, WIKIA]; CR 705.1)."""
        return (self.version or "").lower() == "army"

    def __str__(self) -> str:
        return self.title


_card_eq = Card.__eq__


def _same_card(self: Card, other: object) -> bool:
    """Cards compare field by field (attrs), but every object of a game holds its card as the very
    value the database gave it: the same card is equal at once."""
    if self is other:
        return True
    result: bool = _card_eq(self, other)
    return result


setattr(Card, "__eq__", _same_card)
