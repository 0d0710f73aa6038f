"""The game's end (CR 102): "target player wins the game", "you lose the game"; "you cannot lose
the game this turn" (FAQ SC 12)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import Children, Verb
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class GameEnd(Event):
    """"NP wins the game" / "NP loses the game" (CR 102); in "cannot" (FAQ SC 12)."""

    player: Selector | None = None
    win: bool = True


def win_game(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(GameEnd, {"win": True}, "player")


def lose_game(self: Any, meta: Meta, children: Children) -> Verb:
    return Verb(GameEnd, {"win": False}, "player")


class GameEndText(Family):
    node = GameEnd
    doer = "player"
    rules = {"win_game": win_game, "lose_game": lose_game}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('win') if e.win else v('lose')} the game"
