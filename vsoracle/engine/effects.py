"""The event pipeline and the interpreter of card text's effects (CR 508, 512).

**One way for every event.** :func:`perform` is the only path by which the position changes
for an event — from an effect, a cost, combat or the turn: first the prohibitions ("~ cannot be
stunned", "you cannot play plot twists"), then the replacements ("If ~ would be KO'd, instead,
…"; when several would replace it, the affected player or the controller of the affected card
chooses which, FAQ GM 8), then the event itself (its family's primitive, :mod:`.primitives`
``apply``), then the triggers it sets off. So "cannot", "would … instead" and "whenever" work for
every event the same way.

**Effects.** :func:`execute` walks an effect's nodes: the forms (a sequence, "you may", "if you
do", a modifier …) are done here, and an event by its family (:meth:`EventRule.do
<vsoracle.engine.rules.EventRule.do>`, found in :data:`~vsoracle.engine.rules.RULES`): a step's
objects are chosen on resolution (targets were chosen on announcement), each one is an event
performed through the pipeline, and what a step acted on is remembered for the text that refers
to it ("reveal it", "those team attackers"). An effect resolves as one indivisible unit (Cerebro
X-Men). The helpers the families share are here too: choosing a step's objects, doing a verb to
them, and paying it as a cost (CR 505) with the same choices.
"""

from __future__ import annotations

import itertools
import sys
from typing import Any, Callable, Iterable, Literal, overload

from attrs import frozen

from ..cards import CardType
from ..cards.model import MUTANT_TRAITS
from ..errors import IllegalActionError
from ..text import nodes as n
from .primitives import apply, happening
from .rules import RULES, WHOLES, ZONE_NAMES, Cost, Done, EventRule, into_pile, parts, rule
from .game import Decision, Game
from .heeded import heeded
from .powers import holders, per_node, powers
from .patterns import event_kinds, kind_of, pattern_matches
from .query import Query, alters_quality, query
from .figures import condition_read, mismatch, protection
from .log import Figure, Figures, LogKind
from .state import ChainLink, Context, Delayed, GameObject, GameState, Happening, Lasting, Modifier, Replacement, Zone
from .triggers import fire
from .values import replace
from .words import say, say_action, say_action_of, say_of

__all__ = ["EFFECT_FORMS", "perform", "prepare", "carry_out", "also_happened", "put_by_rule", "landed", "Plan", "execute", "targets_of",
           "target_legal", "target_ok", "legal_among", "legal_targets", "choose_objects", "replacements", "affected_player",
           # what the event families (vsoracle.engine.events) share: choosing objects, doing verbs, costs
           "acting", "doers", "doer", "each_doer_picks", "record", "effect_roles", "at_once", "step_objects", "how_many", "at_random", "hand_cards",
           "without_zone", "on_objects", "to_each", "pay_event", "cost_pick", "cost_one", "cost_count",
           "cost_candidates", "cost_amount", "cost_allowed", "Count", "choose_value"]


# =============================================================================================
# The pipeline
# =============================================================================================

#: A replacement modifier that tries to replace an event: its label (the card, or
#: ``replacement-N``), its text and the context it replaces in.
Option = tuple[str, n.Instead, Context]


@frozen
class Plan:
    """An event about to happen, with what replaces it (``None``: it happens as it is)."""

    happening: Happening
    replacement: Option | None = None
    others: int = 0


def perform(g: Game, h: Happening, ctx: Context | None = None, *, before: GameState | None = None) -> bool:
    """Make an event happen (or not): prohibitions, replacements, the event, its triggers.
    ``before``: the position before the event this one follows from (a KO's leaving play), for
    its triggers' picture (assumption A-LOOK-BACK)."""
    s = g.state
    family = rule(h.kind)
    if not _heeded(s, family, h):
        # no "cannot" and no "instead" in the game names it, nor a trigger of this position
        return _happen(g, family, h, before, s)
    plan = _forbidden_or_replaced(g, family, h, ctx)
    return carry_out(g, plan, before=before) if plan is not None else False


def prepare(g: Game, h: Happening, ctx: Context | None = None) -> Plan | None:
    """What will happen: ``None`` if a "cannot" forbids the event (then there is nothing to
    replace, FAQ GM 8), else the event and the replacement that applies (asked now: combat reads
    them with the comparison, FAQ SC 24)."""
    s = g.state
    family = rule(h.kind)
    if not _heeded(s, family, h):
        return Plan(h)  # no "cannot" and no "instead" in the game names it
    return _forbidden_or_replaced(g, family, h, ctx)


def _heeded(s: GameState, family: EventRule, h: Happening) -> bool:
    """Could a "cannot" or an "instead" of the game name the event, or an event it also is
    (:func:`_also`): its leaving play, if it takes an object out of play, or a move into a pile,
    if its family makes those? (Only the families that can are asked: ``leaves``, ``piles``.)"""
    return heeded(s, h.kind) or (family.leaves and family.leaves_play(s, h) is not None and heeded(s, n.LeavePlay)) \
        or (family.piles and heeded(s, n.Move))


def _also(s: GameState, family: EventRule, h: Happening) -> tuple[Happening, ...]:
    """The events this one also is: an event that takes an object out of play is also its
    leaving play ("cannot leave play" forbids it, "if ~ would leave play, instead" replaces it);
    one that puts a card into a pile (a KO, a discard) is also that move ("cannot be put into your
    KO'd pile" forbids it, "if ~ would be put into …, instead" replaces it: A-INTO-PILE)."""
    leaving = family.leaves_play(s, h)
    return ((happening(n.LeavePlay, object=leaving),) if leaving is not None else ()) + family.puts_into_pile(s, h)


def _forbidden_or_replaced(g: Game, family: EventRule, h: Happening, ctx: Context | None) -> Plan | None:
    """:func:`prepare` for an event something may forbid or replace (or an event it also is)."""
    also = _also(g.state, family, h)
    q = query(g.state)
    for hh in (h,) + also:
        banned = q.prohibition(hh)
        if banned is not None:
            change, mod = banned
            who = _who(h)
            g.note("prohibited", f"{_what(h)} does not happen: {who} \"{said(g, change, mod.ctx)}\"",
                   "FAQ SC 13; FAQ GM 8")
            return None
    if not family.would_happen(g.state, h):
        return Plan(h)  # nothing for a replacement to replace (FAQ GM 8): it does not happen either
    options = replacements(g, h, ctx, also)
    if not options:
        return Plan(h)
    chooser = affected_player(g, h)
    remaining = [o for o in options if _possible(g, h, o)]
    while remaining:
        if len(remaining) == 1:
            chosen = remaining[0]
        else:
            labels = tuple(label for label, _, _ in remaining)
            pick = g.ask(Decision(chooser, "replacement", f"{chooser} chooses which replacement modifier replaces "
                                  f"{_what(h)}", labels))
            chosen = remaining[labels.index(pick)]
        if not chosen[1].optional or _takes_optional(g, h, chosen):
            return Plan(h, chosen, len(options) - 1)
        remaining.remove(chosen)  # declined: another may still replace it
    return Plan(h)


def _possible(g: Game, h: Happening, option: Option) -> bool:
    """Can this modifier replace the event? A mandatory one always can (FAQ GM 8); "… you may E
    instead" only if its controller can do E (assumption A-MAY-INSTEAD)."""
    label, instead, rctx = option
    effect = instead.effect
    if instead.optional and isinstance(effect, n.Conditional) and effect.otherwise is None:
        # "you may put her into play if you don't control …": not a choice while the condition is false
        if not query(g.state).holds(effect.condition, rctx):
            g.note("may", f"{rctx.controller} cannot {said_action(g, effect.effect, rctx)} (\"{said(g, effect.condition, rctx)}\" "
                   f"does not hold), so {label} cannot replace {_what(h)}", "digest §2.4 [S:FWS]", "A-MAY-INSTEAD")
            return False
        effect = effect.effect
    if instead.optional and isinstance(effect, n.Sequence) and len(effect.steps) == 2 \
            and isinstance(effect.steps[1], n.IfDone):
        # "you may pay 3 endurance. If you do, ready him instead": a choice only if he can pay
        effect = effect.steps[0]
    if not instead.optional or not isinstance(effect, n.Event) or _can_do(g, effect, rctx):
        return True
    # "you may discard a card instead" with no card: there is nothing to choose
    g.note("may", f"{rctx.controller} cannot {said_action(g, effect, rctx)}, so {label} cannot replace {_what(h)}",
           "digest §2.4 [S:FWS]", "A-MAY-INSTEAD")
    return False


def _takes_optional(g: Game, h: Happening, option: Option) -> bool:
    """"… you may E instead": its controller decides (FAQ GM 8)."""
    _label, instead, rctx = option
    owner = rctx.controller
    if g.ask(Decision(owner, "may", f"{owner} may replace {_what(h)}: {said(g, instead.effect, rctx)}", (True, False))):
        return True
    g.note("may", f"{owner} chooses not to replace {_what(h)}", "FAQ GM 8")
    return False


def carry_out(g: Game, plan: Plan, *, before: GameState | None = None) -> bool:
    """Do a prepared event: the replacement's effect instead (even when it cannot be done, FAQ
    GM 8), or the event itself and its triggers (pictured before it, if it takes an object out
    of play: assumption A-LOOK-BACK)."""
    h = plan.happening
    if plan.replacement is not None:
        label, instead, rctx = plan.replacement
        extra = f"; {plan.others} other replacement(s) have nothing left to replace" if plan.others else ""
        if isinstance(instead.effect, n.Nothing):
            g.note("replace", f"{_what(h)} is prevented by {label}{extra}", "FAQ GM 8")
            _use_up(g, label, instead, rctx)
            return False
        if isinstance(instead.effect, n.Lessen):
            return _lessen(g, h, plan.replacement, instead.effect, before)
        g.note("replace", f"{_what(h)} is replaced by {label}: {said(g, instead.effect, rctx)}{extra}", "FAQ GM 8",
               _first_time(instead))
        _use_up(g, label, instead, rctx)
        execute(g, instead.effect, rctx, root=instead.effect)
        return False
    return _happen(g, rule(h.kind), h, before)


def _happen(g: Game, family: EventRule, h: Happening, before: GameState | None,
            unheeded: GameState | None = None) -> bool:
    """The event itself (its family's primitive) and its triggers, with those of the events that
    happen as part of it and of the moves into a pile it makes (A-INTO-PILE: only the families
    that make them, ``piles``, are asked); ``unheeded``: the position before it, if nothing in it
    heeds the event or those moves (not asked again)."""
    s = g.state
    start = s if before is None else before
    into = family.puts_into_pile(s, h) if family.piles else ()
    done, follow = family.happen(g, h)  # (one that does not happen refuses itself: EventRule.happen)
    if done:
        fire(g, h, start, unheeded)
        if h.kind in WHOLES:  # (most kinds have no part: parts not asked)
            for part in parts(h):  # what happens as part of it ("enters combat" as it attacks)
                also_happened(g, part, start)
        for moved in into:  # the cards it put into a pile, each also put there (A-INTO-PILE)
            also_happened(g, moved, start, unheeded)
    for f in follow:
        if f.kind is n.LeavePlay or f.get("landed"):
            also_happened(g, f, start)  # its "cannot" and "instead" were the event's (prepare)
        else:
            perform(g, f, before=start)
    return done


def _first_time(instead: n.Instead) -> str | None:
    """"If you would draw a card for the first time in a phase": the replacement applies because
    no such event happened yet in that span (assumption A-FIRST-TIME)."""
    cond = instead.condition
    parts = cond.conditions if isinstance(cond, n.All) else (cond,)
    return "A-FIRST-TIME" if any(isinstance(c, n.FirstTime) for c in parts) else None


def _lessen(g: Game, h: Happening, replacement: Option, lessen: n.Lessen, before: GameState | None) -> bool:
    """"Prevent 2 of it", "you lose 1 less endurance instead": a replacement that prevents part
    of an event (FAQ GM 8): the event happens with its amount that much lower (never below 0:
    all of it prevented, nothing happens). What is left is still the event, so the other
    replacements that would replace it apply to it next, in the affected player's order; this one
    does not again (a replacement does not replace an event it made, assumption A-LESSEN)."""
    label, instead, rctx = replacement
    amount = int(h.get("amount") or 0)
    less = max(0, int(query(g.state).amount(lessen.amount, rctx)))
    left = max(0, amount - less)
    _use_up(g, label, instead, rctx)
    if left == 0:
        g.note("replace", f"all of {_what(h)} is prevented by {label} (it prevents {less})", "FAQ GM 8",
               "A-LESSEN")
        return False
    g.note("replace", f"{label} prevents {less} of {_what(h)}: {left} is left", "FAQ GM 8", "A-LESSEN")
    return perform(g, replace(h, roles=h.roles.set("amount", left)), rctx, before=before)


def _use_up(g: Game, label: str, instead: n.Instead, rctx: Context) -> None:
    """"The next time … would …": the replacement modifier ends once it has replaced an event."""
    if instead.once:
        rid = rctx.bindings.get("replacing")
        g.set(replace(g.state, replacements=tuple(r for r in g.state.replacements if r.id != rid)))
        g.note("replace", f"{label} is used up: it replaced \"the next time\" only", "FAQ GM 8")


def also_happened(g: Game, h: Happening, before: GameState, unheeded: GameState | None = None) -> None:
    """An event that happened as part of another (a card leaving play as it is KO'd or put into
    a pile): nothing can stop or replace it any more, but it sets off triggers, pictured as the
    position was ``before`` the other event (assumption A-LOOK-BACK). A card put into a pile by an
    event of another family or by a rule (``landed``, :func:`~vsoracle.engine.rules.into_pile`) is
    there already: the move is seen if the card did get there (assumption A-INTO-PILE).
    ``unheeded``: a position nothing in heeds its kind (:func:`~.triggers.fire`)."""
    done: bool = landed(g.state, h) if h.get("landed") else apply(g, h)[0]
    if done:
        fire(g, h, before, unheeded)


def landed(s: GameState, h: Happening) -> bool:
    """Is the card of a move that another event or a rule made (:func:`~vsoracle.engine.rules.into_pile`)
    where that move says, now?"""
    oid = h.get("object")
    name, owner = h.get("to")
    o = s.obj(oid)
    return bool(ZONE_NAMES[o.zone] == name and o.owner == owner)


def put_by_rule(g: Game, oid: str, pile: Zone, before: GameState) -> None:
    """A rule puts ``oid`` into its owner's ``pile`` (a resolved plot twist into the KO'd pile, CR
    304; the uniqueness rule, CR 705.1; equipment with no character to attach to): call with the
    position ``before`` it moved. Nothing stops or replaces a rule, but the card is put into that
    pile: "Whenever a card is put into your KO'd pile" sees it (assumption A-INTO-PILE)."""
    also_happened(g, into_pile(before, oid, pile), before)


def replacements(g: Game, h: Happening, ctx: Context | None = None,
                 also: tuple[Happening, ...] = ()) -> list[Option]:
    """Every replacement modifier that tries to replace this event, or an event it also is
    (``also``: leaving play); each one once: a replacement does not replace an event it made."""
    s = g.state
    q = query(s)
    waited = _replaced_kinds(q)
    if waited is not None and h.kind not in waited and not any(hh.kind in waited for hh in also):
        return []
    used = set(ctx.bindings.get("replaced", ())) if ctx is not None else set()
    found: list[tuple[str, n.Instead, Context, Any]] = []

    def match(instead: n.Instead, rctx: Context) -> dict[str, Any] | None:
        for hh in (h,) + also:
            binds = _instead_matches(q, instead, hh, rctx)
            if binds is not None:
                return binds
        return None

    for o in holders(s.objects, n.Replacement):
        for line in powers(o.card, n.Replacement):
            if not q.power_active(o, line) and not _own_out_of_play(o, line.node.instead):
                continue
            key = (o.id, line.index)
            if key in used:
                continue
            rctx = Context(q.controller_of(o), o.id)
            binds = match(line.node.instead, rctx)
            if binds is not None:
                found.append((o.id, line.node.instead, rctx.bind(**binds, replaced=tuple(used | {key})), key))
    for o in s.in_play() if q._effect_and_power_mods() else ():
        # gained ones ('has "If ~ would …"', "gains the powers of NP"): their ~ is their holder
        for i, (gline, _mod) in enumerate(q._gained(o)):
            if not isinstance(gline.node, n.Replacement) or not q.gained_active(o, gline):
                continue
            key = (o.id, -1 - i)  # (a printed power's key is its line number)
            if key in used:
                continue
            rctx = Context(q.controller_of(o), o.id)
            binds = match(gline.node.instead, rctx)
            if binds is not None:
                found.append((o.id, gline.node.instead, rctx.bind(**binds, replaced=tuple(used | {key})), key))
    for r in s.replacements:
        key = ("modifier", r.id)
        if key in used:
            continue
        binds = match(r.instead, r.context)
        if binds is not None:
            found.append((r.context.source or f"replacement-{r.id}", r.instead,
                          r.context.bind(**binds, replaced=tuple(used | {key}), replacing=r.id), key))
    seen: dict[str, int] = {}
    out: list[Option] = []
    for label, instead, rctx, _key in found:
        k = seen.get(label, 0) + 1
        seen[label] = k
        out.append((label if k == 1 else f"{label}#{k}", instead, rctx))
    return out


def _replaced_kinds(q: Query) -> frozenset[type] | None:
    """The kinds of event some replacement of ``q``'s state could replace (:func:`~.patterns.event_kinds`
    of each printed one, active or not, and of each made by an effect), or ``None`` when a power
    is gained (anything may be): what :func:`replacements` need not look past (once per state)."""
    key = "replaced kinds"
    if key in q._memo:
        known: frozenset[type] | None = q._memo[key]
        return known
    found: frozenset[type] | None = None
    if not q._effect_and_power_mods():
        kinds: set[type] = set()
        for o in holders(q.s.objects, n.Replacement):
            for line in powers(o.card, n.Replacement):
                kinds |= event_kinds(line.node.instead.event)
        for r in q.s.replacements:
            kinds |= event_kinds(r.instead.event)
        found = frozenset(kinds)
    q._memo[key] = found
    return found


def _own_out_of_play(o: GameObject, instead: n.Instead) -> bool:
    """A card's own replacement of an event done to it out of play ("If you would rally ~ into your
    hand, instead, …": the card is revealed from its deck) works there, though its other powers
    are inactive (Marvel Universe FAQ 2's example [FUN]; assumption A-RALLY-SELF)."""
    return o.zone is not Zone.IN_PLAY and rule(type(instead.event)).out_of_play \
        and isinstance(getattr(instead.event, "object", None), n.Self)


def _instead_matches(q: Query, instead: n.Instead, h: Happening, ctx: Context) -> dict[str, Any] | None:
    binds = pattern_matches(q, instead.event, h, ctx)
    if binds is None:
        return None
    if instead.condition is not None:
        found = q.condition_binding(instead.condition, ctx.bind(**binds))
        if not found:
            return None
        # "while attacking a character, … that character's controller": the condition's objects
        binds = {**binds, **{k: v for k, v in found.items() if k.startswith("condition:")}}
    return binds


def affected_player(g: Game, h: Happening) -> str:
    """Who orders replacements (FAQ GM 8): the one the event's family names (for breakthrough,
    the attacker's controller), else the affected player, or the controller of the affected card."""
    s = g.state
    named = rule(h.kind).affected(g, h)
    if named is not None:
        return named
    for role in ("object", "player", "agent"):
        value = h.get(role)
        if isinstance(value, str) and value in s.objects:
            return query(s).controller_of(s.obj(value))
        if isinstance(value, str) and value in s.player_ids:
            return value
    return s.primary_player()


def _who(h: Happening) -> str:
    for role in ("object", "agent", "player"):
        v = h.get(role)
        if isinstance(v, str):
            return v
    return "it"


def _what(h: Happening) -> str:
    """A happening in a few words, for the log (its family's)."""
    return rule(h.kind).what(h)


# =============================================================================================
# Targets
# =============================================================================================

@per_node
def targets_of(node: n.Effect | None) -> tuple[n.Filter, ...]:
    """Every target of an effect, in number order (chosen on announcement). A delayed trigger's
    effect and a quoted power number their own."""
    found: dict[int, n.Filter] = {}
    for x in n.descendants(node, inside=(n.Delayed, n.GainPower)):
        if isinstance(x, n.Filter) and x.target is not None:
            found.setdefault(x.target, x)
    return tuple(found[i] for i in sorted(found))


@per_node
def _untargeted(f: n.Filter) -> n.Filter:
    """The selector without its target number (one node per target node, so what is said of it
    is rendered once)."""
    return replace(f, target=None)


def target_legal(g: Game, target: n.Filter, value: Any, link: ChainLink) -> str | None:
    """Why ``value`` is not a legal target for ``target`` of ``link`` (``None``: legal)."""
    why = _target_refusal(g, target, value, link)
    return None if why is None else why()


def target_ok(g: Game, target: n.Filter, value: Any, link: ChainLink) -> bool:
    """Whether ``value`` is a legal target for ``target`` of ``link`` (:func:`target_legal`
    without working out the reason)."""
    return _target_refusal(g, target, value, link) is None


#: Why a target is refused, worked out when someone reads it (the legal actions only ask whether).
Refusal = Callable[[], str]


def _target_refusal(g: Game, target: n.Filter, value: Any, link: ChainLink) -> Refusal | None:
    """Once per state and target: the legal actions ask it of each candidate, and the action asks
    it again as it is announced (CR 505), of the same position."""
    check = _target_check(query(g.state), target, link)
    return check[value] if isinstance(value, (str, int)) else check.refusal(value)


def legal_among(g: Game, target: n.Filter, values: Iterable[str | int], link: ChainLink) -> list[str | int]:
    """The values that are legal targets for ``target`` of ``link``, in order (:func:`target_ok`
    of each, the target and link looked up once)."""
    check = _target_check(query(g.state), target, link)
    return [value for value in values if check[value] is None]


def _target_check(q: Query, target: n.Filter, link: ChainLink) -> _TargetCheck:
    """The state's check of values for ``target`` of ``link``, made once a state, target and link;
    and once for the links whose answers and reasons cannot differ (:func:`_shared_key`): the
    copies of a card in hand and in the resource row ask the same of the same targets."""
    key = ("targets", id(target), link)
    hit: tuple[n.Filter, _TargetCheck] | None = q._memo.get(key)
    if hit is None or hit[0] is not target:
        shared = _shared_key(q, target, link)
        if shared is not None:
            hit = q._memo.get(shared)
        if hit is None or hit[0] is not target:
            hit = (target, _TargetCheck(q, target, link))
            if shared is not None:
                q._memo[shared] = hit
        q._memo[key] = hit
    return hit[1]


def _shared_key(q: Query, target: n.Filter, link: ChainLink) -> tuple[Any, ...] | None:
    """What a target's check of ``link`` depends on when its selector asks nothing of the effect
    but who controls it (:func:`_asks_only_controller`) and nothing in the state forbids becoming
    a target (which asks of the effect, CR 505; FAQ SC 1): its controller, and the name its
    reasons give the source card (``None``: the check is the link's own)."""
    if not _asks_only_controller(target) or q.cannots(n.BecomeTarget):
        return None
    ctx = link.context or link
    source = ctx.source
    o = q.s.objects._data.get(source) if source is not None else None  # (the table's own dict: a C read)
    name = o.card.name if o is not None else None
    return "shared targets", id(target), ctx.controller, name


#: The text nodes a selector may be made of and ask nothing of its effect but who controls it
#: ("you control", "your opponents"): not its source ("~", "another character", "named ~"),
#: its bindings ("X", "that character", "the chosen affiliation") or its targets.
_CONTROLLER_ONLY = frozenset({n.Filter, n.Quantity, n.Fixed, n.You, n.OpponentsOf, n.ControlledBy, n.Name,
                              n.StatIs, n.HasKeyword, n.Role, n.State})

#: The states :meth:`.query.Query.state_is` reads from the effect's bindings ("revealed" cards,
#: the "remaining" ones).
_BOUND_STATES = frozenset({"revealed", "remaining"})


@per_node
def _asks_only_controller(target: n.Filter) -> bool:
    """Whether each node of the target's selector is one of :data:`_CONTROLLER_ONLY` (any other
    node: it may ask more), no state of it one of :data:`_BOUND_STATES`, and no phrase within it a
    target ("characters target player controls" asks the effect's other target)."""
    for x in n.descendants(_untargeted(target)):
        if (type(x) not in _CONTROLLER_ONLY or isinstance(x, n.State) and x.name in _BOUND_STATES
                or isinstance(x, n.Filter) and x.target is not None):
            return False
    return True


class _TargetCheck(dict[str | int, Refusal | None]):
    """Why a value is not a legal target for ``target`` of ``link`` in one state (CR 505): what
    every value asks of the target and the link — its context, the selector without its number,
    the selector's kind and object test — worked out once; and, as a dict, what each value got:
    ``check[value]`` is :meth:`refusal`, worked out once for each value (:meth:`__missing__`) and
    read again at dict speed, with no call."""

    __slots__ = ("q", "link", "players", "ctx", "sel", "kind", "fits")

    def __init__(self, q: Query, target: n.Filter, link: ChainLink) -> None:
        self.q = q
        self.link = link
        self.players = q.s.player_ids
        self.ctx = ctx = link.context or Context(link.controller, link.source)
        self.sel = sel = _untargeted(target)
        self.kind = kind_of(sel)
        self.fits = q.matcher(sel, ctx)

    def _said(self) -> str:  # of this state, whenever it is read
        s, src = self.q.s, self.ctx.source
        return say_of(self.sel, s.obj(src).card.name if src is not None and src in s.objects else None)

    def __missing__(self, value: str | int) -> Refusal | None:
        """:meth:`refusal` of a value not asked before, kept for the next time."""
        refused = self[value] = self.refusal(value)
        return refused

    def refusal(self, value: Any) -> Refusal | None:
        q, s, sel, ctx, kind = self.q, self.q.s, self.sel, self.ctx, self.kind
        o = s.objects._data.get(value)  # (the table's own dict: a C read)
        if kind == "object" and o is not None and value not in self.players:  # the most asked: an object
            return self._object_refusal(o)
        if value in self.players:
            if kind != "player":
                return lambda: f"{value} is a player, not a legal target here"
            return None if value in q.players(sel, ctx) else lambda: f"{value} is not {self._said()}"
        if isinstance(value, int):
            lk = s.link(value)
            if kind != "effect" or lk is None:
                return lambda: f"effect {value} is not a legal target here"
            return None if q.link_matches(sel, lk, ctx) else lambda: f"{lk.label} is not {self._said()}"
        if o is None:
            return lambda: f"unknown target '{value}'"
        if kind == "effect":
            return lambda: f"'{value}' is a card, not an effect on the chain"
        if kind == "player":
            return lambda: f"{value} is not a player"
        return self._object_refusal(o)

    def _object_refusal(self, o: GameObject) -> Refusal | None:
        q, sel, ctx, link = self.q, self.sel, self.ctx, self.link
        if not self.fits(o):
            return lambda: f"{o.id} is not {self._said()} ({mismatch(q, sel, o, ctx)[0]})"
        if o.zone is Zone.IN_PLAY and not q.can_be_targeted(o, link):
            return lambda: protection(q, o, link)[0]
        return None


#: The most targets of "any number of target characters": no bound but how many there are.
ANY_NUMBER = sys.maxsize


def target_range(target: n.Filter) -> tuple[int, int] | None:
    """How many values one target takes when it is several: "two target characters" (2, 2), "up
    to two target characters" (0, 2), "any number of target characters" (0, :data:`ANY_NUMBER`);
    ``None`` for one target, one value (CR 505: every target is chosen as the effect is announced)."""
    q = target.quantity
    if q is not None and q.op == "any number":  # "any number of target characters": none to all of them
        return 0, ANY_NUMBER
    if q is None or not isinstance(q.n, n.Fixed):
        return None
    if q.op == "=" and q.n.n > 1:
        return q.n.n, q.n.n
    if q.op == "up to":
        return 0, q.n.n
    return None


def targets_refusal(g: Game, target: n.Filter, value: Any, link: ChainLink) -> str | None:
    """Why ``value`` is not a legal choice for ``target`` (``None``: legal): one value, or for
    "two target characters" / "up to two target characters" that many different values, each
    a legal target on its own."""
    span = target_range(target)
    if span is None:
        return target_legal(g, target, value, link)
    values = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    least, most = span
    one = one_target(target)
    if not least <= len(values) <= most:
        wanted = f"{most}" if least == most else "any number of" if most == ANY_NUMBER else f"up to {most}"
        return f"\"{say(_untargeted(target))}\" takes {wanted} targets, not {len(values)}"
    if len(set(values)) != len(values):
        return "the same target is named twice (each is a different one)"
    for v in values:
        why = target_legal(g, one, v, link)
        if why is not None:
            return why
    return None


@per_node
def one_target(target: n.Filter) -> n.Filter:
    """One of the values of a target of several ("two target characters": a target character),
    as each is checked on its own."""
    return replace(target, quantity=n.Quantity("=", n.Fixed(1)))


def legal_targets(g: Game, target: n.Filter, link: ChainLink) -> list[Any]:
    """Every legal choice for one target: players, effects on the chain, objects, cards in piles."""
    s = g.state
    kind = kind_of(target)
    if kind == "effect":
        return [lk.id for lk in s.chain if target_ok(g, target, lk.id, link)]
    pool: list[Any] = list(s.player_ids) if kind == "player" else sorted(s.objects)
    return [x for x in pool if target_ok(g, target, x, link)]


# =============================================================================================
# Choices on resolution
# =============================================================================================

#: How many of a selector's objects a step acts on: a number, or every one.
Count = int | Literal["all"]


def choose_objects(g: Game, pid: str, candidates: list[Any], count: Count, prompt: str, up_to: bool = False,
                   random: bool = False) -> list[Any]:
    """``count`` of the candidates chosen by ``pid`` on resolution ("all": every one); with
    ``random`` ("discards a card at random") nobody chooses: each pick is a line of play of its own,
    explored like any unscripted decision (a scenario may script it with ``choose``)."""
    if count == "all" and not up_to:
        return list(candidates)
    n_ = len(candidates) if count == "all" else int(count)  # "any number of": as many as he likes
    if not candidates or n_ <= 0:
        return []
    if random:
        if len(candidates) <= n_:
            return list(candidates)
        combos = tuple(tuple(c) if n_ > 1 else c[0] for c in itertools.combinations(candidates, n_))
        picked = g.ask(Decision(pid, "random", f"{prompt} at random", combos))
        return list(picked) if n_ > 1 else [picked]
    if up_to:
        combos = tuple(tuple(c) for k in range(min(n_, len(candidates)), -1, -1)
                       for c in itertools.combinations(candidates, k))
        return list(g.ask(Decision(pid, "choose", prompt, combos)))
    if n_ == 1:
        return [g.ask(Decision(pid, "choose", prompt, tuple(candidates)))]
    if len(candidates) <= n_:
        # all of them: a forced choice (a scripted answer naming them is taken all the same)
        return list(g.ask(Decision(pid, "choose", prompt, (tuple(candidates),))))
    combos = tuple(tuple(c) for c in itertools.combinations(candidates, n_))
    return list(g.ask(Decision(pid, "choose", prompt, combos)))


def how_many(q: Query, sel: n.Selector | None, ctx: Context) -> tuple[Count, bool]:
    """How many of a selector's objects a step acts on: "all", a number, or up to a number."""
    if isinstance(sel, n.Filter):
        qty = sel.quantity
        if sel.target is not None or qty is None or qty.op in ("all", "each"):
            return "all", False
        if qty.op == "up to" and qty.n is not None:  # ("up to" always says how many)
            return q.amount(qty.n, ctx), True
        if qty.op == "any number":  # "Discard any number of cards": none, some or all, his choice
            return "all", True
        if qty.op in ("=",) and qty.n is not None:
            return q.amount(qty.n, ctx), False
        if qty.op == ">=":
            return "all", False
        return 1, False
    if isinstance(sel, n.Either):
        counts = [how_many(q, o, ctx)[0] for o in sel.options]
        return (1, False) if all(isinstance(c, int) for c in counts) else ("all", False)
    return "all", False


def step_objects(g: Game, sel: n.Selector | None, ctx: Context, chooser: str, prompt: str,
             pool: Iterable[str] | None = None) -> list[str]:
    """The objects a step acts on: all that match, or those ``chooser`` picks on resolution."""
    q = query(g.state)
    found = [x for x in q.select(sel, ctx) if x in g.state.objects]
    if pool is not None:
        allowed = set(pool)
        found = [x for x in found if x in allowed]
    count, up_to = how_many(q, sel, ctx)
    return choose_objects(g, chooser, found, count, prompt, up_to, at_random(sel))


def at_random(sel: n.Selector | None) -> bool:
    """"a card at random": picked at random, not chosen."""
    return isinstance(sel, n.Filter) and any(isinstance(x, n.AtRandom) for x in sel.qualifiers)


# =============================================================================================
# Execution
# =============================================================================================

#: Whether an effect was done, and the context the steps after it see.
#: How an effect form is done: (game, its node, context, the whole effect it is a step of).
Handler = Callable[[Game, Any, Context, n.Effect], Done]


@per_node
def _step_numbers(root: n.Effect) -> dict[int, int]:
    return {id(e): k for k, e in enumerate(n.steps(root), start=1)}


def execute(g: Game, effect: n.Effect, ctx: Context, root: n.Effect | None = None) -> Done:
    """Do ``effect``; return whether it was done and the context later steps see."""
    root = effect if root is None else root
    handler = _HANDLERS.get(type(effect))
    if handler is not None:
        return handler(g, effect, ctx, root)
    if isinstance(effect, n.Event):
        return _event(g, effect, ctx, root)
    raise IllegalActionError(f"vsoracle cannot yet play {type(effect).__name__}",
                             hint="this card text parses but vsoracle cannot play it yet")


def _sequence(g: Game, e: n.Sequence, ctx: Context, root: n.Effect) -> Done:
    last = True
    before: n.Effect | None = None
    for step in e.steps:
        if isinstance(step, n.IfDone):
            last, ctx = _if_done(g, step, ctx, root, last)
        elif isinstance(step, n.Repeat) and before is not None:
            last, ctx = _repeat(g, step, before, ctx, root, last)
        else:
            last, ctx = execute(g, step, ctx, root)
        before = step
    return last, ctx


def _repeat(g: Game, e: n.Repeat, before: n.Effect, ctx: Context, root: n.Effect, last: bool) -> Done:
    """"Each time you're successful, repeat this process with a card type you haven't chosen yet.":
    the step before again — its object the one the text names — for as long as it succeeds (a
    rally that finds its card is successful, and then you must repeat it: Marvel Universe FAQ 2)."""
    again = before
    if e.with_ is not None and hasattr(before, "object"):
        again = replace(before, object=e.with_)
    while last:
        g.note("repeat", f"the step before was successful, so again: {said(g, again, ctx)}", "keyword Rally [FUN]")
        last, ctx = execute(g, again, ctx, root)
    return True, ctx


def _repeat_alone(g: Game, e: n.Repeat, ctx: Context, root: n.Effect) -> Done:
    """"Repeat this process" with no step before it to repeat: nothing (card text always has one)."""
    return False, ctx


def _if_done(g: Game, e: n.IfDone, ctx: Context, root: n.Effect, last: bool) -> Done:
    """"If you do" / "If he does": only if the step before was done (by that player)."""
    if isinstance(e.player, n.Acting) and ctx.bindings.get("did") is not None:
        did: tuple[str, ...] = ctx.bindings["did"]
        done = False
        for pid in did:
            if not isinstance(e.effect, n.Nothing):
                d, ctx = execute(g, e.effect, ctx.bind(acting=pid), root)
                done = done or d
        if not did and not isinstance(e.effect, n.Nothing):
            g.note("skip", "\"if he does\": nobody did, so nothing more", "CR 508")
        if e.otherwise is not None:  # "If he does not, …": each player asked who did not
            for pid in ctx.bindings.get("asked", ()):
                if pid not in did:
                    d, ctx = execute(g, e.otherwise, ctx.bind(acting=pid), root)
                    done = done or d
        return done, ctx
    if not last:
        if e.otherwise is not None:  # "If you do not, …"
            g.note("skip", "\"if you do not\": the step before was not done", "CR 508")
            return execute(g, e.otherwise, ctx, root)
        g.note("skip", "\"if you do\": the step before was not done, so nothing more", "CR 508")
        return False, ctx
    if isinstance(e.effect, n.Nothing):  # only "If you do not, …": it was done, so nothing
        g.note("skip", "\"if you do not\": the step before was done, so nothing more", "CR 508")
        return True, ctx
    return execute(g, e.effect, ctx, root)


def _may(g: Game, e: n.May, ctx: Context, root: n.Effect) -> Done:
    """"You may …", "each player may …": each player named decides on resolution."""
    q = query(g.state)
    chooser = doers(q, e.player, ctx)
    did: list[str] = []
    done = False
    for pid in chooser:
        prompt = f"{pid} may {said_action(g, e.effect, ctx)}"
        if not g.ask(Decision(pid, "may", prompt, (True, False))):
            g.note("may", f"{pid} chooses not to {said_action(g, e.effect, ctx)}", "CR 508")
            continue
        # "each player may discard a card": the player deciding is the one who discards
        pctx = ctx.bind(acting=pid, deciding=(e.player, pid)) if e.player is not None else ctx
        d, after = execute(g, e.effect, pctx, root)
        ctx = after if e.player is None else after.bind(acting=ctx.bindings.get("acting"),
                                                         deciding=ctx.bindings.get("deciding"))
        if d:
            did.append(pid)
            done = True
    if e.player is not None:
        ctx = ctx.bind(did=tuple(did), asked=tuple(chooser))
    return done, ctx


def _conditional(g: Game, e: n.Conditional, ctx: Context, root: n.Effect) -> Done:
    q = query(g.state)
    binding = q.condition_binding(e.condition, ctx)
    words, figures = read_condition(g, e.condition, ctx)
    # "If you discarded a card named …" after a cost that discards: what the cost did (A-OWN-DONE)
    own = "A-OWN-DONE" if isinstance(e.condition, n.Happened) and e.condition.span is None and any(
        getattr(h, "kind", None) is type(e.condition.event) for h in ctx.bindings.get("cost done", ())) else None
    if not binding:
        if e.otherwise is not None:
            g.note("condition", f"condition not met on resolution ({words}): the other part happens", "FAQ GM 10",
                   own, figures=figures)
            return execute(g, e.otherwise, ctx, root)
        g.note("condition", f"condition not met on resolution ({words}): this part does nothing",
               "FAQ GM 10", own, figures=figures)
        return False, ctx
    g.note("condition", f"condition met on resolution ({words})", "FAQ GM 10", own, figures=figures)
    extra = {k: v for k, v in binding.items() if k.startswith("condition:")}
    return execute(g, e.effect, ctx.bind(**extra) if extra else ctx, root)


def _unless(g: Game, e: n.Unless, ctx: Context, root: n.Effect) -> Done:
    """"E unless C": a C that a player does ("unless its controller pays 3 endurance") is his
    choice, made on resolution; if he does it, E does not happen."""
    cond = e.condition
    q = query(g.state)
    doers: tuple[str, ...] = ()
    if isinstance(cond, n.Does):
        event = cond.event
        doers = (doer(q, _doer(event), ctx),)
    elif isinstance(cond, n.Some) and isinstance(cond.condition, n.Does):
        # "unless an opponent discards a card": each of them in turn may, until one does (A-UNLESS-ANY)
        event = cond.condition.event
        doers = q.players(cond.players, ctx)
    if doers:
        for pid in doers:
            if _can_do(g, event, ctx.bind(acting=pid)):
                if g.ask(Decision(pid, "may", f"{pid} may {said_action(g, event, ctx)} so that this does not happen: "
                                  f"{said(g, e.effect, ctx)}", (True, False))):
                    done, ctx2 = execute(g, event, ctx.bind(acting=pid), root)
                    if done:
                        g.note("unless", f"{pid} did it: \"{said(g, e.effect, ctx)}\" does not happen", "CR 508",
                               "A-UNLESS-ANY" if len(doers) > 1 else None)
                        return False, ctx
            else:
                g.note("unless", f"{pid} cannot {said_action(g, event, ctx)}", "CR 508")
        return execute(g, e.effect, ctx, root)
    words, figures = read_condition(g, cond, ctx)
    if q.holds(cond, ctx):
        g.note("unless", f"{words}: \"{said(g, e.effect, ctx)}\" does not happen", "CR 508", figures=figures)
        return False, ctx
    g.note("unless", f"{words}: \"{said(g, e.effect, ctx)}\" happens", "CR 508", figures=figures)
    return execute(g, e.effect, ctx, root)


def said(g: Game, node: object, ctx: Context) -> str:
    """Card text for a log line, its card's own name for ``~`` (a person reads the name)."""
    src = ctx.source
    return say_of(node, g.state.obj(src).card.name if src is not None and src in g.state.objects else None)


def said_action(g: Game, node: n.Effect, ctx: Context) -> str:
    """What an effect has a player do ("ready Hawkeye"), its card's own name for ``~``."""
    src = ctx.source
    return say_action_of(node, g.state.obj(src).card.name if src is not None and src in g.state.objects else None)


def read_condition(g: Game, cond: n.Condition, ctx: Context) -> tuple[str, Figures]:
    """A condition for a log line: its card text ("its ATK is greater than twice its printed ATK")
    then the values it read now ("qs's ATK 8 is not greater than twice qs's printed ATK 4 (8)"),
    and those values as the event's figures."""
    found: list[tuple[str, Figure]] = []
    reading = condition_read(query(g.state), cond, ctx, found)
    return f"\"{said(g, cond, ctx)}\": {reading}", tuple(found)


def _doer(event: n.Event) -> n.Selector | None:
    """Who does the event: its agent, or for an event that has none, the player whose it is
    ("its controller pays 3 endurance", "loses the game") — the roles its node has."""
    who: n.Selector | None = getattr(event, "agent") if hasattr(event, "agent") else getattr(event, "player", None)
    return who


def _can_do(g: Game, event: n.Event, ctx: Context) -> bool:
    """Can the player pay this ("unless its controller pays 3 endurance", "discards a card")? Its family says."""
    return rule(type(event)).can_do(g, event, ctx)


def _choose(g: Game, e: n.Choose, ctx: Context, root: n.Effect) -> Done:
    """"Choose a character …", "Choose two different team affiliations among …": a choice on
    resolution (not a target), which the card's ongoing powers read (FAQ SC 18, SC 26, SC 35)."""
    q = query(g.state)
    sel = e.selector
    # who chooses: the player the text names ("target opponent chooses …", each in turn for "each
    # opponent chooses …"), else the player acting
    who = doers(q, e.agent, ctx) if e.agent is not None else (doer(q, None, ctx),)
    pid = next(iter(who), acting(ctx))
    when = "CR 505" if ctx.bindings.get("as cost") else "CR 508"  # as a cost, on announcement
    if isinstance(sel, n.Filter) and kind_of(sel) == "choice":
        made = choose_value(g, pid, sel, ctx, when)
        if made is None:
            return False, ctx
        value, ctx = made
        return True, _bind_choice(g, ctx, f"chosen:{e.binding}", value)
    random = at_random(sel)
    picked: list[Any] = []
    count: Count = 1
    offered = False
    for pid in who:
        pctx = ctx if pid == acting(ctx) else ctx.bind(acting=pid)
        q = query(g.state)
        found = [x for x in q.select(sel, pctx) if x in g.state.objects and x not in picked]
        count, up_to = how_many(q, sel, pctx)
        if not found:
            g.note("choose", "nothing to choose: the effect chooses nothing", when)
            continue
        offered = True
        shown = said(g, _without_random(sel), pctx) if random else said(g, sel, pctx)
        mine = choose_objects(g, pid, found, count, f"{pid} chooses {shown}", up_to, random)
        if random:  # nobody picks it: each card is a line of play (assumption A-AT-RANDOM)
            g.note("choose", f"{pid} chooses {', '.join(mine) or 'nothing'} at random (not a target)", when,
                   "A-AT-RANDOM")
        else:
            g.note("choose", f"{pid} chooses {', '.join(mine) or 'nothing'} (not a target)", when)
        picked += mine
    if not who:
        g.note("choose", "nobody the text names is there to choose: the effect chooses nothing", when)
    if not offered:
        return False, ctx
    value = tuple(picked) if len(picked) != 1 or (isinstance(count, int) and count > 1) else picked[0]
    ctx = ctx.bind(chose=tuple(ctx.bindings.get("chose", ())) + tuple(picked))  # "… you haven't chosen yet"
    return True, _bind_choice(g, ctx, f"chosen:{e.binding}", value)


def _without_random(sel: n.Selector) -> n.Selector:
    """The selector without "at random" (the prompt says it once)."""
    if isinstance(sel, n.Filter):
        return n.evolve(sel, qualifiers=tuple(x for x in sel.qualifiers if not isinstance(x, n.AtRandom)))
    return sel


def choose_value(g: Game, pid: str, sel: n.Filter, ctx: Context, when: str) -> tuple[Any, Context] | None:
    """A value of the kind ``sel`` names ("a team affiliation", "two or more different team
    affiliations among …", "a Mutant trait", "a card type of your choice"), chosen by ``pid``: a
    decision the explorer follows like any other (a scenario scripts it with ``choose``). The
    value — a name, or a tuple of names for an affiliation or several — and the context that
    remembers it among the values this effect chose ("a card type you haven't chosen yet"), or
    ``None`` with nothing to choose."""
    q = query(g.state)
    number = q.amount(sel.quantity.n, ctx) if sel.quantity and sel.quantity.n is not None else 1
    more = sel.quantity is not None and sel.quantity.op == ">="  # "two or more different …"
    options: list[tuple[Any, ...]] = []
    for names in _choice_groups(q, sel, ctx):
        for size in range(number, len(names) + 1) if more else (number,):
            options += [c for c in itertools.combinations(names, size) if c not in options]
    if not options:
        g.note("choose", f"fewer than {number} {sel.kind}s to choose among: nothing chosen", when)
        return None
    if number == 1 and not more:
        article = "an" if sel.kind[:1] in "aeiou" else "a"
        chosen: Any = g.ask(Decision(pid, "choose", f"{pid} chooses {article} {sel.kind}",
                                     tuple(c[0] for c in options)))
        shown = chosen
        value: Any = (chosen,)
    else:
        said = f"{number} or more" if more else f"{number}"
        value = tuple(g.ask(Decision(pid, "choose", f"{pid} chooses {said} {sel.kind}s", tuple(options))))
        shown = " and ".join(map(str, value))
    # "choose a Mutant trait": Mental, Energy or Physical (X-Men FAQ GM 1)
    g.note("choose", f"{pid} chooses {shown}", when + (" [FXM]" if sel.kind == "trait" else ""),
           "A-CHOSEN-VALUES" if sel.kind in ("card name", "number") else None)
    ctx = ctx.bind(chose=tuple(ctx.bindings.get("chose", ())) + tuple(value))
    return (value if number > 1 or more or sel.kind == "affiliation" else value[0]), ctx


def _choice_groups(q: Query, sel: n.Filter, ctx: Context) -> list[list[Any]]:
    """The names a choice is made among: those of "among …" objects, or the ones the text names
    ("Choose a Mutant trait"), or every affiliation of a card in the game; for "choose an
    identity", every identity of a character card in the game. "Among characters you control that
    share the same Mutant trait": one group per trait they could share, the names chosen together
    all from one group."""
    named = [x.name for x in sel.qualifiers if isinstance(x, n.Name)]
    if any(isinstance(x, n.NotChosenYet) for x in sel.qualifiers):  # "a card type you haven't chosen yet"
        chose = ctx.bindings.get("chose", ())
        unchosen = replace(sel, qualifiers=tuple(x for x in sel.qualifiers if not isinstance(x, n.NotChosenYet)))
        return [[x for x in names if x not in chose] for names in _choice_groups(q, unchosen, ctx)]
    if sel.kind == "card type":  # "a card type of your choice" (Marvel Universe FAQ 2): the game's four
        return [sorted(t.value for t in CardType)]
    if sel.kind == "card name":  # the names of the cards in the game (assumption A-CHOSEN-VALUES)
        return [sorted({o.card.name for o in q.s.objects.values()})]
    if sel.kind == "number":  # 0 to the greatest number a card in the game prints (assumption A-CHOSEN-VALUES)
        printed = [v for o in q.s.objects.values() for v in (o.card.cost, o.card.atk, o.card.defense) if v is not None]
        return [list(range(0, max(printed, default=0) + 1))]
    if sel.kind == "trait" and [x.lower() for x in named] == ["mutant"]:
        return [sorted(MUTANT_TRAITS)]  # "choose a Mutant trait": Mental, Energy or Physical (X-Men FAQ GM 1)
    if named:
        return [named]
    among = [x for x in sel.qualifiers if isinstance(x, n.Among)]
    if not among:
        return [_names_of(q, sel, [o.id for o in q.s.objects.values()])]
    of = among[0].of
    same = [x for x in of.qualifiers if isinstance(x, n.Shares) and x.same and x.of is None] \
        if isinstance(of, n.Filter) else []
    if not same or not isinstance(of, n.Filter):
        return [_names_of(q, sel, q.select(of, ctx))]
    pool = [x for x in q.select(replace(of, qualifiers=tuple(x for x in of.qualifiers if x is not same[0])), ctx)
            if x in q.s.objects]
    values = {x: q.share_values(same[0], q.s.obj(x)) for x in pool}
    return [_names_of(q, sel, [x for x in pool if v in values[x]])
            for v in sorted(set().union(*values.values()))]


def _names_of(q: Query, sel: n.Filter, pool: Iterable[str]) -> list[str]:
    """The affiliations (identities for "choose an identity") of the objects of ``pool``, sorted."""
    names: list[str] = []
    for x in pool:
        if x in q.s.objects:
            o = q.s.obj(x)
            if sel.kind == "identity" and o.card.type is not CardType.CHARACTER:
                continue
            for a in sorted(q.identities(o) if sel.kind == "identity" else q.affiliations(o)):
                if a not in names:
                    names.append(a)
    return sorted(names)


def _bind_choice(g: Game, ctx: Context, key: str, value: Any) -> Context:
    if ctx.source and ctx.source in g.state.objects:
        o = g.state.obj(ctx.source)
        g.set(g.state.with_object(replace(o, bindings=o.bindings.set(key, value))))
    return ctx.bind(**{key: value})


_LASTING: dict[str, Lasting] = {"turn": "turn", "attack": "attack", "phase": "turn"}


def _duration(d: n.Duration) -> Lasting:
    return _LASTING.get(d.span or "", "permanent")


def _next_step(d: n.Duration) -> n.Step | None:
    """The step of "… during your next recovery phase", if the modifier says one."""
    w = d.while_
    for c in (w.conditions if isinstance(w, n.All) else (w,)):
        if isinstance(c, n.During) and c.step.next:
            return c.step
    return None


def _until_next(g: Game, step: n.Step, ctx: Context, subject: n.Selector) -> tuple[Lasting, Context]:
    """"… during your next recovery phase": the modifier applies only during that phase and
    lasts to its end — the first recovery phase that is "yours" (the initiative player's, as
    "your recovery phase" is read: query.during) to begin after the effect; said during a recovery
    phase, not this one (``next_after``: the turn it was said in; turn.wrap_up ends it; assumption
    A-NEXT-STEP). "Its controller's next recovery phase" is the same phase of the player who controls
    the object the modifier is about as it resolves (``next_player``; the effect's controller if it is
    gone). Only the recovery phase is said so (support refuses another step)."""
    s = g.state
    begun = s.phase == "recovery"
    pid, said = ctx.controller, "your"
    if step.whose == "its controller":
        found = [s.obj(x) for x in query(s).select(subject, ctx) if x in s.objects]
        pid = found[0].controller if found and found[0].controller is not None else ctx.controller
        said = "its controller's"
        ctx = ctx.bind(next_player=pid)
    g.note("duration", f"\"during {said} next {step.name}\": it lasts to the end of the first recovery phase "
           f"{pid} has the initiative in{', after this one' if begun else ''}", "CR 408", "A-NEXT-STEP")
    return "next recovery", (ctx.bind(next_after=s.turn) if begun else ctx)


def _freeze(change: n.Change, q: Query, ctx: Context, flagged: frozenset[str] = frozenset()) -> tuple[n.Change, ...]:
    """Amounts of an effect's modifier are calculated once, on resolution (FAQ SC 28, SC 37): a
    stat's, and a cost's ("your next character costs 1 less … for each press card you recruited
    this turn": those recruited as it resolves); so is what it copies: "gains the powers and
    keywords of NP" gives what NP's objects have as the effect resolves, printed or gained, kept
    even if they lose them (DC Legends FAQ [FDL]) — each power as the affected object's own, its ~
    that object. What it affects (``flagged``) copies nothing from itself."""
    if isinstance(change, (n.StatChange, n.CostChange)) and not isinstance(change.amount, n.Fixed):
        value = q.amount(change.amount, ctx)
        fixed: n.Amount = n.Fixed(value) if value >= 0 or isinstance(change, n.StatChange) else n.Negative(n.Fixed(-value))
        return (replace(change, amount=fixed),)
    if isinstance(change, n.KeywordChange) and change.of is not None:
        kws = sorted({k for x in _copied_from(q, change.of, ctx, flagged) for k in q.keywords(q.s.obj(x))})
        return (n.KeywordChange(tuple(kws), change.how, word="gain"),) if kws else ()
    if isinstance(change, n.GainPowers):
        return tuple(n.GainPower(line.node if line.block is None or line.keyword is None
                                 else n.KeywordPower(line.keyword, line.node))
                     for x in _copied_from(q, change.of, ctx, flagged) for line in q.powers_in_play(q.s.obj(x)))
    return (change,)


def _copied_from(q: Query, of: n.Selector, ctx: Context, flagged: frozenset[str]) -> list[str]:
    return [x for x in q.select(of, ctx) if x in q.s.objects and x not in flagged]


def _modify(g: Game, e: n.Modify, ctx: Context, root: n.Effect) -> Done:
    """Create a continuous modifier. If it alters a quality it flags what it affects now;
    otherwise it applies to whatever matches while it lasts (FAQ SC 4, SC 1, SC 29)."""
    q = query(g.state)
    mid, s = g.state.fresh_id()
    g.set(s)
    duration = _duration(e.duration)
    upto = _next_step(e.duration)
    if upto is not None:
        duration, ctx = _until_next(g, upto, ctx, e.subject)
    text = said(g, e, ctx)
    if kind_of(e.subject) == "player":
        changes = tuple(f for c in e.changes for f in _freeze(c, q, ctx))
        players = q.players(e.subject, ctx)
        mod = Modifier(mid, ctx, changes, None, None, players, duration, e.duration.while_)
        g.note("modifier", f"{text} — applies to {', '.join(players)}", "CR 512")
    elif alters_quality(e.changes):
        found = [x for x in q.select(e.subject, ctx) if x in g.state.objects]
        count, up_to = how_many(q, e.subject, ctx)
        if isinstance(count, int) and not isinstance(e.subject, n.Ref):
            # "a character of your choice gets …": chosen on resolution (FAQ SC 24)
            pid = doer(q, None, ctx)
            found = choose_objects(g, pid, found, count, f"{pid} chooses {said(g, e.subject, ctx)}", up_to,
                                   at_random(e.subject))
        flagged = frozenset(found)
        changes = tuple(f for c in e.changes for f in _freeze(c, q, ctx, flagged))
        _say_copied(g, e, changes, ctx, flagged)
        mod = Modifier(mid, ctx, changes, e.subject, flagged, (), duration, e.duration.while_)
        shown = ", ".join(sorted(flagged)) or "nothing"
        g.note("flag", f"{text} — alters a quality, so it flags {shown} now", "FAQ SC 4, SC 13",
               objects=tuple(sorted(flagged)))
    else:
        changes = tuple(f for c in e.changes for f in _freeze(c, q, ctx))
        mod = Modifier(mid, ctx, changes, e.subject, None, (), duration, e.duration.while_)
        g.note("modifier", f"{text} — alters no quality, so it applies to whatever matches while it lasts",
               "FAQ SC 1, SC 29")
    if any(isinstance(c, n.StatSwitch) for c in changes):
        g.note("modifier", "ATK and DEF are switched after every other modifier and counter, made before or after",
               "CR 512", "A-SWITCH")
    g.set(replace(g.state, modifiers=g.state.modifiers + (mod,)))
    return True, ctx


def _say_copied(g: Game, e: n.Modify, changes: tuple[n.Change, ...], ctx: Context, flagged: frozenset[str]) -> None:
    """The log says what "gains the powers and keywords of NP" copied, as it resolves."""
    q = query(g.state)
    for c in e.changes:
        of = c.of if isinstance(c, (n.GainPowers, n.KeywordChange)) else None
        if of is not None:
            sources = ", ".join(_copied_from(q, of, ctx, flagged)) or "nothing"
            if isinstance(c, n.GainPowers):
                holder = q.s.obj(next(iter(flagged))).card.name if len(flagged) == 1 else None
                got = [say_of(x.power, holder) for x in changes if isinstance(x, n.GainPower)]
                what = f"{len(got)} power{'s' if len(got) != 1 else ''}" + (": " + "; ".join(got) if got else "")
            else:
                kws = [k for x in changes if isinstance(x, n.KeywordChange) and x.of is None for k in x.keywords]
                what = "the keywords " + ", ".join(kws) if kws else "no keyword"
            g.note("modifier", f"{', '.join(sorted(flagged)) or 'nothing'} copies from {sources}, as this resolves, "
                   f"{what} (its self-references are to the one that has it), and keeps them while the modifier lasts",
                   "[FDL]")


def _create_replacement(g: Game, e: n.CreateReplacement, ctx: Context, root: n.Effect) -> Done:
    rid, s = g.state.fresh_id()
    rep = Replacement(rid, ctx, e.instead, _duration(e.duration))
    g.set(replace(s, replacements=s.replacements + (rep,)))
    g.note("replacement", f"replacement modifier: {said(g, e, ctx)}", "FAQ GM 8")
    return True, ctx


def _delayed(g: Game, e: n.Delayed, ctx: Context, root: n.Effect) -> Done:
    did, s = g.state.fresh_id()
    once = isinstance(e.trigger, (n.AtStart, n.AtEnd))
    span = _duration(e.duration)
    d = Delayed(did, ctx.stamped(s), e.trigger, e.effect, "turn" if span == "turn" else "permanent", once)
    g.set(replace(s, delayed=s.delayed + (d,)))
    g.note("delayed", f"a triggered modifier waits: {said(g, e, ctx)}", "CR 512 [CCR]")
    return True, ctx


def _nothing(g: Game, e: n.Nothing, ctx: Context, root: n.Effect) -> Done:
    return False, ctx


_HANDLERS: dict[type[n.Effect], Handler] = {
    n.Sequence: _sequence,
    n.May: _may,
    n.IfDone: lambda g, e, ctx, root: _if_done(g, e, ctx, root, True),
    n.Conditional: _conditional,
    n.Unless: _unless,
    n.Choose: _choose,
    n.Repeat: _repeat_alone,
    n.Modify: _modify,
    n.CreateReplacement: _create_replacement,
    n.Delayed: _delayed,
    n.Nothing: _nothing,
}

#: The forms an effect can take (an event is its family's: :data:`vsoracle.engine.rules.RULES`).
EFFECT_FORMS = frozenset(_HANDLERS)


# =============================================================================================
# Events as effects
# =============================================================================================

def acting(ctx: Context) -> str:
    """The player acting: the effect's controller, or the player a "you may", "each player may"
    or "if he does" is about (his ``acting`` binding)."""
    return ctx.bindings.get("acting") or ctx.controller


def doers(q: Query, node: n.Selector | None, ctx: Context) -> tuple[str, ...]:
    """Who does a step of card text, and so makes every decision the step asks — which objects,
    how many, in what order, whether: the one place a step's chooser is worked out (:func:`doer`
    for the one player of a step that has one). The players the step's subject names (CR 508: an
    effect does what its text says, and its text names who does it): "that character's controller
    stuns another non-stunned character he controls" — the defending character's controller
    chooses which (FAQ GM 8's example: "he must choose one"); "target player replaces a … he
    controls" — the target player chooses which resource (the FAQ's ruling on that text); "its controller
    may …"; "each player discards a card" — each player, for his own (under "each player may …",
    the one deciding now); perhaps nobody ("each player who controls …"; "its controller …", "it"
    gone and back). With no subject, or one that names no player, the player acting
    (:func:`acting`)."""
    if node is None:
        return (acting(ctx),)
    deciding = ctx.bindings.get("deciding")
    if deciding is not None and node == deciding[0]:
        # the subject of "each player may …" does it one player at a time: the one deciding
        return (deciding[1],)
    if isinstance(node, (n.Filter, n.ControllerOf, n.OwnerOf)):
        # "each player who controls …": perhaps nobody; "its controller …", "it" a card that has
        # left play and come back since (a new object the effect does not name, CR 212.5e,
        # assumption A-NEW-OBJECT-REFS and the FAQ ruling it rests on): nobody — the effect
        # resolves and does nothing
        return q.players(node, ctx)
    return q.players(node, ctx) or (acting(ctx),)


def doer(q: Query, node: n.Selector | None, ctx: Context) -> str:
    """The player who does a step of one player and makes its decisions (:func:`doers`: the
    first it names; the player acting if it names nobody)."""
    return next(iter(doers(q, node, ctx)), acting(ctx))


def each_doer_picks(g: Game, e: Any, ctx: Context, what: str) -> list[tuple[str, str]]:
    """The objects a step's verb is done to, each with the player who does it: for each player
    who does the step (:func:`doers`: "each player stuns a character he controls" — each, in seat
    order, chooses among his own: "he" is the one doing it), those the text names or he picks on
    resolution ("{pid} chooses {what}")."""
    q = query(g.state)
    out: list[tuple[str, str]] = []
    for pid in doers(q, getattr(e, "agent", None), ctx):
        pctx = ctx if pid == acting(ctx) else ctx.bind(acting=pid)
        out += [(pid, x) for x in step_objects(g, e.object, pctx, pid, f"{pid} chooses {what}")
                if x not in [y for _p, y in out]]
    return out


def record(ctx: Context, k: int | None, objects: Iterable[Any], done: Iterable[Happening] = (),
            moved: Iterable[str] = (), revealed: Iterable[str] = ()) -> Context:
    b = ctx.bindings
    items: dict[str, Any] = {}
    if k is not None:
        items[f"acted:{k}"] = tuple(objects)
    done = tuple(done)
    if done:
        items["done"] = tuple(b.get("done", ())) + done
    moved = tuple(moved)
    if moved:
        items["moved"] = tuple(b.get("moved", ())) + moved
    revealed = tuple(revealed)
    if revealed:
        items["revealed"] = tuple(b.get("revealed", ())) + revealed
    return ctx.bind(**items) if items else ctx


def effect_roles(ctx: Context) -> dict[str, Any]:
    """The roles an effect gives the events it makes: its source card does them, its link."""
    link = ctx.bindings.get("link")
    return {"agent": ctx.source, "effect": link}


def _event(g: Game, e: n.Event, ctx: Context, root: n.Effect) -> Done:
    """An event as an effect: its family does it, knowing its step number in the effect ("reveal
    it": what step k acted on); an event card text cannot make happen is refused."""
    family = RULES.get(type(e))
    if family is None or not family.effect:
        raise IllegalActionError(f"vsoracle cannot yet play \"{say(e)}\" as an effect",
                                 hint="this card text parses but vsoracle cannot play it yet")
    return family.do(g, e, ctx, _step_numbers(root).get(id(e)))


def at_once(g: Game, picked: list[str]) -> GameState | None:
    """One effect that does the same thing to several objects ("Stun all characters", "Return two
    target characters …") does it to all at once: each event sets off triggers as the position was
    before any of them (digest §6.1 [S:CCR], the trigger's picture; assumption A-LOOK-BACK), so the
    answer does not hang on the order vsoracle happens to take them in. ``None`` for one object."""
    return g.state if len(picked) > 1 else None


def on_objects(g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None, verb: LogKind,
               done_word: str = "", ready: Callable[[GameObject], bool] | None = None) -> Done:
    """A verb done to objects ("stun target character", "KO ~"): each object the text names, or
    the player who does it (:func:`doer`: "that character's controller stuns …") picks on resolution, gets its own event through the pipeline, all at once
    (:func:`at_once`). As a cost (``cost``), paid on announcement: the objects the step names,
    or the payer's choice among those that can pay it (``ready``, and no "cannot" forbids it), all
    of them or :class:`IllegalActionError` (CR 505; digest §2.4 [S:FWS])."""
    kind = type(e)
    if cost is not None:
        pid = cost.payer
        done_word = done_word or f"{verb}ed"
        if isinstance(e.object, n.Self):
            cur = g.state.obj(cost.source)
            if cur.zone is not Zone.IN_PLAY or (ready is not None and not ready(cur)):
                raise IllegalActionError(f"{pid} cannot pay the cost: {cur.id} cannot be {done_word}")
            pay_event(g, cost, ctx, happening(kind, object=cur.id, agent=pid, why="a cost", cite="CR 505"),
                      f"{cur.id} cannot be {done_word}")
            return True, ctx
        found = [x for x in cost_candidates(g, cost, e.object, ctx)
                 if (ready is None or ready(g.state.obj(x))) and cost_allowed(g, kind, x, pid)]
        for x in cost_pick(g, cost, found, cost_count(query(g.state), e.object, ctx), verb):
            pay_event(g, cost, ctx, happening(kind, object=x, agent=pid, why="a cost", cite="CR 505"),
                      f"{x} cannot be {done_word}")
        return True, ctx
    picked = [oid for _pid, oid in each_doer_picks(g, e, ctx, f"what to {verb}")]
    if not picked:
        g.note(verb, f"nothing to {verb}", "CR 508")
    done: list[str] = []
    happened: list[Happening] = []
    picture = at_once(g, picked)
    for oid in picked:
        h = happening(kind, object=oid, **effect_roles(ctx), why=ctx.bindings.get("why", "an effect"))
        if perform(g, h, ctx, before=picture):
            done.append(oid)
            happened.append(h)
    return bool(done), record(ctx, k, done or picked, happened)


# =============================================================================================
# Costs: the same events, paid on announcement (CR 505)
# =============================================================================================

def pay_event(g: Game, cost: Cost, ctx: Context, h: Happening, what: str) -> None:
    """One event of a cost through the pipeline; one that does not happen (a "cannot", a
    replacement) is not paid, and the cost cannot be (CR 505: all of it or nothing)."""
    if not perform(g, h, ctx):
        raise IllegalActionError(f"{cost.payer} cannot pay the cost: {what}")
    oid = h.get("object")
    if oid is not None:
        cost.acted(oid)


def cost_pick(g: Game, cost: Cost, candidates: list[str], count: int, verb: str) -> list[str]:
    """The objects a cost uses: those the step names (``costs = [...]``), else the payer's choice;
    fewer than the cost needs is a cost that cannot be paid."""
    pid = cost.payer
    named = [x for x in cost.given if x in candidates] if cost.given else None
    if named:
        picked = named[:count]
        for x in picked:
            cost.given.remove(x)
    else:
        if len(candidates) < count:
            raise IllegalActionError(f"{pid} cannot pay the cost: no card to {verb}"
                                     if not candidates else f"{pid} cannot pay the cost: not enough cards to {verb}")
        picked = choose_objects(g, pid, candidates, count, f"{pid} chooses what to {verb} as a cost")
    if len(picked) < count:
        raise IllegalActionError(f"{pid} cannot pay the cost: not enough cards to {verb}")
    return picked


def cost_count(q: Query, sel: n.Selector | None, ctx: Context) -> int:
    """How many objects a cost takes: the number its noun phrase says, else one."""
    if isinstance(sel, n.Filter) and sel.quantity is not None and sel.quantity.n is not None:
        return q.amount(sel.quantity.n, ctx)
    return 1


def cost_one(g: Game, cost: Cost, sel: n.Selector | None, ctx: Context) -> list[str]:
    """The one object a cost acts on ("Remove a +1 ATK counter from ~", "Turn a resource face
    down"): the card itself for "~", else the one the step names or the payer picks."""
    found = [cost.source] if isinstance(sel, n.Self) else cost_candidates(g, cost, sel, ctx)
    return cost_pick(g, cost, found, 1, "use")


def cost_candidates(g: Game, cost: Cost, sel: n.Selector | None, ctx: Context,
                    pool: list[str] | None = None) -> list[str]:
    """The objects that could pay a cost: those its noun phrase names (among ``pool``), never the
    card being played or used itself unless the text says "~"."""
    q = query(g.state)
    if isinstance(sel, n.Filter) and pool is not None and not q.zones_of(sel):
        # every kind of "a character or plot twist card", not the first alone
        objects, source, quals = g.state.objects._data, cost.source, sel.qualifiers  # (the table's own dict)
        found = []
        for x in pool:
            if x != source:
                o = objects[x]
                if q.kind_fits(sel, o) and (not quals or all(q.qual(k, o, ctx) for k in quals)):
                    found.append(x)
        return found
    return [x for x in q.select(sel, ctx) if x in g.state.objects and x != cost.source]


def cost_amount(g: Game, cost: Cost, amount: n.Amount | None, ctx: Context) -> int:
    """The number a cost pays: its amount, or for X the number the step gives (``pay = N``), and
    then X is that number for the rest of the card's text. A step that gives no number pays X = 0,
    the player's choice left unexplored."""
    assert amount is not None  # a cost says how much ("Pay 3 endurance")
    if not isinstance(amount, n.X):
        return query(g.state).amount(amount, ctx)
    if cost.pay is None and "x" not in cost.binds:
        g.note("default", f"X is 0 for {cost.source}: the step gives no pay = N (X is {cost.payer}'s choice; "
               "not explored)", "scenario default, not explored")
    paid = cost.pay if cost.pay is not None else query(g.state).amount(amount, ctx)
    cost.binds["x"] = paid
    return paid


def cost_allowed(g: Game, kind: type[n.Event], oid: str, pid: str) -> bool:
    """Can this object pay a cost that does ``kind`` to it? Not if a "cannot" forbids it ("cannot be
    KO'd this turn"): a cost is paid in full or not at all (rules digest §2.4 [S:FWS]), so a player
    chooses among the objects that can pay it."""
    return query(g.state).prohibition(happening(kind, object=oid, agent=pid)) is None


def hand_cards(g: Game, sel: n.Selector | None, ctx: Context, pid: str) -> list[str]:
    q = query(g.state)
    hand = g.state.player(pid).hand
    if sel is None:
        return list(hand)
    if isinstance(sel, n.Filter) and not q.zones_of(sel):
        return [x for x in hand if q.kind_fits(sel, g.state.obj(x))  # every kind of "X or Y card"
                if all(q.qual(qq, g.state.obj(x), ctx) for qq in sel.qualifiers)]
    return [x for x in q.select(sel, ctx) if x in hand]


@overload
def without_zone(sel: n.Selector) -> n.Selector: ...
@overload
def without_zone(sel: n.Selector | None) -> n.Selector | None: ...


def without_zone(sel: n.Selector | None) -> n.Selector | None:
    """A filter matched against a zone's cards, whatever its own zone says."""
    if isinstance(sel, n.Filter):
        kinds = " or ".join(k if k.endswith("card") or k == "card" else f"{k} card" for k in sel.kind.split(" or "))
        return replace(sel, kind=kinds, quantity=None)
    if isinstance(sel, n.Either):
        return n.Either(tuple(without_zone(o) for o in sel.options))
    return sel


def to_each(g: Game, e: Any, ctx: Context, k: int | None, verb: LogKind, one: bool = False, **roles: Any) -> Done:
    """A verb the player who does it (:func:`doer`: "target player replaces …") does to each
    object the text names or he picks on resolution,
    one after another ("replace target resource", "turn a resource face down", "remove target
    character from the attack"; ``one``: to the first only), each its own event through the
    pipeline with the family's ``roles``."""
    picked = each_doer_picks(g, e, ctx, f"what to {verb}")
    if one and len(picked) > 1:
        picked = picked[:1]
    done: list[str] = []
    for pid, oid in picked:
        if perform(g, happening(type(e), object=oid, agent=pid, **roles), ctx):
            done.append(oid)
    if not picked:
        g.note(verb, f"nothing to {verb}", "CR 508")
    return bool(done), record(ctx, k, done)
