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
from typing import Any

from .output import Format
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
        name, equals, given = arg.partition("=")
        if name not in _FAST_NUMBERS or name[2:] in numbers:
            return None
        value: str | None = given if equals else next(rest, None)
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
        from .answer import answer
        from .report import SHOWN_OUTCOMES

        output, code = answer(file, fmt=Format.of("json" in chosen), quiet="quiet" in chosen,
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


def _fast_parse(argv: list[str]) -> int | None:
    """``parse TEXT [--json | --tree] [--name NAME]``, answered without building the typer
    application (typer's start-up is most of a parse of a new text, issue 22); any other command
    line goes through typer. Errors are reported exactly as the typer command reports them."""
    if len(argv) < 2 or argv[0] != "parse":
        return None
    text: str | None = None
    name: str | None = None
    flags: set[str] = set()
    rest = iter(argv[1:])
    for arg in rest:
        if arg in ("--json", "--tree") and arg not in flags:
            flags.add(arg)
        elif arg == "--name" and name is None:
            name = next(rest, None)
            if name is None:
                return None
        elif arg.startswith("--name=") and name is None:
            name = arg.partition("=")[2]
        elif text is None and not arg.startswith("-"):
            text = arg
        else:
            return None  # anything else (-h, an unknown option, a second text) is typer's
    if text is None:
        return None
    from ..errors import VsOracleError

    try:
        from .reading import parse_answer

        out, err, code = parse_answer(text, name, Format.of("--json" in flags), "--tree" in flags)
    except VsOracleError as error:
        emit(error_line(error), err=True)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # the last line of defence: say so plainly
        emit(internal_error_line(exc), err=True)
        return 3
    if out:
        emit(out)
    if err:
        emit(err, err=True)
    return code


def main() -> None:
    """Console entry point."""
    argv = sys.argv[1:]
    code = _fast_resolve(argv)
    if code is None:
        code = _fast_parse(argv)
    if code is not None:
        sys.stdout.flush()
        sys.exit(code)
    from .application import app
    from .common import run_guarded
    from .lines import guarded_streams

    with guarded_streams():  # what typer prints itself (a usage error quotes the argument) is escaped too
        run_guarded(lambda: app(prog_name="vsoracle"))  # as the user calls it, also under python -m vsoracle


def __getattr__(name: str) -> Any:
    """``vsoracle.cli.app``, the typer application, loaded on first use."""
    if name == "app":
        from .application import app

        return app
    raise AttributeError(name)
