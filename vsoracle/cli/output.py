"""Output formats as values: an answer is worked out once (:class:`Answer`) and written in the
format asked for — text for a person, JSON for a program (docs/json.md), HTML for a browser (the
ruling page) — by that format's writer (:data:`vsoracle.cli.answer.WRITERS`). A command reads
``--json`` once into a :class:`Format` and passes the value down; nothing below asks which flag
was given.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from attrs import frozen

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..scenario.load import Scenario
    from ..scenario.run import RunResult

__all__ = ["Format", "Answer", "Stages", "shown_path"]


class Format(enum.Enum):
    """How an answer is written."""

    TEXT = "text"
    JSON = "json"
    HTML = "html"

    @classmethod
    def of(cls, as_json: bool) -> Format:
        """The format a command's ``--json`` flag asks for: JSON, else text."""
        return cls.JSON if as_json else cls.TEXT

    @classmethod
    def asked(cls, argv: Sequence[str]) -> Format:
        """The format a command line asks for before it is read (a usage error is written in it)."""
        return cls.JSON if "--json" in argv else cls.TEXT

    @property
    def coloured(self) -> bool:
        """Does its output take colour on a terminal (text does; data and pages do not)?"""
        return self is Format.TEXT


#: The outcomes after each step: ``stages[0]`` the start, ``stages[k]`` after step k.
Stages = list[tuple[Any, ...]]


@frozen
class Answer:
    """What ``vsoracle resolve`` answers for one scenario: the run, the outcomes after each step
    (when a format draws them: the board pages, the ruling page), and how much the report shows."""

    scenario: Scenario
    result: RunResult
    stages: Stages | None = None
    quiet: bool = False
    board: bool = False
    outcomes: int | None = None
    shown_path: str | None = None

    @property
    def code(self) -> int:
        """The exit status: 0 every check holds, 1 one fails."""
        return 0 if self.result.passed else 1

    def positions(self) -> list[GameState]:
        """The first outcome's position after each step (``[0]`` the start)."""
        return [stage[0].state for stage in self.stages or () if stage]



def shown_path(file: Path | str) -> str:
    """A scenario file as a page names it: as given when relative, its name alone when absolute
    (an absolute path says where one machine keeps it, not what was asked); ``-``, standard input."""
    text = str(file)
    if text in ("-", "<stdin>"):
        return "standard input"
    return Path(text).name if Path(text).is_absolute() else text
