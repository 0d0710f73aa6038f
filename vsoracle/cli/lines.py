"""The one line a person reads when something goes wrong (no typer: the fast path uses it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..errors import VsOracleError

__all__ = ["error_line", "internal_error_line"]


def error_line(error: "VsOracleError") -> str:
    """A :class:`~vsoracle.errors.VsOracleError` as the one line a person reads (``file:line: …``)."""
    return f"error: {error}" if not error.file else str(error)


def internal_error_line(exc: BaseException) -> str:
    """What a vsoracle bug prints instead of a traceback."""
    return (f"internal error: {type(exc).__name__}: {exc}. This is a vsoracle bug: "
            "please report it with the file you ran.")
