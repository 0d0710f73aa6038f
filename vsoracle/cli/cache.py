"""The answer cache: ``vsoracle resolve`` answers a file it has answered before at once.

An answer is a pure function of its inputs: the scenario file, the card database, the
grammar, the FAQ in ``seeds/``, vsoracle's own code, and the options. The cache key is a
digest of all of them, so any change to any input (or to vsoracle) is a miss. Answers live
under ``$XDG_CACHE_HOME/vsoracle/answers`` (default ``~/.cache``); ``--no-cache`` or
``VSORACLE_NO_CACHE=1`` bypasses the cache.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path

from ..resources import data_path

__all__ = ["lookup", "store", "enabled"]

_PACKAGE = Path(__file__).resolve().parents[1]


def enabled() -> bool:
    return os.environ.get("VSORACLE_NO_CACHE", "") in ("", "0")


def _folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "vsoracle" / "answers"


@lru_cache(maxsize=1)
def _inputs_digest() -> str:
    """A digest of everything an answer depends on besides the scenario file."""
    h = hashlib.sha256()
    files = sorted(_PACKAGE.rglob("*.py"))
    for name in ("grammar", "cards", "seeds"):
        folder = data_path(name)
        if folder.is_dir():
            files += sorted(p for p in folder.iterdir() if p.is_file())
    for path in files:
        h.update(str(path.name).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def _key(file: Path, options: tuple[str, ...]) -> str | None:
    try:
        content = file.read_bytes()
    except OSError:
        return None
    h = hashlib.sha256(_inputs_digest().encode())
    h.update(str(file).encode() + b"\0")  # the report names the file as it was given
    h.update(content)
    h.update("\0".join(options).encode())
    return h.hexdigest()


def lookup(file: Path, options: tuple[str, ...]) -> tuple[str, int] | None:
    """The stored output and exit code for this file and options, if any."""
    if not enabled():
        return None
    key = _key(file, options)
    if key is None:
        return None
    path = _folder() / f"{key}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return data["output"], int(data["code"])
    except (OSError, ValueError, KeyError):
        return None


def store(file: Path, options: tuple[str, ...], output: str, code: int) -> None:
    """Remember an answer (atomically; a cache that cannot be written is skipped)."""
    if not enabled():
        return
    key = _key(file, options)
    if key is None:
        return
    folder = _folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        import tempfile  # only when writing: it is slow to import

        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"output": output, "code": code}, out, ensure_ascii=False)
        os.replace(tmp, folder / f"{key}.json")
    except OSError:
        pass
