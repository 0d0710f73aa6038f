"""Canonical card text from AST nodes: ``parse_card_text(render(ast, name), name) == ast``.

The canonical text is card text in one fixed style: a filter's words in canonical order
(adjectives, name, noun, "with …", "adjacent to …", controller, zones, "that …"), "If C, E."
rather than "E if C." (unless C speaks of a target E names first), numbers of cards as words,
the card's own name wherever the card speaks of itself. Reminder text is written as stored.

Some ASTs have no card text (two modifiers of one clause with equal durations, a target named
again as the subject of a second clause, …); rendering one raises :class:`RenderError`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import attrs

from ..errors import CardTextError
from . import ast as A

__all__ = ["render", "render_tree", "to_data", "RenderError"]


class RenderError(CardTextError):
    """The AST has no canonical text (the parser never builds such an AST)."""


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_KEYWORD_TEXT = {"concealed-optional": "Concealed—Optional"}
_ZONE_TEXT = {"ko pile": "KO'd pile"}
_PRONOUNS = ("it", "its", "he", "she", "him", "her", "his")


def render(node: Any, card_name: str | None = None) -> str:
    """Canonical text of any node; ``card_name`` is how :class:`~vsoracle.text.ast.SelfRef`
    is written (without it: "this card")."""
    return _Renderer(card_name).any(node)


@lru_cache(maxsize=1)
def _keywords() -> frozenset[str]:
    """The grammar's keywords (words a sentence may start with and keep lower-case after a comma):
    its string literals, read from ``grammar/vs.lark`` without building the parser (a test checks
    that they are the parser's keywords)."""
    from ..resources import data_path

    text = (data_path("grammar") / "vs.lark").read_text(encoding="utf-8")
    code = "\n".join(line.split("//", 1)[0] for line in text.splitlines())
    found = re.findall(r'"((?:[^"\\]|\\.)*)"i?', code)
    return frozenset((w.encode().decode("unicode_escape") if "\\" in w else w).lower() for w in found)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _join_list(items: list[str], word: str = "and") -> str:
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{items[0]} {word} {items[1]}"
    return ", ".join(items[:-1]) + f", {word} {items[-1]}"


def _end_line(line: str) -> str:
    """A line ending in a quoted power ends with the quote: '… has "… this turn."' (FAQ SC 15)."""
    return line[:-1] if line.endswith('".') else line


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _count_word(n: int) -> str:
    if n not in _NUMBER_WORDS:
        raise RenderError(f"{n} has no number word in card text")
    return _NUMBER_WORDS[n]


_STATE_WHILE = {A.IsAttacking: "attacking", A.IsDefending: "defending", A.IsExhausted: "exhausted",
                A.IsReinforced: "reinforced", A.IsTeamAttacking: "team attacking"}


def _is_state_while(condition: Any) -> bool:
    return type(condition) in _STATE_WHILE and isinstance(condition.ref, A.AffectedRef)


class _Renderer:
    def __init__(self, card_name: str | None, self_words: str = "this card") -> None:
        self.name = card_name
        self.self_words = self_words

    # ------------------------------------------------------------------ dispatch

    def any(self, node: Any) -> str:
        if isinstance(node, A.CardText):
            return self.card_text(node)
        if isinstance(node, A.Power):
            return _end_line(self.power(node))
        if isinstance(node, A.Effect):
            return " ".join(self.sentences(node))
        if isinstance(node, A.Cost):
            return _cap(self.cost(node))
        if isinstance(node, A.Condition):
            return self.condition(node)
        if isinstance(node, A.Trigger):
            return self.trigger(node)
        if isinstance(node, A.EventPattern):
            return self.event(node)
        if isinstance(node, A.Player):
            return self.player(node)
        if isinstance(node, A.Selector):
            return self.np(node)
        if isinstance(node, A.Change):
            return " and ".join(self.predicate_groups((node,), plural=False))
        if isinstance(node, A.Amount):
            return self.amount(node)
        if isinstance(node, A.Step):
            return self.step(node)
        if isinstance(node, A.Zone):
            return self.zone(node)
        raise RenderError(f"cannot render {type(node).__name__}")

    # ------------------------------------------------------------------ lines

    def card_text(self, text: A.CardText) -> str:
        lines: list[str] = []
        keywords: list[str] = []
        for power in text.powers:
            if isinstance(power, A.Keyword):
                keywords.append(self.keyword(power))
                continue
            if keywords:
                lines.append(", ".join(keywords))
                keywords = []
            lines.append(_end_line(self.power(power)))
        if keywords:
            lines.append(", ".join(keywords))
        return "\n".join(lines)

    def keyword(self, kw: A.Keyword) -> str:
        text = _KEYWORD_TEXT.get(kw.name, kw.name.capitalize())
        if kw.value is not None:
            text += f" {kw.value}"
        if kw.reminder:
            text += f" {kw.reminder}"
        return text

    def power(self, power: A.Power) -> str:
        if isinstance(power, A.Keyword):
            return self.keyword(power)
        if isinstance(power, A.NotUnique):
            return f"{self.self_name()} is not unique."
        if isinstance(power, A.Leader):
            return "Leader: " + self.power(power.power)
        if isinstance(power, A.Ongoing):
            return "Ongoing: " + self.power(power.power)
        if isinstance(power, A.ActivatedPower):
            costs = _cap(", ".join(self.cost(c) for c in power.costs))
            text = f"{costs} >>> {' '.join(self.sentences(power.effect))}"
            if power.limits:
                parts = ["once per turn" if isinstance(l, A.OncePerTurn) else f"if {self.condition(l.condition)}"
                         for l in power.limits]
                text += " Use this power only " + " and only ".join(parts) + "."
            return text
        if isinstance(power, A.TriggeredPower):
            sentences = self.sentences(power.effect)
            first = sentences[0]
            word = first.split(" ", 1)[0]
            if (not self._starts_with_name(first) and word.lower() in _keywords()
                    and word[1:] == word[1:].lower()):  # "If" → "if", but "KO" stays
                sentences[0] = first[:1].lower() + first[1:]
            return f"{self.trigger(power.trigger)}, {' '.join(sentences)}"
        if isinstance(power, A.ContinuousPower):
            return " ".join(self.continuous(power.modifiers))
        if isinstance(power, A.ReplacementPower):
            return (f"If {self.event(power.event, would=True)}, instead, "
                    f"{self.clauses(power.replacement)}.")
        if isinstance(power, A.PlayRestriction):
            parts = []
            if power.timing is not None:
                parts.append(f"during {self.step(power.timing)}")
            if power.conditions:
                parts.append("if " + " and ".join(self.condition(c) for c in power.conditions))
            if not parts:
                raise RenderError("a play restriction needs a timing or a condition")
            return f"{_cap(power.action)} {self.self_name()} only " + " and only ".join(parts) + "."
        if isinstance(power, A.AdditionalCost):
            return (f"As an additional cost to {power.action} {self.self_name()}, "
                    f"{self.cost(power.cost)}.")
        if isinstance(power, A.AlternateCost):
            kind = "recruit" if power.action == "recruit" else "threshold"
            return f"You may {self.cost(power.cost)} rather than pay {self.possessive(A.SelfRef())} {kind} cost."
        if isinstance(power, A.Spell):
            return " ".join(self.sentences(power.effect, first_of_line=True))
        raise RenderError(f"cannot render {type(power).__name__}")

    def _starts_with_name(self, sentence: str) -> bool:
        return bool(self.name) and sentence.startswith(self.name)

    def cost(self, cost: A.Cost) -> str:
        if isinstance(cost, A.Activate):
            return "activate"
        if isinstance(cost, A.PayEndurance):
            return f"pay {cost.amount} endurance"
        if isinstance(cost, A.PayResourcePoints):
            noun = "resource point" if cost.amount == 1 else "resource points"
            return f"pay {'up to ' if cost.up_to else ''}{cost.amount} {noun}"
        if isinstance(cost, A.DiscardCost):
            return f"discard {self.np(cost.filter)}"
        if isinstance(cost, A.ExhaustCost):
            return f"exhaust {self.np(cost.selector)}"
        if isinstance(cost, A.RemoveFromGameCost):
            return f"remove {self.np(cost.selector)} from the game"
        if isinstance(cost, A.RevealCost):
            return f"reveal {self.np(cost.filter)}"
        if isinstance(cost, A.StunCost):
            return f"stun {self.np(cost.selector)}"
        raise RenderError(f"cannot render {type(cost).__name__}")

    def continuous(self, modifiers: tuple[A.Modify, ...]) -> list[str]:
        sentences: list[str] = []
        index = 0
        while index < len(modifiers):
            modifier = modifiers[index]
            while_ = modifier.duration.while_
            if while_ is not None and not self._tail_while(modifier):
                group = [modifier]
                while (index + len(group) < len(modifiers)
                       and modifiers[index + len(group)].duration == modifier.duration):
                    group.append(modifiers[index + len(group)])
                stripped = [attrs.evolve(m, duration=A.Duration(None)) for m in group]
                body = self.clauses(A.Sequence(tuple(stripped)) if len(stripped) > 1 else stripped[0])
                sentences.append(f"While {self.while_text(while_)}, {body}.")
                index += len(group)
                continue
            group = [modifier]
            while (index + len(group) < len(modifiers) and modifiers[index + len(group)].subject == modifier.subject
                   and self._tail_while(modifiers[index + len(group)])):
                group.append(modifiers[index + len(group)])
            body = self.clauses(A.Sequence(tuple(group)) if len(group) > 1 else group[0])
            sentences.append(_cap(body) + ".")
            index += len(group)
        return sentences

    def while_text(self, condition: A.Condition) -> str:
        if _is_state_while(condition):
            return _STATE_WHILE[type(condition)]
        return self.condition(condition)

    def _tail_while(self, modifier: A.Modify) -> bool:
        """Can the modifier's "while" be written after its changes (one predicate)?"""
        while_ = modifier.duration.while_
        if while_ is None:
            return True
        return _is_state_while(while_) and len(self.predicate_groups(modifier.changes, False)) == 1

    # ------------------------------------------------------------------ sentences

    def sentences(self, effect: A.Effect, first_of_line: bool = False) -> list[str]:
        steps = effect.steps if isinstance(effect, A.Sequence) else (effect,)
        out: list[str] = []
        for number, step in enumerate(steps):
            out.append(self.sentence(step, first_of_line and number == 0))
        return out

    def sentence(self, step: A.Effect, first_of_line: bool) -> str:
        if isinstance(step, A.Conditional):
            if self._condition_needs_effect_first(step):
                return _cap(f"{self.clauses(step.effect)} if {self.condition(step.condition)}") + "."
            return f"If {self.condition(step.condition)}, {self.clauses(step.effect)}."
        if isinstance(step, A.IfYouDo):
            return f"If you do, {self.clauses(step.effect)}."
        if isinstance(step, A.CreateReplacement):
            event = self.event(step.event, would=True)
            if step.duration.span is not None:
                return f"If {event} {self.span(step.duration.span)}, {self.clauses(step.replacement)} instead."
            return f"If {event}, instead, {self.clauses(step.replacement)}."
        if isinstance(step, A.DelayedTrigger):
            span = f" {self.span(step.duration.span)}" if step.duration.span else ""
            if isinstance(step.trigger, A.AtStartOf):
                if first_of_line:
                    return _cap(f"{self.clauses(step.effect)} at the start of {self.step(step.trigger.step)}{span}.")
                return f"At the start of {self.step(step.trigger.step)}{span}, {self.clauses(step.effect)}."
            if isinstance(step.trigger, A.Whenever):
                return f"Whenever {self.event(step.trigger.event)}{span}, {self.clauses(step.effect)}."
            raise RenderError("a delayed trigger is 'at the start of …' or 'whenever …'")
        if isinstance(step, A.Modify) and not self._tail_while(step):
            span = f" {self.span(step.duration.span)}" if step.duration.span else ""
            stripped = attrs.evolve(step, duration=A.Duration(None))
            return f"While {self.while_text(step.duration.while_)}{span}, {self.clauses(stripped)}."
        return _cap(self.clauses(step)) + "."

    def _condition_needs_effect_first(self, step: A.Conditional) -> bool:
        targets_in_effect = {n.index for n in _walk(step.effect) if isinstance(n, A.Target)}
        refs_in_condition = {n.index for n in _walk(step.condition) if isinstance(n, A.TargetRef)}
        return bool(targets_in_effect & refs_in_condition)

    # ------------------------------------------------------------------ clauses

    def clauses(self, effect: A.Effect) -> str:
        steps = effect.steps if isinstance(effect, A.Sequence) else (effect,)
        parts: list[str] = []
        index = 0
        while index < len(steps):
            step = steps[index]
            if isinstance(step, A.Modify) and not isinstance(step.subject, A.Player):
                group = [step]
                while index + len(group) < len(steps):
                    following = steps[index + len(group)]
                    if not (isinstance(following, A.Modify) and following.subject == step.subject
                            and all(following.duration != g.duration for g in group)
                            and self._tail_while(following) and self._tail_while(group[-1])):
                        break
                    group.append(following)
                parts.append(self.object_clause(group))
                index += len(group)
                continue
            parts.append(self.clause(step))
            index += 1
        return _join_list(parts)

    def clause(self, effect: A.Effect) -> str:
        if isinstance(effect, A.Conditional):
            return f"{self.clause(effect.effect)} if {self.condition(effect.condition)}"
        if isinstance(effect, A.Modify):
            if isinstance(effect.subject, A.Player):
                return self.player_clause(effect)
            return self.object_clause([effect])
        if isinstance(effect, A.YouMay):
            return f"{self.player(effect.player)} may {self.action(effect.effect, base=True)}"
        if isinstance(effect, A.BecomeDefender):
            return f"{self.np(effect.selector)} becomes the defender this attack"
        if isinstance(effect, A.Sequence):
            raise RenderError("a sequence inside a clause has no card text")
        player = getattr(effect, "player", None)
        if player is None or isinstance(player, A.You):
            return self.action(effect, base=True)
        base = isinstance(player, A.Opponents)
        return f"{self.player(player)} {self.action(effect, base=base)}"

    def player_clause(self, modify: A.Modify) -> str:
        parts = []
        for change in modify.changes:
            if isinstance(change, A.CannotLoseGame):
                parts.append("cannot lose the game")
            elif isinstance(change, A.CannotWinGame):
                parts.append("cannot win the game")
            elif isinstance(change, A.CannotPlay) and change.kind == "plot twist":
                parts.append("cannot play plot twists")
            elif isinstance(change, A.CannotUseActivatedPowers):
                parts.append(f"cannot use {self.possessive(change.of)} activated powers")
            else:
                raise RenderError(f"a player cannot have {type(change).__name__}")
        if len(parts) != 1 or modify.duration.while_ is not None:
            raise RenderError("a player clause has one restriction")
        span = f" {self.span(modify.duration.span)}" if modify.duration.span else ""
        return f"{self.player(modify.subject)} {parts[0]}{span}"

    def object_clause(self, group: list[A.Modify]) -> str:
        subject = group[0].subject
        plural = _is_plural(subject)
        last_span = group[-1].duration.span
        predicates: list[str] = []
        for number, modify in enumerate(group):
            phrases = self.predicate_groups(modify.changes, plural)
            tail = []
            if modify.duration.while_ is not None:
                tail.append("while " + self.while_text(modify.duration.while_))
            span = modify.duration.span
            is_last = number == len(group) - 1
            if span is not None and (is_last or span != last_span):
                tail.append(self.span(span))
            if span is None and not is_last and last_span is not None:
                raise RenderError("modifiers of one clause: only the last may omit a shared span")
            for_each = _for_each_of(modify.changes)
            if for_each is not None:
                tail.append("for each " + self.heads_and_post(for_each, plural=False))
            text = " and ".join(phrases)
            if tail:
                text += " " + " ".join(tail)
            predicates.append(text)
        subject_text = self.np(subject, subject_position=True)
        if isinstance(subject, A.Filter) and subject.count == 1 and subject.kind == "character":
            subject_text += " of your choice"
        return f"{subject_text} {' and '.join(predicates)}"

    def predicate_groups(self, changes: tuple[A.Change, ...], plural: bool) -> list[str]:
        groups: list[str] = []
        index = 0
        verb = (lambda singular, many: many if plural else singular)
        while index < len(changes):
            change = changes[index]
            kind = _group_kind(change)
            run = [change]
            while index + len(run) < len(changes) and kind is not None and _group_kind(changes[index + len(run)]) == kind:
                run.append(changes[index + len(run)])
            index += len(run)
            if kind == "stat":
                stats = " / ".join(self.stat_change(c) for c in run)
                groups.append(f"{verb('gets', 'get')} {stats}")
            elif kind == "gain":
                groups.append(f"{verb('has', 'have')} {' and '.join(self.keyword_name(c.keyword) for c in run)}")
            elif kind == "lose":
                groups.append(f"{verb('loses', 'lose')} {' and '.join(self.keyword_name(c.keyword) for c in run)}")
            elif kind == "lose-cannot-gain":
                groups.append(f"{verb('loses', 'lose')} and cannot gain "
                              f"{' and '.join(self.keyword_name(c.keyword) for c in run)}")
            elif kind == "cannot-gain":
                groups.append(f"cannot gain {' and '.join(self.keyword_name(c.keyword) for c in run)}")
            else:
                groups.append(self.single_change(change, plural))
        return groups

    def stat_change(self, change: A.StatChange) -> str:
        amount = change.amount
        if isinstance(amount, A.ForEach):
            n = amount.per
        elif isinstance(amount, A.Fixed):
            n = amount.n
        else:
            raise RenderError("a stat change is +N or +N for each …")
        text = f"{_signed(n)} {change.stat.upper()}"
        return f"an additional {text}" if change.additional else text

    def keyword_name(self, name: str) -> str:
        return name.replace("-", "—") if name == "concealed-optional" else name

    def single_change(self, change: A.Change, plural: bool) -> str:
        has = "have" if plural else "has"
        if isinstance(change, A.GainAffiliation):
            if len(change.affiliations.names) != 1:
                raise RenderError("'have the X affiliation' names one affiliation")
            return f"{has} the {change.affiliations.names[0]} affiliation"
        if isinstance(change, A.ShareAffiliations):
            return f"{has} both affiliations"
        if isinstance(change, A.GainPower):
            # Inside the quotes "this character" is the object that has the power (FAQ SC 15).
            return f'{has} "{_Renderer(None, "this character").power(change.power)}"'
        if isinstance(change, A.CannotBeTargeted):
            return f"cannot be the target of {self.effect_np(change.by)}"
        if isinstance(change, A.CanAttackHidden):
            return "can attack hidden characters"
        if isinstance(change, A.CannotBeStunned):
            return "cannot be stunned"
        if isinstance(change, A.CannotCauseBreakthrough):
            return "cannot cause breakthrough"
        if isinstance(change, A.CannotAttack):
            return "cannot attack"
        if isinstance(change, A.TeamAttackAsThough):
            return "can team attack as though they had all team affiliations"
        raise RenderError(f"{type(change).__name__} is not something an object gets")

    # ------------------------------------------------------------------ actions

    def action(self, effect: A.Effect, base: bool) -> str:
        def v(verb: str, third: str | None = None) -> str:
            return verb if base else (third or verb + "s")

        if isinstance(effect, A.Draw):
            n = effect.count.n if isinstance(effect.count, A.Fixed) else None
            if n is None:
                raise RenderError("draw a number of cards")
            return f"{v('draw')} {'a card' if n == 1 else _count_word(n) + ' cards'}"
        if isinstance(effect, A.Discard):
            return f"{v('discard')} {self.np(effect.filter)}"
        if isinstance(effect, A.KO):
            return f"{v('KO', 'KOs')} {self.np(effect.selector)}"
        if isinstance(effect, A.Stun):
            return f"{v('stun')} {self.np(effect.selector)}"
        if isinstance(effect, A.Ready):
            return f"{v('ready', 'readies')} {self.np(effect.selector)}"
        if isinstance(effect, A.Exhaust):
            return f"{v('exhaust', 'exhausts')} {self.np(effect.selector)}"
        if isinstance(effect, A.Recover):
            return f"{v('recover')} {self.np(effect.selector)}"
        if isinstance(effect, A.MoveToArea):
            return f"{v('move')} {self.np(effect.selector)} to your {effect.area} area"
        if isinstance(effect, A.PutInto):
            if effect.position is not None:
                return f"{v('put')} {self.np(effect.cards)} on the {effect.position} of {self.zone(effect.zone)}"
            return f"{v('put')} {self.np(effect.cards)} into {self.zone(effect.zone)}"
        if isinstance(effect, A.PutCounter):
            text = (f"{v('put')} a {_signed(effect.atk)} ATK / {_signed(effect.def_)} DEF counter on "
                    f"{self.np(effect.selector)}")
            if isinstance(effect.times, A.PointsPaid):
                return text + " for each point you paid"
            if effect.times != A.Fixed(1):
                raise RenderError("counters: one, or one for each point you paid")
            return text
        if isinstance(effect, A.ReturnTo):
            return f"{v('return')} {self.np(effect.cards)} to {self.zone(effect.zone)}"
        if isinstance(effect, A.Reveal):
            return f"{v('reveal')} {self.np(effect.cards)}"
        if isinstance(effect, A.Search):
            return f"{v('search', 'searches')} {self.zone(effect.zone)} for {self.np(effect.filter)}"
        if isinstance(effect, A.Negate):
            return f"{v('negate')} {self.effect_np(effect.target)}"
        if isinstance(effect, A.ChangeTarget):
            return f"{v('change')} the target of {self.effect_np(effect.effect)} to {self.np(effect.new_target)}"
        if isinstance(effect, A.RemoveFromAttack):
            return f"{v('remove')} {self.np(effect.selector)} from this attack"
        if isinstance(effect, A.GainEndurance):
            return f"{v('gain')} {self.amount(effect.amount)} endurance"
        if isinstance(effect, A.GainResourcePoints):
            n = self.amount(effect.amount)
            return f"{v('gain')} {n} resource {'point' if n == '1' else 'points'}"
        if isinstance(effect, A.LoseEndurance):
            amount = effect.amount
            if isinstance(amount, A.CostOf):
                return f"{v('lose')} endurance equal to {self.amount(amount)}"
            if isinstance(amount, A.ForEach):
                return f"{v('lose')} {amount.per} endurance for each {self.heads_and_post(amount.selector, plural=False)}"
            return f"{v('lose')} {self.amount(amount)} endurance"
        if isinstance(effect, A.ReplaceResource):
            return f"{v('replace')} {self.np(effect.selector)}"
        if isinstance(effect, A.GainControl):
            return f"{v('gain')} control of {self.np(effect.selector)}"
        if isinstance(effect, A.TurnFaceDown):
            return f"{v('turn')} {self.np(effect.selector)} face down"
        if isinstance(effect, A.Choose):
            return f"{v('choose')} {self.np(effect.selector)}"
        if isinstance(effect, A.ChooseAffiliations):
            return (f"{v('choose')} {_count_word(effect.count)} team affiliations among "
                    f"{self.np(effect.among, subject_position=True)}")
        raise RenderError(f"{type(effect).__name__} has no card text as an action")

    # ------------------------------------------------------------------ triggers, events, steps

    def trigger(self, trigger: A.Trigger) -> str:
        if isinstance(trigger, A.WhenYouRecruit):
            return f"When you recruit {self.np(trigger.subject)}"
        if isinstance(trigger, A.Whenever):
            if isinstance(trigger.event, A.ComesIntoPlay) and isinstance(trigger.event.subject, A.SelfRef):
                return f"When {self.event(trigger.event)}"
            return f"Whenever {self.event(trigger.event)}"
        if isinstance(trigger, A.AtStartOf):
            return f"At the start of {self.step(trigger.step)}"
        raise RenderError(f"cannot render {type(trigger).__name__}")

    def event(self, event: A.EventPattern, would: bool = False) -> str:
        def v(verb: str) -> str:
            return f"would {verb}" if would else verb + "s"

        if isinstance(event, A.Attacks):
            return f"{self.np(event.subject)} {v('attack')}"
        if isinstance(event, A.Stuns):
            return f"{self.np(event.subject)} {v('stun')} {self.np(event.object)}"
        if isinstance(event, A.BecomesStunnedBy) and not would:
            return f"{self.np(event.object)} becomes stunned by {self.np(event.by)}"
        if isinstance(event, A.CausesBreakthrough):
            text = f"{self.np(event.subject)} {v('cause')} breakthrough"
            if event.to is not None:
                text += f" to {self.player(event.to)}"
            if event.attacking is not None:
                text += f" while attacking {self.np(event.attacking)}"
            return text
        if isinstance(event, A.ComesIntoPlay) and not would:
            return f"{self.np(event.subject)} {'come' if _is_plural(event.subject) else 'comes'} into play"
        if isinstance(event, A.Reinforces) and not would:
            return f"{self.np(event.subject)} reinforces {self.np(event.object)}"
        raise RenderError(f"cannot render {type(event).__name__}{' with would' if would else ''}")

    def step(self, step: A.Step) -> str:
        return f"{'your' if step.whose == 'your' else 'the'} {step.name}"

    def span(self, span: str) -> str:
        return f"this {span}"

    # ------------------------------------------------------------------ conditions and amounts

    def condition(self, condition: A.Condition) -> str:
        c = condition
        if isinstance(c, A.AllOf):
            return " and ".join(self.condition(x) for x in c.conditions)
        if isinstance(c, A.NoCardsInHand) and isinstance(c.player, A.You):
            return "you have no cards in hand"
        if isinstance(c, A.YouControl):
            return f"you control {self.np(c.selector)}"
        if isinstance(c, A.YouDoNotControl):
            return f"you do not control {self.np(c.selector)}"
        if isinstance(c, A.YouControlCount):
            word = "fewer" if c.comparison == "at most" else "more"
            return f"you control {c.n} or {word} {self.heads_and_post(c.selector, plural=True)}"
        if isinstance(c, A.PlayedNoOtherPlotTwists):
            return "you played no other plot twists this turn"
        if isinstance(c, A.EnduranceAtLeast) and isinstance(c.player, A.You):
            return f"you have {c.n} or more endurance"
        if isinstance(c, A.InZone):
            return f"{self.np(c.ref)} is in {self.zone(c.zone)}"
        if isinstance(c, A.StatGreaterThan):
            return f"{self.possessive(c.ref)} {c.stat.upper()} is greater than {self.amount(c.amount)}"
        if isinstance(c, A.IsVisible):
            return f"{self.np(c.ref)} is visible"
        if isinstance(c, A.IsHidden):
            return f"{self.np(c.ref)} is hidden"
        if isinstance(c, A.IsProtecting):
            return f"{self.np(c.subject)} is protecting {self.np(c.object)}"
        if isinstance(c, A.ChoseAffiliation):
            return f"you chose {c.name} and a different affiliation"
        if isinstance(c, A.HasAffiliation):
            return f"{self.np(c.ref)} has the {c.name} affiliation"
        if isinstance(c, A.WasBoosted):
            return f"{self.np(c.ref)} was boosted"
        if isinstance(c, A.OnePlayerRevealedMost):
            return f"one player revealed more {self.heads_and_post(c.selector, plural=True)} than any other player"
        if _is_state_while(c):
            return _STATE_WHILE[type(c)]
        raise RenderError(f"cannot render the condition {type(c).__name__}")

    def amount(self, amount: A.Amount) -> str:
        if isinstance(amount, A.Fixed):
            return str(amount.n)
        if isinstance(amount, A.Times) and amount.factor == 2:
            return "twice " + self.amount(amount.amount)
        if isinstance(amount, A.EventAmount):
            return "that much"
        if isinstance(amount, A.CostOf):
            return f"the cost of {self.np(amount.ref)}"
        if isinstance(amount, A.PrintedStat):
            return f"{self.possessive(amount.ref)} printed {amount.stat.upper()}"
        if isinstance(amount, A.CurrentStat):
            return f"{self.possessive(amount.ref)} {amount.stat.upper()}"
        raise RenderError(f"cannot render the amount {type(amount).__name__}")

    # ------------------------------------------------------------------ players, zones

    def player(self, player: Any) -> str:
        if isinstance(player, A.You):
            return "you"
        if isinstance(player, A.Opponents):
            return "your opponents"
        if isinstance(player, A.EachPlayer):
            if not player.qualifiers:
                return "each player"
            (q,) = player.qualifiers
            if isinstance(q, A.ControlsQ):
                return f"each player who controls {self.np(q.selector)}"
            raise RenderError("each player who …")
        if isinstance(player, A.Target):
            return "target player"
        if isinstance(player, (A.TargetRef, A.TriggerRef, A.ConditionRef)):
            return "that player"
        if isinstance(player, A.Filter) and player.kind == "player" and player.count == 1:
            return "a player"
        if isinstance(player, A.ControllerOf):
            return f"{self.possessive(player.ref, pronoun=False)} controller"
        raise RenderError(f"cannot render the player {type(player).__name__}")

    def zone(self, zone: A.Zone) -> str:
        return f"{self.player_possessive(zone.owner)} {_ZONE_TEXT.get(zone.name, zone.name)}"

    def player_possessive(self, player: Any) -> str:
        if isinstance(player, A.You):
            return "your"
        if isinstance(player, A.ActingPlayer):
            return "his"
        if isinstance(player, (A.TargetRef, A.TriggerRef, A.ConditionRef)):
            return "that player's"
        raise RenderError(f"cannot write whose zone for {type(player).__name__}")

    def possessive(self, ref: Any, pronoun: bool = True) -> str:
        if isinstance(ref, A.SelfRef):
            return f"{self.self_name()}'s"
        noun = getattr(ref, "noun", None)
        if pronoun and noun in _PRONOUNS:
            return "its" if noun in ("it", "its") else ("her" if noun in ("she", "her") else "his")
        if noun in _PRONOUNS:
            return "that character's"
        return f"{self.np(ref)}'s"

    # ------------------------------------------------------------------ noun phrases

    def self_name(self) -> str:
        return self.name or self.self_words

    def np(self, selector: Any, subject_position: bool = False) -> str:
        s = selector
        if isinstance(s, A.SelfRef):
            return self.self_name()
        if isinstance(s, (A.TargetRef, A.TriggerRef, A.ConditionRef)):
            if s.noun in _PRONOUNS:
                return "it"
            return f"that {s.noun}"
        if isinstance(s, A.ChosenRef):
            return f"the chosen {s.binding}"
        if isinstance(s, A.ThatCardRef):
            return "that card"
        if isinstance(s, A.ThoseRef):
            return f"those {s.noun}"
        if isinstance(s, A.EquippedRef):
            return "equipped character"
        if isinstance(s, A.Target):
            inner = s.selector
            if isinstance(inner, A.Filter) and inner.kind == "player":
                return "target player"
            if isinstance(inner, A.Filter) and inner.kind == "effect":
                return self.effect_np(s)
            return "target " + self.heads_and_post(inner, plural=False)
        if isinstance(s, A.TopCards):
            n = s.count.n if isinstance(s.count, A.Fixed) else None
            if n is None:
                raise RenderError("the top N cards")
            what = "card" if n == 1 else f"{_count_word(n)} cards"
            return f"the top {what} of {self.player_possessive(s.owner)} deck"
        if isinstance(s, A.Together):
            if subject_position:
                return self.together(s)
            return " and ".join(self.np(p) for p in s.parts)
        if isinstance(s, (A.Filter, A.Either)):
            return self.filter_np(s, subject_position)
        raise RenderError(f"cannot render the selector {type(s).__name__}")

    def together(self, together: A.Together) -> str:
        parts = list(together.parts)
        if len(parts) != 2 or not all(isinstance(p, A.Filter) and p.count == "all" for p in parts):
            raise RenderError("'X, as well as Y' joins two plural filters")
        first, second = parts
        shared = tuple(q for q in first.qualifiers if _is_relative(q) and q in second.qualifiers)
        if shared:
            first = attrs.evolve(first, qualifiers=tuple(q for q in first.qualifiers if q not in shared))
        return f"{self.filter_np(first, True)}, as well as {self.filter_np(second, True)}"

    def filter_np(self, selector: Any, subject_position: bool) -> str:
        options = selector.options if isinstance(selector, A.Either) else (selector,)
        count = options[0].count
        if isinstance(selector, A.Filter) and selector.kind == "effect":
            return self.effect_np(selector)
        if count == "all":
            body = self.heads_and_post(selector, plural=True)
            return body if subject_position else f"all {body}"
        if count == "one or more":
            return "one or more " + self.heads_and_post(selector, plural=True)
        if count == 1:
            first_qual = options[0].qualifiers[0] if options[0].qualifiers else None
            if isinstance(first_qual, A.OtherThan) and len(options) == 1:
                rest = attrs.evolve(options[0], qualifiers=options[0].qualifiers[1:])
                return "another " + self.heads_and_post(rest, plural=False)
            body = self.heads_and_post(selector, plural=False)
            article = "an" if body[:1].lower() in "aeiou" and not body.lower().startswith("one") else "a"
            return f"{article} {body}"
        if isinstance(count, int):
            return f"{_count_word(count)} {self.heads_and_post(selector, plural=True)}"
        raise RenderError(f"cannot render the count {count!r}")

    def heads_and_post(self, selector: Any, plural: bool) -> str:
        options = selector.options if isinstance(selector, A.Either) else (selector,)
        first = options[0]
        for option in options[1:]:
            if (option.controller, option.zones, option.count, self._post_quals(option)) != (
                    first.controller, first.zones, first.count, self._post_quals(first)):
                raise RenderError("'X or Y' shares what comes after the nouns")
        heads = " or ".join(self.head_group(o, plural) for o in options)
        return " ".join([heads] + self.post(first))

    def _post_quals(self, f: A.Filter) -> tuple:
        return tuple(q for q in f.qualifiers if _is_post(q))

    def head_group(self, f: A.Filter, plural: bool) -> str:
        words: list[str] = []
        head_quals = []
        for q in f.qualifiers:
            if _is_post(q):
                continue
            if _is_head(q):
                head_quals.append(q)
                continue
            words.append(self.pre(q))
        words.append(self.head(f.kind, head_quals, plural))
        return " ".join(words)

    def pre(self, q: A.Qualifier) -> str:
        if isinstance(q, A.OtherThan):
            return "other"
        if isinstance(q, A.InState):
            return q.state
        if isinstance(q, A.InArea):
            return q.area
        if isinstance(q, A.FaceUp):
            return "face-up"
        if isinstance(q, A.Equipped):
            return "equipped"
        if isinstance(q, A.Remaining):
            return "remaining"
        if isinstance(q, A.Revealed):
            return "revealed"
        if isinstance(q, A.Role):
            return q.role
        if isinstance(q, A.NotVersion):
            return f"non-{q.name}"
        if isinstance(q, A.OngoingQ):
            return "ongoing" if q.ongoing else "non-ongoing"
        if isinstance(q, (A.Affiliation, A.VersionIs)):
            return q.name
        raise RenderError(f"cannot render the qualifier {type(q).__name__} before a noun")

    def head(self, kind: str, head_quals: list[A.Qualifier], plural: bool) -> str:
        s = "s" if plural else ""
        if kind == "character":
            roles = [q.role for q in head_quals if isinstance(q, A.Role)]
            if len(head_quals) > 1 or (head_quals and not roles):
                raise RenderError("a character noun has at most one role")
            return (roles[0] if roles else "character") + s
        if kind == "card":
            types = [q.type for q in head_quals if isinstance(q, A.CardTypeIs)]
            if len(head_quals) > 1 or (head_quals and not types):
                raise RenderError("a card noun has at most one card type")
            if not types:
                return "card" + s
            return {"character": "character card", "location": "location", "plot twist": "plot twist",
                    "equipment": "equipment"}[types[0]] + s
        if kind == "equipment" and not head_quals:
            return "equipment"
        if kind in ("resource", "player", "effect") and not head_quals:
            return kind + s
        raise RenderError(f"cannot render the noun of a {kind} filter")

    def post(self, f: A.Filter) -> list[str]:
        words: list[str] = []
        relatives: list[str] = []
        for q in f.qualifiers:
            if not _is_post(q):
                continue
            if _is_relative(q):
                relatives.append(self.relative(q))
                continue
            words.append(self.post_qualifier(q))
        if f.controller is not None:
            words.append(self.controller(f.controller))
        if f.zones:
            owners = {z.owner for z in f.zones}
            if len(owners) != 1:
                raise RenderError("zones of one noun phrase have one owner")
            names = [_ZONE_TEXT.get(z.name, z.name) for z in f.zones]
            owner = self.player_possessive(f.zones[0].owner)
            words.append(f"in {owner} " + (_join_list(names, "or") if len(names) == 2 else _join_list(names)))
        if relatives:
            words.append("that " + " and ".join(relatives))
        return words

    def post_qualifier(self, q: A.Qualifier) -> str:
        if isinstance(q, A.CostAtMost):
            return f"with cost {q.n} or less"
        if isinstance(q, A.CostAtLeast):
            return f"with cost {q.n} or greater"
        if isinstance(q, A.HasKeyword):
            return f"with {self.keyword_name(q.keyword)}"
        if isinstance(q, A.SameCostAs):
            return f"with the same cost as {self.np(q.ref)}"
        if isinstance(q, A.SameNameAs):
            if isinstance(q.ref, A.SelfRef) and self.name:
                return f"named {self.name}"
            return f"with the same name as {self.np(q.ref)}"
        if isinstance(q, A.Named):
            return f"named {q.name}"
        if isinstance(q, A.AdjacentTo):
            return f"adjacent to {self.np(q.ref)}"
        if isinstance(q, A.OneTarget):
            return "with one target"
        raise RenderError(f"cannot render the qualifier {type(q).__name__} after a noun")

    def relative(self, q: A.Qualifier) -> str:
        if isinstance(q, A.SharesCostOrVersion):
            return f"share a cost or version with {self.np(q.ref)}"
        if isinstance(q, A.SharesAName):
            return "share a name"
        if isinstance(q, A.AffiliationIn):
            if q.affiliations.chosen is not None:
                return "have either of the chosen affiliations"
            names = q.affiliations.names
            if len(names) != 2:
                raise RenderError("'either the A or B affiliation' names two")
            return f"have either the {names[0]} or {names[1]} affiliation"
        if isinstance(q, A.CausedBreakthrough):
            return f"caused breakthrough this {q.span}"
        if isinstance(q, A.TargetingQ):
            return f"is targeting {self.np(q.selector)}"
        raise RenderError(f"cannot render the qualifier {type(q).__name__} as 'that …'")

    def controller(self, player: Any) -> str:
        if isinstance(player, A.You):
            return "you control"
        if isinstance(player, A.Opponents):
            return "your opponents control"
        if isinstance(player, A.ActingPlayer):
            return "he controls"
        raise RenderError(f"cannot write who controls for {type(player).__name__}")

    def effect_np(self, selector: Any) -> str:
        target = isinstance(selector, A.Target)
        f = selector.selector if target else selector
        if not isinstance(f, A.Filter) or f.kind != "effect":
            raise RenderError("an effect noun phrase")
        words: list[str] = []
        sources = [q for q in f.qualifiers if isinstance(q, A.SourceType)]
        ongoing = [q for q in f.qualifiers if isinstance(q, A.OngoingQ)]
        if sources:
            types = list(sources[0].types)
            if ongoing:
                index = types.index("plot twist") if "plot twist" in types else -1
                if index < 0:
                    raise RenderError("ongoing applies to plot twist effects")
                types[index] = ("ongoing " if ongoing[0].ongoing else "non-ongoing ") + "plot twist"
            words.append(" or ".join(types))
        plural = f.count == "all" and not target
        words.append("effects" if plural else "effect")
        if any(isinstance(q, A.OneTarget) for q in f.qualifiers):
            words.append("with one target")
        if f.controller is not None:
            words.append(self.controller(f.controller))
        targeting = [q for q in f.qualifiers if isinstance(q, A.TargetingQ)]
        if targeting:
            words.append(f"that is targeting {self.np(targeting[0].selector)}")
        body = " ".join(words)
        if target:
            return "target " + body
        if f.count == 1:
            return ("an " if body[0] in "aeiou" else "a ") + body
        return body


def _is_plural(subject: Any) -> bool:
    if isinstance(subject, A.Filter):
        return subject.count != 1
    if isinstance(subject, A.Either):
        return _is_plural(subject.options[0])
    return isinstance(subject, (A.Together, A.ThoseRef))


def _group_kind(change: A.Change) -> str | None:
    if isinstance(change, A.StatChange):
        return "stat"
    if isinstance(change, A.GainKeyword):
        return "gain"
    if isinstance(change, A.LoseKeyword):
        return "lose-cannot-gain" if change.cannot_gain else "lose"
    if isinstance(change, A.CannotGainKeyword):
        return "cannot-gain"
    return None


def _for_each_of(changes: tuple[A.Change, ...]) -> A.Selector | None:
    selectors = {c.amount.selector for c in changes
                 if isinstance(c, A.StatChange) and isinstance(c.amount, A.ForEach)}
    if len(selectors) > 1:
        raise RenderError("one 'for each' per predicate")
    return selectors.pop() if selectors else None


def _is_head(q: A.Qualifier) -> bool:
    return isinstance(q, A.CardTypeIs) or (isinstance(q, A.Role) and q.role in A.HEAD_ROLES)


_POST = (A.CostAtMost, A.CostAtLeast, A.HasKeyword, A.SameCostAs, A.SameNameAs, A.Named, A.AdjacentTo,
         A.OneTarget)
_RELATIVE = (A.SharesCostOrVersion, A.SharesAName, A.AffiliationIn, A.CausedBreakthrough, A.TargetingQ)


def _is_relative(q: A.Qualifier) -> bool:
    return isinstance(q, _RELATIVE)


def _is_post(q: A.Qualifier) -> bool:
    return isinstance(q, _POST + _RELATIVE)


def _walk(node: Any):
    """Every node under ``node`` (itself included)."""
    if isinstance(node, tuple):
        for item in node:
            yield from _walk(item)
        return
    if not isinstance(node, A.Node):
        return
    yield node
    for field in attrs.fields(type(node)):
        yield from _walk(getattr(node, field.name))


# ---------------------------------------------------------------------------------------------
# The AST itself, for people (an indented tree) and for machines (JSON-ready data)
# ---------------------------------------------------------------------------------------------

def _shown_fields(node: A.Node) -> list[tuple[str, Any]]:
    out = []
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        if field.default is not attrs.NOTHING and not isinstance(field.default, attrs.Factory):
            if value == field.default and field.name != "count":
                continue
        if isinstance(field.default, attrs.Factory) and value == field.default.factory():
            continue
        out.append((field.name, value))
    return out


def _scalar(value: Any) -> str | None:
    if isinstance(value, A.Node) and not attrs.fields(type(value)):
        return type(value).__name__
    if isinstance(value, (str, int, bool)) or value is None:
        return repr(value)
    if isinstance(value, tuple) and not value:
        return "()"
    return None


def render_tree(node: Any, indent: str = "  ") -> str:
    """The AST as an indented tree, one node or field per line (``vsoracle parse``)."""
    lines: list[str] = []

    def walk(value: Any, depth: int, label: str) -> None:
        pad = indent * depth
        scalar = _scalar(value)
        if scalar is not None:
            lines.append(f"{pad}{label}{scalar}")
            return
        if isinstance(value, tuple):
            lines.append(f"{pad}{label}".rstrip())
            for item in value:
                walk(item, depth + 1, "- ")
            return
        fields = _shown_fields(value)
        simple = [(n, _scalar(v)) for n, v in fields]
        inner = ", ".join(f"{n}={s}" for n, s in simple) if all(s is not None for _, s in simple) else None
        if inner is not None and len(inner) < 60:
            lines.append(f"{pad}{label}{type(value).__name__}({inner})")
            return
        lines.append(f"{pad}{label}{type(value).__name__}")
        for name, item in fields:
            walk(item, depth + 1, f"{name}: ")

    walk(node, 0, "")
    return "\n".join(lines)


def to_data(node: Any) -> Any:
    """The AST as JSON-ready data: ``{"node": "Filter", "kind": "character", …}``."""
    if isinstance(node, tuple):
        return [to_data(item) for item in node]
    if isinstance(node, A.Node):
        data: dict[str, Any] = {"node": type(node).__name__}
        for field in attrs.fields(type(node)):
            data[field.name.rstrip("_")] = to_data(getattr(node, field.name))
        return data
    return node
