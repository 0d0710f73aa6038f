"""Parsed card texts, kept in memory for the process and between runs as data.

``parse_stored(text, card_name)`` answers from memory when this process parsed the text before,
then from the cache folder, else parses it (and keeps it). On disk each text is a sealed JSON
record (:func:`vsoracle.caches.write_record`) of its nodes as :mod:`vsoracle.text.data` writes
them, in a folder named after a digest of the grammar and of this package's code, so a change
to either starts afresh. A record that cannot be read, or that is not node data, is a miss: the
text is parsed again. Nothing on disk is ever executed, and a text that does not parse is never
kept (its error is worked out again each time).
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from .. import caches
from ..resources import data_path
from . import nodes

__all__ = ["parse_stored"]

#: The kind of record a parsed text is kept as.
KIND = "card text"

_HERE = Path(__file__).resolve().parent
_known: dict[tuple[str, str | None], nodes.CardText] = {}


@lru_cache(maxsize=1)
def _code_key() -> str:
    """What a parsed text depends on: the text package's code — its event families too
    (``events/*.py``: a family's rules build its nodes) — and the grammar."""
    return caches.digest(sorted(_HERE.rglob("*.py")) + sorted(data_path("grammar").glob("*.lark")))


def _folder() -> Path | None:
    """This version's folder of parsed texts; made (and what older versions kept tidied away,
    :func:`vsoracle.caches.tidy`) the first time a text is kept."""
    name = f"card-texts-{_code_key()[:16]}"
    first = caches.safe_folder(name, create=False) is None
    folder = caches.safe_folder(name)
    if folder is not None and first:
        caches.tidy({name})
    return folder


def _record(text: str, card_name: str | None) -> tuple[Path, str] | None:
    folder = _folder()
    if folder is None:
        return None
    key = hashlib.sha256("\0".join((_code_key(), text, card_name or "")).encode("utf-8")).hexdigest()
    return folder / f"{key[:32]}.json", key


def parse_stored(text: str, card_name: str | None = None) -> nodes.CardText:
    """``read_card_text``, answered from memory or the cache when this text was parsed before."""
    memo_key = (text, card_name)
    found = _known.get(memo_key)
    if found is not None:
        return found
    place = _record(text, card_name) if text.strip() else None
    if place is not None:
        found = _load(*place)
    if found is None:
        from .read import read_card_text

        found = read_card_text(text, card_name)
        if place is not None:
            from .data import to_data

            caches.write_record(place[0], KIND, place[1], to_data(found))
    _known[memo_key] = found
    return found


def _load(path: Path, key: str) -> nodes.CardText | None:
    data = caches.read_record(path, KIND, key)
    if data is None:
        return None
    from .data import from_data

    try:
        found = from_data(data)
    except (ValueError, RecursionError):
        return None
    return found if isinstance(found, nodes.CardText) else None
