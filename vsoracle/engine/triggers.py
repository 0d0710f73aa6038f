"""Triggered powers (CR 502, 506; Cerebro Crisis; FAQ GM 7, GM 9).

When an event happens, every active triggered power (and every triggered
modifier an effect created) whose pattern matches is remembered as a
:class:`PendingTrigger` — a picture taken at that instant. Before the next
player gets priority, pending triggers go on the chain: the primary player's
first (so they resolve last, assumption A-TRIGGER-ORDER), each player
ordering their own (a decision).
"""

from __future__ import annotations

from typing import Any

from .values import replace

from ..cards import CardType
from ..text import ast
from .words import say
from .game import Decision, Game
from .powers import holders, powers
from .query import ZONE_NAMES, query
from .state import ChainLink, Context, GameObject, PendingTrigger, Zone

__all__ = ["fire", "fire_start", "flush", "STEP_NAMES"]

STEP_NAMES = {("draw", None): "draw phase", ("build", None): "build phase", ("combat", None): "combat phase",
              ("recovery", None): "recovery phase", ("build", "recruit"): "recruit step",
              ("build", "resource"): "resource step", ("build", "formation"): "formation step",
              ("combat", "attack"): "attack step"}


def _sources(g: Game, o: GameObject) -> list[tuple[Any, bool]]:
    """The triggered powers of ``o`` that are active now, each with whether it is ongoing."""
    q = query(g.state)
    out = []
    for line in powers(o.card, ast.TriggeredPower):
        node = line.node
        if isinstance(node.trigger, ast.WhenYouRecruit):
            continue
        if q.power_active(o, line.block) and (o.zone is not Zone.RESOURCE_ROW or o.card.type is not CardType.CHARACTER):
            if o.zone is Zone.RESOURCE_ROW and o.card.type is CardType.PLOT_TWIST and line.block != "ongoing":
                continue
            out.append((node, line.block == "ongoing"))
        elif _works_from(node, o):
            out.append((node, False))
    return out


def _works_from(node: ast.TriggeredPower, o: GameObject) -> bool:
    """A power that says "if <this card> is in your <zone>" works from that zone
    (FAQ SC 25; assumption A-ZONE-TRIGGER)."""
    eff = node.effect
    if isinstance(eff, ast.Conditional):
        conds = eff.condition.conditions if isinstance(eff.condition, ast.AllOf) else (eff.condition,)
        for c in conds:
            if isinstance(c, ast.InZone) and isinstance(c.ref, ast.SelfRef):
                return ZONE_NAMES.get(c.zone.name) is o.zone
    return False


def _origin(o: GameObject | None) -> str:
    if o is None:
        return "triggered"
    return "plot twist" if o.card.type is CardType.PLOT_TWIST else "triggered"


def _match_value(g: Game, sel: Any, value: Any, ctx: Context) -> bool:
    if sel is None:
        return True
    q = query(g.state)
    if value is None:
        return False
    if isinstance(value, tuple):
        return any(_match_value(g, sel, v, ctx) for v in value)
    if value in g.state.player_ids:
        if isinstance(sel, ast.Filter):
            return sel.kind == "player" and value in q.select(sel, ctx)
        if isinstance(sel, ast.Player):
            return value in q.players(sel, ctx)
        return value in q.ref(sel, ctx)
    if value not in g.state.objects:
        return False
    if isinstance(sel, ast.Filter) and sel.kind == "player":
        return False
    return q.matches(sel, g.state.obj(value), ctx)


_EVENT_KIND = {ast.Attacks: "attacks", ast.Stuns: "stuns", ast.BecomesStunnedBy: "stunned_by",
               ast.CausesBreakthrough: "breakthrough", ast.Reinforces: "reinforces",
               ast.ComesIntoPlay: "comes_into_play"}


def pattern_matches(g: Game, pattern: Any, kind: str, facts: dict[str, Any], ctx: Context) -> dict[str, Any] | None:
    """If the event matches the pattern, the trigger's bindings (``trigger:ROLE``)."""
    if _EVENT_KIND.get(type(pattern)) != kind:
        return None
    binds: dict[str, Any] = {}
    for a in pattern.__attrs_attrs__:
        sel = getattr(pattern, a.name)
        value = facts.get(a.name)
        if sel is None:
            if value is not None:
                binds[f"trigger:{a.name}"] = value
            continue
        if not _match_value(g, sel, value, ctx):
            return None
        binds[f"trigger:{a.name}"] = value
    for key in ("subject", "object", "to", "attacking", "by", "player"):
        if key in facts and f"trigger:{key}" not in binds:
            binds[f"trigger:{key}"] = facts[key]
    if "amount" in facts:
        binds["event_amount"] = facts["amount"]
    return binds


def fire(g: Game, kind: str, **facts: Any) -> None:
    """An event happened: remember every trigger it sets off (CR 502, "a picture")."""
    s = g.state
    found: list[PendingTrigger] = []
    for o in holders(s.objects, ast.TriggeredPower):
        for node, ongoing in _sources(g, o):
            if not isinstance(node.trigger, ast.Whenever):
                continue
            ctx = Context(o.controller if o.zone is Zone.IN_PLAY else o.owner, o.id)
            binds = pattern_matches(g, node.trigger.event, kind, facts, ctx)
            if binds is not None:
                found.append(PendingTrigger(ctx.controller, o.id, node.effect, ctx.bind(**binds), ongoing,
                                            None, say(node)))
    for d in s.delayed:
        if isinstance(d.trigger, ast.Whenever):
            binds = pattern_matches(g, d.trigger.event, kind, facts, d.context)
            if binds is not None:
                found.append(PendingTrigger(d.context.controller, d.context.source, d.effect,
                                            d.context.bind(**binds), False, d.id, say(d.trigger)))
    _remember(g, found)


def fire_recruit(g: Game, oid: str) -> None:
    """"When you recruit X" triggers when the recruit effect is played, while the card is on
    the chain (FAQ GM 7)."""
    o = g.state.obj(oid)
    found = []
    for line in powers(o.card, ast.TriggeredPower):
        if isinstance(line.node.trigger, ast.WhenYouRecruit):
            ctx = Context(o.controller, o.id)
            found.append(PendingTrigger(o.controller, o.id, line.node.effect, ctx, False, None, say(line.node)))
    _remember(g, found)


def fire_start(g: Game, phase: str, step: str | None, active: str | None) -> None:
    """"At the start of" a phase or step is an instant: what is active then triggers (Cerebro
    Crisis). A start trigger whose effect is conditional triggers only if the condition holds
    at that instant, and is checked again on resolution (FAQ SC 1, GM 9; assumption A-INTERVENING-IF)."""
    name = STEP_NAMES.get((phase, step))
    if name is None:
        return
    s = g.state
    found: list[PendingTrigger] = []
    q = query(s)

    def wanted(trigger: Any, controller: str) -> bool:
        if not isinstance(trigger, ast.AtStartOf) or trigger.step.name != name:
            return False
        return trigger.step.whose != "your" or active == controller or (active is None and controller == s.initiative)

    for o in holders(s.objects, ast.TriggeredPower):
        for node, ongoing in _sources(g, o):
            controller = o.controller if o.zone is Zone.IN_PLAY else o.owner
            if not wanted(node.trigger, controller):
                continue
            ctx = Context(controller, o.id)
            leading = leading_condition(node.effect)
            if leading is not None and not q.holds(leading, ctx):
                g.note("trigger", f"{o.id}: \"{say(node)}\" does not trigger: its condition is false now",
                       "FAQ SC 1", "A-INTERVENING-IF")
                continue
            found.append(PendingTrigger(controller, o.id, node.effect, ctx, ongoing, None, say(node)))
    for d in s.delayed:
        if wanted(d.trigger, d.context.controller):
            found.append(PendingTrigger(d.context.controller, d.context.source, d.effect, d.context, False, d.id,
                                        say(d.trigger)))
    _remember(g, found)


def leading_condition(effect: Any) -> Any:
    """The condition a triggered power's text opens with ("At the start of …, if …, …"), if any:
    it governs the whole power (FAQ GM 9: "a single triggered power")."""
    if isinstance(effect, ast.Conditional):
        return effect.condition
    if isinstance(effect, ast.Sequence) and effect.steps and isinstance(effect.steps[0], ast.Conditional):
        return effect.steps[0].condition
    return None


def _remember(g: Game, found: list[PendingTrigger]) -> None:
    if not found:
        return
    s = g.state
    spent = {p.delayed for p in found if p.delayed is not None}
    once = {d.id for d in s.delayed if d.id in spent and d.once}
    for p in found:
        g.note("trigger", f"{p.source or 'an effect'} triggers: {p.text}", "CR 502")
    g.set(replace(s, pending=s.pending + tuple(found), delayed=tuple(d for d in s.delayed if d.id not in once)))


def flush(g: Game) -> None:
    """Put every pending trigger on the chain before the next player gets priority (CR 502):
    the primary player's first, each player ordering their own (a decision). Identical
    triggers (the same power, triggered alike) are one answer: their order cannot change the
    position, so n copies of one trigger are one line of play, not n! of them."""
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
                chain.add_link(g, "trigger", p.controller, p.source, p.effect, ctx, origin, p.ongoing)
                g.note("chain", f"trigger:{p.source} goes on the chain: {p.text}", "CR 502")


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
        n = per_source[base] = per_source.get(base, 0) + 1
        named[base if n == 1 else f"{base}#{n}"] = same
    return named


def _choose_targets(g: Game, p: PendingTrigger, origin: str) -> Context | None:
    """A triggered effect's targets are chosen as it goes on the chain; with no legal target
    for one of them it cannot be put there (assumption A-TRIGGER-TARGETS)."""
    nodes = effects.targets_of(p.effect)
    if not nodes:
        return p.context
    provisional = ChainLink(0, "trigger", p.controller, p.source, p.effect, p.context, origin, p.ongoing)
    chosen = []
    for node in nodes:
        options = effects.legal_targets(g, node, provisional)
        if not options:
            g.note("trigger", f"{p.source}: \"{p.text}\" has no legal target and is not put on the chain",
                   "CR 502", "A-TRIGGER-TARGETS")
            return None
        chosen.append(g.ask(Decision(p.controller, "target", f"{p.controller} chooses a target for {p.source}'s "
                                     "triggered effect", tuple(options))))
    return replace(p.context, targets=tuple(chosen))


# Modules that call back into this one, bound at the end so that either can be imported first;
# their functions are looked up at call time.
from . import chain, effects  # noqa: E402
