"""Where output leaves vsoracle: :func:`emit` writes every line a command prints, and
:func:`printable` escapes on the way every character a terminal would act on instead of showing
(no typer: the fast path uses it).

A scenario's title, a card's name, an id, an argument: any of them may hold an ESC sequence (which
moves the cursor, recolours, retitles the window, writes a hyperlink), a carriage return (which
prints a fake line over the real one), a backspace or a bell. Each is printed as JSON writes it —
``\\u001b``, ``\\r`` — the way ids in messages already were, so what a person reads is what the file
says. Colour (:mod:`.colour`) is added after escaping, so only vsoracle's own sequences reach the
terminal.
"""

from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator, TextIO

if TYPE_CHECKING:
    from ..errors import VsOracleError

__all__ = ["error_line", "internal_error_line", "printable", "emit", "guarded_streams", "UsageProblem", "shown", "quoted"]

#: What a terminal acts on instead of showing: the C0 controls but the line feed, DEL, the C1
#: controls (0x9b is a one-byte CSI), the line and paragraph separators, and the bidirectional
#: overrides and isolates (which reorder what follows them on the screen).
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_CONTROL_OR_TAB_KEPT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_SHORT = {"\b": "\\b", "\t": "\\t", "\f": "\\f", "\r": "\\r"}


def _escape(found: re.Match[str]) -> str:
    ch = found.group()
    return _SHORT.get(ch) or f"\\u{ord(ch):04x}"


def printable(text: str, *, tabs: bool = False) -> str:
    """``text`` with every control character escaped as JSON escapes it (``\\u001b``, ``\\r``,
    ``\\t``); line feeds kept, and tabs too when ``tabs`` (vsoracle's own column separators). Escaping
    twice changes nothing."""
    return (_CONTROL_OR_TAB_KEPT if tabs else _CONTROL).sub(_escape, text)


class ReaderGone(Exception):
    """The program reading vsoracle's output closed the pipe (``vsoracle cards list | head -1``):
    nothing more can be said; not an error of vsoracle's (:func:`vsoracle.cli.common.run_guarded`)."""


def emit(text: str, *, err: bool = False, colour: bool = False, nl: bool = True, tabs: bool = False) -> None:
    """Print ``text`` (escaped: :func:`printable`) on standard output, or standard error with
    ``err``; with ``colour``, painted when that stream is a terminal that wants colour."""
    stream = sys.stderr if err else sys.stdout
    out = printable(text, tabs=tabs)
    if colour:
        from .colour import paint, wants_colour

        if wants_colour(stream):
            out = paint(out)
    try:
        stream.write(out + "\n" if nl else out)
        if not err:
            stream.flush()
    except BrokenPipeError:
        raise ReaderGone() from None
    stream.flush()


def error_line(error: "VsOracleError") -> str:
    """A :class:`~vsoracle.errors.VsOracleError` as the one line a person reads (``file:line: …``),
    escaped (:func:`printable`)."""
    return printable(f"error: {error}" if not error.file else str(error))


def internal_error_line(exc: BaseException) -> str:
    """What a vsoracle bug prints instead of a traceback."""
    return printable(f"internal error: {type(exc).__name__}: {exc}. This is a vsoracle bug: "
                     "please report it with the file you ran.")


# What typer and click print themselves (a usage error quotes the argument: "no such option
# --bogus…"), vsoracle does not write through emit; the console entry guards the streams for them.
# Standard error carries only text (vsoracle's error lines, already escaped, and click's): every
# control character but the line feed is escaped there. Standard output also carries vsoracle's
# own colour (emit) and rich's tables, so ESC (and the tabs of piped tables) pass there; click's
# only text on it is a usage error's JSON document, where ESC is already "\u001b".
_NOT_ON_STDOUT = re.compile("[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


class _Escaping:
    """A text stream that escapes, as :func:`printable` does, what ``pattern`` finds in everything
    written to it, and is otherwise the stream it wraps (but has no ``buffer``: nothing may write
    past it in bytes)."""

    def __init__(self, stream: TextIO, pattern: "re.Pattern[str]") -> None:
        self._stream, self._pattern = stream, pattern

    def write(self, text: str) -> int:
        self._stream.write(self._pattern.sub(_escape, text) if isinstance(text, str) else text)
        return len(text)

    def __getattr__(self, name: str) -> Any:
        if name == "buffer":
            raise AttributeError(name)
        return getattr(self._stream, name)


@contextmanager
def guarded_streams() -> Iterator[None]:
    """While the body runs, what anything writes to standard output or standard error has its
    control characters escaped (standard output keeps ESC and tabs: vsoracle's own colour and
    rich's tables, emitted after escaping)."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = _Escaping(out, _NOT_ON_STDOUT)
    sys.stderr = _Escaping(err, _CONTROL)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def shown(text: str) -> str:
    """``text`` as a JSON string, so no control character reaches the terminal."""
    import json

    return json.dumps(text, ensure_ascii=False)


def quoted(text: str) -> str:
    """``text`` in single quotes, or as a JSON string if it holds anything that needs escaping."""
    as_json = shown(text)
    return "'" + as_json[1:-1] + "'" if as_json[1:-1] == text else as_json


class UsageProblem(Exception):
    """A usage error vsoracle finds itself (an unknown command, an unknown shell): where, what,
    what would be right — written as one line by :meth:`vsoracle.cli.help.Group.main`."""

    def __init__(self, where: str, what: str, right: str | None) -> None:
        super().__init__(what)
        self.where, self.what, self.right = where, what, right
