"""Enter play: a card comes into play — recruited (CR 301.4), put into play by an effect
(assumption A-INTO-PLAY), moved from a pile to a row — and "When ~ comes into play" triggers. It
changes nothing itself: the recruit or the move put the card there."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..rules import Mode, Signal


class EnterPlayRule(Signal):
    node = n.EnterPlay

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """The engine applies replacements to a card entering play only after it has entered (and
        after the uniqueness rule), so "instead" would replace nothing: refused."""
        if mode == "replaced":
            return f"replacing \"{words}\" (a card coming into play is not replaced yet)"
        return None
