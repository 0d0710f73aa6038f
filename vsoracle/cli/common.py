"""What every command shares: the error boundary and the card database."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator

import typer

from ..errors import VsOracleError
from .lines import emit, error_line, internal_error_line
from .output import Format

__all__ = ["run_guarded", "fail", "reported"]


def fail(error: VsOracleError, fmt: Format = Format.TEXT) -> "typer.Exit":
    """Print ``error`` as one line on stderr — or, in JSON, as the ``error`` document on stdout
    (docs/json.md) — and return the exit to raise (code 2)."""
    if fmt is Format.JSON:
        from .jsondoc import dumps, error_document

        emit(dumps(error_document(error, 2)))
    else:
        emit(error_line(error), err=True)
    return typer.Exit(code=2)


@contextmanager
def reported(fmt: Format) -> Iterator[None]:
    """Run a command's body: a :class:`VsOracleError` in it ends the command as :func:`fail` says
    (in JSON, the error document on stdout), exit code 2."""
    try:
        yield
    except VsOracleError as error:
        raise fail(error, fmt) from None


def run_guarded(app: Callable[..., object]) -> None:
    """Run the typer app; no Python traceback ever reaches the user.

    Usage errors are typer's own (exit 2); a :class:`VsOracleError` is one line
    and exit 2; anything else is an internal error, said plainly (exit 3).
    """
    try:
        app()
    except VsOracleError as error:
        emit(error_line(error), err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # the last line of defence: say so plainly
        emit(internal_error_line(exc), err=True)
        sys.exit(3)
