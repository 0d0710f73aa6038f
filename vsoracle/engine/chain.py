"""The chain (CR 505, 508; Cerebro I, VIII; FAQ GM 7): links, resolving the top one, and
putting triggered powers on it.

The player who acts keeps priority; successive passes resolve the top effect as one indivisible
unit (:func:`resolve_top`); after each resolution the triggered powers go on the chain
(:func:`flush`) and the primary player gets priority again. Passing and the end of a step are
the turn's (:mod:`.turn`).
"""

from __future__ import annotations

import itertools
from typing import Any

from ..errors import IllegalActionError
from ..text import nodes as n
from .effects import legal_targets, perform, put_by_rule, target_range, targets_of
from .primitives import happening
from .fmap import FrozenMap
from .powers import powers
from .query import query
from .game import Decision, Game
from .resolve import resolve_link
from .state import EMPTY, ChainLink, Context, GameObject, GameState, LinkKind, LinkOrigin, PendingTrigger, Zone
from .values import replace, wide_copy
from .zones import move_card

__all__ = ["add_link", "resolve_top", "resolve_all", "require_priority", "require_empty_chain", "flush", "targeted"]


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


def add_link(g: Game, kind: LinkKind, controller: str, source: str | None, effect: n.Effect | None = None,
             context: Context | None = None, origin: LinkOrigin = "game", ongoing: bool = False,
             details: dict[str, Any] | None = None, base: GameState | None = None) -> ChainLink:
    """Put an effect on top of the chain; the acting player keeps priority (Cerebro I). The link
    put there (its targets are :func:`targeted` next).

    ``base`` is the state to start from when the card moved to the chain in the same
    transition (recruiting, playing from hand), so no state shows one without the other.
    """
    s = base or g.state
    link_id = s.next_id  # a new number (GameState.fresh_id), used up in the same copy of the state
    if context is not None:
        context = context.stamped(s)  # its objects, as they are now (CR 212.5e)
    link = ChainLink(link_id, kind, controller, source, effect, context, origin, ongoing,
                     FrozenMap(details) if details else EMPTY)
    # (the state copied straight: the three fields are its own)
    g.set(wide_copy(s, {"next_id": link_id + 1, "chain": s.chain + (link,), "passes": 0}))
    return link


def resolve_top(g: Game) -> None:
    """Successive passes: the last effect added resolves as one unit; then triggers go on
    the chain and the primary player gets priority (CR 508, [S:HCR], assumption A-PRIMARY)."""
    s = g.state
    if not s.chain:
        raise IllegalActionError("the chain is empty: nothing to resolve")
    link = s.chain[-1]
    g.set(replace(s, chain=s.chain[:-1], passes=0, priority=None, resolving=link))
    g.bump()
    resolve_link(g, link)
    _after_resolution(g, link)
    if g.state.over:  # an effect ended the game (CR 102): nobody gets priority, nothing triggers
        g.set(replace(g.state, resolving=None, priority=None, passes=0))
        return
    g.set(replace(g.state, resolving=None, priority=g.state.primary_player(), passes=0))
    flush(g)


def _after_resolution(g: Game, link: ChainLink) -> None:
    """A plot twist played from hand goes to its owner's KO'd pile once its effect has resolved;
    one played from the resource row stays there face up, its ongoing powers active."""
    if link.kind == "play" and link.source is not None:
        o = g.state.obj(link.source)
        if o.zone is Zone.CHAIN:
            before = g.state
            g.set(replace(move_card(g.state, o.id, Zone.KO_PILE), resolving=None))
            g.note("zone", f"{o.id} goes to {o.owner}'s KO'd pile", "CR 304")
            put_by_rule(g, o.id, Zone.KO_PILE, before)
        elif o.zone is Zone.RESOURCE_ROW and o.face_up:
            _crossovers(g, o)


def _crossovers(g: Game, o: GameObject) -> None:
    """"Ongoing: Crossover A and B": while the plot twist stays face up, each character its
    controller controls with either affiliation has both (assumption A-CROSSOVER; the names a
    choice bound are the card's, "the chosen affiliation")."""
    q = query(g.state)
    for line in powers(o.card, n.Crossover):
        if q.power_active(o, line):
            names = q.affiliation_names(n.ShareAffiliations(line.node.names, line.node.chosen),
                                        Context(q.controller_of(o), o.id))
            g.note("modifier", f"{o.id}'s crossover: each character {q.controller_of(o)} controls with the "
                   f"{' or '.join(names) or 'no'} affiliation has {'both' if len(names) == 2 else 'all of them'}, "
                   f"while {o.id} stays face up", "keyword Ongoing [CSP, COTD]", "A-CROSSOVER", objects=(o.id,))


def resolve_all(g: Game) -> None:
    """Everyone passes until the chain is empty (scenario ``resolve = "all"``)."""
    while g.state.chain and not g.state.over:
        resolve_top(g)


def flush(g: Game) -> None:
    """Put every pending trigger on the chain before the next player gets priority (CR 502):
    the primary player's first (so they resolve last, assumption A-TRIGGER-ORDER), each
    player ordering their own (a decision). Identical triggers (the same power, triggered
    alike) are one answer: their order cannot change the position, so n copies of one trigger
    are one line of play, not n! of them."""
    while g.state.pending:
        pending = g.state.pending
        g.set(replace(g.state, pending=()))
        for pid in g.state.seat_order(g.state.primary_player()):
            waiting = _labelled([p for p in pending if p.controller == pid])
            left = sum(len(same) for same in waiting.values())
            order: list[PendingTrigger] = []
            while left:
                options = tuple(label for label, same in waiting.items() if same)
                if left > 1:  # one answer per kind of trigger, however many copies wait
                    pick = g.ask(Decision(pid, "order", f"{pid} orders triggers: which resolves first?", options))
                else:
                    pick = options[0]
                order.append(waiting[pick].pop())
                left -= 1
            for p in reversed(order):
                src = g.state.objects.get(p.source) if p.source else None
                origin = _origin(src)
                ctx = _choose_targets(g, p, origin)
                if ctx is None:
                    continue
                link = add_link(g, "trigger", p.controller, p.source, p.effect, ctx, origin, p.ongoing)
                g.note("chain", f"trigger:{p.source} goes on the chain: {p.text}", "CR 502")
                targeted(g, link)


def _labelled(triggers: list[PendingTrigger]) -> dict[str, list[PendingTrigger]]:
    """The waiting triggers by the name a player orders them by: its source's id; a second,
    different trigger of the same source is ``ID#2`` (a third ``ID#3``…), in the order they
    triggered; identical triggers share one name (choosing either is the same)."""
    by_trigger: dict[PendingTrigger, list[PendingTrigger]] = {}
    for p in triggers:
        by_trigger.setdefault(p, []).append(p)
    named: dict[str, list[PendingTrigger]] = {}
    per_source: dict[str, int] = {}
    for i, (p, same) in enumerate(by_trigger.items()):
        base = p.source or f"trigger-{i + 1}"
        k = per_source[base] = per_source.get(base, 0) + 1
        named[base if k == 1 else f"{base}#{k}"] = same
    return named


def targeted(g: Game, link: ChainLink) -> None:
    """Each object or player an effect targets "becomes the target" of it as the effect goes on
    the chain ("Whenever you become the target of an effect": a player is targeted too): ``link``,
    as :func:`add_link` put it there, if it is there still (as it is now)."""
    chain = g.state.chain
    lk = link if chain and chain[-1] is link else g.state.link(link.id)  # (most often: still on top, as it was)
    if lk is None:
        return
    for t in lk.targets:
        for x in (t if isinstance(t, tuple) else (t,)):
            if isinstance(x, str) and (x in g.state.objects._data or x in g.state.player_ids):  # (a C read)
                perform(g, happening(n.BecomeTarget, object=x, effect=lk.id, agent=lk.source, link=lk))


def _origin(o: GameObject | None) -> LinkOrigin:
    from ..cards import CardType
    if o is None:
        return "triggered"
    return "plot twist" if o.card.type is CardType.PLOT_TWIST else "triggered"


def _choose_targets(g: Game, p: PendingTrigger, origin: LinkOrigin) -> Context | None:
    """A triggered effect's targets are chosen as it goes on the chain; with no legal target
    for one of them it cannot be put there (assumption A-TRIGGER-TARGETS)."""
    nodes_ = targets_of(p.effect)
    if not nodes_:
        return p.context
    provisional = ChainLink(0, "trigger", p.controller, p.source, p.effect, p.context, origin, p.ongoing)
    chosen: list[Any] = []
    for node in nodes_:
        options = legal_targets(g, node, provisional)
        span = target_range(node)
        if span is not None:  # "two target characters": a choice among the sets of that many
            options = [c for k in range(span[0], min(span[1], len(options)) + 1) for c in itertools.combinations(options, k)]
        if not options:
            g.note("trigger", f"{p.source}: \"{p.text}\" has no legal target and is not put on the chain",
                   "CR 502", "A-TRIGGER-TARGETS")
            return None
        chosen.append(g.ask(Decision(p.controller, "target", f"{p.controller} chooses a target for {p.source}'s "
                                     "triggered effect", tuple(options))))
    return replace(p.context, targets=tuple(chosen))


