"""The ``vsoracle`` command line (typer). Only this package prints or exits.

Every :class:`~vsoracle.errors.VsOracleError` becomes one line on stderr and
exit code 2; anything else is reported as an internal error (exit 3) with a
request for the input that caused it — never a traceback.

``vsoracle resolve FILE`` for a file answered before (same file, same cards, same
vsoracle) prints the stored answer without loading typer or the engine (see
:mod:`vsoracle.cli.cache`).
"""

from __future__ import annotations

import sys

__all__ = ["main"]

_FAST_FLAGS = {"--json": "json", "--quiet": "quiet", "-q": "quiet"}


def _answered_before(argv: list[str]) -> tuple[str, int] | None:
    """The stored answer for ``resolve FILE [--json] [--quiet]``, if there is one."""
    if len(argv) < 2 or argv[0] != "resolve" or argv[1].startswith("-"):
        return None
    flags = argv[2:]
    if any(f not in _FAST_FLAGS for f in flags):
        return None
    from pathlib import Path

    from . import cache

    chosen = {_FAST_FLAGS[f] for f in flags}
    options = ("resolve", "json" if "json" in chosen else "text", "quiet" if "quiet" in chosen else "log")
    return cache.lookup(Path(argv[1]), options)


def main() -> None:
    """Console entry point."""
    hit = _answered_before(sys.argv[1:])
    if hit is not None:
        sys.stdout.write(hit[0] + "\n")
        sys.exit(hit[1])
    from .application import app
    from .common import run_guarded

    run_guarded(app)


def __getattr__(name: str):
    """``vsoracle.cli.app``, the typer application, loaded on first use."""
    if name == "app":
        from .application import app

        return app
    raise AttributeError(name)
