"""TOML card files -> :class:`Card` values, validating at the edge.

Every problem is a :class:`CardDataError` placed at ``file:line``; the schema
is the one in ``docs/scenario-format.md`` §2 (the same for the database in
``cards/`` and for cards a scenario defines).
"""

from __future__ import annotations

import attrs
import difflib
import os
import re
from collections.abc import Iterable, Mapping, Sequence
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

__all__ = ["load_card_file", "cards_of", "load_database", "default_database", "database", "card_files",
           "user_card_paths", "builtin_card_files", "database_of", "card_from_table", "CARD_KEYS", "CARDS_VARIABLE",
           "named_card_lists", "card_file_base"]

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
                # a scenario's own card is played as written; a card file's may stand incomplete
                # (a scenario then completes it with a [[card]] of the same title)
                hint = "add it (a card a scenario plays needs every field of its type)" if set_code == "scenario" \
                    else "add it, or mark the card incomplete = true (a scenario that plays it must then complete it)"
                raise fail(f"{card_type} '{shorten(str(name))}' needs '{shorten(str(key))}'", hint=hint)
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


def load_database(paths: Sequence[Path] | None = None) -> "CardDB":
    """Load every card file (default: all of ``cards/``) into one :class:`CardDB`.

    Two files that give one number or one title to different cards are an error naming both;
    the same card typed in two files is one card."""
    from .lookup import CardDB

    files = list(paths) if paths is not None else list(builtin_card_files())
    remembered = _remembered(files)
    if remembered is not None:
        path, key = remembered
        cached = _cards_from_json(caches.read_record(path, "card database", key))
        if cached is not None:
            return CardDB(cached, files=tuple(files))
    cards = _load_files(files)
    if remembered is not None:
        path, key = remembered
        caches.write_record(path, "card database", key, [_card_to_json(c) for c in cards])
    return CardDB(cards, files=tuple(files))


#: The environment variable naming a user's card files and folders, separated as ``PATH`` is.
CARDS_VARIABLE = "VSORACLE_CARDS"


def builtin_card_files() -> tuple[Path, ...]:
    """The card files installed with vsoracle (``cards/*.toml``), in name order."""
    return tuple(sorted(data_path("cards").glob("*.toml")))


def card_files(paths: Iterable[Path | str], origin: str) -> tuple[Path, ...]:
    """The card files ``paths`` name: a file is itself, a folder its ``*.toml`` files in name order
    (not its sub-folders). A path that is missing, is neither, or holds more than a card file may
    is a :class:`CardDataError` naming ``origin`` (``--cards``, ``VSORACLE_CARDS``, a scenario)."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found.extend(sorted(p for p in path.glob("*.toml") if p.is_file()))
        elif path.is_file():
            if path.suffix.lower() != ".toml":
                raise CardDataError(f"{origin}: '{shorten(str(given))}' is not a card file (a card file's name ends in .toml)",
                                    hint="name a .toml card file, or a folder of them")
            found.append(path)
        elif path.exists():
            raise CardDataError(f"{origin}: '{shorten(str(given))}' is not a regular file or a folder",
                                hint="name a card file (.toml) or a folder of them")
        else:
            raise CardDataError(f"{origin}: no such card file or folder '{shorten(str(given))}'",
                                hint="check the path; a card file is TOML with [set] and [[card]] tables")
    for path in found:
        try:
            size = os.stat(path).st_size
        except OSError as exc:
            raise CardDataError(f"{origin}: cannot read '{shorten(str(path))}' ({exc.strerror})") from None
        if size > MAX_CARD_FILE_BYTES:
            raise CardDataError(f"{origin}: '{shorten(str(path))}' is larger than a card file may be "
                                f"({MAX_CARD_FILE_BYTES // (1024 * 1024)} MB)", hint="split the set into several files")
    return tuple(found)


def user_card_paths(environ: Mapping[str, str] | None = None) -> tuple[Path, ...]:
    """The card files of ``VSORACLE_CARDS`` (files and folders separated by ``os.pathsep``;
    empty entries are skipped)."""
    value = (os.environ if environ is None else environ).get(CARDS_VARIABLE, "")
    entries = [entry for entry in value.split(os.pathsep) if entry.strip()]
    return card_files(entries, CARDS_VARIABLE) if entries else ()


def database(extra: Sequence[Path | str] = (), environ: Mapping[str, str] | None = None) -> "CardDB":
    """The cards a command reads: the built-in files, ``VSORACLE_CARDS``'s and ``extra`` (a
    command's ``--cards``), each file once. Loaded once per process for each list of files."""
    return database_of(builtin_card_files() + user_card_paths(environ) + card_files(extra, "--cards"))


def database_of(files: Iterable[Path]) -> "CardDB":
    """The cards of ``files`` (each once, in order), loaded once per process for each list of
    files as they are now (an edited file is loaded again)."""
    kept = _once(files)
    return _database(kept, tuple(_stamp(path) for path in kept))


def _stamp(path: Path) -> tuple[int, int, int]:
    """What tells a file's versions apart without reading it: size, change time, inode."""
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1, -1)  # the loader reports it
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _once(files: Iterable[Path]) -> tuple[Path, ...]:
    """``files`` in order, a file named twice (by different paths too) kept at its first place."""
    seen: set[Path] = set()
    kept = []
    for path in files:
        real = path.resolve()
        if real not in seen:
            seen.add(real)
            kept.append(path)
    return tuple(kept)


@lru_cache(maxsize=8)
def _database(files: tuple[Path, ...], stamps: tuple[tuple[int, int, int], ...]) -> "CardDB":
    return load_database(list(files))


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


def named_card_lists(data: dict[str, Any]) -> list[tuple[tuple[str, ...], Any]]:
    """Where a scenario names its own card files: ``cards`` in ``[scenario]`` and at the top level,
    each given one with its key path (the loader refuses both; the answer cache reads the same)."""
    header = data.get("scenario")
    found = ((("scenario", "cards"), header.get("cards") if isinstance(header, dict) else None),
             (("cards",), data.get("cards")))
    return [(keypath, value) for keypath, value in found if value is not None]


def card_file_base(origin: str) -> Path:
    """The folder a scenario's ``cards`` paths are relative to: the scenario file's own, or the
    current folder for standard input or a pipe."""
    path = Path(origin)
    return path.parent if path.is_file() else Path.cwd()


def default_database() -> "CardDB":
    """The built-in database (all of ``cards/``) and the user's card files named by
    ``VSORACLE_CARDS``, loaded once per process (:func:`database`)."""
    return database()


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


def _load_files(files: Sequence[Path]) -> tuple[Card, ...]:
    """Every card of ``files``. A number or a title two files give to different cards is an error
    naming both places. The same card in two files is one card, and a card the FAQ only quotes
    (``incomplete``) gives way to the whole card when they agree on all it gives: a user who types
    a set whose cards the built-in files quote gets the cards they typed."""
    seen_numbers: dict[str, tuple[str, Card]] = {}
    seen_titles: dict[str, tuple[str, int]] = {}  # title -> (where, index in cards)
    cards: list[Card] = []
    for path in files:
        for card, line in load_card_file(path):
            where = f"{path}:{line}"
            title = card.title.casefold()
            if title in seen_titles:
                earlier_where, index = seen_titles[title]
                kept = _one_card(cards[index], card)
                if kept is None:
                    raise CardDataError(f"card title '{shorten(str(card.title))}' is defined twice, differently",
                                        file=str(path), line=line,
                                        hint=f"the other is at {earlier_where}; remove one, or make them the same card")
                if kept is not cards[index]:
                    cards[index] = kept
                    seen_titles[title] = (where, index)
                    if card.number:
                        seen_numbers.setdefault(card.number.upper(), (where, card))
                continue
            if card.number:
                key = card.number.upper()
                if key in seen_numbers:
                    raise CardDataError(f"card number '{shorten(str(card.number))}' is given to two cards",
                                        file=str(path), line=line,
                                        hint=f"'{shorten(seen_numbers[key][1].title)}' has it at {seen_numbers[key][0]}; "
                                        "a number belongs to one card")
                seen_numbers[key] = (where, card)
            seen_titles[title] = (where, len(cards))
            cards.append(card)
    return tuple(cards)


_SPACE = re.compile(r"\s+")


def _text_lines(text: str) -> list[str]:
    return [_SPACE.sub(" ", line).strip().replace("’", "'") for line in text.splitlines() if line.strip()]


def _one_card(a: Card, b: Card) -> Card | None:
    """``a`` and ``b`` as one card: the one to keep, or ``None`` when they are different cards.

    Alike in every printed field (spacing of the text, set code, rarity and quotes aside): the
    first. One ``incomplete`` (the FAQ quotes part of it), the other whole, and every field the
    quote gives is the whole card's (each quoted text line one of its lines): the whole card. One
    with an errata, the other as printed (its text the first's printed text): the same card, which
    plays by the errata (CR 100.3)."""
    for x, y in ((a, b), (b, a)):
        if x.printed is not None and y.printed is None and _text_lines(x.printed) == _text_lines(y.text):
            kept = _one_card(attrs.evolve(x, text=x.printed, printed=None), y)
            return None if kept is None else attrs.evolve(kept, text=x.text, printed=x.printed)
    if a.incomplete and not b.incomplete:
        return b if _part_of(a, b) else None
    if b.incomplete and not a.incomplete:
        return a if _part_of(b, a) else None
    fields = ("name", "type", "number", "identity", "version", "cost", "atk", "defense", "affiliations", "icons",
              "traits", "willpower", "ongoing", "incomplete")
    if all(getattr(a, f) == getattr(b, f) for f in fields) and _text_lines(a.text) == _text_lines(b.text):
        return a
    return None


def _part_of(quote: Card, whole: Card) -> bool:
    """Every field ``quote`` gives is ``whole``'s, and each of its text lines is one of ``whole``'s."""
    for f in ("name", "type", "number", "identity", "version", "cost", "atk", "defense", "willpower"):
        given = getattr(quote, f)
        if given is not None and given != getattr(whole, f):
            return False
    for f in ("affiliations", "icons", "traits"):
        if getattr(quote, f) and getattr(quote, f) != getattr(whole, f):
            return False
    lines = set(_text_lines(whole.text))
    return all(line in lines for line in _text_lines(quote.text))
