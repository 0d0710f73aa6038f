"""From lark's tree to :mod:`vsoracle.text.ast` nodes.

Two steps, both without state kept between texts:

1. :class:`CardTextTransformer` — one method per grammar rule or alias, each building a node
   (``__default__`` raises: no raw ``Tree`` reaches the engine). Words whose meaning depends on
   what came before ("that character", "it", "another", "that player", the targets' numbers) are
   left as private placeholders.
2. :func:`finish` — per power, walks the nodes in the order the words were written and
   replaces each placeholder by an explicit reference: :class:`~vsoracle.text.ast.TargetRef`,
   :class:`~vsoracle.text.ast.TriggerRef`, :class:`~vsoracle.text.ast.ConditionRef`,
   :class:`~vsoracle.text.ast.SelfRef`, … It also decides what kind of power an effect line is
   (plot twist paragraph, continuous power, replacement power).

Reference rules (the FAQ's reading of card text):

* "that <noun>" is the latest object mentioned before it that the noun fits: a target, a
  participant of the triggering (or replaced) event, an object a "while" condition singled out;
  "that card" with nothing to refer to is the card an earlier step moved ("put the top card of your
  deck into your KO'd pile. … equal to the cost of that card") or found ("search your deck for a
  Team-Up card and put it into your hand", FAQ GM 3).
* a quoted power ('has "…"') is read on its own: its "this character"/"it" is the object that
  has it, its targets are numbered from 1 (FAQ SC 15).
* he/she/him/her/it/its is the latest object mentioned (this card itself included); with nothing
  before it, this card.
* "another"/"other" is "other than" the latest object mentioned, else this card; in "change the
  target … to another character" it is the effect's current target.
* "that player" is the latest player mentioned (a target player, the event's player, the player a
  condition singled out).
* he/his as a player ("he controls", "his hand") is the player doing the effect
  (:class:`~vsoracle.text.ast.ActingPlayer`).
"""

from __future__ import annotations

from typing import Any, Iterable

import attrs
from attrs import frozen
from lark import Token, Transformer, Tree

from ..errors import CardTextError
from . import ast as A

__all__ = ["CardTextTransformer", "transform", "finish"]


# ---------------------------------------------------------------------------------------------
# Placeholders: private nodes that never leave this module.
# ---------------------------------------------------------------------------------------------

@frozen
class _That(A.Ref):
    noun: str


@frozen
class _Pron(A.Ref):
    word: str


@frozen
class _ThatPlayer(A.Player):
    pass


@frozen
class _Other(A.OtherThan):
    ref: Any = None


@frozen
class _BothAffiliations(A.Change):
    ALTERS_QUALITY = True


@frozen
class _TrailingIf(A.Effect):
    """"E if C": E was written first."""

    effect: Any
    condition: Any


@frozen
class _While(A.Effect):
    """"While C [this turn], E.": C was written first; applies to every modifier in E."""

    condition: Any
    span: Any
    effect: Any


@frozen
class _EffectLine(A.Power):
    effect: Any


@frozen
class _BecomeDefenderChange(A.Change):
    pass


# Plain holders for pieces of a rule (never inside a finished node).

@frozen
class _Clauses:
    items: tuple


@frozen
class _Pred:
    changes: tuple
    while_: Any
    span: Any
    for_each: Any
    condition: Any


@frozen
class _Tail:
    while_: Any = None
    span: Any = None
    for_each: Any = None
    condition: Any = None


@frozen
class _Span:
    span: str


@frozen
class _WhileCond:
    condition: Any


@frozen
class _ForEach:
    selector: Any


@frozen
class _If:
    condition: Any


@frozen
class _Name:
    text: str


@frozen
class _Head:
    kind: str
    qualifiers: tuple


@frozen
class _Heads:
    groups: tuple  # of (kind, qualifiers)


@frozen
class _Controller:
    player: Any


@frozen
class _Zones:
    zones: tuple


@frozen
class _Relative:
    qualifiers: tuple


@frozen
class _NoMeaning:
    pass


@frozen
class _To:
    selector: Any


@frozen
class _Attacking:
    selector: Any


@frozen
class _Would:
    kind: str
    args: tuple


@frozen
class _Counter:
    atk: int
    def_: int


@frozen
class _StatOf:
    ref: Any
    stat: str
    printed: bool


@frozen
class _Restriction:
    timing: Any = None
    condition: Any = None


@frozen
class _Sources:
    types: tuple
    ongoing: Any


def _error(message: str) -> CardTextError:
    return CardTextError(message)


def _values(children: Iterable[Any]) -> list:
    """Children without the separator tokens the grammar keeps (AND_*, POSS, …)."""
    return [c for c in children if not isinstance(c, Token)]


def _tokens(children: Iterable[Any], kind: str) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type == kind]


def _of(children: Iterable[Any], cls: type) -> list:
    return [c for c in children if isinstance(c, cls)]


def _one(children: Iterable[Any], cls: type) -> Any:
    found = _of(children, cls)
    return found[0] if found else None


def _sequence(effects: Iterable[A.Effect]) -> A.Effect:
    steps: list[A.Effect] = []
    for effect in effects:
        if isinstance(effect, A.Sequence):
            steps.extend(effect.steps)
        else:
            steps.append(effect)
    if not steps:
        raise _error("an effect needs at least one step")
    return steps[0] if len(steps) == 1 else A.Sequence(tuple(steps))


def _effect_of(clauses: _Clauses) -> A.Effect:
    for item in clauses.items:
        if isinstance(item, A.Cost):
            raise _error("a cost can only come before '>>>' or after 'As an additional cost to …,'")
    return _sequence(clauses.items)


def _as_cost(item: Any) -> A.Cost:
    if isinstance(item, A.Cost):
        return item
    if isinstance(item, A.Discard) and isinstance(item.player, A.You):
        count = item.filter.count if isinstance(item.filter.count, int) else 1
        return A.DiscardCost(count, item.filter)
    if isinstance(item, A.Exhaust) and isinstance(item.player, A.You):
        return A.ExhaustCost(item.selector)
    if isinstance(item, A.Reveal) and isinstance(item.player, A.You) and isinstance(item.cards, A.Filter):
        return A.RevealCost(item.cards)
    if isinstance(item, A.Stun) and isinstance(item.player, A.You):
        return A.StunCost(item.selector)
    raise _error("this cannot be a cost: a cost is Activate, pay …, discard …, exhaust …, "
                 "remove … from the game, reveal … or stun …")


def _build_filter(kind: str, qualifiers: Iterable[A.Qualifier], post: Iterable[Any], count: Any,
                  controller: Any = None) -> A.Filter:
    quals = list(qualifiers)
    zones: tuple = ()
    for item in post:
        if isinstance(item, _Controller):
            if controller is not None:
                raise _error("a noun phrase can say who controls it only once")
            controller = item.player
        elif isinstance(item, _Zones):
            zones = zones + item.zones
        elif isinstance(item, _Relative):
            quals.extend(item.qualifiers)
        elif isinstance(item, A.Qualifier):
            quals.append(item)
        elif isinstance(item, _NoMeaning):
            pass
        else:  # pragma: no cover - the grammar gives nothing else here
            raise _error(f"unexpected {item!r} after a noun")
    return A.Filter(kind, tuple(quals), controller, zones, count)


def _from_heads(heads: _Heads, post: Iterable[Any], count: Any, extra: tuple = (),
                controller: Any = None) -> A.Selector:
    post = list(post)
    options = [_build_filter(kind, extra + quals, post, count, controller) for kind, quals in heads.groups]
    return options[0] if len(options) == 1 else A.Either(tuple(options))


def _nouns_of(selector: Any) -> frozenset[str]:
    """The nouns "that <noun>" can use for an object this selector describes."""
    if isinstance(selector, A.Target):
        return _nouns_of(selector.selector)
    if isinstance(selector, A.Either):
        out: frozenset[str] = frozenset()
        for option in selector.options:
            out |= _nouns_of(option)
        return out
    if isinstance(selector, A.Filter):
        nouns = {selector.kind}
        for q in selector.qualifiers:
            if isinstance(q, A.Role) and q.role in A.HEAD_ROLES:
                nouns.add(q.role.split()[-1])
            if isinstance(q, A.CardTypeIs) and q.type == "character":
                nouns.add("character")
        if selector.kind in ("character", "equipment"):
            nouns.add("card")
        return frozenset(nouns)
    if isinstance(selector, A.TopCards):
        return frozenset({"card"})
    return frozenset({"character", "card"})


# ---------------------------------------------------------------------------------------------
# The Transformer
# ---------------------------------------------------------------------------------------------

class CardTextTransformer(Transformer):
    """One method per rule and alias of ``grammar/vs.lark``; each returns a node."""

    def __default__(self, data, children, meta):
        raise CardTextError(f"the grammar rule '{data}' has no meaning defined (a vsoracle bug)")

    def __default_token__(self, token):
        return token

    # -- lines ---------------------------------------------------------------------------------

    def card_text(self, children):
        powers: list[A.Power] = []
        for child in children:
            powers.extend(child if isinstance(child, tuple) else (child,))
        return A.CardText(tuple(finish(p) for p in powers))

    def ongoing_section(self, children):
        out: list[A.Power] = []
        for child in children:
            for power in child if isinstance(child, tuple) else (child,):
                if isinstance(power, (A.Ongoing, A.Keyword)):
                    out.append(power)
                else:
                    out.append(A.Ongoing(power))
        return tuple(out)

    def ongoing(self, children):
        (line,) = children
        if isinstance(line, tuple):
            raise _error("'Ongoing:' is followed by a power, not keywords")
        return A.Ongoing(line)

    def leader(self, children):
        (line,) = children
        if isinstance(line, tuple):
            raise _error("'Leader:' is followed by a power, not keywords")
        return A.Leader(line)

    def keywords(self, children):
        return tuple(children)

    def keyword(self, children):
        name = children[0]
        numbers = _tokens(children, "NUMBER")
        reminders = _tokens(children, "REMINDER")
        return A.Keyword(name, int(numbers[0]) if numbers else None,
                         str(reminders[0]) if reminders else None)

    def kw_reservist(self, _):
        return "reservist"

    def kw_concealed(self, _):
        return "concealed"

    def kw_concealed_optional(self, _):
        return "concealed-optional"

    def kw_loyalty(self, _):
        return "loyalty"

    def kw_boost(self, _):
        return "boost"

    def kw_evasion(self, _):
        return "evasion"

    def kw_flight(self, _):
        return "flight"

    def kw_range(self, _):
        return "range"

    def kw_invulnerability(self, _):
        return "invulnerability"

    def kw_reinforcement(self, _):
        return "reinforcement"

    def kw_transferable(self, _):
        return "transferable"

    def not_unique(self, _):
        return A.NotUnique()

    def play_restriction(self, children):
        action, *rest = _values(children)
        timing = None
        conditions: list[A.Condition] = []
        for restriction in rest:
            if restriction.timing is not None:
                if timing is not None:
                    raise _error("a card can be played only during one step")
                timing = restriction.timing
            else:
                condition = restriction.condition
                conditions.extend(condition.conditions if isinstance(condition, A.AllOf) else (condition,))
        return A.PlayRestriction(action, timing, tuple(conditions))

    def only_during(self, children):
        return _Restriction(timing=children[0])

    def only_if_restriction(self, children):
        return _Restriction(condition=children[0])

    def action_play(self, _):
        return "play"

    def action_recruit(self, _):
        return "recruit"

    def additional_cost(self, children):
        action, clauses = _values(children)
        costs = [_as_cost(item) for item in clauses.items]
        if len(costs) != 1:
            raise _error("an additional cost is one cost")
        return A.AdditionalCost(action, costs[0])

    def alternate_cost(self, children):
        player, action, (kind, ref) = _values(children)
        if not isinstance(player, A.You):
            raise _error("an alternate cost is written 'You may PAY rather than pay …'")
        if not isinstance(ref, A.SelfRef):
            raise _error("an alternate cost replaces the card's own recruit or threshold cost")
        return A.AlternateCost(kind, _as_cost(action))

    def cost_of_ref(self, children):
        ref, kind = _values(children)
        return (kind, ref)

    def the_cost_of_ref(self, children):
        kind, ref = _values(children)
        return (kind, ref)

    def recruit_cost(self, _):
        return "recruit"

    def threshold_cost(self, _):
        return "play"

    # -- activated and triggered powers ----------------------------------------------------------

    def activated_power(self, children):
        clauses, *rest = children
        limits = rest[-1] if rest and isinstance(rest[-1], tuple) else ()
        sentences = [r for r in rest if not isinstance(r, tuple)]
        costs = tuple(_as_cost(item) for item in clauses.items)
        return A.ActivatedPower(costs, _sequence(sentences), limits)

    def limits(self, children):
        return tuple(_values(children))

    def once_per_turn(self, _):
        return A.OncePerTurn()

    def only_if(self, children):
        return A.OnlyIf(children[0])

    def triggered_power(self, children):
        trigger, *sentences = children
        return A.TriggeredPower(trigger, _sequence(sentences))

    def when_you_recruit(self, children):
        return A.WhenYouRecruit(children[0])

    def whenever(self, children):
        return A.Whenever(children[0])

    def when_event(self, children):
        return A.Whenever(children[0])

    def at_start_of(self, children):
        return A.AtStartOf(children[0])

    def the_step(self, children):
        word, kind = children[-2], children[-1]
        return A.Step(f"{str(word).lower()} {kind}")

    def your_step(self, children):
        word, kind = children[-2], children[-1]
        return A.Step(f"{str(word).lower()} {kind}", "your")

    def phase(self, _):
        return "phase"

    def step_word(self, _):
        return "step"

    # -- events ----------------------------------------------------------------------------------

    def attacks(self, children):
        return A.Attacks(children[0])

    def comes_into_play(self, children):
        return A.ComesIntoPlay(children[0])

    def stuns(self, children):
        return A.Stuns(children[0], children[1])

    def becomes_stunned_by(self, children):
        return A.BecomesStunnedBy(children[0], children[1])

    def causes_breakthrough(self, children):
        subject, *rest = children
        to = _one(rest, _To)
        attacking = _one(rest, _Attacking)
        return A.CausesBreakthrough(subject, to.selector if to else None,
                                    attacking.selector if attacking else None)

    def reinforces(self, children):
        return A.Reinforces(children[0], children[1])

    def breakthrough_to(self, children):
        return _To(children[0])

    def breakthrough_attacking(self, children):
        return _Attacking(children[0])

    def event_would(self, children):
        subject, would = children
        if would.kind == "attack":
            return A.Attacks(subject)
        if would.kind == "stun":
            return A.Stuns(subject, would.args[0])
        to = _one(would.args, _To)
        attacking = _one(would.args, _Attacking)
        return A.CausesBreakthrough(subject, to.selector if to else None,
                                    attacking.selector if attacking else None)

    def would_attack(self, _):
        return _Would("attack", ())

    def would_stun(self, children):
        return _Would("stun", tuple(children))

    def would_cause_breakthrough(self, children):
        return _Would("breakthrough", tuple(children))

    # -- sentences -------------------------------------------------------------------------------

    def effect_line(self, children):
        return _EffectLine(_sequence(children))

    def plain_sentence(self, children):
        return _effect_of(children[0])

    def if_sentence(self, children):
        condition, clauses = children
        return A.Conditional(condition, _effect_of(clauses))

    def if_you_do(self, children):
        return A.IfYouDo(_effect_of(children[0]))

    def would_instead_first(self, children):
        return self._replacement(children)

    def would_instead_last(self, children):
        return self._replacement(children)

    def _replacement(self, children):
        event = children[0]
        span = _one(children, _Span)
        clauses = _one(children, _Clauses)
        return A.CreateReplacement(event, _effect_of(clauses), A.Duration(span.span if span else None))

    def while_sentence(self, children):
        condition = children[0]
        span = _one(children, _Span)
        return _While(condition, span.span if span else None, _effect_of(_one(children, _Clauses)))

    def delayed_at_start(self, children):
        step = children[0]
        span = _one(children, _Span)
        return A.DelayedTrigger(A.AtStartOf(step), _effect_of(_one(children, _Clauses)),
                                A.Duration(span.span if span else None))

    def delayed_at_start_after(self, children):
        return self.delayed_at_start([children[1], *children[2:], children[0]])

    def delayed_whenever(self, children):
        event = children[0]
        span = _one(children, _Span)
        return A.DelayedTrigger(A.Whenever(event), _effect_of(_one(children, _Clauses)),
                                A.Duration(span.span if span else None))

    def clauses(self, children):
        items: list = []
        for child in _values(children):
            items.extend(child if isinstance(child, tuple) else (child,))
        return _Clauses(tuple(items))

    # -- clauses ---------------------------------------------------------------------------------

    def imperative(self, children):
        action = children[0]
        condition = _one(children, _If)
        return _TrailingIf(action, condition.condition) if condition else action

    def player_action(self, children):
        player, action = children[0], children[1]
        condition = _one(children, _If)
        if not isinstance(action, A.Effect) or "player" not in attrs.fields_dict(type(action)):
            raise _error("only you can do that")
        effect = attrs.evolve(action, player=player)
        return _TrailingIf(effect, condition.condition) if condition else effect

    def player_may(self, children):
        player, action = children[0], children[1]
        condition = _one(children, _If)
        if not isinstance(action, A.Effect):
            raise _error("'may' is followed by an action")
        if "player" in attrs.fields_dict(type(action)):
            action = attrs.evolve(action, player=player)
        effect = A.YouMay(action, player)
        return _TrailingIf(effect, condition.condition) if condition else effect

    def player_modify(self, children):
        player, change = children[0], children[1]
        span = _one(children, _Span)
        return A.Modify(player, (change,), A.Duration(span.span if span else None))

    def object_modify(self, children):
        subject, *predicates = _values(children)
        # "… lose and cannot gain reinforcement and get -2 DEF while defending this turn": the
        # last predicate's "this turn" also covers the predicates before it that name no span.
        last_span = predicates[-1].span
        effects: list[A.Effect] = []
        pending: list[A.Change] = []
        pending_duration: A.Duration | None = None

        def flush() -> None:
            nonlocal pending, pending_duration
            if pending:
                effects.append(A.Modify(subject, tuple(pending), pending_duration))
            pending, pending_duration = [], None

        for predicate in predicates:
            span = predicate.span if predicate.span is not None else last_span
            duration = A.Duration(span, predicate.while_)
            changes = tuple(_both_affiliations(c, subject) for c in predicate.changes)
            if predicate.for_each is not None:
                changes = tuple(attrs.evolve(c, amount=A.ForEach(predicate.for_each, c.amount.n))
                                if isinstance(c, A.StatChange) and isinstance(c.amount, A.Fixed) else c
                                for c in changes)
            if any(isinstance(c, _BecomeDefenderChange) for c in changes):
                flush()
                effect: A.Effect = A.BecomeDefender(subject)
            elif predicate.condition is not None or predicate.for_each is not None:
                flush()
                effect = A.Modify(subject, changes, duration)
            else:
                if pending and duration != pending_duration:
                    flush()
                pending.extend(changes)
                pending_duration = duration
                continue
            effects.append(_TrailingIf(effect, predicate.condition) if predicate.condition else effect)
        flush()
        return tuple(effects)

    def if_tail(self, children):
        return _If(children[0])

    # -- actions ---------------------------------------------------------------------------------

    def activate(self, _):
        return A.Activate()

    def pay_endurance(self, children):
        return A.PayEndurance(int(_tokens(children, "NUMBER")[0]))

    def pay_resource_points(self, children):
        return A.PayResourcePoints(int(_tokens(children, "NUMBER")[0]))

    def pay_up_to_resource_points(self, children):
        return A.PayResourcePoints(int(_tokens(children, "NUMBER")[0]), up_to=True)

    def remove_from_game(self, children):
        parts = _values(children)
        return A.RemoveFromGameCost(parts[0] if len(parts) == 1 else A.Together(tuple(parts)))

    def draw(self, children):
        return A.Draw(A.Fixed(children[0]))

    def count_a(self, _):
        return 1

    def count_of_word(self, children):
        return children[0]

    def discard(self, children):
        (selector,) = children
        if not isinstance(selector, A.Filter):
            raise _error("discard a card (or 'a <kind> card')")
        return A.Discard(selector)

    def ko(self, children):
        return A.KO(children[0])

    def stun(self, children):
        return A.Stun(children[0])

    def ready(self, children):
        return A.Ready(children[0])

    def exhaust(self, children):
        return A.Exhaust(children[0])

    def recover(self, children):
        return A.Recover(children[0])

    def move_to_area(self, children):
        selector, _owner, area = children
        return A.MoveToArea(selector, area)

    def put_into(self, children):
        cards, zone = children
        return A.PutInto(cards, zone)

    def put_on(self, children):
        cards, position, zone = children
        return A.PutInto(cards, zone, position)

    def put_counter(self, children):
        counter, selector = children[0], children[1]
        times = children[2] if len(children) > 2 else A.Fixed(1)
        return A.PutCounter(selector, counter.atk, counter.def_, times)

    def return_to(self, children):
        cards, zone = children
        return A.ReturnTo(cards, zone)

    def reveal(self, children):
        return A.Reveal(children[0])

    def search(self, children):
        zone, selector = children
        if not isinstance(selector, A.Filter):
            raise _error("search … for a <kind> card")
        return A.Search(zone, selector)

    def negate(self, children):
        return A.Negate(children[0])

    def change_target(self, children):
        effect, new_target = children
        return A.ChangeTarget(effect, _current_target_other(new_target))

    def remove_from_attack(self, children):
        return A.RemoveFromAttack(children[0])

    def gain_endurance(self, children):
        return A.GainEndurance(children[0])

    def gain_resource_points(self, children):
        return A.GainResourcePoints(children[0])

    def lose_endurance(self, children):
        amount = children[0]
        for_each = _one(children, _ForEach)
        if for_each is not None:
            if not isinstance(amount, A.Fixed):
                raise _error("'for each' needs a number before it")
            amount = A.ForEach(for_each.selector, amount.n)
        return A.LoseEndurance(amount)

    def lose_endurance_equal(self, children):
        return A.LoseEndurance(children[0])

    def gain_control(self, children):
        return A.GainControl(children[0])

    def replace_resource(self, children):
        return A.ReplaceResource(children[0])

    def turn_face_down(self, children):
        return A.TurnFaceDown(children[0])

    def choose(self, children):
        (selector,) = children
        if not isinstance(selector, A.Filter) or selector.count != 1:
            raise _error("choose a <kind> … (one object; a target is not chosen this way)")
        binding = "character" if selector.kind == "character" else selector.kind
        return A.Choose(binding, selector)

    def choose_affiliations(self, children):
        count, among = _values(children)
        return A.ChooseAffiliations(count, among)

    def top(self, _):
        return "top"

    def bottom(self, _):
        return "bottom"

    def area_hidden(self, _):
        return "hidden"

    def area_visible(self, _):
        return "visible"

    def counter(self, children):
        atk, def_ = _tokens(children, "SIGNED")
        return _Counter(int(atk), int(def_))

    def for_each_point(self, _):
        return A.PointsPaid()

    # -- modifiers -------------------------------------------------------------------------------

    def subject_np(self, children):
        return children[0]

    def subject_bare(self, children):
        return children[0]

    def subject_together(self, children):
        first, second = _values(children)
        return A.Together(_distribute_relatives(first, second))

    def predicate(self, children):
        changes, tail = children
        return _Pred(changes, tail.while_, tail.span, tail.for_each, tail.condition)

    def mod_tail(self, children):
        while_ = _one(children, _WhileCond)
        span = _one(children, _Span)
        for_each = _one(children, _ForEach)
        condition = _one(children, _If)
        return _Tail(while_.condition if while_ else None, span.span if span else None,
                     for_each.selector if for_each else None, condition.condition if condition else None)

    def while_state(self, children):
        return _WhileCond(children[0])

    def this_turn(self, _):
        return _Span("turn")

    def this_attack(self, _):
        return _Span("attack")

    def for_each(self, children):
        heads, *post = children
        return _ForEach(_from_heads(heads, post, "all"))

    def get_stats(self, children):
        return children[0]

    def more_stats(self, children):
        return children[0]

    def have_keywords(self, children):
        return tuple(A.GainKeyword(k) for k in _values(children))

    def have_affiliation(self, children):
        return (A.GainAffiliation(A.AffiliationSet((children[0].text,))),)

    def have_power(self, children):
        (power,) = _values(children)
        if isinstance(power, tuple):
            raise _error("keywords are had without quotes: 'has flight'")
        # The quoted power is a power of its own: its references ("this character", "it") and its
        # targets are read inside the quotes only (FAQ SC 15).
        return (A.GainPower(finish(power)),)

    def have_both_affiliations(self, _):
        return (_BothAffiliations(),)

    def lose_keywords(self, children):
        return tuple(A.LoseKeyword(k) for k in _values(children))

    def lose_and_cannot_gain(self, children):
        return tuple(A.LoseKeyword(k, cannot_gain=True) for k in _values(children))

    def cannot_gain(self, children):
        return tuple(A.CannotGainKeyword(k) for k in _values(children))

    def cannot_be_targeted(self, children):
        return (A.CannotBeTargeted(children[0]),)

    def can_attack_hidden(self, _):
        return (A.CanAttackHidden(),)

    def cannot_be_stunned(self, _):
        return (A.CannotBeStunned(),)

    def cannot_cause_breakthrough(self, _):
        return (A.CannotCauseBreakthrough(),)

    def cannot_attack(self, _):
        return (A.CannotAttack(),)

    def team_attack_as_though(self, _):
        return (A.TeamAttackAsThough(),)

    def become_defender(self, _):
        return (_BecomeDefenderChange(),)

    def stat_changes(self, children):
        return tuple(children)

    def stat_change(self, children):
        signed, stat = children
        return A.StatChange(stat, A.Fixed(int(signed)))

    def additional_stat_change(self, children):
        signed, stat = children
        return A.StatChange(stat, A.Fixed(int(signed)), additional=True)

    def stat_atk(self, _):
        return "atk"

    def stat_def(self, _):
        return "def"

    def cannot_lose_game(self, _):
        return A.CannotLoseGame()

    def cannot_win_game(self, _):
        return A.CannotWinGame()

    def cannot_play_plot_twists(self, _):
        return A.CannotPlay("plot twist")

    def cannot_use_activated_powers(self, children):
        return A.CannotUseActivatedPowers(children[0])

    def possessor_pronoun(self, children):
        return children[0]

    def possessor_ref(self, children):
        return children[0]

    def poss_her(self, _):
        return _Pron("her")

    def poss_his(self, _):
        return _Pron("his")

    def poss_its(self, _):
        return _Pron("its")

    # -- conditions ------------------------------------------------------------------------------

    def condition(self, children):
        atoms: list[A.Condition] = []
        for atom in children:
            atoms.extend(atom.conditions if isinstance(atom, A.AllOf) else (atom,))
        return atoms[0] if len(atoms) == 1 else A.AllOf(tuple(atoms))

    def condition_atom(self, children):  # pragma: no cover - every alternative is aliased
        raise _error("unnamed condition")

    def no_cards_in_hand(self, _):
        return A.NoCardsInHand()

    def you_control(self, children):
        selectors = _values(children)
        if len(selectors) == 1:
            return A.YouControl(selectors[0])
        return A.AllOf(tuple(A.YouControl(s) for s in selectors))

    def you_do_not_control(self, children):
        return A.YouDoNotControl(children[0])

    def you_control_count(self, children):
        number = int(_tokens(children, "NUMBER")[0])
        comparison, heads, *post = _values(children)
        return A.YouControlCount(_from_heads(heads, post, "all"), comparison, number)

    def played_no_other_plot_twists(self, _):
        return A.PlayedNoOtherPlotTwists()

    def endurance_at_least(self, children):
        return A.EnduranceAtLeast(A.You(), int(_tokens(children, "NUMBER")[0]))

    def in_zone(self, children):
        return A.InZone(children[0], children[1])

    def is_visible(self, children):
        return A.IsVisible(children[0])

    def is_hidden(self, children):
        return A.IsHidden(children[0])

    def is_protecting(self, children):
        return A.IsProtecting(children[0], children[1])

    def has_affiliation(self, children):
        return A.HasAffiliation(children[0], children[1].text)

    def was_boosted(self, children):
        return A.WasBoosted(children[0])

    def stat_greater_than(self, children):
        stat_of, amount = children
        return A.StatGreaterThan(stat_of.ref, stat_of.stat, amount)

    def chose_affiliation(self, children):
        return A.ChoseAffiliation(_values(children)[0].text)

    def one_player_revealed_most(self, children):
        heads, *post = children
        return A.OnePlayerRevealedMost(_from_heads(heads, post, "all"))

    def fewer(self, _):
        return "at most"

    def more(self, _):
        return "at least"

    def while_attacking(self, _):
        return A.IsAttacking()

    def while_defending(self, _):
        return A.IsDefending()

    def while_exhausted(self, _):
        return A.IsExhausted()

    def while_reinforced(self, _):
        return A.IsReinforced()

    def while_team_attacking(self, _):
        return A.IsTeamAttacking()

    # -- amounts ---------------------------------------------------------------------------------

    def fixed(self, children):
        return A.Fixed(int(children[0]))

    def fixed_word(self, children):
        return A.Fixed(children[0])

    def twice(self, children):
        return A.Times(2, children[0])

    def plain_amount(self, children):
        return children[0]

    def event_amount(self, _):
        return A.EventAmount()

    def cost_of(self, children):
        return A.CostOf(children[0])

    def stat_amount(self, children):
        (stat_of,) = children
        if stat_of.printed:
            return A.PrintedStat(stat_of.ref, stat_of.stat)
        return A.CurrentStat(stat_of.ref, stat_of.stat)

    def current_stat(self, children):
        return _StatOf(children[0], children[1], False)

    def printed_stat(self, children):
        return _StatOf(children[0], children[1], True)

    def one(self, _):
        return 1

    def two(self, _):
        return 2

    def three(self, _):
        return 3

    def four(self, _):
        return 4

    def five(self, _):
        return 5

    def six(self, _):
        return 6

    # -- players ---------------------------------------------------------------------------------

    def player_you(self, _):
        return A.You()

    def player_opponents(self, _):
        return A.Opponents()

    def player_each(self, _):
        return A.EachPlayer()

    def player_each_who_controls(self, children):
        return A.EachPlayer((A.ControlsQ(children[0]),))

    def player_target(self, _):
        return A.Target(A.Filter("player"), 0)

    def player_that(self, _):
        return _ThatPlayer()

    def player_a(self, _):
        return A.Filter("player")

    def player_controller(self, children):
        return A.ControllerOf(_values(children)[0])

    # -- noun phrases ----------------------------------------------------------------------------

    def self_ref(self, _):
        return A.SelfRef()

    def this_character(self, _):
        return A.SelfRef()

    def this_card(self, _):
        return A.SelfRef()

    def pronoun_ref(self, children):
        return _Pron(children[0])

    def pron_he(self, _):
        return "he"

    def pron_she(self, _):
        return "she"

    def pron_him(self, _):
        return "him"

    def pron_her(self, _):
        return "her"

    def pron_it(self, _):
        return "it"

    def that_ref(self, children):
        return _That(children[0])

    def those_ref(self, children):
        return A.ThoseRef(children[0])

    def chosen_ref(self, children):
        return A.ChosenRef(children[0])

    def equipped_ref(self, _):
        return A.EquippedRef()

    def noun_character(self, _):
        return "character"

    def noun_attacker(self, _):
        return "attacker"

    def noun_defender(self, _):
        return "defender"

    def noun_card(self, _):
        return "card"

    def noun_equipment(self, _):
        return "equipment"

    def noun_characters(self, _):
        return "characters"

    def noun_attackers(self, _):
        return "attackers"

    def noun_defenders(self, _):
        return "defenders"

    def noun_team_attackers(self, _):
        return "team attackers"

    def noun_cards(self, _):
        return "cards"

    def counted(self, children):
        count, heads, *post = children
        return _from_heads(heads, post, count)

    def target(self, children):
        heads, *post = children
        return A.Target(_from_heads(heads, post, 1), 0)

    def another(self, children):
        heads, *post = children
        return _from_heads(heads, post, 1, extra=(_Other(),))

    def all(self, children):
        heads, *post = children
        return _from_heads(heads, post, "all")

    def each(self, children):
        heads, *post = children
        return _from_heads(heads, post, "all")

    def one_or_more(self, children):
        heads, *post = children
        return _from_heads(heads, post, "one or more")

    def one_of_possessed(self, children):
        owner, heads, *post = children
        return _from_heads(heads, post, 1, controller=owner)

    def possessed(self, children):
        owner, heads, *post = children
        return _from_heads(heads, post, "all", controller=owner)

    def top_cards(self, children):
        values = _values(children)
        count = values[0] if len(values) == 2 else 1
        return A.TopCards(values[-1], A.Fixed(count))

    def det_a(self, _):
        return 1

    def det_count(self, children):
        return children[0]

    def det_number(self, children):
        return int(children[0])

    def bare_np(self, children):
        heads, *post = children
        return _from_heads(heads, post, "all")

    def heads(self, children):
        return _Heads(tuple(children))

    def head_group(self, children):
        quals: list[A.Qualifier] = []
        head: _Head = children[-1]
        for item in children[:-1]:
            quals.append(A.Affiliation(item.text) if isinstance(item, _Name) else item)
        return (head.kind, tuple(quals) + head.qualifiers)

    def pre_stunned(self, _):
        return A.InState("stunned")

    def pre_non_stunned(self, _):
        return A.InState("non-stunned")

    def pre_ready(self, _):
        return A.InState("ready")

    def pre_exhausted(self, _):
        return A.InState("exhausted")

    def pre_hidden(self, _):
        return A.InArea("hidden")

    def pre_visible(self, _):
        return A.InArea("visible")

    def pre_face_up(self, _):
        return A.FaceUp()

    def pre_equipped(self, _):
        return A.Equipped()

    def pre_revealed(self, _):
        return A.Revealed()

    def pre_remaining(self, _):
        return A.Remaining()

    def pre_leader(self, _):
        return A.Role("leader")

    def pre_non_defending(self, _):
        return A.Role("non-defending")

    def pre_ongoing(self, _):
        return A.OngoingQ(True)

    def pre_non_ongoing(self, _):
        return A.OngoingQ(False)

    def pre_other(self, _):
        return _Other()

    def pre_not_version(self, children):
        return A.NotVersion(str(_tokens(children, "CAPWORD")[0]))

    def head_character(self, _):
        return _Head("character", ())

    def head_card(self, _):
        return _Head("card", ())

    def head_character_card(self, _):
        return _Head("card", (A.CardTypeIs("character"),))

    def head_attacker(self, _):
        return _Head("character", (A.Role("attacker"),))

    def head_defender(self, _):
        return _Head("character", (A.Role("defender"),))

    def head_team_attacker(self, _):
        return _Head("character", (A.Role("team attacker"),))

    def head_resource(self, _):
        return _Head("resource", ())

    def head_location(self, _):
        return _Head("card", (A.CardTypeIs("location"),))

    def head_plot_twist(self, _):
        return _Head("card", (A.CardTypeIs("plot twist"),))

    def head_equipment(self, _):
        return _Head("equipment", ())

    def name(self, children):
        return _Name(" ".join(str(t) for t in children))

    def cost_at_most(self, children):
        return A.CostAtMost(int(children[0]))

    def cost_at_least(self, children):
        return A.CostAtLeast(int(children[0]))

    def with_keyword(self, children):
        return A.HasKeyword(children[0])

    def same_cost_as(self, children):
        return A.SameCostAs(children[0])

    def same_name_as(self, children):
        return A.SameNameAs(children[0])

    def named(self, children):
        return A.Named(children[0].text)

    def named_self(self, _):
        return A.SameNameAs(A.SelfRef())

    def adjacent_to(self, children):
        return A.AdjacentTo(children[0])

    def controlled_by_you(self, _):
        return _Controller(A.You())

    def controlled_by_opponents(self, _):
        return _Controller(A.Opponents())

    def controlled_by_acting(self, _):
        return _Controller(A.ActingPlayer())

    def in_zones(self, children):
        return _Zones(children[0])

    def from_zone(self, children):
        return _Zones((_values(children)[0],))

    def of_your_choice(self, _):
        return _NoMeaning()

    def that_relative(self, children):
        return _Relative(tuple(_values(children)))

    def shares_cost_or_version(self, children):
        return A.SharesCostOrVersion(children[0])

    def shares_a_name(self, _):
        return A.SharesAName()

    def rel_adjacent_to(self, children):
        return A.AdjacentTo(children[0])

    def either_chosen_affiliation(self, _):
        return A.AffiliationIn(A.AffiliationSet(chosen="affiliations"))

    def either_affiliation(self, children):
        first, second = children
        return A.AffiliationIn(A.AffiliationSet((first.text, second.text)))

    def caused_breakthrough(self, children):
        return A.CausedBreakthrough(children[0].span)

    # -- effects as objects ----------------------------------------------------------------------

    def effect_np(self, children):
        determiner = next((c for c in children if isinstance(c, (int, str))), "all")
        quals: list[A.Qualifier] = []
        post: list[Any] = []
        for child in children:
            if isinstance(child, _Sources):
                quals.append(A.SourceType(child.types))
                if child.ongoing is not None:
                    quals.append(A.OngoingQ(child.ongoing))
            elif isinstance(child, (_Controller, A.Qualifier)):
                post.append(child)
        count = 1 if determiner == "target" else determiner
        selector = _build_filter("effect", quals, post, count)
        return A.Target(selector, 0) if determiner == "target" else selector

    def effect_a(self, _):
        return 1

    def effect_target(self, _):
        return "target"

    def effect_sources(self, children):
        types = tuple(t for t, _ in children)
        ongoing = {o for _, o in children if o is not None}
        if len(ongoing) > 1:
            raise _error("an effect cannot be both ongoing and non-ongoing")
        return _Sources(types, ongoing.pop() if ongoing else None)

    def source_plot_twist(self, _):
        return ("plot twist", None)

    def source_payment(self, _):
        return ("payment", None)

    def source_non_ongoing_plot_twist(self, _):
        return ("plot twist", False)

    def source_ongoing_plot_twist(self, _):
        return ("plot twist", True)

    def effect_post(self, children):
        return children[0]

    def with_one_target(self, _):
        return A.OneTarget()

    def effect_targeting(self, children):
        return A.TargetingQ(children[0])

    # -- zones -----------------------------------------------------------------------------------

    def zone(self, children):
        owner, name = children
        return A.Zone(name, owner)

    def zones(self, children):
        owner, *names = _values(children)
        return tuple(A.Zone(name, owner) for name in names)

    def poss_you(self, _):
        return A.You()

    def poss_acting(self, _):
        return A.ActingPlayer()

    def poss_that_player(self, _):
        return _ThatPlayer()

    def zone_hand(self, _):
        return "hand"

    def zone_deck(self, _):
        return "deck"

    def zone_ko_pile(self, _):
        return "ko pile"

    def zone_resource_row(self, _):
        return "resource row"

    def zone_front_row(self, _):
        return "front row"

    def zone_support_row(self, _):
        return "support row"

    def zone_hidden_area(self, _):
        return "hidden area"

    def zone_visible_area(self, _):
        return "visible area"


def _both_affiliations(change: A.Change, subject: Any) -> A.Change:
    """"have both affiliations": the affiliations the subject's "either …" named."""
    if not isinstance(change, _BothAffiliations):
        return change
    parts = subject.parts if isinstance(subject, A.Together) else (subject,)
    for part in parts:
        if isinstance(part, A.Filter):
            for q in part.qualifiers:
                if isinstance(q, A.AffiliationIn):
                    return A.ShareAffiliations(q.affiliations)
    raise _error("'both affiliations' needs 'that have either … affiliation' before it")


def _distribute_relatives(first: A.Selector, second: A.Selector) -> tuple[A.Selector, ...]:
    """"Characters you control, as well as cards in … that have either …": the closing relative
    clause describes both parts (FAQ: the two affiliation-sharing ongoing plot twists)."""
    if not (isinstance(first, A.Filter) and isinstance(second, A.Filter)):
        return (first, second)
    relative = tuple(q for q in second.qualifiers if isinstance(q, (A.AffiliationIn, A.SharesAName,
                                                                     A.SharesCostOrVersion, A.CausedBreakthrough)))
    if relative and not any(isinstance(q, type(r)) for q in first.qualifiers for r in relative):
        first = attrs.evolve(first, qualifiers=first.qualifiers + relative)
    return (first, second)


def _current_target_other(selector: A.Selector) -> A.Selector:
    """"change the target of … to another character": other than the effect's current target."""
    if isinstance(selector, A.Filter):
        quals = tuple(A.OtherThan(A.CurrentTargetRef()) if isinstance(q, _Other) else q
                      for q in selector.qualifiers)
        return attrs.evolve(selector, qualifiers=quals)
    return selector


# ---------------------------------------------------------------------------------------------
# Finishing a power: references, target numbers, the kind of an effect line
# ---------------------------------------------------------------------------------------------

class _Context:
    """What the words of one power have mentioned so far (latest last)."""

    def __init__(self) -> None:
        self.mentions: list[tuple[A.Selector, frozenset[str]]] = []
        self.players: list[A.Player | A.Selector] = []
        self.targets = 0

    def mention(self, ref: A.Selector, nouns: frozenset[str]) -> None:
        self.mentions.append((ref, nouns))

    def that(self, noun: str) -> A.Selector:
        for ref, nouns in reversed(self.mentions):
            if noun in nouns and not isinstance(ref, A.SelfRef):
                return _with_noun(ref, noun)
        if noun == "card":
            return A.ThatCardRef()
        raise _error(f"'that {noun}' has nothing to refer to")

    def latest_object(self) -> A.Selector:
        for ref, _nouns in reversed(self.mentions):
            return ref
        return A.SelfRef()

    def that_player(self) -> A.Player | A.Selector:
        if self.players:
            return self.players[-1]
        raise _error("'that player' has nothing to refer to")


def _with_noun(ref: A.Selector, noun: str) -> A.Selector:
    if isinstance(ref, (A.TargetRef, A.TriggerRef, A.ConditionRef)):
        return attrs.evolve(ref, noun=noun)
    return ref


def _field_order(node: Any) -> list[str]:
    names = [f.name for f in attrs.fields(type(node))]
    if "player" in names and isinstance(node, A.Effect):
        names.remove("player")
        names.insert(0, "player")
    return names


def finish(power: A.Power) -> A.Power:
    """Resolve the references of one power and decide what an effect line is."""
    context = _Context()
    if isinstance(power, (A.Leader, A.Ongoing)):
        return attrs.evolve(power, power=finish(power.power))
    if isinstance(power, (A.Keyword, A.NotUnique)):
        return power
    if isinstance(power, _EffectLine):
        effect = _resolve(power.effect, context)
        return _classify(effect)
    return _resolve(power, context)


def _classify(effect: A.Effect) -> A.Power:
    if isinstance(effect, A.CreateReplacement) and effect.duration == A.Duration():
        return A.ReplacementPower(effect.event, effect.replacement)
    steps = effect.steps if isinstance(effect, A.Sequence) else (effect,)
    if all(isinstance(s, A.Modify) and s.duration.span is None for s in steps):
        return A.ContinuousPower(tuple(steps))
    return A.Spell(effect)


def _resolve(node: Any, ctx: _Context) -> Any:
    if isinstance(node, tuple):
        return tuple(_resolve(n, ctx) for n in node)
    if not isinstance(node, A.Node):
        return node
    if isinstance(node, A.GainPower):
        return node  # finished on its own: a quoted power has its own references and targets
    # -- placeholders --
    if isinstance(node, _That):
        ref = ctx.that(node.noun)
        ctx.mention(ref, _nouns_for_ref(node.noun))
        return ref
    if isinstance(node, _Pron):
        ref = ctx.latest_object()
        ref = _with_noun(ref, "it" if node.word in ("it", "its") else node.word)
        ctx.mention(ref, _nouns_for_ref("character"))
        return ref
    if isinstance(node, _Other):
        return A.OtherThan(ctx.latest_object())
    if isinstance(node, _ThatPlayer):
        return ctx.that_player()
    if isinstance(node, _TrailingIf):
        effect = _resolve(node.effect, ctx)
        return A.Conditional(_resolve(node.condition, ctx), effect)
    if isinstance(node, _While):
        condition = _resolve(node.condition, ctx)
        effect = _resolve(node.effect, ctx)
        return _apply_while(effect, condition, node.span)
    if isinstance(node, A.Target):
        selector = _resolve(node.selector, ctx)
        ctx.targets += 1
        index = ctx.targets
        nouns = _nouns_of(selector)
        if "player" in nouns:
            ctx.players.append(A.TargetRef(index, "player"))
        else:
            ctx.mention(A.TargetRef(index, _display_noun(nouns)), nouns)
        return A.Target(selector, index)
    if isinstance(node, A.SelfRef):
        ctx.mention(node, frozenset({"character", "card"}))
        return node
    if isinstance(node, (A.TriggerRef, A.ConditionRef, A.TargetRef, A.ChosenRef, A.EquippedRef)):
        ctx.mention(node, frozenset({"character", "card"}))
        return node
    # -- ordinary nodes, fields in the order the words were written --
    changes = {}
    for name in _field_order(node):
        value = getattr(node, name)
        changes[name] = _resolve(value, ctx)
    result = attrs.evolve(node, **changes) if changes else node
    _after(result, ctx)
    return result


def _display_noun(nouns: frozenset[str]) -> str:
    for noun in ("attacker", "defender", "character", "equipment", "card", "resource", "effect", "player"):
        if noun in nouns:
            return noun
    return "character"


def _nouns_for_ref(noun: str) -> frozenset[str]:
    return frozenset({noun, "character", "card"})


def _after(node: A.Node, ctx: _Context) -> None:
    """Register what a finished node lets later words refer to."""
    if isinstance(node, A.EventPattern):
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name)
            if isinstance(value, (A.Filter, A.Either)):
                nouns = _nouns_of(value)
                if "player" in nouns:
                    ctx.players.append(A.TriggerRef(field.name, "player"))
                else:
                    ctx.mention(A.TriggerRef(field.name, _display_noun(nouns)), nouns)
    elif isinstance(node, A.IsProtecting) and isinstance(node.object, (A.Filter, A.Either)):
        nouns = _nouns_of(node.object)
        ctx.mention(A.ConditionRef("object", _display_noun(nouns)), nouns)
    elif isinstance(node, A.OnePlayerRevealedMost):
        ctx.players.append(A.ConditionRef("player", "player"))
    elif isinstance(node, (A.PutInto, A.ReturnTo)) and isinstance(node.cards, (A.Filter, A.TopCards)):
        ctx.mention(A.ThatCardRef(), frozenset({"card"}))
    elif isinstance(node, A.Search):
        # "search your deck for a Team-Up card and put it into your hand": "it" is the card found
        ctx.mention(A.ThatCardRef(), _nouns_of(node.filter) | {"card"})


def _apply_while(effect: A.Effect, condition: A.Condition, span: str | None) -> A.Effect:
    if isinstance(effect, A.Sequence):
        return A.Sequence(tuple(_apply_while(s, condition, span) for s in effect.steps))
    if isinstance(effect, A.Modify):
        duration = effect.duration
        while_ = condition if duration.while_ is None else A.AllOf((condition, duration.while_))
        return attrs.evolve(effect, duration=A.Duration(duration.span or span, while_))
    raise _error("'While …,' is followed by what gets, has or cannot do something")


_TRANSFORMER = CardTextTransformer()


def transform(tree: Tree) -> A.CardText:
    """The :class:`~vsoracle.text.ast.CardText` of a parse tree (references resolved)."""
    return _TRANSFORMER.transform(tree)
