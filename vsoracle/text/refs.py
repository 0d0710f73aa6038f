"""Finishing a parsed line: sentences become one power, targets are numbered, references resolved.

A line is classified by what its sentences say (:func:`line`): a keyword line, an activated or
triggered power, "Play ~ only …" (:class:`~nodes.Restriction`), an additional or alternate
cost, a replacement ("If ~ would …, instead, …" with no span), a continuous power (modifiers
with no span: "Other Wrecking Crew characters you control get +1 ATK / +1 DEF."), else the
effect of a plot twist (:class:`~nodes.Spell`).

References are resolved by position, reading the line left to right:

* "that attacker" is the latest object mentioned that the noun fits: a target
  (:class:`~nodes.TargetRef`), a participant of the triggering or replaced event
  (:class:`~nodes.EventRef`), what a "Choose" chose, what a condition singled out, or what an
  earlier step acted on (:class:`~nodes.Acted`: "Search your deck for a card …, reveal it");
* it / him / her / its is the latest object mentioned, and the card itself when there is none;
  he / his / "he or she" / "his or her" in a player's place is the latest player mentioned;
* "other" / "another" is other than the latest object mentioned ("that character" mentions its
  object again), else than the card itself.

Targets are numbered from 1 in text order, each power on its own (a quoted power too).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import attrs

from ..errors import CardTextError
from . import nodes as n
from .build import (TARGET, AdjacentMark, Clause, Costs, OnlyLimit, OtherMark, Predicate, RawLine, RawTrigger, Rest,
                    Sentence, That, ThatOf, _Did, _duration, _Would, condition_of)
from .events import FAMILIES, family
from .phrases import Be, Mod, Pred, Pronoun, Verb, Verbs, fail as _fail, plural_filter
from .vocabulary import becomable

__all__ = ["line", "card_text", "FITS", "NOT_OBJECTS"]

_ONE = n.Fixed(1)


def card_text(raw_lines: Iterable[RawLine]) -> n.CardText:
    """The :class:`~nodes.CardText` of a transformed text (one raw line each; a line that opens
    with its additional cost is two powers, :func:`_split_cost`, and so is a permission followed by
    "Whenever you do, …", :func:`_split_done`)."""
    out: list[n.Power] = []
    for raw in raw_lines:
        for part in _split_cost(raw):
            for piece in _split_done(part):
                try:
                    out.append(_paid_by_additional_cost(line(piece), out))
                except CardTextError as error:
                    pos = _raw_pos(piece)
                    if error.column is None and getattr(error, "offset", None) is None and pos is not None:
                        raise _at(error, pos) from None  # said where its line is, at least
                    raise
    return n.CardText(tuple(out))


def _raw_pos(raw: Any) -> int | None:
    """Where a raw line's text starts (its first sentence), if it says."""
    if isinstance(raw, tuple) and raw:
        if raw[0] in ("sentences", "whenever_done") and raw[-1 if raw[0] == "whenever_done" else 1]:
            first = raw[1][1][0] if raw[0] == "whenever_done" else raw[1][0]
            return first.pos if isinstance(first, Sentence) else None
        if raw[0] == "keyword_power":
            return _raw_pos(raw[2])
    return None


def _split_done(raw: RawLine) -> list[RawLine]:
    """"You can play this card from your KO'd pile. Whenever you do, remove it from the game." (DWF,
    an insanity plot twist): a permission the card gives itself, then a triggered power whose event is doing
    what it permits — two powers, as if on two lines."""
    if isinstance(raw, tuple) and raw and raw[0] == "keyword_power":
        _, keyword, inner = raw
        return [("keyword_power", keyword, part) for part in _split_done(inner)]
    if not (isinstance(raw, tuple) and raw and raw[0] == "sentences"):
        return [raw]
    sentences = raw[1]
    for i, sentence in enumerate(sentences):
        if i and sentence.kind == "delayed" and _whenever_done(sentence.data[0]):
            return [("sentences", tuple(sentences[:i])), ("whenever_done", ("sentences", tuple(sentences[:i])),
                                                          tuple(sentences[i:]))]
    return [raw]


def _whenever_done(trigger: Any) -> bool:
    """Is the trigger "Whenever you do"?"""
    return trigger[0] == "whenever" and len(trigger[2]) == 1 and trigger[2][0].mode == "did"


def _done_power(before: n.Power, sentences: tuple[Sentence, ...]) -> n.Triggered:
    """"Whenever you do, E": whenever you do what the permission before it lets you do."""
    first = sentences[0]
    _, subject, _preds, word = first.data[0]
    effect = before.effect if isinstance(before, n.Static) else None
    said = effect.changes[0] if isinstance(effect, n.Modify) and isinstance(effect.subject, n.Self) \
        and len(effect.changes) == 1 else None
    if not isinstance(subject, n.You) or not isinstance(said, n.Can) \
            or not isinstance(getattr(said.event, "object", None), n.Affected):
        raise _at(CardTextError('"Whenever you do, …" follows a permission the card gives itself ("You can play this '
                                'card from your KO\'d pile. Whenever you do, …"): nothing before it says what you do'),
                  first.pos)
    event = n.evolve(said.event, object=n.Self())
    body = (Sentence("plain", first.data[1], first.pos),) + tuple(sentences[1:])
    return n.Triggered(n.Whenever(event, word=word, subject="agent"), _effect(body))


def _split_cost(raw: RawLine) -> list[RawLine]:
    """"As an additional cost to play ~, pay 3 endurance. KO target character.": the cost is a
    power of its own (as on a line of its own), the sentences after it the card's effect."""
    if isinstance(raw, tuple) and raw and raw[0] == "sentences" and len(raw[1]) > 1 \
            and getattr(raw[1][0], "kind", None) == "additional_cost":
        return [("sentences", raw[1][:1]), ("sentences", tuple(raw[1][1:]))]
    return [raw]


def line(raw: RawLine) -> n.Power:
    """One line as a power, its targets numbered and its references resolved."""
    power = _power(raw)
    return resolve(power)


# =============================================================================================
# Powers
# =============================================================================================

def _power(raw: RawLine) -> n.Power:
    if isinstance(raw, n.Power):
        return raw
    kind = raw[0]
    if raw[0] == "keyword_power":
        _, keyword, inner = raw
        return n.KeywordPower(keyword, _power(inner))
    if raw[0] == "activated":
        _, costs, body = raw
        effect, limits = _effect_and_limits(body[1])
        return n.Activated(tuple(_costs(costs.clauses)), effect, limits)
    if raw[0] == "triggered":
        _, trigger, sentences, end = raw
        if _trigger_span(trigger) is not None:
            # "At the start of the recovery phase this turn, …": a plot twist's delayed trigger,
            # the first sentence its effect, the others done now
            first = Sentence("delayed", (trigger, sentences[0]), sentences[0].pos)
            return _sentences_power((first,) + tuple(sentences[1:]))
        found = _trigger(trigger)
        if isinstance(found, n.Whenever):
            found = attrs.evolve(found, end=end)
        return n.Triggered(found, _effect(sentences))
    if raw[0] == "sentences":
        return _sentences_power(raw[1])
    if raw[0] == "whenever_done":
        _, before, sentences = raw
        return _done_power(_power(before), sentences)
    raise CardTextError(f"vsoracle cannot read this line ({kind})")


def _costs(clauses: Iterable[Clause]) -> list[n.Effect]:
    out: list[n.Effect] = []
    for c in clauses:
        effect = _clause(c)
        out += list(effect.steps) if isinstance(effect, n.Sequence) else [effect]
    return out


def _effect_and_limits(sentences: Iterable[Sentence]) -> tuple[n.Effect, tuple[n.Limit, ...]]:
    kept: list[Sentence] = []
    limits: list[n.Limit] = []
    for s in sentences:
        found = _only_limits(s, "use")
        if found is None:
            kept.append(s)
        else:
            limits += found
    return _effect(kept), tuple(limits)


def _only_limits(s: Sentence, verb: str) -> list[n.Limit] | None:
    """"Use this power only …" / "Play ~ only …" / "Play only …": the limits, or ``None`` for
    another sentence."""
    if s.kind == "play only":
        return [_limit(x) for x in s.data] if verb == "play" else None
    if s.kind == "use only":
        return [_limit(x) for x in s.data] if verb == "use" else None
    if s.kind != "plain" or len(s.data) != 1:
        return None
    clause = s.data[0]
    if clause.kind != "order" or len(clause.preds) != 1:
        return None
    pred = clause.preds[0]
    v = pred.what
    if not isinstance(v, Verb):
        return None
    wanted = {"use": n.UsePower, "play": n.Play, "recruit": n.Recruit}[verb]
    if v.cls is not wanted:
        return None
    obj = v.fields.get("object")
    if verb == "use" and not isinstance(obj, n.ThisPower):
        return None
    if verb != "use" and not isinstance(obj, n.Self):
        return None
    onlys = [m for m in pred.mods if m.kind == "only"]
    if not onlys or len(onlys) != len(pred.mods):
        return None
    return [_limit(x) for m in onlys for x in m.data]


def _limit(x: n.Limit | OnlyLimit) -> n.Limit:
    if isinstance(x, tuple):
        word, cond = x
        return n.OnlyIf(cond, word="while" if word == "only while" else "if")
    return x


def _recruit_permission(effect: n.Effect) -> n.Modify | None:
    """"You may recruit ~ from your KO'd pile." on a line of its own: a permission the card
    has (``Can``), not a one-shot effect; Reservist says the same of the resource row. "You can play
    this card from your KO'd pile." (DWF) is the same permission to play it."""
    if isinstance(effect, n.Modify) and isinstance(effect.subject, n.You) and effect.duration == n.NO_DURATION \
            and len(effect.changes) == 1 and isinstance(effect.changes[0], n.Can) \
            and effect.changes[0].as_though is None:
        said = effect.changes[0].event  # "You can play ~ from your KO'd pile."
        if isinstance(said, (n.Recruit, n.Play)) and isinstance(said.agent, n.Affected) \
                and isinstance(said.object, n.Self) and said.origin is not None:
            event: n.Event = type(said)(agent=n.You(), object=n.Affected(), origin=said.origin)
            return n.Modify(n.Self(), (n.Can(event),), n.NO_DURATION)
        return None
    if not isinstance(effect, n.May) or effect.player is not None:
        return None
    inner = effect.effect
    if isinstance(inner, (n.Recruit, n.Play)) and isinstance(inner.object, n.Self) and isinstance(inner.agent, n.You) \
            and inner.origin is not None:
        event = type(inner)(agent=n.You(), object=n.Affected(), origin=inner.origin)
        return n.Modify(n.Self(), (n.Can(event),), n.NO_DURATION)
    return None


def _sentences_power(sentences: tuple[Sentence, ...]) -> n.Power:
    if len(sentences) == 1:
        s = sentences[0]
        if s.kind == "additional_cost":
            action, body = s.data
            return n.AdditionalCost(action, tuple(_costs(body)))
        if s.kind == "crossover":
            names, chosen = s.data
            return n.Crossover(tuple(names), chosen)
        alternate = _alternate_cost(s)
        if alternate is not None:
            return alternate
    for verb in ("play", "recruit"):
        found = [_only_limits(s, verb) for s in sentences]
        said = [f for f in found if f is not None]
        if len(said) == len(found):
            return n.Restriction(verb, tuple(x for f in said for x in f))
    # "Play only if you control three or more characters. Draw two cards.": a plot twist's
    # restriction and its effect on one line
    found = [_only_limits(s, "play") for s in sentences]
    limits = tuple(x for f in found if f is not None for x in f)
    if limits:
        effect = _effect([s for s, f in zip(sentences, found) if f is None])
        if _is_static(effect) or isinstance(effect, n.CreateReplacement) and effect.duration == n.NO_DURATION:
            raise CardTextError('"Play … only …" is said of a plot twist with an effect, or on a line of its own')
        return n.Spell(effect, limits)
    effect = _effect(sentences)
    if isinstance(effect, n.CreateReplacement) and effect.duration == n.NO_DURATION and not effect.instead.once:
        return n.Replacement(effect.instead)
    permission = _recruit_permission(effect)
    if permission is not None:
        return n.Static(permission)
    if _is_static(effect):
        return n.Static(effect)
    return n.Spell(effect)


def _alternate_cost(s: Sentence) -> n.AlternateCost | None:
    """"You may pay 3 endurance rather than pay ~'s recruit cost." (FAQ GM 1)."""
    if s.kind != "plain" or len(s.data) != 1:
        return None
    clause = s.data[0]
    if clause.kind != "statement" or len(clause.preds) != 1 or not isinstance(clause.subject, n.You):
        return None
    pred = clause.preds[0]
    rather = [m for m in pred.mods if m.kind == "rather than"]
    if pred.mode != "may" or not rather or not isinstance(pred.what, Verb):
        return None
    _, of, kind = rather[0].data
    if not isinstance(of, n.Self):
        raise CardTextError("an alternate cost must name the card's own cost")
    cost = pred.what.make(None)
    return n.AlternateCost("recruit" if kind == "recruit" else "play", (cost,))


def _is_static(effect: n.Effect) -> bool:
    """Modifiers that last as long as the power (no "this turn" / "this attack")."""
    parts = effect.steps if isinstance(effect, n.Sequence) else (effect,)
    for p in parts:
        # "~ cannot attack unless you control three or more Heralds": as long as the condition holds
        while isinstance(p, n.Conditional) and p.otherwise is None or isinstance(p, n.Unless):
            p = p.effect
        if not isinstance(p, n.Modify) or p.duration.span is not None:
            return False
        if any(isinstance(q, n.Filter) and q.target is not None for q in (p.subject,)):
            return False
    return True


# =============================================================================================
# Triggers
# =============================================================================================

def _trigger(raw: RawTrigger) -> n.Trigger:
    if raw[0] == "whenever":
        _, subject, preds, word = raw
        if len(preds) != 1:
            raise CardTextError("a trigger names one event")
        event, mods = _event(subject, preds[0])
        try:
            event, condition, said = _trigger_condition(event, mods)
        except CardTextError as error:
            raise _at(error, preds[0].pos) from None
        role = preds[0].what.role if isinstance(preds[0].what, (Verb, Verbs)) else "object"
        return n.Whenever(event, word=word, subject=role, condition=condition, said=said)
    if raw[0] == "at_start":
        return n.AtStart(raw[1])
    return n.AtEnd(raw[1])


def _trigger_condition(event: n.Event, mods: Iterable[Mod]) -> tuple[n.Event, n.Condition | None, str]:
    """What a trigger's verb phrase says beyond its event: "from breakthrough" (the endurance loss's
    cause, part of the pattern), and one condition that must hold as the event happens — "during
    combat", "while you control a location", "while attacking" (of ~, the event's doer or object),
    "if …", "unless …"; its span is the trigger's (:func:`_trigger_span`). Anything else is refused,
    never dropped."""
    found: list[tuple[str, n.Condition]] = []
    for m in mods:
        k = m.kind
        if k == "span":
            continue
        if k == "from" and isinstance(event, n.Endurance):
            event = attrs.evolve(event, cause=m.data)
        elif k == "during":
            found.append(("during", n.During(m.data)))
        elif k == "if":
            found.append(("if", m.data))
        elif k == "unless":
            found.append(("unless", n.Not(m.data)))
        elif k == "while":
            cond = m.data
            if any(isinstance(x, n.Affected) for x in n.descendants(cond)):
                who = getattr(event, "object", None) or getattr(event, "agent", None)
                if not isinstance(who, n.Self):
                    raise CardTextError('vsoracle cannot read a state ("while attacking", "while in the front row") '
                                        'in a trigger yet unless it is said of ~ ("Whenever ~ becomes stunned while '
                                        'attacking, …")')
                cond = _affected_is(cond, event)
            found.append(("while", cond))
        elif k == "first time":
            raise CardTextError('vsoracle cannot read "for the first time …" in a trigger yet: it reads it of what '
                                'would happen ("If you would draw a card for the first time in a phase, instead, …")')
        else:
            words = {"for each": "for each …", "at random": "at random", "from": "from …", "where x": "where X is …"}
            raise CardTextError(f"vsoracle cannot read \"{words.get(k, k)}\" in a trigger's event yet — a trigger "
                                "names an event, then what must hold as it happens (\"during combat\", \"while you "
                                "control a location\")")
    if len(found) > 1:
        raise CardTextError("vsoracle cannot read two conditions on a trigger's event yet (\"" + "\", \"".join(
            w for w, _c in found) + "\") — say one, or put the other after the comma as \"if …\"")
    if not found:
        return event, None, ""
    return event, found[0][1], found[0][0]


def _trigger_span(raw: RawTrigger) -> str | None:
    if raw[0] == "whenever":
        return _duration(raw[2][0].mods).span
    span = raw[2]
    return span.data if span is not None else None


def _event(subject: Any, p: Pred) -> tuple[n.Event, tuple[Mod, ...]]:
    """The event a subject and a predicate name (a trigger's or a replacement's pattern)."""
    what = p.what
    if isinstance(what, (Verb, Verbs)):
        return what.event(subject), p.mods
    if isinstance(what, Be) and what.kind == "pp":
        return what.data.event(subject), p.mods
    raise _at(CardTextError("vsoracle cannot read this as an event" + (
        ' ("Whenever you do, …" follows a permission the card gives itself: "You can play this card from your '
        'KO\'d pile. Whenever you do, …")' if p.mode == "did" else "")), p.pos)


# =============================================================================================
# Effects
# =============================================================================================

def _effect(sentences: Iterable[Sentence]) -> n.Effect:
    steps: list[n.Effect] = []
    for s in sentences:
        if s.kind == "otherwise":
            if not steps or not isinstance(steps[-1], n.Conditional):
                raise CardTextError('"Otherwise, …" (or "If it is not, …") follows a sentence that begins "If" — '
                                   'write the condition in full')
            steps[-1] = attrs.evolve(steps[-1], otherwise=_body(s.data))
            continue
        if s.kind == "if not done":  # "If you do not, F.": after "If you do, E." its otherwise
            subject, body = s.data
            if steps and isinstance(steps[-1], n.IfDone) and steps[-1].otherwise is None:
                steps[-1] = attrs.evolve(steps[-1], otherwise=_body(body))
                continue
            player = attrs.evolve(subject, did=True) if isinstance(subject, Pronoun) else subject
            steps.append(n.IfDone(n.Nothing(), None if isinstance(player, n.You) else player, _body(body)))
            continue
        if s.kind in ("conditional", "instead") and not isinstance(s.data[0], (_Would, _Did)):
            body, said = _without_instead(s.data[1])
            if said or s.kind == "instead":
                # "E. If C, F instead.": F in place of the sentence before when C holds
                if not steps:
                    raise CardTextError('"If …, … instead" with no sentence before it to replace — say what happens '
                                       'otherwise first: "Draw a card. If you have the initiative, draw two cards '
                                       'instead."')
                steps[-1] = n.Conditional(s.data[0], _body(body), otherwise=steps[-1], instead=True)
                continue
        if s.kind == "conditional" and isinstance(s.data[0], _Did) and steps \
                and isinstance(steps[-1], n.CreateReplacement) and _offers_a_step(steps[-1].instead):
            body, said = _without_instead(s.data[1])
            if said:
                # "If ~ would be KO'd, you may pay 3 endurance. If you do, ready him instead.": the
                # replacement offered for a step its controller may take (its effect: the step, then
                # what follows if he did it)
                made = steps[-1]
                player = s.data[0].player
                if isinstance(player, Pronoun):
                    player = attrs.evolve(player, did=True)
                done = n.IfDone(_body(body), None if isinstance(player, n.You) else player)
                steps[-1] = attrs.evolve(made, instead=attrs.evolve(
                    made.instead, effect=n.Sequence((made.instead.effect, done)), first=False))
                continue
        if s.kind == "repeat" and not steps:
            raise CardTextError('"repeat this process" follows the sentence it repeats ("Rally for a card type of '
                               'your choice. Each time you\'re successful, repeat this process …")')
        steps.append(_sentence(s))
    flat: list[n.Effect] = []
    for step in steps:
        flat += list(step.steps) if isinstance(step, n.Sequence) else [step]
    return flat[0] if len(flat) == 1 else n.Sequence(tuple(flat))


def _sentence(s: Sentence) -> n.Effect:
    kind = s.kind
    if kind == "plain":
        return _body(s.data)
    if kind == "next time":  # a replacement used up once it replaces an event
        cond, body, first = s.data
        if not isinstance(cond, _Would):
            raise CardTextError('"The next time …" is said of what would happen ("The next time X would …, …")')
        made = _instead(cond, body, first=first, end=s.comma)
        if not isinstance(made, n.CreateReplacement):
            raise CardTextError('"The next time …" makes a replacement')
        return attrs.evolve(made, instead=attrs.evolve(made.instead, once=True))
    if kind in ("conditional", "instead"):
        cond, body = s.data
        if isinstance(cond, _Would):
            return _instead(cond, body, first=kind == "instead", end=s.comma)
        if isinstance(cond, _Did):
            player = cond.player
            if isinstance(player, Pronoun):
                player = attrs.evolve(player, did=True)
            return n.IfDone(_body(body), None if isinstance(player, n.You) else player)
        return n.Conditional(cond, _body(body))
    if kind == "unless":
        cond, body = s.data
        return n.Unless(_body(body), cond)
    if kind == "for each":
        per, body = s.data
        effect = _body(body)
        if isinstance(effect, n.Sequence):
            return n.Sequence(tuple(_apply_mods(e, (per,), None) for e in effect.steps))
        return _apply_mods(effect, (per,), None)
    if kind == "while":
        cond, body = s.data
        return _with_while(_body(body), cond, None)
    if kind == "while_state":
        state, span, body = s.data
        return _with_while(_body(body), n.Is(n.Affected(), (state,)), span.data if span else None)
    if kind == "delayed":
        trigger, body = s.data
        effect = _sentence(body) if isinstance(body, Sentence) else _body(body)
        return n.Delayed(_trigger(trigger), effect, n.Duration(_trigger_span(trigger)))
    if kind == "prevent":
        event, span, *some = s.data
        what: n.Effect = n.Lessen(some[0], word="the") if some else n.Nothing()
        return n.CreateReplacement(n.Instead(event, what, prevent=True),
                                   n.Duration(span.data if span is not None else None))
    if kind == "additional_cost":
        raise CardTextError('"As an additional cost to …" is a line of its own')
    if kind == "crossover":
        raise CardTextError('"Crossover …" is a line of its own')
    if kind == "use only":
        raise CardTextError('"Use only …" restricts a payment power: it ends one ("COSTS >>> EFFECT. Use only …")')
    if kind == "repeat":
        return n.Repeat(s.data)
    raise CardTextError(f"vsoracle cannot read this sentence ({kind})")


def _with_while(effect: n.Effect, cond: n.Condition, span: str | None) -> n.Effect:
    """"While C, E": each modifier of E lasts while C holds (and for ``span``)."""
    def one(e: n.Effect) -> n.Effect:
        if isinstance(e, n.Modify):
            while_ = cond if e.duration.while_ is None else n.All((cond, e.duration.while_))
            return attrs.evolve(e, duration=n.Duration(e.duration.span or span, while_, leading=True))
        raise CardTextError('"While …, …" needs a modifier ("gets …", "has …", "cannot …")')
    if isinstance(effect, n.Sequence):
        return n.Sequence(tuple(one(x) for x in effect.steps))
    return one(effect)


def _instead(cond: _Would, body: tuple[Clause, ...], first: bool, end: int = -1) -> n.Effect:
    """"If E would happen, [instead,] F [instead]" (FAQ GM 8): a replacement; with a span
    ("this attack") the effect creates it, else the power is one."""
    event = cond.event
    mods = cond.mods
    span = None
    conditions: list[n.Condition] = []
    first_times: list[tuple[str, str]] = []
    for m in mods:
        if m.kind == "span":
            span = m.data
        elif m.kind == "while":
            conditions.append(_affected_is(m.data, event))
        elif m.kind == "during":
            conditions.append(n.During(m.data))
        elif m.kind == "from" and isinstance(event, n.Endurance):
            event = attrs.evolve(event, cause=m.data)
        elif m.kind == "first time":  # "for the first time in a phase": no such event yet in it
            first_times.append(m.data)
        else:
            raise CardTextError(f"vsoracle cannot read \"{m.kind}\" in a replacement")
    conditions += [n.FirstTime(event, span_of, word=word) for word, span_of in first_times]
    optional = False
    effect: n.Effect
    clauses = list(body)
    steps: list[n.Effect] = []
    for c in clauses:
        if c.kind == "statement" and len(c.preds) == 1 and c.preds[0].mode == "is_not":
            steps.append(n.Nothing())  # "instead, it is not stunned"
            continue
        if c.kind == "statement" and len(c.preds) == 1 and c.preds[0].mode == "stays":
            verb, what = c.preds[0].what
            if not _stays_against(what, event):
                ending = {"in play": "take it out of play (a KO, a return to a hand …)", "ready": "exhaust it",
                          "exhausted": "ready it", "stunned": "recover it",
                          "no endurance": "have a player gain endurance"}[what]
                raise CardTextError(f"\"{verb} {what}\" is said instead of an event that would {ending}, "
                                    "and this one would not")
            steps.append(n.Nothing(word=f"{verb} {what}"))  # "instead, it stays in play"
            continue
        c, said = _clause_without_instead(c)
        if said:
            first = False
        if c.kind == "statement" and len(c.preds) == 1 and c.preds[0].mode == "may":
            optional = True
            c = Clause(c.kind, c.subject, (attrs.evolve(c.preds[0], mode="does"),), c.pos)
        steps.append(_clause(c, instead_ok=True))
    effect = steps[0] if len(steps) == 1 else n.Sequence(tuple(steps))
    condition = conditions[0] if len(conditions) == 1 else (n.All(tuple(conditions)) if conditions else None)
    instead = n.Instead(event, effect, optional, condition, first=first, subject=cond.role, end=end)
    return n.CreateReplacement(instead, n.Duration(span))


def _offers_a_step(i: n.Instead) -> bool:
    """"If ~ would be KO'd, you may pay 3 endurance." with no "instead": a replacement whose
    effect is one step its controller may take, which "If you do, … instead." can finish."""
    return i.optional and isinstance(i.effect, n.Event) and not i.first


def _stays_against(what: str, event: n.Event) -> bool:
    """"stays in play" says no more than "it is not KO'd / returned / …" of an event that takes
    it out of play; "stays ready" than "it is not exhausted"."""
    if what == "no endurance":  # "he gains no endurance" instead of a gain
        return isinstance(event, n.Endurance) and event.gain
    return family(event).leaves(event) == ("play" if what == "in play" else what)


def _affected_is(cond: n.Condition, event: n.Event) -> n.Condition:
    """"If ~ would be stunned while defending": the while-state is the event's object's (or agent's)."""
    if isinstance(cond, n.Is) and isinstance(cond.subject, n.Affected):
        who = getattr(event, "object", None) or getattr(event, "agent", None)
        if who is None:  # "If you would lose endurance while attacking": no object says it
            raise CardTextError("a state (\"while attacking\", \"while defending\") is said of what the event happens "
                                "to or of who does it, and this event names neither")
        return n.Is(who, cond.qualifiers)
    if isinstance(cond, n.All):
        return n.All(tuple(_affected_is(c, event) for c in cond.conditions))
    return cond


def _clause_without_instead(c: Clause) -> tuple[Clause, bool]:
    """The clause without a closing "instead", and whether it said one."""
    if not any(m.kind == "instead" for p in c.preds for m in p.mods):
        return c, False
    preds = tuple(attrs.evolve(p, mods=tuple(m for m in p.mods if m.kind != "instead")) for p in c.preds)
    return Clause(c.kind, c.subject, preds, c.pos), True


def _without_instead(body: tuple[Clause, ...]) -> tuple[tuple[Clause, ...], bool]:
    """The clauses without a closing "instead", and whether one said it."""
    stripped = [_clause_without_instead(c) for c in body]
    return tuple(c for c, _ in stripped), any(said for _, said in stripped)


def _body(body: tuple[Clause, ...]) -> n.Effect:
    effects: list[n.Effect] = []
    for c in _one_subject(body):
        e = _clause(c)
        effects += list(e.steps) if isinstance(e, n.Sequence) else [e]
    return effects[0] if len(effects) == 1 else n.Sequence(tuple(effects))


def _one_subject(body: tuple[Clause, ...]) -> tuple[Clause, ...]:
    """"Equipped character can be equipped with …, gets +1 ATK, and gains the identity Dr. Fate": a
    modifier's predicate after a comma ("gets …", "has …", "gains …") is never an order — nobody is
    told to get +1 ATK — so it is said of the subject of the statement before it, as after "and"."""
    out: list[Clause] = []
    for c in body:
        prev = out[-1] if out else None
        if c.kind == "order" and prev is not None and prev.kind == "statement" and c.preds \
                and all(p.mode == "does" and isinstance(p.what, Predicate) and p.what.what != "switch"
                        for p in c.preds):  # ("Switch ~'s ATK and DEF" is an order: its own subject)
            out[-1] = Clause("statement", prev.subject, prev.preds + c.preds, prev.pos)
            continue
        out.append(c)
    return tuple(out)


#: What "choose …" can pick that is not an object: a name of one of these kinds.
_CHOICES = frozenset(n.VALUE_KINDS)


def _clause(c: Clause, instead_ok: bool = False) -> n.Effect:
    if c.kind == "choose":
        mods = tuple(m for p in c.preds for m in p.mods)
        parts = c.subject.parts if isinstance(c.subject, n.Together) else ()
        choices = [x for x in parts if isinstance(x, n.Filter) and x.kind in _CHOICES]
        if parts and len(choices) == len(parts):
            # "choose a team affiliation and an identity": one choice each, each its own "the chosen …"
            chooser = None if isinstance(c.chooser, n.You) else c.chooser
            return n.Sequence(tuple(_apply_mods(n.Choose(x, x.kind, chooser), mods, None) for x in choices))
        binding = c.subject.kind if isinstance(c.subject, n.Filter) else "character"
        effect: n.Effect = n.Choose(c.subject, binding.split(" or ")[0],
                                    None if isinstance(c.chooser, n.You) else c.chooser)
        return _apply_mods(effect, mods, None)
    subject = c.subject if c.kind == "statement" else None
    effects: list[n.Effect] = []
    # "You gain no endurance this turn.": said of what will be, he cannot gain endurance; so "It does
    # not ready during its controller's next recovery phase." (a wording of later sets): said of what
    # will be, it cannot ready
    preds = tuple(Pred("cannot", Verb(n.Endurance, {"gain": True}, "player"), p.mods, p.pos)
                  if p.mode == "stays" and isinstance(p.what, tuple) and p.what[1] == "no endurance"
                  else attrs.evolve(p, mode="cannot") if p.mode == "does_not" and isinstance(p.what, Verb) else p
                  for p in c.preds)
    for p in _stats_go_on(preds):
        effects.append(_pred(subject, p, instead_ok))
    _share_span(c.preds, effects)
    merged = _merge_modifies(effects)
    return merged[0] if len(merged) == 1 else n.Sequence(tuple(merged))


def _stats_go_on(preds: tuple[Pred, ...]) -> list[Pred]:
    """"gets +1 ATK and +1 DEF for each …": stat changes after "and" continue the "gets" before
    them, which takes what follows them ("for each …", "this turn") when it names nothing."""
    out: list[Pred] = []
    for p in preds:
        prev = out[-1] if out else None
        if isinstance(p.what, Predicate) and p.what.what == "get too":
            if prev is not None and prev.mode == "does" and isinstance(prev.what, Predicate) \
                    and prev.what.what == "get" and not prev.mods:
                changes = prev.what.changes + p.what.changes
                out[-1] = attrs.evolve(prev, what=Predicate("get", changes, changes), mods=p.mods)
                continue
            p = attrs.evolve(p, what=Predicate("get", p.what.data, p.what.changes))
        out.append(p)
    return out


def _share_span(preds: tuple[Pred, ...], effects: list[n.Effect]) -> None:
    """The last predicate's span covers the earlier ones that name none (FAQ SC 20)."""
    last = next((e for e in reversed(effects) if isinstance(e, n.Modify)), None)
    if last is None or last.duration.span is None:
        return
    for i, e in enumerate(effects):
        if isinstance(e, n.Modify) and e.duration.span is None:
            effects[i] = attrs.evolve(e, duration=attrs.evolve(e.duration, span=last.duration.span))


def _merge_modifies(effects: list[n.Effect]) -> list[n.Effect]:
    """Predicates of one subject with equal durations are one modifier (flagged together: The
    FAQ SC 32, SC 13)."""
    out: list[n.Effect] = []
    for e in effects:
        prev = out[-1] if out else None
        if isinstance(e, n.Modify) and isinstance(prev, n.Modify) and prev.subject == e.subject \
                and prev.duration == e.duration:
            out[-1] = attrs.evolve(prev, changes=prev.changes + e.changes)
        else:
            out.append(e)
    return out


def _said_of_something(verb: Verb, subject: Any) -> None:
    """A verb said of what it is done to ("~ recovers", "target character becomes stunned") needs
    that subject: as an order ("Recover.", "Become stunned.") it names nothing to do it to."""
    fam = FAMILIES.get(verb.cls) if isinstance(verb.cls, type) and issubclass(verb.cls, n.Event) else None
    if subject is None and verb.role == "object" and verb.fields.get("object") is None \
            and fam is not None and not fam.intransitive:
        raise CardTextError(f"\"{fam.verb or fam.participle}\" with nothing it is done to: say what (\"~ recovers\", "
                            f"\"target character becomes stunned\") or give the order its object (\"recover target "
                            f"character\")")


def _pred(subject: Any, p: Pred, instead_ok: bool = False) -> n.Effect:
    what = p.what
    mode = p.mode
    mods = p.mods
    duration = _duration(mods)
    if mode == "must" and any(m.kind == "if able" for m in mods):
        if not isinstance(what, Verb) or subject is None:
            raise CardTextError("\"must … if able\" needs a subject and a verb (\"~ must attack if able\")")
        rest = tuple(m for m in mods if m.kind != "if able")
        return _apply_mods(n.Modify(subject, (n.Must(what.event(n.Affected())),), duration), rest, subject)
    if any(m.kind == "if able" for m in mods):
        raise CardTextError("\"if able\" goes with \"must\" (\"~ must attack if able\")")
    if mode in ("does", "must"):
        if isinstance(what, tuple) and what and what[0] == "several":
            verbs = what[1]
            each = tuple(m for m in mods if m.kind != "any order")
            return n.Sequence(tuple(_apply_mods(v.make(subject), mods if i == len(verbs) - 1 else each, subject)
                                    for i, v in enumerate(verbs)))
        if isinstance(what, Verb):
            _said_of_something(what, subject)
            return _apply_mods(what.make(subject), mods, subject)
        if isinstance(what, Predicate) and what.what == "switch" and subject is None:
            subject = what.data  # "switch ~'s ATK and DEF": the order's object is what it modifies
        if isinstance(what, Predicate):
            if subject is None:
                raise CardTextError("a modifier needs a subject (\"Target character gets …\")")
            changes = _changes(what, subject)
            return _apply_mods(n.Modify(subject, changes, duration), mods, subject)
        if isinstance(what, Be) and what.kind == "pp":  # "becomes stunned" as an order: the event
            _said_of_something(what.data, subject)
            return _apply_mods(what.data.make(subject), mods, subject)
    if mode == "may":
        inner = _pred(subject, attrs.evolve(p, mode="does"), instead_ok)
        player = subject if subject is not None and not isinstance(subject, n.You) else None
        return n.May(inner, player)
    if mode == "cannot" and isinstance(what, tuple) and what and what[0] == "either":
        changes = tuple(n.Cannot(v.event(n.Affected())) for v in what[1])
        return _apply_mods(n.Modify(subject, changes, duration), mods, subject)
    if mode == "cannot" and isinstance(what, Predicate) and what.what == "keywords":
        # "cannot gain flight during your next recovery phase": its modifiers as any verb's
        return _apply_mods(n.Modify(subject, (n.KeywordChange(what.data, "block", word="gain"),), duration),
                           mods, subject)
    if mode == "cannot" and isinstance(what, Verb):
        event, duration = _while_that(what.event(n.Affected()), duration)
        return _apply_mods(n.Modify(subject, (n.Cannot(event),), duration), mods, subject)
    if mode in ("cannot_be", "cannot") and isinstance(what, Be) and what.kind == "pp":  # "cannot become hunted"
        return _apply_mods(n.Modify(subject, (n.Cannot(what.data.event(n.Affected())),), duration), mods, subject)
    if mode == "can" and isinstance(what, Verb):
        as_though = next((m.data for m in mods if m.kind == "as though"), None)
        change = n.Can(what.event(n.Affected()), as_though)
        return _apply_mods(n.Modify(subject, (change,), duration), mods, subject)
    if mode == "is_not" and isinstance(what, Be) and what.kind == "state" and what.data == n.State("unique"):
        return n.Modify(subject, (n.Unique(False),), duration)
    if mode == "is" and isinstance(what, Be) and what.kind == "state" and what.data == n.State("unique"):
        return n.Modify(subject, (n.Unique(True),), duration)
    if mode == "is" and isinstance(what, Be) and what.kind == "np" and subject is not None:
        # "Characters you control … are Mutants … this turn" (MXM): they become Mutants
        made = _become(what.data)
        if made is not None:
            return _apply_mods(n.Modify(subject, (made,), duration), mods, subject)
    raise CardTextError("vsoracle cannot read this as an effect")


def _become(np: Any) -> n.Change | None:
    """"is a Mutant", "are Mutants" as a modifier: the characteristic gained (X-Men FAQ GM 1); a
    name a card cannot become ("is a Brotherhood character") is not read."""
    if not isinstance(np, n.Filter) or len(np.qualifiers) != 1:
        return None
    q = np.qualifiers[0]
    word = q.name if isinstance(q, (n.Name, n.Named)) and not getattr(q, "negated", False) else None
    found = becomable(word) if word else None
    return n.AffiliationChange(names=(found,), trait=True, word="be") if found else None


def _while_that(event: n.Event, duration: n.Duration) -> tuple[n.Event, n.Duration]:
    """"cannot attack an opponent while that opponent controls …": a while-condition said of
    the one the event names is a condition on that one, checked when the event would happen —
    "cannot attack an opponent that controls …" (assumption A-WHILE-THAT)."""
    cond = duration.while_
    if cond is None:
        return event, duration
    for a in attrs.fields(type(event)):
        value = getattr(event, a.name)
        if not isinstance(value, n.Filter) or value.target is not None:
            continue
        found: list[That] = []

        def fit(x: Any) -> Any:
            if isinstance(x, That) and not x.plural and value.kind in FITS.get(x.noun, {x.noun}):
                found.append(x)
                return n.Acting() if _is_player_kind(value.kind) else n.Affected()
            return x
        said = _map(cond, fit)
        if found:
            value = attrs.evolve(value, qualifiers=value.qualifiers + (n.Where(said),))
            return n.evolve(event, **{a.name: value}), attrs.evolve(duration, while_=None)
    return event, duration


def _changes(p: Predicate, subject: Any) -> tuple[n.Change, ...]:
    if p.changes:
        return p.changes
    if p.what == "have":
        np = p.data
        if isinstance(np, n.Filter) and np.kind == "affiliation":
            names = tuple(q.name for q in np.qualifiers if isinstance(q, n.Name))
            if names:
                return (n.AffiliationChange(names=names),)
        if isinstance(np, n.ChosenRef):
            return (n.AffiliationChange(chosen=np.binding, trait=np.binding == "trait",
                                        identity=np.binding == "identity"),)
    if p.what == "power":
        return (n.GainPower(line(p.data)),)
    raise CardTextError("vsoracle cannot read what this modifier gives")


def _apply_mods(effect: n.Effect, mods: Iterable[Mod], subject: Any) -> n.Effect:
    """A verb phrase's modifiers on the effect it makes: how many times, on what condition, when."""
    conditions: list[n.Condition] = []
    unless: list[n.Condition] = []
    delayed = None
    for m in mods:
        k = m.kind
        if k in ("span", "while", "as though"):
            if isinstance(effect, n.Modify) or k == "as though":
                continue
            fam = FAMILIES.get(type(effect))
            if k == "span" and fam is not None and fam.has_span:  # "gain control of NP this turn"
                effect = n.evolve(effect, span=m.data)
                continue
            raise CardTextError(f"\"{'this ' + m.data if k == 'span' else k}\" on something that lasts no time")
        elif k == "for each":
            effect = _times(effect, m.data)
        elif k == "if":
            conditions.append(m.data)
        elif k == "unless":
            unless.append(m.data)
        elif k == "at start":
            delayed = (n.AtStart,) + m.data
        elif k == "at end":
            delayed = (n.AtEnd,) + m.data
        elif k == "from":
            if not isinstance(effect, n.Endurance):
                raise CardTextError('"from …" names what causes an endurance loss')
            effect = attrs.evolve(effect, cause=m.data)
        elif k == "where x":
            effect = _replace_x(effect, m.data)
        elif k == "no less than":  # "costs 1 less to recruit …, but no less than 1"
            if not isinstance(effect, n.Modify) or not any(isinstance(c, n.CostChange) for c in effect.changes):
                raise CardTextError('"but no less than …" is said of a cost changed ("costs 1 less to recruit, '
                                    'but no less than 1")')
            effect = attrs.evolve(effect, changes=tuple(attrs.evolve(c, floor=m.data) if isinstance(c, n.CostChange)
                                                        else c for c in effect.changes))
        elif k == "rounded":
            effect = _rounded(effect, m.data)
        elif k == "at random" and isinstance(effect, n.Choose) and isinstance(effect.selector, n.Filter):
            # "target opponent chooses a card from your hand at random": picked at random, by him
            sel = effect.selector
            effect = attrs.evolve(effect, selector=attrs.evolve(sel, qualifiers=n.canonical(sel.qualifiers + (n.AtRandom(),))))
        elif k == "at random":  # "discards a card at random": the card is picked at random
            obj = getattr(effect, "object", None)
            if not isinstance(obj, n.Filter):
                raise CardTextError('"at random" is said of cards picked ("discards a card at random")')
            effect = n.evolve(effect, object=attrs.evolve(obj, qualifiers=obj.qualifiers + (n.AtRandom(),)))
        elif k == "any order":
            if not isinstance(effect, n.Move):
                raise CardTextError('"in any order" is said of cards put somewhere')
            effect = attrs.evolve(effect, any_order=True)
        elif k == "during" and isinstance(effect, n.Modify):  # "cannot play plot twists during your attack step"
            d = effect.duration
            during = n.During(m.data)
            effect = attrs.evolve(effect, duration=attrs.evolve(
                d, while_=during if d.while_ is None else n.All((d.while_, during))))
        elif k == "during":
            conditions.append(n.During(m.data))
        elif k in ("only", "rather than", "instead"):
            raise CardTextError(f"vsoracle cannot read \"{k}\" here")
        else:
            raise CardTextError(f"vsoracle cannot read \"{k}\" here")
    if delayed is not None:
        when, step, span = delayed
        effect = n.Delayed(when(step), effect, n.Duration(span))
    for cond in unless:
        effect = n.Unless(effect, cond)
    for cond in conditions:
        effect = n.Conditional(cond, effect, trailing=True)
    return effect


def _times(effect: n.Effect, per: Any) -> n.Effect:
    """"… for each X": the effect's number times the number of X ("discards a card for each …":
    the number of cards)."""
    factor = per if isinstance(per, n.Amount) else n.NumberOf(per)
    obj = getattr(effect, "object", None)
    if isinstance(obj, n.Filter) and obj.target is None and obj.quantity is not None and obj.quantity.op == "=" \
            and obj.quantity.n is not None and not isinstance(effect, n.Counter):
        many = attrs.evolve(obj.quantity, n=n.Times(factor, obj.quantity.n, word="for each"))
        return n.evolve(effect, object=attrs.evolve(obj, quantity=many))
    if isinstance(effect, n.Modify) and any(isinstance(c, (n.StatChange, n.CostChange)) for c in effect.changes):
        changes = []
        for c in effect.changes:
            if isinstance(c, (n.StatChange, n.CostChange)):
                c = attrs.evolve(c, amount=n.Times(factor, c.amount, word="for each"))
            changes.append(c)
        return attrs.evolve(effect, changes=tuple(changes))
    for name in ("amount", "count"):
        if hasattr(effect, name) and getattr(effect, name) is not None:
            return n.evolve(effect, **{name: n.Times(factor, getattr(effect, name), word="for each")})
    if isinstance(effect, n.Counter):
        count = effect.count if isinstance(effect.count, n.Amount) else _ONE
        return attrs.evolve(effect, count=n.Times(factor, count, word="for each"))
    raise CardTextError('"for each" needs an amount to multiply')


def _map(node: Any, fn: Callable[[Any], Any]) -> Any:
    """``node`` rebuilt bottom-up with ``fn`` applied to every node (and tuple item)."""
    if isinstance(node, tuple):
        return tuple(_map(x, fn) for x in node)
    if attrs.has(type(node)) and isinstance(node, n.Node):
        changes = {}
        for a in attrs.fields(type(node)):
            value = getattr(node, a.name)
            new = _map(value, fn)
            if new is not value:
                changes[a.name] = new
        if changes:
            node = n.evolve(node, **changes)
        return fn(node)
    return fn(node)


def _replace_x(effect: n.Effect, amount: n.Amount) -> n.Effect:
    replaced: n.Effect = _map(effect, lambda x: amount if isinstance(x, n.X) else x)
    return replaced


def _rounded(effect: n.Effect, direction: str) -> n.Effect:
    rounded: n.Effect = _map(effect, lambda x: attrs.evolve(x, up=direction == "up") if isinstance(x, n.Half) else x)
    return rounded


# =============================================================================================
# Targets and references
# =============================================================================================

def resolve(power: n.Power) -> n.Power:
    """Number the power's targets and resolve its references (see the module docstring)."""
    if isinstance(power, n.KeywordPower):
        return attrs.evolve(power, power=resolve(power.power))
    power = _number_targets(power)
    power = _implicit_group(power)
    power = _that_many(power)
    mentions = _mentions(power)
    return _resolve_refs(power, mentions)


def _number_targets(power: n.Power) -> n.Power:
    found: list[int] = []

    def collect(x: Any) -> Any:
        if isinstance(x, n.Filter) and x.target == TARGET:
            found.append(x.pos)
        return x

    _map(_outside_quotes(power), collect)
    order = {pos: i + 1 for i, pos in enumerate(sorted(set(found)))}
    if not order:
        return power

    def number(x: Any) -> Any:
        if isinstance(x, n.GainPower):
            return x  # a quoted power numbers its own targets
        if isinstance(x, n.Filter) and x.target == TARGET:
            return attrs.evolve(x, target=order[x.pos])
        return x
    return _once(_map_outside_quotes(power, number))


def _once(power: n.Power) -> n.Power:
    """A target is written once: where one noun phrase is the subject of several predicates
    ("Target opponent discards a card and loses 2 endurance"), the later ones refer to it."""
    seen: set[int] = set()

    def walk(x: Any) -> Any:
        if isinstance(x, n.GainPower):
            return x
        if isinstance(x, tuple):
            return tuple(walk(y) for y in x)
        if isinstance(x, n.Filter) and x.target is not None:
            if x.target in seen:
                return n.TargetRef(x.target)
            seen.add(x.target)
            return x
        if isinstance(x, n.Node) and attrs.has(type(x)):
            changes = {}
            names = [a.name for a in attrs.fields(type(x))]
            if isinstance(x, (n.May, n.IfDone)):
                names = ["player", "effect"]  # "Target player may …": the player is said first
            for name in names:
                value = getattr(x, name)
                new = walk(value)
                if new is not value:
                    changes[name] = new
            return n.evolve(x, **changes) if changes else x
        return x
    numbered: n.Power = walk(power)
    return numbered


def _outside_quotes(power: n.Power) -> Any:
    return _map(power, lambda x: n.Nothing() if isinstance(x, n.GainPower) else x)


def _map_outside_quotes(node: Any, fn: Callable[[Any], Any]) -> Any:
    if isinstance(node, n.GainPower):
        return node
    if isinstance(node, tuple):
        return tuple(_map_outside_quotes(x, fn) for x in node)
    if attrs.has(type(node)) and isinstance(node, n.Node):
        changes = {}
        for a in attrs.fields(type(node)):
            value = getattr(node, a.name)
            new = _map_outside_quotes(value, fn)
            if new is not value:
                changes[a.name] = new
        if changes:
            node = n.evolve(node, **changes)
        return fn(node)
    return fn(node)


@attrs.frozen
class Mention:
    """An object or player the text has mentioned: where, as what noun, and the reference that
    stands for it later."""

    pos: int
    noun: str
    ref: Any
    player: bool = False
    plural: bool = False
    group: bool = False  # cards an effect looked at or revealed together ("the rest" of them)
    salient: bool = False  # a trigger's subject: what a pronoun means first, not "that X"
    qualifiers: tuple[Any, ...] = ()  # what the noun phrase said it is ("an opposing character")


def _noun(f: n.Filter) -> str:
    for q in f.qualifiers:
        if isinstance(q, n.Role):
            return q.roles[0]
    return f.kind.split(" or ")[0]


def _is_player_kind(kind: str) -> bool:
    return kind in ("player", "opponent")


def _counts_none(c: n.Compare) -> bool:
    """"controls no other characters": what it counts is nothing to refer to."""
    return c.op == "=" and c.right == n.Fixed(0)


def _filter_mentions(f: Any, ref: Any) -> list[Mention]:
    """The mentions a noun phrase makes, ``ref`` standing for it later."""
    if isinstance(f, n.Filter):
        plural = f.quantity is not None and (f.quantity.op in ("all", "each") or
                                             (isinstance(f.quantity.n, n.Fixed) and f.quantity.n.n > 1))
        return [Mention(_after(f), _noun(f), ref, _is_player_kind(f.kind), plural, qualifiers=f.qualifiers)]
    if isinstance(f, n.TopCards):
        return [Mention(f.pos, "card", ref, False, not (isinstance(f.count, n.Fixed) and f.count.n == 1), True)]
    if isinstance(f, n.Together):
        # each part, then all of them ("… and target character an opponent controls to their owners' hands")
        parts = [m for part in f.parts for m in _filter_mentions(part, ref)]
        if parts:
            last = max(m.pos for m in parts)
            parts.append(Mention(last, parts[0].noun, ref, parts[0].player, True))
        return parts
    if isinstance(f, n.Either) and f.options:
        first = f.options[0]
        pos = getattr(first, "pos", -1)
        return [Mention(pos, _noun(first) if isinstance(first, n.Filter) else "card", ref)]
    return []


def _mentions(power: n.Power) -> list[Mention]:
    out: list[Mention] = []

    def add_filter(f: Any, ref: Any) -> None:
        out.extend(_filter_mentions(f, ref))

    def event_roles(event: Any, ref_of: Callable[[str], Any]) -> None:
        if isinstance(event, n.EitherEvent):  # "attacks or defends against NP": each one's roles
            for option in event.options:
                event_roles(option, ref_of)
            return
        if not isinstance(event, n.Event):
            return
        for a in attrs.fields(type(event)):
            value = getattr(event, a.name)
            if isinstance(value, n.Filter) and value.target is None:
                add_filter(value, ref_of(a.name))

    def walk(x: Any, negated: bool = False) -> None:
        if isinstance(x, tuple):
            for y in x:
                walk(y, negated)
            return
        if not isinstance(x, n.Node) or not attrs.has(type(x)):
            return
        if isinstance(x, n.GainPower):
            return  # a quoted power numbers its own
        if isinstance(x, n.Not):
            # "if you do not control a character …" names no character; "if ~ is not exhausted" names ~
            walk(x.condition, True)
            return
        if isinstance(x, n.Self) and x.pos >= 0:
            out.append(Mention(x.pos, "character", n.Self()))
        if isinstance(x, n.Filter) and x.target is not None:
            out.append(Mention(_after(x), _noun(x), n.TargetRef(x.target), _is_player_kind(x.kind)))
        if isinstance(x, n.Whenever):
            event_roles(x.event, lambda role: n.EventRef(role))
        if isinstance(x, (n.AtStart, n.AtEnd)) and x.step.whose == "each":
            # "At the start of each player's recruit step, that player …": whose step it is
            out.append(Mention(0, "player", n.EventRef("player"), True))
        if isinstance(x, n.Instead):
            event_roles(x.event, lambda role: n.EventRef(role))
        if isinstance(x, n.Choose):
            add_filter(x.selector, n.ChosenRef(x.selector.kind.split(" or ")[0] if isinstance(x.selector, n.Filter)
                                               else "character"))
        if isinstance(x, n.Protecting) and not negated:
            add_filter(x.object, n.ConditionRef("object"))
        if isinstance(x, n.Compare) and not negated and not _counts_none(x) and isinstance(x.left, n.NumberOf) and isinstance(x.left.selector, n.Filter):
            f = x.left.selector
            if not _is_player_kind(f.kind):
                add_filter(f, n.ConditionRef("object"))
        if isinstance(x, n.Modify) and isinstance(x.subject, n.Filter) and x.subject.target is None \
                and not _is_player_kind(x.subject.kind):
            f = x.subject
            out.append(Mention(_after(f), _noun(f), n.Affected(), False, plural_filter(f)))
        if isinstance(x, n.Some) and not negated and isinstance(x.players, n.Filter):
            out.append(Mention(_after(x.players), "player", n.Acting(), True))
        if isinstance(x, n.Most) and not negated:
            out.append(Mention(x.pos, "player", n.ConditionRef("player"), True))
        if isinstance(x, n.Is) and not negated and isinstance(x.subject, n.Filter) and x.subject.target is None \
                and not _is_player_kind(x.subject.kind):
            add_filter(x.subject, n.ConditionRef("object"))
        for a in attrs.fields(type(x)):
            walk(getattr(x, a.name), negated)

    walk(power)
    # What an activated power's costs act on: "Discard a card >>> … that card's cost" (the
    # discarded card, CR 505: costs are paid as the power is played)
    if isinstance(power, n.Activated):
        for k, cost in enumerate(power.costs, start=1):
            value = getattr(cost, "object", None)
            if isinstance(value, (n.Filter, n.Together)) and getattr(value, "target", None) is None:
                add_filter(value, n.Paid(k))
    # The subject of a trigger's or a replacement's event is what a later pronoun means first
    # ("Whenever a character becomes stunned by ~, its controller …", "If a character you control
    # would be stunned by a plot twist effect, instead, exhaust it"): it counts as mentioned last
    # in the clause, at the comma that ends it.
    patterns: list[tuple[Any, str | None, int]] = []
    if isinstance(power, n.Triggered) and isinstance(power.trigger, n.Whenever):
        patterns.append((power.trigger.event, power.trigger.subject, power.trigger.end))
    for x in _instead_nodes(power):
        patterns.append((x.event, x.subject if x.subject != "become" else "object", x.end))
    for event, subject_role, end in patterns:
        value = _role_value(event, subject_role) if subject_role else None
        if end < 0:  # not read from text
            end = max([m.pos for m in out] + [getattr(value, "pos", -1)]) + 1
        if subject_role and isinstance(value, n.Filter) and value.target is None:  # (no role, no value)
            owner = next((q.player for q in value.qualifiers if isinstance(q, n.ControlledBy)), None)
            if isinstance(owner, n.Filter) and owner.kind == "opponent" and owner.target is None:
                # "Whenever a character an opponent controls becomes stunned, … that player …": the
                # opponent who controls it (mentioned before the subject's noun is complete)
                out.append(Mention(end - 1, "player", n.ControllerOf(n.EventRef(subject_role)), True))
            out.append(Mention(end, _noun(value), n.EventRef(subject_role), _is_player_kind(value.kind),
                               salient=True))
        elif isinstance(value, (n.ChosenRef, n.TargetRef, n.Self)):
            out.append(Mention(end, "character", value, salient=True))
    effect = _own_steps(_effect_of(power))
    if effect is not None:
        for k, event in enumerate(n.steps(effect), start=1):
            for a in attrs.fields(type(event)):
                value = getattr(event, a.name)
                if a.name in ("object", "zone") or (a.name == "count" and False):
                    if isinstance(value, (n.Filter, n.TopCards, n.Either, n.Together)) and getattr(value, "target", None) is None:
                        add_filter(value, n.Acted(k))
                    elif isinstance(value, n.Zone) and _shows(event):
                        # "Look at target opponent's hand. Choose a card from it.": the cards seen
                        pos = _pos_of(value.owner)
                        if pos is not None:  # "your hand" has no place in the text to count from
                            out.append(Mention(pos + 1, "card", n.Acted(k), False, True))
                if a.name in ("agent", "player"):
                    _doer_mention(value, out)
        # "each opponent chooses a character he controls": the chooser, as a step's doer
        for node in n.descendants(effect, inside=(n.GainPower,)):
            if isinstance(node, n.Choose) and node.agent is not None:
                _doer_mention(node.agent, out)
    out.sort(key=lambda m: m.pos)
    _did_mentions(power, out)
    return out


def _doer_mention(value: Any, out: list[Mention]) -> None:
    """Who does a step (its agent or player), as a mention a later "he" means: "each player" is the
    one doing it (Acting); "target character's controller" that controller."""
    if isinstance(value, n.Filter) and _is_player_kind(value.kind) and value.target is None \
            and value.quantity is not None and value.quantity.op in ("each", "all"):
        out.append(Mention(value.pos, "player", n.Acting(), True))
    if isinstance(value, (n.ControllerOf, That)):
        pos = getattr(value, "pos", None)
        if pos is None and isinstance(value, n.ControllerOf):
            pos = _pos_of(value.of)
        if pos is not None and isinstance(value, n.ControllerOf):
            # "target character's controller … a character he controls": "he" is the
            # controller, said after the character that possesses him
            pos = max(pos, _subject_end(value, pos))
        if pos is not None:
            out.append(Mention(pos, "player", value, True))


def _role_value(event: n.Event, role: str) -> Any:
    """What an event's role names (of "either" events, their first one's: the subject is each one's)."""
    if isinstance(event, n.EitherEvent):
        return _role_value(event.options[0], role) if event.options else None
    return getattr(event, role, None)


def _instead_nodes(power: n.Power) -> list[n.Instead]:
    """The replacements of a power and those its effect creates (not inside a quoted power)."""
    found: list[n.Instead] = []

    def walk(x: Any) -> None:
        if isinstance(x, tuple):
            for y in x:
                walk(y)
        elif isinstance(x, n.Node) and attrs.has(type(x)) and not isinstance(x, n.GainPower):
            if isinstance(x, n.Instead) and not x.prevent:
                found.append(x)
            for a in attrs.fields(type(x)):
                walk(getattr(x, a.name))
    walk(power)
    return found


def _did_mentions(power: n.Power, out: list[Mention]) -> None:
    """The "he" of "if he does" is the player who did the step before: the one who chose, after
    "Each player may …" / "Target player may …", else the latest player mentioned. It is itself a
    mention of that player (the "he" of "he draws a card" after it)."""
    def walk(x: Any) -> None:
        if isinstance(x, tuple):
            for y in x:
                walk(y)
            return
        if not isinstance(x, n.Node) or not attrs.has(type(x)) or isinstance(x, n.GainPower):
            return
        if isinstance(x, n.Sequence):
            for before, after in zip((None,) + x.steps, x.steps):
                if isinstance(after, n.IfDone) and isinstance(after.player, Pronoun) and after.player.did:
                    until = after.player.pos
                    if isinstance(before, n.May) and before.player is not None:
                        until = _subject_end(before.player, until)
                    players = [m for m in out if m.player and m.pos <= until and m.pos < after.player.pos]
                    ref = players[-1].ref if players else n.Acting()
                    out.append(Mention(after.player.pos, "player", ref, True))
        for a in attrs.fields(type(x)):
            walk(getattr(x, a.name))

    walk(power)
    out.sort(key=lambda m: m.pos)


def _subject_end(s: Any, default: int) -> int:
    """Where a subject's words end (its noun phrase, or the possessor of "its controller")."""
    if isinstance(s, n.ControllerOf):
        return _subject_end(s.of, default)
    end = _after(s)
    return end if end >= 0 else default


def _after(f: Any) -> int:
    """Where a mention can first be referred to: after its noun phrase ends."""
    end = getattr(f, "end", -1)
    return end if isinstance(end, int) and end >= 0 else getattr(f, "pos", -1)


def _pos_of(x: Any) -> int | None:
    p = getattr(x, "pos", None)
    return p if isinstance(p, int) and p >= 0 else None


def _own_steps(effect: n.Effect | None) -> n.Effect | None:
    """The effect whose steps "that character" and "another" count: a delayed effect ("At the start
    of your build phase this turn, move … from a character to another character") and a replacement
    an effect creates ("If you would draw a card this turn, you may move … instead") number their
    own steps, as they do when they resolve."""
    if isinstance(effect, n.Delayed):
        return effect.effect
    if isinstance(effect, n.CreateReplacement):
        return effect.instead.effect
    return effect


def _effect_of(power: n.Power) -> n.Effect | None:
    if isinstance(power, (n.Activated, n.Triggered, n.Static, n.Spell)):
        return power.effect
    if isinstance(power, n.Replacement):
        return power.instead.effect
    return None


#: What "that <noun>" may refer to, by the noun said (English: an attacker is a character).
FITS = {
    "character": {"character", "attacker", "defender", "team attacker", "character card"},
    "attacker": {"attacker", "team attacker"},
    "team attacker": {"team attacker"},
    "defender": {"defender"},
    "card": {"card", "character card", "plot twist card", "location card", "equipment card", "character",
             "resource", "location", "plot twist", "equipment"},
    "player": {"player", "opponent"},
    "opponent": {"opponent", "player"},
    "equipment": {"equipment", "equipment card"},
    "resource": {"resource"},
    "location": {"location", "location card"},
    "plot twist": {"plot twist", "plot twist card"},
    "effect": {"effect", "plot twist effect", "payment effect", "triggered effect"},
}

_PLAYER_PRONOUNS = {"he or she", "his or her", "him or her"}
#: Nouns that are not objects ("other" and "it" never mean them).
NOT_OBJECTS = {"affiliation", "trait", "identity", "point", "effect", "plot twist effect", "payment effect", "triggered effect"}
_PERSON = {"he", "she", "his", "him", "her"}


def _resolve_refs(power: n.Power, mentions: list[Mention]) -> n.Power:
    def before(pos: int) -> list[Mention]:
        return [m for m in mentions if m.pos < pos]

    # "that character" names again what it refers to, there: "move a counter from that character to
    # another character" is other than that character, not than the trigger's subject
    said_again = sorted(_that_mentions(power, before), key=lambda m: m.pos)

    def fix(x: Any) -> Any:
        if isinstance(x, Pronoun) and x.did:
            ref = next(m.ref for m in mentions if m.pos == x.pos and m.player)
            return _word(_map(ref, fix), x.word)
        if isinstance(x, Pronoun):
            ref, word = _pronoun(x, before(x.pos))
            return _word(_map(ref, fix), word)
        if isinstance(x, That) and x.done is not None:
            return _done_ref(x, power, before(x.pos))
        if isinstance(x, That):
            ref, word = _that(x, before(x.pos))
            return _word(_map(ref, fix), word)
        if isinstance(x, n.Filter):
            quals: list[n.Qualifier] = []
            changed = False
            for q in x.qualifiers:
                if isinstance(q, OtherMark):
                    earlier = sorted(before(q.pos) + [m for m in said_again if m.pos < q.pos], key=lambda m: m.pos)
                    quals.append(n.Other(_other_than(x.kind, earlier)))
                    changed = True
                else:
                    quals.append(q)
            if changed:
                return attrs.evolve(x, qualifiers=tuple(quals))
        if isinstance(x, Rest):
            seen = _latest_group(mentions)
            return n.Filter("card", (n.Among(seen), n.State("remaining")), None, words=x.word)
        if isinstance(x, ThatOf):
            raise CardTextError('"that of …" needs something to compare with')
        if isinstance(x, n.ChangeTarget):
            return attrs.evolve(x, to=_current_target(x.to))
        return x

    power = _map_outside_quotes(power, lambda x: _own_outside_steps(x, mentions))
    power = _map_outside_quotes_resolving(power, fix)
    return _own_object(power)


def _other_than(kind: str, earlier: list[Mention]) -> Any:
    """What "other" / "another" <kind> is other than: the latest object mentioned (``earlier``, in
    text order) that the noun could be, else the card itself."""
    objects = [m for m in earlier if not m.player and m.noun not in NOT_OBJECTS]
    # not what a cost acted on ("Discard a card >>> … each other character"): targets are chosen
    # before costs are paid (actions.use), so "another target" is other than the card itself, as it
    # was before costs were mentions
    objects = [m for m in objects if not isinstance(m.ref, n.Paid)]
    # "Look at target player's hand. … another character": other than one the noun could be (a
    # character is not a card in a hand), as "that character" reads
    fits = FITS.get(kind.split(" or ")[0])
    if fits is not None:
        objects = [m for m in objects if m.noun in fits]
    return objects[-1].ref if objects else n.Self()


def _that_mentions(power: n.Power, before: Callable[[int], list[Mention]]) -> list[Mention]:
    """Each "that <noun>" of the power (not one of a cost's or a step's own, "the card you
    discarded") as a mention of what it refers to, where it ends: what a later "another" is other
    than (it names that object again)."""
    found: list[Mention] = []

    def walk(x: Any) -> None:
        if isinstance(x, n.GainPower):  # a quoted power refers within itself
            return
        if isinstance(x, tuple):
            for item in x:
                walk(item)
            return
        if isinstance(x, That) and x.done is None:
            try:
                ref, _words = _that(x, before(x.pos))
            except CardTextError:
                return  # said where it is resolved
            found.append(Mention(x.pos + 1, x.noun.split(" or ")[0], ref, _is_player_kind(x.noun), x.plural))
            return
        if attrs.has(type(x)):
            for a in attrs.fields(type(x)):
                walk(getattr(x, a.name))

    walk(power)
    return found


_OWN = object()  # what an event outside the effect's steps acts on, while the event is read


def _own_outside_steps(x: Any, mentions: list[Mention]) -> Any:
    """A cost, an "unless" payment, or the effect of a replacement or delayed trigger that an
    effect creates is no step of the power's effect, so what it acts on is no mention later text
    can name; but inside the event it is what a pronoun after it means ("return a character you
    control to its owner's hand": that character's owner), as in a step (:func:`_own_object`)."""
    if isinstance(x, (n.Activated, n.AdditionalCost, n.AlternateCost)):
        return attrs.evolve(x, costs=tuple(_own_pronouns(c, mentions) for c in x.costs))
    if isinstance(x, n.Does):
        return attrs.evolve(x, event=_own_pronouns(x.event, mentions))
    if isinstance(x, n.Delayed):
        return attrs.evolve(x, effect=_map_events(x.effect, lambda e: _own_pronouns(e, mentions)))
    if isinstance(x, n.CreateReplacement):
        effect = _map_events(x.instead.effect, lambda e: _own_pronouns(e, mentions))
        return attrs.evolve(x, instead=attrs.evolve(x.instead, effect=effect))
    return x


def _own_pronouns(e: Any, mentions: list[Mention]) -> Any:
    """``e`` with the pronouns after its object that mean that object made :class:`~nodes.Affected`,
    and an "another" after it other than that object ("move a counter from a character to another
    character", in a delayed effect that is a step of the power's)."""
    obj = getattr(e, "object", None)
    if not isinstance(e, n.Event) or not isinstance(obj, (n.Filter, n.TopCards, n.Either)) \
            or getattr(obj, "target", None) is not None:
        return e
    own = _filter_mentions(obj, _OWN)
    if not own or own[0].player:
        return e

    def earlier(pos: int) -> list[Mention]:
        return sorted([m for m in mentions if m.pos < pos] + own, key=lambda m: m.pos)

    def fix(y: Any) -> Any:
        if isinstance(y, Pronoun) and not y.did and y.pos > own[0].pos and y.word not in _PLAYER_PRONOUNS:
            ref, word = _pronoun(y, earlier(y.pos))
            if ref is _OWN:
                return n.Affected(word=word)
        if isinstance(y, n.Filter) and any(isinstance(q, OtherMark) and q.pos > own[0].pos for q in y.qualifiers):
            return attrs.evolve(y, qualifiers=tuple(
                n.Other(n.Affected()) if isinstance(q, OtherMark) and q.pos > own[0].pos
                and _other_than(y.kind, earlier(q.pos)) is _OWN else q for q in y.qualifiers))
        return y
    changes = {a.name: _map(getattr(e, a.name), fix) for a in attrs.fields(type(e)) if a.name != "object"}
    return n.evolve(e, **changes)


def _shows(effect: n.Effect) -> bool:
    """Does the effect show cards to a player, so that later text names them (reveal, look at)?"""
    fam = FAMILIES.get(type(effect))
    return fam is not None and fam.shows


def _implicit_group(power: n.Power) -> n.Power:
    """After "Reveal the top four cards of your deck", "Put all cards that share a name with …"
    means all such cards among those revealed: a card with no zone named after a group of cards
    looked at or revealed is one of them."""
    effect = _effect_of(power)
    if not isinstance(effect, n.Sequence):
        return power
    group: int | None = None
    k = 0
    steps: list[n.Effect] = []
    for step in effect.steps:
        if isinstance(step, n.Event):
            k += 1
            obj = getattr(step, "object", None)
            if _shows(step) and isinstance(obj, n.TopCards):
                group = k
            elif group is not None and isinstance(step, n.Move) and isinstance(obj, n.Filter) \
                    and obj.target is None and obj.kind == "card" \
                    and not any(isinstance(q, (n.InZone, n.Among)) for q in obj.qualifiers):
                step = attrs.evolve(step, object=attrs.evolve(obj, qualifiers=(n.Among(n.Acted(group), word="implicit"),)
                                                              + obj.qualifiers))
        else:
            k += len(n.steps(step))
        steps.append(step)
    new = n.Sequence(tuple(steps))
    if isinstance(power, n.Spell):
        return attrs.evolve(power, effect=new)
    if isinstance(power, (n.Activated, n.Triggered)):
        return attrs.evolve(power, effect=new)
    return power


def _that_many(power: n.Power) -> n.Power:
    """"that many": as many as the step before acted on ("Discard any number of cards. Draw that many
    cards."), or, in a payment power's first step, as many points as its cost paid ("Pay 1 or more
    resource points >>> …")."""
    effect = _effect_of(power)
    if effect is None or not any(isinstance(x, n.ThatMany) for x in n.descendants(effect)):
        return power
    parts = effect.steps if isinstance(effect, n.Sequence) else (effect,)
    done = 0
    out: list[n.Effect] = []
    for part in parts:
        if any(isinstance(x, n.ThatMany) for x in n.descendants(part)):
            if done == 0 and not isinstance(power, n.Activated):
                raise CardTextError('"that many" counts what the step before did, or what a cost paid: nothing '
                                    'comes before it here')
            step = done if done else None
            part = _map(part, lambda x: n.ThatMany(step) if isinstance(x, n.ThatMany) else x)
        out.append(part)
        done += len(n.steps(part))
    new = out[0] if len(out) == 1 else n.Sequence(tuple(out))
    if isinstance(power, (n.Activated, n.Triggered, n.Static, n.Spell)):
        return attrs.evolve(power, effect=new)
    return power


def _own_object(power: n.Power) -> n.Power:
    """Inside step k, what step k acts on is each object it acts on ("Return all stunned
    characters to their owners' hands"): :class:`~nodes.Affected`, not the step's result."""
    effect = _own_steps(_effect_of(power))
    if effect is None:
        return power
    own = {id(e): k for k, e in enumerate(n.steps(effect), start=1)}

    def fix(x: Any) -> Any:
        k = own.get(id(x))
        if k is None:
            return x
        changes = {}
        for a in attrs.fields(type(x)):
            if a.name == "object":
                continue
            value = getattr(x, a.name)
            new = _map(value, lambda y: n.Affected() if isinstance(y, n.Acted) and y.step == k else y)
            if new is not value:
                changes[a.name] = new
        return attrs.evolve(x, **changes) if changes else x

    owned: n.Power = _map_events(power, fix)
    return owned


def _map_events(node: Any, fn: Callable[[Any], Any]) -> Any:
    """``node`` with ``fn`` applied to each of its events, found by identity before rebuilding."""
    if isinstance(node, n.Event):
        return fn(node)
    if isinstance(node, tuple):
        return tuple(_map_events(x, fn) for x in node)
    if isinstance(node, n.Node) and attrs.has(type(node)) and not isinstance(node, n.GainPower):
        changes = {}
        for a in attrs.fields(type(node)):
            value = getattr(node, a.name)
            new = _map_events(value, fn)
            if new is not value:
                changes[a.name] = new
        return n.evolve(node, **changes) if changes else node
    return node


def _map_outside_quotes_resolving(power: n.Power, fn: Callable[[Any], Any]) -> n.Power:
    def inner(x: Any) -> Any:
        if isinstance(x, n.GainPower):
            return attrs.evolve(x, power=resolve(_unresolved_self(x.power)))
        return fn(x)
    mapped: n.Power = _map_quoted_last(power, inner)
    return mapped


def _map_quoted_last(node: Any, fn: Callable[[Any], Any]) -> Any:
    if isinstance(node, n.GainPower):
        return fn(node)
    if isinstance(node, tuple):
        return tuple(_map_quoted_last(x, fn) for x in node)
    if attrs.has(type(node)) and isinstance(node, n.Node) or isinstance(node, (Pronoun, That, Rest)):
        changes = {}
        for a in attrs.fields(type(node)):
            value = getattr(node, a.name)
            new = _map_quoted_last(value, fn)
            if new is not value:
                changes[a.name] = new
        if changes:
            node = n.evolve(node, **changes)
        return fn(node)
    return fn(node)


def _unresolved_self(power: n.Power) -> n.Power:
    return power


def _latest_group(mentions: list[Mention]) -> Any:
    groups = [m for m in mentions if m.plural and not m.player and m.group] or \
        [m for m in mentions if m.plural and not m.player]
    if not groups:
        raise CardTextError('"the rest" needs cards named before it')
    return groups[-1].ref


def _current_target(to: Any) -> Any:
    """"Change the target of … to another character": other than the current target."""
    if isinstance(to, n.Filter):
        quals = tuple(n.Other(n.CurrentTarget()) if isinstance(q, (n.Other, OtherMark)) else q for q in to.qualifiers)
        return attrs.evolve(to, qualifiers=quals)
    return to


def _at(error: CardTextError, pos: int) -> CardTextError:
    """The error, placed at character ``pos`` of the text (read_card_text turns it into a column)."""
    # CardTextError declares no offset (errors.py is no part of the text layer); read._placed
    # reads it back with getattr
    setattr(error, "offset", pos if isinstance(pos, int) and pos >= 0 else None)
    return error


def _pronoun(x: Pronoun, earlier: list[Mention]) -> tuple[Any, str]:
    word = x.word
    if x.zone_owner and any(m.player for m in earlier):  # "his KO'd pile": a player's
        return [m for m in earlier if m.player][-1].ref, word
    if word in _PLAYER_PRONOUNS:
        players = [m for m in earlier if m.player]
        return (players[-1].ref if players else n.Acting()), word
    if word in ("they", "them", "their"):
        found = [m for m in earlier if m.plural and not m.player] or [m for m in earlier if not m.player]
        return (found[-1].ref if found else n.Self()), word
    if word in _PERSON:
        found = [m for m in earlier if m.player or m.noun in FITS["character"]]
    else:
        found = [m for m in earlier if not m.player]
    if not found:
        return n.Self(), word
    latest = found[-1]
    if word in ("it", "its", "itself") and latest.salient and isinstance(latest.ref, n.Self):
        # "Whenever ~ stuns a defender, its controller …": "it" is the other participant, not ~
        others = [m for m in found if isinstance(m.ref, n.EventRef) and not m.salient]
        if others:
            return others[-1].ref, word
    return latest.ref, word


def _word(ref: Any, word: str) -> Any:
    try:
        return attrs.evolve(ref, word=word)
    except TypeError:
        return ref


def _plural_noun(noun: str) -> str:
    return noun if noun == "equipment" else noun + "s"


def _said(q: Any, qualifiers: tuple[Any, ...]) -> bool:
    """Is quality ``q`` ("opposing", "stunned") among what a noun phrase said of its object?"""
    if isinstance(q, AdjacentMark):  # "that adjacent character": said to be adjacent to something
        return any(isinstance(x, n.Adjacent) for x in qualifiers)
    if isinstance(q, n.ControlledBy):  # "opposing": controlled by an opponent, however it was said
        return any(isinstance(x, n.ControlledBy) and (isinstance(x.player, n.OpponentsOf) or
                   isinstance(x.player, n.Filter) and x.player.kind == "opponent") for x in qualifiers)
    return q in qualifiers


#: The events "the card you VERBED" names, by the verb's word.
_DONE_EVENTS: dict[str, type] = {"discard": n.Discard}


def _done_ref(x: That, power: n.Power, earlier: list[Mention]) -> Any:
    """"the card you discarded": what the latest step before it of that event acted on, else the
    power's cost of that event; else the card's additional cost (:data:`_UNPAID`, which
    :func:`card_text` numbers, costs being paid as the card is played: CR 505)."""
    kind = _DONE_EVENTS[x.done or ""]
    words = f"the {x.noun} you {x.done}ed"
    effect = _effect_of(power)
    steps = n.steps(effect) if effect is not None else ()
    fits = FITS.get(x.noun, {x.noun})
    for m in reversed(earlier):
        if isinstance(m.ref, n.Acted) and 0 < m.ref.step <= len(steps) and type(steps[m.ref.step - 1]) is kind \
                and m.noun in fits:
            return _word(m.ref, words)
    if isinstance(power, n.Activated):
        for k in range(len(power.costs), 0, -1):
            if type(power.costs[k - 1]) is kind:
                return n.Paid(k, word=words)
    return n.Paid(_UNPAID, word=words)


#: The cost number of "the card you discarded" that only the card's additional cost can give.
_UNPAID = 0


def _paid_by_additional_cost(power: n.Power, earlier: list[n.Power]) -> n.Power:
    """"As an additional cost to play ~, discard …. … the card you discarded": the cost of the
    latest additional cost before it that is that event (:func:`_done_ref`)."""
    unpaid = [x for x in n.descendants(power) if isinstance(x, n.Paid) and x.cost == _UNPAID]
    if not unpaid:
        return power
    costs = next((p.costs for p in reversed(earlier) if isinstance(p, n.AdditionalCost)), ())
    word = unpaid[0].word or "the card you discarded"
    k = next((i for i in range(len(costs), 0, -1) if type(costs[i - 1]) is n.Discard), None)
    if k is None:
        raise CardTextError(f"'{word}' has nothing to refer to: no step before it and no cost of the card discards",
                            hint="\"As an additional cost to play ~, discard a card.\" on the line before, or a "
                                 "\"Discard …\" step before it")
    mapped: n.Power = _map(power, lambda x: attrs.evolve(x, cost=k) if isinstance(x, n.Paid) and x.cost == _UNPAID
                           else x)
    return mapped


def _that(x: That, earlier: list[Mention]) -> tuple[Any, str]:
    noun = x.noun.split(" or ")[0]
    fits = FITS.get(noun, {noun})
    found = [m for m in earlier if m.noun in fits and not m.salient]
    if x.qualifiers:  # "that opposing character": one said to be opposing; "that stunned
        # character" after "Whenever ~ stuns a character": a state it came to be in will do
        said = [m for m in found if all(_said(q, m.qualifiers) for q in x.qualifiers)]
        found = said or ([] if any(not isinstance(q, n.State) for q in x.qualifiers) else found)
    others = [m for m in found if not isinstance(m.ref, n.Self)]
    found = others or found
    if x.plural:
        found = [m for m in found if m.plural] or found
    adjectives = "".join(("opposing " if isinstance(q, n.ControlledBy) else "adjacent " if isinstance(q, AdjacentMark)
                          else f"{q.name} ") for q in x.qualifiers)
    words = f"{x.word} {adjectives}{_plural_noun(x.noun) if x.plural else x.noun}"
    if not found:
        raise _at(CardTextError(f"'{words}' has nothing to refer to"), x.pos)
    return found[-1].ref, words
