"""The card-text AST: one vocabulary of game events, a few modes over them, and shared parts.

This module holds the shared parts and the modes; each event's node is in its family's module
(:mod:`vsoracle.text.events`), and :mod:`vsoracle.text.nodes` names them all.

Card text says what happens (**events**: stun, KO, move, draw, breakthrough, …) in a few
**modes**: do it (an effect), pay it (a cost), when it happens (:class:`Whenever`), instead of it
(:class:`Instead`), it cannot happen (:class:`Cannot`), it happened (:class:`Happened`). Every
event is one class whose fields are its roles — ``agent`` (who or what does it), ``object``
(what it is done to) and the event's own (``to``, ``count``, ``amount`` …) — and every mode
takes any event, so "Stun target character", "Stun ~ >>> …", "Whenever ~ becomes stunned",
"If ~ would be stunned, instead, …" and "~ cannot be stunned" are one :class:`Stun` node in five
places. In a pattern (a trigger, a replacement, a prohibition) a role left ``None`` matches
anything.

The parts every mode shares are combinators: a :class:`Filter` (kind, qualifiers, how many,
target or not) for every noun phrase; references (:class:`Self`, :class:`TargetRef`,
:class:`EventRef` …) resolved after parsing; amounts (:class:`Fixed`, :class:`NumberOf`,
:class:`Times` …); conditions (:class:`Compare`, :class:`Is`, :class:`Happened`, :class:`All` …);
durations and steps.

Every node is a frozen, slotted, hashable ``attrs`` value with tuples for lists; ``repr`` is a
constructor call you can paste back; :func:`vsoracle.text.render` writes it as card text. Fields marked *display* (``eq=False``) keep the words the card
used ("Activate" for exhausting itself, "When" for "Whenever", "that attacker" for a reference)
for rendering and error messages; they take no part in equality or in the rules.
"""

from __future__ import annotations

import functools
import operator
from typing import Any, Callable, ClassVar, Iterator, TypeVar

import attrs
from attrs import field


__all__ = [
    "Acted",
    "Acting",
    "Activated",
    "AdditionalCost",
    "Adjacent",
    "Affected",
    "AffiliationChange",
    "Affiliations",
    "All",
    "AlternateCost",
    "Among",
    "Amount",
    "AnyOf",
    "AtEnd",
    "AtRandom",
    "AtStart",
    "AttachedTo",
    "Can",
    "Cannot",
    "CardText",
    "Change",
    "Choose",
    "ChoseNames",
    "Chosen",
    "ChosenNumber",
    "ChosenRef",
    "Compare",
    "Condition",
    "ConditionRef",
    "Conditional",
    "ControlledBy",
    "ControllerOf",
    "CostChange",
    "CounterKind",
    "CountersOn",
    "CreateReplacement",
    "Crossover",
    "CurrentTarget",
    "Delayed",
    "Does",
    "Duration",
    "During",
    "Effect",
    "Either",
    "EnduranceOf",
    "EquipLimit",
    "Equipped",
    "Event",
    "EventRef",
    "Extreme",
    "Filter",
    "FirstTime",
    "Fixed",
    "GainPower",
    "GainPowers",
    "Half",
    "Happened",
    "HasCounter",
    "HasEither",
    "HasExtreme",
    "HasInitiative",
    "HasKeyword",
    "Hunted",
    "IfDone",
    "InZone",
    "Instead",
    "Is",
    "Keyword",
    "KeywordChange",
    "KeywordPower",
    "Keywords",
    "Lessen",
    "Limit",
    "May",
    "Modify",
    "Most",
    "Must",
    "NO_DURATION",
    "Name",
    "Named",
    "Negative",
    "Node",
    "Not",
    "NotChosenYet",
    "Nothing",
    "NumberOf",
    "OfYourChoice",
    "Offset",
    "OnlyDuring",
    "OnlyFrom",
    "OnlyIf",
    "OpponentsOf",
    "Other",
    "OwnerOf",
    "Paid",
    "PerTurn",
    "Place",
    "PointsPaid",
    "Power",
    "Protecting",
    "Qualifier",
    "Quantity",
    "RecruitedBy",
    "Ref",
    "Repeat",
    "Replacement",
    "Restriction",
    "Role",
    "SameAs",
    "Selector",
    "Self",
    "Sequence",
    "ShareAffiliations",
    "Shares",
    "Some",
    "Spell",
    "StatChange",
    "StatIs",
    "StatOf",
    "StatSwitch",
    "State",
    "Static",
    "Step",
    "TargetRef",
    "Targeting",
    "Than",
    "ThatMany",
    "ThatMuch",
    "ThisPower",
    "Times",
    "Together",
    "TopCards",
    "Trigger",
    "Triggered",
    "Unique",
    "Unless",
    "VALUE_KINDS",
    "Whenever",
    "Where",
    "WithOneTarget",
    "X",
    "You",
    "Zone",
    "canonical",
    "descendants",
    "display",
    "evolve",
    "steps",
]


#: The kinds of value a choice names, not objects: "choose a team affiliation", "choose a Mutant
#: trait", "choose an identity", "a card type of your choice", "choose a card name", "choose a
#: number"; "the chosen …" reads it.
VALUE_KINDS = ("affiliation", "trait", "identity", "card type", "card name", "number")


def display(default: Any = None) -> Any:
    """A field that keeps the card's wording: no part in equality, hashing or the rules."""
    return field(default=default, eq=False, kw_only=True)


@functools.lru_cache(maxsize=None)
def _eq_key(cls: type) -> Callable[[Any], Any]:
    names = [a.name for a in attrs.fields(cls) if a.eq]
    if not names:
        return lambda node: ()
    if len(names) == 1:
        get = operator.attrgetter(names[0])
        return lambda node: (get(node),)
    return operator.attrgetter(*names)


class Node:
    """Any node of the card-text AST."""

    __slots__ = ()
    #: Every concrete node class is an attrs class (the families below are abstract bases), so
    #: ``attrs.fields`` takes any node's class; declared, not set (attrs sets it per class).
    __attrs_attrs__: ClassVar[tuple[attrs.Attribute[Any], ...]]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        cls: type = self.__class__  # as ``type``: a class object is hashable (mypy reads Node.__hash__ there)
        key = _eq_key(cls)
        return bool(key(self) == key(other))

    def __hash__(self) -> int:
        cls: type = self.__class__
        return hash((cls.__name__, _eq_key(cls)(self)))

    def __repr__(self) -> str:
        """A constructor call you can paste back: ``Fixed(n=5)``."""
        shown = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self))
                          if a.eq and getattr(self, a.name) != a.default)
        return f"{type(self).__name__}({shown})"


N = TypeVar("N", bound=Node)


def evolve(node: N, **changes: Any) -> N:
    """``attrs.evolve`` for a node whose class is known only by its family (an :class:`Event`,
    any :class:`Node`): a copy of ``node`` with ``changes``."""
    # mypy's attrs plugin checks evolve's first argument against a class it decorated itself,
    # and a family base is none (only its concrete subclasses are): it cannot follow this call
    return attrs.evolve(node, **changes)  # type: ignore[misc]


def descendants(node: Any, inside: tuple[type, ...] = ()) -> Iterator[Node]:
    """``node`` and every node within it (through tuples), depth first in field order; the nodes
    within one of the ``inside`` classes (a quoted power, a delayed trigger's effect) are left out,
    the node itself is not. Display fields are not walked."""
    if isinstance(node, tuple):
        for x in node:
            yield from descendants(x, inside)
    elif isinstance(node, Node) and attrs.has(type(node)):
        yield node
        if inside and isinstance(node, inside):
            return
        for a in attrs.fields(type(node)):
            if a.eq:
                yield from descendants(getattr(node, a.name), inside)


# =============================================================================================
# Families (empty bases, so isinstance works)
# =============================================================================================

class Power(Node):
    """One power of a card: one line of its text box."""
    __slots__ = ()


class Effect(Node):
    """What happens when an effect resolves, or a cost is paid."""
    __slots__ = ()


class Event(Effect):
    """A game event, with its roles as fields. As an effect it happens; in a pattern (trigger,
    replacement, prohibition, history) a role left ``None`` matches anything."""
    __slots__ = ()


class Change(Node):
    """What a modifier does to the objects or players it affects."""
    __slots__ = ()


class Selector(Node):
    """A noun phrase: objects, players, cards, zones' contents or effects on the chain."""
    __slots__ = ()


class Ref(Selector):
    """A reference: "~", "that attacker", "it", "the chosen character", "you"."""
    __slots__ = ()


class Qualifier(Node):
    """One condition of a :class:`Filter` ("stunned", "with cost 3 or less", "you control")."""
    __slots__ = ()


class Amount(Node):
    """A number the text names, fixed or computed on resolution."""
    __slots__ = ()


class Condition(Node):
    """Something true or false of the position ("you control …", "if you do")."""
    __slots__ = ()


class Trigger(Node):
    """What makes a triggered power trigger."""
    __slots__ = ()


class Limit(Node):
    """A restriction on playing a card or using a power ("only once per turn", "only during …")."""
    __slots__ = ()


# =============================================================================================
# Card text and powers
# =============================================================================================

@attrs.frozen(repr=False, eq=False)
class CardText(Node):
    """A card's text box: one power a line."""

    powers: tuple[Power, ...]


@attrs.frozen(repr=False, eq=False)
class Keyword(Node):
    """A keyword: "Reservist", "Boost 3", "Concealed—Optional", "Cosmic—Surge" (``name`` lower
    case, ``value`` its number or X, ``sub`` the word after the dash). The grammar takes any
    capitalised word here; the engine says which keywords it knows. ``reminder`` keeps the
    reminder text printed after it ("Energize (Whenever this character defends, ready it.)"),
    which defines a keyword the engine has no rule for (assumption A-REMINDER)."""

    name: str
    value: Amount | None = None
    sub: str | None = None
    spelled: str | None = display()
    reminder: str | None = display()


@attrs.frozen(repr=False, eq=False)
class Keywords(Power):
    """A line of keywords: "Reservist, Range"."""

    keywords: tuple[Keyword, ...]


@attrs.frozen(repr=False, eq=False)
class KeywordPower(Power):
    """A power behind a keyword: "Leader: …", "Ongoing: …", "Ally: …", "Cosmic—Surge: …",
    "Boost 2: …". The keyword says when the power is active (FAQ GM 2 for leader and ongoing)."""

    keyword: Keyword
    power: Power


@attrs.frozen(repr=False, eq=False)
class Activated(Power):
    """A payment power, "COSTS >>> EFFECT" (CR 501): the costs are events paid on announcement."""

    costs: tuple[Effect, ...]
    effect: Effect
    limits: tuple[Limit, ...] = ()


@attrs.frozen(repr=False, eq=False)
class Triggered(Power):
    """A triggered power (CR 502): "Whenever ~ attacks, …", "At the start of …, …"."""

    trigger: Trigger
    effect: Effect


@attrs.frozen(repr=False, eq=False)
class Static(Power):
    """A continuous power (CR 503): modifiers in force while the power is active ("Other Wrecking
    Crew characters you control get +1 ATK / +1 DEF.", "~ cannot be stunned while attacking.")."""

    effect: Effect


@attrs.frozen(repr=False, eq=False)
class Replacement(Power):
    """A replacement power: "If ~ would be KO'd, instead, return her to her owner's hand."."""

    instead: "Instead"


@attrs.frozen(repr=False, eq=False)
class Restriction(Power):
    """"Play ~ only during your recruit step and only if …" / "Recruit ~ only if …"."""

    action: str  # "play" | "recruit"
    limits: tuple[Limit, ...]


@attrs.frozen(repr=False, eq=False)
class AdditionalCost(Power):
    """"As an additional cost to play ~, discard a card." (FAQ GM 1)."""

    action: str
    costs: tuple[Effect, ...]


@attrs.frozen(repr=False, eq=False)
class AlternateCost(Power):
    """"You may pay 3 endurance rather than pay ~'s recruit cost." (FAQ GM 1)."""

    action: str  # "recruit" (recruit cost) | "play" (threshold cost)
    costs: tuple[Effect, ...]


@attrs.frozen(repr=False, eq=False)
class Spell(Power):
    """The effect of a plot twist: what happens when it resolves; ``limits`` are a restriction
    printed with it ("Play only if you control a Villain character. Draw two cards.")."""

    effect: Effect
    limits: tuple[Limit, ...] = ()


@attrs.frozen(repr=False, eq=False)
class Crossover(Power):
    """"Crossover X-Men and Brotherhood.": characters with either affiliation have both
    (assumption A-CROSSOVER); "Crossover Brotherhood and the chosen affiliation", "Crossover the
    chosen affiliations": with the affiliations a choice of the card bound (``chosen``)."""

    names: tuple[str, ...]
    chosen: str | None = None


# =============================================================================================
# Effect structure
# =============================================================================================

@attrs.frozen(repr=False, eq=False)
class Sequence(Effect):
    """Steps done in order, as one effect ("Discard a card. Move target … ")."""

    steps: tuple[Effect, ...]


@attrs.frozen(repr=False, eq=False)
class May(Effect):
    """"You may …", "each player may …", "that player may …": a player's choice on resolution."""

    effect: Effect
    player: Selector | None = None


@attrs.frozen(repr=False, eq=False)
class IfDone(Effect):
    """"If you do, …" / "If he does, …": only if the step before was done (by that player);
    ``otherwise`` for "If you do not, …" (``effect`` is :class:`Nothing` when that is all it says)."""

    effect: Effect
    player: Selector | None = None
    otherwise: Effect | None = None


@attrs.frozen(repr=False, eq=False)
class Conditional(Effect):
    """"If C, E." / "E if C." / "If C, E. Otherwise, F." / "F. If C, E instead.": checked on
    resolution (FAQ GM 10)."""

    condition: Condition
    effect: Effect
    otherwise: Effect | None = None
    trailing: bool = display(False)  # written "E if C"
    instead: bool = display(False)  # written "F. If C, E instead." (F is ``otherwise``)


@attrs.frozen(repr=False, eq=False)
class Unless(Effect):
    """"E unless C": E happens unless C holds; a C that a player does ("unless its controller pays
    3 endurance") is that player's choice, made on resolution."""

    effect: Effect
    condition: Condition


@attrs.frozen(repr=False, eq=False)
class Choose(Effect):
    """"Choose a character an opponent controls.", "Choose two different team affiliations among
    characters you control.": a choice on resolution (not a target), which later text reads as
    "the chosen …" or "it"; ``agent`` the player who chooses when the text names one ("target
    opponent chooses a card from your hand at random"), else the player acting."""

    selector: Selector
    binding: str
    agent: Selector | None = None


@attrs.frozen(repr=False, eq=False)
class Repeat(Effect):
    """"Each time you're successful, repeat this process with a card type you haven't chosen yet.":
    the step before it again, its object ``with_`` if the text names one, for as long as it
    succeeds (a rally finds its card: Marvel Universe FAQ 2)."""

    with_: Selector | None = None


@attrs.frozen(repr=False, eq=False)
class Modify(Effect):
    """A modifier on objects or players (CR 512): ``changes`` to ``subject`` for ``duration``.
    An effect makes one that lasts; a continuous power's are in force while it is active."""

    subject: Selector
    changes: tuple[Change, ...]
    duration: "Duration"


@attrs.frozen(repr=False, eq=False)
class CreateReplacement(Effect):
    """An effect that creates a replacement modifier ("If a character you control would cause
    breakthrough this attack, …", FAQ GM 8; "Prevent all breakthrough to you this attack.")."""

    instead: "Instead"
    duration: "Duration"


@attrs.frozen(repr=False, eq=False)
class Delayed(Effect):
    """An effect that creates a triggered modifier ("At the start of the recovery phase this turn,
    move that character …", FAQ SC 36; "Whenever that character … this turn, …", FAQ SC 5)."""

    trigger: Trigger
    effect: Effect
    duration: "Duration"


@attrs.frozen(repr=False, eq=False)
class Nothing(Effect):
    """What replaces a prevented event ("Prevent all …", "instead, it is not stunned", "instead,
    it stays in play")."""

    word: str | None = display()  # "stays in play", "stays ready", "remains in play", …


@attrs.frozen(repr=False, eq=False)
class Lessen(Effect):
    """What replaces an event with an amount when only part of it is prevented: "prevent 2 of
    it", "prevent 2 of that breakthrough", "you lose 1 less endurance instead" (the event happens,
    ``amount`` lower)."""

    amount: "Amount"
    word: str = display("it")  # "it", "that breakthrough", "that endurance loss", "less"


# =============================================================================================
# Parts of events (each event is a family of its own: vsoracle/text/events)
# =============================================================================================

@attrs.frozen(repr=False, eq=False)
class Place(Node):
    """Where a card goes: a zone and a position in it ("on top of", "on the bottom of", "an
    empty position in", "back" where it came from)."""

    zone: "Zone | None"
    position: str | None = None  # None | "top" | "bottom" | "empty" | "back"
    word: str = display("into")


@attrs.frozen(repr=False, eq=False)
class CounterKind(Node):
    """A kind of counter: "+1 ATK / +1 DEF" (``atk``, ``def_``), or a named one ("cosmic")."""

    atk: int = 0
    def_: int = 0
    name: str | None = None


# =============================================================================================
# Modes: trigger, replacement, prohibition, permission, history
# =============================================================================================

@attrs.frozen(repr=False, eq=False)
class Whenever(Trigger):
    """"Whenever EVENT" / "When EVENT" (CR 502): the event is a pattern; ``condition`` what must
    hold as it happens ("Whenever a character you control becomes stunned during combat", "…
    while you control a location"), said after the event with ``said`` ("during", "while", "if",
    "unless": then the condition is the one negated)."""

    event: Event
    word: str = display("whenever")
    subject: str | None = display(None)  # the event's role the text's subject fills
    end: int = display(-1)  # where the trigger's clause ends in the text (its comma)
    condition: "Condition | None" = None
    said: str = display("")


@attrs.frozen(repr=False, eq=False)
class AtStart(Trigger):
    """"At the start of STEP" (an instant, CR 502)."""

    step: "Step"


@attrs.frozen(repr=False, eq=False)
class AtEnd(Trigger):
    """"At the end of STEP"."""

    step: "Step"


@attrs.frozen(repr=False, eq=False)
class Instead(Node):
    """A replacement (FAQ GM 8): when ``event`` would happen, ``effect`` happens instead
    (``Nothing()`` prevents it); ``optional`` for "you may … instead"; ``condition`` for "while
    defending", "during the draw phase"."""

    event: Event
    effect: Effect
    optional: bool = False
    condition: Condition | None = None
    first: bool = display(True)  # "instead, E" (True) or "E instead"
    prevent: bool = display(False)  # written "Prevent all …"
    subject: str | None = display(None)  # the role the sentence's subject fills ("become": "would become …")
    end: int = display(-1)  # where the "If … would …" clause ends in the text (its comma)
    once: bool = False  # "The next time …": used up once it replaces an event


@attrs.frozen(repr=False, eq=False)
class Cannot(Change):
    """A prohibition: "~ cannot be stunned", "you cannot play plot twists", "~ cannot attack
    characters with flight". :class:`Affected` in the event stands for each affected object."""

    event: Event


@attrs.frozen(repr=False, eq=False)
class Can(Change):
    """A permission: "~ can attack hidden characters", "can attack as though it had range"."""

    event: Event
    as_though: Condition | None = None


@attrs.frozen(repr=False, eq=False)
class Must(Change):
    """A requirement: "~ must attack if able", "characters your opponents control must attack ~
    if able" (:class:`Affected` in the event is each affected object; assumption A-MUST-ATTACK)."""

    event: Event


@attrs.frozen(repr=False, eq=False)
class StatChange(Change):
    """"+2 ATK", "-3 DEF", "an additional +2 ATK", "+ATK equal to its DEF" (``amount`` signed)."""

    stat: str  # "atk" | "def"
    amount: Amount
    additional: bool = display(False)
    equal: bool = display(False)


@attrs.frozen(repr=False, eq=False)
class StatSwitch(Change):
    """"Switch ~'s ATK and DEF": its ATK is what its DEF would be, and the reverse, after every
    other modifier and counter (assumption A-SWITCH)."""

    word: str | None = display()  # "of": "the ATK and DEF of NP"


@attrs.frozen(repr=False, eq=False)
class KeywordChange(Change):
    """Keywords: "has flight" (gain), "loses range", "cannot gain invulnerability" (block),
    "loses and cannot gain reinforcement" (lose and block)."""

    keywords: tuple[str, ...]
    how: str = "gain"  # "gain" | "lose" | "block" | "lose-block"
    word: str = display("have")  # "have" | "gain"
    #: "gains all keywords that character has": the keywords ``of`` has, as it has them now
    of: "Selector | None" = None


@attrs.frozen(repr=False, eq=False)
class AffiliationChange(Change):
    """"has the Masters of Evil affiliation" (``names``), "has the chosen affiliation"
    (``chosen``), "gains the chosen trait" (``trait``), "gains the identity Dr. Fate"
    (``identity``: in addition to its printed one, IC FAQ 2); "are Mutants" (``word`` "be", a
    trait-like characteristic: X-Men FAQ GM 1, "Characters that aren't Mutants can become Mutants")."""

    names: tuple[str, ...] = ()
    chosen: str | None = None
    trait: bool = False
    word: str = display("have")
    identity: bool = False


@attrs.frozen(repr=False, eq=False)
class ShareAffiliations(Change):
    """"have both affiliations" (of the two the sentence names, or the chosen ones)."""

    names: tuple[str, ...] = ()
    chosen: str | None = None


@attrs.frozen(repr=False, eq=False)
class GainPower(Change):
    """'has "POWER"' (FAQ SC 15): a power in the affected object's text box; its ~ is
    that object."""

    power: Power


@attrs.frozen(repr=False, eq=False)
class GainPowers(Change):
    """"gains the powers [and keywords] of NP" (a character of DCL): the powers the
    objects NP names have, printed or gained, each in the affected object's text box with its ~
    that object; an effect's modifier copies them as it resolves and keeps them (DC Legends FAQ
    [FDL]). The keywords are a :class:`KeywordChange` with ``of`` beside it."""

    of: Selector


@attrs.frozen(repr=False, eq=False)
class EquipLimit(Change):
    """"can be equipped with any number of Fate Artifacts": besides the one equipment a
    character holds, it may hold the equipment ``equipment`` names, as many as its quantity says
    ("any number of": no limit)."""

    equipment: Selector


@attrs.frozen(repr=False, eq=False)
class CostChange(Change):
    """"costs 1 less to recruit [for each …]": ``amount`` is added to the cost (negative: less);
    ``floor`` for "…, but no less than 1": it lowers the cost no further than that, after every
    other change (MHG press [PRESSW])."""

    action: str
    amount: Amount
    floor: "Amount | None" = None


@attrs.frozen(repr=False, eq=False)
class Unique(Change):
    """"~ is not unique" (CR 705.1; FAQ GM 6)."""

    unique: bool = False


# =============================================================================================
# Selectors and references
# =============================================================================================

@attrs.frozen(repr=False, eq=False)
class Quantity(Node):
    """How many a noun phrase means: ``op`` "=" / ">=" / "<=" / ">" / "<" with ``n``, "all"
    ("all", "each"), "any", "up to" (``n`` or fewer, chosen), "any number" (as many as its chooser
    likes, none or all), "more" / "fewer" (than another)."""

    op: str
    n: Amount | None = None
    exact: bool = False  # "exactly one" (a condition asks for that many, not at least)


#: The order of a filter's qualifiers (by class): what comes before the noun, then after it.
_QUALIFIER_ORDER = ("Other", "State", "Hunted", "Name", "Role", "StatIs", "HasKeyword", "HasCounter", "SameAs", "Chosen",
                    "WithOneTarget",
                    "Named", "Adjacent", "ControlledBy", "RecruitedBy", "InZone", "OfYourChoice", "NotChosenYet", "Among", "Than",
                    "Shares", "HasEither", "Where", "Targeting", "Affiliations", "HasExtreme", "AtRandom")


def canonical(qualifiers: Any) -> tuple[Any, ...]:
    """A filter's qualifiers in canonical order, so that "no characters you control are stunned"
    and "you control no stunned characters" are one filter (stable within a class)."""
    items = tuple(qualifiers)
    rank = {name: i for i, name in enumerate(_QUALIFIER_ORDER)}
    return tuple(sorted(items, key=lambda q: rank.get(type(q).__name__, len(rank))))


@attrs.frozen(repr=False, eq=False)
class Filter(Selector):
    """A noun phrase: "another target Avengers character with cost 3 or less you control".

    ``kind`` is what it picks ("character", "card", "player", "effect", "resource", "location",
    "plot twist", "equipment", "affiliation", "trait" …); ``qualifiers`` say which (canonical
    order); ``quantity`` how many (``None``: "the", a bare plural); ``target`` its number among
    the power's targets (chosen on announcement), else ``None`` (chosen on resolution, or all)."""

    kind: str
    qualifiers: tuple[Qualifier, ...] = field(default=(), converter=canonical)
    quantity: Quantity | None = None
    target: int | None = None
    words: str | None = display()
    pos: int = display(-1)
    end: int = display(-1)


@attrs.frozen(repr=False, eq=False)
class Either(Selector):
    """"a location or a plot twist", "a non–Team-Up location or non–Team-Up ongoing plot twist"
    (one of)."""

    options: tuple[Selector, ...]
    word: str = display("or")  # "heads": one determiner before both nouns


@attrs.frozen(repr=False, eq=False)
class Together(Selector):
    """"~ and two other cards in your hand", "X, as well as Y" (all of them)."""

    parts: tuple[Selector, ...]
    word: str = display("and")


@attrs.frozen(repr=False, eq=False)
class TopCards(Selector):
    """"the top card of your deck", "the top three cards of target player's deck"."""

    zone: "Zone"
    count: Amount
    bottom: bool = False
    pos: int = display(-1)


@attrs.frozen(repr=False, eq=False)
class Self(Ref):
    """The card whose text it is: its name, "this character", a pronoun with nothing before."""

    word: str | None = display()
    pos: int = display(-1)


@attrs.frozen(repr=False, eq=False)
class TargetRef(Ref):
    """A target of this power, by number: "that character" after "target character"."""

    index: int
    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class EventRef(Ref):
    """A participant of the event that triggered or is being replaced, by role ("that
    attacker" after "Whenever ~ becomes stunned by an attacker": ``role`` "agent")."""

    role: str
    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class ChosenRef(Ref):
    """What a "Choose …" chose ("the chosen character", "the chosen affiliations", "it")."""

    binding: str
    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class ConditionRef(Ref):
    """What a condition singled out ("While ~ is protecting a character named N, that
    character …"; "one player revealed more …, that player may …")."""

    role: str
    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class Acted(Ref):
    """What step ``step`` of this power's effect acted on (steps numbered from 1 in text order,
    :func:`steps`): "it", "that card" after "Search your deck for a card …", "those team
    attackers" (FAQ SC 17), "them" after "Look at the top three cards …"."""

    step: int
    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class Paid(Ref):
    """What cost ``cost`` of an activated power acted on (costs numbered from 1 in text order):
    "Discard a card >>> … where X is that card's cost" (the discarded card)."""

    cost: int
    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class Equipped(Ref):
    """"equipped character": the character this equipment is attached to."""


@attrs.frozen(repr=False, eq=False)
class Affected(Ref):
    """Each object a modifier affects ("~ gets +2 ATK while attacking": who is attacking)."""

    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class CurrentTarget(Ref):
    """The target an effect has now (FAQ SC 3: "to another character")."""


@attrs.frozen(repr=False, eq=False)
class You(Ref):
    """The player who controls the effect or power."""

    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class Acting(Ref):
    """The player doing the step ("each player discards a card from his or her hand")."""

    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class ControllerOf(Ref):
    """"its controller", "the controller of target attacker", "target defender's controller"."""

    of: Selector
    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class OwnerOf(Ref):
    """"its owner" ("return it to its owner's hand")."""

    of: Selector


@attrs.frozen(repr=False, eq=False)
class OpponentsOf(Ref):
    """"your opponents" (of a player)."""

    of: Selector


@attrs.frozen(repr=False, eq=False)
class ThisPower(Ref):
    """"this power" ("Use this power only once per turn")."""


@attrs.frozen(repr=False, eq=False)
class StatOf(Amount):
    """"its ATK", "its printed ATK", "the cost of that card", "that of the defender"."""

    of: Selector
    stat: str  # "atk" | "def" | "cost"
    printed: bool = False
    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class Zone(Node):
    """A zone of a player ("your KO'd pile", "his hand", "a KO'd pile": ``owner`` None),
    or several of one player's ("your deck, hand, and KO'd pile")."""

    names: tuple[str, ...]
    owner: Selector | None = None
    word: str | None = display()


# Qualifiers -----------------------------------------------------------------------------------

@attrs.frozen(repr=False, eq=False)
class State(Qualifier):
    """A state or place: "stunned", "ready", "hidden", "face-up", "support row", "leader",
    "attacking", "revealed", "remaining", "unique", "ongoing", "equipped", "powered-up"."""

    name: str
    negated: bool = False


@attrs.frozen(repr=False, eq=False)
class Hunted(Qualifier):
    """"hunted by you" (``player``), "hunted characters" (``None``: by any player): the character a
    player hunts now (MEV, hunter: one at a time, while it is in play and opposed to that player)."""

    player: Selector | None = None


@attrs.frozen(repr=False, eq=False)
class Name(Qualifier):
    """An affiliation, version, trait or type name before the noun: "Avengers", "Army",
    "Team-Up", "non-Army" (``negated``)."""

    name: str
    negated: bool = False


@attrs.frozen(repr=False, eq=False)
class Named(Qualifier):
    """"named N" (``name``), "named ~" (``self_``)."""

    name: str | None = None
    self_: bool = False


@attrs.frozen(repr=False, eq=False)
class Role(Qualifier):
    """From the noun: "attacker", "defender", "team attacker"; several for "attacker or defender"."""

    roles: tuple[str, ...]


@attrs.frozen(repr=False, eq=False)
class Other(Qualifier):
    """"other", "another": not ``of`` (the latest object mentioned, else the card)."""

    of: Selector


@attrs.frozen(repr=False, eq=False)
class StatIs(Qualifier):
    """"with cost 3 or less", "with ATK 3 or less", "with DEF 4 or less"."""

    stat: str
    quantity: Quantity


@attrs.frozen(repr=False, eq=False)
class HasKeyword(Qualifier):
    """"with flight", "with evasion"; "with no keywords" (``none``: it has none at all), "without
    flight" (``none`` with keywords: it has none of them)."""

    keywords: tuple[str, ...]
    none: bool = False


@attrs.frozen(repr=False, eq=False)
class SameAs(Qualifier):
    """"with the same name as NP", "with the same cost as NP"."""

    what: str
    of: Selector


@attrs.frozen(repr=False, eq=False)
class Shares(Qualifier):
    """"that share a cost or version with NP", "that share an affiliation with it", "that share a
    name" (``of`` None: with each other); "that share the same Mutant trait" (``same``: one value
    common to them all, of the kind ``named`` says if it names one)."""

    what: tuple[str, ...]
    of: Selector | None = None
    same: bool = False
    named: str | None = None


@attrs.frozen(repr=False, eq=False)
class HasEither(Qualifier):
    """"that have either of the chosen affiliations" (``chosen``), "that have either the A or
    B affiliation" (``names``)."""

    names: tuple[str, ...] = ()
    chosen: str | None = None


@attrs.frozen(repr=False, eq=False)
class AttachedTo(Qualifier):
    """"equipment attached to target character" (CR 302: equipment is attached to a character)."""

    to: Selector


@attrs.frozen(repr=False, eq=False)
class Adjacent(Qualifier):
    """"adjacent to NP" (FAQ GM 2)."""

    to: Selector


@attrs.frozen(repr=False, eq=False)
class ControlledBy(Qualifier):
    """"you control", "your opponents control", "an opponent controls", "he controls"."""

    player: Selector | None  # None in a reading of "if you control 2 X or more characters" (it does not render)


@attrs.frozen(repr=False, eq=False)
class RecruitedBy(Qualifier):
    """"Characters your opponents recruit …", "plot twists you play …" (``verb``)."""

    player: Selector
    verb: str = "recruit"


@attrs.frozen(repr=False, eq=False)
class InZone(Qualifier):
    """"in your KO'd pile", "from your hand", "in your front row", "in play"."""

    zone: Zone | None  # None: in play
    word: str = display("in")


@attrs.frozen(repr=False, eq=False)
class OfYourChoice(Qualifier):
    """"of your choice" (chosen by the effect's controller on resolution)."""


@attrs.frozen(repr=False, eq=False)
class Affiliations(Qualifier):
    """"with no affiliation", "with no team affiliation": how many team affiliations it has,
    printed or gained (FAQ SC 4)."""

    quantity: Quantity
    word: str = display("affiliation")


@attrs.frozen(repr=False, eq=False)
class HasExtreme(Qualifier):
    """"with the highest cost among characters in play": one of those objects whose stat is
    that greatest (or least) value (each of them, on a tie)."""

    extreme: Extreme


@attrs.frozen(repr=False, eq=False)
class Among(Qualifier):
    """"among characters you control" (the affiliations or traits they have), "one of them",
    and the cards a step revealed when a later step names cards with no zone."""

    of: Selector
    word: str | None = display()  # "implicit": not written


@attrs.frozen(repr=False, eq=False)
class Than(Qualifier):
    """"… than NP": the other side of "more"/"fewer"."""

    of: Selector


@attrs.frozen(repr=False, eq=False)
class Where(Qualifier):
    """A relative clause as a condition on each candidate (:class:`Affected` in it): "that
    caused breakthrough this turn", "who controls one or more characters …"."""

    condition: Condition


@attrs.frozen(repr=False, eq=False)
class Targeting(Qualifier):
    """"that is targeting NP" (an effect)."""

    of: Selector


@attrs.frozen(repr=False, eq=False)
class CountersOn(Amount):
    """"for each cosmic counter on ~": how many counters of ``kind`` (None: any) are on ``of``;
    "the number of cosmic counters on ~" (``word``), the same."""

    of: Selector
    kind: CounterKind | None = None
    word: str | None = display(None)  # "the number of": said as an amount, not after "for each"


@attrs.frozen(repr=False, eq=False)
class HasCounter(Qualifier):
    """"with cosmic counters on them", "has a +1 ATK / +1 DEF counter on it" (``kind`` None: any)."""

    kind: CounterKind | None = None
    count: Amount = field(factory=lambda: Fixed(1))  # at least this many
    word: str = display("a")  # "a" | "several" (as written: "a cosmic counter", "cosmic counters")


@attrs.frozen(repr=False, eq=False)
class AtRandom(Qualifier):
    """"a card at random": which one is picked at random, not chosen."""


@attrs.frozen(repr=False, eq=False)
class WithOneTarget(Qualifier):
    """"with one target" (an effect)."""


@attrs.frozen(repr=False, eq=False)
class NotChosenYet(Qualifier):
    """"a card type you haven't chosen yet": a value this effect has not chosen before."""


@attrs.frozen(repr=False, eq=False)
class Chosen(Qualifier):
    """"with the chosen affiliation", "with that affiliation"."""

    binding: str


@attrs.frozen(repr=False, eq=False)
class Is(Condition):
    """``subject`` is as ``qualifier`` says: "~ is exhausted", "it is a Brotherhood character",
    "X is in your KO'd pile"; ``negated`` for "is not"."""

    subject: Selector
    qualifiers: tuple[Qualifier, ...]
    negated: bool = False
    kind: str | None = None  # "it is a character card": the kind it must be


# =============================================================================================
# Amounts
# =============================================================================================

@attrs.frozen(repr=False, eq=False)
class Fixed(Amount):
    """A number: "2", "two"."""

    n: int
    word: str | None = display()


@attrs.frozen(repr=False, eq=False)
class X(Amount):
    """X: chosen by the player as he plays the card, or set by "where X is …"."""


@attrs.frozen(repr=False, eq=False)
class Times(Amount):
    """"twice that much", "three times the number of …", "+1 ATK for each …" (``factor`` ×)."""

    factor: Amount
    amount: Amount
    word: str | None = display()  # "twice", "times", "for each"


@attrs.frozen(repr=False, eq=False)
class Half(Amount):
    """"half that much, rounded down"."""

    amount: Amount
    up: bool = False


@attrs.frozen(repr=False, eq=False)
class Offset(Amount):
    """"that much minus 2", "its cost plus 1" (never below 0: digest §19, negative values count
    as 0)."""

    base: Amount
    by: Amount
    minus: bool = True


@attrs.frozen(repr=False, eq=False)
class Extreme(Amount):
    """"the highest cost among characters you control", "the lowest DEF among …": the greatest
    (``most``) or least value of a stat among the objects a selector names (0 if it names none)."""

    stat: str  # "atk" | "def" | "cost"
    among: Selector
    most: bool = True
    word: str | None = display()  # "highest", "greatest", "lowest", "least"


@attrs.frozen(repr=False, eq=False)
class NumberOf(Amount):
    """"the number of stunned characters you control", "for each card in his hand"."""

    selector: Selector


@attrs.frozen(repr=False, eq=False)
class ThatMuch(Amount):
    """"that much": the amount of the event being replaced or that triggered."""


@attrs.frozen(repr=False, eq=False)
class ThatMany(Amount):
    """"that many": as many as step ``step`` of the effect acted on ("Discard any number of cards.
    Draw that many cards."), or, with none before it (``None``), as many resource points as the
    costs paid ("Pay 1 or more resource points >>> … that many …")."""

    step: int | None = None


@attrs.frozen(repr=False, eq=False)
class ChosenNumber(Amount):
    """"the chosen number": what "Choose a number." chose."""


@attrs.frozen(repr=False, eq=False)
class PointsPaid(Amount):
    """"for each point you paid" (FAQ SC 6)."""


@attrs.frozen(repr=False, eq=False)
class EnduranceOf(Amount):
    """A player's endurance ("you have 15 or less endurance")."""

    player: Selector


@attrs.frozen(repr=False, eq=False)
class Negative(Amount):
    """A negative amount ("-ATK equal to …", "costs 1 less")."""

    amount: Amount


# =============================================================================================
# Conditions
# =============================================================================================

@attrs.frozen(repr=False, eq=False)
class Compare(Condition):
    """``left`` compared with ``right``: "you control three or more X" is NumberOf(X) >= 3."""

    left: Amount
    op: str  # "=", ">=", "<=", ">", "<"
    right: Amount


@attrs.frozen(repr=False, eq=False)
class Happened(Condition):
    """"you played another plot twist this turn", "it attacked this turn", "you recruited him
    from your resource row", "he was boosted", "you discarded a character card" (this effect)."""

    event: Event
    span: str | None = None


@attrs.frozen(repr=False, eq=False)
class FirstTime(Condition):
    """"for the first time in a phase", "for the first time each turn", said of what would happen
    ("If you would draw a card for the first time in a phase, instead, …"): no event ``event``
    matches has happened yet in ``span`` ("phase" or "turn")."""

    event: Event
    span: str
    word: str = display("each")  # "each", "this" or "in a" before the span


@attrs.frozen(repr=False, eq=False)
class Protecting(Condition):
    """"~ is protecting a character named N" (CR 701.7): ``object`` in the support row behind."""

    subject: Selector
    object: Selector


@attrs.frozen(repr=False, eq=False)
class Some(Condition):
    """"an opponent has more cards in his hand than you": for some player of ``players``."""

    players: Selector
    condition: Condition


@attrs.frozen(repr=False, eq=False)
class Most(Condition):
    """"one player revealed more X than any other player": one player's count beats every
    other's; later text calls him "that player" (:class:`ConditionRef` "player")."""

    count: Amount
    pos: int = display(-1)


@attrs.frozen(repr=False, eq=False)
class ChoseNames(Condition):
    """"you chose Avengers and a different affiliation" (FAQ SC 35; ``other``); "you chose JLA and
    JSA", "you chose Energy": each name is among the values the card's choices bound."""

    names: tuple[str, ...]
    other: bool = True


@attrs.frozen(repr=False, eq=False)
class During(Condition):
    """"during your recruit step", "during the build phase"."""

    step: "Step"


@attrs.frozen(repr=False, eq=False)
class HasInitiative(Condition):
    """"if you have the initiative" (digest §5: one player has it each turn and acts first)."""

    player: Selector


@attrs.frozen(repr=False, eq=False)
class All(Condition):
    """"A and B"."""

    conditions: tuple[Condition, ...]


@attrs.frozen(repr=False, eq=False)
class AnyOf(Condition):
    """"A or B"."""

    conditions: tuple[Condition, ...]


@attrs.frozen(repr=False, eq=False)
class Not(Condition):
    """"not A" ("if you do not control …")."""

    condition: Condition


@attrs.frozen(repr=False, eq=False)
class Does(Condition):
    """A player's choice to do something ("unless its controller pays 3 endurance"): true if he
    chooses to and does it."""

    event: Event


# =============================================================================================
# Limits, durations, steps
# =============================================================================================

@attrs.frozen(repr=False, eq=False)
class PerTurn(Limit):
    """"only once per turn" (``n`` 1), "only twice per turn"."""

    n: int = 1


@attrs.frozen(repr=False, eq=False)
class OnlyIf(Limit):
    """"only if C", "only while C"."""

    condition: Condition
    word: str = display("if")


@attrs.frozen(repr=False, eq=False)
class OnlyDuring(Limit):
    """"only during your recruit step"."""

    step: "Step"


@attrs.frozen(repr=False, eq=False)
class OnlyFrom(Limit):
    """"only from your hand"."""

    zone: Zone


@attrs.frozen(repr=False, eq=False)
class Step(Node):
    """A phase or step: "the recovery phase", "your recruit step" (``whose`` "your"), "an
    opponent's attack step" (``whose`` "opponent"), "each player's recruit step" (``whose``
    "each": every player's, and a trigger's "that player" is the one whose step it is); ``next``: "your next recovery phase", the
    first one to begin after the effect."""

    name: str  # "recovery phase", "recruit step", …
    whose: str | None = None
    word: str | None = display(None)  # "an opponent's" | "your opponent's"
    next: bool = False


@attrs.frozen(repr=False, eq=False)
class Duration(Node):
    """How long a modifier lasts: ``span`` "turn" / "attack" / "phase" (None: while the power is
    active, or for good), and ``while_`` a condition on each affected object ("while attacking")."""

    span: str | None = None
    while_: Condition | None = None
    leading: bool = display(False)  # written "While C, …" before the clause


NO_DURATION = Duration()


_STRUCTURE = (Sequence, May, IfDone, Conditional, Unless, Delayed)


def steps(effect: Effect) -> tuple[Event, ...]:
    """The events of an effect in text order: what :class:`Acted` numbers (from 1)."""
    out: list[Event] = []

    def walk(node: Any) -> None:
        if isinstance(node, Event):
            out.append(node)
        elif isinstance(node, Sequence):
            for s in node.steps:
                walk(s)
        elif isinstance(node, (May, IfDone)):
            walk(node.effect)
        elif isinstance(node, Conditional):
            walk(node.effect)
            if node.otherwise is not None:
                walk(node.otherwise)
        elif isinstance(node, Unless):
            walk(node.effect)

    walk(effect)
    return tuple(out)
