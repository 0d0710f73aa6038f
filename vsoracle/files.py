"""Reading and writing a file a person names.

**Reading**: once, as bytes, with a size limit, never hanging.

``read_input(name)`` is the only way vsoracle reads a scenario or card file. It accepts a
regular file, a pipe (a FIFO, or standard input when it is one) and ``-`` for standard input;
anything else (a folder, a terminal, ``/dev/zero``, a socket) is refused with one line before a
byte is read. The bytes are read once: whoever needs them (the answer cache's key, the loader)
shares that one read, so a file saved again during a run cannot give one content's answer
under the other's key. Reading stops past the size limit, and a pipe that sends nothing for
:data:`PIPE_WAIT_S` seconds (a FIFO nobody writes to) is an error rather than a hang.

**Writing** (``play``'s saves, ``resolve --html``): :func:`write_file` writes a temporary file in the
same folder and renames it into place once every byte is written, so the file is whole or not
there; a symbolic link at the name is replaced, never followed (another user's link planted
beside a scenario cannot make vsoracle write through it); a folder, a device or a pipe is never
written; and an existing file is replaced only when the person named it (``replace``) —
otherwise :func:`write_new_file` takes the first name free.
"""

from __future__ import annotations

import os
import stat
import sys
from typing import Callable, Iterable, NamedTuple

from .errors import VsOracleError

__all__ = ["Input", "read_input", "write_file", "write_new_file", "STDIN", "MAX_SCENARIO_BYTES",
           "MAX_CARD_FILE_BYTES", "PIPE_WAIT_S"]

#: The name that means standard input.
STDIN = "-"

#: A scenario file larger than this is refused (the largest example is under 2 KB).
MAX_SCENARIO_BYTES = 1024 * 1024

#: A card file larger than this is refused (a full set is under 20 KB).
MAX_CARD_FILE_BYTES = 8 * 1024 * 1024

#: How long a pipe may stay silent (no byte, no end) before reading it is given up.
PIPE_WAIT_S = 10.0

_CHUNK = 1 << 16


class Input(NamedTuple):
    """What was read: the bytes, the name to report (``<stdin>`` for ``-``), and whether it is
    a regular file named by its path (only those are answered from the cache: a pipe's next
    read is another content). A tuple, not an attrs class: the answer-cache path imports no
    attrs."""

    data: bytes
    name: str
    regular: bool


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 and n % (1024 * 1024) == 0 else f"{n:,} bytes"


def _kind(mode: int) -> str:
    if stat.S_ISCHR(mode):
        return "a character device (such as a terminal or /dev/zero)"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_input(name: str, error: type[VsOracleError], *, limit: int = MAX_SCENARIO_BYTES,
               wait: float = PIPE_WAIT_S, what: str = "a scenario") -> Input:
    """Read ``name`` (a path, or ``-`` for standard input) once; any problem raises ``error``
    (one line for a person): a missing file, a folder, a device, more than ``limit`` bytes,
    a pipe silent for ``wait`` seconds."""
    if name == STDIN:
        shown = "<stdin>"
        try:
            fd = sys.stdin.fileno()
        except (AttributeError, OSError, ValueError):
            raise error("there is no standard input to read", file=shown) from None
        read = _read_fd(fd, shown, error, limit, wait, what, close=False)
        return Input(read.data, shown, False)  # standard input is never answered from the cache
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)  # non-blocking: opening a FIFO nobody writes to returns at once
    except FileNotFoundError:
        raise error("no such file", file=name, hint="check the path") from None
    except IsADirectoryError:
        raise error("this is a folder, not a file", file=name, hint="name a .toml file") from None
    except OSError as exc:
        raise error(f"cannot read the file ({exc.strerror})", file=name) from None
    return _read_fd(fd, name, error, limit, wait, what, close=True)


def _read_fd(fd: int, name: str, error: type[VsOracleError], limit: int, wait: float, what: str,
             close: bool) -> Input:
    try:
        try:
            mode = os.fstat(fd).st_mode
        except OSError as exc:
            raise error(f"cannot read the file ({exc.strerror})", file=name) from None
        if stat.S_ISDIR(mode):
            raise error("this is a folder, not a file", file=name, hint="name a .toml file")
        too_big = error(f"the file is larger than {_size(limit)}, the most {what} may be", file=name,
                        hint=f"{what} is a few kilobytes of TOML: is this the right file?")
        if stat.S_ISREG(mode):
            if os.fstat(fd).st_size > limit:
                raise too_big
            return Input(_read_all(fd, name, error, limit, too_big, None), name, True)
        if stat.S_ISFIFO(mode):
            return Input(_read_all(fd, name, error, limit, too_big, wait), name, False)
        raise error(f"cannot read {_kind(mode)}", file=name,
                    hint="name a regular file, or pipe the scenario in with - for standard input")
    finally:
        if close:
            os.close(fd)


def _read_all(fd: int, name: str, error: type[VsOracleError], limit: int, too_big: VsOracleError,
              wait: float | None) -> bytes:
    """Every byte up to the end, or ``too_big`` past ``limit``; with ``wait`` (a pipe), each
    read waits at most that long for something to arrive."""
    ready: Callable[[], bool] = (lambda: True) if wait is None else _poller(fd, wait)
    chunks: list[bytes] = []
    size = 0
    while True:
        if not ready():
            raise error(f"nothing came through the pipe for {wait:g} s", file=name,
                        hint="write the scenario into the pipe, or name a file")
        try:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
        except BlockingIOError:
            continue
        except OSError as exc:
            raise error(f"cannot read the file ({exc.strerror})", file=name) from None
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise too_big


def _poller(fd: int, wait: float) -> Callable[[], bool]:
    """Has the pipe something to read (bytes, or its end) within ``wait`` seconds?"""
    import select

    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        return lambda: bool(poller.poll(int(wait * 1000)))
    return lambda: bool(select.select([fd], [], [], wait)[0])


# -- writing -----------------------------------------------------------------------------------

def write_file(name: str, data: bytes, error: type[VsOracleError], *, replace: bool, what: str = "the file") -> None:
    """Write ``data`` at ``name`` safely (see the module docstring); ``replace``: the person named
    this file, so one already there may be replaced (a link there is replaced, not followed). Any
    problem raises ``error``, one line: the folder is missing or not writable, the name is a
    folder or a device, the file exists (without ``replace``), the disk is full."""
    if not _write(name, data, error, replace=replace, what=what):
        raise error(f"cannot write {what}: the file exists", file=name,
                    hint="name it again to replace it, or name another file")


def write_new_file(names: Iterable[str], data: bytes, error: type[VsOracleError], *, what: str = "the file") -> str:
    """Write ``data`` at the first of ``names`` where nothing is (never replacing anything, a
    link included); the name written. ``error`` if every name is taken or writing fails."""
    tried = []
    for name in names:
        tried.append(name)
        if _write(name, data, error, replace=False, what=what):
            return name
    raise error(f"cannot write {what}: {len(tried)} names are taken", file=tried[0] if tried else None,
                hint="name the file to write")


def _write(name: str, data: bytes, error: type[VsOracleError], *, replace: bool, what: str) -> bool:
    """Write ``data`` at ``name`` through a temporary file and a rename (``replace``) or a hard link
    (not ``replace``: it fails if anything is at the name, so nothing is ever replaced); ``False``
    when something is there and ``replace`` is not given."""
    try:
        st = os.lstat(name)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise error(f"cannot write {what} ({exc.strerror})", file=name) from None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise error(f"cannot write {what}: this is a folder", file=name, hint="name a file in it")
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
            raise error(f"cannot write {what}: this is {_kind(st.st_mode)}", file=name, hint="name a regular file")
        if not replace:
            return False
    folder = os.path.dirname(name) or "."
    import tempfile  # only when writing: it is slow to import

    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix="." + os.path.basename(name)[:64] + ".", suffix=".tmp")
    except FileNotFoundError:
        raise error(f"cannot write {what}: the folder {folder} does not exist", file=name,
                    hint="name a file in a folder that exists") from None
    except OSError as exc:
        raise error(f"cannot write {what} in {folder} ({exc.strerror})", file=name,
                    hint="name a file in a folder you can write to") from None
    try:
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, 0o666 & ~_umask())
            if replace:
                os.replace(tmp, name)  # a link at the name is replaced, not followed
                return True
            try:
                os.link(tmp, name)  # fails if anything is at the name: nothing is replaced
            except FileExistsError:
                return False
            except OSError:  # a file system without hard links: create the name exclusively
                if not _copy_exclusively(tmp, name):
                    return False
            return True
        except OSError as exc:
            raise error(f"cannot write {what} ({exc.strerror or exc})", file=name,
                        hint="free some space, or name a file elsewhere") from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _copy_exclusively(tmp: str, name: str) -> bool:
    """Copy ``tmp`` to ``name``, created here and now (never a file or link already there);
    ``False`` if something is there. A failed copy leaves nothing at ``name``."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags, 0o666)
    except FileExistsError:
        return False
    try:
        with os.fdopen(fd, "wb") as out, open(tmp, "rb") as src:
            out.write(src.read())
    except OSError:
        os.unlink(name)
        raise
    return True


def _umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
