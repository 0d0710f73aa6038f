"""Either of two events (a pattern only): "Whenever a character with flight attacks or defends
against a character adjacent to ~" (MXM), "only if ~ has not been in combat this turn"
(MTU; assumption A-IN-COMBAT). What matches one of its events matches it (:mod:`..patterns`); it
is never done, paid, forbidden or replaced as one event."""

from __future__ import annotations

from typing import Any

from ...errors import IllegalActionError
from ...text import nodes as n
from ..game import Game
from ..rules import EventRule, Mode, Result
from ..state import Happening


class EitherEventRule(EventRule):
    node = n.EitherEvent

    def happen(self, g: Game, h: Happening) -> Result:
        """Nothing happens as "either": one of its events does (its own family's primitive)."""
        raise IllegalActionError("an event of either kind happens as one of its events, never as itself")

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """Only what happens (a trigger, "if … this turn"): each of its events is checked there too."""
        if mode != "happens":
            return f"\"{words}\" (either of two events is read only as what happens: a trigger, or what " \
                   "happened this turn)"
        return None
