"""What the text layer knows of one event family, in one place: its node, the grammar rules that
build it, and its words — the verb phrase, the participle and the state it leaves — which
canonical text and the plain reading both say (:mod:`vsoracle.text.render`).

An event family is one module of :mod:`vsoracle.text.events` holding its node class (the event's
roles as fields) and one :class:`Family` subclass naming that node; defining the subclass
registers it. :func:`family` finds a node's family and raises for a node that has none, so no
event goes unsaid (``tests/text/test_families.py`` checks every event node has one, and every
family's rules are grammar rules).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Literal, Mapping

from ..ast import Event, Selector, You
from ..phrases import Rule

if TYPE_CHECKING:
    from ..render import Speech

__all__ = ["Family", "FAMILIES", "family", "family_rules", "Conjugate"]

#: A verb in the form the clause needs: ``v("stun")`` is "stun" or "stuns".
Conjugate = Callable[[str], str]

#: Every event family, by its node class (filled as the family modules are imported).
FAMILIES: dict[type, "Family"] = {}


class Family:
    """One event family's words and rules (XMage's effect holds its ``getText``; here the node's
    family does). Subclasses set :attr:`node` and the words; the methods say the usual shapes,
    and a family whose phrases differ overrides them."""

    #: The node class of the family (its roles are its fields).
    node: ClassVar[type[Event]]
    #: The verb's base form: "stun".
    verb: ClassVar[str] = ""
    #: The participle: "stunned", "KO'd"; ``""``: the event has none.
    participle: ClassVar[str] = ""
    #: The past tense, said with its doer: "you stunned a character"; ``""``: as the participle.
    past: ClassVar[str] = ""
    #: The verb before the participle: "becomes stunned", "is KO'd".
    aux: ClassVar[Literal["is", "becomes"]] = "becomes"
    #: Does the participle take "by NP" (who did it)?
    by_agent: ClassVar[bool] = True
    #: The state the event leaves its object in ("stunned"), if it is one a character can be in.
    state: ClassVar[str | None] = None
    #: The role of who does it: "agent", or "player" (endurance, resource points, the game's end).
    doer: ClassVar[Literal["agent", "player"]] = "agent"
    #: Is the card the event names a character ("stun ~": ~ is a character)?
    of_character: ClassVar[bool] = False
    #: The grammar rules this family builds (``grammar/card-text.lark`` aliases) and their methods.
    rules: ClassVar[Mapping[str, Rule]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        node = cls.__dict__.get("node")
        if node is None:
            return
        if node in FAMILIES:
            raise TypeError(f"{node.__name__} has two families: {type(FAMILIES[node]).__name__} and {cls.__name__}")
        FAMILIES[node] = cls()

    # == words ==================================================================================

    def vp(self, say: "Speech", e: Any, v: Conjugate) -> str:
        """The verb phrase, its subject left out: "stun target character"."""
        return f"{v(self.verb)} {say.np(e.object, 'object')}"

    def passive(self, say: "Speech", e: Any) -> str:
        """The participle with who did it: "stunned by an attacker"."""
        if not self.participle:
            raise ValueError(f"{type(e).__name__} has no participle")
        by = getattr(e, "agent", None) if self.by_agent else None
        return self.participle + (f" by {say.np(by, 'object')}" if by is not None and not isinstance(by, You) else "")

    def past_vp(self, say: "Speech", e: Any) -> str:
        """The past tense's verb phrase, its doer left out: "stunned a character"."""
        return f"{self.past or self.participle} {say.np(e.object, 'object')}"

    def who(self, e: Any) -> Selector | None:
        """Who does it (its agent, or the player whose endurance or points change)."""
        found: Selector | None = getattr(e, self.doer, None)
        return found


def family(e: Event | type[Event]) -> Family:
    """The family of an event node (or class); every event has one."""
    cls = e if isinstance(e, type) else type(e)
    found = FAMILIES.get(cls)
    if found is None:
        raise LookupError(f"the event {cls.__name__} has no family in vsoracle.text.events")
    return found


def family_rules() -> dict[str, Rule]:
    """Every family's grammar rules, by rule name (a rule two families build is an error)."""
    out: dict[str, Rule] = {}
    for fam in FAMILIES.values():
        for name, method in fam.rules.items():
            if name in out:
                raise TypeError(f"the grammar rule {name!r} is built by two families")
            out[name] = method
    return out
