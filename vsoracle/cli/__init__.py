"""The ``vsoracle`` command line (typer). Only this package prints or exits.

Every :class:`~vsoracle.errors.VsOracleError` becomes one line on stderr (under ``--json``,
the error document on stdout: docs/json.md) and exit code 2; anything else is reported as an internal error (exit 3) with a
request for the input that caused it — never a traceback.

``vsoracle resolve FILE`` for a file answered before (same file, same cards, same
vsoracle) prints the stored answer without loading typer or the engine (see
:mod:`vsoracle.cli.cache`).
"""

from __future__ import annotations

import sys

from .lines import emit, error_line, internal_error_line

__all__ = ["main", "error_line", "internal_error_line"]

_FAST_FLAGS = {"--json": "json", "--quiet": "quiet", "-q": "quiet", "--no-cache": "no_cache"}


_FAST_NUMBERS = ("--budget", "--outcomes")


def _fast_arguments(argv: list[str]) -> tuple[str, set[str], dict[str, int]] | None:
    """``resolve FILE [--json] [--quiet] [--no-cache] [--budget N] [--outcomes N]`` as (file, flags,
    numbers); ``None`` for anything else (typer then reads it, and reports what is wrong with it)."""
    if len(argv) < 2 or argv[0] != "resolve" or (argv[1].startswith("-") and argv[1] != "-"):
        return None
    chosen: set[str] = set()
    numbers: dict[str, int] = {}
    rest = iter(argv[2:])
    for arg in rest:
        if arg in _FAST_FLAGS:
            chosen.add(_FAST_FLAGS[arg])
            continue
        name, equals, value = arg.partition("=")
        if name not in _FAST_NUMBERS or name[2:] in numbers:
            return None
        if not equals:
            value = next(rest, None)
        # ASCII digits only ("²" is a digit to str.isdigit, not to int), and few enough for int to
        # read: anything else is typer's to refuse in one line
        if value is None or not (value.isascii() and value.isdigit()) or len(value) > 18 or int(value) < 1:
            return None
        numbers[name[2:]] = int(value)
    return argv[1], chosen, numbers


def _fast_resolve(argv: list[str]) -> int | None:
    """``resolve FILE [--json] [--quiet] [--no-cache] [--budget N] [--outcomes N]``, the everyday question,
    answered without building the typer application (about 0.1 s of start-up); any other
    command line goes through typer. Errors are reported exactly as
    :func:`~vsoracle.cli.common.run_guarded` does."""
    parsed = _fast_arguments(argv)
    if parsed is None:
        return None
    file, chosen, numbers = parsed
    from ..errors import VsOracleError

    try:
        from .report import SHOWN_OUTCOMES, answer

        output, code = answer(file, as_json="json" in chosen, quiet="quiet" in chosen,
                              no_cache="no_cache" in chosen, budget=numbers.get("budget"),
                              outcomes=numbers.get("outcomes", SHOWN_OUTCOMES))
    except VsOracleError as error:
        if "json" in chosen:  # the error document on stdout (docs/json.md), as fail() prints it
            from .jsondoc import dumps, error_document

            emit(dumps(error_document(error, 2)))
        else:
            emit(error_line(error), err=True)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # the last line of defence: say so plainly
        emit(internal_error_line(exc), err=True)
        return 3
    emit(output, colour="json" not in chosen)
    return code


def main() -> None:
    """Console entry point."""
    code = _fast_resolve(sys.argv[1:])
    if code is not None:
        sys.stdout.flush()
        sys.exit(code)
    from .application import app
    from .common import run_guarded
    from .lines import guarded_streams

    with guarded_streams():  # what typer prints itself (a usage error quotes the argument) is escaped too
        run_guarded(lambda: app(prog_name="vsoracle"))  # as the user calls it, also under python -m vsoracle


def __getattr__(name: str):
    """``vsoracle.cli.app``, the typer application, loaded on first use."""
    if name == "app":
        from .application import app

        return app
    raise AttributeError(name)
