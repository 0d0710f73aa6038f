"""Log events: values that say what happened and which rule made it happen.

``str(event)`` is one sentence followed by its citation: a Comprehensive Rules
number (``CR 705.1``), an Avengers FAQ entry (``FAQ GM 6``), a keyword, a digest
section, the sources that state it (``[CYC]``) — :mod:`vsoracle.citations` and
``docs/sources.md`` say what each means — and an assumption id from
``docs/rules-assumptions.md`` (marked ``assumption A-…``).
"""

from __future__ import annotations

from attrs import frozen

from ..citations import expand

__all__ = ["Event"]


@frozen
class Event:
    """One thing the engine did, with the rule it applied."""

    kind: str
    text: str
    cite: str = ""
    assumption: str | None = None
    objects: tuple[str, ...] = ()

    def __str__(self) -> str:
        cites = [expand(c) for c in (self.cite,) if c]
        if self.assumption:
            cites.append(f"assumption {self.assumption}")
        return f"{self.text} [{'; '.join(cites)}]" if cites else self.text
