"""What every command shares: the error boundary and the card database."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional, Sequence

import typer

from ..errors import VsOracleError
from .lines import ReaderGone, emit, error_line, internal_error_line
from .output import Format

if TYPE_CHECKING:
    from ..cards import CardDB

__all__ = ["run_guarded", "fail", "reported", "cards_option", "card_database", "CARDS_HELP"]

#: The help of every ``--cards`` option.
CARDS_HELP = ("A card file (.toml, the schema of vsoracle docs scenario-format) or a folder of them whose cards "
              "join the database; repeat it for more. VSORACLE_CARDS names more, separated by ':'.")


def cards_option() -> Any:
    """The ``--cards FILE|DIR`` option of every command that reads cards."""
    return typer.Option(None, "--cards", metavar="FILE|DIR", help=CARDS_HELP)


#: The annotation of a ``--cards`` parameter.
CardPaths = Optional[list[Path]]


def card_database(cards: Sequence[Path] | None = None) -> "CardDB":
    """The database a command reads: the built-in cards, ``VSORACLE_CARDS``'s and ``--cards``'s
    (:func:`vsoracle.cards.database`)."""
    from ..cards import database

    return database(tuple(cards or ()))


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


#: The exit status when the program reading the output closed the pipe (128 + SIGPIPE, as other tools).
PIPE_CLOSED = 141


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that flushing it at exit raises nothing."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


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
    except ReaderGone:
        # "| head": the reader has what it wanted; the rest of the output goes nowhere, and the
        # exit is the one a Unix tool gives when its pipe closes (128 + SIGPIPE), never 1
        _quiet_stdout()
        sys.exit(PIPE_CLOSED)
    except Exception as exc:  # the last line of defence: say so plainly
        emit(internal_error_line(exc), err=True)
        sys.exit(3)


#: The help of every ``--position`` option.
POSITION_HELP = ("A position (JSON: vsoracle show FILE --export json, or an engine's position command) instead "
                 "of a scenario file: its state, and for one that waits, the action so far as its one step.")


def position_option() -> Any:
    """The ``--position FILE.json`` option of every command that reads a scenario file."""
    return typer.Option(None, "--position", metavar="FILE.json", help=POSITION_HELP)


def scenario_or_position(ctx: typer.Context, file: Path | None, position: Path | None,
                         fmt: Format = Format.TEXT) -> Path:
    """The file a command reads: its FILE, or ``--position FILE.json`` (the loader reads a ``.json``
    file as a position: :func:`vsoracle.scenario.load.load_scenario`); both, or a position that is
    not JSON, is an error; neither is typer's missing FILE."""
    from ..errors import PositionError
    from ..scenario.load import is_position_file

    if position is None:
        if file is None:
            from .lines import UsageProblem

            raise UsageProblem(ctx.command_path, "missing FILE", None)
        return file
    if file is not None:
        raise fail(PositionError("a scenario file and --position were both given", file=str(position),
                                 hint="give one of them"), fmt)
    if not is_position_file(position):
        raise fail(PositionError("--position reads a position file (.json)", file=str(position),
                                 hint="a scenario (.toml) is given as FILE"), fmt)
    return position
