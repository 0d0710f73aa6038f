"""Finding a card: by number (``MAV-020``), by full title, or by a unique prefix.

Matching ignores case, accepts ``<>`` for ``◊`` (people cannot type ◊) and
straight for curly apostrophes. An unknown or ambiguous title is an error
that lists the nearest candidates.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Iterable, Iterator

from attrs import frozen, field

from ..errors import AmbiguousTitleError, UnknownCardError
from ..tomlsource import shorten
from .model import Card, CardType

__all__ = ["CardDB", "normalize_title"]

_SPACES = re.compile(r"\s+")


def normalize_title(text: str) -> str:
    """Fold a title for matching: case, ``<>``/``◊``, apostrophes, dashes, spaces."""
    text = text.replace("<>", "◊").replace("’", "'").replace("‘", "'")
    text = text.replace("—", "-").replace("–", "-")
    text = text.replace("◊", " ◊ ")
    return _SPACES.sub(" ", text).strip().casefold()


@frozen
class CardDB:
    """An immutable collection of cards with number, title and prefix lookup."""

    cards: tuple[Card, ...]
    #: The card files the cards come from (a scenario's own card files join these).
    files: tuple[Path, ...] = field(default=(), eq=False, repr=False)
    _by_number: dict[str, Card] = field(init=False, eq=False, repr=False)
    _by_title: dict[str, Card] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_number",
                           {c.number.upper(): c for c in self.cards if c.number})
        object.__setattr__(self, "_by_title", {normalize_title(c.title): c for c in self.cards})

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def with_cards(self, extra: Iterable[Card]) -> "CardDB":
        """This database plus ``extra``; an extra card with an existing title shadows it."""
        extra = tuple(extra)
        shadowed = {normalize_title(c.title) for c in extra}
        kept = tuple(c for c in self.cards if normalize_title(c.title) not in shadowed)
        return CardDB(kept + extra, files=self.files)

    def select(self, set_code: str | None = None, card_type: CardType | None = None) -> tuple[Card, ...]:
        """The cards of one set and/or one type, in database order."""
        return tuple(c for c in self.cards
                     if (set_code is None or (c.set_code or "").upper() == set_code.upper())
                     and (card_type is None or c.type is card_type))

    def find(self, query: str) -> Card:
        """The card with this number, title or unique title prefix (or, among the titles a prefix
        starts, the one card whose name it is).

        Raises :class:`UnknownCardError` or :class:`AmbiguousTitleError`,
        each naming the nearest candidates.
        """
        number = self._by_number.get(query.strip().upper())
        if number is not None:
            return number
        key = normalize_title(query)
        exact = self._by_title.get(key)
        if exact is not None:
            return exact
        matches = [c for t, c in self._by_title.items() if t.startswith(key)] if key else []
        if len(matches) == 1:
            return matches[0]
        named = [c for c in matches if normalize_title(c.name) == key]
        if len(named) == 1:
            # a card's own name is that card, not also every longer title that starts with it: a
            # card added later cannot make a card's name ambiguous
            return named[0]
        if len(matches) > 1:
            names = ", ".join(f"'{c.title}'" for c in matches[:6])
            more = f" (and {len(matches) - 6} more)" if len(matches) > 6 else ""
            raise AmbiguousTitleError(f"'{shorten(str(query))}' matches {len(matches)} cards: {names}{more}",
                                      hint="write more of the title, or the card number")
        near = self.nearest(key)
        if near:
            hint = "did you mean " + " or ".join(f"'{c.title}'" for c in near) + "?"
        else:
            hint = "`vsoracle cards list` shows every card; a scenario may define it with [[card]]"
        raise UnknownCardError(f"unknown card '{shorten(str(query))}'", hint=hint)

    def nearest(self, query: str, n: int = 3, cutoff: float = 0.7) -> list[Card]:
        """The cards whose title is most like ``query``, best first: each title is compared whole,
        by each of its parts (between commas and ◊) and by its start as long as the query, so a misspelt
        name finds its card whatever its version ("Captain Amerca" → "Captain America, …")."""
        key = normalize_title(query)
        if not key:
            return []
        scored = []
        for title, card in self._by_title.items():
            forms = [title, title[:len(key)]] + [part.strip() for part in re.split(r"[,◊]", title)]
            score = max(difflib.SequenceMatcher(None, key, form).ratio() for form in forms)
            if score >= cutoff:
                scored.append((-score, title, card))
        scored.sort(key=lambda x: (x[0], x[1]))
        return [card for _score, _title, card in scored[:n]]
