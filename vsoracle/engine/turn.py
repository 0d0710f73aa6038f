"""The turn (CR 400–408): draw, build (resource, recruit, formation for each player
in initiative order), combat (an attack step for each player), recovery, wrap-up.

A position is ``(phase, step, active)``. Phases with steps have a start instant
of their own (``step`` ``None``) where "at the start of the combat phase"
triggers go on the chain before the first step (assumption A-PHASE-START).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from ..errors import IllegalActionError, LimitExceededError
from ..text import nodes as n
from .chain import flush, require_empty_chain, resolve_top
from .effects import perform
from .primitives import happening
from .game import Decision, Game
from .query import query
from .state import GameState, Modifier, PhaseName, StepName, Zone
from .heeded import heeded, timed
from .triggers import fire_start
from .values import replace
from .events.game_end import cannot_end
from .zones import attach, transfer_problem

__all__ = ["positions", "next_position", "pass_priority", "end_step", "enter", "advance", "wrap_up", "at_target",
           "draw"]

#: Where the turn is: the phase, its step (``None``: the phase's start) and the step's active player.
Position = tuple[PhaseName, "StepName | None", "str | None"]


def positions(state: GameState) -> tuple[Position, ...]:
    """Every position of the turn in order, for the current initiative."""
    return _positions(state.seat_order(in_game=True))


@lru_cache(maxsize=64)
def _positions(order: tuple[str, ...]) -> tuple[Position, ...]:
    out: list[Position] = [("draw", None, None), ("build", None, None)]
    for p in order:
        out += [("build", "resource", p), ("build", "recruit", p), ("build", "formation", p)]
    out.append(("combat", None, None))
    out += [("combat", "attack", p) for p in order]
    out += [("recovery", None, None), ("recovery", "wrap-up", None)]
    return tuple(out)


def next_position(state: GameState) -> Position | None:
    """The position after the current one, or ``None`` after the wrap-up (a new turn)."""
    here = (state.phase, state.step, state.active if state.step else None)
    order = state.seat_order(in_game=True)
    following = _following(order)
    return following[here] if here in following else _positions(order)[0]


@lru_cache(maxsize=64)
def _following(order: tuple[str, ...]) -> dict[Position, Position | None]:
    """Each position of the turn with the one after it (``None`` after the wrap-up)."""
    seq = _positions(order)
    return {here: seq[i + 1] if i + 1 < len(seq) else None for i, here in enumerate(seq)}


#: What may refuse a pass, or a step's end, for a player: ``(game, player)``, raising
#: IllegalActionError (the attack requirements of :func:`.actions.require_no_attack_demanded`,
#: passed in by the actions that pass, which this module cannot import).
EndCheck = Callable[[Game, str], None]


def pass_priority(g: Game, check: EndCheck | None = None) -> None:
    """The player with priority passes; when every player has passed in succession, the top
    effect resolves, or on an empty chain the step ends (CR 216, Cerebro I). ``check`` may
    refuse the pass first."""
    s = g.state
    if check is not None and s.priority is not None:
        check(g, s.priority)
    order = s.seat_order(s.priority, in_game=True)
    if g.logged:
        g.note("pass", f"{s.priority} passes", "CR 216")
    passes = s.passes + 1
    if passes >= len([p for p in s.players if not p.lost]):
        if s.chain:
            resolve_top(g)
        else:
            end_step(g)
        return
    g.set(replace(s, priority=order[1], passes=passes))


def end_step(g: Game) -> None:
    """Successive passes on an empty chain: the game moves to the next phase or step (CR 216,
    Cerebro I). First, once, what ends here (the step, and the phase if it is its last step; the
    recovery phase before its wrap-up) sets off its "at the end of" triggers: they go on the
    chain and players get priority again, and the step ends at the next successive passes."""
    require_empty_chain(g)
    s = g.state
    key = ("end", (s.turn, s.phase, s.step, s.active))
    if s.step != "wrap-up" and key not in s.used_powers:
        g.set(replace(s, used_powers=s.used_powers | {key}))
        for phase, step in _ending(s) if timed(s) else ():
            fire_start(g, phase, step, s.active if step else None, end=True)
        if g.state.pending:
            g.set(replace(g.state, priority=g.state.primary_player(), passes=0))
            flush(g)
            return
        s = g.state
    if s.step == "recruit" and s.active:
        p = s.player(s.active)
        if p.resource_points:
            g.note("points", f"{s.active}'s {p.resource_points} unspent resource points vanish", "CR 404")
        g.set(s.with_player(replace(p, resource_points=0)))
    nxt = next_position(g.state)
    if nxt is None:
        raise IllegalActionError("the turn is over", hint="advance = \"next-turn\" starts the next turn")
    enter(g, *nxt)


def _ending(s: GameState) -> list[tuple[PhaseName, StepName | None]]:
    """What ends when the game leaves this position: its step, and its phase when the next
    position is in another one (the recovery phase ends as its wrap-up begins: "at the end of
    the turn", assumption A-END-OF-TURN)."""
    nxt = next_position(s)
    ends: list[tuple[PhaseName, StepName | None]] = [(s.phase, s.step)] if s.step is not None else []
    if s.phase == "recovery" or nxt is None or nxt[0] != s.phase:
        ends.append((s.phase, None))
    return ends


def enter(g: Game, phase: PhaseName, step: StepName | None, active: str | None) -> None:
    """Begin a phase or step: its turn-based actions, then its "at the start of" triggers (an instant)."""
    s = replace(g.state, phase=phase, step=step, active=active, passes=0)
    g.set(s)
    label = _label(phase, step, active)
    g.note("phase", f"— {label} —", _CITE.get(step or phase, "CR 400"))
    if step == "wrap-up":
        g.set(replace(g.state, priority=None))
        return
    if phase == "draw":
        for pid in s.seat_order(in_game=True):
            draw(g, pid, 2, cite="CR 401")
    if step == "recruit" and active:
        p = g.state.player(active)
        points = len(p.resources)
        g.set(g.state.with_player(replace(p, resource_points=points)))
        g.note("points", f"{active} gains {points} resource point{'s' if points != 1 else ''}, one per resource", "CR 404")
    if step == "formation" and active:
        offer_transfers(g, active)
    fire_start(g, phase, step, active)
    g.set(replace(g.state, priority=g.state.primary_player(), passes=0))
    flush(g)


def offer_transfers(g: Game, pid: str) -> None:
    """Transferable: at the start of your formation step you may transfer the equipment to
    another character you control (FAQ SC 6) that could take it (``zones.transfer_problem``: the
    same kind of area [CMK], its team, CR 302 [CH], one equipment a character, [C29])."""
    for eq in sorted((o for o in g.state.in_play(pid) if o.equipped_to), key=lambda o: o.id):
        if "transferable" not in query(g.state).keywords(eq):
            continue
        hosts = tuple(sorted(c.id for c in g.state.characters(pid) if c.id != eq.equipped_to
                             and transfer_problem(g.state, eq.id, c.id) is None))
        if not hosts:
            continue
        pick = g.ask(Decision(pid, "transfer", f"{pid} may transfer {eq.id} to another character", ("none",) + hosts))
        if pick != "none":
            g.set(attach(g.state, eq.id, pick))
            g.note("transfer", f"{eq.id} is transferred to {pick}; counters stay on the character", "FAQ SC 6")


def draw(g: Game, pid: str, count: int, cite: str) -> int:
    """Draw ``count`` cards, one event each (so "if you would draw a card" replaces each); an
    empty deck stops the draw (assumption A-EMPTY-DECK)."""
    drawn = 0
    for _ in range(count):
        if not g.state.player(pid).deck:
            g.note("draw", f"{pid} cannot draw: the deck is empty", cite, "A-EMPTY-DECK")
            break
        if perform(g, happening(n.Draw, agent=pid, count=1, cite=cite)):
            drawn += 1
    return drawn


def _label(phase: PhaseName, step: StepName | None, active: str | None) -> str:
    if step == "wrap-up":
        return "wrap-up"
    if step:
        return f"{active}'s {step} step" if active else f"{step} step"
    return f"start of the {phase} phase"


_CITE = {"draw": "CR 401", "build": "CR 402", "resource": "CR 403", "recruit": "CR 404",
         "formation": "CR 405", "combat": "CR 406", "attack": "CR 407", "recovery": "CR 408",
         "wrap-up": "CR 408"}


def at_target(state: GameState, target: str) -> bool:
    """Is the game at the start of ``target`` (a phase or step name)?"""
    if target in ("draw", "build", "combat", "recovery"):
        return state.phase == target and state.step is None
    if target == "wrap-up":
        return state.step == "wrap-up"
    return state.step == target


def advance(g: Game, target: str, check: EndCheck | None = None) -> None:
    """Pass through the game, everyone passing, to the start of ``target`` (scenario ``advance``);
    ``check`` may refuse each step's end for its active player."""
    start_turn = g.state.turn
    moved = False
    for _ in range(500):
        s = g.state
        if moved and (at_target(s, target) or (target == "next-turn" and s.turn > start_turn)):
            return
        if s.over:
            return
        if s.chain:
            resolve_top(g)
            continue
        if s.step == "wrap-up":
            wrap_up(g)
        else:
            if check is not None and s.active is not None:
                check(g, s.active)
            end_step(g)
        moved = True
        if g.state.turn > start_turn + 1:
            break
    raise LimitExceededError(f"could not advance to '{target}'", hint="check the phase or step name")


def wrap_up(g: Game) -> None:
    """The recovery phase wrap-up (CR 408, [S:HCR]); nobody gets priority during it.

    a) players at 0 or less endurance lose (FAQ SC 12); b) each player
    recovers one stunned character; c) the rest are KO'd; d) everything readies;
    e) "this turn" ends; f) the initiative passes clockwise.
    """
    s = g.state
    low = [p.id for p in s.players if p.endurance <= 0 and not p.lost]
    protected = [pid for pid in low if cannot_end(g, pid, win=False)]
    for pid in protected:
        g.note("lose", f"{pid} has {s.player(pid).endurance} endurance but cannot lose the game",
               "FAQ SC 12")
    losers = [pid for pid in low if pid not in protected]
    alive = [p.id for p in s.players if not p.lost]
    if losers and set(losers) == set(alive):
        best = max(s.player(pid).endurance for pid in losers)
        losers = [pid for pid in losers if s.player(pid).endurance < best]
        g.note("lose", "every player would lose: those with the highest endurance do not", "CR 102")
    for pid in losers:
        g.set(g.state.with_player(replace(g.state.player(pid), lost=True)))
        g.note("lose", f"{pid} loses the game with {g.state.player(pid).endurance} endurance", "CR 102, CR 408")
    remaining = [p.id for p in g.state.players if not p.lost]
    if len(remaining) == 1 and losers:
        winner = remaining[0]
        if cannot_end(g, winner, win=True):
            g.note("win", f"{winner} cannot win the game", "FAQ SC 12")
        else:
            g.set(g.state.with_player(replace(g.state.player(winner), won=True)))
            g.note("win", f"{winner} wins the game", "CR 102")
    if any(p.lost or p.won for p in g.state.players) and len(remaining) <= 1:
        g.set(replace(g.state, over=True, priority=None))
        g.note("over", "the game is over", "CR 102")
        return
    for pid in losers:
        g.note("lose", f"{pid} is out of the game: {', '.join(remaining)} play on without him", "CR 100.1, CR 102",
               "A-LOST-OUT")
    for pid in g.state.seat_order(in_game=True):
        _recover_one(g, pid)
    for o in list(g.state.characters()):
        if o.stunned:
            perform(g, happening(n.KO, object=o.id, why="still stunned at wrap-up", cite="CR 408"))
    for o in list(g.state.objects.values()):
        if o.exhausted and o.zone in (Zone.IN_PLAY, Zone.RESOURCE_ROW):
            perform(g, happening(n.Ready, object=o.id, why="wrap-up", cite="CR 408"))
    g.note("ready", "all objects ready", "CR 408")
    _return_control(g)
    s = g.state
    g.set(replace(s, modifiers=tuple(m for m in s.modifiers if m.duration == "permanent" or _lasts_on(s, m)),
                  replacements=tuple(r for r in s.replacements if r.duration == "permanent"),
                  delayed=tuple(d for d in s.delayed if d.duration == "permanent"),
                  used_powers=frozenset(), turn_log=(), attack=None))
    g.note("duration", "\"this turn\" effects end", "CR 408")
    order = g.state.seat_order(s.initiative)
    clockwise = order[1:] + order[:1]
    nxt = next((p for p in clockwise if not g.state.player(p).lost), s.initiative)
    g.set(replace(g.state, initiative=nxt, turn=s.turn + 1))
    g.note("initiative", f"the initiative passes to {nxt}; turn {s.turn + 1} begins", "CR 408",
           "A-LOST-OUT" if clockwise.index(nxt) else None)
    if not g.state.over:
        enter(g, "draw", None, None)


def _recover_one(g: Game, pid: str) -> None:
    """Wrap-up b: the player recovers one stunned character he controls (CR 408 [S:HCR]; his
    choice, always made: assumption A-WRAPUP-RECOVER). A character that "cannot be recovered"
    is no choice: picking it would recover nothing, never better than picking another."""
    stunned = tuple(sorted(o.id for o in g.state.characters(pid) if o.stunned))
    if not stunned:
        return
    q = query(g.state)
    # (no "cannot be recovered" in the game: no prohibition to look for)
    able = tuple(c for c in stunned if q.prohibition(happening(n.Recover, object=c)) is None) \
        if heeded(g.state, n.Recover) else stunned
    for c in stunned:
        if c not in able:
            g.note("recover", f"{pid} cannot choose {c} to recover: it \"cannot be recovered\"", "CR 408",
                   "A-WRAPUP-RECOVER", (c,))
    if not able:
        return
    choice = g.ask(Decision(pid, "recover", f"{pid} recovers one stunned character", able))
    if perform(g, happening(n.Recover, object=choice, why="wrap-up", cite="CR 408")):
        g.note("recover", f"{pid} recovers {choice}", "CR 408", "A-WRAPUP-RECOVER", (choice,))


def _lasts_on(s: GameState, m: Modifier) -> bool:
    """Does a modifier "… during your next recovery phase" outlast this turn? Only if this was
    not that phase: said during it, or a recovery phase its controller does not have the
    initiative in (assumption A-NEXT-STEP)."""
    if m.duration != "next recovery":
        return False
    return m.context.bindings.get("next_after") == s.turn or \
        s.initiative != m.context.bindings.get("next_player", m.context.controller)


def _return_control(g: Game) -> None:
    """Control gained "this turn" returns as the turn ends (CR 408 e)."""
    for o in list(g.state.objects.values()):
        back = o.bindings.get("control_returns")
        if back is None:
            continue
        cur = g.state.obj(o.id)
        g.set(g.state.with_object(replace(cur, bindings=cur.bindings.remove("control_returns"))))
        if cur.zone is Zone.IN_PLAY and cur.controller != back:
            # an event like any other ("whenever you gain control …" sees it): through the pipeline
            perform(g, happening(n.GainControl, agent=back, object=o.id, why="control gained this turn ends",
                                 cite="CR 408"))
