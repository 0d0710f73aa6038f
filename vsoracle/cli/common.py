"""What every command shares: the error boundary and the card database."""

from __future__ import annotations

import sys
from typing import Callable

import typer

from ..errors import VsOracleError
from .lines import error_line, internal_error_line

__all__ = ["run_guarded", "fail"]


def fail(error: VsOracleError) -> "typer.Exit":
    """Print ``error`` as one line on stderr; the exit to raise (code 2)."""
    typer.echo(error_line(error), err=True)
    return typer.Exit(code=2)


def run_guarded(app: Callable[..., object]) -> None:
    """Run the typer app; no Python traceback ever reaches the user.

    Usage errors are typer's own (exit 2); a :class:`VsOracleError` is one line
    and exit 2; anything else is an internal error, said plainly (exit 3).
    """
    try:
        app()
    except VsOracleError as error:
        typer.echo(error_line(error), err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # the last line of defence: say so plainly
        typer.echo(internal_error_line(exc), err=True)
        sys.exit(3)
