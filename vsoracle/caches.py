"""What vsoracle keeps between runs: one folder, one switch, one way to write.

Three things are cached, each named by a digest of everything it depends on, so a changed
input is a miss, never a stale answer: the card database (``cards-….pickle``, from the card
files and the loader's code), parsed card texts (``card-texts-…/``, one file per text, from
the grammar and the text package's code) and answers (``answers/``, from the scenario file,
every data file and all of vsoracle's code); lark keeps the parser tables beside them. They
live under ``$XDG_CACHE_HOME/vsoracle`` (default ``~/.cache/vsoracle``); deleting the folder
is always safe (``vsoracle cache --clear``). ``VSORACLE_NO_CACHE=1`` turns them all off;
``vsoracle resolve --no-cache`` bypasses the answers only.

A cache that cannot be read is a miss; one that cannot be written is skipped: a cache never
stops a run.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Iterable

__all__ = ["enabled", "folder", "digest", "read_pickle", "write_atomic", "write_pickle", "usage", "clear", "KINDS"]

#: What the cache folder holds, by name pattern (``vsoracle cache`` shows them).
KINDS = (("card database", "cards-*.pickle"), ("parsed card texts", "card-texts-*"),
         ("answers", "answers"), ("parser tables", "vs-grammar-*.cache"))


def enabled() -> bool:
    """Is caching on (``VSORACLE_NO_CACHE`` unset, empty or ``0``)?"""
    return os.environ.get("VSORACLE_NO_CACHE", "") in ("", "0")


def folder() -> Path:
    """``$XDG_CACHE_HOME/vsoracle`` (default ``~/.cache/vsoracle``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "vsoracle"


def digest(files: Iterable[Path], *extra: bytes) -> str:
    """A digest of the files' names and contents, in the order given, and of ``extra``."""
    h = hashlib.sha256()
    for path in files:
        h.update(path.name.encode() + b"\0")
        h.update(path.read_bytes())
    for part in extra:
        h.update(b"\0" + part)
    return h.hexdigest()


def read_pickle(path: Path) -> Any:
    """The object pickled at ``path``, or ``None`` when it is missing or unreadable."""
    import pickle  # not needed by a run answered from the answer cache

    try:
        with open(path, "rb") as f:
            return pickle.load(f)
    except (OSError, pickle.PickleError, EOFError, AttributeError, ValueError, ImportError, TypeError):
        return None


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename, so a reader never sees
    half a file; a folder that cannot be written is skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only when writing: it is slow to import

        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except OSError:
            os.unlink(tmp)
            raise
    except OSError:
        pass


def write_pickle(path: Path, value: Any) -> None:
    import pickle

    write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        return [p for p in path.rglob("*") if p.is_file()]
    return [path] if path.is_file() else []


def usage() -> list[tuple[str, int, int]]:
    """Each kind of cached thing with its number of files and bytes (``other``: anything else
    in the folder)."""
    root = folder()
    claimed: set[Path] = set()
    rows = []
    for label, pattern in KINDS:
        files = [f for top in sorted(root.glob(pattern)) for f in _files(top)]
        claimed.update(files)
        rows.append((label, len(files), sum(f.stat().st_size for f in files)))
    rest = [f for f in _files(root) if f not in claimed]
    if rest:
        rows.append(("other", len(rest), sum(f.stat().st_size for f in rest)))
    return rows


def clear() -> tuple[int, int]:
    """Delete the cache folder (always safe: everything in it can be worked out again);
    the number of files and bytes removed."""
    import shutil

    files = _files(folder())
    size = sum(f.stat().st_size for f in files)
    shutil.rmtree(folder(), ignore_errors=True)
    return len(files), size
