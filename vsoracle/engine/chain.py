"""Priority and the chain (CR 216, 505, 508; Cerebro I, VIII; FAQ GM 7).

The player who acts keeps priority; a pass hands it clockwise; successive
passes by every player resolve the top effect as one indivisible unit (or,
on an empty chain, end the step). After each resolution the triggered powers
go on the chain and the primary player gets priority again.
"""

from __future__ import annotations

from .values import replace

from ..errors import IllegalActionError
from .game import Game
from .state import ChainLink, Context, Zone
from .fmap import FrozenMap
from .zones import move_card

__all__ = ["add_link", "pass_priority", "resolve_top", "resolve_all", "require_priority",
           "require_empty_chain"]


def require_priority(g: Game, pid: str) -> None:
    """Only the player with priority may act (CR 216)."""
    if g.state.priority != pid:
        if g.state.over:
            raise IllegalActionError("the game is over", hint="nothing more can be done")
        if g.state.priority is None:
            raise IllegalActionError("nobody has priority now (wrap-up)", hint="advance to the next turn")
        raise IllegalActionError(f"{pid} does not have priority ({g.state.priority} has it)",
                                 hint=f'add by = "{pid}" to let the players before {pid} pass')


def require_empty_chain(g: Game) -> None:
    if g.state.chain:
        raise IllegalActionError("the chain is not empty", hint='resolve it first: resolve = "all"')


def add_link(g: Game, kind: str, controller: str, source: str | None, effect=None,
             context: Context | None = None, origin: str = "game", ongoing: bool = False,
             details: dict | None = None, base=None) -> int:
    """Put an effect on top of the chain; the acting player keeps priority (Cerebro I).

    ``base`` is the state to start from when the card moved to the chain in the same
    transition (recruiting, playing from hand), so no state shows one without the other.
    """
    link_id, s = (base or g.state).fresh_id()
    link = ChainLink(link_id, kind, controller, source, effect, context, origin, ongoing,
                     FrozenMap(details or {}))
    g.set(replace(s, chain=s.chain + (link,), passes=0))
    return link_id


def pass_priority(g: Game) -> None:
    """The player with priority passes; when every player has passed in succession,
    the top effect resolves, or on an empty chain the step ends (Cerebro I)."""
    s = g.state
    order = s.seat_order(s.priority)
    g.note("pass", f"{s.priority} passes", "CR 216")
    passes = s.passes + 1
    if passes >= len([p for p in s.players if not p.lost]):
        if s.chain:
            resolve_top(g)
        else:
            turn.end_step(g)
        return
    g.set(replace(s, priority=order[1], passes=passes))


def resolve_top(g: Game) -> None:
    """Successive passes: the last effect added resolves as one unit; then triggers go on
    the chain and the primary player gets priority (CR 508, [S:HCR], assumption A-PRIMARY)."""
    s = g.state
    if not s.chain:
        raise IllegalActionError("the chain is empty: nothing to resolve")
    link = s.chain[-1]
    g.set(replace(s, chain=s.chain[:-1], passes=0, priority=None, resolving=link))
    g.bump()
    resolve.resolve_link(g, link)
    _after_resolution(g, link)
    g.set(replace(g.state, resolving=None, priority=g.state.primary_player(), passes=0))
    triggers.flush(g)


def _after_resolution(g: Game, link: ChainLink) -> None:
    """A plot twist played from hand goes to its owner's KO'd pile once its effect has resolved."""
    if link.kind == "play" and link.source is not None:
        o = g.state.obj(link.source)
        if o.zone is Zone.CHAIN:
            g.set(replace(move_card(g.state, o.id, Zone.KO_PILE), resolving=None))
            g.note("zone", f"{o.id} goes to {o.owner}'s KO'd pile", "CR 304")


def resolve_all(g: Game) -> None:
    """Everyone passes until the chain is empty (scenario ``resolve = "all"``)."""
    while g.state.chain and not g.state.over:
        resolve_top(g)


# Modules that call back into this one, bound at the end so that either can be imported first;
# their functions are looked up at call time.
from . import resolve, triggers, turn  # noqa: E402
