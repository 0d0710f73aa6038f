"""Parsed card texts, remembered for the life of the process (``parse_stored``).

The store used to keep each text between runs as a pickle in the cache folder; unpickling
runs whatever a planted file says, so that is switched off (issue 14) until a data-only store
built on :mod:`vsoracle.caches` replaces it. ``_folder`` and ``_file`` still name where it kept
them.
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
    # Parsed texts are no longer read from or written to disk: the store kept pickles, and
    # unpickling a planted file runs its code (issue 14). A data-only store (vsoracle.caches)
    # is to replace it; until then every process parses the texts it meets, once each.
    from .parser import parse_card_text

    found = parse_card_text(text, card_name)
    _known[key] = found
    return found
