"""Errors for people: every error vsoracle raises says where, what and what would be right.

``str(error)`` is one line, ``file:line: what is wrong — what would be right``;
the CLI prints it and exits with code 2. Nothing else in vsoracle reaches the
user as a traceback.
"""

from __future__ import annotations

__all__ = [
    "VsOracleError",
    "PositionError",
    "CardDataError",
    "UnknownCardError",
    "AmbiguousTitleError",
    "CardTextError",
    "ScenarioError",
    "IllegalActionError",
    "LimitExceededError",
    "IllegalAnswerError",
]


class VsOracleError(ValueError):
    """Base of every error vsoracle reports to a person."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 hint: str | None = None) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.hint = hint
        super().__init__(str(self))

    def located(self, file: str | None, line: int | None) -> "VsOracleError":
        """The same error, placed at ``file:line`` when it has no place yet."""
        if self.file is None and file is not None:
            self.file = file
        if self.line is None and line is not None:
            self.line = line
        self.args = (str(self),)
        return self

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            where = f"{_clip(self.file)}:{self.line}: " if self.line is not None else f"{_clip(self.file)}: "
        text = f"{where}{_clip(self.message)}"
        if self.hint:
            text += f" — {_clip(self.hint)}"
        return text


#: The longest a message or a hint may be: past it the middle is cut (a huge token quoted).
MAX_PART = 500


def _clip(text: str) -> str:
    """``text`` as one line of at most :data:`MAX_PART` characters: the start and the end kept."""
    text = str(text).replace("\r", " ").replace("\n", " ")
    if len(text) <= MAX_PART:
        return text
    return f"{text[: MAX_PART - 160]} … [{len(text) - MAX_PART + 40:,} characters cut] … {text[-100:]}"


class CardDataError(VsOracleError):
    """A card file is malformed: bad TOML, a missing or mistyped field, a duplicate."""


class UnknownCardError(VsOracleError):
    """No card matches a number or title."""


class AmbiguousTitleError(VsOracleError):
    """A title prefix matches more than one card."""


class CardTextError(VsOracleError):
    """Card text the grammar cannot take. Carries the column and a caret drawing."""

    def __init__(self, message: str, *, text: str = "", column: int | None = None,
                 text_line: int | None = None, expected: tuple[str, ...] = (),
                 file: str | None = None, line: int | None = None, hint: str | None = None) -> None:
        self.text = text
        self.column = column
        self.text_line = text_line
        self.expected = expected
        super().__init__(message, file=file, line=line, hint=hint)

    def caret(self) -> str:
        """The offending line of text with a caret under the first word not taken."""
        if self.column is None or not self.text:
            return ""
        lines = self.text.splitlines() or [""]
        row = max(1, self.text_line or 1)
        shown = lines[min(row, len(lines)) - 1]
        return f"{shown}\n{' ' * (self.column - 1)}^"


class ScenarioError(VsOracleError):
    """A scenario file is malformed or describes an impossible position."""


class IllegalActionError(VsOracleError):
    """A step the rules forbid (when the scenario did not say ``rejected = true``)."""


class LimitExceededError(VsOracleError):
    """Exploration or trigger recursion went past its budget."""


class IllegalAnswerError(VsOracleError):
    """A scripted answer (``choose``) that is not one of the decision's legal options.

    Not an :class:`IllegalActionError`: the step is not forbidden by the rules, the file is wrong.
    """


class PositionError(VsOracleError):
    """A position given as JSON is malformed, or a position cannot be written as asked (a scenario
    setup cannot state a chain, a modifier …: docs/api.md)."""
