"""Triggered powers (CR 502, 506; FAQ GM 7, GM 9).

A power triggers when a happening matches its event pattern (:mod:`.patterns`).

When an event happens, every active triggered power (and every triggered modifier an effect
created) whose pattern matches is remembered as a :class:`PendingTrigger` — a picture taken at
that instant; :func:`vsoracle.engine.chain.flush` puts them on the chain before the next player
gets priority.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..cards import CardType
from ..text import nodes as n
from .fmap import owning
from .game import Game
from .heeded import heeded, timed
from .patterns import event_kinds, pattern_matches
from .powers import PowerLine, holders, per_node, powers
from .query import STEP_NAMES, ZONES, Query, query
from .state import CHAIN, Context, GameObject, GameState, Happening, PendingTrigger, PhaseName, StepName, Zone
from .values import replace, wide_copy
from .words import say, say_of

__all__ = ["pattern_matches", "fire", "fire_start", "leading_condition", "STEP_NAMES"]

@per_node
def leading_condition(effect: n.Effect) -> n.Condition | None:
    """The condition a triggered power's text opens with ("At the start of …, if …, …"), if any:
    it governs the whole power (FAQ GM 9: "a single triggered power")."""
    if isinstance(effect, n.Conditional):
        return effect.condition
    if isinstance(effect, n.Sequence) and effect.steps and isinstance(effect.steps[0], n.Conditional):
        return effect.steps[0].condition
    return None


def _sources(state: GameState, o: GameObject) -> list[tuple[n.Triggered, bool, str | None]]:
    """The triggered powers of ``o`` that are active in ``state``, each with whether it is
    ongoing and the assumption it rests on (a keyword's reminder text read as its power,
    assumption A-REMINDER); a power that says "if <this card> is in your <zone>" works from that
    zone (FAQ SC 25; assumption A-ZONE-TRIGGER), and a card's own "Whenever ~ is discarded" from the
    KO'd pile its discard put it in (World's Finest FAQ 3 [FWF])."""
    q = query(state)
    out: list[tuple[n.Triggered, bool, str | None]] = []
    for line in powers(o.card, n.Triggered):
        node = line.node
        why = _reminder(line)
        if q.power_active(o, line) and (o.zone is not Zone.RESOURCE_ROW or o.card.type is not CardType.CHARACTER):
            if o.zone is Zone.RESOURCE_ROW and o.card.type is CardType.PLOT_TWIST and line.block != "ongoing":
                continue
            out.append((node, line.block == "ongoing", why))
        elif line.block == "insanity" and not q.insane_text(o):
            continue  # "Insanity: <text>": active only if its card started the game in an insane deck
        elif _works_from(node, o) or (o.zone is Zone.CHAIN and _own_arrival(node)):
            out.append((node, False, why))
        elif o.zone is Zone.KO_PILE and _own_discard(node):
            out.append((node, False, "[FWF]"))
        elif o.zone is Zone.KO_PILE and _own_arrival_in_pile(node):
            out.append((node, False, "A-INTO-PILE"))
    if o.zone is Zone.IN_PLAY:
        for gline, _mod in q._gained(o):
            if isinstance(gline.node, n.Triggered) and q.gained_active(o, gline):
                out.append((gline.node, False, None))
    return out


def _reminder(line: PowerLine[Any]) -> str | None:
    """A-REMINDER if the power is a keyword's reminder text (a keyword vsoracle has no rule for)."""
    from .keywords import is_known

    k = line.keyword
    if k is None or line.block is not None or is_known(k, False):
        return None
    return "A-REMINDER"


def _own_arrival(node: n.Triggered) -> bool:
    """"When you recruit ~" works while ~ is on the chain: the power triggers on top of the
    recruit effect and resolves first (FAQ GM 7)."""
    t = node.trigger
    return isinstance(t, n.Whenever) and isinstance(t.event, (n.Recruit, n.Play)) and isinstance(t.event.object, n.Self)


def _own_discard(node: n.Triggered) -> bool:
    """"Whenever ~ is discarded": "A card can be discarded only from hand, so these powers trigger
    only when a card enters a KO'd pile from a player's hand" (World's Finest FAQ 3 [FWF]) — the
    power of the discarded card itself, which is in its owner's KO'd pile as the event happens (only
    its own discard matches: a card in a KO'd pile is discarded no more)."""
    t = node.trigger
    return isinstance(t, n.Whenever) and isinstance(t.event, n.Discard) and isinstance(t.event.object, n.Self)


def _own_arrival_in_pile(node: n.Triggered) -> bool:
    """"When ~ is put into your KO'd pile [from …]": the power of the card itself, which is in
    that pile as the event happens (from play, it is seen in play, the picture before: A-LOOK-BACK);
    only its own arrival matches (assumption A-INTO-PILE)."""
    t = node.trigger
    if not isinstance(t, n.Whenever) or not isinstance(t.event, n.Move) or not isinstance(t.event.object, n.Self):
        return False
    place = t.event.to
    return place is not None and place.zone is not None and place.zone.names == ("ko pile",)


def _works_from(node: n.Triggered, o: GameObject) -> bool:
    cond = leading_condition(node.effect)
    conds = cond.conditions if isinstance(cond, n.All) else (cond,) if cond is not None else ()
    for c in conds:
        if isinstance(c, n.Is) and isinstance(c.subject, n.Self):
            for qual in c.qualifiers:
                if isinstance(qual, n.InZone) and qual.zone is not None:
                    return any(ZONES.get(x) is o.zone for x in qual.zone.names)
    return False


def _controller(o: GameObject) -> str:
    return o.controller if o.zone in (Zone.IN_PLAY, Zone.CHAIN) else o.owner


def _looks_back(before: GameState, after: GameState, h: Happening) -> bool:
    """Did the event take its object out of play, or stun it (its text box goes inactive, FAQ
    GM 2): it was an active object in ``before`` and is not one now? Or out of a resource row
    (a resource KO'd, replaced or returned is no resource after it)?"""
    oid = h.get("object")
    if not isinstance(oid, str) or oid not in before.objects or oid not in after.objects:
        return False
    was, now = before.obj(oid), after.obj(oid)
    if was.zone is Zone.RESOURCE_ROW:  # a resource KO'd or moved: "a resource you control" as it was
        return now.zone is not Zone.RESOURCE_ROW
    if was.zone is not Zone.IN_PLAY:
        return False
    return now.zone is not Zone.IN_PLAY or (now.stunned and not was.stunned)


def fire(g: Game, h: Happening, before: GameState | None = None, unheeded: GameState | None = None) -> None:
    """An event happened: remember every trigger it sets off (CR 502, "a picture"), and the
    turn remembers the event ("… this turn").

    The picture is taken at the instant of the event (digest §6.1 [S:CCR]). An event that takes
    an object out of play (a KO, a return to hand, leaving play) or stuns it is pictured as the
    position was just before it (``before``): the object's own powers ("When ~ leaves play",
    "Whenever ~ becomes stunned") and patterns such as "a character you control" see it as it
    was (assumption A-LOOK-BACK). ``unheeded``: a position the caller found nothing in heeds the
    event's kind (:func:`~.effects.perform`'s check), not asked again."""
    s = g.state
    kind = h.kind
    if (s is unheeded or not heeded(s, kind)) \
            and (before is None or before is s or before is unheeded or not heeded(before, kind)):
        # no power or delayed trigger of the game waits for its kind: only the turn remembers it
        # (the state copied straight: its one changed field is its own)
        g.set(wide_copy(s, {"turn_log": s.turn_log + (remembered(s, h),)}))
        return
    seen = before if before is not None and _looks_back(before, s, h) else s
    q = query(seen)
    found: list[PendingTrigger] = []
    cites: list[str | None] = []
    look_back = "A-LOOK-BACK" if seen is not s else None
    if h.get("landed"):  # a card another event or a rule put into a pile (assumption A-INTO-PILE)
        look_back = "A-INTO-PILE"
    for o, node, pattern, ongoing, why in _listening(seen).get(h.kind, ()):
        ctx = Context(_controller(o), o.id)
        binds = pattern_matches(q, pattern, h, ctx)
        if binds is not None and _holds_as_it_happens(q, node.trigger, ctx.bind(**binds)):
            found.append(PendingTrigger(ctx.controller, o.id, node.effect, ctx.bind(**binds), ongoing,
                                        None, say_of(node, o.card.name)))
            cites.append(why or look_back)
    for d in s.delayed:
        if isinstance(d.trigger, n.Whenever):
            binds = pattern_matches(q, d.trigger.event, h, d.context)
            if binds is not None and _holds_as_it_happens(q, d.trigger, d.context.bind(**binds)):
                found.append(PendingTrigger(d.context.controller, d.context.source, d.effect,
                                            d.context.bind(**binds), False, d.id,
                                            say_of(n.Triggered(d.trigger, d.effect), _name(s, d.context.source))))
                cites.append(look_back)
    g.set(replace(g.state, turn_log=g.state.turn_log + (remembered(g.state, h),)))
    _remember(g, found, cites)


def remembered(s: GameState, h: Happening) -> Happening:
    """The event as the turn remembers it ("… this turn"), in one copy of its roles:

    * without what only its log line says (``how``, ``figures``): what happened, not how it was worded;
    * with the incarnation of each object it names (``as_of``; 0, a card in play from the start or
      never in play, is left out), so that "if ~ attacked this turn" asks about this object, not an
      earlier one of its card (CR 212.5e, :meth:`Happening.names_now`). A card on the chain is on its
      way into play (a recruit, CR 301.4): it is recruited as the object it becomes. A set, not a
      sequence, so the order of the turn's events still means nothing (``engine.equivalence``);
    * with the phase it happened in (``phase``), so that "for the first time in a phase" and "… this
      phase" count the events of the phase now (a turn has each phase once: CR 400; assumption
      A-FIRST-TIME)."""
    roles = h.roles._data.copy()  # (the map's own dict, copied at C speed)
    if "how" in roles or "figures" in roles or "landed" in roles:  # (_WORDING; most events have none)
        for role in _WORDING:
            roles.pop(role, None)
    stamp = _stamp(s.objects._data, roles)
    if stamp is not None:
        roles["as_of"] = stamp
    roles["phase"] = s.phase
    return Happening(h.kind, owning(roles))  # (``roles``: a copy made for it)


def _holds_as_it_happens(q: Query, trigger: n.Trigger, ctx: Context) -> bool:
    """A trigger's condition on its event ("Whenever a character you control becomes stunned during
    combat"), read in the picture the event is seen in (CR 502): no condition, or it holds."""
    condition = trigger.condition if isinstance(trigger, n.Whenever) else None
    return condition is None or bool(q.holds(condition, ctx))


#: Roles whose values are never object ids (zones, a chain link).
_NOT_OBJECTS = frozenset(("origin", "to", "link", "as_of"))


def _stamp(objects: Mapping[str, GameObject], roles: Mapping[str, Any]) -> frozenset[tuple[str, int]] | None:
    """:func:`remembered`'s ``as_of``: each object the roles name (``objects``: the state's table)
    with its incarnation (0 left out); ``None`` when they name no object (a player's endurance has
    no object's history to tell apart)."""
    found: list[tuple[str, int]] | None = None
    named = False
    for role, value in roles.items():
        plain = type(value)
        if plain is str:  # most roles: one id, a player, a word (asked of the table first)
            o = objects.get(value)
            if o is None or role in _NOT_OBJECTS:
                continue
            named_now: tuple[GameObject, ...] | list[GameObject] = (o,)
        elif plain is int or plain is bool or role in _NOT_OBJECTS or not isinstance(value, (str, tuple, frozenset)):
            continue  # (a number, a link, a zone: no object)
        else:
            values = (value,) if isinstance(value, str) else value
            named_now = [objects[v] for v in values if isinstance(v, str) and v in objects]
        for o in named_now:
            named = True
            incarnation = o.incarnation + 1 if o.zone is CHAIN else o.incarnation
            if incarnation:
                if found is None:
                    found = []
                found.append((o.id, incarnation))
    return (frozenset(found) if found else _NO_STAMP) if named else None


_WORDING = ("how", "figures", "landed")

_NO_STAMP: frozenset[tuple[str, int]] = frozenset()  # every object it names is in its first incarnation


#: A "whenever" trigger that is active: its object, its power, the event it waits for, whether it is
#: ongoing, its assumption.
_Listener = tuple[GameObject, n.Triggered, n.Event, bool, "str | None"]


def _listening(s: GameState) -> dict[type, list[_Listener]]:
    """The active "whenever" triggers of ``s`` by the kind of event each waits for
    (:func:`~.patterns.event_kinds`), in the order :func:`fire` asks them: by holder, then by
    line (once per state; an event no power waits for sets nothing off at once)."""
    q = query(s)
    found: dict[type, list[_Listener]] | None = q._memo.get("listening")
    if found is None:
        found = q._memo["listening"] = {}
        for o in _trigger_holders(s):
            for node, ongoing, why in _sources(s, o):
                if isinstance(node.trigger, n.Whenever):
                    pattern = node.trigger.event
                    for kind in event_kinds(pattern):
                        found.setdefault(kind, []).append((o, node, pattern, ongoing, why))
    return found


def _trigger_holders(s: GameState) -> tuple[GameObject, ...]:
    """The objects that print a triggered power, then those that gained one (once per state)."""
    q = query(s)
    found: tuple[GameObject, ...] | None = q._memo.get("trigger holders")
    if found is None:
        printed = holders(s.objects, n.Triggered)
        gained: tuple[GameObject, ...] = ()
        if q._effect_and_power_mods():  # something gives powers: who has gained one?
            gained = tuple(o for o in s.in_play() if o not in printed and q._gained(o))
        found = q._memo["trigger holders"] = printed + gained
    return found


def fire_start(g: Game, phase: PhaseName, step: StepName | None, active: str | None, end: bool = False) -> None:
    """"At the start of" a phase or step is an instant: what is active then triggers. A start
    trigger whose effect opens with a condition triggers only if the condition holds at that
    instant, and is checked again on resolution (FAQ SC 1, GM 9; assumption A-INTERVENING-IF).
    ``end``: "at the end of" the phase instead."""
    name = STEP_NAMES.get((phase, step))
    if name is None or not timed(g.state):
        return  # (no power or delayed trigger of the game waits for a phase or step)
    s = g.state
    found: list[PendingTrigger] = []
    cites: list[str | None] = []
    q = query(s)
    kind = n.AtEnd if end else n.AtStart

    def wanted(trigger: n.Trigger, controller: str) -> bool:
        if not isinstance(trigger, kind):
            return False
        step = "recovery phase" if _end_of_turn(trigger) else trigger.step.name
        if step != name:
            return False
        owner = active if active is not None else s.initiative
        if trigger.step.whose == "opponent":  # "at the start of an opponent's recruit step"
            return owner is not None and owner != controller
        return trigger.step.whose != "your" or owner == controller

    for o in _trigger_holders(s):
        for node, ongoing, why in _sources(s, o):
            controller = _controller(o)
            if not wanted(node.trigger, controller):
                continue
            if _end_of_turn(node.trigger):
                why = "A-END-OF-TURN"
            ctx = _whose_step(Context(controller, o.id), node.trigger, active or s.initiative)
            leading = leading_condition(node.effect)
            if leading is not None and not q.holds(leading, ctx):
                g.note("trigger", f"{o.id}: \"{say_of(node, o.card.name)}\" does not trigger: its condition is false now",
                       "FAQ SC 1", "A-INTERVENING-IF")
                continue
            intervening = leading is not None
            found.append(PendingTrigger(controller, o.id, node.effect,
                                        ctx.bind(intervening=True) if intervening else ctx, ongoing, None,
                                        say_of(node, o.card.name)))
            cites.append(why)
    for d in s.delayed:
        if wanted(d.trigger, d.context.controller):
            dctx = _whose_step(d.context, d.trigger, active or s.initiative)
            found.append(PendingTrigger(d.context.controller, d.context.source, d.effect, dctx, False, d.id,
                                        say_of(n.Triggered(d.trigger, d.effect), _name(s, d.context.source))))
            cites.append("A-END-OF-TURN" if _end_of_turn(d.trigger) else None)
    _remember(g, found, cites)


def _whose_step(ctx: Context, trigger: n.Trigger, owner: str | None) -> Context:
    """"At the start of each player's recruit step, that player …": the player whose step it is
    is the trigger's ``event:player`` (its "that player")."""
    step = getattr(trigger, "step", None)
    if isinstance(step, n.Step) and step.whose == "each" and owner is not None:
        return ctx.bind(**{"event:player": owner})
    return ctx


def _end_of_turn(trigger: n.Trigger) -> bool:
    """"At the end of the turn": the end of the recovery phase, the turn's last instant with
    priority; after it the wrap-up gives none (digest §13; assumption A-END-OF-TURN)."""
    return isinstance(trigger, n.AtEnd) and trigger.step.name == "turn"


def _name(s: GameState, oid: str | None) -> str | None:
    """The name of the card ``oid`` (what ``~`` in its text stands for), if it is one."""
    return s.obj(oid).card.name if oid is not None and oid in s.objects else None


def _remember(g: Game, found: list[PendingTrigger], cites: list[str | None]) -> None:
    """Remember the triggers found; each log line names the assumption its trigger rests on."""
    if not found:
        return
    s = g.state
    found = [replace(p, context=p.context.stamped(s)) for p in found]  # its objects as they are (CR 212.5e)
    spent = {p.delayed for p in found if p.delayed is not None}
    once = {d.id for d in s.delayed if d.id in spent and d.once}
    for p, why in zip(found, cites):
        # ``why``: the assumption a trigger rests on ("A-…"), or the source that says it works where
        # its card is ("[FWF]": a discarded card's own "is discarded" power)
        source = why is not None and not why.startswith("A-")
        g.note("trigger", f"{p.source or 'an effect'} triggers: {p.text}", "CR 502 [FWF]" if source else "CR 502",
               None if source else why)
    g.set(replace(s, pending=s.pending + tuple(found), delayed=tuple(d for d in s.delayed if d.id not in once)))
