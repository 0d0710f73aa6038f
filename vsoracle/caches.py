"""What vsoracle keeps between runs: data only, in a folder only this user can write.

A cache is a convenience, so it must never be a way in. The rules every cache follows:

- **Data, never code.** A cache file is JSON, read by ``json.loads`` and checked field by field
  (:func:`matches`); nothing that runs code on load (pickle, marshal, lark's pickled tables) is
  ever read. Anything odd in a file — truncation, flipped bytes, wrong types, huge numbers, deep
  nesting, an unknown format — is a *miss*: the work is done again, and no exception escapes.
- **The user's own folder.** The cache lives in ``$XDG_CACHE_HOME/vsoracle`` when that is set,
  else in the platform's place for a user's caches (``platformdirs``: ``~/.cache/vsoracle`` on
  Linux, ``~/Library/Caches/vsoracle`` on macOS, ``%LOCALAPPDATA%\\vsoracle\\Cache`` on Windows),
  created mode 0700. There is no fallback to a shared folder (``/tmp``,
  ``$TMPDIR``): when that folder cannot be used, nothing is cached. A folder or file is read only
  if it is a real folder or regular file (not a symbolic link), owned by this user, and not
  writable by group or others (:func:`safe_folder`, :func:`read_bytes`); otherwise it is ignored,
  as another user could have planted it. Files are opened relative to their checked folder and
  checked again once open, so nothing can be swapped in between the check and the read.
- **Sealed records.** :func:`write_record` stores a payload with its kind, its key (a digest of
  everything the payload depends on: :func:`digest`) and a SHA-256 of its canonical JSON;
  :func:`read_record` returns the payload only when all three agree, so a file copied under
  another key, cut short or edited by hand is a miss — unless it was sealed again, which only
  the folder's owner can do (the seal is a checksum, not a secret): so the caller still checks
  every field's type (:func:`matches`), and a wrong type is a miss too, never a crash.
- **Atomic, bounded.** Writes go through a private temporary file and a rename, so a reader never
  sees half a file; reads stop at a size limit (:data:`MAX_READ_BYTES`).
- **Tidy.** What an older vsoracle kept (parsed texts and card databases under another code key,
  the parser tables' folder, pickles) is removed once unused for :data:`STALE_DAYS` days, and the
  folder is kept under a size cap (:data:`MAX_BYTES`, ``VSORACLE_CACHE_MAX_MB``), oldest files
  first (:func:`tidy`, run as a new version's folder is made, and by ``vsoracle cache``).

What is kept: the card database (``cards-….json``, :mod:`vsoracle.cards.load`), parsed card
texts (``card-texts-…/``, :mod:`vsoracle.text.store`), the parser's tables (``parser/``,
:mod:`vsoracle.text.tables`) and answers (``answers/``, :mod:`vsoracle.cli.cache`). Deleting the folder is always safe
(``vsoracle cache --clear``). ``VSORACLE_NO_CACHE=1`` turns every cache off;
``vsoracle resolve --no-cache`` bypasses the answers only. A cache that cannot be read is a
miss and one that cannot be written is skipped: a cache never stops a run.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any, Iterable

__all__ = ["enabled", "folder", "safe_folder", "is_private", "digest", "read_bytes", "write_bytes",
           "read_json", "write_json", "read_record", "write_record", "matches", "usage", "clear", "is_file_in_the_way",
           "KINDS", "FORMAT", "MAX_READ_BYTES", "MAX_BYTES", "STALE_DAYS", "tidy", "max_bytes"]

#: What the cache folder holds, by name pattern (``vsoracle cache`` shows them).
KINDS = (("card database", "cards-*.json"), ("parsed card texts", "card-texts-*"), ("parser tables", "parser"),
         ("answers", "answers"))

#: The version of the record envelope (:func:`write_record`); another version is a miss.
FORMAT = 1

#: The cache folder is kept under this size, oldest files first (``VSORACLE_CACHE_MAX_MB`` changes it).
MAX_BYTES = 256 * 1024 * 1024

#: What another version of vsoracle kept is removed once unused (not modified) for this many days.
STALE_DAYS = 14

#: No cache file is read past this size (a larger one is a miss).
MAX_READ_BYTES = 16 * 1024 * 1024

#: JSON nested deeper than this is a miss (``json`` would recurse into it).
MAX_DEPTH = 64

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def enabled() -> bool:
    """Is caching on (``VSORACLE_NO_CACHE`` unset, empty or ``0``)?"""
    return os.environ.get("VSORACLE_NO_CACHE", "") in ("", "0")


def folder() -> Path:
    """Where the cache lives: ``$XDG_CACHE_HOME/vsoracle`` when that is set, else the platform's
    place for a user's caches (``platformdirs.user_cache_dir``). Only names the place;
    :func:`safe_folder` is what may be read from or written to."""
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "vsoracle"
    import platformdirs

    return Path(platformdirs.user_cache_dir("vsoracle", appauthor=False))


def is_private(st: os.stat_result, *, directory: bool) -> bool:
    """Is this folder or file (as ``lstat``/``fstat`` saw it) safe to trust: of the right kind
    (a folder, or a regular file; never a symbolic link), owned by this user, and writable
    by nobody else (no group or other write bit)?"""
    kind_ok = stat.S_ISDIR(st.st_mode) if directory else stat.S_ISREG(st.st_mode)
    return kind_ok and st.st_uid == _uid() and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _uid() -> int:
    return os.geteuid() if hasattr(os, "geteuid") else -1


def _ancestors_ok(base: Path) -> bool:
    """No one else can swap a folder under ``base`` for theirs: ``base`` (a real path) and every
    folder above it is owned by this user or by root, and one that others may write to has the
    sticky bit (as ``/tmp`` has)."""
    for path in (base, *base.parents):
        try:
            st = os.lstat(path)
        except OSError:
            return False
        if not stat.S_ISDIR(st.st_mode) or st.st_uid not in (_uid(), 0):
            return False
        if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not st.st_mode & stat.S_ISVTX:
            return False
    return True


def safe_folder(*parts: str, create: bool = True) -> Path | None:
    """The cache folder, or its sub-folder ``parts``, when it is safe to use; else ``None``.

    Missing folders are created with mode 0700 (whatever the umask). A folder that exists but
    is a symbolic link, is another user's, or is writable by group or others is not used (it is
    neither read nor repaired), and neither is one whose parents someone else could rename.
    ``None`` too when caching is off (:func:`enabled`), when ``create`` is false and the folder
    does not exist, or when it cannot be created. Never falls back to another place.
    """
    if not enabled() or _uid() < 0:  # no owners to check (not a POSIX system): nothing is cached
        return None
    if any(p in ("", ".", "..") or "/" in p or os.sep in p for p in parts):
        return None
    root = folder()
    try:
        if not root.is_absolute():
            return None
        if create and not os.path.lexists(root.parent):
            os.makedirs(root.parent, 0o700, exist_ok=True)
        base = Path(os.path.realpath(root.parent))
        if not _ancestors_ok(base):
            return None
        path = base / root.name
        for name in (None, *parts):
            if name is not None:
                path = path / name
            try:
                st = os.lstat(path)
            except FileNotFoundError:
                if not create:
                    return None
                try:
                    os.mkdir(path, 0o700)
                except FileExistsError:
                    pass
                st = os.lstat(path)
                if is_private(st, directory=True) and st.st_mode & 0o077:
                    os.chmod(path, 0o700)  # ours, just made under a permissive umask
                    st = os.lstat(path)
            if not is_private(st, directory=True):
                return None
    except OSError:
        return None
    return path


def _open_checked(path: Path) -> int | None:
    """A file descriptor for the regular file ``path``, opened relative to its folder after
    the folder was checked, and checked itself once open; ``None`` if either is not private."""
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC)
    except OSError:
        return None
    try:
        if not is_private(os.fstat(dir_fd), directory=True):
            return None
        fd = os.open(path.name, os.O_RDONLY | _NOFOLLOW | _CLOEXEC | getattr(os, "O_NONBLOCK", 0), dir_fd=dir_fd)
    except OSError:
        return None
    finally:
        os.close(dir_fd)
    try:
        if is_private(os.fstat(fd), directory=False):
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


def read_bytes(path: Path, limit: int = MAX_READ_BYTES) -> bytes | None:
    """The bytes of a cache file, or ``None`` (a miss) when it is missing, not a private regular
    file in a private folder (:func:`is_private`), larger than ``limit``, or unreadable."""
    if not enabled():
        return None
    fd = _open_checked(Path(path))
    if fd is None:
        return None
    try:
        if os.fstat(fd).st_size > limit:
            return None
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                return None
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def write_bytes(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` atomically (a private temporary file in the same folder, then
    a rename), mode 0600. Only into a private folder (create it with :func:`safe_folder`);
    ``False`` when skipped (caching off, an unsafe folder, a full disk…). Never raises."""
    if not enabled():
        return False
    path = Path(path)
    try:
        if not is_private(os.lstat(path.parent), directory=True):
            return False
        import tempfile  # only when writing: it is slow to import

        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")  # 0600, O_EXCL
    except OSError:
        return False
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
        return True
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False


def _depth_ok(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Is a loaded JSON value nested at most ``limit`` deep? Counted without recursion, so that
    a caller walking the value never recurses past it."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limit:
                return False
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item)
                         if isinstance(v, (list, dict)))
    return True


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON data")


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is not a finite number")
    return value


def read_json(path: Path, limit: int = MAX_READ_BYTES) -> Any | None:
    """The JSON value in a cache file, or ``None`` (a miss) for anything but a well-formed UTF-8
    JSON document within ``limit`` bytes and :data:`MAX_DEPTH` levels from a private file
    (:func:`read_bytes`). ``NaN``, infinities and numbers too long to read are refused.
    Nothing is executed; the caller still checks the shape (:func:`matches`)."""
    raw = read_bytes(path, limit)
    if raw is None:
        return None
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_no_constant, parse_float=_finite)
    except Exception:  # any damage at all is a miss (ValueError, RecursionError, MemoryError, …)
        return None
    return value if _depth_ok(value) else None


def _canonical(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"),
                      allow_nan=False).encode("utf-8")


def write_json(path: Path, data: Any) -> bool:
    """Store ``data`` (JSON values only: dicts with string keys, lists, strings, whole numbers,
    finite floats, booleans, ``None``) at ``path`` with :func:`write_bytes`; ``False`` when
    skipped or when ``data`` is not JSON data."""
    try:
        encoded = _canonical(data)
    except (TypeError, ValueError, RecursionError):
        return False
    return write_bytes(path, encoded)


def _seal(kind: str, key: str, payload: Any) -> str:
    return hashlib.sha256(_canonical([FORMAT, kind, key, payload])).hexdigest()


def write_record(path: Path, kind: str, key: str, payload: Any) -> bool:
    """Store ``payload`` as a sealed record: ``{"format", "kind", "key", "sha256", "data"}``,
    where ``sha256`` covers the other four (canonical JSON). ``key`` should be the digest of
    everything the payload depends on (:func:`digest`), usually also the file's name."""
    try:
        seal = _seal(kind, key, payload)
    except (TypeError, ValueError, RecursionError):
        return False
    return write_json(path, {"format": FORMAT, "kind": kind, "key": key, "sha256": seal, "data": payload})


def read_record(path: Path, kind: str, key: str, limit: int = MAX_READ_BYTES) -> Any | None:
    """The payload of a record :func:`write_record` stored, or ``None`` (a miss) unless the file
    is private, well-formed JSON, of this format, of this ``kind``, under this ``key``, and its
    seal matches its content. The caller checks the payload's shape with :func:`matches`."""
    record: Any = read_json(path, limit)  # None (a miss) has not the shape below
    if not matches(record, {"format": int, "kind": str, "key": str, "sha256": str, "data": object}):
        return None
    if record["format"] != FORMAT or record["kind"] != kind or record["key"] != key:
        return None
    try:
        if _seal(kind, key, record["data"]) != record["sha256"]:
            return None
    except (TypeError, ValueError, RecursionError):
        return None
    return record["data"]


def matches(value: Any, shape: Any) -> bool:
    """Does a JSON value have this shape? ``shape`` is ``object`` (anything), a type (``str``,
    ``int``, ``bool``, ``float``, ``type(None)``; ``int`` never takes a boolean), a tuple of
    shapes (any one), ``[item_shape]`` (a list of them) or ``{key: shape}`` (a dict with exactly
    these keys). For checking what :func:`read_json` returned before trusting it."""
    if shape is object:
        return True
    if isinstance(shape, tuple):
        return any(matches(value, s) for s in shape)
    if isinstance(shape, list):
        return isinstance(value, list) and all(matches(v, shape[0]) for v in value)
    if isinstance(shape, dict):
        return (isinstance(value, dict) and value.keys() == shape.keys()
                and all(matches(value[k], s) for k, s in shape.items()))
    if shape is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if shape is float:
        return isinstance(value, float)
    return isinstance(value, shape)


def digest(files: Iterable[Path], *extra: bytes) -> str:
    """A digest of the files' names and contents, in the order given, and of ``extra``."""
    h = hashlib.sha256()
    for path in files:
        h.update(path.name.encode() + b"\0")
        h.update(path.read_bytes())
    for part in extra:
        h.update(b"\0" + part)
    return h.hexdigest()


def _files(path: Path) -> list[Path]:
    if path.is_symlink():
        return [path]
    if path.is_dir():
        return [p for p in path.rglob("*") if p.is_file() or p.is_symlink()]
    return [path] if path.exists() else []


def _size(path: Path) -> int:
    try:
        return os.lstat(path).st_size
    except OSError:
        return 0


def usage() -> list[tuple[str, int, int]]:
    """Each kind of cached thing with its number of files and bytes (``other``: anything else
    in the folder, such as the pickles older versions of vsoracle kept, which are never read)."""
    root = folder()
    claimed: set[Path] = set()
    rows = []
    for label, pattern in KINDS:
        files = [f for top in sorted(root.glob(pattern)) for f in _files(top)]
        claimed.update(files)
        rows.append((label, len(files), sum(_size(f) for f in files)))
    rest = [f for f in _files(root) if f not in claimed] if root.is_dir() and not root.is_symlink() else []
    if rest:
        rows.append(("other", len(rest), sum(_size(f) for f in rest)))
    return rows


def clear() -> tuple[int, int]:
    """Delete the cache folder (always safe: everything in it can be worked out again);
    the number of files and bytes removed — counted after, so what could not be removed is not
    counted. A symbolic link is removed, never followed; a regular file where the folder should
    be is not a cache (vsoracle never writes one there) and is left alone: ``(0, 0)``."""
    import shutil

    root = folder()
    if is_file_in_the_way():
        return 0, 0
    files = _files(root)
    sizes = {f: _size(f) for f in files}
    if root.is_symlink():
        try:
            root.unlink()
        except OSError:
            pass
    else:
        shutil.rmtree(root, ignore_errors=True)
    gone = [f for f in files if not os.path.lexists(f)]
    return len(gone), sum(sizes[f] for f in gone)


def is_file_in_the_way() -> bool:
    """Is the cache folder's place taken by something that is neither a folder nor a link (a
    regular file, say), which :func:`clear` leaves alone?"""
    try:
        st = os.lstat(folder())
    except OSError:
        return False
    return not (stat.S_ISDIR(st.st_mode) or stat.S_ISLNK(st.st_mode))


def max_bytes() -> int:
    """The size cap: ``VSORACLE_CACHE_MAX_MB`` megabytes when that is a whole number, else :data:`MAX_BYTES`."""
    given = os.environ.get("VSORACLE_CACHE_MAX_MB", "")
    if given.isascii() and given.isdigit() and len(given) <= 9:
        return int(given) * 1024 * 1024
    return MAX_BYTES


def tidy(current: Iterable[str] = (), *, now: float | None = None) -> tuple[int, int]:
    """Remove what another vsoracle version kept — a top-level entry of the folder whose name is
    not in ``current`` nor ``answers``, unused for :data:`STALE_DAYS` days — then the oldest files
    until the folder is under :func:`max_bytes`; the number of files and bytes removed. Only a
    folder that is this user's own is tidied (:func:`safe_folder`), links are removed, never
    followed, and nothing that cannot be removed stops anything."""
    import shutil
    import time

    root = safe_folder(create=False)
    if root is None:
        return 0, 0
    now = time.time() if now is None else now
    keep = set(current) | {"answers"}
    removed = [0, 0]

    def drop(path: Path) -> None:
        files = _files(path)
        sizes = {f: _size(f) for f in files}
        try:
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink()
        except OSError:
            pass
        gone = [f for f in files if not os.path.lexists(f)]
        removed[0] += len(gone)
        removed[1] += sum(sizes[f] for f in gone)

    try:
        entries = list(os.scandir(root))
    except OSError:
        return 0, 0
    for entry in entries:
        if entry.name in keep or entry.name.startswith("."):
            continue
        try:
            age = now - entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            continue
        if age > STALE_DAYS * 86400:
            drop(Path(entry.path))
    files = [f for f in _files(root) if not f.name.startswith(".")]
    total = sum(_size(f) for f in files)
    cap = max_bytes()
    if total > cap:
        by_age = sorted(files, key=lambda f: _mtime(f))
        for f in by_age:
            if total <= cap * 0.8:  # down to four fifths, so the next writes do not tidy again at once
                break
            size = _size(f)
            drop(f)
            total -= size
    return removed[0], removed[1]


def _mtime(path: Path) -> float:
    try:
        return os.lstat(path).st_mtime
    except OSError:
        return 0.0
