"""What a player can do with priority (CR 216): recruit, play a plot twist, use a power,
power-up, propose an attack, reinforce, reveal or flip a resource, move in formation, pass.

Each function checks legality first and raises :class:`IllegalActionError` with the reason
(what ``rejected = true`` reports); then it plays the action and puts the pending triggers on
the chain before anyone gets priority. Costs are card text's events, paid on announcement
through the same event pipeline as effects (CR 505): "Stun ~ >>> …" stuns ~ as any stun does.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Literal, Sequence, cast

from ..cards import Card, CardType
from ..errors import IllegalActionError
from ..text import nodes as n
from ..text.events.flip import Flip
from .chain import add_link, flush, require_empty_chain, require_priority, targeted
from .effects import (execute, legal_among, perform, put_by_rule, target_legal, target_range, targets_of,
                      targets_refusal)
from .primitives import ZONE_WORDS, entry_area, happening
from .rulechanges import DIRECT_ATTACK_PAST_HIDDEN, POWER_UP_ATTACKER_OR_DEFENDER, in_force
from .fmap import FrozenMap
from .rules import RULES, Cost
from .game import Decision, Game
from .powers import PowerLine, keyword_values, keywords_printed, per_node, powers
from .patterns import kind_of, pattern_matches
from .query import ZONES, Mod, Query, forgettable, protected, query
from .heeded import heeded
from .keywords import KEYWORD_POWERS, keyword_power
from .state import (CHAIN, EMPTY, HAND, IN_PLAY, KO_PILE, LOCATION, PLOT_TWIST, RESOURCE_ROW, Area, Attack, ChainLink,
                    Context, GameObject, GameState, LinkOrigin, Row, Zone)
from .turn import pass_priority
from .values import replace
from .figures import condition_read
from .words import say, say_action, say_of
from .zones import (attach, equip_limit_problem, equipment_areas, move_card, team_equipment_problem,
                    transfer_problem, with_gear)

__all__ = ["recruit", "play", "use", "flip", "move", "place_resource", "transfer", "pass_until",
           "plot_twist_effect", "play_link", "power_link", "target_refusal", "target_allowed", "propose_attack", "reinforce",
           "power_up", "attack_problem", "unreveal", "required_attack", "require_no_attack_demanded"]


def pass_until(g: Game, pid: str) -> None:
    """``by = X``: the players before X pass so that X gets priority (most often X has it already:
    nothing to do); once every player has passed twice, X not having it is an error."""
    passes = 0
    while g.state.priority != pid:
        if passes == len(g.state.players) * 2:
            require_priority(g, pid)  # (it raises: X does not have priority)
        if g.state.priority is None:
            return
        pass_priority(g, require_no_attack_demanded)
        passes += 1


def _keep_priority(g: Game, pid: str) -> None:
    """The acting player keeps priority once his action is on the chain (Cerebro I): the position
    as it is when he has it already (not a copy of it), still one transition of the action."""
    s = g.state
    g.set(s if s.priority == pid else replace(s, priority=pid))


def _owned(g: Game, pid: str, oid: str) -> GameObject:
    o = g.state.objects._data[oid]  # (the table's own dict: a C read)
    if o.owner != pid and o.controller != pid:
        raise IllegalActionError(f"{oid} belongs to {o.owner}, not {pid}")
    return o


def _limits_ok(g: Game, pid: str, o: GameObject, limits: Sequence[n.Limit], what: str,
               key: tuple[str, int | str] | None = None) -> None:
    """"only during …", "only if …", "only once per turn", "only from your hand" (FAQ SC 1, SC 20, SC 21)."""
    if not limits:
        return
    q = query(g.state)
    ctx = Context(pid, o.id)
    for limit in limits:
        if isinstance(limit, n.OnlyDuring) and not q.during(limit.step, pid):
            raise IllegalActionError(f"{what} only during {say(limit.step)} (it is {g.state.active}'s "
                                     f"{g.state.step or g.state.phase} {'step' if g.state.step else 'phase'})")
        if isinstance(limit, n.OnlyIf) and not q.holds(limit.condition, ctx):
            reading = condition_read(q, limit.condition, ctx, [])
            raise IllegalActionError(f"{what} only {limit.word} {say_of(limit.condition, o.card.name)} ({reading})",
                                     hint=_reading(limit.condition))
        if isinstance(limit, n.OnlyFrom):
            zone = limit.zone.names[0]
            where = {"hand": Zone.HAND, "resource row": Zone.RESOURCE_ROW}.get(zone)
            if where is not None and o.zone is not where:
                raise IllegalActionError(f"{what} only from {say(limit.zone)}")
        if isinstance(limit, n.PerTurn) and key is not None:
            used = sum(1 for k in g.state.used_powers if k[:2] == key)
            if used >= limit.n:
                raise IllegalActionError(f"{what} only {'once' if limit.n == 1 else 'twice'} per turn, and it was "
                                         "used this turn")


def _reading(cond: n.Condition) -> str | None:
    """The assumption a limit's condition rests on, said with the refusal: "has been in combat" is
    having attacked or defended (assumption A-IN-COMBAT)."""
    if any(isinstance(x, n.EitherEvent) and x.word == "in combat" for x in n.descendants(cond)):
        return "assumption A-IN-COMBAT: a character has been in combat this turn if it attacked or defended this turn"
    return None


def _restrictions(g: Game, pid: str, o: GameObject, action: str) -> None:
    """"Play/Recruit ~ only during … and only if …" (FAQ SC 1, SC 20, SC 21)."""
    limits = _restricted(o.card, action)
    if limits:
        _limits_ok(g, pid, o, limits, f"{o.id} can be {action}ed")


@lru_cache(maxsize=4096)
def _restricted(card: Card, action: str) -> tuple[n.Limit, ...]:
    """The limits a card's text puts on ``action`` (recruit, play) of it, in printed order: its
    restrictions of that action, and for play its spells' own ("Play only if …. Draw two
    cards."), read once per card."""
    limits = [limit for line in powers(card, n.Restriction) if line.node.action == action for limit in line.node.limits]
    if action == "play":
        limits += [limit for spell in powers(card, n.Spell) for limit in spell.node.limits]
    return tuple(limits)


# =============================================================================================
# Costs
# =============================================================================================

def _pay_costs(g: Game, pid: str, o: GameObject, costs: Sequence[n.Effect], given: list[str],
               pay: int | None) -> dict[str, Any]:
    """Pay a card's costs on announcement, in order (CR 505): each is card text's event done by its
    family's rule given a :class:`~vsoracle.engine.rules.Cost` — the objects the step names
    (``given``) or the payer's choice, chosen as effects choose them, each event through the
    pipeline, all of it or :class:`IllegalActionError` ([S:FWS]). What the payment binds for the
    effect: X, the points paid, what cost k acted on (``cost:k``, "the discarded card"), and the events
    the costs made (``done``: "If you discarded …", assumption A-OWN-DONE)."""
    binds: dict[str, Any] = {}
    paying = Cost(pid, o.id, given, pay, binds)  # (one for every cost: its payer, step and binds)
    for k, cost in enumerate(costs, start=1):
        if isinstance(cost, n.Choose):
            binds.update(_choose_as_cost(g, pid, o, cost, binds))
            continue
        family = RULES.get(type(cost))
        if family is None or not family.payable:
            raise IllegalActionError(f"vsoracle cannot yet pay the cost \"{say(cost)}\"",
                                     hint="this card text parses but vsoracle cannot play it yet")
        seen = len(g.state.turn_log)
        family.do(g, cost, Context(pid, o.id, (), FrozenMap(binds)), None, paying)
        binds[f"cost:{k}"] = binds.pop("cost:acted", ())  # n.Paid(k): what cost k acted on
        # what the cost did is the effect's own doing: "If you discarded a card named …" (no span) reads
        # it, not another discard this turn (MHG; assumption A-OWN-DONE)
        # (the two are one tuple: only the costs bind them)
        binds["done"] = binds["cost done"] = binds.get("done", ()) + g.state.turn_log[seen:]
    return binds


def _choose_as_cost(g: Game, pid: str, o: GameObject, cost: n.Choose, binds: dict[str, Any]) -> dict[str, Any]:
    """"As an additional cost to play ~, choose a team affiliation among characters you control.":
    the choice is made as the card is announced, with its other costs (CR 505; an additional cost
    may be a choice, [CSP]), so its value is the card's while it is on the chain and after —
    what its effect and its ongoing powers read as "the chosen …". With nothing to choose, the
    cost cannot be paid."""
    ctx = Context(pid, o.id, (), FrozenMap({**binds, "as cost": True}))
    done, after = execute(g, cost, ctx)
    if not done:
        raise IllegalActionError(f"{pid} cannot {say_action(cost)}: nothing to choose, so the additional cost "
                                 "cannot be paid",
                                 hint="CR 505: a cost is paid in full or the card is not played")
    chosen = {k: v for k, v in after.bindings.items() if k.startswith("chosen:")}
    g.note("cost", f"{pid} made the choice as a cost, as {o.id} is announced: "
           + ", ".join(f"the chosen {k.removeprefix('chosen:')}{'s are' if _several(v) else ' is'} {_said(v)}"
                       for k, v in chosen.items()),
           "CR 505 [CSP]")
    return chosen


def _several(value: Any) -> bool:
    return isinstance(value, (tuple, list)) and len(value) > 1


def _said(value: Any) -> str:
    return " and ".join(map(str, value)) if isinstance(value, (tuple, list)) else str(value)


def _pay_additional(g: Game, pid: str, o: GameObject, action: str, given: list[str]) -> dict[str, Any]:
    """Pay the card's additional costs to ``action`` it ("As an additional cost to recruit …",
    CR 505), taking answers from ``given``; what the payment binds."""
    binds: dict[str, Any] = {}
    for line in powers(o.card, n.AdditionalCost):
        if line.node.action == action:
            binds.update(_pay_costs(g, pid, o, line.node.costs, given, None))
    return binds


# =============================================================================================
# Targets
# =============================================================================================

def _announce_targets(g: Game, effect: n.Effect | None, given: list[Any], provisional: ChainLink) -> tuple[Any, ...]:
    """Targets are chosen on announcement and must be legal (CR 505; Cerebro VIII)."""
    nodes_ = targets_of(effect)
    if len(given) < len(nodes_):
        what = "; ".join(say(replace(x, target=None)) for x in nodes_)
        raise IllegalActionError(f"this effect needs {len(nodes_)} target{'s' if len(nodes_) != 1 else ''} ({what})",
                                 hint="add targets = [...]")
    if len(given) > len(nodes_):
        raise IllegalActionError(f"this effect has {len(nodes_)} target{'s' if len(nodes_) != 1 else ''}, "
                                 f"{len(given)} given")
    values = []
    for node, value in zip(nodes_, given):
        value, why = target_refusal(g, node, value, provisional)
        if why is not None:
            raise IllegalActionError(f"illegal target: {why}")
        values.append(value)
    return tuple(values)


def target_refusal(g: Game, node: n.Filter, value: Any, provisional: ChainLink) -> tuple[Any, str | None]:
    """The target ``value`` names, and why it is not legal for ``node`` of ``provisional``
    (``None``: legal); each target is checked on its own, as it is announced (CR 505)."""
    if _one_value(node):  # (most targets: one object or player, the state's check of it as it is)
        return value, target_legal(g, node, value, provisional)
    if target_range(node) is not None:  # "two target characters": that many ids, each legal
        values = tuple(value) if isinstance(value, (tuple, list)) else (value,)
        return values, targets_refusal(g, node, values, provisional)
    if kind_of(node) == "effect" and isinstance(value, str):
        # an effect on the chain is named by the id of its source card (contract §4)
        link = next((lk for lk in reversed(g.state.chain) if lk.source == value), None)
        if link is None:
            return value, f"no effect of {value} is on the chain"
        value = link.id
    return value, target_legal(g, node, value, provisional)


def target_allowed(g: Game, node: n.Filter, values: Sequence[Any], provisional: ChainLink) -> list[Any]:
    """The values for which :func:`target_refusal` gives no reason, in order (without working one out)."""
    if not _one_value(node):
        return [v for v in values if target_refusal(g, node, v, provisional)[1] is None]
    return legal_among(g, node, values, provisional)


@per_node
def _one_value(node: n.Filter) -> bool:
    """Does a target take one value, not several ("two target characters") nor an effect on the
    chain (named by its card): then the state's check of it is asked as it is (once per node)."""
    return target_range(node) is None and kind_of(node) != "effect"


def play_link(pid: str, o: GameObject, x: int | None) -> ChainLink:
    """The link a plot twist's targets are chosen for as it is played, before it is on the chain
    (:func:`_provisional`: the legal actions and the executor share it)."""
    key = (pid, id(o), x)
    hit = _LINKS.get(key)
    if hit is not None and hit[0] is o:
        return hit[1]
    binds0 = FrozenMap({"x": x}) if x is not None else EMPTY
    return _provisional(key, o, ChainLink(0, "play", pid, o.id, plot_twist_effect(o),
                                          Context(pid, o.id, (), binds0), "plot twist", o.card.ongoing))


def power_link(pid: str, o: GameObject, node: n.Activated, line: PowerLine[Any] | str) -> ChainLink:
    """The link a payment power's targets are chosen for as it is used, before it is on the chain
    (:func:`_provisional`; the node is checked by identity too)."""
    block = line if isinstance(line, str) else line.block
    key = (pid, id(o), id(node), block)
    hit = _LINKS.get(key)
    if hit is not None and hit[0] is o and hit[2] is node:
        return hit[1]
    return _provisional(key, o, ChainLink(0, "power", pid, o.id, node.effect, Context(pid, o.id), "payment",
                                          block == "ongoing"), node)


#: The provisional links made lately, by player, object (by identity) and what else they are
#: made of: a link is a value of those alone, so the candidates of a position and the executor
#: trying each of them, and the positions after that keep the object, share one (its target
#: checks are then found by identity, and it is not built again).
_LINKS: dict[tuple[Any, ...], tuple[GameObject, ChainLink, Any]] = {}
_LINKS_KEPT = 4096


def _provisional(key: tuple[Any, ...], o: GameObject, link: ChainLink, node: Any = None) -> ChainLink:
    if len(_LINKS) >= _LINKS_KEPT:
        _LINKS.clear()
    _LINKS[key] = (o, link, node)  # (o and node kept alive here: their ids are no others')
    return link


# =============================================================================================
# Recruit, play, use
# =============================================================================================

#: Where a card is recruited from (a reservist from the resource row; A-RECRUIT-FROM: the KO'd pile).
RecruitSource = Literal["hand", "resources", "ko_pile"]


def recruit(g: Game, pid: str, oid: str, *, source: RecruitSource = "hand", row: Row | None = None,
            col: int | None = None, area: Area | None = None, face_down: str | None = None, boost: bool | None = None,
            costs: Sequence[str] = (), equip: str | None = None) -> None:
    """Recruit a character or equipment: a game-based effect on the chain paid with resource
    points, only in your own recruit step (CR 301.4, 404; FAQ GM 1 for reservists). Whether to
    pay a boost cost is the player's decision (``boost`` answers it; FAQ GM 1), and so is the
    reservist swap (``face_down``)."""
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
    if source == "ko_pile":
        if o.zone is not Zone.KO_PILE:
            raise IllegalActionError(f"{oid} is not in {pid}'s KO'd pile")
        if not q.may_recruit_from(o, pid):
            raise IllegalActionError(f"{oid} cannot be recruited from the KO'd pile: nothing says \"you may recruit "
                                     f"it from your KO'd pile\"", hint="assumption A-RECRUIT-FROM")
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
    origin = ({"resources": "resource row", "ko_pile": "ko pile"}.get(source, "hand"), pid)
    h = happening(n.Recruit, agent=pid, object=oid, origin=origin)
    banned = q.prohibition(h)
    if banned is not None:
        raise IllegalActionError(f"{pid} cannot recruit {oid}: {_banned(q.s, banned)}")
    cost = q.recruit_cost(o, pid)
    boost_value = keyword_values(o.card).get("boost")
    if boost and boost_value is None:
        raise IllegalActionError(f"{oid} has no boost")
    boost_cost = q.amount(boost_value, Context(pid, oid)) if boost_value is not None else 0
    if boost is None:
        boost = _may_boost(g, pid, oid, boost_value is not None, cost, boost_cost)
    extra = boost_cost if boost else 0
    total = cost + extra
    alternate = next((ln.node for ln in powers(o.card, n.AlternateCost) if ln.node.action == "recruit"), None)
    if s.player(pid).resource_points < total and alternate is None:
        raise IllegalActionError(f"{pid} has {s.player(pid).resource_points} resource points; recruiting {oid} "
                                 f"costs {total}")
    if equip is not None:
        host = s.obj(equip)
        if o.card.type is not CardType.EQUIPMENT or host.zone is not Zone.IN_PLAY or host.controller != pid \
                or host.card.type is not CardType.CHARACTER or host.area not in equipment_areas(s, oid):
            where = " or ".join(sorted(equipment_areas(s, oid))) if o.card.type is CardType.EQUIPMENT else "visible"
            raise IllegalActionError(f"{oid} cannot be equipped to {equip}",
                                     hint=f"equipment attaches to a character you control in the {where} area "
                                          "(CR 212.5e)")
        if (why := team_equipment_problem(s, oid, equip)) is not None:
            raise IllegalActionError(f"{why} (CR 302 [CH])",
                                     hint="team equipment attaches only to a character with its team affiliation")
        if (why := equip_limit_problem(s, oid, equip)) is not None:
            raise IllegalActionError(why, hint="equip a character that holds no equipment")
        worn = sorted(e.id for e in s.in_play() if e.equipped_to == equip)
        if worn:
            g.note("equip", f"{equip} holds {', '.join(worn)} and can be equipped with {oid} as well: what a card "
                   "lets it be equipped with does not count against its one equipment", "[C29, FIC]", "A-EQUIP-LIMIT",
                   (equip,))
    elif o.card.type is CardType.EQUIPMENT:
        raise IllegalActionError("equipment needs a character to attach to", hint="add equip = ID")
    if face_down is not None:
        if source != "resources":
            raise IllegalActionError("face_down swaps a card from hand only when recruiting from the resource row")
        fd = s.obj(face_down)
        if fd.zone is not Zone.HAND or fd.owner != pid:
            raise IllegalActionError(f"{face_down} is not in {pid}'s hand")
    area = entry_area(g, pid, o, area)
    if col is not None and o.card.type is CardType.CHARACTER:
        in_row = row or "front"
        holder = next((c for c in s.characters(pid) if c.area == (area or "visible") and c.row == in_row
                       and c.col == col), None)
        if holder is not None:
            raise IllegalActionError(f"column {col} of {pid}'s {in_row} row is taken by {holder.id}",
                                     hint="a recruited character goes into a free place of its row (CR 301.4)")
    given = list(costs)
    binds = _pay_additional(g, pid, o, "recruit", given)
    if alternate is not None and g.ask(Decision(pid, "may", f"{pid} may pay {oid}'s alternate cost "
                                                f"({say(alternate.costs[0])}) instead of its recruit cost",
                                                (True, False))):
        binds.update(_pay_costs(g, pid, o, alternate.costs, given, None))
        g.note("cost", f"{pid} pays the alternate cost instead of {cost} resource points", "FAQ GM 1")
        total -= cost
    elif g.state.player(pid).resource_points < total:
        raise IllegalActionError(f"{pid} has {g.state.player(pid).resource_points} resource points; recruiting {oid} "
                                 f"costs {total}")
    p = g.state.player(pid)
    g.set(g.state.with_player(replace(p, resource_points=p.resource_points - total)))
    index = p.resources.index(oid) if source == "resources" else None
    if source == "resources":
        g.note("reveal", f"{pid} reveals {oid} in the resource row and recruits it", "FAQ GM 1")
    on_chain = move_card(g.state, oid, Zone.CHAIN, controller=pid)
    details = {"row": row, "col": col, "area": area or "visible", "boosted": boost, "equip": equip,
               "origin": origin[0]}
    add_link(g, "recruit", pid, oid, None, Context(pid, oid, (), FrozenMap(binds)), "game", False, details,
             base=on_chain)
    printed = o.card.cost or 0
    changed = f" (its cost {printed} changed to {cost})" if cost != printed else ""
    where = {"resources": "the resource row", "ko_pile": "the KO'd pile"}.get(source, "hand")
    assumption = "A-RECRUIT-FROM" if source == "ko_pile" else None
    g.note("recruit", f"{pid} recruits {oid} ({o.card.title}) from {where}"
           f", paying {total} resource point{'s' if total != 1 else ''}{changed}", "CR 301.4, 404",
           "A-OWN-COST" if changed and q.own_cost_changed(o, pid) else assumption)
    _use_up_next(g, q, o, pid)
    if index is not None:
        _reservist_swap(g, pid, oid, index, face_down)
    perform(g, h)  # "When you recruit ~" triggers while the card is on the chain (FAQ GM 7)
    _keep_priority(g, pid)
    flush(g)


def _use_up_next(g: Game, q: Query, o: GameObject, pid: str) -> None:
    """"Your next character costs 1 less to recruit this turn": the modifier applies to the next
    character its player recruits, and then is used up (MHG press [PRESS])."""
    spent = {m.order for m in q.cost_mods(o, pid, "recruit") if m.order and isinstance(m.subject, n.Filter)
             and n.State("next") in m.subject.qualifiers}
    if not spent:
        return
    s = g.state
    g.set(replace(s, modifiers=tuple(m for m in s.modifiers if m.id not in spent)))
    g.note("modifier", f"{o.id} is {pid}'s next character: the cost change on it is used up", "CR 301.4 [PRESS]",
           objects=(o.id,))


@per_node
def _mentions_x(node: Any) -> bool:
    """Whether an effect reads X anywhere."""
    if isinstance(node, n.X):
        return True
    if isinstance(node, tuple):
        return any(_mentions_x(y) for y in node)
    if isinstance(node, n.Node) and hasattr(node, "__attrs_attrs__"):
        return any(_mentions_x(getattr(node, a.name)) for a in node.__attrs_attrs__ if a.eq)
    return False


def _x_by_default(g: Game, pid: str, oid: str, key: str) -> None:
    """X is chosen by the player as he plays the card; a step that gives no value is not explored."""
    g.note("default", f"X is 0 for {oid}: the step gives no {key} (X is {pid}'s choice; not explored)",
           "scenario default, not explored")


def _may_boost(g: Game, pid: str, oid: str, has_boost: bool, cost: int, boost_cost: int) -> bool:
    """"Boost, you may choose whether or not to pay the boost cost" (FAQ GM 1): a decision when
    the player can pay the boost cost on top of the recruit cost."""
    if not has_boost:
        return False
    if g.state.player(pid).resource_points < cost + boost_cost:
        g.note("boost", f"{pid} cannot pay {oid}'s boost cost ({boost_cost}) on top of its cost: it is not boosted",
               "keyword Boost")
        return False
    return bool(g.ask(Decision(pid, "may", f"{pid} may pay {oid}'s boost cost ({boost_cost} resource point"
                               f"{'s' if boost_cost != 1 else ''}) as it is recruited", (True, False))))


def _reservist_swap(g: Game, pid: str, oid: str, index: int, face_down: str | None) -> None:
    """A reservist recruited from the resource row: its controller may put any card from hand face
    down in its place, as part of playing the recruit effect, before anyone gets priority (FAQ GM 1).
    A decision (which card, or ``none``); ``face_down = ID`` is its scripted answer."""
    hand = g.state.player(pid).hand
    if face_down is None:
        face_down = g.ask(Decision(pid, "swap", f"{pid} may put a card from hand face down into the resource row "
                                   f"in place of {oid}", ("none",) + tuple(hand)))
        if face_down == "none":
            if not hand:
                g.note("reservist", f"{pid} has no card in hand to put face down in place of {oid}", "FAQ GM 1")
            return
    elif face_down not in hand:
        raise IllegalActionError(f"{face_down} is no longer in {pid}'s hand to put face down in place of {oid}")
    before = g.state
    g.set(move_card(g.state, face_down, Zone.RESOURCE_ROW, index=index, face_up=False))
    g.note("reservist", f"{pid} puts {face_down} face down into the resource row in place of {oid}, "
           "as part of playing the recruit effect, before anyone gets priority", "FAQ GM 1")
    put_by_rule(g, face_down, Zone.RESOURCE_ROW, before)


def plot_twist_effect(o: GameObject) -> n.Effect | None:
    """A plot twist's one-shot effect: its lines outside the ongoing block, in order (a line that
    states a modifier or a replacement with no span makes one that lasts)."""
    return _plot_twist_effect(o.card)


@lru_cache(maxsize=4096)
def _plot_twist_effect(card: Card) -> n.Effect | None:
    """:func:`plot_twist_effect` of a card: one node per card, so what is memoised per node
    (its targets, whether it reads X) is worked out once."""
    parts: list[n.Effect] = []
    for ln in powers(card):
        if ln.block is not None:
            continue
        node = ln.node
        if isinstance(node, n.Static) and _own_cost_line(node.effect):
            continue  # "~ costs 2 more to play": what playing it needs, not what it does (A-OWN-COST)
        if isinstance(node, (n.Spell, n.Static)):
            parts.append(node.effect)
        elif isinstance(node, n.Replacement):
            parts.append(n.CreateReplacement(node.instead, n.NO_DURATION))
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else n.Sequence(tuple(parts))


def _own_cost_line(effect: n.Effect) -> bool:
    """Is a line the card's own cost change ("~ costs 2 more to play") and nothing else?"""
    return isinstance(effect, n.Modify) and isinstance(effect.subject, n.Self) and bool(effect.changes) \
        and all(isinstance(c, n.CostChange) for c in effect.changes)


def play(g: Game, pid: str, oid: str, *, targets: Sequence[Any] = (), costs: Sequence[str] = (),
         x: int | None = None) -> None:
    """Play a plot twist from hand, or from the resource row (face down), if you have at least
    its threshold cost in resources (CR 304, 505)."""
    require_priority(g, pid)
    s = g.state
    o = _owned(g, pid, oid)
    q = query(s)
    if o.card.type is not PLOT_TWIST:
        raise IllegalActionError(f"{oid} is a {o.card.type}, not a plot twist",
                                 hint="recruit characters; use powers with use = ID")
    if o.zone is HAND:
        where = "hand"
    elif o.zone is RESOURCE_ROW and not o.face_up:
        where = "resource row"
    elif o.zone is KO_PILE and o.owner == pid and q.may_from(o, pid, n.Play):
        where = "KO'd pile"  # "You can play this card from your KO'd pile." (assumption A-RECRUIT-FROM)
    elif o.zone is KO_PILE and _said_play_from(o):
        raise IllegalActionError(f"{oid} can be played from the KO'd pile only if its insanity text is active: "
                                 f"{o.owner}'s deck is not insane",
                                 hint="\"Insanity: <text>\" is active only if the card started the game in an insane "
                                      "deck (World's Finest FAQ 2); the scenario says so with insane = true")
    else:
        raise IllegalActionError(f"{oid} is not in {pid}'s hand or face down in the resource row")
    have = len(s.player(pid).resources)
    need = q.threshold(o, pid)
    if have < need:
        if need == (o.card.cost or 0):
            raise IllegalActionError(f"{oid} has threshold cost {o.card.cost}; {pid} has {have} resources")
        raise IllegalActionError(f"{oid} has threshold cost {o.card.cost} (changed to {need}); {pid} has {have} "
                                 "resources", hint="digest §3.1 (a threshold cost is a requirement); assumption A-PLAY-COST")
    h = happening(n.Play, agent=pid, object=oid, origin=("ko pile" if where == "KO'd pile" else where, pid))
    # played from the resource row, it is turned face up as it is played: a plot twist there,
    # which "you cannot play plot twists" sees (a face-down resource is no plot twist,
    # assumption A-FACE-DOWN-RESOURCE)
    visible = s if where == "hand" else s.with_object(replace(o, face_up=True))
    # a "cannot" no card or modifier of the game names cannot forbid it (heeded): the face-up
    # position's modifiers are not worked out for nothing
    banned = query(visible).prohibition(h) if heeded(visible, n.Play) else None
    if banned is not None:
        raise IllegalActionError(f"{pid} cannot play {oid}: {_banned(visible, banned)}", hint="FAQ GM 4")
    _restrictions(g, pid, o, "play")
    effect = plot_twist_effect(o)
    provisional = play_link(pid, o, x)
    values = _announce_targets(g, effect, list(targets), provisional) if effect is not None else ()
    binds = _pay_additional(g, pid, o, "play", list(costs))
    if x is not None:
        binds["x"] = x
    if where != "resource row":
        base = move_card(g.state, oid, CHAIN, controller=pid)
    elif g.state is s:  # nothing paid: the position it is played in is the one seen face up
        base = visible
    else:
        base = g.state.with_object(replace(g.state.obj(oid), face_up=True))
    epic = (o.card.version or "").casefold() == "epic"
    ctx = Context(pid, oid, values, FrozenMap(binds) if binds else EMPTY)
    link = add_link(g, "play", pid, oid, effect, ctx, "plot twist", o.card.ongoing,
                    details={"epic": True} if epic else None, base=base)
    if g.logged:  # (a line tried only for where it leads keeps no log: its lines are not worded)
        _note_play(g, pid, o, where, targets, need, have, x, effect)
    perform(g, h)
    targeted(g, link)
    _keep_priority(g, pid)
    flush(g)


def _note_play(g: Game, pid: str, o: GameObject, where: str, targets: Sequence[Any], need: int, have: int,
               x: int | None, effect: n.Effect | None) -> None:
    """The log lines of a plot twist played: from where, its targets, a changed threshold, X by default."""
    oid = o.id
    said = [(" and ".join(map(str, t)) or "no one") if isinstance(t, tuple) else str(t) for t in targets]
    shown = f" targeting {', '.join(said)}" if targets else ""
    if where == "KO'd pile":
        insane = " (its insanity text is active: its owner's deck is insane)" if _said_play_from(o, "insanity") else ""
        g.note("play", f"{pid} plays {oid} ({o.card.title}) from the {where}{shown}{insane}",
               "CR 304, 505; keyword Insanity" if insane else "CR 304, 505", "A-RECRUIT-FROM")
    else:
        g.note("play", f"{pid} plays {oid} ({o.card.title}) from the {where}{shown}", "CR 304, 505")
    if need != (o.card.cost or 0):
        g.note("cost", f"{oid}'s threshold cost {o.card.cost or 0} is changed to {need}: {pid} needs {need} "
               f"resource{'s' if need != 1 else ''} and has {have}", "digest §3.1", "A-PLAY-COST")
    if x is None and effect is not None and _mentions_x(effect):
        _x_by_default(g, pid, oid, "x = N")


def _said_play_from(o: GameObject, block: str | None = "any") -> bool:
    """Does ``o`` print "You can play this card from your KO'd pile" (behind ``block``: "insanity";
    "any": in any block)?"""
    for line in powers(o.card, n.Static):
        if block != "any" and line.block != block:
            continue
        effect = line.node.effect
        if isinstance(effect, n.Modify) and any(isinstance(c, n.Can) and isinstance(c.event, n.Play)
                                                 for c in effect.changes):
            return True
    return False


def _keyword_powers(g: Game, o: GameObject) -> dict[str, n.Activated]:
    """The payment powers its keywords give it now (evasion), by keyword."""
    q = query(g.state)
    found = {}
    for word in sorted(q.keywords(o) & KEYWORD_POWERS.keys()):
        power = keyword_power(word, o.card.name)
        if power is not None:
            found[word] = power
    return found


def use(g: Game, pid: str, oid: str, *, power: int | str | None = None, targets: Sequence[Any] = (),
        costs: Sequence[str] = (), pay: int | None = None) -> None:
    """Use an activated (payment) power: pay its costs, respect its limits, put its effect on
    the chain (CR 501, 505; FAQ GM 10, SC 15)."""
    require_priority(g, pid)
    s = g.state
    o = s.obj(oid)
    q = query(s)
    lines = q.numbered_powers(o)
    usable: list[int | str] = [i + 1 for i, (node, _ln) in enumerate(lines) if isinstance(node, n.Activated)]
    # (only a power named by a keyword reads them: a numbered one does not work them out)
    from_keywords = _keyword_powers(g, o) if isinstance(power, str) and o.zone is IN_PLAY else {}
    if isinstance(power, str) and power not in from_keywords:
        # a keyword whose rule is a payment power of the card's own ("Substitute"): by its name
        named = [i + 1 for i, (node, ln) in enumerate(lines) if isinstance(node, n.Activated)
                 and isinstance(ln, PowerLine) and ln.block is None and ln.keyword is not None
                 and ln.keyword.name == power]
        power = named[0] if named else power
    if isinstance(power, str):
        if power not in from_keywords and o.zone is IN_PLAY and o.stunned \
                and power in keywords_printed(o.card):
            # its text box is inactive while it is stunned, its keywords with it (CR 701.12b)
            raise IllegalActionError(f"{oid}'s \"{power}\" power is not active now (it is stunned)",
                                     hint="a stunned character's text box is inactive (CR 701.12b)")
        if power not in from_keywords:
            raise IllegalActionError(f"{oid} has no \"{power}\" power now",
                                     hint="keyword powers: " + (", ".join(from_keywords) or "none"))
        lines = lines + [(from_keywords[power], "keyword")]
        usable.append(power)
        power_index = len(lines)
    else:
        power_index = None
    if not usable:
        if o.card.type is PLOT_TWIST:
            raise IllegalActionError(f"{oid} is a plot twist: it is played, not used",
                                     hint=f'write play = "{oid}"')
        raise IllegalActionError(f"{oid} has no activated power")
    if power is None:
        power = usable[0]
    if power not in usable:
        which = ", ".join(map(str, usable))
        raise IllegalActionError(f"power {power} of {oid} is not an activated power",
                                 hint=f"its activated power{'s are' if len(usable) > 1 else ' is'} power {which}")
    chosen, line = lines[(power_index or cast(int, power)) - 1]  # (a number unless it names a keyword)
    node = cast(n.Activated, chosen)  # usable lists the activated powers only
    block = line if isinstance(line, str) else line.block
    controller = o.controller if o.zone is IN_PLAY else o.owner
    if controller != pid:
        raise IllegalActionError(f"{pid} does not control {oid}")
    elsewhere = o.zone is HAND and _self_cost(node) or _used_from(node, o.zone)
    active = block in ("gained", "keyword") and o.zone is IN_PLAY and not o.stunned
    if not elsewhere and not active and not (not isinstance(line, str) and q.power_active(o, line)):
        raise IllegalActionError(f"{oid}'s power is not active now"
                                 + (" (it is stunned)" if o.stunned else f" (it is in the {o.zone})"
                                    if o.zone is not IN_PLAY else ""))
    if block == "backup" and s.phase != "build":
        raise IllegalActionError(f"{oid}'s backup power can be used only during the build phase",
                                 hint="keyword Backup [SH1, SH2]: its power is usable only during the build phase")
    banned = q.prohibition(happening(n.UsePower, agent=pid, object=oid)) if heeded(s, n.UsePower) else None
    if banned is not None:
        raise IllegalActionError(f"{pid} cannot use {oid}'s activated powers: {_banned(q.s, banned)}")
    key = (oid, power)
    _limits_ok(g, pid, o, node.limits, f"{oid}'s power can be used", key)
    origin: LinkOrigin = "payment"
    ongoing = block == "ongoing"
    provisional = power_link(pid, o, node, line)
    values = _announce_targets(g, node.effect, list(targets), provisional)
    binds = _pay_costs(g, pid, o, node.costs, list(costs), pay)
    used = sum(1 for k in g.state.used_powers if k[:2] == key)
    g.set(replace(g.state, used_powers=g.state.used_powers | {key + (used,)}))
    if g.logged:  # (a line tried only for where it leads keeps no log: its lines are not worded)
        g.note("use", f"{pid} uses {oid}'s power: {say_of(node, o.card.name)}"
               + (f" (from the {ZONE_WORDS.get(o.zone, str(o.zone))})" if elsewhere else ""),
               "CR 501, 505", "A-HAND-POWER" if elsewhere else None)
    link = add_link(g, "power", pid, oid, node.effect, Context(pid, oid, values, FrozenMap(binds)), origin,
                    ongoing)
    targeted(g, link)
    _keep_priority(g, pid)
    flush(g)


def _used_from(node: n.Activated, zone: Zone) -> bool:
    """A power that says it is used only while its card is in a zone of its owner's ("Use this power
    only if this card is in your hand", DLS substitute, MHG terraform) is used there, where its
    card's other powers are inactive (assumption A-HAND-POWER; as a trigger that says so works from
    that zone, A-ZONE-TRIGGER)."""
    for limit in node.limits:
        if not isinstance(limit, n.OnlyIf):
            continue
        conds = limit.condition.conditions if isinstance(limit.condition, n.All) else (limit.condition,)
        for c in conds:
            if isinstance(c, n.Is) and isinstance(c.subject, n.Self) and not c.negated:
                for qual in c.qualifiers:
                    if isinstance(qual, n.InZone) and qual.zone is not None \
                            and any(ZONES.get(x) is zone for x in qual.zone.names):
                        return True
    return False


def _self_cost(node: n.Activated) -> bool:
    """A power whose cost removes or discards the card itself works from the hand (assumption A-HAND-POWER)."""
    for cost in node.costs:
        sel = getattr(cost, "object", None)
        parts = sel.parts if isinstance(sel, n.Together) else (sel,)
        family = RULES.get(type(cost))
        if any(isinstance(p, n.Self) for p in parts) and family is not None and family.from_hand:
            return True
    return False


# =============================================================================================
# Resources and formation
# =============================================================================================

def flip(g: Game, pid: str, oid: str) -> None:
    """Reveal a face-down resource, or flip a location face up: neither uses the chain
    (FAQ SC 30; CR 303 [K], assumption A-FLIP)."""
    require_priority(g, pid)
    o = _owned(g, pid, oid)
    if o.zone is not RESOURCE_ROW or o.face_up:
        raise IllegalActionError(f"{oid} is not a face-down resource")
    if o.card.type is LOCATION:
        if len(g.state.player(pid).resources) < (o.card.cost or 0):
            raise IllegalActionError(f"{oid} has threshold cost {o.card.cost}")
        perform(g, happening(Flip, agent=pid, object=oid))  # face up, its uniqueness, "When you flip ~"
        flush(g)
    else:
        g.set(g.state.with_object(_revealed(o, True)))
        if g.logged:
            g.note("reveal", f"{pid} reveals {oid} in the resource row (no chain)", "FAQ SC 30")


def unreveal(g: Game) -> None:
    """A revealed resource returns to being unrevealed if nothing else happens (FAQ SC 30)."""
    s = g.state
    for o in s.objects._data.values():  # (the table's own dict: read at C speed)
        if o.revealed and o.zone is RESOURCE_ROW:
            s = s.with_object(_revealed(o, False))
    if s is not g.state:
        g.set(s)


#: A resource and its copy revealed (or unrevealed), both ways, by identity (each pair keeps its two
#: objects alive, so no id is another's): a flip and the unrevealing after the next action
#: (FAQ SC 30) change only that flag, and a perft reveals the same few resources hundreds of times.
_REVEALS: dict[int, tuple[GameObject, GameObject]] = forgettable({})  # (emptied with the kept queries)
_MOST_REVEALS = 256


def _revealed(o: GameObject, revealed: bool) -> GameObject:
    """``o`` revealed or not (FAQ SC 30): the copy made the last time, or ``o`` itself again
    when it unreveals the copy it was revealed as (equal, field by field)."""
    if o.revealed == revealed:
        return replace(o, revealed=revealed)
    pair = _REVEALS.get(id(o))
    if pair is not None and pair[0] is o:
        return pair[1]
    other = replace(o, revealed=revealed)
    if len(_REVEALS) >= _MOST_REVEALS:
        _REVEALS.clear()
    _REVEALS[id(o)], _REVEALS[id(other)] = (o, other), (other, o)
    return other


def move(g: Game, pid: str, oid: str, row: Row | None, col: int | None) -> None:
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
    if any(k[:2] == (pid, "resource") for k in s.used_powers):
        raise IllegalActionError(f"{pid} has already put a resource this turn")
    o = _owned(g, pid, oid)
    if o.zone is not Zone.HAND:
        raise IllegalActionError(f"{oid} is not in {pid}'s hand")
    g.set(move_card(s, oid, Zone.RESOURCE_ROW, face_up=False))
    g.set(replace(g.state, used_powers=g.state.used_powers | {(pid, "resource", 0)}))
    g.note("resource", f"{pid} puts {oid} face down into the resource row", "CR 403")
    put_by_rule(g, oid, Zone.RESOURCE_ROW, s)
    flush(g)  # what it set off ("Whenever a card is put into your resource row") goes on the chain


def transfer(g: Game, pid: str, oid: str, to: str) -> None:
    """Transferable: at the start of your formation step you may move the equipment to another
    character you control (FAQ SC 6; keyword Transferable)."""
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
    if (why := transfer_problem(s, oid, to)) is not None:
        raise IllegalActionError(why)
    g.set(attach(s, oid, to))
    g.note("transfer", f"{oid} is transferred to {to}; counters stay where they are", "FAQ SC 6")


# =============================================================================================
# Attacks
# =============================================================================================

def _permitted(q: Query, o: GameObject, test: Callable[[n.Can, Mod], bool]) -> bool:
    """Is there a "can attack …" modifier on ``o`` for which ``test(change, mod)`` holds?"""
    return any(test(c, mod) for c, mod in q.permissions(o, n.Attack))


def _can_attack_hidden(q: Query, o: GameObject) -> bool:
    """"~ can attack hidden characters" (FAQ SC 19)."""
    def test(c: n.Can, mod: Mod) -> bool:
        obj = cast(n.Attack, c.event).object  # the permissions of an attack
        return isinstance(obj, n.Filter) and any(x == n.State("hidden") for x in obj.qualifiers)
    return _permitted(q, o, test)


def _as_though(q: Query, o: GameObject, what: str) -> bool:
    """"can attack as though it had range" / "as though it were in your front row" / "can team
    attack as though they had all team affiliations"."""
    def test(c: n.Can, mod: Mod) -> bool:
        origin = getattr(c.event, "origin", None)
        if what == "range" and origin is not None and "support row" in origin.names:
            return True  # "~ can attack from the support row": what range says (digest, keywords: Range)
        t = c.as_though
        if not isinstance(t, n.Is):
            return False
        for qual in t.qualifiers:
            if what == "range" and isinstance(qual, n.HasKeyword) and "range" in qual.keywords:
                return True
            if what == "range" and isinstance(qual, n.InZone) and qual.zone is not None and \
                    "front row" in qual.zone.names:
                return True
            if what == "affiliations" and qual == n.State("all affiliations"):
                return True
        return False
    return _permitted(q, o, test)


def _attacks_from(o: GameObject) -> tuple[str, str]:
    """Where an attacker attacks from, as an event's origin: its row and its controller ("Whenever
    ~ attacks from the support row", "cannot attack from the support row")."""
    return f"{o.row} row", o.controller


def attack_problem(g: Game, pid: str, attackers: list[str], target: str) -> str | None:
    """Why this attack cannot be proposed (``None``: it can). CR 407, 601.3e; FAQ SC 19; a
    requirement to attack another target it could attack (assumption A-MUST-ATTACK)."""
    why = _attack_problem(g, pid, attackers, target)
    if why is not None:
        return why
    for a in attackers:
        o = g.state.obj(a)
        musts = [(c, m) for c, m in query(g.state).changes_on(o, n.Must)
                 if isinstance(c.event, n.Attack) and c.event.object is not None]
        if not musts or any(_demands(g, c, m, o, target) for c, m in musts):
            continue
        for t in _attack_targets(g, pid):
            if t != target and any(_demands(g, c, m, o, t) for c, m in musts) \
                    and _attack_problem(g, pid, [a], t) is None:
                demand = say_of(musts[0][0].event, _source_name(g.state, musts[0][1].ctx.source))
                return f"{a} must attack {t} if able (\"{demand}\", assumption A-MUST-ATTACK)"
    return None


def _demands(g: Game, change: n.Must, mod: Mod, o: GameObject, target: str) -> bool:
    """Would an attack by ``o`` on ``target`` meet this requirement?"""
    h = happening(n.Attack, agent=o.id, object=target, team=False, origin=_attacks_from(o))
    return pattern_matches(query(g.state), change.event, h, mod.ctx.bind(affected=o.id)) is not None


def _attack_targets(g: Game, pid: str) -> list[str]:
    """What ``pid`` could attack: his opponents' characters in play, and his opponents."""
    s = g.state
    others = [p for p in s.player_ids if p != pid]
    return sorted(c.id for p in others for c in s.characters(p)) + others


def required_attack(g: Game, pid: str) -> str | None:
    """A requirement ("~ must attack if able", "… must attack ~ if able") that an attack still
    open to ``pid`` would meet, said as the reason his attack step cannot end yet; ``None`` if
    none (assumption A-MUST-ATTACK: the attack step does not end, on an empty chain, while a
    character of its active player that a requirement binds can make the attack it demands)."""
    s = g.state
    if s.phase != "combat" or s.step != "attack" or s.active != pid or s.chain or s.attack is not None:
        return None
    q = query(s)
    for o in sorted(s.characters(pid), key=lambda c: c.id):
        musts = [(c, m) for c, m in q.changes_on(o, n.Must) if isinstance(c.event, n.Attack)]
        for change, mod in musts:
            for t in _attack_targets(g, pid):
                if _demands(g, change, mod, o, t) and attack_problem(g, pid, [o.id], t) is None:
                    return f"{o.id} must attack if able, and it can attack {t}"
    return None


def require_no_attack_demanded(g: Game, pid: str) -> None:
    """The active player of an attack step cannot pass on an empty chain, nor the step end,
    while a requirement ("~ must attack if able") demands an attack he can still make
    (assumption A-MUST-ATTACK)."""
    why = required_attack(g, pid)
    if why is not None:
        raise IllegalActionError(f"the attack step cannot end yet: {why}",
                                 hint="propose the attack the requirement demands (assumption A-MUST-ATTACK)")


def _attack_problem(g: Game, pid: str, attackers: list[str], target: str) -> str | None:
    s = g.state
    q = query(s)
    if s.phase != "combat" or s.step != "attack" or s.active != pid:
        return f"{pid} can propose attacks only during {pid}'s attack step"
    if s.attack is not None:
        return "an attack is already in progress"
    if len(set(attackers)) != len(attackers):
        return "an attacker is named twice"
    objs = []
    for a in attackers:
        o = s.obj(a)
        if o.zone is not Zone.IN_PLAY or o.equipped_to:
            return f"{a} is not a character in play"
        if o.controller != pid:
            return f"{a} is not controlled by {pid}"
        if o.stunned:
            return f"{a} is stunned"
        if o.exhausted:
            return f"{a} is exhausted"
        if o.row == "support" and "range" not in q.keywords(o) and not _as_though(q, o, "range"):
            return f"{a} is in the support row without range"
        h = happening(n.Attack, agent=a, object=target, team=len(attackers) > 1, origin=_attacks_from(o))
        banned = q.prohibition(h)
        if banned is not None:
            return f"{a} cannot attack: {_banned(q.s, banned)}"
        objs.append(o)
    if len(objs) >= 2:
        every = [o for o in objs if not _as_though(q, o, "affiliations")]
        common = None
        for o in every:
            affs = {x.casefold() for x in q.affiliations(o)}
            common = affs if common is None else common & affs
        if every and len(every) > 1 and not common:
            return "team attackers must share a team affiliation"
    hidden_ok = all(_can_attack_hidden(q, o) for o in objs)
    if target in s.player_ids:
        if target == pid:
            return "you cannot attack yourself"
        if s.player(target).lost:
            return f"{target} has lost the game and is out of it (assumption A-LOST-OUT)"
        blockers = [c for c in s.characters(target) if not c.stunned and c.area == "visible"]
        if blockers:
            return f"{target} controls a non-stunned visible character ({blockers[0].id})"
        # the Avengers FAQ rules it so (MAV-059); from 14 September 2007 a player
        # with no non-stunned visible character can be attacked directly all the same (rulechanges)
        if any(_can_attack_hidden(q, o) for o in objs) and in_force(s, DIRECT_ATTACK_PAST_HIDDEN) is None:
            hidden = _hidden_standing(s, target)
            if hidden:
                return (f"an attacker that can attack hidden characters cannot attack {target} directly while "
                        f"{target} controls a non-stunned hidden character ({hidden[0].id})")
        return None
    d = s.obj(target)
    if d.zone is not Zone.IN_PLAY or d.equipped_to:
        return f"{target} is not a character in play"
    if d.controller == pid:
        return f"{target} is your own character"
    if d.stunned:
        return f"{target} is stunned"
    if d.area == "hidden" and not hidden_ok:
        return f"{target} is hidden (CR 601.3e)"
    if protected(s, d) and not all("flight" in q.keywords(o) for o in objs):
        return f"{target} is protected (CR 701.7; flight attacks over protection, assumption A-FLIGHT)"
    return None


def _hidden_standing(s: GameState, pid: str) -> list[GameObject]:
    """The non-stunned hidden characters ``pid`` controls."""
    return [c for c in s.characters(pid) if not c.stunned and c.area == "hidden"]


def _note_direct_past_hidden(g: Game, attackers: list[str], target: str) -> None:
    """Log the rule change that let a direct attack be proposed past a non-stunned hidden character
    an attacker could attack (Marvel Legends FAQ 3), when it did."""
    s = g.state
    change = in_force(s, DIRECT_ATTACK_PAST_HIDDEN)
    if change is None or target not in s.player_ids:
        return
    q = query(s)
    able = [a for a in attackers if _can_attack_hidden(q, s.obj(a))]
    hidden = _hidden_standing(s, target)
    if able and hidden:
        g.note("attack", f"{', '.join(able)} can attack hidden characters and {target} controls a non-stunned hidden "
               f"character ({hidden[0].id}) but no non-stunned visible one: {target} can be attacked directly "
               f"({change})", change.cite, change.assumption, tuple(able))


def propose_attack(g: Game, pid: str, attackers: list[str], target: str) -> None:
    """Propose an attack: the attackers exhaust and the attack goes on the chain; "whenever X
    attacks" triggers go on above it (assumption A-ATTACK-CHAIN). An attack that a replacement
    replaces ("If target character would attack this turn, instead, exhaust it") does not happen
    for that attacker."""
    from .effects import carry_out, prepare

    require_priority(g, pid)
    require_empty_chain(g)
    why = attack_problem(g, pid, attackers, target)
    if why:
        raise IllegalActionError(f"illegal attack: {why}")
    team = len(attackers) > 1
    plans = []
    for a in attackers:
        plan = prepare(g, happening(n.Attack, agent=a, object=target, team=team, origin=_attacks_from(g.state.obj(a))))
        if plan is None:
            continue
        if plan.replacement is not None:
            carry_out(g, plan)
            continue
        plans.append((a, plan))
    going = [a for a, _ in plans]
    if not going:
        g.note("attack", "no attacker attacks: there is no attack", "CR 407")
        flush(g)
        return
    ready = []
    for a in going:
        # exhausting is part of proposing the attack, not a cost: one that cannot be exhausted
        # attacks all the same, and stays ready (assumption A-ATTACK-EXHAUST)
        if not perform(g, happening(n.Exhaust, object=a, agent=pid, why="attacking", cite="CR 407")):
            ready.append(a)
    s = g.state
    attack = Attack(pid, tuple(going), () if target in s.player_ids else (target,),
                    target if target in s.player_ids else None)
    g.set(replace(s, attack=attack))
    kind = "a team attack" if len(going) > 1 else "an attack"
    g.note("attack", f"{pid} proposes {kind}: {', '.join(going)} → {target}; attackers exhaust",
           "CR 407", "A-ATTACK-CHAIN", tuple(going))
    _note_direct_past_hidden(g, going, target)
    if ready:
        g.note("attack", f"{', '.join(ready)} attack{'s' if len(ready) == 1 else ''} without exhausting",
               "CR 407", "A-ATTACK-EXHAUST", tuple(ready))
    add_link(g, "attack", pid, going[0], None, Context(pid, going[0]))
    for _a, plan in plans:
        carry_out(g, plan)
    if target not in s.player_ids:
        perform(g, happening(n.Defend, agent=target, object=tuple(going)))  # "defends against" its attackers
    flush(g)


def reinforce(g: Game, pid: str, defender: str, supporter: str) -> None:
    """The reinforcement game-based effect (CR 507.1c): "Target defender you control has
    reinforcement this attack if it shares a team affiliation with and is adjacent to" the
    character exhausted to pay for it — a ready support-row character ("only support row
    characters can reinforce, and then only adjacent characters"; FAQ SC 2, SC 15 "reinforce an
    adjacent character"; assumption A-REINFORCE). vsoracle refuses one whose condition does not
    hold as it is played; it is checked again on resolution."""
    from .query import adjacent

    require_priority(g, pid)
    s = g.state
    a = s.attack
    q = query(s)
    if a is None or defender not in a.defenders:
        raise IllegalActionError(f"{defender} is not a defender", hint="reinforce the character being attacked")
    d, r = s.obj(defender), s.obj(supporter)
    if d.controller != pid:
        raise IllegalActionError(f"{pid} does not control {defender}")
    problems = []
    if r.zone is not Zone.IN_PLAY or r.controller != pid or r.card.type is not CardType.CHARACTER or r.equipped_to:
        problems.append(f"{supporter} is not a character {pid} controls")
    elif r.row != "support":
        problems.append(f"{supporter} is in the front row: only a support-row character can reinforce (CR 507.1c)")
    elif not adjacent(r, d):
        problems.append(f"{supporter} is not adjacent to {defender}")
    elif r.stunned or r.exhausted:
        problems.append(f"{supporter} is not ready")
    elif not ({x.casefold() for x in q.affiliations(r)} & {x.casefold() for x in q.affiliations(d)}):
        problems.append(f"{supporter} shares no team affiliation with {defender}")
    if problems:
        raise IllegalActionError(f"cannot reinforce: {problems[0]}")
    if not perform(g, happening(n.Exhaust, object=supporter, agent=pid, why="reinforcing", cite="CR 507.1c")):
        raise IllegalActionError(f"cannot reinforce: {supporter} cannot be exhausted")
    g.note("reinforce", f"{pid} plays reinforcement: {supporter} exhausts to reinforce {defender}",
           "CR 507.1c; FAQ SC 2", "A-REINFORCE", (supporter, defender))
    add_link(g, "reinforce", pid, defender, None, Context(pid, supporter, (defender,)),
             details={"defender": defender, "supporter": supporter})
    perform(g, happening(n.Reinforce, agent=supporter, object=defender))
    flush(g)


# =============================================================================================
# Power-up
# =============================================================================================

def power_up(g: Game, pid: str, oid: str, card: str) -> None:
    """The power-up game-based effect: discard from your hand a card with the same name as a
    character you control, as its cost, to give that character +1 ATK / +1 DEF this turn. It is
    played like any effect, whenever its player has priority, and goes on the chain targeting
    the character (CR 507, digest §19; assumption A-POWER-UP); the character becomes powered-up when it
    resolves, and "becomes powered-up" (Ally) triggers then."""
    require_priority(g, pid)
    s = g.state
    o, c = s.obj(oid), s.obj(card)
    if o.zone is not Zone.IN_PLAY or o.card.type is not CardType.CHARACTER or o.equipped_to:
        raise IllegalActionError(f"{oid} is not a character in play", hint="power-up a character you control")
    if o.controller != pid:
        raise IllegalActionError(f"{pid} does not control {oid}", hint="power-up a character you control")
    change = in_force(s, POWER_UP_ATTACKER_OR_DEFENDER)
    if change is not None and not (s.attack is not None and s.attack.holds(oid)):
        raise IllegalActionError(f"{oid} is neither an attacker nor a defender: {change} {change.cite}",
                                 hint="power-up an attacker or defender you control")
    if c.zone is not Zone.HAND or c.owner != pid:
        raise IllegalActionError(f"{card} is not in {pid}'s hand", hint="the card discarded to power-up comes from "
                                 "your hand")
    if c.card.name.casefold() != o.card.name.casefold():
        raise IllegalActionError(f"{card} is named '{c.card.name}', not '{o.card.name}': only a card with the same "
                                 f"name as {oid} powers it up")
    banned = query(s).prohibition(happening(n.PowerUp, object=oid, agent=pid))
    if banned is not None:
        raise IllegalActionError(f"{oid} cannot be powered-up: {_banned(s, banned)}")
    if not perform(g, happening(n.Discard, agent=pid, object=card, cost=True, why="to power-up",
                                cite="CR 507; digest §19")):
        raise IllegalActionError(f"{pid} cannot pay the cost: {card} cannot be discarded")
    g.note("power-up", f"{pid} plays a power-up targeting {oid}, discarding {card} (same name, "
           f"'{o.card.name}') as its cost", "CR 507; digest §19", "A-POWER-UP", (oid,))
    if change is not None:
        g.note("power-up", f"{oid} is an attacker or defender {pid} controls: a legal target of the power-up "
               f"({change})", change.cite, change.assumption, (oid,))
    link = add_link(g, "power-up", pid, oid, None, Context(pid, oid, (oid,)),
                    details={"character": oid, "discarded": card})
    targeted(g, link)
    _keep_priority(g, pid)
    flush(g)


def _source_name(s: GameState, oid: str | None) -> str | None:
    """The name of card ``oid`` (what ``~`` in its text stands for)."""
    return s.obj(oid).card.name if oid is not None and oid in s.objects else None


def _banned(s: GameState, banned: tuple[n.Cannot, Mod]) -> str:
    """A prohibition for an error line: its text, its card's own name for ``~``, and the card it
    comes from ("\"cannot attack\" (galactus's power)")."""
    change, mod = banned
    src = mod.ctx.source
    text = f"\"{say_of(change, _source_name(s, src))}\""
    return f"{text} ({src}'s power)" if src is not None and src in s.objects else text
