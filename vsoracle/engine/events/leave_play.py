"""Leave play: a card in play leaves it — KO'd, returned to a hand or a deck, removed from the game
— and so does its equipment (assumption A-EQUIP-LEAVES). The event that takes the card away is
also its leaving play (EventRule.leaves_play): "cannot leave play" forbids that event, "if ~ would
leave play, instead" replaces it; the leaving itself, once it happens, only sets off "When ~
leaves play" (effects.also_happened)."""

from __future__ import annotations

from ...text import nodes as n
from ..rules import Signal


class LeavePlayRule(Signal):
    node = n.LeavePlay
