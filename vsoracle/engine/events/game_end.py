"""The game's end: only ever forbidden — "you cannot win the game", "your opponents cannot lose
the game" (FAQ SC 12: not vice versa); the turn asks at each check whether a player who would win or
lose may (turn._cannot)."""

from __future__ import annotations

from ...text import nodes as n
from ..rules import EventRule


class GameEndRule(EventRule):
    node = n.GameEnd
    prohibitable = True
