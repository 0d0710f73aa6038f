"""The middle layer event families build: a verb phrase before its subject is known.

The grammar's verb phrases ("stun target character", "is stunned by an attacker", "stunned ~
this turn") are built into a :class:`Verb` (an event class and the roles said so far) or a
:class:`Be` (what "is …" says), and said in a mode as a :class:`Pred` ("would …", "cannot be …",
with its :class:`Mod` modifiers), before the clause they belong to decides what they become: the
event itself, a "may", a "cannot", a trigger's pattern, a condition (:mod:`vsoracle.text.build`).
An event family (:mod:`vsoracle.text.events`) builds its phrases with the makers here:
:func:`active`, :func:`passive`, :func:`past` and :func:`with_origin`.

Nothing here imports the parser: the event families are imported with the nodes, and a run whose
texts are all in the parsed-text store never loads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Literal, TypeAlias

import attrs

from ..errors import CardTextError
from . import ast as a

if TYPE_CHECKING:
    from .tree import Meta

__all__ = ["Verb", "Verbs", "Be", "BeKind", "Mod", "ModKind", "Pred", "PredMode", "Children", "Rule", "fail", "is_token",
           "trees", "active", "passive", "past", "with_origin", "Pronoun", "plural_filter"]

#: What "is …" says (:class:`Be`).
BeKind: TypeAlias = Literal[
    "pp", "state", "zone", "np", "greater", "less", "equal", "at most", "at least", "quantity", "adjacent",
    "protecting", "attacking", "targeting"]

#: What a :class:`Mod` after a verb phrase is.
ModKind: TypeAlias = Literal[
    "span", "while", "for each", "if", "unless", "at start", "at end", "at random", "during", "from",
    "as though", "rather than", "where x", "rounded", "any order", "instead", "if able", "only", "no less than",
    "first time"]
#: The mode of a :class:`Pred` (``mod``: "Choose …"'s modifiers, which have no verb).
PredMode: TypeAlias = Literal[
    "does", "does_not", "did", "did_not", "may", "must", "cannot", "can", "would", "cannot_be", "can_be",
    "would_be", "is", "is_not", "was", "was_not", "happened", "stays", "mod"]

#: A rule's children as the transformer passes them: tokens and what the children's methods built.
Children: TypeAlias = list[Any]

#: A method for a grammar rule: the transformer, the rule's position, its children.
Rule: TypeAlias = Callable[[Any, "Meta", Children], Any]


@attrs.frozen
class Verb:
    """An event's verb phrase: the class, its roles so far, and the role its subject takes
    (``""``: none, the verb phrase says all its roles)."""

    # Lessen: "prevent 2 of it", "lose 1 less endurance"; Nothing: "prevent all of it"
    cls: type[a.Event] | type[a.Lessen] | type[a.Nothing]
    fields: dict[str, Any]
    role: str = "agent"

    def make(self, subject: Any) -> a.Event | a.Lessen | a.Nothing:
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
            raise CardTextError('"prevent N of it", "prevent all of it" and "lose N less endurance" lessen an event: they are said '
                                'only as what happens instead ("If you would lose endurance, you lose 1 less '
                                'endurance instead.")')
        return made


@attrs.frozen
class Verbs:
    """Verb phrases joined by "or" ("attacks or defends against NP"): one pattern, an event of
    ``cls`` whose ``options`` are each verb phrase's event, before their subject is known (the
    subject of each)."""

    cls: type[a.Event]
    verbs: tuple[Verb, ...]
    word: str | None = None  # the card's words for the whole ("in combat")
    role: str = "agent"

    def event(self, subject: Any) -> a.Event:
        """Each verb phrase's event, said of ``subject``, as one event of either kind."""
        return self.cls(options=tuple(v.event(subject) for v in self.verbs), word=self.word)  # type: ignore[call-arg]


@attrs.frozen
class Be:
    """What "is …" says: ``kind`` "pp" (a passive Verb), "state", "zone", "np", "greater",
    "less", "equal", "at most", "at least", "quantity", "adjacent", "protecting", "attacking",
    "targeting"."""

    kind: BeKind
    data: Any


@attrs.frozen
class Mod:
    """A modifier after a verb phrase: ``kind`` ("span", "while", "for each", "if", …) and data."""

    kind: ModKind
    data: Any = None


@attrs.frozen
class Pred:
    """A predicate in its mode: ``mode`` is does / does_not / did / did_not / may / must / cannot /
    can / would / cannot_be / can_be / would_be / is / is_not / was / was_not / happened / stays
    (or mod, for the modifiers of "Choose …")."""

    mode: PredMode
    what: Any  # Verb | Verbs | Predicate | Be | tuple ("several" verbs, "either" verbs, "stays" words) | None
    mods: tuple[Mod, ...] = ()
    pos: int = 0


def fail(message: str, meta: Meta | None = None) -> CardTextError:
    """An error in the text, placed at the rule's position when the rule has one."""
    error = CardTextError(message)
    if meta is not None and not getattr(meta, "empty", True):
        error.column, error.text_line = meta.column, meta.line
    return error


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


def with_origin(cls: type[a.Event], parts: list[Any]) -> Verb:
    """"recruit NP from ZONE", "play a plot twist from your resource row": the zone the card
    comes from is the event's origin, whether the grammar gave it to the verb or the noun."""
    obj = parts[0]
    origin = parts[1] if len(parts) > 1 else None
    if isinstance(obj, a.Filter) and origin is None:
        froms = [q for q in obj.qualifiers if isinstance(q, a.InZone) and q.word == "from"]
        if froms:
            origin = froms[-1].zone
            rest = tuple(q for q in obj.qualifiers if q is not froms[-1])
            among = [q for q in rest if isinstance(q, a.Among)]
            if obj.words == "among" and len(rest) == 1 and among:
                obj = among[0].of
            else:
                obj = attrs.evolve(obj, qualifiers=rest)
    return Verb(cls, {"object": obj, "origin": origin})


@attrs.frozen(eq=False)
class Pronoun(a.Ref):
    """he, she, it, him, her, they, them; his/her/its/their as possessors; ``did`` for the "he"
    of "if he does" (the player who did the step before). An unresolved reference (never leaves the
    text package): here, beside the other values the rules build before refs resolves them, so an
    event family's rule can say "it" too (events/counter.py)."""

    word: str
    pos: int
    did: bool = False
    zone_owner: bool = False  # "his KO'd pile": a player's


def plural_filter(f: a.Filter) -> bool:
    """Does a noun phrase mean several ("characters", "all", "each", "two target characters"), so
    that "they" / "them" refer to it?"""
    q = f.quantity
    return q is None or q.op in ("all", "each") or (isinstance(q.n, a.Fixed) and q.n.n > 1)
