"""Deck files (TOML) -> a checked deck list (docs/decks.md).

A deck file gives its cards by number or title from the card database, with counts
(``[cards]``: ``"MAV-018" = 4``), and may define cards of its own (``[[card]]`` tables, as a
scenario does). The deck is checked against the deck rules (CR 101.1–101.2b:
:func:`vsoracle.engine.setup.deck_problems`) and every card must be one vsoracle can play; each
problem is one ``file:line`` error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from attrs import frozen

from ..cards import Card, CardDB, card_from_table
from ..cards.load import REQUIRED
from ..engine.setup import deck_problems
from ..errors import ScenarioError, VsOracleError
from ..tomlsource import KeyPath, TomlSource, shorten
from .load import _unplayable, text_line

__all__ = ["Deck", "DeckError", "load_deck", "parse_deck", "DECK_KEYS"]

#: The keys of a deck file.
DECK_KEYS = frozenset({"name", "description", "cards", "card"})


class DeckError(ScenarioError):
    """A deck file is malformed, names a card vsoracle cannot play, or breaks the deck rules."""


@frozen
class Deck:
    """A checked deck: its file, name, the cards in list order (each copy once), and the
    ``[[card]]`` tables the file defines (kept as written, for a scenario that reproduces a game)."""

    path: str
    name: str
    cards: tuple[Card, ...]
    inline: tuple[dict[str, Any], ...] = ()


def load_deck(path: Path | str, db: CardDB) -> Deck:
    """Read and check a deck file against the card database ``db``."""
    return _read(TomlSource.read(path, DeckError, what="a deck"), db)


def parse_deck(text: str, db: CardDB, path: str = "<deck>") -> Deck:
    """Check a deck from its TOML text."""
    return _read(TomlSource.parse(text, path, DeckError), db)


def _read(src: TomlSource, db: CardDB) -> Deck:
    def fail(keypath: KeyPath, message: str, hint: str | None = None) -> DeckError:
        return DeckError(message, file=src.path, line=src.line_of(keypath), hint=hint)

    data = src.data
    for key in data:
        if key not in DECK_KEYS:
            raise fail((key,), f"unknown key '{shorten(str(key))}' in a deck", "a deck takes: "
                       + ", ".join(sorted(DECK_KEYS)))
    name = data.get("name", Path(src.path).stem)
    if not isinstance(name, str):
        raise fail(("name",), "name must be a string")
    tables = data.get("card", [])
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise fail(("card",), "'card' must be an array of tables", "write each card the deck defines as [[card]]")
    own = []
    for index, table in enumerate(tables):
        card = card_from_table(table, src, ("card", index), error=DeckError, set_code="deck")
        own.append(card)
    if own:
        db = db.with_cards(own)
    counts = data.get("cards")
    if not isinstance(counts, dict) or not counts:
        raise fail(("cards",) if "cards" in data else (), "a deck lists its cards with counts",
                   '[cards] with a line per card: "MAV-018" = 4 (a number or a title = how many copies)')
    cards: list[Card] = []
    for query, count in counts.items():
        path: KeyPath = ("cards", query)
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise fail(path, f"the count of '{shorten(str(query))}' must be a whole number of 1 or more")
        try:
            card = db.find(query)
        except VsOracleError as error:
            raise fail(path, error.message, error.hint) from None
        _playable(card, fail, path)
        cards += [card] * count
    problems = deck_problems(cards)
    if problems:
        raise fail(("cards",), problems[0], "also " + "; ".join(problems[1:]) if problems[1:] else
                   "a legal deck: 60 cards or more, at most four of each version of a name (an Army any number)")
    return Deck(src.path, name, tuple(cards), tuple(tables))


def _playable(card: Card, fail: Any, path: KeyPath) -> None:
    """A deck's card is one vsoracle can play: every field of its type given, all of its text supported."""
    missing = ["type"] if card.type is None else \
        [k for k in REQUIRED[card.type] if getattr(card, "defense" if k == "def" else k) in (None, ())]
    if card.incomplete and missing:
        if card.set_code == "deck":
            raise fail(path, f"card '{shorten(card.title)}' is marked incomplete and gives no {', '.join(missing)}",
                       "give every field of its type in its [[card]] table and remove incomplete = true")
        raise fail(path, f"card '{shorten(card.title)}' is incomplete in the database (the FAQ gives no "
                   f"{', '.join(missing)})", "define it in the deck with a [[card]] table of the same title, "
                   "giving every field")
    problems = _unplayable(card)
    if problems:
        line, what = problems[0]
        raise fail(path, f"card '{shorten(card.title)}', line {line}: \"{shorten(text_line(card.text, line))}\" "
                   f"parses, but vsoracle cannot play {what} yet")
