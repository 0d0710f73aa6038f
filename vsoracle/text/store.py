"""Parsed card texts kept between runs, so a run whose cards were parsed before needs no parser.

Each text is one small pickle of ``((text, card name), CardText)`` in a folder of the cache
(:mod:`vsoracle.caches`) named by a digest of the grammar and of this package's code, so an
edited grammar or AST starts afresh. A run reads only the texts it meets (a store of every
text ever parsed would cost more to read the larger it grew) and writes a text, atomically,
the first time it parses it. ``VSORACLE_NO_CACHE=1`` does without it.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from .. import caches
from ..resources import data_path
from . import ast

__all__ = ["parse_stored"]

_HERE = Path(__file__).resolve().parent
_known: dict[tuple[str, str | None], ast.CardText] = {}


@lru_cache(maxsize=1)
def _folder() -> Path:
    key = caches.digest(sorted(_HERE.glob("*.py")) + sorted(data_path("grammar").glob("*.lark")))
    return caches.folder() / f"card-texts-{key[:16]}"


def _file(key: tuple[str, str | None]) -> Path:
    name = hashlib.sha256(repr(key).encode("utf-8")).hexdigest()[:32]
    return _folder() / f"{name}.pickle"


def parse_stored(text: str, card_name: str | None = None) -> ast.CardText:
    """``parse_card_text``, answered from memory or the store when this text was parsed before."""
    key = (text, card_name)
    found = _known.get(key)
    if found is not None:
        return found
    path = _file(key) if caches.enabled() else None
    if path is not None:
        stored = caches.read_pickle(path)
        if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == key and isinstance(stored[1], ast.CardText):
            found = stored[1]
    if found is None:
        from .parser import parse_card_text

        found = parse_card_text(text, card_name)
        if path is not None:
            caches.write_pickle(path, (key, found))
    _known[key] = found
    return found
