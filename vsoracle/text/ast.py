"""The card-text AST: frozen values the grammar's Transformer builds and the engine executes.

Every node is an ``attrs`` frozen, slotted, hashable value whose fields are
tuples (never lists). Each class docstring quotes card text that uses it and cites the
Avengers FAQ entry it comes from (``FAQ GM n``: General Mechanics; ``FAQ SC n``: the n-th
entry of SPECIFIC CARDS; ``vsoracle.citations.expand`` gives the titles). In quoted text
``~`` stands for the card's own name and ``N`` for another card's name, so no card name
appears in vsoracle's code. ``repr`` is a constructor call you can paste back.

References are resolved at parse time: the card's own name and the pronouns
that stand for it are :class:`SelfRef`; "that character", "it", "that player"
become :class:`TargetRef`, :class:`TriggerRef`, :class:`ConditionRef`,
:class:`ChosenRef`, … saying *which* object is meant. Targets (chosen when the
effect is announced) are the :class:`Target` nodes, numbered in text order
within a power; a :class:`Filter` whose ``count`` is a number, met inside an
effect, is a choice the acting player makes on resolution.

Fields marked "display only" are ``eq=False``: they keep the words the card
used ("that attacker" vs "it"), for :func:`vsoracle.text.render`, and take no
part in equality, hashing or the rules.

Families (base classes): :class:`Power`, :class:`Cost`, :class:`UseLimit`,
:class:`Effect`, :class:`Change`, :class:`Selector` (with :class:`Ref`),
:class:`Qualifier`, :class:`Player`, :class:`Amount`, :class:`Condition`,
:class:`Trigger`, :class:`EventPattern`, plus :class:`Duration`,
:class:`Step`, :class:`Zone` and :class:`CardText`.
"""

from __future__ import annotations

import functools
import operator
from typing import Any, Callable, ClassVar, Literal, Union

import attrs
from attrs import field
from attrs import frozen as _attrs_frozen

#: Every node is frozen and slotted; its ``repr``, ``==`` and ``hash`` come from :class:`Node`
#: (one method each for all 177 classes instead of one generated and compiled per class: importing
#: this module is most of what a cold ``vsoracle resolve`` costs).
frozen = _attrs_frozen(repr=False, eq=False)

__all__ = [
    # bases
    "Node", "Power", "Cost", "UseLimit", "Effect", "Change", "Selector", "Ref", "Qualifier", "Player",
    "Amount", "Condition", "Trigger", "EventPattern",
    # structure
    "CardText", "Duration", "Step", "Zone", "AffiliationSet",
    # powers
    "Keyword", "NotUnique", "Leader", "Ongoing", "ActivatedPower", "TriggeredPower", "ContinuousPower",
    "ReplacementPower", "PlayRestriction", "AdditionalCost", "AlternateCost", "Spell",
    # costs
    "Activate", "PayEndurance", "PayResourcePoints", "DiscardCost", "ExhaustCost", "RemoveFromGameCost",
    "RevealCost", "StunCost",
    # use limits
    "OncePerTurn", "OnlyIf",
    # effects
    "Sequence", "YouMay", "IfYouDo", "Conditional", "Choose", "ChooseAffiliations", "Draw", "Discard",
    "KO", "Stun", "Ready", "Exhaust", "Recover", "MoveToArea", "PutInto", "ReturnTo", "Reveal",
    "Search", "Negate", "ChangeTarget", "RemoveFromAttack", "BecomeDefender", "GainEndurance",
    "LoseEndurance", "GainResourcePoints", "PutCounter", "ReplaceResource", "TurnFaceDown", "GainControl", "Modify",
    "CreateReplacement", "DelayedTrigger",
    # changes
    "StatChange", "GainKeyword", "LoseKeyword", "CannotGainKeyword", "GainAffiliation",
    "ShareAffiliations", "CannotBeTargeted", "CanAttackHidden", "CannotBeStunned",
    "CannotCauseBreakthrough", "CannotAttack", "CannotUseActivatedPowers", "TeamAttackAsThough",
    "CannotLoseGame", "CannotWinGame", "CannotPlay", "GainPower",
    # selectors and references
    "Filter", "Target", "Either", "Together", "TopCards", "SelfRef", "TargetRef", "ChosenRef",
    "TriggerRef", "ConditionRef", "ThatCardRef", "ThoseRef", "EquippedRef", "AffectedRef",
    "CurrentTargetRef",
    # qualifiers
    "Affiliation", "AffiliationIn", "CardTypeIs", "CostAtMost", "CostAtLeast", "SameCostAs", "Named",
    "SameNameAs", "SharesAName", "VersionIs", "NotVersion", "InState", "Role", "AdjacentTo",
    "OtherThan", "SharesCostOrVersion", "InArea", "Equipped", "HasKeyword", "Revealed", "Remaining",
    "FaceUp", "OngoingQ", "SourceType", "OneTarget", "TargetingQ", "ControlsQ", "CausedBreakthrough",
    # players
    "You", "Opponents", "EachPlayer", "ControllerOf", "ActingPlayer",
    # amounts
    "Fixed", "ForEach", "Times", "EventAmount", "CostOf", "PointsPaid", "CardsInHand", "PrintedStat",
    "CurrentStat",
    # conditions
    "AllOf", "NoCardsInHand", "YouControl", "YouDoNotControl", "YouControlCount",
    "PlayedNoOtherPlotTwists", "EnduranceAtLeast", "InZone", "StatGreaterThan", "IsAttacking",
    "IsDefending", "IsExhausted", "IsReinforced", "IsTeamAttacking", "IsVisible", "IsHidden",
    "IsProtecting", "ChoseAffiliation", "HasAffiliation", "OnePlayerRevealedMost", "WasBoosted",
    # triggers and events
    "WhenYouRecruit", "Whenever", "AtStartOf", "Attacks", "Stuns", "BecomesStunnedBy",
    "CausesBreakthrough", "Reinforces", "ComesIntoPlay",
    # vocabularies
    "KEYWORDS", "STEPS", "HEAD_ROLES", "canonical_qualifiers",
]

#: Canonical (lower-case) keyword names (FAQ General Mechanics 1–2; CR 7xx).
KEYWORDS = ("reservist", "concealed", "concealed-optional", "loyalty", "boost", "evasion", "flight",
            "range", "invulnerability", "reinforcement", "transferable")

#: Phases and steps a timing can name (CR 400s). The grammar accepts any
#: "<word> phase" / "<word> step"; these are the ones the engine knows.
STEPS = ("draw phase", "build phase", "recruit step", "formation step", "combat phase", "attack step",
         "recovery phase")

#: Roles that name a noun phrase's head ("attacker"); the others are adjectives ("leader").
HEAD_ROLES = ("attacker", "defender", "team attacker")

Stat = Literal["atk", "def"]
Count = Union[int, Literal["all", "one or more"]]


@functools.lru_cache(maxsize=None)
def _eq_key(cls: type) -> Callable[[Any], Any]:
    names = [a.name for a in attrs.fields(cls) if a.eq]
    return operator.attrgetter(*names) if names else (lambda node: ())


# ---------------------------------------------------------------------------------------------
# Bases. Each family is an (empty) frozen base class, so ``isinstance(node, Effect)`` works.
# ---------------------------------------------------------------------------------------------

@frozen
class Node:
    """Any node of the card-text AST."""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        key = _eq_key(self.__class__)
        return key(self) == key(other)

    def __hash__(self) -> int:
        return hash((self.__class__, _eq_key(self.__class__)(self)))

    def __repr__(self) -> str:
        """A constructor call you can paste back: ``Fixed(n=5)``."""
        shown = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self)) if a.repr)
        return f"{type(self).__name__}({shown})"


@frozen
class Power(Node):
    """One power of a card: one line of its text box (a keyword line may hold several)."""


@frozen
class Cost(Node):
    """A cost: left of ``>>>`` in an activated power, or an additional cost."""


@frozen
class UseLimit(Node):
    """A restriction on using an activated power ("Use this power only …")."""


@frozen
class Effect(Node):
    """Something that happens when an effect resolves (one-shot, or creating a modifier)."""


@frozen
class Change(Node):
    """What a modifier does to the objects (or players) it affects.

    ``alters_quality`` is the FAQ's "flagging" rule: a modifier that attempts
    to alter a quality (ATK, DEF, name, identity, affiliation, cost, keywords)
    applies only to the objects flagged when it is created; one that does not
    (permissions and restrictions) affects whatever matches for its whole
    duration (FAQ SC 1, FAQ SC 13, FAQ SC 29 rulings).
    """

    ALTERS_QUALITY: ClassVar[bool] = False

    @property
    def alters_quality(self) -> bool:
        """True when this change attempts to alter a quality (the FAQ's "flagged")."""
        return self.ALTERS_QUALITY


@frozen
class Selector(Node):
    """What an effect or modifier applies to: a filter, a target or a reference."""


@frozen
class Ref(Selector):
    """A reference to one definite object (or set) named earlier or by context."""


@frozen
class Qualifier(Node):
    """One condition inside a :class:`Filter` ("Avengers", "with cost 4 or less", "stunned")."""


@frozen
class Player(Node):
    """A player or set of players."""


@frozen
class Amount(Node):
    """A number in the text, fixed or computed on resolution."""


@frozen
class Condition(Node):
    """A condition: checked on resolution ("if"), continuously ("while"), or on use ("only if")."""


@frozen
class Trigger(Node):
    """What makes a triggered power trigger."""


@frozen
class EventPattern(Node):
    """A game event a trigger or replacement matches; its selector fields are its participants.

    :class:`TriggerRef` names a participant by the field name (``subject``,
    ``object``, ``to``, ``attacking``, ``by``).
    """


# ---------------------------------------------------------------------------------------------
# Structure
# ---------------------------------------------------------------------------------------------

@frozen
class CardText(Node):
    """A card's whole text box: its powers in printed order (every card; e.g. FAQ GM 10)."""

    powers: tuple[Power, ...]


@frozen
class Duration(Node):
    """How long a modifier lasts: ``span`` "turn" ("this turn"), "attack" ("this attack") or
    ``None`` (no end: for a power on a card, as long as the power is active); ``while_`` limits
    it to the times a condition holds ("while attacking", FAQ SC 29; "while you
    have 1 or more endurance", FAQ SC 12). The condition is checked continuously,
    for each affected object (:class:`AffectedRef`).

    For a :class:`DelayedTrigger`, ``span`` "turn" means "this turn" and ``None`` means the
    next time the moment comes (FAQ GM 9).
    """

    span: Literal["turn", "attack"] | None = None
    while_: Condition | None = None


@frozen
class Step(Node):
    """A phase or step, e.g. ``Step("recovery phase")`` or ``Step("recruit step", whose="your")``
    (FAQ SC 1; FAQ SC 22 "your attack step"). ``whose`` "your" means only on your turn."""

    name: str
    whose: Literal["your"] | None = None


@frozen
class Zone(Node):
    """A player's zone: "hand", "deck", "ko pile", "resource row", "front row", "support row",
    "hidden area", "visible area" (FAQ SC 10: "your KO'd pile")."""

    name: str
    owner: "Player"


@frozen
class AffiliationSet(Node):
    """Affiliations named in the text (``names``) or chosen by a :class:`ChooseAffiliations`
    (``chosen`` = its binding): FAQ SC 30 "either the Avengers or Squadron Supreme
    affiliation", FAQ SC 35 "either of the chosen affiliations"."""

    names: tuple[str, ...] = ()
    chosen: str | None = None


# ---------------------------------------------------------------------------------------------
# Powers
# ---------------------------------------------------------------------------------------------

@frozen
class Keyword(Power):
    """A keyword (lower-case canonical ``name`` from :data:`KEYWORDS`), its number if any
    (``value``), and its reminder text (kept for display, ignored by the rules).
    FAQ SC 27: "Reservist (You may recruit this card …)"."""

    name: str
    value: int | None = None
    reminder: str | None = None


@frozen
class NotUnique(Power):
    """"~ is not unique." (FAQ GM 9): this character is exempt from the uniqueness rule."""


@frozen
class Leader(Power):
    """"Leader: …" — a leader power, inactive while the character is stunned (FAQ GM 2;
    FAQ GM 2)."""

    power: Power


@frozen
class Ongoing(Power):
    """"Ongoing: …" — a power of an ongoing plot twist, active while it is a face-up resource.
    Lines after the first "Ongoing:" line are ongoing powers too (FAQ SC 26)."""

    power: Power


@frozen
class ActivatedPower(Power):
    """``COST >>> EFFECT`` with its use limits (FAQ GM 10: "Pay 2 endurance >>> Ready ~.
    Use this power only once per turn and only if you have no cards in hand.")."""

    costs: tuple[Cost, ...]
    effect: Effect
    limits: tuple[UseLimit, ...] = ()


@frozen
class TriggeredPower(Power):
    """"When…/Whenever…/At the start of …, EFFECT" (FAQ GM 10)."""

    trigger: Trigger
    effect: Effect


@frozen
class ContinuousPower(Power):
    """Static text of a card in play: its modifiers apply while the power is active
    (FAQ SC 32: "Other Wrecking Crew characters you control get +1 ATK / +1 DEF.";
    FAQ SC 12 has two modifiers in one sentence). Each :class:`Modify` has a
    ``Duration`` with ``span=None``."""

    modifiers: tuple["Modify", ...]


@frozen
class ReplacementPower(Power):
    """"If EVENT would happen, instead, EFFECT" on a card (FAQ GM 8). The event is replaced
    even when the effect cannot be done (FAQ GM 8)."""

    event: EventPattern
    replacement: Effect


@frozen
class PlayRestriction(Power):
    """"Play ~ only during your recruit step." / "Play ~ only during the
    build phase and only if you control a Squadron Supreme character." ``action`` is "play"
    or "recruit"; ``timing`` the step it must be during; all ``conditions`` must hold."""

    action: Literal["play", "recruit"]
    timing: Step | None = None
    conditions: tuple[Condition, ...] = ()


@frozen
class AdditionalCost(Power):
    """"As an additional cost to play ~, discard a Squadron Supreme character card."
    (FAQ SC 34: "to recruit")."""

    action: Literal["play", "recruit"]
    cost: Cost


@frozen
class AlternateCost(Power):
    """"You may pay 3 endurance rather than pay ~'s recruit cost." (FAQ GM 1): ``cost`` may be
    paid instead of the card's recruit cost (``action`` "recruit") or threshold cost ("play")."""

    action: Literal["play", "recruit"]
    cost: Cost


@frozen
class Spell(Power):
    """A plot twist's one-shot paragraph (FAQ SC 36), or any sentence that creates a
    modifier with a duration ("… this turn")."""

    effect: Effect


# ---------------------------------------------------------------------------------------------
# Costs
# ---------------------------------------------------------------------------------------------

@frozen
class Activate(Cost):
    """"Activate" — exhaust this character as a cost (FAQ SC 7)."""


@frozen
class PayEndurance(Cost):
    """"Pay 3 endurance" (FAQ SC 17)."""

    amount: int


@frozen
class PayResourcePoints(Cost):
    """"Pay 1 resource point" (FAQ SC 4); "Pay up to 2 resource points" (FAQ SC 6,
    ``up_to=True``: the effect reads :class:`PointsPaid`)."""

    amount: int
    up_to: bool = False


@frozen
class DiscardCost(Cost):
    """"discard a card" (FAQ SC 7), "discard a Squadron Supreme character card" (FAQ SC 10)."""

    count: int
    filter: "Filter"


@frozen
class ExhaustCost(Cost):
    """"exhaust a character named N you control" (FAQ SC 8)."""

    selector: Selector


@frozen
class RemoveFromGameCost(Cost):
    """"Remove ~ and two other cards in your hand from the game" (FAQ GM 9)."""

    selector: Selector


@frozen
class RevealCost(Cost):
    """"reveal an Avengers character card in your hand or resource row" (FAQ SC 34);
    the zones are the filter's ``zones``."""

    filter: "Filter"


@frozen
class StunCost(Cost):
    """"stun a character you control" (none in the Avengers FAQ; the template is general)."""

    selector: Selector


# ---------------------------------------------------------------------------------------------
# Use limits
# ---------------------------------------------------------------------------------------------

@frozen
class OncePerTurn(UseLimit):
    """"Use this power only once per turn." (FAQ GM 10)."""


@frozen
class OnlyIf(UseLimit):
    """"Use this power only if ~ is visible." (FAQ SC 14)."""

    condition: Condition


# ---------------------------------------------------------------------------------------------
# Effects: structure
# ---------------------------------------------------------------------------------------------

@frozen
class Sequence(Effect):
    """Steps done in order, one sentence or clause each (FAQ SC 36)."""

    steps: tuple[Effect, ...]


@frozen
class YouMay(Effect):
    """"you may E" — ``player`` chooses whether to do E (FAQ SC 15; FAQ SC 8 "that player may put …")."""

    effect: Effect
    player: Player = field(factory=lambda: You())


@frozen
class IfYouDo(Effect):
    """"If you do, E" — E happens only if the previous optional or attempted step was done
    (FAQ SC 11; FAQ SC 25)."""

    effect: Effect


@frozen
class Conditional(Effect):
    """"If C, E." or "E if C." — checked once, on resolution (FAQ GM 10; FAQ GM 10)."""

    condition: Condition
    effect: Effect


@frozen
class Choose(Effect):
    """"Choose a Thunderbolts character you control." — a choice on resolution, not a target;
    the choice is bound to ``binding`` ("character"), which :class:`ChosenRef` reads, also
    from the card's ongoing powers (FAQ SC 18, FAQ SC 26)."""

    binding: str
    selector: Selector


@frozen
class ChooseAffiliations(Effect):
    """"Choose two team affiliations among characters you control." (FAQ SC 35); binds
    ``binding`` ("affiliations") for :class:`AffiliationSet` and :class:`ChoseAffiliation`."""

    count: int
    among: Selector
    binding: str = "affiliations"


# ---------------------------------------------------------------------------------------------
# Effects: one-shot. ``player`` is who does it (default you); a Filter with a number count
# inside is chosen by that player on resolution.
# ---------------------------------------------------------------------------------------------

@frozen
class Draw(Effect):
    """"draw two cards" (FAQ GM 9)."""

    count: Amount
    player: Player = field(factory=lambda: You())


@frozen
class Discard(Effect):
    """"discard a card" (FAQ SC 36); "discard a Thunderbolts character card"
    (FAQ SC 25). ``filter`` has the count."""

    filter: "Filter"
    player: Player = field(factory=lambda: You())


@frozen
class KO(Effect):
    """"KO that character" (FAQ GM 10)."""

    selector: Selector
    player: Player = field(factory=lambda: You())


@frozen
class Stun(Effect):
    """"Stun a Crime Lords defender you control" (FAQ SC 11); FAQ GM 8: "that character's
    controller stuns another non-stunned character he controls" (``player`` chooses)."""

    selector: Selector
    player: Player = field(factory=lambda: You())


@frozen
class Ready(Effect):
    """"Ready ~" (FAQ GM 10); "Ready all team attackers adjacent to …" (FAQ SC 17)."""

    selector: Selector
    player: Player = field(factory=lambda: You())


@frozen
class Exhaust(Effect):
    """"exhaust him" (FAQ GM 9)."""

    selector: Selector
    player: Player = field(factory=lambda: You())


@frozen
class Recover(Effect):
    """"recover target character" (no Avengers FAQ card; general template)."""

    selector: Selector
    player: Player = field(factory=lambda: You())


@frozen
class MoveToArea(Effect):
    """"Move target Avengers character you control to your hidden area" (FAQ SC 36).
    ``area`` is "hidden" or "visible"."""

    selector: Selector
    area: Literal["hidden", "visible"]
    player: Player = field(factory=lambda: You())


@frozen
class PutInto(Effect):
    """"Put the top three cards of your deck into your KO'd pile" (FAQ SC 10); "Put target
    … card … from your KO'd pile into your front row" (FAQ SC 9); FAQ SC 8 "on the bottom of his deck" (``position`` "bottom")."""

    cards: Selector
    zone: Zone
    position: Literal["top", "bottom"] | None = None
    player: Player = field(factory=lambda: You())


@frozen
class ReturnTo(Effect):
    """"return a character card from your KO'd pile to your hand" (FAQ SC 10);
    "return ~ to your hand" (FAQ SC 25)."""

    cards: Selector
    zone: Zone
    player: Player = field(factory=lambda: You())


@frozen
class Reveal(Effect):
    """"Each player reveals the top four cards of his deck." (FAQ SC 8)."""

    cards: Selector
    player: Player = field(factory=lambda: You())


@frozen
class Search(Effect):
    """"search your deck for a Team-Up card" (FAQ GM 3; FAQ GM 3)."""

    zone: Zone
    filter: "Filter"
    player: Player = field(factory=lambda: You())


@frozen
class Negate(Effect):
    """"Negate target non-ongoing plot twist effect." (FAQ GM 9)."""

    target: Selector


@frozen
class ChangeTarget(Effect):
    """"Change the target of an effect with one target that is targeting an Avengers character
    you control to another character you control." (FAQ SC 3: does not target; "another"
    is :class:`OtherThan` ``(CurrentTargetRef())``)."""

    effect: Selector
    new_target: Selector


@frozen
class RemoveFromAttack(Effect):
    """"Remove target attacker from this attack" (FAQ SC 31); "remove all defenders from
    this attack" (FAQ SC 11)."""

    selector: Selector


@frozen
class BecomeDefender(Effect):
    """"target non-defending character you control becomes the defender this attack" (FAQ SC 11)."""

    selector: Selector


@frozen
class GainEndurance(Effect):
    """"that player gains 3 endurance" (FAQ SC 5); "you gain twice that much endurance"
    (FAQ GM 8)."""

    amount: Amount
    player: Player = field(factory=lambda: You())


@frozen
class LoseEndurance(Effect):
    """"each player loses 2 endurance for each card in his hand" (FAQ SC 23); "That player loses endurance equal to the cost of that card." (FAQ SC 34)."""

    amount: Amount
    player: Player = field(factory=lambda: You())


@frozen
class GainResourcePoints(Effect):
    """"gain 5 resource points" (FAQ GM 7)."""

    amount: Amount
    player: Player = field(factory=lambda: You())


@frozen
class PutCounter(Effect):
    """"Put a +1 ATK / +1 DEF counter on equipped character for each point you paid." (FAQ SC 6: ``times=PointsPaid()``); FAQ SC 18 (``times=Fixed(1)``)."""

    selector: Selector
    atk: int
    def_: int
    times: Amount = field(factory=lambda: Fixed(1))


@frozen
class ReplaceResource(Effect):
    """"replace target resource" (FAQ GM 9); "Target player replaces a non–Team-Up
    location … he controls" (FAQ SC 7: ``player`` is the target player)."""

    selector: Selector
    player: Player = field(factory=lambda: You())


@frozen
class TurnFaceDown(Effect):
    """"turn ~ face down" (FAQ SC 1)."""

    selector: Selector


@frozen
class GainControl(Effect):
    """"Gain control of target character with cost 3 or less." (FAQ SC 18): ``player`` gains
    control of what ``selector`` picks."""

    selector: Selector
    player: Player = field(factory=lambda: You())


@frozen
class Modify(Effect):
    """A modifier created by an effect (or, inside :class:`ContinuousPower`, by a power):
    ``subject`` (objects or players) gets ``changes`` for ``duration``. Whether the subject is
    fixed on creation ("flagged") depends on :attr:`Change.alters_quality`.
    FAQ SC 20: "characters your opponents control lose and cannot gain reinforcement and get
    -2 DEF while defending this turn" is two Modify nodes (the second with ``while_``)."""

    subject: Selector | Player
    changes: tuple[Change, ...]
    duration: Duration = field(factory=lambda: Duration())


@frozen
class CreateReplacement(Effect):
    """A replacement modifier created by an effect: "If a character you control would cause
    breakthrough this attack, you gain twice that much endurance instead." (FAQ GM 8)."""

    event: EventPattern
    replacement: Effect
    duration: Duration


@frozen
class DelayedTrigger(Effect):
    """A triggered modifier created by an effect. FAQ SC 36: "At the start of the
    recovery phase this turn, move that character to your visible area."; FAQ SC 5:
    "Whenever that character causes breakthrough to a player this turn, …"; FAQ GM 9
    (``Duration()``: the next such moment)."""

    trigger: Trigger
    effect: Effect
    duration: Duration


# ---------------------------------------------------------------------------------------------
# Changes (what a modifier does)
# ---------------------------------------------------------------------------------------------

@frozen
class StatChange(Change):
    """"+3 ATK", "-2 DEF"; ``amount`` may be computed (FAQ SC 28: "+1 DEF … for each
    non-stunned character adjacent to it" is ``ForEach(…, per=1)``). ``additional`` is display
    only ("an additional +2 ATK", FAQ SC 16)."""

    ALTERS_QUALITY: ClassVar[bool] = True

    stat: Stat
    amount: Amount
    additional: bool = field(default=False, eq=False)


@frozen
class GainKeyword(Change):
    """"has flight" (FAQ SC 37); "have reinforcement" (FAQ SC 14)."""

    ALTERS_QUALITY: ClassVar[bool] = True

    keyword: str
    value: int | None = None


@frozen
class LoseKeyword(Change):
    """"lose flight" (FAQ SC 22); "lose and cannot gain reinforcement" (FAQ SC 20,
    ``cannot_gain=True``)."""

    ALTERS_QUALITY: ClassVar[bool] = True

    keyword: str
    cannot_gain: bool = False


@frozen
class CannotGainKeyword(Change):
    """"cannot gain reinforcement" alone (general template)."""

    ALTERS_QUALITY: ClassVar[bool] = True

    keyword: str


@frozen
class GainAffiliation(Change):
    """"have the Masters of Evil affiliation" (FAQ SC 4)."""

    ALTERS_QUALITY: ClassVar[bool] = True

    affiliations: AffiliationSet


@frozen
class ShareAffiliations(Change):
    """"have both affiliations" (FAQ SC 30, FAQ SC 35): each affected object has every
    affiliation of ``affiliations`` (the set the subject's filter named)."""

    ALTERS_QUALITY: ClassVar[bool] = True

    affiliations: AffiliationSet


@frozen
class CannotBeTargeted(Change):
    """"cannot be the target of effects your opponents control" (FAQ SC 1) / "of plot twist or
    payment effects" (FAQ SC 25); ``by`` is a Filter of kind "effect"."""

    by: Selector


@frozen
class CanAttackHidden(Change):
    """"can attack hidden characters" (FAQ SC 19; FAQ SC 32)."""


@frozen
class CannotBeStunned(Change):
    """"cannot be stunned" (FAQ SC 13)."""


@frozen
class CannotCauseBreakthrough(Change):
    """"cannot cause breakthrough" (FAQ SC 17)."""


@frozen
class CannotAttack(Change):
    """"she cannot attack this turn" (FAQ SC 15)."""


@frozen
class CannotUseActivatedPowers(Change):
    """"you cannot use her activated powers this turn" (FAQ SC 15): the
    subject is the player; ``of`` the character whose powers."""

    of: Selector


@frozen
class TeamAttackAsThough(Change):
    """"can team attack as though they had all team affiliations" (FAQ SC 3)."""

    affiliations: Literal["all"] = "all"


@frozen
class CannotLoseGame(Change):
    """"your opponents cannot lose the game" (FAQ SC 12); subject a player."""


@frozen
class CannotWinGame(Change):
    """"you cannot win the game" (FAQ SC 12); subject a player."""


@frozen
class CannotPlay(Change):
    """"You cannot play plot twists this turn." (FAQ SC 20; FAQ GM 4); subject a player,
    ``kind`` a card type ("plot twist")."""

    kind: str


@frozen
class GainPower(Change):
    """'Equipped character has "Pay 1 endurance >>> This character gets +2 ATK this turn."'
    (FAQ SC 15): the affected object has ``power`` in its text box, so this alters a quality.
    Inside ``power``, :class:`SelfRef` ("this character") is the object that has the power."""

    ALTERS_QUALITY: ClassVar[bool] = True

    power: Power


# ---------------------------------------------------------------------------------------------
# Selectors
# ---------------------------------------------------------------------------------------------

@frozen
class Filter(Selector):
    """Objects of a ``kind`` ("character", "card", "resource", "equipment", "effect", "player") matching
    every qualifier. ``controller`` None means any (or not said); ``zones`` where to look
    (cards; empty: in play, or for "card" the context); ``count`` how many: a number (chosen on
    resolution, or any one in a pattern), "all" (every match), "one or more" (patterns).
    FAQ SC 33: "Non-Army characters you control that share a cost or version with
    that attacker and are adjacent to it"."""

    kind: Literal["character", "card", "resource", "equipment", "effect", "player"]
    qualifiers: tuple[Qualifier, ...] = field(default=(), converter=lambda q: canonical_qualifiers(q))
    controller: Player | None = None
    zones: tuple[Zone, ...] = ()
    count: Count = 1


@frozen
class Target(Selector):
    """A target, chosen when the effect is announced; ``index`` numbers the targets of the
    power in text order, from 1 (FAQ SC 31: "target attacker"; FAQ SC 7 "Target player")."""

    selector: Selector
    index: int


@frozen
class Either(Selector):
    """One object matching any of the options: "Target attacker or defender you control"
    (FAQ GM 10); "a non–Team-Up location or non–Team-Up ongoing plot twist" (FAQ SC 7)."""

    options: tuple[Selector, ...]


@frozen
class Together(Selector):
    """All the parts at once: "~ and two other cards in your hand" (FAQ GM 9);
    "Characters you control, as well as cards in your hand, deck, and KO'd pile that …"
    (FAQ SC 30)."""

    parts: tuple[Selector, ...]


@frozen
class TopCards(Selector):
    """"the top three cards of your deck" (FAQ SC 10); "the top card of your deck" (FAQ SC 34)."""

    owner: Player
    count: Amount


@frozen
class SelfRef(Ref):
    """This card: its own name, "this character", "this card", and he/she/it standing for it
    (FAQ SC 27: "ready ~")."""


@frozen
class TargetRef(Ref):
    """The ``index``-th target of this power: "that attacker" (FAQ SC 16), "it",
    "its ATK" (FAQ SC 31). ``noun`` is display only."""

    index: int
    noun: str = field(default="character", eq=False)


@frozen
class ChosenRef(Ref):
    """"the chosen character" — what a :class:`Choose` with this ``binding`` chose
    (FAQ SC 18, FAQ SC 26)."""

    binding: str


@frozen
class TriggerRef(Ref):
    """A participant of the event that the trigger or replacement matched, by the event
    pattern's field name ``role``: FAQ GM 10 "KO that character" is ``TriggerRef("object")``;
    FAQ SC 34 "That player" is ``TriggerRef("to")``; FAQ GM 8 "that character's controller" is
    ``ControllerOf(TriggerRef("attacking"))``. ``noun`` is display only."""

    role: str
    noun: str = field(default="character", eq=False)


@frozen
class ConditionRef(Ref):
    """An object a condition singled out: FAQ SC 2 "While ~ is protecting a character named
    ~, that character has invulnerability" (``role="object"`` of :class:`IsProtecting`);
    FAQ SC 8 "that player" (``role="player"`` of :class:`OnePlayerRevealedMost`)."""

    role: str
    noun: str = field(default="character", eq=False)


@frozen
class ThatCardRef(Ref):
    """The card an earlier step of this effect moved: FAQ SC 34 "equal to the cost of that card"."""


@frozen
class ThoseRef(Ref):
    """The objects an earlier step of this effect acted on: FAQ SC 17 "Those team
    attackers cannot cause breakthrough this turn". ``noun`` is display only."""

    noun: str = field(default="characters", eq=False)


@frozen
class EquippedRef(Ref):
    """"equipped character" — the character this equipment is attached to (FAQ SC 6)."""


@frozen
class AffectedRef(Ref):
    """Each object a modifier affects, in its ``while`` condition: "get +1 DEF while
    attacking" is ``Duration(while_=IsAttacking(AffectedRef()))`` (FAQ SC 29)."""


@frozen
class CurrentTargetRef(Ref):
    """The present target of the effect a :class:`ChangeTarget` changes (FAQ SC 3's
    "another character")."""


# ---------------------------------------------------------------------------------------------
# Qualifiers
# ---------------------------------------------------------------------------------------------

@frozen
class Affiliation(Qualifier):
    """A name before the noun: "Avengers character", "Masters of Evil characters" (any capitalised
    name in that place). It matches a card with that affiliation *or that version*: "Wrecking
    Crew characters" are characters with the Wrecking Crew version (FAQ SC 32 ruling), "a
    Team-Up card" a card with the Team-Up version (FAQ GM 3)."""

    name: str


@frozen
class AffiliationIn(Qualifier):
    """"that have either the Avengers or Squadron Supreme affiliation" (FAQ SC 30);
    "either of the chosen affiliations" (FAQ SC 35)."""

    affiliations: AffiliationSet


@frozen
class CardTypeIs(Qualifier):
    """"character card", "location", "ongoing plot twist" (FAQ SC 7)."""

    type: Literal["character", "plot twist", "location", "equipment"]


@frozen
class CostAtMost(Qualifier):
    """"with cost 4 or less" (FAQ SC 14)."""

    n: int


@frozen
class CostAtLeast(Qualifier):
    """"with cost 2 or greater" (FAQ SC 37)."""

    n: int


@frozen
class SameCostAs(Qualifier):
    """"with the same cost as that character" (FAQ SC 37)."""

    ref: Selector


@frozen
class Named(Qualifier):
    """"named N" (FAQ SC 2; FAQ SC 8)."""

    name: str


@frozen
class SameNameAs(Qualifier):
    """"with the same name as that card" (FAQ SC 9); "named N" on FAQ SC 35 itself is ``SameNameAs(SelfRef())``."""

    ref: Selector


@frozen
class SharesAName(Qualifier):
    """"cards that share a name" (with another such card; FAQ SC 8)."""


@frozen
class VersionIs(Qualifier):
    """The version is exactly ``name``. Not produced by the parser: a name before a noun is an
    :class:`Affiliation` (affiliation or version); kept for the engine and custom cards."""

    name: str


@frozen
class NotVersion(Qualifier):
    """"non-Army" (FAQ SC 33); "non–Team-Up" (FAQ SC 7)."""

    name: str


@frozen
class InState(Qualifier):
    """"stunned", "ready", "exhausted", "non-stunned" (FAQ GM 8; FAQ GM 2)."""

    state: Literal["stunned", "ready", "exhausted", "non-stunned"]


@frozen
class Role(Qualifier):
    """Combat role or status: "attacker", "defender", "team attacker", "leader",
    "non-defending" (FAQ SC 28: "leader defender")."""

    role: Literal["attacker", "defender", "team attacker", "leader", "non-defending"]


@frozen
class AdjacentTo(Qualifier):
    """"adjacent to ~" (FAQ SC 17)."""

    ref: Selector


@frozen
class OtherThan(Qualifier):
    """"other"/"another": not ``ref`` (FAQ SC 32 "Other Wrecking Crew characters" is
    ``OtherThan(SelfRef())``; FAQ GM 8 "another non-stunned character" is
    ``OtherThan(TriggerRef("attacking"))``)."""

    ref: Selector


@frozen
class SharesCostOrVersion(Qualifier):
    """"that share a cost or version with that attacker" (FAQ SC 33)."""

    ref: Selector


@frozen
class InArea(Qualifier):
    """"hidden characters" / "visible characters" (FAQ SC 19)."""

    area: Literal["hidden", "visible"]


@frozen
class Equipped(Qualifier):
    """"Equipped characters adjacent to ~" (FAQ SC 19)."""


@frozen
class HasKeyword(Qualifier):
    """"Characters with evasion" (FAQ SC 29)."""

    keyword: str


@frozen
class Revealed(Qualifier):
    """"Revealed character cards in your resource row" (FAQ SC 30); "his revealed
    cards" (FAQ SC 8)."""


@frozen
class Remaining(Qualifier):
    """"his remaining revealed cards": not moved by an earlier step (FAQ SC 8)."""


@frozen
class FaceUp(Qualifier):
    """"face-up resource" (FAQ SC 35)."""


@frozen
class OngoingQ(Qualifier):
    """"ongoing plot twist" (``True``, FAQ SC 7) / "non-ongoing plot twist effect" (``False``,
    FAQ GM 9)."""

    ongoing: bool


@frozen
class SourceType(Qualifier):
    """The kind of effect: "plot twist or payment effects" (FAQ SC 25)."""

    types: tuple[str, ...]


@frozen
class OneTarget(Qualifier):
    """"an effect with one target" (FAQ SC 3)."""


@frozen
class TargetingQ(Qualifier):
    """"that is targeting an Avengers character you control" (FAQ SC 3)."""

    selector: Selector


@frozen
class ControlsQ(Qualifier):
    """A player "who controls one or more characters that …" (FAQ SC 21)."""

    selector: Selector


@frozen
class CausedBreakthrough(Qualifier):
    """"characters that caused breakthrough this turn" (FAQ SC 21)."""

    span: Literal["turn", "attack"] = "turn"


# ---------------------------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------------------------

@frozen
class You(Player):
    """The controller of the power or effect ("you", "your")."""


@frozen
class Opponents(Player):
    """"your opponents" (FAQ SC 1)."""


@frozen
class EachPlayer(Player):
    """"each player" (FAQ SC 23); with qualifiers: "each player who
    controls one or more characters that caused breakthrough this turn" (FAQ SC 21)."""

    qualifiers: tuple[Qualifier, ...] = ()


@frozen
class ControllerOf(Player):
    """"that defender's controller" (FAQ SC 26)."""

    ref: Selector


@frozen
class ActingPlayer(Player):
    """"he"/"his" for the player doing the effect: "each player loses 2 endurance for each card
    in his hand" (FAQ SC 23), "a … location … he controls" (FAQ SC 7: the target player)."""


# ---------------------------------------------------------------------------------------------
# Amounts
# ---------------------------------------------------------------------------------------------

@frozen
class Fixed(Amount):
    """A printed number ("gain 5 resource points", FAQ GM 7)."""

    n: int


@frozen
class ForEach(Amount):
    """``per`` for each object matching ``selector`` (counted on resolution): "2 endurance for
    each card in his hand" (FAQ SC 23); "+1 DEF … for each non-stunned character adjacent
    to it" (FAQ SC 28)."""

    selector: Selector
    per: int = 1


@frozen
class Times(Amount):
    """``factor`` times an amount: "twice that much" (FAQ GM 8); "twice its printed ATK"
    (FAQ SC 31)."""

    factor: int
    amount: Amount


@frozen
class EventAmount(Amount):
    """"that much": the amount of the replaced or triggering event (FAQ GM 8)."""


@frozen
class CostOf(Amount):
    """"equal to the cost of that card" (FAQ SC 34)."""

    ref: Selector


@frozen
class PointsPaid(Amount):
    """"for each point you paid" (FAQ SC 6)."""


@frozen
class CardsInHand(Amount):
    """The number of cards in a player's hand. Not produced by the parser ("for each card in his
    hand" is a :class:`ForEach`); kept for the engine."""

    player: Player


@frozen
class PrintedStat(Amount):
    """"its printed ATK" (FAQ SC 31)."""

    ref: Selector
    stat: Stat


@frozen
class CurrentStat(Amount):
    """"its ATK" (FAQ SC 31)."""

    ref: Selector
    stat: Stat


# ---------------------------------------------------------------------------------------------
# Conditions
# ---------------------------------------------------------------------------------------------

@frozen
class AllOf(Condition):
    """Every condition holds ("… and you control another face-up resource named N")."""

    conditions: tuple[Condition, ...]


@frozen
class NoCardsInHand(Condition):
    """"if you have no cards in hand" (FAQ GM 10; FAQ GM 10)."""

    player: Player = field(factory=lambda: You())


@frozen
class YouControl(Condition):
    """"if you control a Squadron Supreme character" (FAQ SC 20)."""

    selector: Selector


@frozen
class YouDoNotControl(Condition):
    """"if you do not control a character with the same name as that card" (FAQ SC 9)."""

    selector: Selector


@frozen
class YouControlCount(Condition):
    """"if you control 3 or fewer resources" (FAQ GM 9): ``comparison`` "at most" or
    "at least"."""

    selector: Selector
    comparison: Literal["at most", "at least"]
    n: int


@frozen
class PlayedNoOtherPlotTwists(Condition):
    """"If you played no other plot twists this turn" (FAQ SC 20; FAQ GM 4)."""


@frozen
class EnduranceAtLeast(Condition):
    """"While you have 1 or more endurance" (FAQ SC 12)."""

    player: Player
    n: int


@frozen
class InZone(Condition):
    """"if ~ is in your KO'd pile" (FAQ SC 25)."""

    ref: Selector
    zone: Zone


@frozen
class StatGreaterThan(Condition):
    """"if its ATK is greater than twice its printed ATK" (FAQ SC 31)."""

    ref: Selector
    stat: Stat
    amount: Amount


@frozen
class IsAttacking(Condition):
    """"while attacking" (FAQ SC 29; ``ref`` is :class:`AffectedRef` there)."""

    ref: Selector = field(factory=lambda: AffectedRef())


@frozen
class IsDefending(Condition):
    """"while defending" (FAQ SC 20)."""

    ref: Selector = field(factory=lambda: AffectedRef())


@frozen
class IsExhausted(Condition):
    """"while exhausted" (FAQ SC 3's quoted effect)."""

    ref: Selector = field(factory=lambda: AffectedRef())


@frozen
class IsReinforced(Condition):
    """"while reinforced" (FAQ SC 2)."""

    ref: Selector = field(factory=lambda: AffectedRef())


@frozen
class IsTeamAttacking(Condition):
    """"While team attacking" (FAQ SC 13)."""

    ref: Selector = field(factory=lambda: AffectedRef())


@frozen
class IsVisible(Condition):
    """"only if ~ is visible" (FAQ SC 14)."""

    ref: Selector


@frozen
class IsHidden(Condition):
    """"if X is hidden" (general template)."""

    ref: Selector


@frozen
class IsProtecting(Condition):
    """"While ~ is protecting a character named N" (FAQ SC 2); ``object`` is the
    participant :class:`ConditionRef` ``("object")`` names."""

    subject: Selector
    object: Selector


@frozen
class ChoseAffiliation(Condition):
    """"If you chose Avengers and a different affiliation" (FAQ SC 35)."""

    name: str
    binding: str = "affiliations"


@frozen
class HasAffiliation(Condition):
    """"If that defender has the Avengers affiliation" (FAQ SC 28)."""

    ref: Selector
    name: str


@frozen
class OnePlayerRevealedMost(Condition):
    """"If one player revealed more cards that share a name than any other player" (Game of
    the Galaxy): one player's count of ``selector`` (his revealed cards) beats every other
    player's; that player is ``ConditionRef("player")``."""

    selector: Selector


@frozen
class WasBoosted(Condition):
    """"if ~ was boosted" (FAQ GM 1): its boost cost was paid as it was recruited."""

    ref: Selector


# ---------------------------------------------------------------------------------------------
# Triggers and event patterns
# ---------------------------------------------------------------------------------------------

@frozen
class WhenYouRecruit(Trigger):
    """"When you recruit ~, …" — triggers when the recruit effect is played (FAQ GM 7)."""

    subject: Selector = field(factory=lambda: SelfRef())


@frozen
class Whenever(Trigger):
    """"Whenever EVENT, …" (FAQ GM 10)."""

    event: EventPattern


@frozen
class AtStartOf(Trigger):
    """"At the start of the recovery phase" (FAQ SC 18); "At the start of your attack step"
    (FAQ SC 22)."""

    step: Step


@frozen
class Attacks(EventPattern):
    """"Whenever ~ attacks" (FAQ SC 15)."""

    subject: Selector


@frozen
class Stuns(EventPattern):
    """"Whenever ~ stuns a character" (FAQ GM 10)."""

    subject: Selector
    object: Selector


@frozen
class BecomesStunnedBy(EventPattern):
    """"Whenever a defender becomes stunned by one or more team attackers you control"
    (FAQ SC 27)."""

    object: Selector
    by: Selector


@frozen
class CausesBreakthrough(EventPattern):
    """"causes breakthrough" (FAQ SC 26); "to a player" (FAQ SC 34: ``to``); "while attacking a
    character" (FAQ GM 8: ``attacking``)."""

    subject: Selector
    to: Selector | None = None
    attacking: Selector | None = None


@frozen
class Reinforces(EventPattern):
    """"Whenever ~ reinforces a character named N" (FAQ SC 2)."""

    subject: Selector
    object: Selector


@frozen
class ComesIntoPlay(EventPattern):
    """"When ~ comes into play" (FAQ GM 1; FAQ GM 3); "Whenever a character you control comes
    into play"."""

    subject: Selector


# ---------------------------------------------------------------------------------------------
# Canonical order of a filter's qualifiers: the order render() writes them (adjectives, name,
# head noun, then the phrases after it). Qualifiers are conjunctive, so the order carries no
# meaning; fixing it makes equal filters equal values.
# ---------------------------------------------------------------------------------------------

_RANKS: tuple[tuple[type, int], ...] = (
    (OtherThan, 0), (InState, 1), (InArea, 2), (FaceUp, 3), (Equipped, 4), (Remaining, 5),
    (Revealed, 6), (NotVersion, 8), (OngoingQ, 9), (SourceType, 10), (Affiliation, 11),
    (VersionIs, 11), (CardTypeIs, 12), (CostAtMost, 20), (CostAtLeast, 21), (HasKeyword, 22),
    (SameCostAs, 23), (SameNameAs, 24), (Named, 25), (AdjacentTo, 26), (OneTarget, 27),
    (SharesCostOrVersion, 40), (SharesAName, 41), (AffiliationIn, 42), (CausedBreakthrough, 43),
    (TargetingQ, 44), (ControlsQ, 45),
)


def _rank(qualifier: Qualifier) -> int:
    if isinstance(qualifier, Role):
        return 12 if qualifier.role in HEAD_ROLES else 7
    for cls, rank in _RANKS:
        if isinstance(qualifier, cls):
            return rank
    return 50


def canonical_qualifiers(qualifiers) -> tuple[Qualifier, ...]:
    """``qualifiers`` as a tuple in canonical order (stable within a rank)."""
    return tuple(sorted(qualifiers, key=_rank))
