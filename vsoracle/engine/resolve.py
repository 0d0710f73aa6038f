"""Resolving one chain link (CR 508): recruit effects, attacks, reinforcement, power-ups, and
effects from card text with their targets checked again."""

from __future__ import annotations

from typing import Any

from ..cards import CardType
from ..text import nodes as n
from ..text.names import names_in
from .combat import conclude_attack
from .effects import (also_happened, execute, one_target, perform, put_by_rule, target_legal, target_range,
                      targets_of)
from .events.power_up import power_up
from .primitives import happening, leaving
from .game import Game
from .query import adjacent, query
from .rulechanges import POWER_UP_ATTACKER_OR_DEFENDER, in_force
from .state import Area, ChainLink, Context, GameObject, Row, Zone
from .triggers import leading_condition
from .values import replace
from .zones import (attach, equip_limit_problem, equipment_areas, free_col, gone_since_targeted, move_card,
                    team_equipment_problem)

__all__ = ["resolve_link", "resolve_recruit"]


def resolve_link(g: Game, link: ChainLink) -> None:
    """Resolve ``link`` as one indivisible unit."""
    g.note("resolve", f"{link.label} resolves", "CR 508")
    if link.details.get("negated"):
        g.note("negate", f"{link.label} was negated: it does nothing", "CR 509")
        if link.kind == "recruit" and link.source:
            before = g.state
            g.set(move_card(g.state, link.source, Zone.KO_PILE))
            put_by_rule(g, link.source, Zone.KO_PILE, before)
        return
    if link.kind == "recruit":
        resolve_recruit(g, link)
    elif link.kind == "attack":
        conclude_attack(g, link)
    elif link.kind == "reinforce":
        resolve_reinforce(g, link)
    elif link.kind == "power-up":
        resolve_power_up(g, link)
    else:
        resolve_effect(g, link)


_GONE = "it has left play since it was targeted (its card, if back, is a new object: CR 212.5e)"


def resolve_effect(g: Game, link: ChainLink) -> None:
    """Targets are checked again on resolution; if all are illegal the effect is negated
    (CR 508, Cerebro VIII); an illegal target is left out of what the effect does."""
    ctx = link.context or Context(link.controller, link.source)  # (every effect's link has its context)
    if link.effect is None:
        g.note("resolve", f"{link.label} has no one-shot effect; its ongoing powers work while it is face up",
               "CR 304", "A-ONGOING")
        return
    targets = targets_of(link.effect)
    if targets:
        kept: list[Any] = []
        illegal = 0
        for node, value in zip(targets, ctx.targets):
            if target_range(node) is not None:  # several values: each is kept while it is legal
                values = tuple(value or ())
                still = []
                for v in values:
                    why = _GONE if gone_since_targeted(link, v) else target_legal(g, one_target(node), v, link)
                    if why is None:
                        still.append(v)
                    else:
                        g.note("target", f"target {v} is no longer legal: {why}", "CR 508 [C8]",
                               figures=(("target", str(v)), ("legal", False), ("why", why)))
                if values and not still:
                    illegal += 1
                kept.append(tuple(still))
                continue
            why = "no target" if value is None else _GONE if gone_since_targeted(link, value) else \
                target_legal(g, node, value, link)
            if why is None:
                kept.append(value)
            else:
                illegal += 1
                g.note("target", f"target {value} is no longer legal: {why}", "CR 508 [C8]",
                       figures=(("target", str(value)), ("legal", False), ("why", why)))
                kept.append(None)
        if illegal == len(targets):
            g.note("negate", f"every target of {link.label} is illegal: the effect is negated", "CR 508 [C8]")
            return
        ctx = replace(ctx, targets=tuple(kept))
    _note_new_objects(g, link, ctx)
    ctx = ctx.bind(link=link.id)
    if link.origin == "plot twist":
        ctx = ctx.bind(is_plot_twist=True)
    if g.state.unknown_names:
        _note_unknown_names(g, link)
    leading = leading_condition(link.effect)
    if ctx.bindings.get("intervening") and leading is not None:
        if not query(g.state).holds(leading, ctx):
            g.note("negate", f"{link.label}: its opening condition is false on resolution, so the whole "
                   "triggered power does nothing", "FAQ SC 1, GM 9", "A-INTERVENING-IF")
            return
    execute(g, link.effect, ctx, root=link.effect)


def _note_unknown_names(g: Game, link: ChainLink) -> None:
    """A name the effect reads that no card has matches nothing; the log says so rather than let it
    pass as a name (assumption A-UNKNOWN-NAME)."""
    for use in names_in(link.effect) if link.effect is not None else ():
        if use.name.casefold() in g.state.unknown_names:
            g.note("resolve", f"{link.label} names {use.said} '{use.name}', which no card in the database or the "
                   "game has: it matches nothing", "", "A-UNKNOWN-NAME",
                   objects=(link.source,) if link.source else (), figures=(("name", use.name), ("known", False)))


def _note_new_objects(g: Game, link: ChainLink, ctx: Context) -> None:
    """A card the effect named that has left play and come back since is a new object, which the
    effect no longer names (CR 212.5e; assumption A-NEW-OBJECT-REFS, :meth:`Context.names`)."""
    for oid, _inc in sorted(ctx.as_of):
        o = g.state.objects.get(oid)
        if o is not None and not ctx.names(o) and not gone_since_targeted(link, oid):
            g.note("new object", f"{oid} has left play and come back since {link.label} named it: the card is a new "
                   "object, which the effect does not name", "CR 212.5e", "A-NEW-OBJECT-REFS", objects=(oid,))


def resolve_recruit(g: Game, link: ChainLink) -> None:
    """The recruit effect resolves: the uniqueness rule puts every object you control with
    the same *name* into the KO'd pile (CR 705.1; FAQ GM 6: names, not identities), then the
    card comes into play (CR 301.4, 212.5e)."""
    s = g.state
    assert link.source is not None  # a recruit effect names the card it recruits
    o = s.obj(link.source)
    pid = link.controller
    q = query(s)
    if o.card.type is CardType.CHARACTER and q.is_unique(o):
        same = [c for c in s.characters(pid) if c.card.name.casefold() == o.card.name.casefold()]
        if not same:
            g.note("unique", f"uniqueness: {pid} controls nothing named '{o.card.name}' (identities do not "
                   "count)", "CR 705.1; FAQ GM 6")
        _uniqueness(g, o.id, same, "CR 705.1; FAQ GM 6")
    elif o.card.type is CardType.CHARACTER:
        g.note("unique", f"{o.id} is not unique: no uniqueness check", "FAQ GM 6")
    d = link.details
    if o.card.type is CardType.EQUIPMENT:
        host = d.get("equip")
        if not host or host not in g.state.objects or g.state.obj(host).zone is not Zone.IN_PLAY \
                or gone_since_targeted(link, host):
            g.set(move_card(g.state, o.id, Zone.KO_PILE))
            g.note("zone", f"{o.id} has no character to equip: it goes to the KO'd pile", "CR 302", "A-EQUIP-FIZZLE")
            put_by_rule(g, o.id, Zone.KO_PILE, s)
            return
        if (why := team_equipment_problem(g.state, o.id, host)) is not None:
            g.set(move_card(g.state, o.id, Zone.KO_PILE))
            g.note("zone", f"{why} now: it cannot attach, and goes to the KO'd pile", "CR 302 [CH]",
                   "A-EQUIP-FIZZLE")
            put_by_rule(g, o.id, Zone.KO_PILE, s)
            return
        where = g.state.obj(host).area
        why = equip_limit_problem(g.state, o.id, host) if where in equipment_areas(g.state, o.id) else \
            f"{host} is in the {where} area now"
        if why is not None:
            g.set(move_card(g.state, o.id, Zone.KO_PILE))
            g.note("zone", f"{why}: {o.id} cannot attach, and goes to the KO'd pile", "CR 212.5e [FMK, C29]",
                   "A-EQUIP-FIZZLE")
            put_by_rule(g, o.id, Zone.KO_PILE, s)
            return
        if "unique" in q.keywords(o):
            same = [e for e in g.state.in_play() if e.controller == pid and e.card.type is CardType.EQUIPMENT
                    and e.id != o.id and e.card.name.casefold() == o.card.name.casefold()]
            if not same:
                g.note("unique", f"{o.id} is unique equipment: {pid} controls no other equipment named "
                       f"'{o.card.name}'", "CR 705.1 [CO3]", "A-UNIQUE-EQUIPMENT")
            _uniqueness(g, o.id, same, "CR 705.1 [CO3]", "A-UNIQUE-EQUIPMENT")
        g.set(attach(move_card(g.state, o.id, Zone.IN_PLAY, controller=pid), o.id, host))
        g.note("zone", f"{o.id} comes into play equipped to {host}", "CR 302, 212.5e", objects=(o.id,))
        perform(g, happening(n.EnterPlay, object=o.id))
        return
    area: Area = d.get("area", "visible")
    row: Row = d.get("row") or "front"
    col = free_col(g.state, pid, area, row, prefer=d.get("col"))
    _placed_by_default(g, pid, o.id, row, col, d.get("row"), d.get("col"))
    g.set(move_card(g.state, o.id, Zone.IN_PLAY, controller=pid, area=area, row=row, col=col))
    g.note("zone", f"{o.id} comes into play in {pid}'s {area} area, {row} row, column {col}", "CR 301.4, 212.5e",
           objects=(o.id,))
    placed = g.state.obj(o.id)
    marks = placed.bindings.set("recruited_from", d.get("origin"))
    if d.get("boosted"):
        marks = marks.set("boosted", True)
        g.note("boost", f"{o.id} was boosted", "keyword Boost")
    g.set(g.state.with_object(replace(placed, bindings=marks)))
    _cosmic(g, o.id)
    perform(g, happening(n.EnterPlay, object=o.id))


def _placed_by_default(g: Game, pid: str, oid: str, row: str, col: int, asked_row: str | None,
                       asked_col: int | None) -> None:
    """Where a recruited character goes is its controller's choice (CR 301.4); the ``recruit`` step
    gives it (``row``, ``col``). A place the step leaves out, or one that is taken by then, is not
    explored: vsoracle takes the first free column, and says so."""
    if asked_col is not None and asked_col != col:
        g.note("default", f"column {asked_col} of {pid}'s {row} row is taken: {oid} goes in the first free "
               f"column ({col})", "scenario default, not explored")
    elif asked_col is None:
        missing = "row or col" if asked_row is None else "col"
        g.note("default", f"the step names no {missing} for {oid}: it goes in the first free column of the {row} row "
               f"(where it goes is {pid}'s choice; not explored)", "scenario default, not explored")


def _uniqueness(g: Game, oid: str, same: list[GameObject], cite: str, assumption: str | None = None) -> None:
    """The uniqueness rule puts each of ``same`` into its owner's KO'd pile as ``oid``'s recruit
    effect resolves: it leaves play, but is not KO'd (CR 705.1)."""
    name = g.state.obj(oid).card.name
    before = g.state  # all of them at once: each pictured as the position was before any (A-LOOK-BACK)
    for other in same:
        g.set(move_card(g.state, other.id, Zone.KO_PILE))
        g.note("unique", f"uniqueness: {other.id} ({other.card.title}) shares the name '{name}' with {oid} and "
               "is put into the KO'd pile (not KO'd)", cite, assumption, objects=(other.id,))
        # the rule does it: nothing replaces it, but it leaves play (assumption A-LOOK-BACK) and is
        # put into the KO'd pile (assumption A-INTO-PILE)
        put_by_rule(g, other.id, Zone.KO_PILE, before)
        for left in leaving(g, before, other.id):
            also_happened(g, left, before)


def _cosmic(g: Game, oid: str) -> None:
    """A cosmic character comes into play with a cosmic counter, unless it comes into play
    stunned; cosmic—surge does not (keyword Cosmic; assumption A-COSMIC)."""
    from .powers import powers

    o = g.state.obj(oid)
    cosmic = [ln.keyword for ln in powers(o.card) if ln.keyword is not None and ln.keyword.name == "cosmic"]
    if not cosmic or o.stunned:
        return
    if all(k.sub == "surge" for k in cosmic):
        return
    g.set(g.state.with_object(replace(o, bindings=o.bindings.set("cosmic", 1))))
    g.note("counter", f"{oid} comes into play with a cosmic counter", "keyword Cosmic", "A-COSMIC")


def resolve_reinforce(g: Game, link: ChainLink) -> None:
    """The reinforcement effect resolves (CR 507.1c): its target must still be a defender, and it
    has reinforcement this attack only "if it shares a team affiliation with and is adjacent to"
    the character exhausted to pay for it — checked now (assumption A-REINFORCE)."""
    s = g.state
    a = s.attack
    defender = link.details.get("defender")
    if a is None or defender not in a.defenders:
        g.note("negate", f"{defender} is no longer a defender: reinforcement does nothing", "CR 508")
        return
    supporter: str = link.details["supporter"]  # a reinforcement's link names both
    q = query(s)
    d, r = s.obj(defender), s.obj(supporter)
    if gone_since_targeted(link, supporter):
        g.note("reinforce", f"{supporter} has left play since it was exhausted for it (its card, if back, is a new "
               "object): reinforcement does nothing", "CR 507.1c; CR 212.5e", "A-REINFORCE")
        return
    if not adjacent(r, d):
        g.note("reinforce", f"{defender} is no longer adjacent to {supporter}: reinforcement does nothing",
               "CR 507.1c", "A-REINFORCE")
        return
    if not {x.casefold() for x in q.affiliations(r)} & {x.casefold() for x in q.affiliations(d)}:
        g.note("reinforce", f"{defender} no longer shares a team affiliation with {supporter}: reinforcement does "
               "nothing", "CR 507.1c", "A-REINFORCE")
        return
    g.set(replace(s, attack=replace(a, reinforcers=a.reinforcers + ((supporter, defender),))))
    if q.cannot_gain(d, "reinforcement"):
        g.note("reinforce", f"{defender} cannot gain reinforcement: the reinforcement from {supporter} gives it "
               "nothing", "CR 507.1c", "A-REINFORCE")
        return
    g.note("reinforce", f"{defender} is reinforced by {supporter}: it has reinforcement this attack", "CR 507.1c",
           "A-REINFORCE")


def resolve_power_up(g: Game, link: ChainLink) -> None:
    """The power-up resolves: its target must still be a character its player controls — under the
    rules from the JLA update, an attacker or defender he controls (``rulechanges``) — else it
    is negated (CR 508 [C8]); the character becomes powered-up, +1 ATK / +1 DEF this turn
    (assumption A-POWER-UP)."""
    oid: str = link.details["character"]  # a power-up's link names its character
    o = g.state.objects.get(oid)
    if o is None or o.zone is not Zone.IN_PLAY or o.controller != link.controller or gone_since_targeted(link, oid):
        g.note("negate", f"{oid} is no longer a character {link.controller} controls: the power-up's only target "
               "is illegal, so it is negated", "CR 508 [C8]", "A-POWER-UP")
        return
    change = in_force(g.state, POWER_UP_ATTACKER_OR_DEFENDER)
    a = g.state.attack
    if change is not None and not (a is not None and a.holds(oid)):
        g.note("negate", f"{oid} is no longer an attacker or defender: the power-up's only target is illegal, so it "
               f"is negated ({change})", f"CR 508 [C8]; {change.cite}", change.assumption)
        return
    power_up(g, link.controller, oid, link.context or Context(link.controller, oid))
