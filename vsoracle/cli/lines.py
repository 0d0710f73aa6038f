"""The one line a person reads when something goes wrong (no typer: the fast path uses it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..errors import VsOracleError

__all__ = ["error_line", "internal_error_line", "UsageProblem", "shown", "quoted"]


def error_line(error: "VsOracleError") -> str:
    """A :class:`~vsoracle.errors.VsOracleError` as the one line a person reads (``file:line: …``)."""
    return f"error: {error}" if not error.file else str(error)


def internal_error_line(exc: BaseException) -> str:
    """What a vsoracle bug prints instead of a traceback."""
    return (f"internal error: {type(exc).__name__}: {exc}. This is a vsoracle bug: "
            "please report it with the file you ran.")


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
