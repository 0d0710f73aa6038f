"""The releases of the original Vs. System (Upper Deck, 2004–2009), by set code.

``vsoracle cards list --set CODE`` knows every code here, whether or not a card file holds cards
of that set yet, and every set code a card file uses. The releases' names, years and the evidence
for each are in docs/keywords.md, *The releases* (names stay out of the code: some are card names).
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import Card

__all__ = ["SET_CODES", "known_set_codes"]

#: Every release of the game, in order of release (docs/keywords.md, *The releases*).
SET_CODES: tuple[str, ...] = (
    "MOR", "DOR", "MSM", "DSM", "MMK", "DGL", "MAV", "MFF", "DBM", "DJL", "MXM", "MXS", "DCR", "MHG",
    "DLS", "EHB", "MTU", "DWF", "MVL", "MAA", "MCG", "DCL", "DCX", "MUN", "MUL", "MEV", "MEQ", "MFA",
)


def known_set_codes(cards: Iterable[Card]) -> list[str]:
    """The set codes a ``--set`` option takes: the game's releases and any code ``cards`` use
    (a card file's own set, such as the FAQ's quoted cards), sorted."""
    return sorted(set(SET_CODES) | {c.set_code for c in cards if c.set_code})
