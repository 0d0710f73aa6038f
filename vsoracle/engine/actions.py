"""What a player can do with priority (CR 216): recruit, play a plot twist, use a power,
propose an attack, reinforce, reveal or flip a resource, move in formation, pass.

Each function checks legality first and raises :class:`IllegalActionError`
with the reason (what ``rejected = true`` reports); then it plays the action
and puts the pending triggers on the chain before anyone gets priority.
"""

from __future__ import annotations

from typing import Any, Sequence

from .values import replace

from ..cards import CardType
from ..errors import IllegalActionError
from ..text import ast
from .words import say
from .chain import add_link, pass_priority, require_priority
from .effects import choose_objects, selector_kinds, stun, target_legal, targets_of
from .fmap import FrozenMap
from .game import Decision, Game
from .powers import powers
from .query import query
from .state import ChainLink, Context, GameObject, Zone
from .triggers import fire_recruit, flush
from .zones import attach, move_card, with_gear

__all__ = ["recruit", "play", "use", "flip", "move", "place_resource", "transfer", "pass_until",
           "plot_twist_effect"]


def pass_until(g: Game, pid: str) -> None:
    """``by = X``: the players before X pass so that X gets priority."""
    for _ in range(len(g.state.players) * 2):
        if g.state.priority == pid or g.state.priority is None:
            return
        pass_priority(g)
    require_priority(g, pid)


def _owned(g: Game, pid: str, oid: str) -> GameObject:
    o = g.state.obj(oid)
    if o.owner != pid and o.controller != pid:
        raise IllegalActionError(f"{oid} belongs to {o.owner}, not {pid}")
    return o


def _timing_ok(g: Game, pid: str, timing: ast.Step | None) -> bool:
    if timing is None:
        return True
    s = g.state
    name = timing.name
    if name.endswith("phase"):
        ok = s.phase == name.split()[0]
    else:
        ok = s.step == name.split()[0]
    if timing.whose == "your":
        ok = ok and s.active == pid
    return ok


def _restrictions(g: Game, pid: str, o: GameObject, action: str) -> None:
    """"Play/Recruit X only during … and only if …" (FAQ SC 1, SC 20, SC 21)."""
    q = query(g.state)
    ctx = Context(pid, o.id)
    for line in powers(o.card, ast.PlayRestriction):
        r = line.node
        if r.action != action:
            continue
        if not _timing_ok(g, pid, r.timing):
            raise IllegalActionError(f"{o.id} can be {action}ed only during "
                                     f"{'your ' if r.timing.whose else 'the '}{r.timing.name}: \"{say(r)}\"")
        for c in r.conditions:
            if not q.holds(c, ctx):
                raise IllegalActionError(f"{o.id}'s restriction is not met: \"{say(r)}\"")


def _pay_costs(g: Game, pid: str, o: GameObject, costs: Sequence[Any], given: list[Any],
               pay: int | None) -> dict[str, Any]:
    """Pay costs on announcement (CR 505); you must be able to pay all of a cost ([S:FWS])."""
    binds: dict[str, Any] = {}
    ctx = Context(pid, o.id)
    for cost in costs:
        q = query(g.state)
        p = g.state.player(pid)
        if isinstance(cost, ast.PayEndurance):
            if p.endurance < cost.amount:
                raise IllegalActionError(f"{pid} cannot pay {cost.amount} endurance (has {p.endurance})")
            g.set(g.state.with_player(replace(p, endurance=p.endurance - cost.amount)))
            g.note("cost", f"{pid} pays {cost.amount} endurance: {p.endurance} → {p.endurance - cost.amount}",
                   "CR 505")
        elif isinstance(cost, ast.PayResourcePoints):
            if cost.up_to:
                most = min(cost.amount, p.resource_points)
                amount = pay if pay is not None else g.ask(Decision(pid, "pay", f"{pid} pays up to {cost.amount} "
                                                                   "resource points", tuple(range(most, -1, -1))))
                if amount > cost.amount:
                    raise IllegalActionError(f"{pid} can pay at most {cost.amount} resource points here")
            else:
                amount = cost.amount
            if p.resource_points < amount:
                raise IllegalActionError(f"{pid} cannot pay {amount} resource points (has {p.resource_points})",
                                         hint="resource points come in the recruit step")
            g.set(g.state.with_player(replace(p, resource_points=p.resource_points - amount)))
            g.note("cost", f"{pid} pays {amount} resource point{'s' if amount != 1 else ''}", "CR 505")
            binds["paid"] = amount
        elif isinstance(cost, ast.Activate):
            cur = g.state.obj(o.id)
            if cur.exhausted or cur.stunned:
                raise IllegalActionError(f"{o.id} must be ready to activate")
            g.set(g.state.with_object(replace(cur, exhausted=True)))
            g.note("cost", f"{o.id} exhausts to activate", "CR 501", "A-ACTIVATE")
        elif isinstance(cost, ast.DiscardCost):
            hand = [x for x in g.state.player(pid).hand if x != o.id and
                    all(q.qual(k, g.state.obj(x), ctx) for k in cost.filter.qualifiers) and
                    (cost.filter.kind != "character" or g.state.obj(x).card.type is CardType.CHARACTER)]
            picked = _cost_pick(g, pid, hand, cost.count, given, "discard")
            for x in picked:
                g.set(move_card(g.state, x, Zone.KO_PILE))
                g.note("cost", f"{pid} discards {x} as a cost", "CR 505")
        elif isinstance(cost, ast.ExhaustCost):
            found = [x for x in q.select(cost.selector, ctx) if x in g.state.objects
                     and not g.state.obj(x).exhausted and not g.state.obj(x).stunned]
            for x in _cost_pick(g, pid, found, 1, given, "exhaust"):
                g.set(g.state.with_object(replace(g.state.obj(x), exhausted=True)))
                g.note("cost", f"{pid} exhausts {x} as a cost", "CR 505")
        elif isinstance(cost, ast.RemoveFromGameCost):
            parts = cost.selector.parts if isinstance(cost.selector, ast.Together) else (cost.selector,)
            removed: list[str] = []
            for part in parts:
                found = [x for x in q.select(part, ctx) if x in g.state.objects and x not in removed]
                n = part.count if isinstance(part, ast.Filter) else len(found)
                if isinstance(n, int) and len(found) < n:
                    raise IllegalActionError(f"{pid} cannot pay the cost: not enough cards to remove from the game")
                removed += found if not isinstance(part, ast.Filter) else _cost_pick(g, pid, found, n, given, "remove")
            for x in removed:
                g.set(move_card(g.state, x, Zone.REMOVED))
                g.note("cost", f"{pid} removes {x} from the game as a cost", "CR 505")
        elif isinstance(cost, ast.RevealCost):
            found = [x for x in q.select(cost.filter, ctx) if x in g.state.objects and x != o.id]
            shown = _cost_pick(g, pid, found, 1, given, "reveal")
            g.note("cost", f"{pid} reveals {', '.join(shown)} as a cost", "CR 505; FAQ SC 34")
        elif isinstance(cost, ast.StunCost):
            found = [x for x in q.select(cost.selector, ctx) if x in g.state.objects and not g.state.obj(x).stunned]
            for x in _cost_pick(g, pid, found, 1, given, "stun"):
                stun(g, x, "a cost", "CR 505")
        else:
            raise IllegalActionError(f"vsoracle cannot yet pay the cost {say(cost)}")
    return binds


def _cost_pick(g: Game, pid: str, candidates: list[str], count: Any, given: list[Any], verb: str) -> list[str]:
    n = count if isinstance(count, int) else 1
    named = [x for x in given if x in candidates]
    if named:
        picked = named[:n]
        for x in picked:
            given.remove(x)
    else:
        if len(candidates) < n:
            raise IllegalActionError(f"{pid} cannot pay the cost: no card to {verb}"
                                     if not candidates else f"{pid} cannot pay the cost: not enough cards to {verb}")
        picked = choose_objects(g, pid, candidates, n, f"{pid} chooses what to {verb} as a cost")
    if len(picked) < n:
        raise IllegalActionError(f"{pid} cannot pay the cost: not enough cards to {verb}")
    return picked


def _announce_targets(g: Game, effect: Any, given: list[Any], provisional: ChainLink) -> tuple[Any, ...]:
    """Targets are chosen on announcement and must be legal (CR 505; Cerebro VIII)."""
    nodes = targets_of(effect)
    if len(given) < len(nodes):
        what = "; ".join(say(n.selector) for n in nodes)
        raise IllegalActionError(f"this effect needs {len(nodes)} target{'s' if len(nodes) != 1 else ''} ({what})",
                                 hint="add targets = [...]")
    if len(given) > len(nodes):
        raise IllegalActionError(f"this effect has {len(nodes)} target{'s' if len(nodes) != 1 else ''}, "
                                 f"{len(given)} given")
    values = []
    for node, value in zip(nodes, given):
        if "effect" in selector_kinds(node.selector) and isinstance(value, str):
            # an effect on the chain is named by the id of its source card (contract §4)
            link = next((lk for lk in reversed(g.state.chain) if lk.source == value), None)
            if link is None:
                raise IllegalActionError(f"illegal target: no effect of {value} is on the chain")
            value = link.id
        why = target_legal(g, node, value, provisional)
        if why is None and "effect" in selector_kinds(node.selector):
            link = g.state.link(value) if isinstance(value, int) else None
            if link is None or not query(g.state).link_matches(node.selector, link, provisional.context):
                why = f"{value} is not {say(node.selector)} on the chain"
        if why is not None:
            raise IllegalActionError(f"illegal target: {why}")
        values.append(value)
    return tuple(values)


def recruit(g: Game, pid: str, oid: str, *, source: str = "hand", row: str | None = None, col: int | None = None,
            area: str | None = None, face_down: str | None = None, boost: bool = False,
            costs: Sequence[Any] = (), equip: str | None = None) -> None:
    """Recruit a character or equipment: a game-based effect on the chain paid with resource
    points, only in your own recruit step (CR 301.4, 404; FAQ GM 1 for reservists)."""
    require_priority(g, pid)
    s = g.state
    o = _owned(g, pid, oid)
    q = query(s)
    if s.phase != "build" or s.step != "recruit" or s.active != pid:
        raise IllegalActionError(f"{pid} can recruit only during {pid}'s recruit step")
    if o.card.type not in (CardType.CHARACTER, CardType.EQUIPMENT):
        raise IllegalActionError(f"{oid} is a {o.card.type}: only characters and equipment are recruited",
                                 hint="play a plot twist with play = ID")
    if source == "hand" and o.zone is not Zone.HAND:
        raise IllegalActionError(f"{oid} is not in {pid}'s hand (it is in the {o.zone})")
    if source == "resources":
        if o.zone is not Zone.RESOURCE_ROW:
            raise IllegalActionError(f"{oid} is not in {pid}'s resource row")
        if "reservist" not in q.keywords(o):
            raise IllegalActionError(f"{oid} does not have reservist: it cannot be recruited from the resource row",
                                     hint="a power that gives revealed cards reservist needs the card revealed first (flip = ID)")
    if "loyalty" in q.keywords(o):
        mine = {a.casefold() for c in s.characters(pid) for a in q.affiliations(c)}
        if not mine & {a.casefold() for a in q.affiliations(o)}:
            raise IllegalActionError(f"{oid} has loyalty: {pid} controls no character sharing an affiliation with it",
                                     hint="FAQ GM 1")
    _restrictions(g, pid, o, "recruit")
    cost = o.card.cost or 0
    boost_line = next((ln for ln in powers(o.card, ast.Keyword) if ln.node.name == "boost"), None)
    if boost and boost_line is None:
        raise IllegalActionError(f"{oid} has no boost")
    total = cost + ((boost_line.node.value or 0) if boost and boost_line else 0)
    alternate = next((ln.node for ln in powers(o.card, ast.AlternateCost) if ln.node.action == "recruit"), None)
    if s.player(pid).resource_points < total and alternate is None:
        raise IllegalActionError(f"{pid} has {s.player(pid).resource_points} resource points; recruiting {oid} "
                                 f"costs {total}")
    if equip is not None:
        h = s.obj(equip)
        if o.card.type is not CardType.EQUIPMENT or h.zone is not Zone.IN_PLAY or h.controller != pid \
                or h.card.type is not CardType.CHARACTER or h.area != "visible":
            raise IllegalActionError(f"{oid} cannot be equipped to {equip}",
                                     hint="equipment attaches to a visible character you control (CR 212.5e)")
    elif o.card.type is CardType.EQUIPMENT:
        raise IllegalActionError("equipment needs a character to attach to", hint="add equip = ID")
    if face_down is not None:
        if source != "resources":
            raise IllegalActionError("face_down swaps a card from hand only when recruiting from the resource row")
        fd = s.obj(face_down)
        if fd.zone is not Zone.HAND or fd.owner != pid:
            raise IllegalActionError(f"{face_down} is not in {pid}'s hand")
    kw = q.keywords(o)
    if "concealed" in kw:
        if area == "visible":
            raise IllegalActionError(f"{oid} is concealed: it comes into play in the hidden area")
        area = "hidden"
    elif "concealed-optional" in kw:
        if area is None:
            hidden = g.ask(Decision(pid, "may", f"{pid} may have {oid} come into play in the hidden area",
                                    (True, False)))
            area = "hidden" if hidden else "visible"
    elif area == "hidden":
        raise IllegalActionError(f"{oid} is not concealed: it comes into play in the visible area")
    given = list(costs)
    binds = _pay_additional(g, pid, o, "recruit", given)
    if alternate is not None and g.ask(Decision(pid, "may", f"{pid} may pay {oid}'s alternate cost "
                                                f"({say(alternate.cost)}) instead of its recruit cost", (True, False))):
        binds.update(_pay_costs(g, pid, o, (alternate.cost,), given, None))
        g.note("cost", f"{pid} pays the alternate cost instead of {cost} resource points", "FAQ GM 1")
        total -= cost
    elif s.player(pid).resource_points < total:
        raise IllegalActionError(f"{pid} has {s.player(pid).resource_points} resource points; recruiting {oid} "
                                 f"costs {total}")
    p = g.state.player(pid)
    g.set(g.state.with_player(replace(p, resource_points=p.resource_points - total)))
    index = p.resources.index(oid) if source == "resources" else None
    if source == "resources":
        g.note("reveal", f"{pid} reveals {oid} in the resource row and recruits it", "FAQ GM 1")
    on_chain = move_card(g.state, oid, Zone.CHAIN, controller=pid)
    details = {"row": row or "front", "col": col, "area": area or "visible", "boosted": boost, "equip": equip}
    add_link(g, "recruit", pid, oid, None, Context(pid, oid, (), FrozenMap(binds)), "game", False, details,
             base=on_chain)
    g.note("recruit", f"{pid} recruits {oid} ({o.card.title}) from {'the resource row' if index is not None else 'hand'}"
           f", paying {total} resource point{'s' if total != 1 else ''}", "CR 301.4, 404")
    if face_down is not None and index is not None:
        g.set(move_card(g.state, face_down, Zone.RESOURCE_ROW, index=index, face_up=False))
        g.note("reservist", f"{pid} puts {face_down} face down into the resource row in place of {oid}, "
               "as part of playing the recruit effect, before anyone gets priority", "FAQ GM 1")
    fire_recruit(g, oid)
    g.set(replace(g.state, priority=pid))
    flush(g)


def _pay_additional(g: Game, pid: str, o: GameObject, action: str, given: list[Any]) -> dict[str, Any]:
    """Pay the card's additional costs to ``action`` it ("As an additional cost to recruit …",
    CR 505), taking answers from ``given``; what the payment binds."""
    binds: dict[str, Any] = {}
    for line in powers(o.card, ast.AdditionalCost):
        if line.node.action == action:
            binds.update(_pay_costs(g, pid, o, (line.node.cost,), given, None))
    return binds


def plot_twist_effect(o: GameObject) -> ast.Effect | None:
    """A plot twist's one-shot effect: its spell paragraphs in order."""
    spells = [ln.node.effect for ln in powers(o.card, ast.Spell) if ln.block is None]
    if not spells:
        return None
    return spells[0] if len(spells) == 1 else ast.Sequence(tuple(spells))


def play(g: Game, pid: str, oid: str, *, targets: Sequence[Any] = (), costs: Sequence[Any] = ()) -> None:
    """Play a plot twist from hand, or from the resource row (face down), if you have at least
    its threshold cost in resources (CR 304, 505)."""
    require_priority(g, pid)
    s = g.state
    o = _owned(g, pid, oid)
    q = query(s)
    if o.card.type is not CardType.PLOT_TWIST:
        raise IllegalActionError(f"{oid} is a {o.card.type}, not a plot twist",
                                 hint="recruit characters; use powers with use = ID")
    if o.zone is Zone.HAND:
        where = "hand"
    elif o.zone is Zone.RESOURCE_ROW and not o.face_up:
        where = "resource row"
    else:
        raise IllegalActionError(f"{oid} is not in {pid}'s hand or face down in the resource row")
    have = len(s.player(pid).resources)
    if have < (o.card.cost or 0):
        raise IllegalActionError(f"{oid} has threshold cost {o.card.cost}; {pid} has {have} resources")
    if q.cannot_play(pid, "plot twist"):
        raise IllegalActionError(f"{pid} cannot play plot twists this turn", hint="FAQ GM 4")
    _restrictions(g, pid, o, "play")
    effect = plot_twist_effect(o)
    provisional = ChainLink(0, "play", pid, oid, effect, Context(pid, oid), "plot twist", o.card.ongoing)
    values = _announce_targets(g, effect, list(targets), provisional) if effect is not None else ()
    binds = _pay_additional(g, pid, o, "play", list(costs))
    if where == "hand":
        base = move_card(g.state, oid, Zone.CHAIN, controller=pid)
    else:
        base = g.state.with_object(replace(g.state.obj(oid), face_up=True))
    played = base.plot_twists_played
    base = replace(base, plot_twists_played=played.set(pid, played.get(pid, 0) + 1))
    shown = f" targeting {', '.join(map(str, targets))}" if targets else ""
    add_link(g, "play", pid, oid, effect, Context(pid, oid, values, FrozenMap(binds)), "plot twist",
             o.card.ongoing, base=base)
    g.note("play", f"{pid} plays {oid} ({o.card.title}) from the {where}{shown}", "CR 304, 505")
    g.set(replace(g.state, priority=pid))
    flush(g)


def use(g: Game, pid: str, oid: str, *, power: int | str | None = None, targets: Sequence[Any] = (), costs: Sequence[Any] = (),
        pay: int | None = None) -> None:
    """Use an activated (payment) power: pay its costs, respect its limits, put its effect on
    the chain (CR 501, 505; FAQ GM 10, SC 15)."""
    require_priority(g, pid)
    s = g.state
    o = s.obj(oid)
    q = query(s)
    lines = q.numbered_powers(o)
    usable: list[int | str] = [i + 1 for i, (n, _b) in enumerate(lines) if isinstance(n, ast.ActivatedPower)]
    from_keywords = q.keyword_powers(o) if o.zone is Zone.IN_PLAY else {}
    if isinstance(power, str):
        if power not in from_keywords:
            raise IllegalActionError(f"{oid} has no \"{power}\" power now",
                                     hint="keyword powers: " + (", ".join(from_keywords) or "none"))
        lines = lines + [(from_keywords[power], "keyword")]
        usable.append(power)
        power_index = len(lines)
    else:
        power_index = None
    if not usable:
        if o.card.type is CardType.PLOT_TWIST:
            raise IllegalActionError(f"{oid} is a plot twist: it is played, not used",
                                     hint=f'write play = "{oid}"')
        raise IllegalActionError(f"{oid} has no activated power")
    if power is None:
        power = usable[0]
    if power not in usable:
        which = ", ".join(map(str, usable))
        raise IllegalActionError(f"power {power} of {oid} is not an activated power",
                                 hint=f"its activated power{'s are' if len(usable) > 1 else ' is'} power {which}")
    node, block = lines[(power_index or power) - 1]
    controller = o.controller if o.zone is Zone.IN_PLAY else o.owner
    if controller != pid:
        raise IllegalActionError(f"{pid} does not control {oid}")
    from_hand = o.zone is Zone.HAND and _self_cost(node)
    if not from_hand and not q.power_active(o, block):
        raise IllegalActionError(f"{oid}'s power is not active now"
                                 + (" (it is stunned)" if o.stunned else f" (it is in the {o.zone})"))
    if q.cannot_use_activated(pid, o):
        raise IllegalActionError(f"{pid} cannot use {oid}'s activated powers this turn")
    key = (oid, power)
    ctx = Context(pid, oid)
    for limit in node.limits:
        if isinstance(limit, ast.OncePerTurn) and key in s.used_powers:
            raise IllegalActionError(f"{oid}'s power can be used only once per turn and was used this turn")
        if isinstance(limit, ast.OnlyIf) and not q.holds(limit.condition, ctx):
            raise IllegalActionError(f"{oid}'s power can be used only if {say(limit.condition)}")
    origin = "payment"
    provisional = ChainLink(0, "power", pid, oid, node.effect, ctx, origin, block == "ongoing")
    values = _announce_targets(g, node.effect, list(targets), provisional)
    binds = _pay_costs(g, pid, o, node.costs, list(costs), pay)
    g.set(replace(g.state, used_powers=g.state.used_powers | {key}))
    g.note("use", f"{pid} uses {oid}'s power: {say(node)}", "CR 501, 505")
    add_link(g, "power", pid, oid, node.effect, Context(pid, oid, values, FrozenMap(binds)), origin,
             block == "ongoing")
    g.set(replace(g.state, priority=pid))
    flush(g)


def _self_cost(node: ast.ActivatedPower) -> bool:
    """A power whose cost removes or discards the card itself works from the hand (assumption A-HAND-POWER)."""
    for cost in node.costs:
        sel = getattr(cost, "selector", None)
        parts = sel.parts if isinstance(sel, ast.Together) else (sel,)
        if any(isinstance(p, ast.SelfRef) for p in parts):
            return True
    return False


def flip(g: Game, pid: str, oid: str) -> None:
    """Reveal a face-down resource, or flip a location face up: neither uses the chain
    (FAQ SC 30; CR 303 [K], assumption A-FLIP)."""
    require_priority(g, pid)
    o = _owned(g, pid, oid)
    if o.zone is not Zone.RESOURCE_ROW or o.face_up:
        raise IllegalActionError(f"{oid} is not a face-down resource")
    if o.card.type is CardType.LOCATION:
        if len(g.state.player(pid).resources) < (o.card.cost or 0):
            raise IllegalActionError(f"{oid} has threshold cost {o.card.cost}")
        g.set(g.state.with_object(replace(o, face_up=True)))
        g.note("flip", f"{pid} flips location {oid} face up", "CR 303", "A-FLIP")
    else:
        g.set(g.state.with_object(replace(o, revealed=True)))
        g.note("reveal", f"{pid} reveals {oid} in the resource row (no chain)", "FAQ SC 30")


def unreveal(g: Game) -> None:
    """A revealed resource returns to being unrevealed if nothing else happens (FAQ SC 30)."""
    s = g.state
    for o in s.objects.values():
        if o.revealed and o.zone is Zone.RESOURCE_ROW:
            s = s.with_object(replace(o, revealed=False))
    if s is not g.state:
        g.set(s)


def move(g: Game, pid: str, oid: str, row: str | None, col: int | None) -> None:
    """Formation step: rearrange your characters between rows; they stay in their area (CR 405)."""
    s = g.state
    if s.step != "formation" or s.active != pid:
        raise IllegalActionError(f"{pid} can move characters only during {pid}'s formation step")
    require_priority(g, pid)
    o = s.obj(oid)
    if o.zone is not Zone.IN_PLAY or o.controller != pid or o.card.type is not CardType.CHARACTER:
        raise IllegalActionError(f"{oid} is not a character {pid} controls")
    row, col = row or o.row, col or o.col
    other = next((c for c in s.characters(pid) if c.area == o.area and c.row == row and c.col == col and c.id != oid),
                 None)
    if other is not None:
        s = with_gear(s, other.id, row=o.row, col=o.col)
    g.set(with_gear(s, oid, row=row, col=col))
    g.note("move", f"{oid} moves to the {row} row, column {col}" + (f" (swapping with {other.id})" if other else ""),
           "CR 405")


def place_resource(g: Game, pid: str, oid: str) -> None:
    """Resource step: put one card from your hand face down into your resource row (CR 403)."""
    s = g.state
    if s.step != "resource" or s.active != pid:
        raise IllegalActionError(f"{pid} can put a resource only during {pid}'s resource step")
    require_priority(g, pid)
    if (pid, -1) in s.used_powers:
        raise IllegalActionError(f"{pid} has already put a resource this turn")
    o = _owned(g, pid, oid)
    if o.zone is not Zone.HAND:
        raise IllegalActionError(f"{oid} is not in {pid}'s hand")
    g.set(move_card(s, oid, Zone.RESOURCE_ROW, face_up=False))
    g.set(replace(g.state, used_powers=g.state.used_powers | {(pid, -1)}))
    g.note("resource", f"{pid} puts {oid} face down into the resource row", "CR 403")


def transfer(g: Game, pid: str, oid: str, to: str) -> None:
    """Transferable: at the start of your formation step you may move the equipment to another
    character you control (FAQ SC 6; CR 7xx)."""
    s = g.state
    if s.step != "formation" or s.active != pid:
        raise IllegalActionError(f"{pid} can transfer equipment only in {pid}'s formation step")
    o = s.obj(oid)
    if o.zone is not Zone.IN_PLAY or o.controller != pid or not o.equipped_to:
        raise IllegalActionError(f"{oid} is not an equipment in play that {pid} controls",
                                 hint="only equipment attached to a character can be transferred")
    if "transferable" not in query(s).keywords(o):
        raise IllegalActionError(f"{oid} is not transferable")
    h = s.obj(to)
    if h.zone is not Zone.IN_PLAY or h.controller != pid or h.card.type is not CardType.CHARACTER:
        raise IllegalActionError(f"{to} is not a character {pid} controls")
    g.set(attach(s, oid, to))
    g.note("transfer", f"{oid} is transferred to {to}; counters stay where they are", "FAQ SC 6")
