"""The game's end (CR 102): "You win the game." and "Target player loses the game." as effects, and
"you cannot win the game", "your opponents cannot lose the game" as prohibitions (FAQ SC 12: not
vice versa). A player who wins ends the game, the others losing it; a player who loses is out of
it (assumption A-LOST-OUT), and the last player left wins. A prohibition stops the whole event:
"you cannot win the game by any means" stops a card that says "you win the game" (Avengers FAQ,
Specific Cards), and his opponents do not lose either. The wrap-up asks the same prohibitions of a
player at 0 endurance (cannot_end)."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import doers, perform, record
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening
from ..values import replace


def cannot_end(g: Game, pid: str, win: bool) -> bool:
    """"you cannot win the game", "your opponents cannot lose the game" (FAQ SC 12): is ``pid``'s
    winning (or losing) forbidden now? Asked of the last player left and at the wrap-up."""
    return query(g.state).prohibition(happening(n.GameEnd, player=pid, win=win)) is not None


class GameEndRule(EventRule):
    node = n.GameEnd
    prohibitable = True

    def happen(self, g: Game, h: Happening) -> Result:
        """The player wins, and each other player still in the game loses; or the player loses, and
        if one player is left he wins. Then the game is over, once no more than one player is in
        it (CR 102)."""
        pid, win = h.get("player"), bool(h.get("win"))
        s = g.state
        if s.player(pid).lost or s.player(pid).won:
            return False, []
        if win:
            g.set(s.with_player(replace(s.player(pid), won=True)))
            g.note("win", f"{pid} wins the game", "CR 102")
            for other in [p.id for p in g.state.players if p.id != pid and not p.lost]:
                g.set(g.state.with_player(replace(g.state.player(other), lost=True)))
                g.note("lose", f"{other} loses the game: {pid} has won it", "CR 102")
        else:
            g.set(s.with_player(replace(s.player(pid), lost=True)))
            g.note("lose", f"{pid} loses the game", "CR 102")
            remaining = [p.id for p in g.state.players if not p.lost]
            if len(remaining) == 1 and cannot_end(g, remaining[0], win=True):
                g.note("win", f"{remaining[0]} cannot win the game", "FAQ SC 12")
            elif len(remaining) == 1:
                last = remaining[0]
                g.set(g.state.with_player(replace(g.state.player(last), won=True)))
                g.note("win", f"{last} wins the game: no other player is left in it", "CR 102")
            elif remaining:
                g.note("lose", f"{pid} is out of the game: {', '.join(remaining)} play on without him",
                       "CR 100.1, CR 102", "A-LOST-OUT")
        if len([p for p in g.state.players if not p.lost]) <= 1:
            g.set(replace(g.state, over=True, priority=None))
            g.note("over", "the game is over", "CR 102")
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"You win the game.", "Target player loses the game.": each player the step names (with
        none named, the player acting), one event each, each of which a "cannot" may forbid."""
        q = query(g.state)
        ended: list[Happening] = []
        for pid in doers(q, e.player, ctx):
            if g.state.over:
                break
            h = happening(n.GameEnd, player=pid, win=e.win)
            if perform(g, h, ctx):
                ended.append(h)
        return bool(ended), record(ctx, k, (), ended)

    def what(self, h: Happening) -> str:
        return f"{h.get('player')}'s {'winning' if h.get('win') else 'losing'} the game"
