"""Resolving one chain link (CR 508): recruit effects, attacks, reinforcement, and
effects from card text with their targets rechecked."""

from __future__ import annotations

from .values import replace

from ..cards import CardType
from .effects import execute, target_legal, targets_of
from .game import Game
from .powers import is_unique
from .query import query
from .state import ChainLink, Zone
from .triggers import fire, leading_condition
from .zones import attach, free_col, move_card

__all__ = ["resolve_link", "resolve_recruit"]


def resolve_link(g: Game, link: ChainLink) -> None:
    """Resolve ``link`` as one indivisible unit."""
    g.note("resolve", f"{link.label} resolves", "CR 508")
    if link.details.get("negated"):
        g.note("negate", f"{link.label} was negated: it does nothing", "CR 509")
        if link.kind == "recruit" and link.source:
            g.set(move_card(g.state, link.source, Zone.KO_PILE))
        return
    if link.kind == "recruit":
        resolve_recruit(g, link)
    elif link.kind == "attack":
        combat.conclude_attack(g, link)
    elif link.kind == "reinforce":
        combat.resolve_reinforce(g, link)
    else:
        resolve_effect(g, link)


def resolve_effect(g: Game, link: ChainLink) -> None:
    """Targets are checked again on resolution; if all are illegal the effect is negated
    (CR 508, Cerebro VIII); an illegal target is left out of what the effect does."""
    ctx = link.context
    if link.effect is None:
        g.note("resolve", f"{link.label} has no one-shot effect; its ongoing powers work while it is face up",
               "CR 304", "A-ONGOING")
        return
    targets = targets_of(link.effect)
    if targets and ctx is not None:
        kept = []
        illegal = 0
        for node, value in zip(targets, ctx.targets):
            why = target_legal(g, node, value, link) if value is not None else "no target"
            if why is None:
                kept.append(value)
            else:
                illegal += 1
                g.note("target", f"target {value} is no longer legal: {why}", "CR 508 [C8]")
                kept.append(None)
        if illegal == len(targets):
            g.note("negate", f"every target of {link.label} is illegal: the effect is negated", "CR 508 [C8]")
            return
        ctx = replace(ctx, targets=tuple(kept))
    if link.origin == "plot twist":
        ctx = ctx.bind(is_plot_twist=True)
    if ctx is not None and ctx.bindings.get("intervening"):
        if not query(g.state).holds(leading_condition(link.effect), ctx):
            g.note("negate", f"{link.label}: its opening condition is false on resolution, so the whole "
                   "triggered power does nothing", "FAQ SC 1, GM 9", "A-INTERVENING-IF")
            return
    execute(g, link.effect, ctx)


def resolve_recruit(g: Game, link: ChainLink) -> None:
    """The recruit effect resolves: the uniqueness rule puts every object you control with
    the same *name* into the KO'd pile (CR 705.1; FAQ GM 6: names, not identities), then the
    card comes into play (CR 301.4, 212.5e)."""
    s = g.state
    o = s.obj(link.source)
    pid = link.controller
    if o.card.type is CardType.CHARACTER and is_unique(o.card):
        same = [c for c in s.characters(pid) if c.card.name.casefold() == o.card.name.casefold()]
        if not same:
            g.note("unique", f"uniqueness: {pid} controls nothing named '{o.card.name}' (identities do not "
                   "count)", "CR 705.1; FAQ GM 6")
        for other in same:
            g.set(move_card(g.state, other.id, Zone.KO_PILE))
            g.note("unique", f"uniqueness: {other.id} ({other.card.title}) shares the name "
                   f"'{o.card.name}' with {o.id} and is put into the KO'd pile (not KO'd)", "CR 705.1; FAQ GM 6",
                   objects=(other.id,))
    elif o.card.type is CardType.CHARACTER:
        g.note("unique", f"{o.id} is not unique: no uniqueness check", "FAQ GM 6")
    d = link.details
    if o.card.type is CardType.EQUIPMENT:
        host = d.get("equip")
        if not host or host not in g.state.objects or g.state.obj(host).zone is not Zone.IN_PLAY:
            g.set(move_card(g.state, o.id, Zone.KO_PILE))
            g.note("zone", f"{o.id} has no character to equip: it goes to the KO'd pile", "CR 302", "A-EQUIP-FIZZLE")
            return
        g.set(attach(move_card(g.state, o.id, Zone.IN_PLAY, controller=pid), o.id, host))
        g.note("zone", f"{o.id} comes into play equipped to {host}", "CR 302, 212.5e", objects=(o.id,))
        fire(g, "comes_into_play", subject=o.id)
        return
    area, row = d.get("area", "visible"), d.get("row", "front")
    col = free_col(g.state, pid, area, row, prefer=d.get("col"))
    g.set(move_card(g.state, o.id, Zone.IN_PLAY, controller=pid, area=area, row=row, col=col))
    g.note("zone", f"{o.id} comes into play in {pid}'s {area} area, {row} row, column {col}", "CR 301.4, 212.5e",
           objects=(o.id,))
    if d.get("boosted"):
        placed = g.state.obj(o.id)
        g.set(g.state.with_object(replace(placed, bindings=placed.bindings.set("boosted", True))))
        g.note("boost", f"{o.id} was boosted", "CR 7xx Boost")
    fire(g, "comes_into_play", subject=o.id)


# Modules that call back into this one, bound at the end so that either can be imported first;
# their functions are looked up at call time.
from . import combat  # noqa: E402
