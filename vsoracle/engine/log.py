"""Log events: values that say what happened and which rule made it happen.

``str(event)`` is one sentence followed by its citation: a Comprehensive Rules
number (``CR 705.1``), an Avengers FAQ entry (``FAQ GM 6``), a keyword, a digest
section, the sources that state it (``[CYC]``) — :mod:`vsoracle.citations` and
``docs/sources.md`` say what each means — and an assumption id from
``docs/rules-assumptions.md`` (marked ``assumption A-…``).
"""

from __future__ import annotations

from typing import Literal, Union

from attrs import frozen

from ..citations import expand

__all__ = ["Event", "LogKind", "Figure", "Figures"]

#: One value a log line decided on: a number, a name or id, a yes or no.
Figure = Union[int, str, bool]
#: The values a log line decided on, each with what it is, in the order they were read
#: (``(("qs's ATK", 8), ("twice qs's printed ATK", 8), ("holds", False))``); the sentence states them.
Figures = tuple[tuple[str, Figure], ...]

#: What a log event is about (the JSON documents' ``kind``; the ruling page styles by it).
LogKind = Literal[
    # the rules the engine applies
    "attack", "boost", "breakthrough", "chain", "choice", "choose", "condition", "control", "cost", "counter",
    "default", "delayed", "discard", "draw", "duration", "endurance", "equip", "face", "flag", "flip", "hunt",
    "initiative", "ko", "look", "lose", "may", "modifier", "move", "negate", "new object", "over", "pass",
    "phase", "play", "points", "power-up", "prohibited", "rally", "ready", "repeat", "recover", "recruit", "reinforce",
    "replace", "replacement", "reservist", "resolve", "resource", "reveal", "search", "shuffle", "skip", "stun",
    "target", "transfer", "trigger", "unique", "unless", "use", "win", "zone",
    # a character exhausted or readied (primitives.exhausted), and an effect with nothing to act on, by its verb
    "exhausted", "readied", "KO", "exhaust", "turn", "remove from the attack", "make the defender",
    # the scenario runner's: the start, and a step's legality against rejected / allowed
    "start", "rejected", "refused", "allowed",
]


@frozen(slots=False)
class Event:
    """One thing the engine did, with the rule it applied.

    Its fields live in ``__dict__``, so :meth:`Game.note` (a log line for most transitions) sets
    them as one dict instead of one slot at a time."""

    kind: LogKind
    text: str
    cite: str = ""
    assumption: str | None = None
    objects: tuple[str, ...] = ()
    figures: Figures = ()

    def __str__(self) -> str:
        cites = [expand(c) for c in (self.cite,) if c]
        if self.assumption:
            cites.append(f"assumption {self.assumption}")
        return f"{self.text} [{'; '.join(cites)}]" if cites else self.text
