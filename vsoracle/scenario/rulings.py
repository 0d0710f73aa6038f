"""The ruling suite, as a judge searches it: every FAQ scenario that ships with vsoracle (the
Avengers FAQ's in the folder's top level, other sets' in ``SET/``), with the FAQ item it checks,
its title, the rulings it names and their words — found by a card or a word, and run as the
pytest plugin runs them (a scenario listed in its folder's ``PENDING`` is expected to fail).

In a checkout the suite is ``tests/faq/``; a wheel ships it as ``vsoracle/_data/rulings``
(:func:`vsoracle.resources.data_path`)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

import attrs

from ..resources import data_path

__all__ = ["Ruling", "suite", "search", "folder", "pending_names"]

#: The set code of the Avengers FAQ's scenarios (the folder's top level).
AVENGERS = "MAV"


@attrs.frozen
class Ruling:
    """One FAQ scenario: its file (and its path within the suite), its set, the FAQ item it
    checks, its title, the ruling ids it names with their quoted words, whether it is a
    variation, and whether it waits on rules not implemented yet (``PENDING``)."""

    path: Path
    name: str
    set: str
    item: str
    title: str
    rulings: tuple[str, ...]
    quotes: tuple[str, ...]
    variation: bool
    pending: bool
    text: str = attrs.field(repr=False)


def folder() -> Path:
    """Where the ruling suite is."""
    return data_path("rulings")


def pending_names(where: Path) -> frozenset[str]:
    """The scenario file names listed in ``where/PENDING`` (one a line, ``#`` comments): those
    expected to fail, their rules not played yet (the pytest plugin reads the same)."""
    path = where / "PENDING"
    if not path.is_file():
        return frozenset()
    return frozenset(line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines()
                     if line.split("#", 1)[0].strip())


def _quotes(where: Path) -> dict[str, tuple[str, str]]:
    """Each ruling id of the tables in ``where``: (the FAQ item, the ruling's words)."""
    out: dict[str, tuple[str, str]] = {}
    for path in sorted(where.glob("rulings*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for r in data.get("ruling", []):
            if isinstance(r, dict) and isinstance(r.get("id"), str):
                item = str(r.get("entry") or r.get("source") or "")
                out[r["id"]] = (item, str(r.get("text") or r.get("quote") or ""))
    return out


@lru_cache(maxsize=4)
def _suite(root: str) -> tuple[Ruling, ...]:
    base = Path(root)
    found: list[Ruling] = []
    if not base.is_dir():
        return ()
    places = [(base, AVENGERS)] + [(d, d.name) for d in sorted(base.iterdir()) if d.is_dir() and d.name.isupper()]
    for where, code in places:
        quotes, pending = _quotes(where), pending_names(where)
        for path in sorted(where.glob("*.scenario.toml")):
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, ValueError):
                continue
            try:
                header: Any = tomllib.loads(text).get("scenario", {})
            except ValueError:  # listed all the same: running it says what is wrong
                header = {}
            if not isinstance(header, dict):
                header = {}
            ids = tuple(str(x) for x in header.get("rulings", []) if isinstance(x, str))
            named = [quotes[i] for i in ids if i in quotes]
            prefix = "Avengers FAQ, " if code == AVENGERS and header.get("faq") else ""
            item = (prefix + str(header["faq"])) if header.get("faq") else \
                (named[0][0] if named else str(header.get("source", "")))
            found.append(Ruling(path, path.relative_to(base).as_posix(), code, item,
                                str(header.get("title") or path.stem), ids, tuple(q for _, q in named),
                                bool(header.get("variation", False)), path.name in pending, text))
    return tuple(found)


def suite() -> tuple[Ruling, ...]:
    """Every FAQ scenario of the suite, the Avengers FAQ's first, then each set's."""
    return _suite(str(folder()))


def _folded(text: str) -> str:
    return " ".join(text.casefold().replace("’", "'").replace("<>", "◊").split())


def search(words: str | None, set_code: str | None = None) -> list[Ruling]:
    """The scenarios that mention ``words`` (a card's title or name, a keyword, any word; case
    and spacing aside) in their file — its cards, title, source, comments — or in the words of a
    ruling they check; all of them when ``words`` is empty. ``set_code`` keeps one set's."""
    key = _folded(words or "")
    out = []
    for r in suite():
        if set_code is not None and r.set != set_code.upper():
            continue
        if not key or key in _folded(r.text) or any(key in _folded(q) for q in r.quotes) \
                or key in _folded(r.item):
            out.append(r)
    return out
