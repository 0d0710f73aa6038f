"""What the engine knows of one event family, in one place: how the event changes the position,
how card text makes it happen as an effect and pays it as a cost, how the log says it, and where
card text may use it — the way an XMage effect class holds its behaviour, or a fireplace ``Action``
its arguments and ``do()``.

An event family's engine piece is one module of :mod:`vsoracle.engine.events` with an
:class:`EventRule` subclass naming the family's node; defining the subclass registers it
(:data:`RULES`). The pipeline (:func:`vsoracle.engine.effects.perform`: prohibitions,
replacements, the event, triggers) is the same for every event; a rule only says what is its own:

- :meth:`EventRule.happen`, the primitive: what the event changes, and the events that follow from it;
- :meth:`EventRule.do`, the event as an effect — and as a cost, paid on announcement (CR 505):
  the same objects chosen the same way (:class:`Cost` carries what the step names), each event
  through the pipeline, all of it or nothing;
- :meth:`EventRule.can_do`, :meth:`~EventRule.what`, :meth:`~EventRule.leaves_play`,
  :meth:`~EventRule.affected`, :meth:`~EventRule.lessened`: what the pipeline and the interpreter
  ask of an event ("unless he pays 3 endurance", the log's words, "cannot leave play", who orders
  replacements, "prevent 2 of it");
- where card text may use it: :attr:`~EventRule.happens` and :attr:`~EventRule.effect` (the
  family has its own ``happen`` / ``do``), the flags (``payable``, ``prohibitable``,
  ``permitted``, ``required``, ``amounted`` …) and :meth:`EventRule.refusal`, what of the event
  vsoracle cannot play, said before anything happens (:mod:`vsoracle.engine.support` asks).

An event that changes nothing itself and only happens, for triggers, "cannot" and "instead" to
see (a card coming into play), is a :class:`Signal`.

:func:`rule` finds a family's rule; an event with none is an error, never a default
(``tests/engine/test_rules.py`` checks that every event of the language has a rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Literal, Mapping

from attrs import define, field

from ..errors import IllegalActionError
from ..text import nodes as n
from .fmap import owning
from .patterns import names_no_character
from .state import Context, GameState, Happening, Zone

if TYPE_CHECKING:
    from .game import Game

__all__ = ["EventRule", "Signal", "RULES", "rule", "parts", "Cost", "Result", "Done", "Mode", "DONE",
           "only_characters", "names_several", "into_pile", "origin_of", "ZONE_NAMES"]

#: What a primitive says: whether the event happened, and the events that follow from it (a
#: stun's endurance loss, a card leaving play as it is KO'd).
Result = tuple[bool, list[Happening]]

#: What an effect's step says: whether it was done, and the context the later steps see.
Done = tuple[bool, Context]

#: Where card text uses an event (:meth:`EventRule.refusal`): it happens (a trigger, a
#: replacement, "if … this turn"), it is what a replacement replaces ("If ~ would …", said of
#: the replacement as a whole), it is forbidden ("cannot"), permitted ("can"), required ("must"),
#: paid ("… >>>"), done (an effect), or done to avoid something ("unless he pays …").
Mode = Literal["happens", "replaced", "prohibited", "permitted", "required", "cost", "effect", "unless"]

#: The modes in which card text has the event done (an effect, a cost, "unless he does"), rather
#: than seen, forbidden, permitted or required.
DONE: frozenset[Mode] = frozenset({"cost", "effect", "unless"})


class _Rules(dict[type, "EventRule"]):
    """Every event family's rule, by its node class; an event with none is an error, never a
    default (:func:`rule`)."""

    def __missing__(self, kind: type) -> "EventRule":
        raise LookupError(f"the event {kind.__name__} has no rule in vsoracle.engine.events")


#: Every event family's rule, by its node class (filled as :mod:`vsoracle.engine.events` is imported).
RULES: _Rules = _Rules()

#: The kinds of event others happen as part of (:attr:`EventRule.part_of`): only these have :func:`parts`.
WHOLES: set[type] = set()


@define
class Cost:
    """A cost being paid on announcement (CR 505): who pays, for which card, the objects the step
    names for it (``costs = [...]``, used up as they are taken), the number it gives (``pay = N``)
    and what the payment binds for the effect ("that card", X, the points paid)."""

    payer: str
    source: str
    given: list[Any]
    pay: int | None = None
    binds: dict[str, Any] = field(factory=dict)

    def acted(self, oid: Any) -> None:
        """Remember an object the cost acted on ("that card": the discarded one)."""
        self.binds["cost:acted"] = tuple(self.binds.get("cost:acted", ())) + (oid,)


class EventRule:
    """One event family's rules in the engine. Subclasses set :attr:`node` and override what the
    event does; an event that never happens by itself leaves :meth:`happen` alone, one card text
    cannot ask for leaves :meth:`do` alone — and then it is refused where it would be needed."""

    #: The family's node class.
    node: ClassVar[type[n.Event]]
    #: Does it happen in the game, so that a trigger, a replacement or "if … this turn" sees it?
    #: (It does if the family has its own :meth:`happen`.)
    happens: ClassVar[bool] = False
    #: Can card text make it happen as an effect? (It can if the family has its own :meth:`do`.)
    effect: ClassVar[bool] = False
    #: The event under way in the log's words: "stunning" ("the stunning of hulk is prevented").
    gerund: ClassVar[str] = ""
    #: Can card text pay it as a cost ("Stun ~ >>> …")?
    payable: ClassVar[bool] = False
    #: Can a "cannot" forbid it though it never happens by itself (using a power, the game's end)?
    prohibitable: ClassVar[bool] = False
    #: Can a "can" permit it ("can attack as though it had range", "you may recruit ~ from your
    #: KO'd pile")? The permissions the engine reads (query.permissions) are of these events.
    permitted: ClassVar[bool] = False
    #: Can a "must … if able" require it (the attack step asks: assumption A-MUST-ATTACK)?
    required: ClassVar[bool] = False
    #: Does it carry an amount, so that "that much" measures it (endurance, points, breakthrough)?
    amounted: ClassVar[bool] = False
    #: Is it what "you lose 1 less endurance instead" lowers (an endurance loss)?
    lose_less: ClassVar[bool] = False
    #: Paid with the card itself ("Discard ~ >>> …", "Remove ~ from the game >>> …"), can its
    #: payment power be used while the card is in the hand (assumption A-HAND-POWER)?
    from_hand: ClassVar[bool] = False
    #: Is its object a card out of play (a rallied card, revealed from its deck), so that the card's
    #: own "If … would [this event] ~, instead, …" works there (assumption A-RALLY-SELF)?
    out_of_play: ClassVar[bool] = False
    #: The events this one is a part of, each with the role of that event that names this one's
    #: doer: whenever one of them happens, so does this one, as part of it ("enters combat" is part
    #: of attacking and of defending: ``{Attack: "agent", Defend: "agent", BecomeDefender: "object"}``).
    part_of: ClassVar[Mapping[type, str]] = {}
    #: Can it take an object out of play, or put a card into a pile (the family has its own
    #: :meth:`leaves_play`, :meth:`puts_into_pile`)? The pipeline asks only those that can.
    leaves: ClassVar[bool] = False
    piles: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.happens = cls.happen is not EventRule.happen
        cls.effect = cls.do is not EventRule.do
        cls.leaves = cls.leaves_play is not EventRule.leaves_play
        cls.piles = cls.puts_into_pile is not EventRule.puts_into_pile
        WHOLES.update(cls.part_of)
        node = cls.__dict__.get("node")
        if node is None:
            return
        if node in RULES:
            raise TypeError(f"{node.__name__} has two rules: {type(RULES[node]).__name__} and {cls.__name__}")
        RULES[node] = cls()

    # == what it does ===========================================================================

    def happen(self, g: Game, h: Happening) -> Result:
        """The primitive: change the position for ``h`` and log it (no prohibition or replacement
        is looked at here: the pipeline did). A family without its own (:attr:`happens` false) is
        refused here, loudly, never a silent no-op (:func:`unplayable`)."""
        raise unplayable(self.node)

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """Card text's event as an effect (``cost`` ``None``), or as a cost being paid: all of it,
        or :class:`~vsoracle.errors.IllegalActionError` saying why it cannot be paid."""
        raise NotImplementedError(f"{self.node.__name__} is not played as an effect")

    def can_do(self, g: Game, e: Any, ctx: Context) -> bool:
        """Can the player acting do it now, in full ("unless its controller pays 3 endurance",
        "you may discard a card instead")? A player who cannot is not asked."""
        return True

    def would_happen(self, s: GameState, h: Happening) -> bool:
        """Would the event change anything now? One that would not ("stun" a character already
        stunned, CR 702.1a) is no event for a replacement to replace: "the next time … would …"
        is not used up by it (Avengers FAQ GM 8: a replacement with nothing to replace does
        nothing). By default it would."""
        return True

    def leaves_play(self, s: GameState, h: Happening) -> str | None:
        """The object this event would take out of play, if any (a KO, a move into a pile): the
        event is also its leaving play, so "cannot leave play" forbids it and "if ~ would leave
        play, instead" replaces it."""
        return None

    def puts_into_pile(self, s: GameState, h: Happening) -> tuple[Happening, ...]:
        """The cards this event would put into a pile, each as the move it also is (:func:`into_pile`):
        a KO'd card is put into its owner's KO'd pile, so "Whenever a card is put into your KO'd
        pile" sees the KO, "cannot be put into …" forbids it and "If ~ would be put into …,
        instead" replaces it (assumption A-INTO-PILE). A move is itself one: by default, none."""
        return ()

    def affected(self, g: Game, h: Happening) -> str | None:
        """Who orders the replacements that compete to replace this event (FAQ GM 8), when it is
        not the player its object, player or agent names (``None``)."""
        return None

    def lessened(self, e: Any) -> bool:
        """Can a replacement prevent part of it ("prevent 2 of it", assumption A-LESSEN): has it
        an amount to lower?"""
        return False

    def what(self, h: Happening) -> str:
        """The event under way in a few words, for the log: "stunning hulk"."""
        o = h.get("object")
        word = self.gerund or self.node.__name__.lower()
        return f"{word} {o}" if o is not None else word

    # == where it plays =========================================================================

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """Why vsoracle cannot play this event where card text has it (``None``: it can), beyond
        what every event shares (:mod:`vsoracle.engine.support`: whether it happens, is an effect,
        can be paid …); ``words`` is the event as the card says it, for the refusal to quote."""
        return None


class Signal(EventRule):
    """An event that changes nothing itself: it happens so that triggers, "cannot" and "instead"
    see it (a card coming into play or leaving it, an effect targeting a character, an attack
    proposed); what it stands for is done by whoever makes it happen."""

    def happen(self, g: Game, h: Happening) -> Result:
        """Nothing changes; the event happened."""
        return True, []


#: The game's zones in card text's words: where a move's card comes from (its ``origin``) or goes.
ZONE_NAMES = {Zone.HAND: "hand", Zone.DECK: "deck", Zone.KO_PILE: "ko pile", Zone.RESOURCE_ROW: "resource row",
              Zone.REMOVED: "removed", Zone.IN_PLAY: "play", Zone.CHAIN: "chain"}


def into_pile(s: GameState, oid: str, pile: Zone) -> Happening:
    """``oid``, about to go into its owner's ``pile`` by an event of another family (a KO, a
    discard) or by a rule (a resolved plot twist, the uniqueness rule), as the move it also is:
    its card is put into that pile from where it is now (assumption A-INTO-PILE). ``landed``: the
    card is moved already when the move is seen (:func:`vsoracle.engine.effects.also_happened`)."""
    origin = origin_of(s, oid)  # (where it is, and its owner: whose pile it goes into)
    return Happening(n.Move, owning({"object": oid, "to": (ZONE_NAMES[pile], origin[1]), "origin": origin,
                                        "landed": True}))


def origin_of(s: GameState, oid: str) -> tuple[str, str]:
    """Where a card about to move is, as a move's ``origin`` ("from your deck"): the zone in card
    text's words and its owner (whose pile, or whose card in play)."""
    o = s.obj(oid)
    return ZONE_NAMES[o.zone], o.owner


def only_characters(e: Any, mode: Mode, words: str, participle: str) -> str | None:
    """The refusal of an event only a character undergoes (CR 301; digest §11), done to cards that
    are not characters ("Stun target resource": only a character can be stunned)."""
    if mode in DONE and names_no_character(getattr(e, "object", None)):
        return f"\"{words}\" (only a character can be {participle})"
    return None


def parts(h: Happening) -> list[Happening]:
    """The events that happen as part of ``h`` (the families that say they are part of its kind,
    :attr:`EventRule.part_of`), each naming as its doer the one ``h`` names in that role."""
    found: list[Happening] = []
    families = _PARTS.get(h.kind)
    if families is None:  # (once every family is registered: parts are asked only while playing)
        families = _PARTS[h.kind] = tuple(r for r in RULES.values() if h.kind in r.part_of)
    for family in families:
        who = h.get(family.part_of[h.kind])
        if who is not None:
            found.append(Happening(family.node, owning({"agent": who})))
    return found


_PARTS: dict[type, tuple["EventRule", ...]] = {}


def names_several(sel: Any) -> bool:
    """Does a noun phrase name more than one object ("each character you control", "up to two
    target characters")? Where something goes — a counter moved, equipment attached — is one."""
    return isinstance(sel, n.Filter) and sel.quantity is not None and sel.quantity != n.Quantity("=", n.Fixed(1))


def unplayable(kind: type) -> IllegalActionError:
    """The refusal of an event vsoracle cannot make happen yet (no family, or none of its own
    :meth:`EventRule.happen`)."""
    return IllegalActionError(f"vsoracle cannot play the event {kind.__name__} yet")


#: The rule of an event family (``rule(kind)``); an event with none is an error (nothing is done by
#: default): the table's own lookup, at C speed, refusing through :meth:`_Rules.__missing__`.
rule: Callable[[type], EventRule] = RULES.__getitem__
