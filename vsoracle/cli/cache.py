"""The answer cache: ``vsoracle resolve`` answers a file it has answered before at once.

An answer is a pure function of its inputs: the scenario file, the card database, the
grammar, the FAQ in ``seeds/``, vsoracle's own code, and the options. The cache key is a
digest of all of them, so any change to any input (or to vsoracle) is a miss. Answers live
in ``answers/`` of the cache folder (:mod:`vsoracle.caches`); ``--no-cache`` or
``VSORACLE_NO_CACHE=1`` bypasses them.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from .. import caches
from ..resources import data_path

__all__ = ["key", "lookup", "store"]

_PACKAGE = Path(__file__).resolve().parents[1]


def _folder() -> Path:
    return caches.folder() / "answers"


@lru_cache(maxsize=1)
def _inputs_digest() -> str:
    """A digest of everything an answer depends on besides the scenario file."""
    files = sorted(_PACKAGE.rglob("*.py"))
    for name in ("grammar", "cards", "seeds"):
        folder = data_path(name)
        if folder.is_dir():
            files += sorted(p for p in folder.iterdir() if p.is_file())
    return caches.digest(files)


def key(file: Path, options: tuple[str, ...]) -> str | None:
    """The answer's key for this file and options; ``None`` when caching is off or the file
    cannot be read (the loader then says why)."""
    if not caches.enabled():
        return None
    try:
        content = file.read_bytes()
    except OSError:
        return None
    h = hashlib.sha256(_inputs_digest().encode())
    h.update(str(file).encode() + b"\0")  # the report names the file as it was given
    h.update(content)
    h.update("\0".join(options).encode())
    return h.hexdigest()


def lookup(key: str) -> tuple[str, int] | None:
    """The stored output and exit code under ``key``, if any."""
    try:
        data = json.loads((_folder() / f"{key}.json").read_text(encoding="utf-8"))
        return data["output"], int(data["code"])
    except (OSError, ValueError, KeyError):
        return None


def store(key: str, output: str, code: int) -> None:
    """Remember an answer (atomically; a cache that cannot be written is skipped)."""
    data = json.dumps({"output": output, "code": code}, ensure_ascii=False).encode("utf-8")
    caches.write_atomic(_folder() / f"{key}.json", data)
