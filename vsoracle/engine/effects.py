"""Executing effect ASTs (CR 508, 512): the interpreter of card text.

Each one-shot node has one function; an effect resolves as one indivisible
unit, its choices made on resolution (Cerebro X-Men). ``execute`` returns
whether the step was done (for "If you do"). References the text makes
("those team attackers", "that card") are threaded through the context.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable

from .values import replace

from ..cards import CardType
from ..errors import IllegalActionError
from ..text import ast
from .words import say
from .fmap import FrozenMap
from .game import Decision, Game
from .powers import per_node
from .query import ROW_AREA, ZONE_NAMES, query
from .state import ChainLink, Context, Delayed, Modifier, Replacement, Zone
from .zones import free_col, move_card, with_gear

__all__ = ["execute", "targets_of", "target_legal", "legal_targets", "selector_kinds", "choose_objects", "stun",
           "ko", "lose_endurance", "gain_endurance"]


# -- targets -------------------------------------------------------------------------------

@per_node
def targets_of(node: Any) -> tuple[ast.Target, ...]:
    """Every target node of an effect, in index order (chosen on announcement)."""
    found: dict[int, ast.Target] = {}

    def walk(n: Any) -> None:
        if isinstance(n, ast.Target):
            found.setdefault(n.index, n)
        if isinstance(n, (ast.DelayedTrigger, ast.CreateReplacement)):
            return
        if hasattr(n, "__attrs_attrs__"):
            for a in n.__attrs_attrs__:
                walk(getattr(n, a.name))
        elif isinstance(n, tuple):
            for x in n:
                walk(x)

    walk(node)
    return tuple(found[i] for i in sorted(found))


def target_legal(g: Game, target: ast.Target, value: Any, link: ChainLink) -> str | None:
    """Why ``value`` is not a legal target for ``target`` of ``link`` (``None``: legal)."""
    s = g.state
    q = query(s)
    ctx = link.context or Context(link.controller, link.source)
    sel = target.selector
    kinds = selector_kinds(sel)
    if value in s.player_ids:
        if "player" not in kinds:
            return f"{value} is a player, not a legal target here"
        return None if value in q.select(sel, ctx) else f"{value} does not match the target"
    if isinstance(value, int) or (isinstance(value, str) and value.startswith("#")):
        return None
    if value not in s.objects:
        return f"unknown target '{value}'"
    if "effect" in kinds:
        return f"'{value}' is a card, not an effect on the chain"
    o = s.obj(value)
    if not q.matches(sel, o, ctx):
        return f"{value} is not {say(sel)}"
    if o.zone is Zone.IN_PLAY and not q.can_be_targeted(o, link):
        return f"{value} cannot be the target of this effect"
    return None


def legal_targets(g: Game, target: ast.Target, link: ChainLink) -> list[Any]:
    """Every legal choice for one target: players, objects in play, resources, cards in piles."""
    s = g.state
    kinds = selector_kinds(target.selector)
    if "effect" in kinds:
        ctx = link.context or Context(link.controller, link.source)
        return [lk.id for lk in s.chain if query(s).link_matches(target.selector, lk, ctx)]
    pool: list[Any] = list(s.player_ids) if "player" in kinds else []
    pool += sorted(s.objects)
    return [x for x in pool if target_legal(g, target, x, link) is None]


def selector_kinds(sel: Any) -> set[str]:
    """What a target selector picks: "character", "player", "effect", … (several for "A or B")."""
    if isinstance(sel, ast.Filter):
        return {sel.kind}
    if isinstance(sel, ast.Either):
        return set().union(*(selector_kinds(x) for x in sel.options))
    if isinstance(sel, ast.Player):
        return {"player"}
    return {"character"}


# -- choices ------------------------------------------------------------------------------

def choose_objects(g: Game, pid: str, candidates: list[Any], count: Any, prompt: str) -> list[Any]:
    """``count`` of the candidates chosen by ``pid`` on resolution ("all": every one)."""
    if count == "all" or count == "one or more":
        return list(candidates)
    n = int(count)
    if not candidates:
        return []
    if len(candidates) < n:
        return list(candidates)
    if n == 1:
        return [g.ask(Decision(pid, "choose", prompt, tuple(candidates)))]
    combos = tuple(tuple(c) for c in itertools.combinations(candidates, n))
    return list(g.ask(Decision(pid, "choose", prompt, combos)))


def _count(sel: Any) -> Any:
    """How many objects a selector picks: a filter's count; "a location or a plot twist" is one."""
    if isinstance(sel, ast.Filter):
        return sel.count
    if isinstance(sel, ast.Either):
        counts = [_count(o) for o in sel.options]
        return 1 if all(isinstance(c, int) for c in counts) else "all"
    return "all"


def _objects(g: Game, sel: Any, ctx: Context, chooser: str, prompt: str) -> list[str]:
    found = [x for x in query(g.state).select(sel, ctx) if x in g.state.objects]
    return choose_objects(g, chooser, found, _count(sel), prompt)


# -- the basic operations, shared with combat ----------------------------------------------

def lose_endurance(g: Game, pid: str, amount: int, why: str, cite: str) -> None:
    """A player loses ``amount`` endurance (nothing for an amount of 0 or less)."""
    if amount > 0:
        _change_endurance(g, pid, -amount, why, cite)


def gain_endurance(g: Game, pid: str, amount: int, why: str, cite: str) -> None:
    """A player gains ``amount`` endurance (nothing for an amount of 0 or less)."""
    if amount > 0:
        _change_endurance(g, pid, amount, why, cite)


def _change_endurance(g: Game, pid: str, delta: int, why: str, cite: str) -> None:
    p = g.state.player(pid)
    g.set(g.state.with_player(replace(p, endurance=p.endurance + delta)))
    verb = "gains" if delta > 0 else "loses"
    g.note("endurance", f"{pid} {verb} {abs(delta)} endurance ({why}): {p.endurance} → {p.endurance + delta}", cite)


def stun(g: Game, oid: str, why: str, cite: str, by: tuple[str, ...] = ()) -> bool:
    """Stun a character: it turns face down and its controller loses endurance equal to its
    cost (CR 702.1a); a character that "cannot be stunned" is not (FAQ SC 13)."""
    s = g.state
    o = s.obj(oid)
    if o.zone is not Zone.IN_PLAY or o.stunned:
        return False
    q = query(s)
    if not q.can_be_stunned(o):
        g.note("stun", f"{oid} cannot be stunned", "FAQ SC 13")
        return False
    invulnerable = "invulnerability" in q.keywords(o)
    g.set(s.with_object(replace(o, stunned=True)))
    g.note("stun", f"{oid} is stunned ({why})", cite, objects=(oid,))
    if invulnerable:
        g.note("endurance", f"{o.controller} loses no endurance: {oid} has invulnerability", "CR 7xx",
               "A-INVULNERABILITY")
    else:
        lose_endurance(g, o.controller, o.card.cost or 0, f"{oid} stunned", "CR 702.1a")
    gear = [e.id for e in g.state.in_play() if e.equipped_to == oid]
    if gear:
        g.note("equip", f"{', '.join(gear)} stays attached to the stunned {oid}", "CR 302", "A-EQUIP-STUN")
    return True


def ko(g: Game, oid: str, why: str, cite: str) -> bool:
    """KO an object: it goes to its owner's KO'd pile (CR 11)."""
    o = g.state.obj(oid)
    if o.zone in (Zone.KO_PILE,):
        return False
    g.set(move_card(g.state, oid, Zone.KO_PILE))
    g.note("ko", f"{oid} is KO'd ({why})", cite, objects=(oid,))
    return True


# -- execution ------------------------------------------------------------------------------

Done = tuple[bool, Context]


def execute(g: Game, effect: ast.Effect, ctx: Context) -> Done:
    """Do ``effect``; return whether it was done and the context later steps see."""
    handler = _HANDLERS.get(type(effect))
    if handler is None:
        raise IllegalActionError(f"vsoracle cannot yet execute {type(effect).__name__}",
                                 hint="this card text parses but its effect is not implemented")
    return handler(g, effect, ctx)


def _sequence(g: Game, e: ast.Sequence, ctx: Context) -> Done:
    last = True
    for step in e.steps:
        if isinstance(step, ast.IfYouDo):
            if not last:
                g.note("skip", "\"if you do\": the previous step was not done, so nothing more", "CR 508")
                last = False
                continue
            last, ctx = execute(g, step.effect, ctx)
        else:
            last, ctx = execute(g, step, ctx)
    return last, ctx


def _you_may(g: Game, e: ast.YouMay, ctx: Context) -> Done:
    pid = _acting(g, e.player, ctx)[0]
    prompt = f"{pid} may: {say(e.effect)}"
    if not g.ask(Decision(pid, "may", prompt, (True, False))):
        g.note("may", f"{pid} chooses not to: {say(e.effect)}", "CR 508")
        return False, ctx
    return execute(g, e.effect, ctx.bind(acting=pid) if pid != ctx.controller else ctx)


def _if_you_do(g: Game, e: ast.IfYouDo, ctx: Context) -> Done:
    return execute(g, e.effect, ctx)


def _conditional(g: Game, e: ast.Conditional, ctx: Context) -> Done:
    q = query(g.state)
    binding = q.condition_binding(e.condition, ctx)
    if not binding:
        g.note("condition", f"condition not met on resolution ({say(e.condition)}): this part does nothing",
               "FAQ GM 10")
        return False, ctx
    extra = {k: v for k, v in binding.items() if k.startswith("condition:")}
    return execute(g, e.effect, ctx.bind(**extra) if extra else ctx)


def _choose(g: Game, e: ast.Choose, ctx: Context) -> Done:
    found = [x for x in query(g.state).select(e.selector, ctx) if x in g.state.objects]
    if not found:
        g.note("choose", "nothing to choose: the effect chooses nothing", "CR 508")
        return False, ctx
    chosen = choose_objects(g, ctx.controller, found, 1, f"{ctx.controller} chooses a character")[0]
    g.note("choose", f"{ctx.controller} chooses {chosen} (not a target)", "CR 508")
    return True, _bind_choice(g, ctx, f"chosen:{e.binding}", chosen)


def _bind_choice(g: Game, ctx: Context, key: str, value: Any) -> Context:
    if ctx.source and ctx.source in g.state.objects:
        o = g.state.obj(ctx.source)
        g.set(g.state.with_object(replace(o, bindings=o.bindings.set(key, value))))
    return ctx.bind(**{key: value})


def _choose_affiliations(g: Game, e: ast.ChooseAffiliations, ctx: Context) -> Done:
    q = query(g.state)
    names: list[str] = []
    for x in q.select(e.among, ctx):
        if x in g.state.objects:
            for a in sorted(q.affiliations(g.state.obj(x))):
                if a not in names:
                    names.append(a)
    if len(names) < e.count:
        g.note("choose", f"fewer than {e.count} affiliations to choose among: nothing chosen", "CR 508")
        return False, ctx
    options = tuple(tuple(c) for c in itertools.combinations(sorted(names), e.count))
    chosen = g.ask(Decision(ctx.controller, "choose", f"{ctx.controller} chooses {e.count} affiliations", options))
    g.note("choose", f"{ctx.controller} chooses {' and '.join(chosen)}", "CR 508")
    return True, _bind_choice(g, ctx, f"chosen:{e.binding}", tuple(chosen))


def _each_player(g: Game, node: Any, ctx: Context) -> tuple[str, ...]:
    return query(g.state).players(node, ctx)


def _acting(g: Game, node: Any, ctx: Context) -> tuple[str, ...]:
    """The players an effect's player phrase names, or its controller when it names nobody now."""
    return query(g.state).players(node, ctx) or (ctx.controller,)


def _draw(g: Game, e: ast.Draw, ctx: Context) -> Done:
    drawn = 0
    for pid in _each_player(g, e.player, ctx):
        n = query(g.state).amount(e.count, ctx.bind(acting=pid))
        drawn += turn.draw(g, pid, n, cite="CR 508")
    return drawn > 0, ctx


def _discard(g: Game, e: ast.Discard, ctx: Context) -> Done:
    done = False
    for pid in _each_player(g, e.player, ctx):
        pctx = ctx.bind(acting=pid)
        q = query(g.state)
        hand = [x for x in g.state.player(pid).hand if all(q.qual(k, g.state.obj(x), pctx)
                                                            for k in e.filter.qualifiers)
                and (e.filter.kind != "character" or g.state.obj(x).card.type is CardType.CHARACTER)]
        picked = choose_objects(g, pid, hand, e.filter.count, f"{pid} discards")
        for x in picked:
            g.set(move_card(g.state, x, Zone.KO_PILE))
            g.note("discard", f"{pid} discards {x}", "CR 508", objects=(x,))
            done = True
        if not picked:
            g.note("discard", f"{pid} has no card to discard", "CR 508")
    return done, ctx


def _on_objects(action: str) -> Callable[[Game, Any, Context], Done]:
    def handler(g: Game, e: Any, ctx: Context) -> Done:
        chooser = _acting(g, e.player, ctx)[0]
        picked = _objects(g, e.selector, ctx.bind(acting=chooser), chooser,
                          f"{chooser} chooses a character to {action}")
        done: list[str] = []
        for oid in picked:
            if _apply(g, action, oid, ctx):
                done.append(oid)
        if not picked:
            g.note(action, f"nothing to {action}", "CR 508")
        return bool(done), ctx.bind(those=tuple(done) if done else tuple(picked))
    return handler


def _apply(g: Game, action: str, oid: str, ctx: Context) -> bool:
    s = g.state
    o = s.obj(oid)
    if action == "stun":
        return stun(g, oid, "an effect", "CR 508")
    if action == "ko":
        return o.zone is Zone.IN_PLAY and ko(g, oid, "an effect", "CR 508")
    if o.zone is not Zone.IN_PLAY and action != "exhaust":
        return False
    if action == "ready":
        g.set(s.with_object(replace(o, exhausted=False)))
    elif action == "exhaust":
        g.set(s.with_object(replace(o, exhausted=True)))
    elif action == "recover":
        if not o.stunned:
            return False
        g.set(s.with_object(replace(o, stunned=False)))
    g.note(action, f"{oid} is {'readied' if action == 'ready' else action + 'ed'}", "CR 508", objects=(oid,))
    return True


def _move_to_area(g: Game, e: ast.MoveToArea, ctx: Context) -> Done:
    """Move a character to an area, into its same position or any empty one there
    (CR 512.3; FAQ GM 9, SC 36): the controller chooses ("row:col")."""
    done = []
    for oid in _objects(g, e.selector, ctx, ctx.controller, "choose a character to move"):
        o = g.state.obj(oid)
        if o.zone is not Zone.IN_PLAY:
            continue
        options = _places(g, o, e.area)
        place = g.ask(Decision(o.controller, "place", f"{o.controller} chooses where {oid} goes in the "
                               f"{e.area} area", options))
        row, col = place.split(":")[0], int(place.split(":")[1])
        g.set(with_gear(g.state, oid, area=e.area, row=row, col=col))
        g.note("move", f"{oid} moves to {o.controller}'s {e.area} area ({row} row, column {col})", "CR 512.3",
               "A-MOVE-POSITION", (oid,))
        done.append(oid)
    return bool(done), ctx.bind(those=tuple(done))


def _places(g: Game, o: Any, area: str) -> tuple[str, ...]:
    """The same position (if it is free there) first, then every empty position of the area."""
    taken = {(c.row, c.col) for c in g.state.characters(o.controller) if c.area == area and c.id != o.id}
    widest = max([c for _, c in taken] + [o.col or 1])
    places = []
    if (o.row, o.col) not in taken and o.col is not None:
        places.append(f"{o.row}:{o.col}")
    for row in ("front", "support"):
        for col in range(1, widest + 2):
            label = f"{row}:{col}"
            if (row, col) not in taken and label not in places:
                places.append(label)
    return tuple(places)


def _zone_of(node: ast.Zone) -> tuple[Zone, str | None, str | None]:
    if node.name in ROW_AREA:
        field_, value = ROW_AREA[node.name]
        return Zone.IN_PLAY, (value if field_ == "row" else None), (value if field_ == "area" else None)
    return ZONE_NAMES.get(node.name, Zone.KO_PILE), None, None


def _put_into(g: Game, e: ast.PutInto | ast.ReturnTo, ctx: Context) -> Done:
    """Put (or return) cards into a zone; "each player puts his …" is done by each player in turn."""
    cite = "CR 508"
    zone, row, area = _zone_of(e.zone)
    players = _acting(g, e.player, ctx)
    moved: list[str] = []
    for chooser in players:
        pctx = ctx.bind(acting=chooser) if len(players) > 1 or chooser != ctx.controller else ctx
        cards = _objects(g, e.cards, pctx, chooser, f"{chooser} chooses a card")
        for oid in cards:
            o = g.state.obj(oid)
            if zone is Zone.IN_PLAY:
                col = free_col(g.state, o.controller, area or "visible", row or "front", exclude=oid)
                g.set(move_card(g.state, oid, Zone.IN_PLAY, controller=chooser, row=row or "front",
                                area=area or "visible", col=col))
                g.note("zone", f"{oid} comes into play in {chooser}'s {row or 'front'} row", cite, objects=(oid,))
                triggers.fire(g, "comes_into_play", subject=oid)
            else:
                g.set(move_card(g.state, oid, zone, bottom=(getattr(e, "position", None) == "bottom")))
                where = "the bottom of the deck" if getattr(e, "position", None) == "bottom" else \
                    str(zone).replace("_", " ").replace("ko pile", "KO'd pile")
                g.note("zone", f"{oid} is put into {o.owner}'s {where}", cite, objects=(oid,))
            moved.append(oid)
    if not moved:
        g.note("zone", "no card to put there", cite)
    prior = tuple(ctx.bindings.get("moved", ()))
    return bool(moved), ctx.bind(that_card=moved[-1] if moved else None, moved=prior + tuple(moved),
                                 those=tuple(moved))


def _reveal(g: Game, e: ast.Reveal, ctx: Context) -> Done:
    revealed: list[str] = list(ctx.bindings.get("revealed", ()))
    for pid in _each_player(g, e.player, ctx):
        cards = [x for x in query(g.state).select(e.cards, ctx.bind(acting=pid)) if x in g.state.objects]
        g.note("reveal", f"{pid} reveals {', '.join(cards) if cards else 'nothing'}", "CR 508")
        revealed += cards
    return bool(revealed), ctx.bind(revealed=tuple(revealed))


def _search(g: Game, e: ast.Search, ctx: Context) -> Done:
    pid = _each_player(g, e.player, ctx)[0]
    z, _, _ = _zone_of(e.zone)
    q = query(g.state)
    found = [x for x in g.state.player(pid).pile(z) if all(q.qual(k, g.state.obj(x), ctx) for k in e.filter.qualifiers)
             and (e.filter.kind != "character" or g.state.obj(x).card.type is CardType.CHARACTER)]
    options = tuple(found) + ("none",)
    pick = g.ask(Decision(pid, "search", f"{pid} searches for a card (or fails to find)", options))
    if pick == "none":
        g.note("search", f"{pid} fails to find", "CR 2.4 [FML]")
        return False, ctx
    g.set(move_card(g.state, pick, Zone.HAND))
    g.note("search", f"{pid} finds {pick} and puts it into hand", "CR 508", objects=(pick,))
    return True, ctx.bind(that_card=pick)


def _negate(g: Game, e: ast.Negate, ctx: Context) -> Done:
    done = False
    for link_id in query(g.state).ref(e.target, ctx):
        lk = g.state.link(link_id) if isinstance(link_id, int) else None
        if lk is None:
            continue
        g.set(replace(g.state, chain=tuple(replace(x, details=x.details.set("negated", True)) if x.id == lk.id else x
                                          for x in g.state.chain)))
        g.note("negate", f"the effect {lk.label} is negated", "CR 509", objects=(lk.source or "",))
        done = True
    return done, ctx


def _change_target(g: Game, e: ast.ChangeTarget, ctx: Context) -> Done:
    q = query(g.state)
    links = [x for x in q.select(e.effect, ctx) if isinstance(x, int)]
    if not links:
        g.note("target", "no such effect: this resolves but does nothing", "FAQ SC 3")
        return False, ctx
    link_id = choose_objects(g, ctx.controller, links, 1, f"{ctx.controller} chooses an effect")[0]
    lk = g.state.link(link_id)
    old = lk.targets[0]
    target_node = targets_of(lk.effect)[0] if targets_of(lk.effect) else None
    cctx = ctx.bind(current_target=old)
    candidates = []
    for x in q.select(e.new_target, cctx):
        if x in g.state.objects and (target_node is None or target_legal(g, target_node, x, lk) is None):
            candidates.append(x)
    if not candidates:
        g.note("target", f"no other legal target for {lk.label}: this resolves but does nothing", "FAQ SC 3")
        return False, ctx
    new = choose_objects(g, ctx.controller, candidates, 1, f"{ctx.controller} chooses the new target")[0]
    nctx = replace(lk.context, targets=(new,) + lk.context.targets[1:])
    g.set(replace(g.state, chain=tuple(replace(x, context=nctx) if x.id == lk.id else x for x in g.state.chain)))
    g.note("target", f"the target of {lk.label} changes from {old} to {new}", "FAQ SC 3", objects=(new,))
    return True, ctx


def _remove_from_attack(g: Game, e: ast.RemoveFromAttack, ctx: Context) -> Done:
    a = g.state.attack
    if a is None:
        return False, ctx
    removed = [x for x in query(g.state).select(e.selector, ctx) if x in a.attackers or x in a.defenders]
    if not removed:
        g.note("attack", "nothing to remove from the attack", "CR 407")
        return False, ctx
    a = replace(a, attackers=tuple(x for x in a.attackers if x not in removed),
               defenders=tuple(x for x in a.defenders if x not in removed),
               removed=a.removed + tuple(x for x in removed if x in a.attackers))
    g.set(replace(g.state, attack=a))
    g.note("attack", f"{', '.join(removed)} removed from the attack", "CR 407 [FMS]", objects=tuple(removed))
    return True, ctx.bind(those=tuple(removed))


def _become_defender(g: Game, e: ast.BecomeDefender, ctx: Context) -> Done:
    a = g.state.attack
    if a is None:
        return False, ctx
    picked = _objects(g, e.selector, ctx, ctx.controller, "choose the new defender")
    if not picked:
        return False, ctx
    g.set(replace(g.state, attack=replace(a, defenders=tuple(picked))))
    g.note("attack", f"{picked[0]} becomes the defender; the attack's legality is not checked again",
           "CR 407 [FMS]", objects=tuple(picked))
    return True, ctx


def _endurance(gain: bool) -> Callable[[Game, Any, Context], Done]:
    def handler(g: Game, e: Any, ctx: Context) -> Done:
        done = False
        for pid in _each_player(g, e.player, ctx):
            n = query(g.state).amount(e.amount, ctx.bind(acting=pid))
            (gain_endurance if gain else lose_endurance)(g, pid, n, "an effect", "CR 508")
            done = done or n > 0
        return done, ctx
    return handler


def _gain_points(g: Game, e: ast.GainResourcePoints, ctx: Context) -> Done:
    for pid in _each_player(g, e.player, ctx):
        n = query(g.state).amount(e.amount, ctx)
        p = g.state.player(pid)
        g.set(g.state.with_player(replace(p, resource_points=p.resource_points + n)))
        g.note("points", f"{pid} gains {n} resource points: {p.resource_points} → {p.resource_points + n}",
               "CR 508")
    return True, ctx


def _put_counter(g: Game, e: ast.PutCounter, ctx: Context) -> Done:
    times = query(g.state).amount(e.times, ctx)
    done = []
    for oid in _objects(g, e.selector, ctx, ctx.controller, "choose a character"):
        o = g.state.obj(oid)
        if o.zone is not Zone.IN_PLAY or times <= 0:
            continue
        g.set(g.state.with_object(replace(o, counters=(o.counters[0] + e.atk * times, o.counters[1] + e.def_ * times))))
        g.note("counter", f"{times} × +{e.atk} ATK / +{e.def_} DEF counter on {oid}", "CR 215", objects=(oid,))
        done.append(oid)
    if not done:
        g.note("counter", "no character to put counters on: this does nothing", "FAQ SC 18")
    return bool(done), ctx


def _replace_resource(g: Game, e: ast.ReplaceResource, ctx: Context) -> Done:
    chooser = _acting(g, e.player, ctx)[0]
    picked = _objects(g, e.selector, ctx.bind(acting=chooser), chooser, f"{chooser} chooses a resource to replace")
    done = False
    for oid in picked:
        o = g.state.obj(oid)
        if o.zone is not Zone.RESOURCE_ROW:
            continue
        index = g.state.player(o.owner).resources.index(oid)
        g.set(move_card(g.state, oid, Zone.KO_PILE))
        g.note("replace", f"{o.owner} replaces resource {oid}: it is KO'd", "CR 512.5", objects=(oid,))
        deck = g.state.player(o.owner).deck
        if deck:
            g.set(move_card(g.state, deck[0], Zone.RESOURCE_ROW, index=index, face_up=False))
            g.note("replace", f"the top card of {o.owner}'s deck becomes a face-down resource", "CR 512.5")
        done = True
    return done, ctx


def _turn_face_down(g: Game, e: ast.TurnFaceDown, ctx: Context) -> Done:
    done = False
    for oid in query(g.state).select(e.selector, ctx):
        o = g.state.obj(oid)
        if o.zone is Zone.RESOURCE_ROW and o.face_up:
            g.set(g.state.with_object(replace(o, face_up=False, bindings=FrozenMap())))
            g.note("face", f"{oid} is turned face down and forgets its choices", "CR 212 [C23]", objects=(oid,))
            done = True
    return done, ctx


def _gain_control(g: Game, e: ast.GainControl, ctx: Context) -> Done:
    """Gain control of a character: it moves to its new controller's side, same row and area,
    the first empty column (assumption A-CONTROL-PLACE)."""
    pid = _acting(g, e.player, ctx)[0]
    done = []
    for oid in _objects(g, e.selector, ctx, pid, f"{pid} chooses a character"):
        o = g.state.obj(oid)
        if o.zone is not Zone.IN_PLAY or o.controller == pid:
            continue
        col = free_col(g.state, pid, o.area or "visible", o.row or "front", exclude=oid)
        g.set(with_gear(g.state, oid, controller=pid, col=col))
        g.note("control", f"{pid} gains control of {oid} ({o.row} row, column {col})", "CR 508", "A-CONTROL-PLACE",
               (oid,))
        done.append(oid)
    return bool(done), ctx.bind(those=tuple(done))


def _duration(d: ast.Duration) -> str:
    return {"turn": "turn", "attack": "attack"}.get(d.span or "", "permanent")


def _freeze(change: Any, q: Any, ctx: Context) -> Any:
    """Amounts of an effect's modifier are calculated once, on resolution (FAQ SC 28, SC 37)."""
    if isinstance(change, ast.StatChange) and not isinstance(change.amount, ast.Fixed):
        return replace(change, amount=ast.Fixed(q.amount(change.amount, ctx)))
    return change


def _modify(g: Game, e: ast.Modify, ctx: Context) -> Done:
    """Create a continuous modifier. If it alters a quality it flags what it affects now;
    otherwise it applies to whatever matches while it lasts (FAQ SC 4, SC 1, SC 29)."""
    q = query(g.state)
    changes = tuple(_freeze(c, q, ctx) for c in e.changes)
    mid, s = g.state.fresh_id()
    g.set(s)
    duration = _duration(e.duration)
    text = say(e)
    if isinstance(e.subject, ast.Player):
        players = q.players(e.subject, ctx)
        mod = Modifier(mid, ctx, changes, None, None, players, duration, e.duration.while_)
        g.note("modifier", f"{text} — applies to {', '.join(players)}", "CR 512")
    elif any(c.alters_quality for c in changes):
        found = [x for x in q.select(e.subject, ctx) if x in g.state.objects]
        if isinstance(e.subject, ast.Filter) and isinstance(e.subject.count, int):
            # "a character of your choice gets …": chosen on resolution (FAQ SC 24)
            found = choose_objects(g, ctx.controller, found, e.subject.count, f"{ctx.controller} chooses a character")
        flagged = frozenset(found)
        mod = Modifier(mid, ctx, changes, e.subject, flagged, (), duration, e.duration.while_)
        shown = ", ".join(sorted(flagged)) or "nothing"
        g.note("flag", f"{text} — alters a quality, so it flags {shown} now", "FAQ quality rule (SC 4, SC 13)",
               objects=tuple(sorted(flagged)))
    else:
        mod = Modifier(mid, ctx, changes, e.subject, None, (), duration, e.duration.while_)
        g.note("modifier", f"{text} — alters no quality, so it applies to whatever matches while it lasts",
               "FAQ quality rule (SC 1, SC 29)")
    g.set(replace(g.state, modifiers=g.state.modifiers + (mod,)))
    return True, ctx


def _create_replacement(g: Game, e: ast.CreateReplacement, ctx: Context) -> Done:
    rid, s = g.state.fresh_id()
    rep = Replacement(rid, ctx, e.event, e.replacement, _duration(e.duration))
    g.set(replace(s, replacements=s.replacements + (rep,)))
    g.note("replacement", f"replacement modifier: {say(e)}", "FAQ GM 8")
    return True, ctx


def _delayed(g: Game, e: ast.DelayedTrigger, ctx: Context) -> Done:
    did, s = g.state.fresh_id()
    once = isinstance(e.trigger, ast.AtStartOf)
    span = _duration(e.duration)
    d = Delayed(did, ctx, e.trigger, e.effect, "turn" if span == "turn" else "permanent", once)
    g.set(replace(s, delayed=s.delayed + (d,)))
    g.note("delayed", f"a triggered modifier waits: {say(e)}", "CR 512 [CCR]")
    return True, ctx


_HANDLERS: dict[type, Callable[[Game, Any, Context], Done]] = {
    ast.Sequence: _sequence,
    ast.YouMay: _you_may,
    ast.IfYouDo: _if_you_do,
    ast.Conditional: _conditional,
    ast.Choose: _choose,
    ast.ChooseAffiliations: _choose_affiliations,
    ast.Draw: _draw,
    ast.Discard: _discard,
    ast.KO: _on_objects("ko"),
    ast.Stun: _on_objects("stun"),
    ast.Ready: _on_objects("ready"),
    ast.Exhaust: _on_objects("exhaust"),
    ast.Recover: _on_objects("recover"),
    ast.MoveToArea: _move_to_area,
    ast.PutInto: _put_into,
    ast.ReturnTo: _put_into,
    ast.Reveal: _reveal,
    ast.Search: _search,
    ast.Negate: _negate,
    ast.ChangeTarget: _change_target,
    ast.RemoveFromAttack: _remove_from_attack,
    ast.BecomeDefender: _become_defender,
    ast.GainEndurance: _endurance(True),
    ast.LoseEndurance: _endurance(False),
    ast.GainResourcePoints: _gain_points,
    ast.PutCounter: _put_counter,
    ast.ReplaceResource: _replace_resource,
    ast.TurnFaceDown: _turn_face_down,
    ast.Modify: _modify,
    ast.CreateReplacement: _create_replacement,
    ast.DelayedTrigger: _delayed,
    ast.GainControl: _gain_control,
}


# Modules that call back into this one, bound at the end so that either can be imported first;
# their functions are looked up at call time.
from . import triggers, turn  # noqa: E402
