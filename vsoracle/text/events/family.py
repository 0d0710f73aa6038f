"""What the text layer knows of one event family, in one place: its node, the grammar rules that
build it, and its words — the verb phrase, the participle, the past and the state it leaves —
which canonical text and the plain reading both say (:mod:`vsoracle.text.render`), and what it
means for the text around it (the state it leaves, whether it takes a card out of play).

An event family is one module of :mod:`vsoracle.text.events` holding its node class (the event's
roles as fields) and one :class:`Family` subclass naming that node; defining the subclass
registers it. :func:`family` finds a node's family and raises for a node that has none, so no
event goes unsaid (``tests/text/test_families.py`` checks every event node has one, and every
family's rules are grammar rules).

The attributes and methods of :class:`Family` say the usual shape ("stun NP", "NP becomes
stunned by NP", "NP stunned NP"); a family whose phrases differ sets the words or overrides the
method. Where the text says it in words the renderer knows (a noun phrase, a zone, an amount),
the methods ask the renderer they are given (``say``, a :class:`~vsoracle.text.render.Speech`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Literal, Mapping

from ..ast import Event, Qualifier, Selector, You
from ..phrases import Rule

if TYPE_CHECKING:
    from ..render import Speech

__all__ = ["Family", "FAMILIES", "family", "family_rules", "Conjugate", "RenderError"]

#: A verb in the form the clause needs: ``v("stun")`` is "stun", "stuns" or "stunned".
Conjugate = Callable[[str], str]

#: Every event family, by its node class (filled as the family modules are imported).
FAMILIES: dict[type, "Family"] = {}


class RenderError(ValueError):
    """The node has no card text (e.g. a one-shot event with a duration)."""


#: Past tenses the rule (+ed) does not make, of the verbs the families' phrases say.
_IRREGULAR_PAST = {"draw": "drew", "lose": "lost", "pay": "paid", "put": "put", "win": "won", "come": "came",
                   "leave": "left", "become": "became", "have": "had", "do": "did"}


class Family:
    """One event family's words and rules (XMage's effect holds its ``getText``; here the node's
    family does). Subclasses set :attr:`node` and the words; the methods say the usual shapes,
    and a family whose phrases differ overrides them."""

    #: The node class of the family (its roles are its fields).
    node: ClassVar[type[Event]]
    #: The verb's base form, when the family says "VERB NP": "stun".
    verb: ClassVar[str] = ""
    #: The participle: "stunned", "KO'd"; ``""``: the event has none.
    participle: ClassVar[str] = ""
    #: The past of the verb, when it is not the participle or the verb + "ed".
    past: ClassVar[str] = ""
    #: The verb before the participle: "becomes stunned", "is KO'd".
    aux: ClassVar[Literal["is", "becomes"]] = "becomes"
    #: Does the participle take "by NP" (who did it)?
    by_agent: ClassVar[bool] = True
    #: Is "it happened" said in the past with its doer ("if ~ stunned a character this turn", as the
    #: grammar's past forms read it), not in the passive ("if ~ was KO'd this turn")?
    active_past: ClassVar[bool] = False
    #: "characters that attacked this turn": its past said of its doer in a relative clause.
    relative_past: ClassVar[str] = ""
    #: Is its past said after a noun of what it was done to ("characters you recruited this turn")?
    after_noun: ClassVar[bool] = False
    #: The role of who does it: "agent", or "player" (endurance, resource points, the game's end).
    doer: ClassVar[Literal["agent", "player"]] = "agent"
    #: Is it said of its object alone, with no doer ("~ comes into play", "~ leaves play")?
    intransitive: ClassVar[bool] = False
    #: Is its verb phrase said with its object as the subject ("~ becomes the target of …")?
    object_subject: ClassVar[bool] = False
    #: The verb said with the doer as the subject, for a family whose object is ("… targets ~").
    doer_verb: ClassVar[str] = ""
    #: The state the event leaves its object in ("stunned"), if it is one a character can be in.
    state: ClassVar[str | None] = None
    #: The state of the cards a player did it to, counted in "one player revealed more X than …".
    tally: ClassVar[str | None] = None
    #: Is the card the event names a character ("stun ~": ~ is a character)?
    of_character: ClassVar[bool] = False
    #: Does it last for a span ("gain control of NP this turn"): a ``span`` field takes "this …"?
    has_span: ClassVar[bool] = False
    #: Does it show cards to a player, so that later text names them ("choose a card from it")?
    shows: ClassVar[bool] = False
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
            raise RenderError(f"no passive for {type(e).__name__}")
        by = getattr(e, "agent", None) if self.by_agent else None
        return self.participle + (f" by {say.np(by, 'object')}" if by is not None and not isinstance(by, You) else "")

    def past_vp(self, say: "Speech", e: Any) -> str:
        """The past tense's verb phrase, its doer left out: "stunned a character"."""
        return self.vp(say, e, self.past_tense)

    def past_tense(self, word: str) -> str:
        """The past of a verb the family's phrase says: "stun" → "stunned", "draw" → "drew"."""
        if word == self.verb and (self.past or self.participle):
            return self.past or self.participle
        if word.lower() in _IRREGULAR_PAST:
            return _IRREGULAR_PAST[word.lower()]
        if word.endswith("e"):
            return word + "d"
        if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
            return word[:-1] + "ied"
        return word + "ed"

    def happened(self, say: "Speech", e: Any) -> str | None:
        """"It happened" said with its doer, its span left out ("you drew two cards"); ``None``:
        the past is said in the passive ("~ was KO'd")."""
        if not self.active_past:
            return None
        return f"{say.np(self.who(e), 'subject')} {self.past_vp(say, e)}"

    def be(self, say: "Speech", e: Any) -> str:
        """What "cannot be …" and "can be …" say of it: its participle ("stunned by an attacker")."""
        return say.participle(e)

    def not_done(self, say: "Speech", e: Any) -> str:
        """What "instead, it is not …" says of it: its participle."""
        return say.participle(e)

    def noun(self, say: "Speech", e: Any) -> str:
        """The event as a noun, for "prevent all …" ("breakthrough to you")."""
        raise RenderError("cannot render this prevented event")

    def done_to(self, say: "Speech", e: Any) -> str | None:
        """"Whenever … is done to NP" when what the passive's subject is is not the object ("a
        cosmic counter is put on ~"); ``None``: the object is the subject."""
        return None

    def permission(self, say: "Speech", e: Any, subject: Any) -> str | None:
        """A card's permission to be the object ("you may recruit ~ from your KO'd pile"), or
        ``None``: it is said "~ can …"."""
        return None

    def says_did_not(self, e: Any) -> bool:
        """Is "NP did not …" said of it ("if you did not draw a card this turn")?"""
        return True

    def qualifier(self, fields: Mapping[str, Any]) -> "Qualifier | None":
        """What "is <participle> [by NP]" says of a subject as a quality it has now (``fields``: the
        participle's roles), or ``None``: it is the state the event leaves (:attr:`state`) or what
        happened ("that was KO'd")."""
        return None

    def leaves(self, e: Any) -> Literal["play", "ready", "exhausted", "stunned"] | None:
        """What the event takes its object out of: "play" (a KO), "ready" (an exhaust), "exhausted"
        (a ready), "stunned" (a recover); "instead, it stays in play" / "it stays ready" / "it stays
        exhausted" / "it stays stunned" says it does not happen."""
        return None

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
