"""Card text from nodes: one canonical wording per node, which parses back to the same node.

``render(node, card_name)`` writes what :mod:`vsoracle.text.nodes` says in the house style the
grammar reads: events as orders ("Stun target character") or with their doer ("target player
discards a card"), in their mode ("Whenever ~ becomes stunned", "If ~ would be KO'd, instead,
…", "~ cannot be stunned", "if it attacked this turn"); noun phrases as determiner, adjectives,
noun and modifiers in canonical order; references with the words the card used, else as "that
<noun>". A node that no card text can say raises :class:`RenderError`.
"""

from __future__ import annotations

from typing import Any, Iterable, TypeGuard

import attrs

from . import nodes as n
from .events import FAMILIES, Conjugate, RenderError, family

__all__ = ["render", "RenderError"]


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                 9: "nine", 10: "ten"}
_ZONE_WORDS = {"hand": "hand", "deck": "deck", "ko pile": "KO'd pile", "resource row": "resource row",
               "front row": "front row", "support row": "support row", "hidden area": "hidden area",
               "visible area": "visible area"}
_PLURAL = {"character": "characters", "card": "cards", "character card": "character cards",
           "attacker": "attackers", "defender": "defenders", "team attacker": "team attackers",
           "resource": "resources", "location": "locations", "location card": "location cards",
           "plot twist": "plot twists", "plot twist card": "plot twist cards", "equipment": "equipment",
           "equipment card": "equipment cards", "player": "players", "opponent": "opponents", "effect": "effects",
           "plot twist effect": "plot twist effects", "payment effect": "payment effects",
           "triggered effect": "triggered effects", "affiliation": "team affiliations", "trait": "traits",
           "identity": "identities",
           "point": "points", "power": "powers"}
_SINGULAR_ODD = {"affiliation": "team affiliation"}
_POSSESSIVE = {"he": "his", "she": "her", "him": "his", "her": "her", "it": "its", "they": "their", "them": "their",
               "he or she": "his or her", "his": "his", "its": "its", "their": "their", "his or her": "his or her",
               "him or her": "his or her"}
#: The pronouns a player's reference was said with ("he", "his", "him"), said again as written.
_PERSONAL = frozenset({"he", "his", "him", "she", "her", "he or she", "his or her", "him or her"})
_OBJECTIVE = {"he": "him", "she": "her", "his": "him", "her": "her", "it": "it", "its": "it", "they": "them",
              "their": "them", "them": "them", "him": "him", "he or she": "him or her", "him or her": "him or her",
              "his or her": "him or her"}
_SUBJECTIVE = {"him": "he", "her": "she", "his": "he", "its": "it", "them": "they", "their": "they",
               "he": "he", "she": "she", "it": "it", "they": "they", "he or she": "he or she", "his or her": "he or she",
               "him or her": "he or she"}


def render(node: Any, card_name: str | None = None) -> str:
    """The node as canonical card text; ``card_name`` is the name its :class:`~nodes.Self` takes,
    ``~`` when the card's name is not known (card text reads ``~`` as the card's own name)."""
    # a sentence that ends with a quoted power ends with its period: 'has "… this turn."'
    return Speech(card_name).say(node).replace('.".', '."')


def _uncap(text: str) -> str:
    """A trigger's "At"/"Whenever" inside a sentence that callers capitalise."""
    return text[:1].lower() + text[1:] if text[:1] in "AW" else text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _join(items: list[str], word: str = "and") -> str:
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return f"{items[0]} {word} {items[1]}"
    return ", ".join(items[:-1]) + f", {word} " + items[-1]


class Speech:
    """Rendering for one card: its name, and the power being rendered (for its targets)."""

    #: Say the card's own words where a node keeps them ("Activate"); the plain reading says
    #: what they mean instead ("exhaust this character").
    verbatim = True

    def __init__(self, card_name: str | None) -> None:
        self.name = card_name or "~"
        self.targets: dict[int, n.Filter] = {}
        self.roles: dict[str, Any] = {}
        self.step_objects: dict[int, Any] = {}

    # == entry ===================================================================================

    def say(self, node: Any) -> str:
        if isinstance(node, n.CardText):
            return "\n".join(self.power(p) for p in node.powers)
        if isinstance(node, n.Power):
            return self.power(node)
        if isinstance(node, n.Effect):
            return " ".join(_cap(x) for x in self.sentences(node))
        if isinstance(node, n.Condition):
            return self.condition(node)
        if isinstance(node, n.Selector):
            return self.np(node)
        if isinstance(node, n.Amount):
            return self.amount(node)
        if isinstance(node, n.Trigger):
            return self.trigger(node)
        if isinstance(node, n.Keyword):
            return self.keyword(node)
        if isinstance(node, n.Change):
            return self.changes_text(n.Modify(n.Self(), (node,), n.NO_DURATION), None)
        if isinstance(node, n.Step):
            return self.step(node)
        if isinstance(node, n.Zone):
            return self.zone(node)
        if isinstance(node, n.Qualifier):
            return " ".join(self.postmods((node,)) or self.premods((node,)))
        raise RenderError(f"cannot render {type(node).__name__}")

    # == powers ==================================================================================

    def power(self, p: n.Power) -> str:
        self._learn(p)
        if isinstance(p, n.Keywords):
            return ", ".join(self.keyword(k) for k in p.keywords)
        if isinstance(p, n.KeywordPower):
            return f"{self.keyword(p.keyword)}: {self.power(p.power)}"
        if isinstance(p, n.Activated):
            costs = _cap(", ".join(self.event(c, None) for c in p.costs))
            parts = [costs + " >>> " + " ".join(_cap(x) for x in self.sentences(p.effect, delayed_first=True))]
            if p.limits:
                parts.append("Use this power only " + " and only ".join(self.limit(x) for x in p.limits) + ".")
            return " ".join(parts)
        if isinstance(p, n.Triggered):
            sentences = self.sentences(p.effect)
            return f"{self.trigger(p.trigger)}, {sentences[0]}" + \
                "".join(" " + _cap(s) for s in sentences[1:])
        if isinstance(p, n.Spell) and p.limits:
            return f"Play {self.name} only " + " and only ".join(self.limit(x) for x in p.limits) + ". " + \
                " ".join(_cap(x) for x in self.sentences(p.effect))
        if isinstance(p, (n.Static, n.Spell)):
            return " ".join(_cap(x) for x in self.sentences(p.effect))
        if isinstance(p, n.Replacement):
            return _cap(self.instead(p.instead, None))
        if isinstance(p, n.Restriction):
            return f"{_cap(p.action)} {self.name} only " + " and only ".join(self.limit(x) for x in p.limits) + "."
        if isinstance(p, n.AdditionalCost):
            # "…, choose a team affiliation among characters you control.": a choice made as a cost
            return f"As an additional cost to {p.action} {self.name}, " + \
                ", ".join(self.event(c, None) if isinstance(c, n.Event) else self.clause(c) for c in p.costs) + "."
        if isinstance(p, n.AlternateCost):
            kind = "recruit" if p.action == "recruit" else "threshold"
            return f"You may {self.event(p.costs[0], None)} rather than pay {self.name}'s {kind} cost."
        if isinstance(p, n.Crossover):
            if p.chosen and p.names:
                return f"Crossover {', '.join(p.names)} and the chosen {p.chosen}."
            if p.chosen:
                return f"Crossover the chosen {p.chosen}s."
            return f"Crossover {_join(list(p.names))}."
        raise RenderError(f"cannot render {type(p).__name__}")

    def _learn(self, p: Any) -> None:
        """Remember the power's targets and event roles, to name references to them."""
        for x in n.descendants(p, inside=(n.GainPower,)):  # a gained power names its own
            if isinstance(x, n.Filter) and x.target is not None:
                self.targets.setdefault(x.target, x)
            if isinstance(x, (n.Whenever, n.Instead)):
                events = x.event.options if isinstance(x.event, n.EitherEvent) else (x.event,)
                for e in events:
                    for a in e.__attrs_attrs__:
                        v = getattr(e, a.name)
                        if isinstance(v, n.Filter):
                            self.roles.setdefault(a.name, v)

    def keyword(self, k: n.Keyword) -> str:
        if k.spelled:
            text = k.spelled
        else:
            text = k.name.capitalize()
            if k.sub:
                text += "—" + k.sub.capitalize()
            if k.value is not None:
                text += " " + self.amount(k.value)
        return text + (f" ({k.reminder})" if k.reminder else "")

    def limit(self, x: n.Limit) -> str:
        if isinstance(x, n.PerTurn):
            return "once per turn" if x.n == 1 else "twice per turn"
        if isinstance(x, n.OnlyIf):
            return f"{x.word} {self.condition(x.condition)}"
        if isinstance(x, n.OnlyDuring):
            return f"during {self.step(x.step)}"
        if isinstance(x, n.OnlyFrom):
            return f"from {self.zone(x.zone)}"
        raise RenderError(f"cannot render {type(x).__name__}")

    def trigger(self, t: n.Trigger) -> str:
        if isinstance(t, n.Whenever):
            word = "When" if t.word == "when" else "Whenever"
            e = t.event
            said = family(e).done_to(self, e) if t.subject == "object" else None
            tail = self.trigger_condition(t)
            if said is not None:  # "a cosmic counter is put on NP"
                return f"{word} {said}{tail}"
            return f"{word} {self.event_clause(t.event, t.subject)}{tail}"
        if isinstance(t, n.AtStart):
            return f"At the start of {self.step(t.step)}"
        if isinstance(t, n.AtEnd):
            return f"At the end of {self.step(t.step)}"
        raise RenderError(f"cannot render {type(t).__name__}")

    def trigger_condition(self, t: n.Whenever) -> str:
        """What must hold as a trigger's event happens, after it: " during combat", " while you
        control a location", " unless you have the initiative"."""
        c = t.condition
        if c is None:
            return ""
        if isinstance(c, n.During):
            return f" during {self.step(c.step)}"
        if t.said == "unless" and isinstance(c, n.Not):
            return f" unless {self.condition(c.condition)}"
        return f" {t.said or 'while'} {self.condition(c)}"

    def step(self, s: n.Step) -> str:
        if s.name == "turn":
            return "the turn"
        if s.whose == "opponent":
            said = s.word or "an opponent's"
            return f"{said} {s.name}"
        if s.whose == "each":
            return f"each player's {s.name}"
        if s.whose == "its controller":
            return f"its controller's {'next ' if s.next else ''}{s.name}"
        return f"{'your' if s.whose == 'your' else 'the'} {'next ' if s.next else ''}{s.name}"

    # == sentences ===============================================================================

    def sentences(self, e: n.Effect, delayed_first: bool = False) -> list[str]:
        steps = e.steps if isinstance(e, n.Sequence) else (e,)
        out: list[str] = []
        for s in steps:
            out += self.sentence(s)
        return out

    def sentence(self, e: n.Effect) -> list[str]:
        if isinstance(e, n.Repeat):  # the step before, again (a rally's repeat)
            tail = f" with {self.np(e.with_)}" if e.with_ is not None else ""
            return [f"each time you're successful, repeat this process{tail}."]
        if isinstance(e, n.IfDone):
            who = self.np(e.player, "subject") if e.player is not None else "you"
            verb = "do" if who == "you" else "does"
            out = [] if isinstance(e.effect, n.Nothing) else [f"if {who} {verb}, {self.body(e.effect)}."]
            if e.otherwise is not None:
                out.append(f"if {who} {verb} not, {self.body(e.otherwise)}.")
            return out
        if isinstance(e, n.Conditional) and e.trailing and e.otherwise is None and _atomic(e.condition) \
                and not isinstance(e.effect, n.Sequence):
            return [self.clause(e) + "."]
        if isinstance(e, n.Conditional):
            c = e.condition  # "If it is your combat phase, …": a step is said as what it is
            said = f"it is {self.step(c.step)}" if isinstance(c, n.During) else self.condition(c)
            if e.instead and e.otherwise is not None:  # "F. If C, E instead."
                return self.sentence(e.otherwise) + [f"if {said}, {self.body(e.effect)} instead."]
            text = f"if {said}, {self.body(e.effect)}."
            out = [text]
            if e.otherwise is not None:
                out.append(f"otherwise, {self.body(e.otherwise)}.")
            return out
        if isinstance(e, n.Delayed) and e.duration.span is None and isinstance(e.trigger, (n.AtStart, n.AtEnd)) \
                and isinstance(e.effect, n.Event):
            return [self.clause(e) + "."]  # "Stun target character at the end of the turn." (no span: not a trigger)
        if isinstance(e, n.Delayed):
            return [f"{_uncap(self.trigger(e.trigger))}{self.span(e.duration.span)}, {self.body(e.effect)}."]
        if isinstance(e, n.CreateReplacement):
            return [self.instead(e.instead, e.duration.span)]
        if isinstance(e, n.Modify) and isinstance(e.duration.while_, n.All) and len(e.duration.while_.conditions) == 2 \
                and isinstance(e.duration.while_.conditions[1], n.During) \
                and not isinstance(e.duration.while_.conditions[0], n.During) \
                and not _affected_while(e.duration.while_.conditions[0]):
            # "While you control an Emerald Enemies character, characters your opponents control cannot
            # recover during the recovery phase." (DGL): the condition first, the step after the predicate
            lead, during = e.duration.while_.conditions
            return [f"while {self.condition(lead)}, "
                    f"{self.modify(n.Modify(e.subject, e.changes, n.Duration(e.duration.span, during)))}."]
        if isinstance(e, n.Modify) and e.duration.while_ is not None and not _affected_while(e.duration.while_) \
                and not _during(e.duration.while_) and _role_while(e.duration.while_) is None:
            return [f"while {self.condition(e.duration.while_)}, "
                    f"{self.modify(n.Modify(e.subject, e.changes, n.Duration(e.duration.span)))}."]
        if isinstance(e, n.Modify) and e.duration.while_ is not None and _affected_while(e.duration.while_) \
                and (e.duration.leading or len(e.changes) > 1):
            state = e.duration.while_.qualifiers[0]
            if not isinstance(state, n.State):
                raise RenderError("cannot render this while-condition before the clause")
            return [f"while {state.name}{self.span(e.duration.span)}, "
                    f"{self.modify(n.Modify(e.subject, e.changes, n.NO_DURATION))}."]
        return [self.body(e) + "."]

    def body(self, e: n.Effect) -> str:
        """An effect as one sentence's clauses: "move ~ to your hidden area, exhaust him, and …"."""
        steps = e.steps if isinstance(e, n.Sequence) else (e,)
        return _join([self.clause(s) for s in steps])

    def clause(self, e: n.Effect) -> str:
        if isinstance(e, n.Event):
            fam = family(e)
            if fam.intransitive:  # "~ comes into play": said of its object
                return self.event(e, getattr(e, "object"))
            return self.event(e, fam.who(e))
        if isinstance(e, n.Modify):
            return self.modify(e)
        if isinstance(e, n.May):
            return self.may(e)
        if isinstance(e, n.Conditional) and e.otherwise is None:
            if not _atomic(e.condition):
                raise RenderError("a condition after a clause is a single condition")
            return f"{self.clause(e.effect)} if {self.condition(e.condition)}"
        if isinstance(e, n.Unless):
            return f"{self.clause(e.effect)} unless {self.condition(e.condition)}"
        if isinstance(e, n.Choose):
            if e.agent is not None:  # "target opponent chooses a card from your hand at random"
                who = self.np(e.agent, "subject")
                return f"{who} {'choose' if _plural(e.agent) else 'chooses'} {self.np(e.selector)}"
            return f"choose {self.np(e.selector)}"
        if isinstance(e, n.Delayed) and isinstance(e.trigger, (n.AtStart, n.AtEnd)):
            when = "start" if isinstance(e.trigger, n.AtStart) else "end"
            return f"{self.clause(e.effect)} at the {when} of {self.step(e.trigger.step)}{self.span(e.duration.span)}"
        if isinstance(e, n.Nothing):
            raise RenderError("nothing happens: no card text says it alone")
        if isinstance(e, n.Lessen):
            if e.word == "less":
                return f"you lose {self.amount(e.amount)} less endurance"
            return f"prevent {self.amount(e.amount)} of {e.word}"
        raise RenderError(f"cannot render {type(e).__name__} inside a sentence")

    def may(self, e: n.May) -> str:
        inner = e.effect
        who = e.player if e.player is not None else getattr(inner, "agent", None) or getattr(inner, "player", None)
        subject = self.np(who, "subject") if who is not None else "you"
        return f"{subject} may {self.vp(inner, base=True)}"

    def span(self, span: str | None) -> str:
        return f" this {span}" if span else ""

    # == replacements ============================================================================

    def instead(self, i: n.Instead, span: str | None) -> str:
        if i.prevent and isinstance(i.effect, n.Nothing):
            return f"prevent all {self.event_noun(i.event)}{self.span(span)}."
        if i.prevent and isinstance(i.effect, n.Lessen):
            return f"prevent {self.amount(i.effect.amount)} of the {self.event_noun(i.event)}{self.span(span)}."
        pattern = self.would(i.event, i.subject)
        extra = ""
        if i.condition is not None:
            extra = self.instead_condition(i.condition, i.event)
        head = f"{'the next time' if i.once else 'if'} {pattern}{extra}{self.span(span)}"
        effect = i.effect
        if isinstance(effect, n.Sequence) and effect.steps and isinstance(effect.steps[0], n.Nothing):
            obj = getattr(i.event, "object", None)
            rest = n.Sequence(effect.steps[1:]) if len(effect.steps) > 2 else effect.steps[1]
            body = f"it is not {family(i.event).not_done(self, i.event)} and {self.body(rest)}"
            return f"{head}, instead, {body}."
        if isinstance(effect, n.Nothing) and effect.word is not None and effect.word.startswith("prevent all of"):
            return f"{head}, {effect.word}."  # "…, prevent all of it."
        if isinstance(effect, n.Nothing) and effect.word is not None and effect.word.endswith("no endurance"):
            gainer = "you gain" if isinstance(getattr(i.event, "player", None), n.You) else "he gains"
            return f"{head}, instead, {gainer} no endurance."  # "…, instead, he gains no endurance."
        if isinstance(effect, n.Nothing) and effect.word is not None:
            return f"{head}, instead, it {effect.word}."
        if isinstance(effect, n.Nothing):
            return f"{head}, instead, it is not {family(i.event).not_done(self, i.event)}."
        if i.optional and isinstance(effect, n.Conditional) and effect.otherwise is None \
                and isinstance(effect.effect, n.Event):
            # "instead, you may put her into play if you don't control a character named ~" (MUN)
            who = getattr(effect.effect, "agent", None) or n.You()
            text = f"{self.np(who, 'subject')} may {self.vp(effect.effect, base=True)}"
            return f"{head}, instead, {text} if {self.condition(effect.condition)}."
        if i.optional and isinstance(effect, n.Sequence) and len(effect.steps) == 2 \
                and isinstance(effect.steps[0], n.Event) and isinstance(effect.steps[1], n.IfDone) \
                and effect.steps[1].player is None and effect.steps[1].otherwise is None:
            # "you may pay 3 endurance. If you do, ready ~ instead.": the step offered, then its result
            step, done = effect.steps
            assert isinstance(done, n.IfDone)
            who = getattr(step, "agent", None) or n.You()
            text = f"{self.np(who, 'subject')} may {self.vp(step, base=True)}"
            return f"{head}, {text}. If you do, {self.body(done.effect)} instead."
        if i.optional:
            who = getattr(effect, "agent", None) or n.You()
            text = f"{self.np(who, 'subject')} may {self.vp(effect, base=True)}"
            return f"{head}, {text} instead."
        body = self.body(effect)
        if isinstance(effect, n.Lessen) and effect.word != "less" and not i.first:
            return f"{head}, {body}."  # "prevent 2 of it" says "instead" itself
        if i.first:
            return f"{head}, instead, {body}."
        return f"{head}, {body} instead."

    def instead_condition(self, c: n.Condition, event: Any) -> str:
        parts = c.conditions if isinstance(c, n.All) else (c,)
        out = ""
        i = 0
        while i < len(parts):
            p = parts[i]
            if isinstance(p, n.During):
                out += f" during {self.step(p.step)}"
            elif isinstance(p, n.FirstTime) and p.event == event:  # "for the first time in a phase"
                out += f" for the first time {p.word} {p.span}"
            elif isinstance(p, n.Is) and len(p.qualifiers) == 1 and isinstance(p.qualifiers[0], n.State):
                state = p.qualifiers[0].name
                nxt = parts[i + 1] if i + 1 < len(parts) else None
                if state == "attacking" and isinstance(nxt, n.Compare) and isinstance(nxt.left, n.NumberOf) \
                        and isinstance(nxt.left.selector, n.Filter):
                    f = nxt.left.selector
                    base = n.Filter(f.kind, tuple(q for q in f.qualifiers if not isinstance(q, n.Role)),
                                    n.Quantity("=", n.Fixed(1)))
                    out += f" while attacking {self.np(base)}"
                    i += 2
                    continue
                out += f" while {state}"
            else:
                raise RenderError("cannot render this replacement's condition")
            i += 1
        return out

    def event_noun(self, e: n.Event) -> str:
        """What "prevent all …" names: "breakthrough to you", "endurance loss from stuns"."""
        return family(e).noun(self, e)

    # == events ==================================================================================

    def event(self, e: n.Effect, agent: Any) -> str:
        """An event as a clause: an order when nobody is named as its doer, else "X does it"; a
        number its object's modifiers cannot say is X, said after it ("…, where X is …")."""
        e, where = _hoist_x(e)
        tail = f", where X is {self.amount(where)}" if where is not None else ""
        if agent is None:
            return self.vp(e, base=True) + tail
        return f"{self.np(agent, 'subject')} {self.vp(e, base=_plural(agent))}" + tail

    def event_clause(self, e: n.Event, subject_role: str | None) -> str:
        """A trigger's event: "~ becomes stunned by an attacker", "~ attacks", "you recruit ~"."""
        role = subject_role or _default_role(e)
        fam = family(e)
        if role == "object":
            subject = getattr(e, "object")
            if fam.object_subject:  # "~ comes into play", "~ becomes the target of …"
                return f"{self.np(subject, 'subject')} {self.vp(e, base=_plural(subject))}"
            return f"{self.np(subject, 'subject')} {self.passive(e, _plural(subject))}"
        who = fam.who(e)
        if fam.doer_verb:  # "a plot twist effect targets ~"
            v = _conjugate(_plural(who))
            return f"{self.np(who, 'subject')} {v(fam.doer_verb)} {self.np(getattr(e, 'object'), 'object')}"
        return f"{self.np(who, 'subject')} {self.vp(e, base=_plural(who))}"

    def would(self, e: n.Event, role: str | None) -> str:
        role = role or _default_role(e)
        fam = family(e)
        if role in ("object", "become"):
            subject = getattr(e, "object")
            if fam.object_subject:
                return f"{self.np(subject, 'subject')} would {self.vp(e, base=True)}"
            how = "become" if role == "become" else "be"
            return f"{self.np(subject, 'subject')} would {how} {self.participle(e)}"
        who = fam.who(e)
        if fam.doer_verb:  # "a plot twist effect would target ~"
            return f"{self.np(who, 'subject')} would {fam.doer_verb} {self.np(getattr(e, 'object'), 'object')}"
        return f"{self.np(who, 'subject')} would {self.vp(e, base=True)}"

    def passive(self, e: n.Event, plural: bool) -> str:
        """"becomes stunned by X", "is KO'd", "is attacked", "is recruited from your resource row"."""
        word: str = family(e).aux
        if plural:
            word = {"is": "are", "becomes": "become"}[word]
        return f"{word} {self.participle(e)}"

    def participle(self, e: n.Event) -> str:
        """"stunned by an attacker", "KO'd", "recruited from your resource row"."""
        return family(e).passive(self, e)

    def vp(self, e: n.Effect, base: bool) -> str:
        """The verb phrase of an event (its subject not included): "stun target character"."""
        v = _conjugate(base)
        obj = getattr(e, "object", None)
        if isinstance(obj, n.Filter) and any(isinstance(q, n.AtRandom) for q in obj.qualifiers):
            kept = tuple(q for q in obj.qualifiers if not isinstance(q, n.AtRandom))
            return f"{self.vp(n.evolve(e, object=attrs.evolve(obj, qualifiers=kept)), base)} at random"
        if isinstance(obj, n.Filter) and obj.quantity is not None and isinstance(obj.quantity.n, n.Times) \
                and obj.quantity.n.word == "for each":  # "discards a card for each …"
            each = obj.quantity.n
            inner = n.evolve(e, object=attrs.evolve(obj, quantity=attrs.evolve(obj.quantity, n=each.amount)))
            return f"{self.vp(inner, base)} for each {self.bare(each.factor)}"
        fam = FAMILIES.get(type(e))
        if fam is None:  # an effect that is no event ("Choose …", a modifier) has no verb phrase
            raise RenderError(f"cannot render {type(e).__name__}")
        return fam.vp(self, e, v)

    # == for the event families (vsoracle.text.events) ===========================================

    @staticmethod
    def plural(s: Any) -> bool:
        """Is the noun phrase plural ("all characters", "you")?"""
        return _plural(s)

    @staticmethod
    def counter_kind(kind: n.CounterKind) -> str:
        """"cosmic", "+1 ATK / +1 DEF": a counter's kind as cards print it."""
        return _counter_kind(kind)

    @staticmethod
    def plain_number(a: Any) -> bool:
        """Is the amount said as a number ("2", "-X"), not as what it counts?"""
        return _plain_number(a)

    def cards(self, count: n.Fixed) -> str:
        """A number of cards: "a card", "two cards" (the plain reading says "2 cards")."""
        if count.n == 1:
            return "a card"
        word = count.word or (_NUMBER_WORDS.get(count.n) if count.n <= 10 else str(count.n))
        return f"{word} cards"

    # == modifiers ===============================================================================

    def modify(self, m: n.Modify) -> str:
        subject = m.subject
        plural = _plural(subject)
        if len(m.changes) == 1 and isinstance(m.changes[0], n.Can):
            e = m.changes[0].event  # "you may recruit ~ from your KO'd pile": the card's permission
            said = family(e).permission(self, e, subject)
            if said is not None:
                return said
        if any(isinstance(c, n.StatSwitch) for c in m.changes):
            if len(m.changes) != 1 or m.duration.while_ is not None:
                raise RenderError("a switch of ATK and DEF is an order of its own")
            c = next(x for x in m.changes if isinstance(x, n.StatSwitch))  # the only change
            whose = f"the ATK and DEF of {self.np(subject, 'object')}" if c.word == "of" \
                else f"{_possessive_text(self, subject)} ATK and DEF"
            return f"switch {whose}{self.span(m.duration.span)}"
        return f"{self.np(subject, 'subject')} {self.changes_text(m, plural)}"

    def changes_text(self, m: n.Modify, plural: bool | None) -> str:
        """The predicates of a modifier: "gets +2 ATK and has flight this turn"."""
        base = bool(plural)
        preds: list[str] = []
        tail_each = ""
        stats: list[n.StatChange] = []

        where = ""

        def flush_stats() -> None:
            nonlocal tail_each, where
            if not stats:
                return
            words = []
            for c in stats:
                amount = c.amount
                if isinstance(amount, n.Times) and amount.word == "for each":
                    tail_each = f" for each {self.bare(amount.factor)}"
                    amount = amount.amount
                if not c.equal and not _plain_number(amount):
                    negative = isinstance(amount, n.Negative)
                    where = f", where X is {self.amount(amount.amount if isinstance(amount, n.Negative) else amount)}"
                    amount = n.Negative(n.X()) if negative else n.X()
                words.append(self.stat_change(c, amount))
            preds.append(("get " if base else "gets ") + " / ".join(words))
            stats.clear()

        def factor(c: n.StatChange) -> Any:
            return c.amount.factor if isinstance(c.amount, n.Times) and c.amount.word == "for each" else None

        several = len({repr(factor(c)) for c in m.changes if isinstance(c, n.StatChange)}) > 1
        copied_keywords: n.Change | None = None  # said with the powers: "the powers and keywords of NP"
        for i, c in enumerate(m.changes):
            if c is copied_keywords:
                continue
            nxt = m.changes[i + 1] if i + 1 < len(m.changes) else None
            if isinstance(c, n.GainPowers) and isinstance(nxt, n.KeywordChange) and nxt.word == "of" \
                    and _same_np(nxt.of, c.of):
                flush_stats()
                copied_keywords = nxt
                preds.append(f"{'gain' if base else 'gains'} {self.copied('powers and keywords', c.of, m.subject)}")
                continue
            if isinstance(c, n.StatChange):
                if several and stats and factor(stats[-1]) != factor(c):
                    # "+1 ATK for each card in your KO'd pile and +1 DEF for each card in your hand"
                    flush_stats()
                    preds[-1] += tail_each
                    tail_each = ""
                stats.append(c)
                continue
            flush_stats()
            if isinstance(c, n.CostChange) and isinstance(c.amount, n.Times) and c.amount.word == "for each" \
                    and not tail_each:  # "costs 1 less to recruit this turn for each …": after the span
                tail_each = f" for each {self.bare(c.amount.factor)}"
                c = attrs.evolve(c, amount=c.amount.amount)
            preds.append(self.change(c, base, m.subject))
        flush_stats()
        if several:
            preds[-1] += tail_each
            tail_each = ""
        d = m.duration
        tail = ""
        if d.while_ is not None:
            # a while-condition is the nearest predicate's (FAQ: "lose … and get -2 DEF while defending")
            each = self.while_tail(d.while_)
            if len(preds) > 1:
                preds = [p + each for p in preds]
            else:
                tail += each
        tail += self.span(d.span)
        text = _join(preds) + tail + tail_each + where
        floors = [c.floor for c in m.changes if isinstance(c, n.CostChange) and c.floor is not None]
        if floors:  # "…, but no less than 1": said last
            text += f", but no less than {self.amount(floors[0])}"
        return text

    def while_tail(self, c: n.Condition) -> str:
        role = _role_while(c)
        if role is not None:
            return f" while {role[0]} {self.np(role[1])}"
        if isinstance(c, n.Is) and isinstance(c.subject, n.Affected) and len(c.qualifiers) == 1 \
                and isinstance(c.qualifiers[0], n.State):
            return f" while {c.qualifiers[0].name}"
        if isinstance(c, n.During):
            return f" during {self.step(c.step)}"
        if isinstance(c, n.Is) and isinstance(c.subject, n.Affected) and len(c.qualifiers) == 1 \
                and isinstance(c.qualifiers[0], n.InZone) and c.qualifiers[0].zone is not None:
            return f" while in {self.zone(c.qualifiers[0].zone)}"
        if isinstance(c, n.Is) and isinstance(c.subject, n.Affected) and len(c.qualifiers) == 1 \
                and isinstance(c.qualifiers[0], n.Adjacent):
            return f" while adjacent to {self.np(c.qualifiers[0].to, 'object')}"
        if isinstance(c, n.All) and len(c.conditions) == 2 and isinstance(c.conditions[1], n.During):
            return self.while_tail(c.conditions[0]) + self.while_tail(c.conditions[1])
        if not isinstance(c, (n.All, n.AnyOf)):
            return f" while {self.condition(c)}"
        raise RenderError("cannot render this while-condition after a predicate")

    def stat_change(self, c: n.StatChange, amount: n.Amount) -> str:
        stat = _stat_word(c.stat)
        if c.equal:
            negative = isinstance(amount, n.Negative)
            inner = amount.amount if isinstance(amount, n.Negative) else amount
            return f"{'-' if negative else '+'}{stat} equal to {self.amount(inner)}"
        text = self.signed(amount)
        prefix = "an additional " if c.additional else ""
        return f"{prefix}{text} {stat}"

    def signed(self, a: n.Amount) -> str:
        if isinstance(a, n.Negative):
            inner = a.amount
            return "-X" if isinstance(inner, n.X) else f"-{self.amount(inner)}"
        if isinstance(a, n.X):
            return "+X"
        if isinstance(a, n.Fixed):
            return f"+{a.n}"
        raise RenderError("a stat change says a number")

    def change(self, c: n.Change, base: bool, subject: Any) -> str:
        def v(word: str) -> str:
            return word if base else {"have": "has", "gain": "gains", "lose": "loses", "cost": "costs"}[word]
        if isinstance(c, n.KeywordChange) and c.of is not None and c.word == "of":
            return f"{v('gain')} {self.copied('keywords', c.of, subject)}"
        if isinstance(c, n.KeywordChange) and c.of is not None:
            return f"{v('gain')} all keywords {self.np(c.of, 'subject')} {'have' if _plural(c.of) else 'has'}"
        if isinstance(c, n.GainPowers):
            return f"{v('gain')} {self.copied('powers', c.of, subject)}"
        if isinstance(c, n.KeywordChange):
            kws = _join([_kw(k) for k in c.keywords])
            if c.how == "gain":
                return f"{v('gain') if c.word == 'gain' else v('have')} {kws}"
            if c.how == "lose":
                return f"{v('lose')} {kws}"
            if c.how == "block":
                return f"cannot gain {kws}"
            return f"{v('lose')} and cannot gain {kws}"
        if isinstance(c, n.AffiliationChange) and c.word == "be":  # "are Mutants" (MXM)
            return f"are {c.names[0]}s" if base else f"is a {c.names[0]}"
        if isinstance(c, n.AffiliationChange):
            verb = v("gain") if c.word == "gain" else v("have")
            if c.chosen:
                return f"{verb} the chosen {c.chosen}"
            if c.trait:
                return f"{verb} the {c.names[0]} trait"
            if c.identity:
                return f"{verb} the identity {c.names[0]}"
            return f"{verb} the {_join(list(c.names))} affiliation"
        if isinstance(c, n.ShareAffiliations):
            return f"{v('have')} both affiliations"
        if isinstance(c, n.GainPower):
            inner = Speech("this character").power(c.power)
            return f'{v("have")} "{inner}"'
        if isinstance(c, n.EquipLimit):
            return f"can be equipped with {self.np(c.equipment, 'object')}"
        if isinstance(c, n.CostChange):
            amount = c.amount
            tail = ""
            if isinstance(amount, n.Times) and amount.word == "for each":
                tail = f" for each {self.bare(amount.factor)}"
                amount = amount.amount
            less = isinstance(amount, n.Negative)
            size = amount.amount if isinstance(amount, n.Negative) else amount
            return f"{v('cost')} {self.amount(size)} {'less' if less else 'more'} to {c.action}{tail}"
        if isinstance(c, n.Unique):
            return ("are" if base else "is") + ("" if c.unique else " not") + " unique"
        if isinstance(c, n.Cannot):
            return "cannot " + self.modal_vp(c.event)
        if isinstance(c, n.Must):
            return "must " + self.modal_vp(c.event) + " if able"
        if isinstance(c, n.Can):
            text = "can " + self.modal_vp(c.event)
            if c.as_though is not None:
                text += " as though " + self.as_though(c.as_though)
            return text
        raise RenderError(f"cannot render {type(c).__name__}")

    def modal_vp(self, e: n.Event) -> str:
        """After cannot/can: the event with :class:`~nodes.Affected` as its subject."""
        fam = family(e)
        if isinstance(getattr(e, "object", None), n.Affected) and not fam.intransitive:
            return f"be {fam.be(self, e)}"  # "be stunned", "be the target of …"
        return self.vp(e, base=True)

    def as_though(self, c: n.Condition) -> str:
        if isinstance(c, n.Is) and len(c.qualifiers) == 1:
            q = c.qualifiers[0]
            who = self.np(c.subject, "subject")
            if isinstance(q, n.HasKeyword):
                return f"{who} had {_join([_kw(k) for k in q.keywords])}"
            if isinstance(q, n.InZone) and q.zone is not None:
                return f"{who} were in {self.zone(q.zone)}"
            if isinstance(q, n.State) and q.name == "all affiliations":
                return f"{who} had all team affiliations"
        raise RenderError("cannot render this \"as though\"")

    # == conditions ==============================================================================

    def condition(self, c: n.Condition) -> str:
        if isinstance(c, n.All):
            merged = self.controls_all(c) or self.attacking_np(c)
            if merged is not None:
                return merged
            return _join_and([self.condition(x) for x in c.conditions])
        if isinstance(c, n.AnyOf):
            return " or ".join(self.condition(x) for x in c.conditions)
        if isinstance(c, n.Not):
            return self.negated(c.condition)
        if isinstance(c, n.Compare):
            return self.compare(c)
        if isinstance(c, n.Is):
            return self.is_(c)
        if isinstance(c, n.Happened):
            return self.happened(c.event, c.span)
        if isinstance(c, n.Protecting):
            return f"{self.np(c.subject, 'subject')} is protecting {self.np(c.object, 'object')}"
        if isinstance(c, n.Some):
            text = self.condition(c.condition)
            who = self.np(attrs.evolve(c.players, quantity=n.Quantity("=", n.Fixed(1)))
                          if isinstance(c.players, n.Filter) else c.players, "subject")
            if text.startswith("he "):
                return who + text[2:]
            raise RenderError("cannot render this condition on some player")
        if isinstance(c, n.Most):
            sel = c.count.selector if isinstance(c.count, n.NumberOf) else None
            if not isinstance(sel, n.Filter):
                raise RenderError("cannot render this comparison of players")
            quals = tuple(q for q in sel.qualifiers if not isinstance(q, n.ControlledBy) and q != n.State("revealed"))
            counted = n.Filter(sel.kind, quals)
            return f"one player revealed more {self.filter_words(counted, plural=True, det='')} than any other player"
        if isinstance(c, n.ChoseNames):
            if not c.other:
                return f"you chose {' and '.join(c.names)}"
            return f"you chose {c.names[0]} and a different affiliation"
        if isinstance(c, n.During):
            return f"during {self.step(c.step)}"
        if isinstance(c, n.HasInitiative):
            return f"{self.np(c.player, 'subject')} {_has(c.player)} the initiative"
        if isinstance(c, n.Does):
            e = c.event
            return self.event(e, family(e).who(e) or n.You())
        raise RenderError(f"cannot render {type(c).__name__}")

    def attacking_np(self, c: n.All) -> str | None:
        """"he is attacking a hidden character": he attacks, and a defender is one."""
        if len(c.conditions) != 2:
            return None
        first, second = c.conditions
        if not (isinstance(first, n.Is) and first.qualifiers == (n.State("attacking"),)
                and not isinstance(first.subject, n.Affected)
                and isinstance(second, n.Compare) and second.op == ">=" and second.right == n.Fixed(1)
                and isinstance(second.left, n.NumberOf) and isinstance(second.left.selector, n.Filter)
                and n.Role(("defender",)) in second.left.selector.qualifiers):
            return None
        f = second.left.selector
        base = n.Filter(f.kind, tuple(q for q in f.qualifiers if q != n.Role(("defender",))), n.Quantity("=", n.Fixed(1)))
        return f"{self.np(first.subject, 'subject')} is attacking {self.np(base)}"

    def controls_all(self, c: n.All) -> str | None:
        """"you control an Avengers character and a Squadron Supreme character"."""
        owners, parts = [], []
        for x in c.conditions:
            if not (isinstance(x, n.Compare) and x.op == ">=" and x.right == n.Fixed(1)
                    and isinstance(x.left, n.NumberOf) and isinstance(x.left.selector, n.Filter)):
                return None
            sel = x.left.selector
            owner = next((q.player for q in sel.qualifiers if isinstance(q, n.ControlledBy)), None)
            if owner is None:
                return None
            owners.append(owner)
            parts.append(n.Filter(sel.kind, tuple(q for q in sel.qualifiers if not isinstance(q, n.ControlledBy)),
                                  n.Quantity("=", n.Fixed(1))))
        if len(set(map(repr, owners))) != 1:
            return None
        return f"{self.np(owners[0], 'subject')} {_controls(owners[0])} " + " and ".join(self.np(p) for p in parts)

    def negated(self, c: n.Condition) -> str:
        if isinstance(c, n.Compare):
            text = self.compare(c)
            for verb, neg in ((" controls ", " does not control "), (" control ", " do not control ")):
                if verb in text:
                    return text.replace(verb, neg, 1)
        if isinstance(c, n.Is):
            return self.is_(c, negated=True)
        if isinstance(c, n.Happened):
            e = c.event
            fam = family(e)
            who = fam.who(e)
            if who is not None and fam.says_did_not(e):
                return f"{self.np(who, 'subject')} did not {self.vp(e, base=True)}{self.span(c.span)}"
            text = self.happened(e, c.span)
            for verb, neg in ((" was ", " was not "), (" were ", " were not "), (" has been ", " has not been "),
                              (" have been ", " have not been ")):
                if verb in text:
                    return text.replace(verb, neg, 1)
        raise RenderError("cannot render this negated condition")

    def compare(self, c: n.Compare) -> str:
        left, op, right = c.left, c.op, c.right
        if isinstance(left, n.PointsPaid):
            return f"you paid {self.quantity_words(n.Quantity(op, right))}"
        if isinstance(left, n.NumberOf) and isinstance(left.selector, n.Filter):
            sel = left.selector
            owner = next((q.player for q in sel.qualifiers if isinstance(q, n.ControlledBy)), None)
            if isinstance(right, n.NumberOf) and isinstance(right.selector, n.Filter):
                other = right.selector
                other_owner = next((q.player for q in other.qualifiers if isinstance(q, n.ControlledBy)), None)
                comparative = "more" if op == ">" else "fewer"
                if owner is not None and other_owner is not None:
                    base = n.Filter(sel.kind, tuple(q for q in sel.qualifiers if not isinstance(q, n.ControlledBy)))
                    return (f"{self.np(owner, 'subject')} {_controls(owner)} {comparative} {self.bare(base, plural=True)} "
                            f"than {self.np(other_owner, 'object')}")
                zone = _zone_of(sel)
                other_zone = _zone_of(other)
                if zone is not None and other_zone is not None and zone.owner is not None:
                    holder = zone.owner
                    return (f"{self.np(holder, 'subject')} {_has(holder)} more {_PLURAL[sel.kind]} in "
                            f"{self.zone(zone)} than {self.np(other_zone.owner, 'object')}")
            quantity = _quantity_of(op, right)
            if owner is not None:
                base = n.Filter(sel.kind, tuple(q for q in sel.qualifiers if not isinstance(q, n.ControlledBy)), quantity)
                return f"{self.np(owner, 'subject')} {_controls(owner)} {self.np(base)}"
            zone = _zone_of(sel)
            if zone is not None and zone.owner is not None:
                holder = zone.owner
                return f"{self.np(holder, 'subject')} {_has(holder)} {self.np(n.Filter(sel.kind, sel.qualifiers, quantity))}"
            states = [q for q in sel.qualifiers if isinstance(q, n.State)]
            if not states:  # "the number of cards in your KO'd pile is 10 or more"
                return f"the number of {self.np_any(sel)} is {self.quantity_words(quantity)}"
            if states:
                last = states[-1]
                base = n.Filter(sel.kind, tuple(q for q in sel.qualifiers if q is not last), quantity)
                verb = "are" if _plural(base) or quantity.op != "=" or quantity.n != n.Fixed(1) else "is"
                return f"{self.np(base, 'subject')} {verb} {last.name}"
            raise RenderError("cannot render this count")
        if isinstance(left, n.EnduranceOf) and isinstance(right, n.EnduranceOf) and op in (">", "<"):
            who = left.player
            return f"{self.np(who, 'subject')} {_has(who)} {'more' if op == '>' else 'less'} endurance than " \
                   f"{self.np(right.player, 'object')}"
        if isinstance(left, n.EnduranceOf) and isinstance(right, n.Fixed):
            who = left.player
            return f"{self.np(who, 'subject')} {_has(who)} {self.quantity_words(n.Quantity(op, right))} endurance"
        if isinstance(left, n.StatOf) and not left.printed and isinstance(right, n.Fixed) and left.word is None:
            whose = self.np(left.of, "subject")
            return f"{whose} {_has(left.of)} {_stat_word(left.stat)} {self.quantity_words(_quantity_of(op, right))}"
        if isinstance(left, n.StatOf) and isinstance(right, n.StatOf) and op in (">", "<") and \
                right.word == "that of" and left.word is None and not left.printed:
            whose = self.np(left.of, "subject")
            word = "greater" if op == ">" else "less"
            if _is_ref(left.of):
                return f"{_possessive_text(self, left.of)} {_stat_word(left.stat)} is {word} than that of " \
                       f"{self.np(right.of, 'object')}"
            return f"{whose} {_has(left.of)} a {word} {_stat_word(left.stat)} than that of {self.np(right.of, 'object')}"
        if isinstance(left, n.StatOf):
            relation = {">": "greater than", "<": "less than", "=": "equal to"}.get(op)
            if relation is None:
                raise RenderError("cannot render this comparison")
            return f"{self.amount(left)} is {relation} {self.amount(right)}"
        raise RenderError("cannot render this comparison")

    def is_(self, c: n.Is, negated: bool = False) -> str:
        who = self.np(c.subject, "subject")
        be = "are" if _plural(c.subject) else "is"
        if negated:
            be += " not"
        if c.kind is not None:
            f = n.Filter(c.kind, c.qualifiers, n.Quantity("=", n.Fixed(1)))
            return f"{who} {be} {self.np(f)}"
        q = c.qualifiers[0]
        if isinstance(q, n.State):
            return f"{who} {be} {q.name}"
        if isinstance(q, n.InZone):
            return f"{who} {be} in {self.zone(q.zone)}" if q.zone is not None else f"{who} {be} in play"
        has = (("do" if _plural(c.subject) else "does") + " not have") if negated else _has(c.subject)
        if isinstance(q, n.HasKeyword) and q.none and not q.keywords and not negated:
            return f"{who} {_has(c.subject)} no keywords"
        if isinstance(q, n.HasKeyword):
            return f"{who} {has} {_join([_kw(k) for k in q.keywords])}"
        if isinstance(q, n.HasExtreme):
            return f"{who} {has} {self.amount(q.extreme)}"
        if isinstance(q, n.HasCounter):
            return f"{who} {has} {self.counters(q)} on {'them' if _plural(c.subject) else 'it'}"
        if isinstance(q, n.Name):
            return f"{who} {has} the {q.name} affiliation"
        if isinstance(q, n.Adjacent):
            return f"{who} {be} adjacent to {self.np(q.to, 'object')}"
        if isinstance(q, n.Hunted):
            return f"{who} {be} hunted" + (f" by {self.np(q.player, 'object')}" if q.player is not None else "")
        if isinstance(q, n.Where) and isinstance(q.condition, n.Happened):
            e = q.condition.event
            return f"{who} {self.passive(_with_object(e, c.subject), False)}"
        if isinstance(q, n.ControlledBy):
            return f"{self.np(q.player, 'subject')} {_controls(q.player)} {self.np(c.subject, 'object')}"
        if isinstance(q, n.Shares):
            verb = ("do not share" if _plural(c.subject) else "does not share") if negated else \
                ("share" if _plural(c.subject) else "shares")
            return f"{who} {verb} {self.share_words(q)}"
        raise RenderError(f"cannot render \"is {type(q).__name__}\"")

    def happened(self, e: n.Event, span: str | None) -> str:
        """The past: "you played another plot twist this turn", "it attacked this turn"."""
        tail = self.span(span)
        fam = family(e)
        obj = getattr(e, "object", None)
        if fam.who(e) is None and obj is not None and not fam.intransitive:  # "~ was stunned this turn"
            return f"{self.np(obj, 'subject')} {'were' if _plural(obj) else 'was'} {self.participle(e)}" + tail
        said = fam.happened(self, e)  # "you drew two cards this turn"
        if said is not None:
            return said + tail
        if obj is not None:  # "~ was KO'd by an attacker this turn"
            return f"{self.np(obj, 'subject')} {'were' if _plural(obj) else 'was'} {self.participle(e)}" + tail
        raise RenderError(f"cannot render the past of {type(e).__name__}")

    # == amounts =================================================================================

    def amount(self, a: Any) -> str:
        if isinstance(a, n.Fixed):
            return a.word or str(a.n)
        if isinstance(a, n.X):
            return "X"
        if isinstance(a, n.Times):
            if a.word == "twice" or (a.word is None and a.factor == n.Fixed(2)):
                return f"twice {self.amount(a.amount)}"
            if a.word == "for each":
                raise RenderError('"for each" is said after the verb phrase')
            return f"{self.amount(a.factor)} times {self.amount(a.amount)}"
        if isinstance(a, n.Half):
            return f"half {self.amount(a.amount)}"
        if isinstance(a, n.NumberOf):
            return f"the number of {self.np_any(a.selector)}"
        if isinstance(a, n.CountersOn):  # "the number of cosmic counters on ~"
            kind = f"{_counter_kind(a.kind)} " if a.kind is not None else ""
            return f"the number of {kind}counters on {self.np(a.of, 'object')}"
        if isinstance(a, n.ThatMuch):
            return "that much"
        if isinstance(a, n.ThatMany):
            return "that many"
        if isinstance(a, n.ChosenNumber):
            return "the chosen number"
        if isinstance(a, n.Offset):
            return f"{self.amount(a.base)} {'minus' if a.minus else 'plus'} {self.amount(a.by)}"
        if isinstance(a, n.Extreme):
            word = a.word or ("highest" if a.most else "lowest")
            return f"the {word} {_stat_word(a.stat)} among {self.np_any(a.among)}"
        if isinstance(a, n.PointsPaid):
            return "the points paid"
        if isinstance(a, n.StatOf):
            stat = _stat_word(a.stat)
            if a.word == "the cost of":
                return f"the cost of {self.np(a.of, 'object')}"
            if a.word == "the stat of":
                return f"the {stat} of {self.np(a.of, 'object')}"
            if a.word in ("the total of", "the combined of"):
                return f"the {a.word.split()[1]} {stat} of {self.np(a.of, 'object')}"
            if a.word == "that of":
                return f"that of {self.np(a.of, 'object')}"
            printed = "printed " if a.printed else ""
            return f"{_possessive_text(self, a.of)} {printed}{stat}"
        if isinstance(a, n.Quantity):
            return self.quantity_words(a)
        raise RenderError(f"cannot render {type(a).__name__}")

    def quantity_words(self, q: n.Quantity) -> str:
        num = self.amount(q.n) if q.n is not None else ""
        if q.op == "=":
            return f"exactly {num}" if q.exact else num
        if q.op == ">=":
            return f"{num} or more"
        if q.op == "<=":
            return f"{num} or less"
        if q.op == ">":
            return f"more than {num}"
        if q.op == "<":
            return f"fewer than {num}"
        if q.op == "up to":
            return f"up to {num}"
        raise RenderError(f"cannot render the quantity {q.op}")

    # == noun phrases ============================================================================

    def np_any(self, s: Any) -> str:
        """A noun phrase that may be a bare plural ("the number of stunned characters you control")."""
        if isinstance(s, n.Filter) and s.quantity is None and s.words is None:
            return self.bare(s, plural=True)
        return self.np(s)

    def bare(self, s: Any, plural: bool = False) -> str:
        """A noun phrase with no determiner: singular after "for each", else plural."""
        if isinstance(s, n.PointsPaid):
            return "point you paid"
        if isinstance(s, n.CountersOn):
            kind = f"{_counter_kind(s.kind)} " if s.kind is not None else ""
            return f"{kind}counter on {self.np(s.of, 'object')}"
        if isinstance(s, n.NumberOf):
            s = s.selector
        if isinstance(s, n.Filter):
            return self.filter_words(s, plural=plural, det="")
        return self.np(s)

    def copied(self, what: str, of: Any, subject: Any) -> str:
        """What a copy gains: "the powers of target character". What a pronoun named is said with its
        noun after a subject that is a mention ("Copycat gains the powers of that character": "its"
        or "of it" would mean Copycat); after one that is a reference it is said as its possessor
        ("that character gains its powers", the grammar's ``gain_copied_of``: "of that character"
        would be the subject again, not what the pronoun meant)."""
        word = getattr(of, "word", None)
        if isinstance(of, (n.EventRef, n.TargetRef)) and word and word.split()[0] in _POSSESSIVE:
            if isinstance(subject, (n.EventRef, n.TargetRef, n.Acted)) and getattr(subject, "word", None):
                return f"{_possessive_text(self, of)} {what}"
            of = n.evolve(of, word=None)
        return f"the {what} of {self.np(of, 'object')}"

    def np(self, s: Any, case: str = "object") -> str:
        if s is None:
            raise RenderError("a noun phrase is missing")
        if isinstance(s, n.Filter):
            return self.filter(s)
        if isinstance(s, n.Self):
            return self.name
        if isinstance(s, n.You):
            return "you"
        if isinstance(s, n.TargetRef):
            return self.ref_words(s, self.targets.get(s.index), case)
        if isinstance(s, n.EventRef):
            return self.ref_words(s, self.roles.get(s.role), case)
        if isinstance(s, n.ChosenRef):
            if s.word and s.word.split()[0] in _OBJECTIVE:
                return _pronoun_case(s.word, case)
            if s.word and s.word.startswith("that"):
                return s.word
            return f"the chosen {_SINGULAR_ODD.get(s.binding, s.binding)}"
        if isinstance(s, (n.ConditionRef, n.Acted, n.Paid)):
            if s.word:
                return _pronoun_case(s.word, case) if s.word.split()[0] in _OBJECTIVE else s.word
            return "that character" if isinstance(s, n.ConditionRef) and s.role == "object" else \
                ("that player" if isinstance(s, n.ConditionRef) else "that card")
        if isinstance(s, n.Acting):
            return _pronoun_case(s.word or "he", case)
        if isinstance(s, n.Affected):
            return _pronoun_case(s.word or "it", case)
        if isinstance(s, n.Equipped):
            return "equipped character"
        if isinstance(s, n.ThisPower):
            return "this power"
        if isinstance(s, n.CurrentTarget):
            raise RenderError("the current target is said with \"another\"")
        if isinstance(s, n.ControllerOf):
            if s.word in _PERSONAL:  # "… KO's a resource he controls. If he does, he puts …"
                return _pronoun_case(s.word, case)
            if s.word == "the controller of":
                return f"the controller of {self.np(s.of, 'object')}"
            return f"{_possessive_text(self, s.of)} controller"
        if isinstance(s, n.OwnerOf):
            return f"{_possessive_text(self, s.of)} owner"
        if isinstance(s, n.OpponentsOf):
            return f"{_possessive_text(self, s.of)} opponents"
        if isinstance(s, n.Either):
            if s.word == "heads" and all(isinstance(o, n.Filter) for o in s.options):
                return self.either_heads(s)
            return " or ".join(self.np(o, case) for o in s.options)
        if isinstance(s, n.Together):
            parts = [self.np(p, case) for p in s.parts]
            if s.word == "as well as":
                return f"{parts[0]}, as well as {parts[1]}"
            return _join(parts)
        if isinstance(s, n.TopCards):
            count = s.count
            word = "bottom" if s.bottom else "top"
            if isinstance(count, n.Fixed) and count.n == 1:
                return f"the {word} card of {self.zone(s.zone)}"
            return f"the {word} {self.amount(count)} cards of {self.zone(s.zone)}"
        if isinstance(s, n.Zone):
            return self.zone(s)
        raise RenderError(f"cannot render {type(s).__name__}")

    def ref_words(self, ref: Any, target: n.Filter | None, case: str) -> str:
        word: str | None = getattr(ref, "word", None)
        if word:
            first = word.split()[0]
            if first in _OBJECTIVE or first in _SUBJECTIVE:
                return _pronoun_case(word, case)
            return word
        noun = "character"
        if target is not None:
            noun = next((q.roles[0] for q in target.qualifiers if isinstance(q, n.Role)), target.kind.split(" or ")[0])
        return f"that {_SINGULAR_ODD.get(noun, noun)}"

    def either_heads(self, s: n.Either) -> str:
        first, second = s.options
        if not isinstance(first, n.Filter) or not isinstance(second, n.Filter):  # "heads": two filters, as built
            raise RenderError("cannot render this noun phrase")
        shared = [q for q in first.qualifiers if q in second.qualifiers and not isinstance(q, (n.State, n.Name, n.Other))]
        det = self.det(first)
        a = self.filter_words(n.Filter(first.kind, tuple(q for q in first.qualifiers if q not in shared)),
                              plural=False, det="", post=False)
        b = self.filter_words(n.Filter(second.kind, tuple(q for q in second.qualifiers if q not in shared)),
                              plural=False, det="", post=False)
        post = " ".join(self.postmods(tuple(shared)))
        text = f"{det}{' ' if det else ''}{a} or {b}" + (f" {post}" if post else "")
        if det in ("a", "an"):
            text = _article(text[len(det) + 1:])
        return text

    def filter(self, f: n.Filter) -> str:
        if f.words == "one of":
            among = next(q.of for q in f.qualifiers if isinstance(q, n.Among))
            return f"one of {self.np(among, 'object')}"
        if f.words == "among":
            among_q = next(q for q in f.qualifiers if isinstance(q, n.Among))
            rest = tuple(q for q in f.qualifiers if q is not among_q)
            return f"{self.np(among_q.of, 'object')} {' '.join(self.postmods(rest))}".strip()
        if f.words in ("the rest", "the other"):
            return f.words
        if f.words == "possessed":
            owner = next(q.player for q in f.qualifiers if isinstance(q, n.ControlledBy))
            rest = tuple(q for q in f.qualifiers if not (isinstance(q, n.ControlledBy) and q.player is owner))
            return f"{_possessive_text(self, owner)} {self.filter_words(n.Filter(f.kind, rest), plural=True, det='')}"
        if f.kind == "power" and f.quantity == n.Quantity("all"):
            controller = next((q.player for q in f.qualifiers if isinstance(q, n.ControlledBy)), None)
            if controller is not None:
                activated = any(q == n.State("activated") for q in f.qualifiers)
                return f"{_possessive_text(self, controller)} {'activated ' if activated else ''}powers"
        if f.words == "next":  # "your next character"
            who = next(q.player for q in f.qualifiers if isinstance(q, n.RecruitedBy))
            rest = tuple(q for q in f.qualifiers if not isinstance(q, n.RecruitedBy) and q != n.State("next"))
            return f"{_possessive_text(self, who)} next {self.filter_words(n.Filter(f.kind, rest), False, '')}"
        if f.words == "name":
            named = next((q for q in f.qualifiers if isinstance(q, n.Named)), None)
            if named is not None and len(f.qualifiers) == 1 and named.name:
                return named.name
        det = self.det(f)
        plural = _plural(f)
        text = self.filter_words(f, plural, det)
        return text

    def det(self, f: n.Filter) -> str:
        q = f.quantity
        other = any(isinstance(x, n.Other) for x in f.qualifiers)
        if f.target is not None:
            if q is not None and q.op == "=" and q.n != n.Fixed(1) and q.n is not None:
                return f"{self.amount(q.n)} target"
            if q is not None and q.op == "up to" and q.n is not None:
                return f"up to {self.amount(q.n)} target"
            if q is not None and q.op == "any number":
                return "any number of target"
            if q is not None and q.op != "=":
                raise RenderError(f"no card text says \"{q.op}\" targets")
            return "another target" if other else "target"
        if q is None:
            return "the" if f.words == "the" else ""
        if q.op == "=" and q.n == n.Fixed(1) and not q.exact:
            return "another" if other else "a"
        if q.op == "=" and q.n == n.Fixed(0):
            return "no"
        if q.op == "all":
            return "all"
        if q.op == "each":
            return "each"
        if q.op == "any":
            return "any"
        if q.op == "any number":
            return "any number of"
        if q.op in ("more", "fewer"):
            return q.op
        if q.op == ">=" and q.n == n.Fixed(1) and isinstance(q.n, n.Fixed) and q.n.word == "one":
            return "one or more"
        return self.quantity_words(q)

    def filter_words(self, f: n.Filter, plural: bool, det: str, post: bool = True) -> str:
        roles = next((q.roles for q in f.qualifiers if isinstance(q, n.Role)), ())
        pre = self.premods(f.qualifiers, det)
        heads = self.heads(f.kind, roles, plural)
        words = ([det] if det and det not in ("a", "an") else []) + pre + [heads]
        text = " ".join(w for w in words if w)
        if post:
            rest = self.postmods(f.qualifiers, plural)
            if rest:
                text += " " + " ".join(rest)
        if det in ("a", "an"):
            text = _article(text)
        return text

    def heads(self, kind: str, roles: tuple[str, ...], plural: bool) -> str:
        if roles:
            words = [(_PLURAL[r] if plural else r) for r in roles]
            return " or ".join(words)
        kinds = kind.split(" or ")
        words = [(_PLURAL.get(k, k + "s") if plural else _SINGULAR_ODD.get(k, k)) for k in kinds]
        if len(kinds) > 1 and all(k.endswith(" card") for k in kinds):  # "a character or plot twist card"
            words = [k[:-len(" card")] for k in kinds[:-1]] + words[-1:]
        return " or ".join(words)

    def premods(self, qualifiers: Iterable[n.Qualifier], det: str = "") -> list[str]:
        out: list[str] = []
        for q in qualifiers:
            if isinstance(q, n.Other):
                if det not in ("another", "another target"):
                    out.append("other")
            elif isinstance(q, n.State) and q.name == "protected" and q.negated:
                out.append("unprotected")
            elif isinstance(q, n.State) and q.name not in ("boosted", "all affiliations"):
                out.append(("non-" if q.negated else "") + q.name)
            elif isinstance(q, n.Name):
                out.append(("non-" if q.negated else "") + q.name)
            elif isinstance(q, n.Hunted) and q.player is None:
                out.append("hunted")
            elif _keyword_adjective(q):
                out.append(q.keywords[0])  # "each press card"
        return out

    def postmods(self, qualifiers: Iterable[n.Qualifier], plural: bool = True) -> list[str]:
        """Modifiers after the noun, in an order that reads back the same: the controller first,
        then "with …", names and zones, the relative clause, and last those that end in a noun
        phrase of their own ("adjacent to ~", "with the same name as …"), which would otherwise
        take what follows."""
        qualifiers = tuple(qualifiers)
        relatives = any(isinstance(q, (n.Shares, n.HasEither, n.Where, n.Targeting)) and _done_by(q) is None
                        for q in qualifiers)
        first = [q for q in qualifiers if isinstance(q, (n.ControlledBy, n.RecruitedBy)) or _done_by(q) is not None]
        inner = [q for q in qualifiers if isinstance(q, (n.SameAs, n.Than, n.Among, n.AttachedTo)) or
                 (isinstance(q, n.Adjacent) and not relatives) or (isinstance(q, n.Hunted) and q.player is not None)]
        middle = [q for q in qualifiers if q not in first and q not in inner]
        out: list[str] = []
        rels: list[str] = []
        qs = first + middle + inner
        for i, q in enumerate(qs):
            if isinstance(q, n.Adjacent) and relatives:
                rels.append(f"{'are' if plural else 'is'} adjacent to {self.np(q.to, 'object')}")
                continue
            if isinstance(q, n.Among) and q.word == "implicit":
                continue
            done = _done_by(q)
            if done is not None:  # "characters you recruited this turn"
                e, span = done
                fam = family(e)
                out.append(f"{self.np(fam.who(e), 'subject')} {fam.past_tense(fam.verb)}{self.span(span)}")
            elif isinstance(q, n.StatIs) and q.quantity.op == ">" and isinstance(q.quantity.n, n.Extreme) \
                    and (q.quantity.n.word or "").startswith("that of "):  # "… than that of each character you control"
                most = q.quantity.n
                each = n.Quantity(most.word.split()[-1] if most.word else "each")
                among = attrs.evolve(most.among, quantity=each) if isinstance(most.among, n.Filter) else most.among
                out.append(f"with a greater {_stat_word(q.stat)} than that of {self.np(among, 'object')}")
            elif isinstance(q, n.StatIs):
                out.append(f"with {_stat_word(q.stat)} {self.stat_quantity(q.quantity)}")
            elif isinstance(q, n.Affiliations) and q.quantity == n.Quantity("=", n.Fixed(0)):
                out.append(f"with no {q.word}")
            elif isinstance(q, n.HasExtreme):
                out.append(f"with {self.amount(q.extreme)}")
            elif isinstance(q, n.HasKeyword) and q.none and q.keywords:
                kws = [_kw(k) for k in q.keywords]  # "without flight or range": none of them
                out.append("without " + (kws[0] if len(kws) == 1 else ", ".join(kws[:-1]) + " or " + kws[-1]))
            elif isinstance(q, n.HasKeyword) and q.none:
                out.append("with no keywords")
            elif _keyword_adjective(q):
                pass  # said before the noun
            elif isinstance(q, n.HasKeyword):
                out.append(f"with {_join([_kw(k) for k in q.keywords])}")
            elif isinstance(q, n.HasCounter):
                out.append(f"with {self.counters(q)} on {'it' if q.word == 'a' else 'them'}")
            elif isinstance(q, n.SameAs):
                prev = qs[i - 1] if i else None
                same_of = prev is not None and isinstance(prev, n.SameAs) and (
                    prev.of == q.of or isinstance(q.of, n.TargetRef) and isinstance(prev.of, n.Filter)
                    and prev.of.target == q.of.index)
                if same_of and out and out[-1].startswith("with the same "):
                    # "with the same name and version as …": one phrase for two
                    head, tail = out[-1].split(" as ", 1)
                    out[-1] = f"{head} and {_stat_word(q.what)} as {tail}"
                else:
                    out.append(f"with the same {_stat_word(q.what)} as {self.np(q.of, 'object')}")
            elif isinstance(q, n.Chosen):
                out.append(f"with the chosen {'name' if q.binding == 'card name' else q.binding}")
            elif isinstance(q, n.WithOneTarget):
                out.append("with one target")
            elif isinstance(q, n.AtRandom):
                out.append("at random")
            elif isinstance(q, n.Named):
                out.append(f"named {self.name if q.self_ else q.name}")
            elif isinstance(q, n.Hunted) and q.player is not None:
                out.append(f"hunted by {self.np(q.player, 'object')}")
            elif isinstance(q, n.Adjacent):
                out.append(f"adjacent to {self.np(q.to, 'object')}")
            elif isinstance(q, n.AttachedTo):
                out.append(f"attached to {self.np(q.to, 'object')}")
            elif isinstance(q, n.ControlledBy):
                out.append(f"{self.np(q.player, 'subject')} {_controls(q.player)}")
            elif isinstance(q, n.RecruitedBy):
                out.append(f"{self.np(q.player, 'subject')} {_agree(q.player, q.verb)}")
            elif isinstance(q, n.InZone):
                out.append(f"{q.word} {self.zone(q.zone)}" if q.zone is not None else "in play")
            elif isinstance(q, n.OfYourChoice):
                out.append("of your choice")
            elif isinstance(q, n.NotChosenYet):
                out.append("you haven't chosen yet")
            elif isinstance(q, n.Among) and (q.word in ("from it", "from them") or (q.word or "").endswith(" this way")) \
                    and isinstance(q.of, n.Acted):
                out.append(q.word or "")
            elif isinstance(q, n.Among):
                out.append(f"among {self.np_any(q.of)}")
            elif isinstance(q, n.Than):
                out.append(f"than {self.np(q.of, 'object')}")
            elif isinstance(q, n.Shares):
                rels.append(f"{'share' if plural else 'shares'} {self.share_words(q)}")
            elif isinstance(q, n.HasEither):
                if q.chosen:
                    rels.append(f"{'have' if plural else 'has'} either of the chosen affiliations")
                else:
                    rels.append(f"{'have' if plural else 'has'} either the {' or '.join(q.names)} affiliation")
            elif isinstance(q, n.Where):
                rels.append(self.relative(q.condition))
            elif isinstance(q, n.Targeting):
                rels.append(f"is targeting {self.np(q.of, 'object')}")
            if rels and q is (first + middle + inner)[-1] or (rels and not isinstance(q, (n.Shares, n.HasEither,
                                                                                       n.Where, n.Targeting, n.Adjacent))):
                pass
        if rels:
            # the relative clause goes before the modifiers that end in a noun phrase
            cut = len(out) - sum(1 for q in inner if not (isinstance(q, n.Among) and q.word == "implicit"))
            out.insert(cut, "that " + " and ".join(rels))
        return out

    def stat_quantity(self, q: n.Quantity) -> str:
        """"3 or less", "greater than ~'s ATK", "equal to its cost"."""
        if q.n is None or _plain_number(q.n) or q.op not in (">", "<", "=", "<=", ">="):
            return self.quantity_words(q)
        word = {">": "greater than", "<": "less than", "=": "equal to", "<=": "less than or equal to",
                ">=": "greater than or equal to"}[q.op]
        return f"{word} {self.amount(q.n)}"

    def counters(self, q: n.HasCounter) -> str:
        """"a cosmic counter", "cosmic counters", "two +1 ATK / +1 DEF counters", "counters"."""
        kind = q.kind
        one = q.count == n.Fixed(1)
        if kind is None:
            return "counters" if one else f"{self.amount(q.count)} counters"
        what = _counter_kind(kind) + " counter"
        if one and (q.word == "a" or not kind.name):
            return _article(what)
        if one:
            return what + "s"
        return f"{self.amount(q.count)} {what}s"

    def share_words(self, q: n.Shares) -> str:
        if q.same:  # "the same Mutant trait"
            return "the same " + (f"{q.named} " if q.named else "") + q.what[0]
        nouns = " or ".join(_article(w) if i == 0 else w for i, w in enumerate(q.what))
        return nouns + (f" with {self.np(q.of, 'object')}" if q.of is not None else "")

    def relative(self, c: n.Condition) -> str:
        if isinstance(c, n.Happened):
            e = c.event
            if isinstance(getattr(e, "object", None), n.Affected) and getattr(e, "agent", None) is None:
                return f"was {self.participle(e)}" + self.span(c.span)
            fam = family(e)
            if fam.relative_past:  # "characters that attacked this turn"
                return fam.relative_past + self.span(c.span)
            if isinstance(getattr(e, "object", None), n.Affected) and not fam.intransitive:
                return f"was {self.participle(e)}" + self.span(c.span)
        if isinstance(c, n.Compare) and isinstance(c.left, n.NumberOf) and isinstance(c.left.selector, n.Filter):
            sel = c.left.selector
            base = n.Filter(sel.kind, tuple(q for q in sel.qualifiers if not isinstance(q, n.ControlledBy)),
                            _quantity_of(c.op, c.right))
            return f"controls {self.np(base)}"
        raise RenderError("cannot render this relative clause")

    def zone(self, z: n.Zone | None) -> str:
        if z is None:
            raise RenderError("a zone is missing")
        names = [_ZONE_WORDS.get(x, x) for x in z.names]
        if z.word == "bare":
            return "hand"
        if z.owner is None:  # "a KO'd pile", "the support row": whoever's it is
            return ("the " if z.names[0] in _ROWS else "a ") + names[0]
        owner = _possessive_text(self, z.owner)
        return f"{owner} {_join(names, 'or' if z.word == 'or' else 'and')}"


# =============================================================================================
# Small helpers
# =============================================================================================

#: The rows and areas of the in-play zone ("the support row": of whoever's it is).
_ROWS = frozenset({"front row", "support row", "hidden area", "visible area"})


#: Later sets' keywords said before a noun ("each press card"), not after it ("with flight").
_ADJECTIVE_KEYWORDS = frozenset({"press", "hunter", "substitute", "terraform"})


def _keyword_adjective(q: n.Qualifier) -> TypeGuard[n.HasKeyword]:
    return isinstance(q, n.HasKeyword) and not q.none and len(q.keywords) == 1 and q.keywords[0] in _ADJECTIVE_KEYWORDS


def _done_by(q: n.Qualifier) -> tuple[n.Event, str] | None:
    """"(characters) you recruited this turn", "(plot twists) an opponent played this turn": what a
    player did to each candidate, and the span (``None``: ``q`` says something else)."""
    if not (isinstance(q, n.Where) and isinstance(q.condition, n.Happened) and q.condition.span is not None):
        return None
    e = q.condition.event
    if family(e).after_noun and getattr(e, "agent", None) is not None \
            and getattr(e, "object", None) == n.Affected() and getattr(e, "origin", None) is None:
        return e, q.condition.span
    return None


#: Present tenses the rule (+s) does not make.
_IRREGULAR = {"have": "has", "ready": "readies", "search": "searches", "ko": "KO's", "power-up": "powers-up",
              "rally": "rallies", "do": "does"}


def _same_np(later: Any, first: Any) -> bool:
    """Is ``later`` the noun phrase ``first`` said again: the same phrase, or a reference to the
    target it chose ("the powers and keywords of target character" names its target once)?"""
    return later == first or (isinstance(later, n.TargetRef) and isinstance(first, n.Filter)
                              and first.target is not None and later.index == first.target)


def _conjugate(base: bool) -> Conjugate:
    """A verb as a subject says it: its base form ("they stun", an order), else "stuns"."""
    def v(word: str) -> str:
        if base:
            return word
        if word.lower() in _IRREGULAR:
            return _IRREGULAR[word.lower()]
        if word.endswith(("s", "sh", "ch", "x", "z")):  # "attaches", "searches"
            return word + "es"
        return word + "s"
    return v


def _join_and(items: list[str]) -> str:
    return " and ".join(items)


def _kw(k: str) -> str:
    return "concealed—optional" if k == "concealed-optional" else k


def _stat_word(stat: str) -> str:
    return {"atk": "ATK", "def": "DEF"}.get(stat, stat)


def _counter_kind(kind: n.CounterKind) -> str:
    """"cosmic", "+1 ATK / +1 DEF", "-1 DEF": a counter's kind as cards print it."""
    if kind.name:
        return kind.name
    if kind.atk and kind.def_:
        return f"{kind.atk:+d} ATK / {kind.def_:+d} DEF"
    stat, value = ("ATK", kind.atk) if kind.atk else ("DEF", kind.def_)
    return f"{value:+d} {stat}"


def _article(text: str) -> str:
    vowel = text[:1].lower() in "aeiou" and not text.lower().startswith("one") or text.startswith("X-")
    return ("an " if vowel else "a ") + text


def _plural(s: Any) -> bool:
    if isinstance(s, n.Filter):
        q = s.quantity
        if q is None:
            return s.words != "the"
        if q.op in ("all",):
            return True
        if q.op in ("each", "any"):
            return False
        if isinstance(q.n, n.Fixed):
            return q.n.n != 1 or q.op in (">=",)
        return True
    if isinstance(s, (n.Together, n.OpponentsOf)):
        return True
    if isinstance(s, n.You):
        return True
    if isinstance(s, (n.Acted, n.Paid)) and s.word and (s.word in ("they", "them", "their") or s.word.startswith("those ")):
        return True
    if isinstance(s, n.ChosenRef) and s.word in ("they", "them", "their"):
        return True
    if isinstance(s, n.Acting) and s.word in ("they",):
        return True
    return False


def _agree(player: Any, verb: str) -> str:
    """The verb as the player says it: "you control", "an opponent controls", "opponents control"."""
    return verb if _plural(player) or isinstance(player, n.You) else verb + "s"


def _controls(player: Any) -> str:
    return _agree(player, "control")


def _has(player: Any) -> str:
    return "have" if _plural(player) or isinstance(player, n.You) else "has"


def _is_ref(x: Any) -> bool:
    return isinstance(x, n.Ref)


def _possessive_text(sp: Speech, owner: Any) -> str:
    """"your", "its", "~'s", "that attacker's", "target player's"."""
    if isinstance(owner, n.You):
        return "your"
    word = getattr(owner, "word", None)
    if isinstance(owner, (n.Acting, n.Affected, n.Acted, n.Paid, n.ChosenRef, n.ConditionRef, n.TargetRef,
                          n.EventRef, n.Self)) and word and word.split()[0] in _POSSESSIVE:
        return _POSSESSIVE[word]
    if isinstance(owner, n.Acting):
        return "his"
    if isinstance(owner, n.Affected):
        return "its"
    if isinstance(owner, n.ControllerOf) and word in _PERSONAL:
        # "target hidden character's controller moves that character to his visible area": the
        # pronoun the text said (said again in full, it would be a second target)
        return _POSSESSIVE[word]
    return sp.np(owner, "object") + "'s"


def _pronoun_case(word: str, case: str) -> str:
    if case == "subject":
        return _SUBJECTIVE.get(word, word)
    return _OBJECTIVE.get(word, word)


def _default_role(e: n.Event) -> str:
    """The role a trigger's or a replacement's subject takes when the text does not say it."""
    if family(e).object_subject:  # "~ comes into play", "~ becomes the target of …"
        return "object"
    if getattr(e, "agent", None) is None and getattr(e, "object", None) is not None:
        return "object"
    return "agent"


def _quantity_of(op: str, right: Any) -> n.Quantity:
    if op == ">=" and right == n.Fixed(1):
        return n.Quantity("=", n.Fixed(1))
    if op == "=":
        return n.Quantity("=", right, exact=isinstance(right, n.Fixed) and right.n != 0)
    return n.Quantity(op, right)


def _zone_of(f: n.Filter) -> n.Zone | None:
    for q in f.qualifiers:
        if isinstance(q, n.InZone) and q.zone is not None:
            return q.zone
    return None


def _atomic(c: n.Condition) -> bool:
    """A condition said after a clause ("… if you have no cards in hand") is a single one."""
    return not isinstance(c, (n.All, n.AnyOf)) or _single_control(c)


def _single_control(c: n.Condition) -> bool:
    return False



def _during(c: n.Condition) -> bool:
    """A step as a while-condition ("during your attack step"), said after the predicate."""
    return isinstance(c, n.During) or isinstance(c, n.All) and any(isinstance(x, n.During) for x in c.conditions)


def _hoist_x(e: n.Effect) -> tuple[n.Effect, n.Amount | None]:
    """An event whose object says "with cost N or less" of an N that is no number ("the number of
    …"): the event with X there, and N (said ", where X is N")."""
    obj = getattr(e, "object", None)
    if isinstance(obj, n.TopCards) and not _plain_number(obj.count):  # "the top X cards of your deck, where X is …"
        return n.evolve(e, object=attrs.evolve(obj, count=n.X())), obj.count
    if not isinstance(obj, n.Filter):
        return e, None
    for q in obj.qualifiers:
        if isinstance(q, n.StatIs) and q.quantity.op in ("<=", ">=") and q.quantity.n is not None \
                and not _plain_number(q.quantity.n):
            new = attrs.evolve(q, quantity=attrs.evolve(q.quantity, n=n.X()))
            quals = tuple(new if x is q else x for x in obj.qualifiers)
            return n.evolve(e, object=attrs.evolve(obj, qualifiers=quals)), q.quantity.n
    return e, None


def _plain_number(a: Any) -> bool:
    if isinstance(a, n.Negative):
        a = a.amount
    return isinstance(a, (n.Fixed, n.X))


def _role_while(c: n.Condition) -> tuple[str, n.Filter] | None:
    """"while attacking a hidden character" / "while defending against a character with flight"
    (the affected object attacks, and a defender is one; it defends, and an attacker is one): the
    words before the noun phrase, and the noun phrase."""
    if not (isinstance(c, n.All) and len(c.conditions) == 2):
        return None
    first, second = c.conditions
    if not (isinstance(first, n.Is) and isinstance(first.subject, n.Affected)
            and first.qualifiers in ((n.State("attacking"),), (n.State("defending"),))):
        return None
    attacking = first.qualifiers == (n.State("attacking"),)
    role = n.Role(("defender",) if attacking else ("attacker",))
    if not (isinstance(second, n.Compare) and second.op == ">=" and second.right == n.Fixed(1)
            and isinstance(second.left, n.NumberOf) and isinstance(second.left.selector, n.Filter)
            and role in second.left.selector.qualifiers):
        return None
    f = second.left.selector
    base = n.Filter(f.kind, tuple(q for q in f.qualifiers if q != role), n.Quantity("=", n.Fixed(1)))
    return ("attacking" if attacking else "defending against"), base


def _affected_while(c: n.Condition) -> TypeGuard[n.Is]:
    """A while-condition on the affected object alone ("while attacking"), said after the predicate."""
    return isinstance(c, n.Is) and isinstance(c.subject, n.Affected)


def _leading_state(m: n.Modify) -> tuple[str, Any] | None:
    return None


def _replace_acting(c: n.Condition, players: Any) -> n.Condition:
    import attrs

    def swap(x: Any) -> Any:
        if isinstance(x, n.Acting):
            return players
        if isinstance(x, tuple):
            return tuple(swap(y) for y in x)
        if isinstance(x, n.Node) and attrs.has(type(x)):
            changes = {a.name: swap(getattr(x, a.name)) for a in attrs.fields(type(x))}
            return n.evolve(x, **changes)
        return x
    players = attrs.evolve(players, quantity=n.Quantity("=", n.Fixed(1))) if isinstance(players, n.Filter) else players
    swapped: n.Condition = swap(c)
    return swapped


def _with_object(e: n.Event, obj: Any) -> n.Event:
    import attrs
    return n.evolve(e, object=obj) if hasattr(e, "object") else e
