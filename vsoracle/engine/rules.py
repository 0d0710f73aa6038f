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
- :meth:`EventRule.refusal`, what of the event vsoracle cannot play, said before anything happens.

:func:`rule` finds a family's rule; an event with none is an error, never a default
(``tests/engine/test_rules.py`` checks that every event of the language has a rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from attrs import define, field

from ..text import nodes as n
from .state import Context, GameState, Happening

if TYPE_CHECKING:
    from .game import Game

__all__ = ["EventRule", "RULES", "rule", "Cost", "Result", "Done", "Mode"]

#: What a primitive says: whether the event happened, and the events that follow from it (a
#: stun's endurance loss, a card leaving play as it is KO'd).
Result = tuple[bool, list[Happening]]

#: What an effect's step says: whether it was done, and the context the later steps see.
Done = tuple[bool, Context]

#: Where card text uses an event (:meth:`EventRule.refusal`): it happens (a trigger, a
#: replacement, "if … this turn"), it is forbidden ("cannot"), permitted ("can"), required
#: ("must"), paid ("… >>>"), or done (an effect).
Mode = Literal["happens", "prohibited", "permitted", "required", "cost", "effect", "unless"]

#: Every event family's rule, by its node class (filled as :mod:`vsoracle.engine.events` is imported).
RULES: dict[type, "EventRule"] = {}


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
    #: The event under way in the log's words: "stunning" ("the stunning of hulk is prevented").
    gerund: ClassVar[str] = ""
    #: Can card text pay it as a cost ("Stun ~ >>> …")?
    payable: ClassVar[bool] = False
    #: Can a "cannot" forbid it though it never happens by itself (using a power, the game's end)?
    prohibitable: ClassVar[bool] = False
    #: Paid with the card itself ("Discard ~ >>> …", "Remove ~ from the game >>> …"), can its
    #: payment power be used while the card is in the hand (assumption A-HAND-POWER)?
    from_hand: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        node = cls.__dict__.get("node")
        if node is None:
            return
        if node in RULES:
            raise TypeError(f"{node.__name__} has two rules: {type(RULES[node]).__name__} and {cls.__name__}")
        RULES[node] = cls()

    # == what it does ===========================================================================

    def happen(self, g: Game, h: Happening) -> Result:
        """The primitive: change the position for ``h`` and log it (no prohibition or replacement
        is looked at here: the pipeline did)."""
        raise NotImplementedError(f"{self.node.__name__} does not happen by itself")

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """Card text's event as an effect (``cost`` ``None``), or as a cost being paid: all of it,
        or :class:`~vsoracle.errors.IllegalActionError` saying why it cannot be paid."""
        raise NotImplementedError(f"{self.node.__name__} is not played as an effect")

    def can_do(self, g: Game, e: Any, ctx: Context) -> bool:
        """Can the player acting do it now, in full ("unless its controller pays 3 endurance",
        "you may discard a card instead")? A player who cannot is not asked."""
        return True

    def leaves_play(self, s: GameState, h: Happening) -> str | None:
        """The object this event would take out of play, if any (a KO, a move into a pile): the
        event is also its leaving play, so "cannot leave play" forbids it and "if ~ would leave
        play, instead" replaces it."""
        return None

    def what(self, h: Happening) -> str:
        """The event under way in a few words, for the log: "stunning hulk"."""
        o = h.get("object")
        word = self.gerund or self.node.__name__.lower()
        return f"{word} {o}" if o is not None else word

    def refusal(self, e: Any, mode: Mode) -> str | None:
        """Why vsoracle cannot play this event where card text has it (``None``: it can), beyond
        what every event shares (:mod:`vsoracle.engine.support`)."""
        return None

    # == where it plays =========================================================================

    @property
    def happens(self) -> bool:
        """Does it happen in the game, so that a trigger, a replacement or "if … this turn" sees it?"""
        return type(self).happen is not EventRule.happen

    @property
    def effect(self) -> bool:
        """Can card text make it happen as an effect?"""
        return type(self).do is not EventRule.do


def rule(kind: type) -> EventRule:
    """The rule of an event family; an event with none is an error (nothing is done by default)."""
    found = RULES.get(kind)
    if found is None:
        raise LookupError(f"the event {kind.__name__} has no rule in vsoracle.engine.events")
    return found
