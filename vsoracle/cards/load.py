"""TOML card files -> :class:`Card` values, validating at the edge.

Every problem is a :class:`CardDataError` placed at ``file:line``; the schema
is the one in ``docs/scenario-format.md`` §2 (the same for the database in
``cards/`` and for cards a scenario defines).
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import caches
from ..errors import CardDataError, VsOracleError
from ..files import MAX_CARD_FILE_BYTES
from ..resources import data_path
from ..tomlsource import KeyPath, TomlSource, shorten, show
from .model import Card, CardType

if TYPE_CHECKING:
    from .lookup import CardDB

__all__ = ["load_card_file", "cards_of", "load_database", "default_database", "card_from_table", "CARD_KEYS"]

_HERE = Path(__file__).resolve().parent

CARD_KEYS = {
    "number": str, "name": str, "identity": str, "version": str, "type": str,
    "cost": int, "atk": int, "def": int, "affiliations": list, "icons": list, "traits": list, "willpower": int,
    "ongoing": bool, "rarity": str, "text": str, "errata": str, "faq_quote": str, "incomplete": bool,
}
_TYPE_NAMES = {"int": "a whole number", "str": "a string", "list": "a list of strings",
               "bool": "true or false"}
REQUIRED = {
    CardType.CHARACTER: ("cost", "atk", "def", "affiliations"),
    CardType.EQUIPMENT: ("cost",),
    CardType.PLOT_TWIST: ("cost",),
    CardType.LOCATION: ("cost",),
}
ICONS = ("flight", "range")
RARITIES = ("common", "uncommon", "rare", "ultra-rare", "promo")


def card_from_table(table: Any, source: TomlSource, keypath: KeyPath,
                    error: type[VsOracleError] = CardDataError,
                    set_code: str | None = None) -> Card:
    """Build one :class:`Card` from a ``[[card]]`` table, or raise ``error`` at its line."""

    def fail(message: str, key: str | None = None, hint: str | None = None) -> VsOracleError:
        path = keypath + ((key,) if key else ())
        return error(message, file=source.path, line=source.line_of(path), hint=hint)

    if not isinstance(table, dict):
        raise fail("a card must be a table", hint="write it as [[card]] with keys below it")
    for key, value in table.items():
        expected = CARD_KEYS.get(key)
        if expected is None:
            near = difflib.get_close_matches(key, CARD_KEYS, n=1)
            hint = f"did you mean '{near[0]}'?" if near else f"known keys: {', '.join(CARD_KEYS)}"
            raise fail(f"unknown card key '{shorten(str(key))}'", key, hint)
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise fail(f"'{shorten(str(key))}' must be {_TYPE_NAMES[expected.__name__]}, not {show(value)}", key)
        if isinstance(value, list) and not all(isinstance(item, str) for item in value):
            raise fail(f"'{shorten(str(key))}' must be a list of strings", key)
    name = table.get("name")
    if not name or not name.strip():
        raise fail("a card needs a 'name'", hint='add name = "…"')
    incomplete = bool(table.get("incomplete", False))
    card_type: CardType | None = None
    if "type" in table:
        try:
            card_type = CardType(table["type"].lower())
        except ValueError:
            choices = " | ".join(t.value for t in CardType)
            raise fail(f"unknown card type '{shorten(str(table['type']))}'", "type", f"use one of {choices}") from None
    elif not incomplete:
        raise fail(f"card '{shorten(str(name))}' needs a 'type'", hint="character | plot twist | location | equipment")
    if card_type is not None and not incomplete:
        for key in REQUIRED[card_type]:
            if key not in table:
                raise fail(f"{card_type} '{shorten(str(name))}' needs '{shorten(str(key))}'", hint="add it, or mark the card incomplete = true")
    for key in ("cost", "atk", "def", "willpower"):
        if key in table and table[key] < 0:
            raise fail(f"'{shorten(str(key))}' cannot be negative", key)
    icons = tuple(i.lower() for i in table.get("icons", ()))
    for icon in icons:
        if icon not in ICONS:
            raise fail(f"unknown icon '{shorten(str(icon))}'", "icons", f"use {' or '.join(ICONS)}")
    traits = tuple(_trait(t) for t in table.get("traits", ()))
    for trait in traits:
        if not trait or not trait[0].isalpha():
            raise fail(f"'{shorten(trait)}' is not a trait", "traits", 'traits are words, e.g. traits = ["Mental"]')
    rarity = table.get("rarity")
    if rarity is not None and rarity.lower() not in RARITIES:
        raise fail(f"unknown rarity '{shorten(str(rarity))}'", "rarity", f"use one of {', '.join(RARITIES)}")
    return Card(
        name=name.strip(),
        type=card_type,
        number=table.get("number"),
        identity=table.get("identity"),
        version=table.get("version"),
        cost=table.get("cost"),
        atk=table.get("atk"),
        defense=table.get("def"),
        affiliations=tuple(table.get("affiliations", ())),
        icons=icons,
        traits=traits,
        willpower=table.get("willpower"),
        ongoing=bool(table.get("ongoing", False)),
        rarity=rarity.lower() if rarity else None,
        # an errata'd card plays by its errata (CR 100.3: "Players must use current card text"; rules
        # digest §19), and keeps its printed text to show
        text=str(table.get("errata", table.get("text", ""))).strip("\n"),
        printed=str(table.get("text", "")).strip("\n") if "errata" in table else None,
        faq_quote=table.get("faq_quote"),
        incomplete=incomplete,
        set_code=set_code,
    )


def _trait(word: str) -> str:
    """A trait as the card prints it, capitalised ("mental" is "Mental")."""
    word = word.strip()
    return word[:1].upper() + word[1:]


def load_card_file(path: Path | str) -> tuple[tuple[Card, int | None], ...]:
    """Load one set file: its cards, each with the line of its ``[[card]]`` header."""
    return cards_of(TomlSource.read(path, CardDataError, limit=MAX_CARD_FILE_BYTES, what="a card file"))


def cards_of(source: TomlSource) -> tuple[tuple[Card, int | None], ...]:
    """The cards of a set file already read, each with the line of its ``[[card]]`` header."""
    set_table = source.data.get("set", {})
    if not isinstance(set_table, dict):
        raise CardDataError("'set' must be a table", file=source.path, line=source.line_of(("set",)),
                            hint='write [set] with code = "MAV" and name = "…" below it')
    set_code = set_table.get("code")
    unknown = set(source.data) - {"set", "card"}
    if unknown:
        key = sorted(unknown)[0]
        raise CardDataError(f"unknown top-level key '{shorten(str(key))}'", file=source.path,
                            line=source.line_of((key,)), hint="a card file has [set] and [[card]] tables")
    tables = source.data.get("card", [])
    if not isinstance(tables, list):
        raise CardDataError("'card' must be an array of tables", file=source.path,
                            line=source.line_of(("card",)), hint="write each card as [[card]]")
    cards = []
    for index, table in enumerate(tables):
        card = card_from_table(table, source, ("card", index), set_code=set_code)
        cards.append((card, source.line_of(("card", index))))
    return tuple(cards)


def load_database(paths: list[Path] | None = None) -> "CardDB":
    """Load every set file (default: all of ``cards/``) into one :class:`CardDB`.

    Duplicate numbers and duplicate titles across the files are errors.
    """
    from .lookup import CardDB

    files = sorted(paths) if paths is not None else sorted(data_path("cards").glob("*.toml"))
    remembered = _remembered(files)
    if remembered is not None:
        path, key = remembered
        cached = _cards_from_json(caches.read_record(path, "card database", key))
        if cached is not None:
            return CardDB(cached)
    cards = _load_files(files)
    if remembered is not None:
        path, key = remembered
        caches.write_record(path, "card database", key, [_card_to_json(c) for c in cards])
    return CardDB(cards)


#: How a card is kept in the cache (:func:`_card_to_json`): each field with its JSON shape.
_CARD_SHAPE: dict[str, Any] = {
    "name": str, "type": (str, type(None)), "number": (str, type(None)), "identity": (str, type(None)),
    "version": (str, type(None)), "cost": (int, type(None)), "atk": (int, type(None)),
    "defense": (int, type(None)), "affiliations": [str], "icons": [str], "traits": [str],
    "willpower": (int, type(None)), "ongoing": bool,
    "rarity": (str, type(None)), "text": str, "printed": (str, type(None)), "faq_quote": (str, type(None)),
    "incomplete": bool, "set_code": (str, type(None)),
}


def _card_to_json(card: Card) -> dict[str, Any]:
    data = {name: getattr(card, name) for name in _CARD_SHAPE}
    data["type"] = card.type.value if card.type is not None else None
    data["affiliations"], data["icons"], data["traits"] = list(card.affiliations), list(card.icons), list(card.traits)
    return data


def _cards_from_json(data: Any) -> tuple[Card, ...] | None:
    """The cards of a cache record, or ``None`` (a miss) if any field is not what a card holds."""
    if not caches.matches(data, [_CARD_SHAPE]):
        return None
    cards = []
    for item in data:
        try:
            card_type = CardType(item["type"]) if item["type"] is not None else None
        except ValueError:
            return None
        cards.append(Card(**{**item, "type": card_type, "affiliations": tuple(item["affiliations"]),
                             "icons": tuple(item["icons"]), "traits": tuple(item["traits"])}))
    return tuple(cards)


@lru_cache(maxsize=1)
def default_database() -> "CardDB":
    """The built-in database (all of ``cards/``), loaded once per process."""
    return load_database()


def _remembered(files: list[Path]) -> tuple[Path, str] | None:
    """Where the cards of ``files`` are kept between runs, and the record's key: a digest of
    the files and of the loader's code, so an edited card file or loader is a miss
    (:mod:`vsoracle.caches`). ``None`` when there is no safe cache folder."""
    if not caches.enabled():
        return None
    code = sorted(_HERE.glob("*.py")) + [_HERE.parent / "tomlsource.py", _HERE.parent / "files.py"]
    try:
        key = caches.digest(code + files, *(str(f.resolve()).encode() for f in files))
    except OSError:
        return None  # a file that cannot be read is reported by the loader itself
    where = caches.safe_folder()
    return (where / f"cards-{key[:16]}.json", key) if where is not None else None


def _load_files(files: list[Path]) -> tuple[Card, ...]:
    """Every card of ``files``; duplicate numbers and titles across them are errors."""
    seen_numbers: dict[str, str] = {}
    seen_titles: dict[str, str] = {}
    cards: list[Card] = []
    for path in files:
        for card, line in load_card_file(path):
            where = f"{path}:{line}"
            if card.number:
                key = card.number.upper()
                if key in seen_numbers:
                    raise CardDataError(f"duplicate card number '{shorten(str(card.number))}'", file=str(path), line=line,
                                        hint=f"already used at {seen_numbers[key]}")
                seen_numbers[key] = where
            title = card.title.casefold()
            if title in seen_titles:
                raise CardDataError(f"duplicate card title '{shorten(str(card.title))}'", file=str(path), line=line,
                                    hint=f"already defined at {seen_titles[title]}")
            seen_titles[title] = where
            cards.append(card)
    return tuple(cards)
