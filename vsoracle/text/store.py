"""Parsed card texts kept between runs, so a run whose cards were parsed before needs no parser.

The store is one pickle of ``{(text, card name): CardText}`` under
``$XDG_CACHE_HOME/vsoracle`` (default ``~/.cache``), named by a digest of the grammar and of
this package's code, so an edited grammar or AST starts a new store. It is read on first use
and written back (atomically) when the process ends, if it learned a new text. Set
``VSORACLE_NO_CACHE=1`` to do without it.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import pickle
from functools import lru_cache
from pathlib import Path

from ..resources import data_path
from . import ast

__all__ = ["parse_stored"]

_HERE = Path(__file__).resolve().parent
_known: dict[tuple[str, str | None], ast.CardText] | None = None
_dirty = False


@lru_cache(maxsize=1)
def _file() -> Path:
    h = hashlib.sha256()
    for path in sorted(_HERE.glob("*.py")) + sorted(data_path("grammar").glob("*.lark")):
        h.update(path.read_bytes())
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "vsoracle" / f"card-texts-{h.hexdigest()[:16]}.pickle"


def _load() -> dict[tuple[str, str | None], ast.CardText]:
    global _known
    if _known is None:
        _known = {}
        if os.environ.get("VSORACLE_NO_CACHE", "") in ("", "0"):
            try:
                with open(_file(), "rb") as f:
                    loaded = pickle.load(f)
                if isinstance(loaded, dict):
                    _known = loaded
            except (OSError, pickle.PickleError, EOFError, AttributeError, ValueError):
                _known = {}
            atexit.register(_save)
    return _known


def _save() -> None:
    if not _dirty or _known is None:
        return
    target = _file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only when writing: it is slow to import

        fd, tmp = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            pickle.dump(_known, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, target)
    except OSError:
        pass


def parse_stored(text: str, card_name: str | None = None) -> ast.CardText:
    """``parse_card_text``, answered from the store when this text was parsed before."""
    global _dirty
    known = _load()
    key = (text, card_name)
    found = known.get(key)
    if found is None:
        from .parser import parse_card_text

        found = parse_card_text(text, card_name)
        known[key] = found
        _dirty = True
    return found
