"""The middle layer event families build: a verb phrase before its subject is known.

The grammar's verb phrases ("stun target character", "is stunned by an attacker", "stunned ~
this turn") are built into a :class:`Verb` (an event class and the roles said so far) or a
:class:`Be` (what "is …" says), before the clause they belong to decides what they become: the
event itself, a "may", a "cannot", a trigger's pattern, a condition (:mod:`vsoracle.text.build`).
An event family (:mod:`vsoracle.text.events`) builds its phrases with the makers here:
:func:`active`, :func:`passive` and :func:`past`.

Nothing here imports lark: the event families are imported with the nodes, and a run whose texts
are all in the parsed-text store never loads the parser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Literal, TypeAlias

import attrs

from ..errors import CardTextError
from . import ast as a

if TYPE_CHECKING:
    from lark.tree import Meta

__all__ = ["Verb", "Be", "BeKind", "Children", "Rule", "is_token", "trees", "active", "passive", "past"]

#: What "is …" says (:class:`Be`).
BeKind: TypeAlias = Literal[
    "pp", "state", "zone", "np", "greater", "less", "equal", "at most", "at least", "quantity", "adjacent",
    "protecting", "attacking", "targeting"]

#: A rule's children as the transformer passes them: tokens and what the children's methods built.
Children: TypeAlias = list[Any]

#: A method for a grammar rule: the transformer, the rule's position, its children.
Rule: TypeAlias = Callable[[Any, "Meta", Children], Any]


@attrs.frozen
class Verb:
    """An event's verb phrase: the class, its roles so far, and the role its subject takes
    (``""``: none, the verb phrase says all its roles)."""

    cls: type[a.Event] | type[a.Lessen]  # Lessen: "prevent 2 of it", "lose 1 less endurance"
    fields: dict[str, Any]
    role: str = "agent"

    def make(self, subject: Any) -> a.Event | a.Lessen:
        """What the verb phrase does, said of ``subject``: an event, or a lessening (an effect)."""
        values = dict(self.fields)
        if self.role:
            values[self.role] = subject
        return self.cls(**values)

    def event(self, subject: Any) -> a.Event:
        """The event, for what names one (a trigger, a replacement, "cannot", "must", "if it
        happened"); a lessening is no event ("Whenever you lose 1 less endurance" says nothing)."""
        made = self.make(subject)
        if not isinstance(made, a.Event):
            raise CardTextError('"prevent N of it" and "lose N less endurance" lessen an event: they are said '
                                'only as what happens instead ("If you would lose endurance, you lose 1 less '
                                'endurance instead.")')
        return made


@attrs.frozen
class Be:
    """What "is …" says: ``kind`` "pp" (a passive Verb), "state", "zone", "np", "greater",
    "less", "equal", "at most", "at least", "quantity", "adjacent", "protecting", "attacking",
    "targeting"."""

    kind: BeKind
    data: Any


#: The tokens a rule's method keeps: names, the card's own name and numbers (punctuation and the
#: readings of "and", "or" and "," are left out).
_KEPT = frozenset({"NAME", "NAME_NP", "NAME_HEAD", "SELF", "NUMBER", "SIGNED", "SIGN"})


def is_token(x: Any) -> bool:
    """Is ``x`` one of the parser's tokens (a ``str`` with a terminal ``type``), not something a
    rule's method built?"""
    return isinstance(x, str) and getattr(x, "type", None) is not None


def trees(children: Iterable[Any]) -> list[Any]:
    """The children that are not punctuation or the readings of "and", "or" and ","."""
    return [c for c in children if not is_token(c) or c.type in _KEPT]


def active(cls: type[a.Event], *roles: str, role: str = "agent", **fixed: Any) -> Rule:
    """A verb phrase's rule: the children fill ``roles`` in order ("stun NP": ``object``), the
    subject fills ``role``; ``fixed`` roles are the same every time."""
    def method(self: Any, meta: Meta, children: Children) -> Verb:
        values = dict(fixed)
        for name, value in zip(roles, trees(children)):
            values[name] = value
        return Verb(cls, values, role)
    return method


def passive(cls: type[a.Event], by: bool = True, **fixed: Any) -> Rule:
    """A participle's rule ("stunned [by NP]"): the subject is what the event is done to, a child
    after "by" its doer."""
    def method(self: Any, meta: Meta, children: Children) -> Be:
        parts = trees(children)
        values = dict(fixed)
        if parts and by:
            values["agent"] = parts[0]
        return Be("pp", Verb(cls, values, "object"))
    return method


def past(cls: type[a.Event], *roles: str, **fixed: Any) -> Rule:
    """A past tense's rule ("if ~ stunned a character this turn"): as :func:`active`."""
    return active(cls, *roles, **fixed)
