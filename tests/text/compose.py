"""Hypothesis strategies that compose card texts from the card-text language's own vocabulary
(issue 12): verb × mode × amount × condition × selector × duration, drawn as AST nodes of
:mod:`vsoracle.text.nodes` built the way :func:`~vsoracle.text.read.read_card_text` builds them.

:func:`powers` draws ``(CardText, card_name)`` pairs whose one power is

* an effect (:class:`~nodes.Spell`): one to three sentences of events ("Stun target character
  with cost 3 or less."), modifiers ("Target attacker gets +2 ATK this attack."), prohibitions
  ("Target character cannot be stunned this turn."), replacements the effect creates ("If ~ would
  be KO'd this turn, instead, …", "Prevent all breakthrough to you this attack."), under
  :class:`~nodes.May` / :class:`~nodes.IfDone` / :class:`~nodes.Conditional` /
  :class:`~nodes.Unless`;
* a payment power (:class:`~nodes.Activated`): events as costs, "Use this power only …";
* a triggered power (:class:`~nodes.Triggered`): "Whenever EVENT" with the event in its active
  ("~ stuns a character") or passive ("~ becomes stunned by an attacker") form, "When ~ comes
  into play", "At the start of …";
* a replacement (:class:`~nodes.Replacement`): "If EVENT would happen, instead, …";
* a continuous power (:class:`~nodes.Static`): stat, keyword and affiliation changes,
  "~ cannot be stunned while attacking", "~ can attack hidden characters".

The parts are shared combinators, one function each: selectors (:func:`character_filter`,
:func:`card_filter`, :func:`thing_filter`, quantities), amounts (:func:`amount`), conditions
(:func:`condition`), durations (:func:`span`), and one builder per event class
(:data:`EVENTS`) that makes the event in any of its modes: ``"do"`` (an order or a statement),
``"pay"`` (a cost), ``"whenever"`` (a trigger's pattern), ``"would"`` (a replacement's pattern),
``"cannot"`` (a prohibition: :class:`~nodes.Affected` in the subject's role), ``"happened"`` (a
history condition).

References are composed as a reader means them: a :class:`Scope` keeps what the text has
mentioned so far, in text order, and a reference ("that character", "it", "its controller") is
made only to the latest mention its words fit, so every reference is resolvable and means what
it was built to mean. Targets are numbered from 1 in text order, as they are drawn.

Shapes the text layer does not read back yet are drawn too (the tests exclude each by a named
predicate that cites its entry in BUGS.md), so that removing an exclusion tests the fix.

The budget is the test's: each power is a few sentences, so an example costs a parse or two.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs
from hypothesis import strategies as st

from vsoracle.text.events.attach import Attach
from vsoracle.text.events.move_counter import MoveCounter
from vsoracle.text.events.either_event import EitherEvent
from vsoracle.text.events.enter_combat import EnterCombat
from vsoracle.text.events.flip import Flip
from vsoracle.text.events.pay_stat import PayStat
from vsoracle.text import nodes as n, refs

#: Card names the texts are written for (their ``Self`` is said by name).
CARD_NAMES = ("Zephyr", "Iron Lad", "Doctor Doom", "Scarlet Witch")
#: Names before a noun: affiliations, versions. One a noun phrase (two names in a row are one).
AFFILIATIONS = ("Avengers", "Brotherhood", "Masters of Evil", "X-Men", "Heroes for Hire", "Army", "Team-Up")
#: Names after "named".
OTHER_NAMES = ("Kang", "Galactus", "Colossus")
KEYWORDS = ("flight", "range", "invulnerability", "reservist", "evasion", "willpower")
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine", 10: "ten"}

ONE = n.Fixed(1)
A = n.Quantity("=", ONE)
YOU = n.You()
#: Who does something in a pattern: "you", "a player", "an opponent".
SOME_PLAYER = (YOU, n.Filter("player", (), A), n.Filter("opponent", (), A))


# =============================================================================================
# What the text has mentioned so far
# =============================================================================================

# What "that <noun>" may refer to, and the nouns "other" and "it" never mean: the reader's own
# tables (vocabulary, not the rules under test).
FITS, NOT_OBJECTS = refs.FITS, refs.NOT_OBJECTS
PLAYER_KINDS = ("player", "opponent")
#: What a reference may stand for (an Affected or a condition's object is not referred to here).
REFERABLE = (n.TargetRef, n.EventRef, n.Acted)


@attrs.define
class Mention:
    noun: str
    ref: Any
    player: bool = False
    salient: bool = False  # a trigger's subject: what a pronoun means first, never "that X"
    referable: bool = True  # False: a reader could mean it, but no node says it (see create_replacement)
    again: bool = False  # "that <noun>" naming its object again: only what "another" is other than


@attrs.define
class Scope:
    """The mentions of the power so far, in text order; its targets and effect steps so far."""

    mentions: list[Mention] = attrs.field(factory=list)
    targets: int = 0
    steps: int = 0  # events of the effect so far (what :class:`~nodes.Acted` numbers)
    in_effect: bool = False  # drawing the effect (not a cost, a trigger or a condition)
    doer: bool = True  # an event of the effect may name who does it ("target player discards …")
    refs: bool = True  # a reference may be made ("that character"): not in "Use this power only …"

    def add(self, noun: str, ref: Any, player: bool = False, salient: bool = False) -> None:
        self.mentions.append(Mention(noun, ref, player, salient))

    def said_again(self, ref: Any) -> Any:
        """``ref``, said: "that <noun>" names its object again, so a later "another" is other than
        it (the reader's rule, refs.py), though "it" and "that <noun>" still mean what they meant."""
        word = getattr(ref, "word", None) or ""
        if word.startswith("that "):
            noun = word.removeprefix("that ").split(" or ")[0]
            self.mentions.append(Mention(noun, ref, noun in PLAYER_KINDS, again=True))
        return ref

    def next_target(self) -> int:
        self.targets += 1
        return self.targets

    def other_of(self, noun: str) -> Any:
        """What "other" / "another" <noun> is other than: the latest object mentioned that the noun
        could be (as for "that <noun>"), else the card."""
        fits = FITS.get(noun)
        objects = [m for m in self.mentions if not m.player and m.noun not in NOT_OBJECTS
                   and (fits is None or m.noun in fits)]  # "that character" too (said_again)
        return objects[-1].ref if objects else n.Self()

    def that(self, noun: str) -> Mention | None:
        """What "that <noun>" means here (None: nothing but the card)."""
        fits = FITS.get(noun, {noun})
        found = [m for m in self.mentions if m.noun in fits and not m.salient and not isinstance(m.ref, n.Self)
                 and not m.again]
        return found[-1] if found else None

    def it(self) -> Mention | None:
        """What "it" / "its" means here: the latest object mentioned (None: the card)."""
        found = [m for m in self.mentions if not m.player and not m.again]
        if not found or isinstance(found[-1].ref, n.Self):
            return None
        return found[-1]

    def that_player(self) -> Mention | None:
        found = [m for m in self.mentions if m.player and not m.salient and not m.again]
        return found[-1] if found else None


def referable(m: Mention | None) -> bool:
    """Can a reference node say what ``m`` mentions?"""
    return m is not None and m.referable and isinstance(m.ref, REFERABLE)


def noun_of(f: n.Filter) -> str:
    for q in f.qualifiers:
        if isinstance(q, n.Role):
            return q.roles[0]
    return f.kind.split(" or ")[0]


def record(sc: Scope, np: Any, ref: Any | None = None) -> None:
    """Remember what a noun phrase mentioned: a target, the card, or (``ref``) what later text
    may call it (an object of step k, a participant of the event)."""
    if isinstance(np, n.Filter):
        player = np.kind in PLAYER_KINDS
        if np.target is not None:
            sc.add(noun_of(np), n.TargetRef(np.target), player)
        elif ref is not None:
            sc.add(noun_of(np), ref, player)
    elif isinstance(np, n.TopCards) and ref is not None:
        sc.add("card", ref)
    elif isinstance(np, n.Self):
        sc.add("character", n.Self())


def _with_word(ref: Any, word: str | None) -> Any:
    if word is None:
        return ref
    try:
        return attrs.evolve(ref, word=word)
    except TypeError:
        return ref


def reference(draw: Any, sc: Scope, nouns: tuple[str, ...] = ("character",)) -> Any | None:
    """A reference to the latest mention that "that <noun>" or "it" fits, in those words; None
    when the text has nothing such to refer to."""
    if not sc.refs:
        return None
    options: list[Any] = []
    for noun in nouns:
        that = sc.that(noun)
        if referable(that) and sc.that(that.noun) is that:  # "that <its own noun>" means it too
            options.append(_with_word(that.ref, f"that {that.noun}"))
    it = sc.it()
    if referable(it) and any(it.noun in FITS.get(noun, {noun}) for noun in nouns):
        options.append(_with_word(it.ref, "it"))
    if not options:
        return None
    return draw(st.sampled_from(options))


# =============================================================================================
# Amounts
# =============================================================================================

def fixed(lo: int = 1, hi: int = 6, words: bool = True) -> st.SearchStrategy[n.Fixed]:
    """A number, in digits ("3") or in a word ("three")."""
    def spell(k: int) -> st.SearchStrategy[n.Fixed]:
        if words and k in NUMBER_WORDS:
            return st.sampled_from([n.Fixed(k), n.Fixed(k, word=NUMBER_WORDS[k])])
        return st.just(n.Fixed(k))
    return st.integers(lo, hi).flatmap(spell)


def counted(draw: Any, sc: Scope) -> n.Filter:
    """What "the number of …" counts: "stunned Avengers characters you control", "cards in your hand"."""
    if draw(st.integers(0, 3)) == 0:
        return n.Filter("card", (n.InZone(n.Zone(("hand",), YOU)),))
    quals: list[n.Qualifier] = []
    if draw(st.booleans()):
        quals.append(n.State(draw(st.sampled_from(["stunned", "exhausted", "ready"]))))
    if draw(st.booleans()):
        quals.append(n.Name(draw(st.sampled_from(AFFILIATIONS))))
    quals.append(n.ControlledBy(draw(st.sampled_from([YOU, n.OpponentsOf(YOU)]))))
    return n.Filter("character", tuple(quals))


def computed(draw: Any, sc: Scope) -> n.Amount:
    """"the number of …", "twice the number of …", "three times …", "~'s printed ATK", "its cost"."""
    choice = draw(st.integers(0, 3))
    if choice == 0:
        return n.NumberOf(counted(draw, sc))
    if choice == 1:
        inner = n.NumberOf(counted(draw, sc))
        if draw(st.booleans()):
            return n.Times(n.Fixed(2), inner, word="twice")
        return n.Times(draw(fixed(3, 5)), inner, word="times")
    of: Any = n.Self()
    it = sc.it() if sc.refs else None
    if referable(it) and draw(st.booleans()):
        of = _with_word(it.ref, "it")
    if isinstance(of, n.Self):
        sc.add("character", of)
    stat = draw(st.sampled_from(["atk", "def", "cost"]))
    printed = stat != "cost" and draw(st.booleans())
    return n.StatOf(of, stat, printed)


def amount(draw: Any, sc: Scope, computed_ok: bool = True, x_ok: bool = True) -> n.Amount:
    """A number an event says: "2", "two", "X", or computed on resolution."""
    choice = draw(st.integers(0, 5))
    if choice == 0 and x_ok:
        return n.X()
    if choice == 1 and computed_ok:
        return computed(draw, sc)
    return draw(fixed(1, 6))


def per_each(draw: Any, sc: Scope) -> n.Amount:
    """"… for each other Army character you control"."""
    f = counted(draw, sc)
    if draw(st.integers(0, 2)) == 0 and f.kind == "character":
        f = attrs.evolve(f, qualifiers=(n.Other(sc.other_of(f.kind)),) + f.qualifiers)
    return n.NumberOf(f)


def quantity_range(draw: Any) -> n.Quantity:
    """"3 or less", "2 or more", "3" (after "with cost")."""
    return n.Quantity(draw(st.sampled_from(["<=", ">=", "="])), draw(fixed(0, 6, words=False)))


# =============================================================================================
# Selectors
# =============================================================================================

STATES = ("stunned", "ready", "exhausted", "hidden", "visible")


def quantity(draw: Any, plural: bool = True) -> n.Quantity:
    """a / two / all / each / up to N / N or more."""
    choice = draw(st.integers(0, 6)) if plural else 0
    if choice <= 1:
        return A
    if choice == 2:
        return n.Quantity("=", draw(fixed(2, 4)))
    if choice == 3:
        return n.Quantity("all")
    if choice == 4:
        return n.Quantity("each")
    if choice == 5:
        return n.Quantity("up to", draw(fixed(2, 3)))
    return n.Quantity(">=", draw(fixed(2, 3)))


def target_quantity(draw: Any) -> n.Quantity:
    """"target …" (one), "two target …", "up to two target …"."""
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return n.Quantity("up to", draw(fixed(2, 3)))
    return n.Quantity("=", draw(fixed(2, 3))) if choice <= 2 else A


def controller(draw: Any) -> Any:
    """"you control", "an opponent controls", "your opponents control"."""
    return draw(st.sampled_from([YOU, YOU, n.Filter("opponent", (), A), n.OpponentsOf(YOU)]))


def character_filter(draw: Any, sc: Scope, how_many: n.Quantity | None, target: bool, *,
                     roles: bool = True, other: bool = True, controlled: bool = True) -> n.Filter:
    """"another target stunned Avengers attacker with cost 3 or less adjacent to ~ you control"."""
    quals: list[n.Qualifier] = []
    if other and how_many is not None and draw(st.integers(0, 5)) == 0:
        quals.append(n.Other(sc.other_of("character")))
    if draw(st.integers(0, 2)) == 0:
        quals.append(n.State(draw(st.sampled_from(STATES)), negated=draw(st.integers(0, 4)) == 0))
    if draw(st.integers(0, 2)) == 0:
        quals.append(n.Name(draw(st.sampled_from(AFFILIATIONS)), negated=draw(st.integers(0, 4)) == 0))
    if roles and draw(st.integers(0, 3)) == 0:
        quals.append(n.Role(draw(st.sampled_from([("attacker",), ("defender",), ("team attacker",),
                                                   ("attacker", "defender")]))))
    if draw(st.integers(0, 2)) == 0:
        quals.append(n.StatIs(draw(st.sampled_from(["cost", "atk", "def"])), quantity_range(draw)))
    if draw(st.integers(0, 5)) == 0:
        quals.append(n.HasKeyword((draw(st.sampled_from(KEYWORDS)),)))
    if draw(st.integers(0, 6)) == 0:
        quals.append(n.Named(draw(st.sampled_from(OTHER_NAMES))))
    if draw(st.integers(0, 5)) == 0:
        quals.append(n.Adjacent(n.Self()))
        sc.add("character", n.Self())
    if controlled and draw(st.booleans()):
        quals.append(n.ControlledBy(controller(draw)))
    if draw(st.integers(0, 8)) == 0:
        quals.append(n.Where(n.Happened(n.Breakthrough(agent=n.Affected()), "turn")))
    if draw(st.integers(0, 8)) == 0:  # "hunted characters", "a character hunted by you" (MEV)
        quals.append(n.Hunted(draw(st.sampled_from([None, YOU, n.Filter("opponent", (), A)]))))
    return n.Filter("character", tuple(quals), how_many, sc.next_target() if target else None)


def card_filter(draw: Any, sc: Scope, how_many: n.Quantity | None, target: bool, zone: str | None = None,
                kinds: tuple[str, ...] = ("card", "character card", "plot twist card", "location card")) -> n.Filter:
    """"target Avengers character card with cost 2 or less in your KO'd pile", "a card named Kang"."""
    kind = draw(st.sampled_from(kinds))
    quals: list[n.Qualifier] = []
    if draw(st.integers(0, 2)) == 0:
        quals.append(n.Name(draw(st.sampled_from(AFFILIATIONS))))
    if kind == "character card" and draw(st.integers(0, 2)) == 0:
        quals.append(n.StatIs("cost", quantity_range(draw)))
    if draw(st.integers(0, 6)) == 0:
        quals.append(n.Named(draw(st.sampled_from(OTHER_NAMES))))
    if zone is not None:
        owner = None if zone == "a KO'd pile" else YOU
        name = "ko pile" if zone in ("ko pile", "a KO'd pile") else zone
        quals.append(n.InZone(n.Zone((name,), owner), word=draw(st.sampled_from(["in", "from"]))))
    return n.Filter(kind, tuple(quals), how_many, sc.next_target() if target else None)


def thing_filter(draw: Any, sc: Scope, kind: str, how_many: n.Quantity | None, target: bool) -> n.Filter:
    """"target face-down resource an opponent controls", "target payment effect", "a location"."""
    quals: list[n.Qualifier] = []
    if kind == "resource" and draw(st.booleans()):
        quals.append(n.State(draw(st.sampled_from(["face-down", "face-up"]))))
    if kind in ("location", "plot twist") and draw(st.integers(0, 3)) == 0:
        quals.append(n.Name("Team-Up", negated=True))
    if kind not in ("payment effect",) and draw(st.booleans()):
        quals.append(n.ControlledBy(controller(draw)))
    return n.Filter(kind, tuple(quals), how_many, sc.next_target() if target else None)


# -- noun phrases in a role ------------------------------------------------------------------------

def character_np(draw: Any, sc: Scope, *, target: bool = True, plural: bool = True, ref: bool = True,
                 self_ok: bool = True, controlled: bool = True) -> Any:
    """What an event about a character is about: ~, a target, a reference, some characters."""
    options = ["filter", "filter"]
    if self_ok:
        options.append("self")
    if target:
        options += ["target", "target"]
    referred = reference(draw, sc) if ref else None
    if referred is not None:
        options += ["ref", "ref"]
    choice = draw(st.sampled_from(options))
    if choice == "self":
        return n.Self()
    if choice == "ref":
        return sc.said_again(referred)
    if choice == "target":
        return character_filter(draw, sc, target_quantity(draw), True, controlled=controlled)
    return character_filter(draw, sc, quantity(draw, plural), False, controlled=controlled)


def player_np(draw: Any, sc: Scope, *, target: bool = True, ref: bool = True, each: bool = True) -> Any:
    """Who does it: you, target player, each player, that player, its controller."""
    options = ["you", "you"]
    if target:
        options.append("target")
    if each:
        options.append("each")
    that = sc.that_player() if ref and sc.refs else None
    if referable(that):
        options.append("that")
    it = sc.it() if ref and sc.refs else None
    if referable(it) and it.noun in FITS["card"]:
        options.append("controller")
    choice = draw(st.sampled_from(options))
    if choice == "you":
        return YOU
    if choice == "target":
        return n.Filter(draw(st.sampled_from(PLAYER_KINDS)), (), A, sc.next_target())
    if choice == "each":
        return n.Filter(draw(st.sampled_from(PLAYER_KINDS)), (), n.Quantity("each"))
    if choice == "that":
        return sc.said_again(_with_word(that.ref, f"that {that.noun}"))
    return n.ControllerOf(_with_word(it.ref, "it"))


def note_player(sc: Scope, who: Any) -> None:
    """A player who does a step of the effect: what "that player", "he" may mean later."""
    if isinstance(who, n.Filter) and who.target is not None:
        record(sc, who)
    elif isinstance(who, n.Filter) and who.quantity is not None and who.quantity.op == "each":
        sc.add("player", n.Acting(), player=True)
    elif isinstance(who, n.ControllerOf):
        sc.add("player", who, player=True)


def note_object(sc: Scope, obj: Any) -> None:
    """The object of a step of the effect: what later text may call "that card", "it"."""
    if not sc.in_effect:
        if isinstance(obj, n.Self) or isinstance(obj, n.Filter) and obj.target is not None:
            record(sc, obj)
        return
    if isinstance(obj, (n.Filter, n.TopCards)) and getattr(obj, "target", None) is None:
        record(sc, obj, n.Acted(sc.steps))
    else:
        record(sc, obj)


# =============================================================================================
# Events: one builder per event class; each makes the event in a mode
# =============================================================================================
#
# mode: "do" (an effect's step: an order, or a statement with its doer), "pay" (a cost), "whenever"
# (a trigger's pattern: returns the event and the role its subject fills), "would" (a replacement's
# pattern, same), "cannot" (a prohibition, Affected in the subject's role), "happened" (the past).

Built = tuple[n.Event, str | None]  # the event, and the role the sentence's subject fills


def _step(sc: Scope) -> None:
    if sc.in_effect:
        sc.steps += 1


def ev_character(cls: type) -> Callable[[Any, Scope, str], Built]:
    """Stun, KO, Exhaust, Ready, Recover, Power-up: an agent does it to a character."""
    def build(draw: Any, sc: Scope, mode: str) -> Built:
        if mode == "do":
            _step(sc)
            doer = YOU if sc.doer and draw(st.integers(0, 5)) == 0 else None
            obj = character_np(draw, sc)
            note_object(sc, obj)
            return cls(object=obj, agent=doer), "agent" if doer else None
        if mode == "pay":
            obj = draw(st.sampled_from(["self", "filter"])) if cls is not n.PowerUp else "self"
            if obj == "self":
                if cls is n.Exhaust and draw(st.booleans()):
                    return n.Exhaust(object=n.Self(), word="activate"), None
                sc.add("character", n.Self())
                return cls(object=n.Self()), None
            f = character_filter(draw, sc, A, False, roles=False)
            f = attrs.evolve(f, qualifiers=tuple(q for q in f.qualifiers if not isinstance(q, n.ControlledBy))
                             + (n.ControlledBy(YOU),))
            return cls(object=f), None
        if mode == "cannot":
            by = None
            if cls is not n.PowerUp and draw(st.integers(0, 3)) == 0:
                by = n.Filter("character", (n.Role((draw(st.sampled_from(["attacker", "defender"])),)),))
            return cls(object=n.Affected(), agent=by), "object"
        # whenever / would / happened: the object is the subject ("~ becomes stunned [by X]"), or
        # the agent is ("~ stuns a character")
        active = draw(st.booleans()) and cls is not n.PowerUp
        if mode == "happened" and cls is not n.Stun:
            active = False  # "~ was KO'd this turn" (only "stunned" has an active past: "~ stunned X")
        if active:
            agent = pattern_np(draw, sc, mode, "agent")
            obj = pattern_np(draw, sc, mode, "object", self_ok=False)
            return cls(object=obj, agent=agent), "agent"
        obj = pattern_np(draw, sc, mode, "object")
        by = None
        # (the past of "stunned by X" is said "X stunned …": only the active form has an agent)
        if cls is not n.PowerUp and not (cls is n.Stun and mode == "happened") and draw(st.booleans()):
            by = pattern_np(draw, sc, mode, "agent", self_ok=True, roles_only=True)
        return cls(object=obj, agent=by), "object"
    return build


class Unsupported(Exception):
    """This event has no wording in this mode (the builder is asked for another event)."""


def pattern_np(draw: Any, sc: Scope, mode: str, role: str, self_ok: bool = True, roles_only: bool = False) -> Any:
    """A participant of an event in a pattern: ~, "a character you control", "an attacker"."""
    if self_ok and draw(st.booleans()):
        sc.add("character", n.Self())
        return n.Self()
    if roles_only:
        f = n.Filter("character", (n.Role((draw(st.sampled_from(["attacker", "defender"])),)),), A)
    else:
        f = character_filter(draw, sc, A, False)
    return pat(sc, mode, role, f)


def pat(sc: Scope, mode: str, role: str, np: Any) -> Any:
    """A participant of a trigger's or a replacement's event: later text calls it "that …"."""
    if mode in ("whenever", "would") and isinstance(np, n.Filter) and np.target is None:
        sc.add(noun_of(np), n.EventRef(role), np.kind in PLAYER_KINDS)
    return np


# -- the other event classes -------------------------------------------------------------------

def ev_move(draw: Any, sc: Scope, mode: str) -> Built:
    """Move / put / return / remove from the game: a card changes place."""
    if mode == "cannot":
        place = draw(st.sampled_from([n.Place(n.Zone(("hand",), YOU), word="to"), n.Place(n.Zone(("removed",)))]))
        return n.Move(object=n.Affected(), to=place, word="return"), "object"
    if mode in ("whenever", "would"):
        obj = pattern_np(draw, sc, mode, "object")
        if draw(st.booleans()):
            # "is put into your KO'd pile [from play / from your hand]"
            origin = draw(st.sampled_from([None, n.Zone(("play",)), n.Zone(("hand",), YOU)]))
            return n.Move(object=obj, to=n.Place(n.Zone(("ko pile",), YOU)), origin=origin), "object"
        place = draw(st.sampled_from([n.Place(n.Zone(("hand",), YOU), word="to"), n.Place(n.Zone(("removed",)))]))
        return n.Move(object=obj, to=place, word="return"), "object"
    if mode == "pay":
        how = draw(st.sampled_from(["return", "remove", "top"]))
        if how == "return":
            # "return ~ to its owner's hand", "return a character you control to its owner's hand"
            if draw(st.booleans()):
                sc.add("character", n.Self())
                return n.Move(object=n.Self(), to=n.Place(n.Zone(("hand",), n.OwnerOf(n.Self(word="its"))), word="to"),
                              word="return"), None
            f = n.Filter("character", (n.ControlledBy(YOU),), A)
            owner = n.OwnerOf(n.Affected(word="its")) if draw(st.booleans()) else YOU
            return n.Move(object=f, to=n.Place(n.Zone(("hand",), owner), word="to"), word="return"), None
        if how == "remove":
            f = card_filter(draw, sc, A, False, zone="ko pile")
            return n.Move(object=f, to=n.Place(n.Zone(("removed",)))), None
        top = n.TopCards(n.Zone(("deck",), YOU), ONE)
        return n.Move(object=top, to=n.Place(n.Zone(("ko pile",), YOU))), None
    _step(sc)
    how = draw(st.sampled_from(["return", "move", "remove", "put", "put-top", "top-cards", "put-play"]))
    if how == "put-play":
        # "put a character card from your KO'd pile into play under your control / its owner's control"
        obj = card_filter(draw, sc, A, False, zone="ko pile")
        controller = YOU if draw(st.booleans()) else n.OwnerOf(n.Affected(word="its"))
        note_object(sc, obj)
        return n.Move(object=obj, to=n.Place(n.Zone(("play",), controller))), None
    if how == "return":
        obj = character_np(draw, sc, plural=False)
        note_object(sc, obj)
        it = sc.it()
        # "its owner's hand" right after the object is the object's owner, whether or not the
        # object is a mention later text may refer to (not in a delayed trigger's effect)
        if isinstance(obj, n.Filter) and obj.target is None:
            owner: Any = n.Affected(word="its")
        else:
            owner = _with_word(it.ref, "its") if it is not None and isinstance(it.ref, n.TargetRef) else None
        if owner is None:
            owner = n.Self(word="its") if isinstance(obj, n.Self) else YOU
        zone_owner = YOU if owner is YOU else n.OwnerOf(owner)
        return n.Move(object=obj, to=n.Place(n.Zone(("hand",), zone_owner), word="to"), word="return"), None
    if how == "move":
        obj = character_np(draw, sc, plural=False, controlled=False)
        if isinstance(obj, n.Filter):
            obj = attrs.evolve(obj, qualifiers=obj.qualifiers + (n.ControlledBy(YOU),))
        note_object(sc, obj)
        zone = draw(st.sampled_from(["hidden area", "visible area", "front row", "support row"]))
        empty = zone in ("front row", "support row") and draw(st.booleans())
        return n.Move(object=obj, to=n.Place(n.Zone((zone,), YOU), "empty" if empty else None, word="to"),
                      word="move"), None
    if how == "remove":
        obj = card_filter(draw, sc, draw(st.sampled_from([A, target_quantity(draw)])), draw(st.booleans()),
                          zone=draw(st.sampled_from(["ko pile", "a KO'd pile"])))
        note_object(sc, obj)
        return n.Move(object=obj, to=n.Place(n.Zone(("removed",)))), None
    if how == "put":
        obj = card_filter(draw, sc, A, draw(st.booleans()), zone=draw(st.sampled_from(["ko pile", "hand"])))
        note_object(sc, obj)
        where = draw(st.sampled_from(["deck-top", "deck-bottom", "hand", "resource row"]))
        face = None
        if where == "resource row":
            place = n.Place(n.Zone(("resource row",), YOU))
            face = "down" if draw(st.booleans()) else None
        elif where == "hand":
            place = n.Place(n.Zone(("hand",), YOU))
        else:
            place = n.Place(n.Zone(("deck",), YOU), "top" if where == "deck-top" else "bottom")
        return n.Move(object=obj, to=place, face=face), None
    if how == "put-top":
        obj = reference(draw, sc, ("card", "character"))
        if obj is None:
            obj = n.Self()
            sc.add("character", obj)
        sc.said_again(obj)
        place = n.Place(n.Zone(("deck",), YOU), draw(st.sampled_from(["top", "bottom"])))
        return n.Move(object=obj, to=place), None
    owner = player_np(draw, sc, each=False, ref=False)
    count = draw(fixed(1, 3))
    top = n.TopCards(n.Zone(("deck",), owner), count)
    note_object(sc, top)
    to_owner = owner if owner is YOU else n.TargetRef(owner.target, word="his")
    return n.Move(object=top, to=n.Place(n.Zone(("ko pile",), to_owner))), None


def ev_draw(draw: Any, sc: Scope, mode: str) -> Built:
    """Draw: "draw a card", "each player draws two cards", "draw cards equal to …"."""
    if mode == "cannot":
        return n.Draw(agent=n.Affected(), count=ONE), "agent"
    if mode in ("whenever", "would", "happened"):
        who = pat(sc, mode, "agent", draw(st.sampled_from(SOME_PLAYER)))
        return n.Draw(agent=who, count=ONE), "agent"
    _step(sc)
    who = None if not sc.doer or draw(st.booleans()) else player_np(draw, sc)
    choice = draw(st.integers(0, 5))
    if choice == 0:
        count: n.Amount = n.X()
    elif choice == 1:
        count = computed(draw, sc)
    elif choice == 2:
        count = n.Times(per_each(draw, sc), ONE, word="for each")
    else:
        count = draw(fixed(1, 4))
    note_player(sc, who)
    return n.Draw(agent=who, count=count), "agent" if who else None


def ev_discard(draw: Any, sc: Scope, mode: str) -> Built:
    """Discard: "discard a card", "target player discards two cards", "discard an X-Men card"."""
    if mode == "cannot":
        raise Unsupported
    if mode in ("whenever", "happened"):
        who = pat(sc, mode, "agent", draw(st.sampled_from([YOU, n.Filter("opponent", (), A)])))
        return n.Discard(agent=who, object=pat(sc, mode, "object", card_filter(draw, sc, A, False))), "agent"
    if mode == "would":
        raise Unsupported
    if mode == "pay":
        return n.Discard(object=card_filter(draw, sc, quantity(draw, False) if draw(st.booleans())
                                            else n.Quantity("=", draw(fixed(2, 3))), False)), None
    _step(sc)
    who = None if not sc.doer or draw(st.booleans()) else player_np(draw, sc)
    obj = card_filter(draw, sc, draw(st.sampled_from([A, n.Quantity("=", n.Fixed(2, word="two"))])), False)
    note_player(sc, who)
    note_object(sc, obj)
    return n.Discard(agent=who, object=obj), "agent" if who else None


def ev_reveal(draw: Any, sc: Scope, mode: str) -> Built:
    """Reveal: "reveal a Brotherhood character card in your hand", "reveal it"."""
    if mode in ("cannot", "would"):
        raise Unsupported
    if mode in ("whenever", "happened"):
        return n.Reveal(agent=YOU, object=pat(sc, mode, "object", card_filter(draw, sc, A, False))), "agent"
    if mode == "pay":
        return n.Reveal(object=card_filter(draw, sc, A, False, zone="hand", kinds=("character card", "card"))), None
    _step(sc)
    obj = sc.said_again(reference(draw, sc, ("card",)))
    if obj is None:
        obj = card_filter(draw, sc, A, False, zone="hand")
        note_object(sc, obj)
    return n.Reveal(object=obj), None


def ev_endurance(draw: Any, sc: Scope, mode: str) -> Built:
    """Endurance: "gain 3 endurance", "target opponent loses 2 endurance", "pay 2 endurance"."""
    if mode == "cannot":
        raise Unsupported
    if mode == "pay":
        return n.Endurance(amount=draw(st.one_of(fixed(1, 4, words=False), st.just(n.X()))), word="pay"), None
    if mode in ("whenever", "would"):
        gain = draw(st.booleans())
        who = pat(sc, mode, "player", draw(st.sampled_from(SOME_PLAYER)))
        how_much = draw(fixed(1, 4, words=False)) if draw(st.booleans()) else None
        return n.Endurance(player=who, amount=how_much, gain=gain), "player"
    if mode == "happened":
        raise Unsupported
    _step(sc)
    gain = draw(st.booleans())
    who = None if not sc.doer or draw(st.booleans()) else player_np(draw, sc)
    # an amount drawn and then replaced would leave its mentions ("equal to ~'s ATK") behind
    if draw(st.integers(0, 4)) == 0:
        how_much: n.Amount = n.Times(per_each(draw, sc), draw(fixed(1, 2, words=False)), word="for each")
    else:
        how_much = amount(draw, sc)
    note_player(sc, who)
    return n.Endurance(player=who, amount=how_much, gain=gain), "player" if who else None


def ev_points(draw: Any, sc: Scope, mode: str) -> Built:
    """Resource points: "gain 2 resource points", "pay 1 resource point", "pay up to 3 …"."""
    if mode in ("cannot", "happened", "would"):
        raise Unsupported
    if mode == "pay":  # "pay 2 resource points", "pay 1 or more resource points" (MEV)
        return n.ResourcePoints(amount=draw(fixed(1, 4, words=False)), or_more=draw(st.integers(0, 3)) == 0), None
    if mode == "whenever":
        return n.ResourcePoints(player=YOU, amount=draw(fixed(1, 4, words=False))), "player"
    _step(sc)
    return n.ResourcePoints(amount=draw(fixed(1, 4, words=False)), gain=True), None


def ev_enter_combat(draw: Any, sc: Scope, mode: str) -> Built:
    """"Whenever ~ enters combat" (Amazo, Power Duplication, DCL): seen happen only."""
    if mode != "whenever":
        raise Unsupported
    return EnterCombat(agent=pattern_np(draw, sc, mode, "agent")), "agent"


def ev_flip(draw: Any, sc: Scope, mode: str) -> Built:
    """"When you flip ~", "Whenever you flip a location" (a location of MHG): seen happen only."""
    if mode != "whenever":
        raise Unsupported
    obj = pat(sc, mode, "object", thing_filter(draw, sc, "location", A, False))
    return Flip(agent=YOU, object=obj), "agent"


def ev_pay_stat(draw: Any, sc: Scope, mode: str) -> Built:
    """Paying ATK or DEF, a cost only: "Pay 1 ATK this turn >>> …" (the MTU set)."""
    if mode != "pay":
        raise Unsupported
    # "pay 1 ATK" pays the card's ATK without saying the card: no mention ("… unless you pay 1 ATK.
    # You may stun another character": other than the one the step before stunned, as it reads)
    return PayStat(amount=draw(fixed(1, 3, words=False)), stat=draw(st.sampled_from(["atk", "def"])),
                   object=n.Self(), span=draw(st.booleans())), None


def ev_counter(draw: Any, sc: Scope, mode: str) -> Built:
    """Counters: "put a +1 ATK / +1 DEF counter on …", "remove the cosmic counter from ~"."""
    if mode in ("cannot", "happened", "would"):
        raise Unsupported
    kind = draw(st.sampled_from([n.CounterKind(1, 1), n.CounterKind(-1, -1), n.CounterKind(2, 0),
                                 n.CounterKind(0, 1), n.CounterKind(name="cosmic")]))
    if mode == "pay":
        add = draw(st.booleans())
        sc.add("character", n.Self())
        return n.Counter(object=n.Self(), kind=kind, add=add, count=ONE), None
    if mode == "whenever":
        sc.add("character", n.Self())
        return n.Counter(object=n.Self(), kind=kind, agent=YOU, count=ONE), "agent"
    _step(sc)
    obj = character_np(draw, sc, plural=True)
    note_object(sc, obj)
    count = ONE if draw(st.integers(0, 5)) else draw(fixed(2, 3))  # "put two +1 ATK counters on …"
    return n.Counter(object=obj, kind=kind, count=count), None


def ev_move_counter(draw: Any, sc: Scope, mode: str) -> Built:
    """Moving counters: "move a +1 ATK counter from target character to another target character"."""
    if mode != "do":
        raise Unsupported
    kind = draw(st.sampled_from([n.CounterKind(1, 1), n.CounterKind(-1, 0), n.CounterKind(name="cosmic")]))
    _step(sc)
    source = character_np(draw, sc, plural=False)
    to = character_np(draw, sc, plural=False, ref=False)
    if isinstance(to, n.Filter):
        # "to another character": other than the first — the first target, else the object the
        # event is about; and to one character (a plural destination is refused)
        first = (source if not isinstance(source, n.Filter)  # ~, or a reference: that one itself
                 else n.TargetRef(source.target) if source.target else n.Affected())
        to = attrs.evolve(to, quantity=n.Quantity("=", ONE),
                          qualifiers=tuple(n.Other(first) if isinstance(q, n.Other) else q for q in to.qualifiers))
    # what later text may call "it": the first as the step's object; the second if it is ~ or a
    # target (a character the text names), as the reader counts mentions
    note_object(sc, source)
    if isinstance(to, n.Self) or isinstance(to, n.Filter) and to.target is not None:
        record(sc, to)
    elif isinstance(to, n.Filter) and any(isinstance(x, n.Self) for x in n.descendants(to.qualifiers)):
        record(sc, n.Self())  # "to another character adjacent to ~": ~ is said after the first
    count = draw(st.sampled_from([ONE, ONE, n.Quantity("all")]))
    return MoveCounter(object=source, to=to, kind=kind, count=count), None


def ev_attach(draw: Any, sc: Scope, mode: str) -> Built:
    """Attaching equipment: "attach target equipment you control to another target character you control"."""
    if mode != "do":
        raise Unsupported
    _step(sc)
    equipment = n.Filter("equipment", (n.ControlledBy(YOU),), n.Quantity("=", ONE), target=sc.next_target()) \
        if draw(st.booleans()) else n.Filter("equipment", (n.ControlledBy(YOU),), n.Quantity("=", ONE))
    to = character_np(draw, sc, plural=False, ref=False)
    if isinstance(to, n.Filter):  # to one character ("another" is not other than the equipment: not a character)
        to = attrs.evolve(to, quantity=n.Quantity("=", ONE))
    note_object(sc, equipment)
    if isinstance(to, n.Self) or isinstance(to, n.Filter) and to.target is not None:
        record(sc, to)
    elif isinstance(to, n.Filter) and any(isinstance(x, n.Self) for x in n.descendants(to.qualifiers)):
        record(sc, n.Self())  # "to a character adjacent to ~": ~ is said after the equipment
    return Attach(object=equipment, to=to), None


def ev_breakthrough(draw: Any, sc: Scope, mode: str) -> Built:
    """Breakthrough: "~ causes breakthrough [to a player]"."""
    if mode == "cannot":
        return n.Breakthrough(agent=n.Affected()), "agent"
    if mode == "do":
        raise Unsupported
    agent = pattern_np(draw, sc, mode, "agent")
    to = None
    if draw(st.booleans()):
        to = pat(sc, mode, "player", n.Filter("player", (), A))
    return n.Breakthrough(agent=agent, player=to), "agent"


def ev_attack(draw: Any, sc: Scope, mode: str) -> Built:
    """Attack: "~ attacks", "~ is attacked", "~ cannot attack", "~ can attack hidden characters"."""
    if mode == "cannot":
        return n.Attack(agent=n.Affected()), "agent"
    if mode == "can":
        f = n.Filter("character", (n.State("hidden"),)) if draw(st.booleans()) else \
            n.Filter("character", (n.HasKeyword(("flight",)),))
        return n.Attack(agent=n.Affected(), object=f), "agent"
    if mode == "do":
        _step(sc)
        agent = character_filter(draw, sc, A, True, controlled=False)
        agent = attrs.evolve(agent, qualifiers=agent.qualifiers + (n.ControlledBy(YOU),))
        record(sc, agent)
        return n.Attack(agent=agent, team=draw(st.booleans())), "agent"
    if mode == "happened" or draw(st.booleans()):
        agent = pattern_np(draw, sc, mode, "agent")
        return n.Attack(agent=agent), "agent"
    return n.Attack(object=pattern_np(draw, sc, mode, "object")), "object"


def ev_defend(draw: Any, sc: Scope, mode: str) -> Built:
    """Defend: "~ defends", "~ cannot defend", "If ~ defended this turn"."""
    if mode == "cannot":
        return n.Defend(agent=n.Affected()), "agent"
    if mode in ("do", "pay", "would"):
        raise Unsupported
    agent = pattern_np(draw, sc, mode, "agent")
    if mode == "whenever" and draw(st.booleans()):  # "~ defends against an attacker you control"
        return n.Defend(agent=agent, object=pat(sc, mode, "object", character_filter(draw, sc, A, False))), "agent"
    return n.Defend(agent=agent), "agent"


def ev_enter(draw: Any, sc: Scope, mode: str) -> Built:
    """"~ comes into play", "~ enters play", "~ leaves play"."""
    if mode not in ("whenever",):
        raise Unsupported
    obj = pattern_np(draw, sc, mode, "object")
    if draw(st.integers(0, 2)) == 0:
        return n.LeavePlay(object=obj), "object"
    return n.EnterPlay(object=obj, word=draw(st.sampled_from(["comes into play", "enters play"]))), "object"


def ev_play(draw: Any, sc: Scope, mode: str) -> Built:
    """Play / recruit: "Whenever you play a plot twist [from your resource row]", "If you played
    another plot twist this turn", "When you recruit ~", "You cannot play plot twists"."""
    if mode == "cannot":
        return n.Play(agent=n.Affected(), object=n.Filter("plot twist", ())), "agent"
    if mode not in ("whenever", "happened"):
        raise Unsupported
    origin = n.Zone(("resource row",), YOU) if draw(st.integers(0, 3)) == 0 else None
    what = draw(st.sampled_from(["play", "recruit self", "recruit"]))
    if what == "recruit self":
        sc.add("character", n.Self())
        return n.Recruit(agent=YOU, object=n.Self(), origin=origin), "agent"
    who = pat(sc, mode, "agent", draw(st.sampled_from([YOU, n.Filter("opponent", (), A)])))
    if what == "play":
        quals: tuple[n.Qualifier, ...] = (n.Other(sc.other_of("plot twist")),) if mode == "happened" and draw(st.booleans()) else ()
        played = pat(sc, mode, "object", n.Filter("plot twist", quals, A))
        return n.Play(agent=who, object=played, origin=origin), "agent"
    obj = pat(sc, mode, "object", character_filter(draw, sc, A, False, controlled=False))
    return n.Recruit(agent=who, object=obj), "agent"


def ev_gain_control(draw: Any, sc: Scope, mode: str) -> Built:
    """"Gain control of target character this turn"."""
    if mode not in ("do",):
        raise Unsupported
    _step(sc)
    obj = character_np(draw, sc, plural=False, ref=False, self_ok=False)
    note_object(sc, obj)
    return n.GainControl(object=obj, span=draw(st.sampled_from([None, "turn"]))), None


def ev_thing(cls: type, kinds: tuple[str, ...]) -> Callable[[Any, Scope, str], Built]:
    """Replace a resource, turn a resource or location face down, negate an effect, KO equipment."""
    def build(draw: Any, sc: Scope, mode: str) -> Built:
        if mode == "pay":
            if cls is n.Negate:
                raise Unsupported
            sc.add("character", n.Self())
            return _thing(cls, n.Self(), draw), None
        if mode == "whenever":
            obj = pat(sc, mode, "object", thing_filter(draw, sc, draw(st.sampled_from(kinds)), A, False))
            return _thing(cls, obj, draw, YOU), "agent"
        if mode != "do":
            raise Unsupported
        _step(sc)
        obj = thing_filter(draw, sc, draw(st.sampled_from(kinds)), A, draw(st.booleans()))
        note_object(sc, obj)
        return _thing(cls, obj, draw), None
    return build


def _thing(cls: type, obj: Any, draw: Any, agent: Any = None) -> n.Event:
    if cls is n.Turn:
        return n.Turn(object=obj, face=draw(st.sampled_from(["down", "up"])), agent=agent)
    return cls(object=obj, agent=agent)


def ev_search(draw: Any, sc: Scope, mode: str) -> Built:
    """"Search your deck for a card named Kang" (then "reveal it", "put it into your hand")."""
    if mode != "do":
        raise Unsupported
    _step(sc)
    obj = card_filter(draw, sc, A, False)
    note_object(sc, obj)
    return n.Search(zone=n.Zone(("deck",), YOU), object=obj), None


def ev_look(draw: Any, sc: Scope, mode: str) -> Built:
    """"Look at the top three cards of your deck", "look at target player's hand"."""
    if mode != "do":
        raise Unsupported
    _step(sc)
    if draw(st.booleans()):
        top = n.TopCards(n.Zone(("deck",), YOU), draw(fixed(1, 3)))
        note_object(sc, top)
        return n.LookAt(object=top), None
    who = n.Filter("player", (), A, sc.next_target())
    record(sc, who)
    sc.add("card", n.Acted(sc.steps))  # the cards seen, as refs reads them ("Choose a card from it")
    return n.LookAt(object=n.Zone(("hand",), who)), None


def ev_shuffle(draw: Any, sc: Scope, mode: str) -> Built:
    """"Shuffle your deck", "shuffle your KO'd pile into your deck"."""
    if mode != "do":
        raise Unsupported
    _step(sc)
    if draw(st.booleans()):
        return n.Shuffle(zone=n.Zone(("deck",), YOU)), None
    return n.Shuffle(zone=n.Zone(("ko pile",), YOU), into=n.Zone(("deck",), YOU)), None


def ev_become_target(draw: Any, sc: Scope, mode: str) -> Built:
    """"~ becomes the target of an effect an opponent controls", "~ cannot be the target of …"."""
    kind = draw(st.sampled_from(["effect", "plot twist effect"]))
    if mode == "cannot":
        by = n.Filter(kind, (n.ControlledBy(n.OpponentsOf(YOU)),) if draw(st.booleans()) else ())
        return n.BecomeTarget(object=n.Affected(), agent=by), "object"
    if mode != "whenever":
        raise Unsupported
    obj = pattern_np(draw, sc, mode, "object")
    by = pat(sc, mode, "agent", n.Filter(kind, (n.ControlledBy(n.Filter("opponent", (), A)),)
                                         if draw(st.booleans()) else (), A))
    return n.BecomeTarget(object=obj, agent=by), "object"


def ev_defender(draw: Any, sc: Scope, mode: str) -> Built:
    """"Target character becomes the defender this attack", "Whenever ~ becomes the defender"."""
    if mode == "whenever":
        return n.BecomeDefender(object=pattern_np(draw, sc, mode, "object")), "object"
    if mode != "do":
        raise Unsupported
    _step(sc)
    obj = character_filter(draw, sc, A, True, roles=False)
    note_object(sc, obj)
    return n.BecomeDefender(object=obj, span="attack"), "object"


def ev_remove_from_attack(draw: Any, sc: Scope, mode: str) -> Built:
    """"Remove target attacker from this attack"."""
    if mode != "do":
        raise Unsupported
    _step(sc)
    obj = n.Filter("character", (n.Role(("attacker",)),) + ((n.ControlledBy(YOU),) if draw(st.booleans()) else ()),
                   A, sc.next_target())
    note_object(sc, obj)
    return n.RemoveFromAttack(object=obj), None


def ev_change_target(draw: Any, sc: Scope, mode: str) -> Built:
    """"Change the target of target plot twist effect to another character you control"."""
    if mode != "do":
        raise Unsupported
    _step(sc)
    obj = n.Filter(draw(st.sampled_from(["plot twist effect", "effect"])), (), A, sc.next_target())
    record(sc, obj)
    to = n.Filter("character", (n.Other(n.CurrentTarget()), n.ControlledBy(YOU)), A)
    return n.ChangeTarget(object=obj, to=to), None


def ev_reinforce(draw: Any, sc: Scope, mode: str) -> Built:
    """"~ reinforces a character", "Whenever ~ is reinforced"."""
    if mode not in ("whenever",):
        raise Unsupported
    if draw(st.booleans()):
        agent = pattern_np(draw, sc, mode, "agent")
        return n.Reinforce(agent=agent, object=pat(sc, mode, "object", character_filter(draw, sc, A, False))), "agent"
    return n.Reinforce(object=pattern_np(draw, sc, mode, "object")), "object"


def ev_game_end(draw: Any, sc: Scope, mode: str) -> Built:
    """"Target player loses the game", "you cannot lose the game"."""
    if mode == "cannot":
        return n.GameEnd(player=n.Affected(), win=False), "player"
    if mode != "do":
        raise Unsupported
    _step(sc)
    who = player_np(draw, sc, each=False, ref=False) if sc.doer else None
    note_player(sc, who)
    return n.GameEnd(player=who, win=draw(st.booleans())), "player"


def ev_use_power(draw: Any, sc: Scope, mode: str) -> Built:
    """"Whenever you use this power", "you cannot use ~'s activated powers this turn"."""
    if mode == "whenever":
        return n.UsePower(agent=YOU, object=n.ThisPower()), "agent"
    if mode != "cannot":
        raise Unsupported
    powers_ = n.Filter("power", (n.State("activated"), n.ControlledBy(n.Self())), n.Quantity("all"))
    sc.add("character", n.Self())  # "~'s activated powers"
    return n.UsePower(agent=n.Affected(), object=powers_), "agent"


def ev_rally(draw: Any, sc: Scope, mode: str) -> Built:
    """"Rally for a character card"; "Whenever you rally ~ into your hand" (MUN: the card a
    successful rally puts into the hand)."""
    if mode == "whenever":
        return n.Rally(agent=YOU, object=n.Self(), into=n.Zone(("hand",), YOU)), "agent"
    if mode != "do":
        raise Unsupported
    _step(sc)
    obj = card_filter(draw, sc, A, False, kinds=("character card", "plot twist card", "card"))
    note_object(sc, obj)
    return n.Rally(object=obj), None


def ev_either(draw: Any, sc: Scope, mode: str) -> Built:
    """Either of two events: "~ attacks or defends against a character you control" (MXM), "~ has
    been in combat this turn" (MTU)."""
    if mode == "happened":
        agent = pattern_np(draw, sc, mode, "agent")
        return EitherEvent(options=(n.Attack(agent=agent), n.Defend(agent=agent)), word="in combat"), "agent"
    if mode != "whenever":
        raise Unsupported
    agent = pattern_np(draw, sc, mode, "agent")
    # the one attacked or defended against is the latest character named, so a later "that
    # character" means it, as after "~ defends against a character" ("… attacks or defends against
    # another character, reveal that character": the other one); "it" means the trigger's subject
    # (the attacker), which triggered() names after it
    opponent = pat(sc, mode, "object", character_filter(draw, sc, A, False))
    return EitherEvent(options=(n.Attack(agent=agent, object=opponent), n.Defend(agent=agent, object=opponent))), \
        "agent"


def ev_hunt(draw: Any, sc: Scope, mode: str) -> Built:
    """Hunted (MEV): "that character becomes hunted by you", "Whenever a character becomes hunted by
    you", "~ cannot be hunted", "if it was hunted by you this turn"."""
    if mode == "cannot":
        return n.Hunt(object=n.Affected()), "object"
    if mode in ("whenever", "happened"):
        return n.Hunt(object=pattern_np(draw, sc, mode, "object"), agent=YOU), "object"
    if mode != "do" or not sc.doer:  # who hunts is "you": no other doer is said ("by him" would be the object)
        raise Unsupported
    _step(sc)
    obj = character_np(draw, sc, plural=False)
    note_object(sc, obj)
    return n.Hunt(object=obj, agent=YOU), "object"


#: One builder per event class of nodes.py that card text says.
EVENTS: dict[str, Callable[[Any, Scope, str], Built]] = {
    "stun": ev_character(n.Stun),
    "ko": ev_character(n.KO),
    "exhaust": ev_character(n.Exhaust),
    "ready": ev_character(n.Ready),
    "recover": ev_character(n.Recover),
    "power-up": ev_character(n.PowerUp),
    "move": ev_move,
    "draw": ev_draw,
    "discard": ev_discard,
    "reveal": ev_reveal,
    "endurance": ev_endurance,
    "points": ev_points,
    "counter": ev_counter,
    "breakthrough": ev_breakthrough,
    "attack": ev_attack,
    "defend": ev_defend,
    "enter": ev_enter,
    "play": ev_play,
    "gain control": ev_gain_control,
    "replace": ev_thing(n.Replace, ("resource",)),
    "turn": ev_thing(n.Turn, ("resource", "location")),
    "negate": ev_thing(n.Negate, ("effect", "plot twist effect", "payment effect")),
    "search": ev_search,
    "look": ev_look,
    "shuffle": ev_shuffle,
    "become target": ev_become_target,
    "defender": ev_defender,
    "remove from attack": ev_remove_from_attack,
    "change target": ev_change_target,
    "reinforce": ev_reinforce,
    "game end": ev_game_end,
    "use power": ev_use_power,
    "rally": ev_rally,
    "pay stat": ev_pay_stat,
    "move counter": ev_move_counter,
    "attach": ev_attach,
    "either": ev_either,
    "hunt": ev_hunt,
    "enter combat": ev_enter_combat,
    "flip": ev_flip,
}

#: The event class each builder makes (``play`` and ``enter`` make Recruit and LeavePlay too).
EVENT_CLASSES: dict[str, type] = {
    "stun": n.Stun, "ko": n.KO, "exhaust": n.Exhaust, "ready": n.Ready, "recover": n.Recover,
    "power-up": n.PowerUp, "move": n.Move, "draw": n.Draw, "discard": n.Discard, "reveal": n.Reveal,
    "endurance": n.Endurance, "points": n.ResourcePoints, "counter": n.Counter, "breakthrough": n.Breakthrough,
    "attack": n.Attack, "defend": n.Defend, "enter": n.EnterPlay, "play": n.Play, "gain control": n.GainControl,
    "replace": n.Replace, "turn": n.Turn, "negate": n.Negate, "search": n.Search, "look": n.LookAt,
    "shuffle": n.Shuffle, "become target": n.BecomeTarget, "defender": n.BecomeDefender,
    "remove from attack": n.RemoveFromAttack, "change target": n.ChangeTarget, "reinforce": n.Reinforce,
    "game end": n.GameEnd, "use power": n.UsePower, "rally": n.Rally, "pay stat": PayStat, "either": EitherEvent,
    "hunt": n.Hunt,
    "move counter": MoveCounter,
    "attach": Attach,
    "enter combat": EnterCombat,
    "flip": Flip,
}

#: The events whose prohibition is said of a player ("you cannot play plot twists").
PLAYER_CANNOT = ("play", "draw", "game end", "use power")

#: The modes each event is said in (a builder raises :class:`Unsupported` for the others).
_ALL = ("do", "pay", "whenever", "would", "cannot", "happened")
MODES: dict[str, tuple[str, ...]] = {
    "stun": _ALL, "ko": _ALL, "exhaust": _ALL, "ready": _ALL, "recover": _ALL,
    "power-up": ("do", "pay", "whenever", "would", "cannot"),
    "move": ("do", "pay", "whenever", "would", "cannot"),
    "draw": ("do", "whenever", "would", "cannot", "happened"),
    "discard": ("do", "pay", "whenever", "happened"),
    "reveal": ("do", "pay", "whenever", "happened"),
    "endurance": ("do", "pay", "whenever", "would"),
    "points": ("do", "pay", "whenever"),
    "counter": ("do", "pay", "whenever"),
    "breakthrough": ("whenever", "would", "cannot", "happened"),
    "attack": ("do", "whenever", "would", "cannot", "happened"),
    "defend": ("whenever", "cannot", "happened"),
    "enter": ("whenever",),
    "play": ("whenever", "cannot", "happened"),
    "gain control": ("do",),
    "replace": ("do", "pay", "whenever"),
    "turn": ("do", "pay", "whenever"),
    "negate": ("do", "whenever"),
    "search": ("do",), "look": ("do",), "shuffle": ("do",),
    "become target": ("whenever", "cannot"),
    "defender": ("do", "whenever"),
    "remove from attack": ("do",), "change target": ("do",),
    "reinforce": ("whenever",),
    "game end": ("do", "cannot"),
    "use power": ("whenever", "cannot"),
    "rally": ("do", "whenever"),
    "pay stat": ("pay",),
    "move counter": ("do",),
    "attach": ("do",),
    "either": ("whenever", "happened"),
    "hunt": ("do", "whenever", "cannot", "happened"),
    "enter combat": ("whenever",),
    "flip": ("whenever",),
}


def any_event(draw: Any, sc: Scope, mode: str, exclude: tuple[str, ...] = ()) -> Built:
    """An event of any class that has a wording in ``mode``."""
    names = [k for k, modes in MODES.items() if mode in modes and k not in exclude]
    while True:
        name = draw(st.sampled_from(names))
        saved = attrs.evolve(sc, mentions=list(sc.mentions))
        try:
            return EVENTS[name](draw, sc, mode)
        except Unsupported:
            sc.mentions, sc.targets, sc.steps = saved.mentions, saved.targets, saved.steps


# =============================================================================================
# Conditions, durations
# =============================================================================================

def span(draw: Any, none_ok: bool = False) -> str | None:
    """"this turn", "this attack"."""
    return draw(st.sampled_from(["turn", "attack"] + ([None] if none_ok else [])))


def condition_atom(draw: Any, sc: Scope) -> n.Condition:
    """"you control three or more X", "you have no cards in hand", "~ is exhausted", "you have 15
    or less endurance", "you played another plot twist this turn", "it attacked this turn"."""
    choice = draw(st.integers(0, 6))
    if choice == 0:
        f = counted(draw, sc)
        if f.kind == "card":  # "no cards in …": nothing to refer to later
            return n.Compare(n.NumberOf(f), "=", n.Fixed(0))
        f = attrs.evolve(f, qualifiers=tuple(q for q in f.qualifiers if not isinstance(q, n.ControlledBy))
                         + (n.ControlledBy(YOU),))
        op = draw(st.sampled_from([">=", ">=", "=", "<="]))
        right = draw(fixed(1, 4)) if op != "=" else draw(st.sampled_from([n.Fixed(0), n.Fixed(1, word="one"),
                                                                           n.Fixed(2, word="two")]))
        if right != n.Fixed(0) or op != "=":  # "you control no X" names none
            sc.add(noun_of(f), n.ConditionRef("object"))
        return n.Compare(n.NumberOf(f), op, right)
    if choice == 1:
        return n.Compare(n.NumberOf(n.Filter("card", (n.InZone(n.Zone(("hand",), YOU)),))), "=", n.Fixed(0))
    if choice == 2:
        sc.add("character", n.Self())
        return n.Is(n.Self(), (n.State(draw(st.sampled_from(["exhausted", "stunned", "ready", "attacking",
                                                              "defending", "visible", "hidden"]))),))
    if choice == 3:
        return n.Compare(n.EnduranceOf(YOU), draw(st.sampled_from(["<=", ">="])), draw(fixed(5, 30, words=False)))
    if choice == 4:
        ref = sc.said_again(reference(draw, sc))
        if ref is not None:
            return n.Is(ref, (n.State(draw(st.sampled_from(["exhausted", "stunned", "ready"]))),))
    event, _ = any_event(draw, sc, "happened")
    happened = n.Happened(event, draw(st.sampled_from(["turn", None])) if _may_span(event) else None)
    who = getattr(event, "agent", None)
    if isinstance(who, n.Filter) and who.kind in PLAYER_KINDS:
        # "an opponent played a plot twist": for some opponent, he played one
        sc.add("player", n.Acting(), player=True)
        return n.Some(n.Filter(who.kind), attrs.evolve(happened, event=attrs.evolve(event, agent=n.Acting())))
    return happened


def _may_span(e: n.Event) -> bool:
    return not isinstance(e, (n.Discard, n.Reveal))


def condition(draw: Any, sc: Scope) -> n.Condition:
    """A condition, or two joined by "and" / "or", or "not"."""
    choice = draw(st.integers(0, 7))
    before = len(sc.mentions)
    first = condition_atom(draw, sc)
    if choice == 0:
        return n.All((first, condition_atom(draw, sc)))
    if choice == 1:
        return n.AnyOf((first, condition_atom(draw, sc)))
    if choice == 2 and (isinstance(first, n.Is) or isinstance(first, n.Compare) and first.op == ">="
                        and first.right == ONE and isinstance(first.left, n.NumberOf)):
        # "if ~ is not exhausted" names ~; "if you do not control a stunned character" names none
        sc.mentions[before:] = [m for m in sc.mentions[before:] if not isinstance(m.ref, n.ConditionRef)]
        return n.Not(first)
    return first


# =============================================================================================
# Modifiers
# =============================================================================================

def stat_changes(draw: Any, sc: Scope, x_ok: bool = True) -> tuple[n.Change, ...]:
    """"+2 ATK", "-1 DEF", "+2 ATK / +2 DEF", "+X ATK", "+ATK equal to its DEF", "+1 ATK for each …"."""
    choice = draw(st.integers(0, 5))
    if choice == 0:
        return (n.StatChange(draw(st.sampled_from(["atk", "def"])), computed(draw, sc), equal=True),)
    if choice == 1:
        return (n.StatChange(draw(st.sampled_from(["atk", "def"])), n.Times(per_each(draw, sc), ONE,
                                                                             word="for each")),)
    if choice == 2 and x_ok:
        return (n.StatChange("atk", n.X()),)

    def signed() -> n.Amount:
        k = draw(fixed(1, 4, words=False))
        return n.Negative(k) if draw(st.integers(0, 2)) == 0 else k
    stats = draw(st.sampled_from([("atk",), ("def",), ("atk", "def")]))
    return tuple(n.StatChange(s, signed()) for s in stats)


def changes(draw: Any, sc: Scope, player: bool) -> tuple[n.Change, ...]:
    """What a modifier does: stats, keywords, an affiliation, a prohibition, a permission (for a
    player subject: a prohibition of what players do)."""
    if player:
        event, _ = EVENTS[draw(st.sampled_from(PLAYER_CANNOT))](draw, sc, "cannot")
        return (n.Cannot(event),)
    choice = draw(st.integers(0, 9))
    if choice <= 3:
        out = stat_changes(draw, sc)
        if draw(st.integers(0, 3)) == 0 and not any(isinstance(c.amount, n.Times) for c in out):
            out += (n.KeywordChange((draw(st.sampled_from(KEYWORDS)),)),)
        return out
    if choice == 4:
        kws = tuple(draw(st.lists(st.sampled_from(KEYWORDS), min_size=1, max_size=2, unique=True)))
        how = draw(st.sampled_from(["gain", "gain", "lose", "block", "lose-block"]))
        return (n.KeywordChange(kws, how, word=draw(st.sampled_from(["have", "gain"])) if how == "gain" else "have"),)
    if choice == 5:
        return (n.AffiliationChange(names=(draw(st.sampled_from(AFFILIATIONS[:5])),)),)
    if choice == 6:
        event, _ = ev_attack(draw, sc, "can")
        return (n.Can(event),)
    if choice == 8 and draw(st.booleans()):
        # "gains the powers and keywords of target character" (Amazo, Power Duplication)
        of = character_np(draw, sc, plural=False)
        record(sc, of)  # a target or ~ is a mention, what a later "another" may be other than
        what = draw(st.sampled_from(["powers", "keywords", "both"]))
        # a target is said once: the keywords' noun phrase refers to it (text/refs.py, _once)
        again = n.TargetRef(of.target) if what == "both" and isinstance(of, n.Filter) and of.target else of
        return ((n.GainPowers(of),) if what != "keywords" else ()) + \
            ((n.KeywordChange((), "gain", word="of", of=again),) if what != "powers" else ())
    if choice == 7 and draw(st.booleans()):
        # "can be equipped with any number of Fate Artifacts" (Helm of Nabu), "… with two equipment"
        quals = (n.Name(draw(st.sampled_from(["Fate Artifacts", "Avengers"]))),) if draw(st.booleans()) else ()
        many = n.Quantity("any number") if draw(st.booleans()) else n.Quantity("=", draw(fixed(2, 3)))
        return (n.EquipLimit(n.Filter(draw(st.sampled_from(["equipment", "card"])), quals, many)),)
    name = draw(st.sampled_from([k for k, modes in MODES.items() if "cannot" in modes and k not in PLAYER_CANNOT]))
    event, _ = EVENTS[name](draw, sc, "cannot")
    return (n.Cannot(event),)


def modify(draw: Any, sc: Scope, static: bool) -> n.Modify:
    """"Target attacker gets +2 ATK this attack", "Other Army characters you control get +1 DEF",
    "~ cannot be stunned while attacking", "You cannot play plot twists this turn"."""
    if draw(st.integers(0, 7)) == 0:
        subject: Any = YOU
    elif static and draw(st.booleans()):
        subject = n.Self()
    elif draw(st.integers(0, 7)) == 0:
        # "Your support row characters …", "your front row characters …"
        row = n.State(draw(st.sampled_from(["front row", "support row"])))
        subject = n.Filter("character", (row, n.ControlledBy(YOU)), words="possessed")
    elif static or draw(st.integers(0, 3)) == 0:
        # "Other Brotherhood characters you control …", "All Avengers characters …", "Each hidden character …"
        how_many = None if static else draw(st.sampled_from([None, n.Quantity("all"), n.Quantity("each")]))
        subject = character_filter(draw, sc, how_many, False, controlled=False)
        subject = attrs.evolve(subject, qualifiers=subject.qualifiers + (n.ControlledBy(YOU),))
    else:
        subject = character_np(draw, sc, plural=False)
    if isinstance(subject, n.Filter) and subject.target is not None or isinstance(subject, n.Self):
        record(sc, subject)
    elif isinstance(subject, n.Filter):
        sc.add(noun_of(subject), n.Affected())
    chg = changes(draw, sc, subject is YOU)
    while_: n.Condition | None = None
    if subject is not YOU and draw(st.integers(0, 3)) == 0 and \
            not any(isinstance(c.amount, n.Times) for c in chg if isinstance(c, n.StatChange)):
        while_ = n.Is(n.Affected(), (n.State(draw(st.sampled_from(["attacking", "defending"]))),))
    said_of_one = isinstance(subject, n.Filter) and subject.target is not None or \
        isinstance(subject, n.Ref) and not isinstance(subject, (n.Self, n.You))
    if not static and while_ is None and said_of_one and draw(st.integers(0, 3)) == 0:
        # (said of a target or a reference: of ~, you or all characters it would read as a continuous power)
        # "It cannot ready during your next recovery phase."
        return n.Modify(subject, chg, n.Duration(None, n.During(n.Step("recovery phase", "your", next=True))))
    return n.Modify(subject, chg, n.Duration(None if static else span(draw), while_))


# =============================================================================================
# Effects and powers
# =============================================================================================

def step(draw: Any, sc: Scope, replacement: bool = True) -> n.Effect:
    """One sentence's worth of effect: an event, a modifier, a replacement or a trigger it creates."""
    choice = draw(st.integers(0, 11))
    if choice <= 1:
        return modify(draw, sc, static=False)
    if choice == 2 and replacement:
        return create_replacement(draw, sc)
    if choice == 3 and replacement:
        return delayed(draw, sc)
    event, _ = any_event(draw, sc, "do")
    return event


def create_replacement(draw: Any, sc: Scope) -> n.Effect:
    """"If ~ would be KO'd this turn, instead, …", "Prevent all breakthrough to you this attack."."""
    if draw(st.integers(0, 3)) == 0:
        if draw(st.booleans()):
            prevented: n.Event = n.Breakthrough(player=YOU)
        else:
            prevented = n.Endurance(cause=draw(st.sampled_from(["stun", "breakthrough"])))
        return n.CreateReplacement(n.Instead(prevented, n.Nothing(), prevent=True), n.Duration(span(draw)))
    before = len(sc.mentions)
    created = n.CreateReplacement(instead(draw, sc, power=False), n.Duration(span(draw)))
    for m in sc.mentions[before:]:
        # the replaced event's participants are EventRefs, which after this sentence would name
        # the triggering event's (BUGS.md #14): a reader may still mean them, no node can say them
        if isinstance(m.ref, n.EventRef):
            m.referable = False
    return created


def delayed(draw: Any, sc: Scope) -> n.Effect:
    """"At the start of the recovery phase this turn, recover ~.", "Whenever that character
    attacks this turn, …" (a trigger the effect creates; its events are not the power's steps)."""
    ref = reference(draw, sc)
    saved = sc.in_effect
    if ref is not None and draw(st.booleans()):
        sc.said_again(ref)  # "Whenever that character attacks this turn, stun another character"
        trigger: n.Trigger = n.Whenever(draw(st.sampled_from([n.Attack(agent=ref), n.Breakthrough(agent=ref),
                                                              n.Stun(object=ref)])))
        trigger = attrs.evolve(trigger, subject="object" if isinstance(trigger.event, n.Stun) else "agent")
    else:
        trigger = n.AtStart(draw(st.sampled_from(STEPS)))
    sc.in_effect = False
    event, _ = any_event(draw, sc, "do", exclude=("defender",))
    sc.in_effect = saved
    return n.Delayed(trigger, event, n.Duration("turn"))


def instead(draw: Any, sc: Scope, power: bool) -> n.Instead:
    """"If EVENT would happen, instead, E" / "…, you may E instead". The effect of a replacement
    power is the power's effect (its steps are numbered); one an effect creates is not."""
    saved = sc.in_effect
    sc.in_effect = False
    event, role = any_event(draw, sc, "would")
    # the replaced event's subject is what a pronoun means first, as a trigger's is
    subject_role = "object" if role == "become" else role or "agent"
    if isinstance(event, n.Endurance) and event.gain and draw(st.integers(0, 2)) == 0:
        # "If an opponent would gain endurance, instead, he gains no endurance."
        sc.in_effect = saved
        return n.Instead(event, n.Nothing(word="gains no endurance"), first=True, subject=role)
    subject = getattr(event, subject_role, None)
    if isinstance(subject, n.Filter):
        sc.add(noun_of(subject), n.EventRef(subject_role), subject.kind in PLAYER_KINDS, salient=True)
    elif isinstance(subject, n.Self):
        sc.add("character", subject, salient=True)
    sc.in_effect = power
    effect, _ = any_event(draw, sc, "do")
    sc.in_effect = saved
    optional = draw(st.integers(0, 3)) == 0 and getattr(effect, "agent", "none") is None \
        and not isinstance(effect, (n.Endurance, n.ResourcePoints))
    if optional:
        effect = attrs.evolve(effect, agent=YOU)
    # "If you would draw a card for the first time in a phase, instead, …": no such event yet in the span
    condition = n.FirstTime(event, draw(st.sampled_from(["turn", "phase"])),
                            word=draw(st.sampled_from(["each", "this", "in a"]))) if draw(st.integers(0, 4)) == 0 else None
    return n.Instead(event, effect, optional=optional, condition=condition,
                     first=not optional and draw(st.booleans()), subject=role)


def combinator(draw: Any, sc: Scope) -> list[n.Effect]:
    """A step, or "you may E. If you do, F.", "If C, E. [Otherwise, F.]", "E unless C", "E if C"."""
    choice = draw(st.integers(0, 9))
    if choice == 0:
        who = draw(st.sampled_from([YOU, YOU, n.Filter("player", (), n.Quantity("each"))]))
        sc.doer = False
        inner, _ = any_event(draw, sc, "do", exclude=("attack", "defender", "hunt"))
        sc.doer = True
        inner = _with_doer(inner, who)
        if who is not YOU:
            sc.add("player", n.Acting(), player=True)
        may = n.May(inner, None if who is YOU else who)
        if draw(st.booleans()):
            he = who is not YOU and draw(st.booleans())  # "If he does, he draws a card."
            sc.doer = not he
            then, _ = any_event(draw, sc, "do")
            sc.doer = True
            if he:
                then = _with_doer(then, n.Acting(word="he"))
            return [may, n.IfDone(then, None if who is YOU else n.Acting(word="he"))]
        return [may]
    if choice == 1:
        cond = condition(draw, sc)
        effect = step(draw, sc, replacement=False)
        otherwise = None
        if draw(st.integers(0, 2)) == 0:
            otherwise, _ = any_event(draw, sc, "do")
        return [n.Conditional(cond, effect, otherwise)]
    if choice == 2:
        effect, _ = any_event(draw, sc, "do")
        cond = condition_atom(draw, sc)
        return [n.Conditional(cond, effect, trailing=True)]
    if choice == 3:
        effect, _ = any_event(draw, sc, "do")
        # "unless that character's controller stuns ~": who pays is said before what he pays
        who = reference(draw, sc)
        doer: Any = n.ControllerOf(sc.said_again(who)) if isinstance(who, REFERABLE) and draw(st.booleans()) else YOU
        saved = sc.in_effect
        sc.in_effect = False
        paid, _ = any_event(draw, sc, "pay")
        sc.in_effect = saved
        if isinstance(paid, n.Exhaust) and paid.word == "activate":
            sc.add("character", n.Self())  # said "exhaust ~" with a doer
        return [n.Unless(effect, n.Does(_with_doer(paid, doer)))]
    return [step(draw, sc)]


def _with_doer(e: n.Event, who: Any) -> n.Event:
    """The event done by ``who`` ("you may exhaust …", "unless its controller pays …")."""
    if isinstance(e, n.Exhaust) and e.word == "activate":
        e = n.Exhaust(object=e.object)
    if isinstance(e, n.Hunt):
        return e  # the player who hunts is said in "by …", not as the doer
    for role in ("player", "agent"):
        if hasattr(e, role) and not (isinstance(e, n.Attack) and getattr(e, role) is not None):
            if role == "agent" and isinstance(e, (n.Endurance, n.ResourcePoints, n.GameEnd)):
                continue
            if role == "player" and not isinstance(e, (n.Endurance, n.ResourcePoints, n.GameEnd)):
                continue
            return attrs.evolve(e, **{role: who})
    return e


def effect(draw: Any, sc: Scope, max_steps: int = 3) -> n.Effect:
    """One to three sentences."""
    sc.in_effect = True
    steps: list[n.Effect] = []
    for _ in range(draw(st.integers(1, max_steps))):
        steps += combinator(draw, sc)
    return steps[0] if len(steps) == 1 else n.Sequence(tuple(steps))


@st.composite
def spells(draw: Any) -> n.Power:
    """The effect of a plot twist."""
    return n.Spell(effect(draw, Scope()))


@st.composite
def activated(draw: Any) -> n.Power:
    """"COSTS >>> EFFECT[. Use this power only …]"."""
    sc = Scope()
    costs = []
    for _ in range(draw(st.integers(1, 2))):
        cost, _ = any_event(draw, sc, "pay")
        costs.append(cost)
    limits: list[n.Limit] = []
    fx = effect(draw, sc, 2)
    if draw(st.booleans()):
        limits.append(draw(st.sampled_from([n.PerTurn(1), n.PerTurn(2),
                                            n.OnlyDuring(n.Step("recruit step", "your")),
                                            n.OnlyDuring(n.Step("attack step", "your"))])))
        if draw(st.integers(0, 2)) == 0:
            sc.refs = False  # what the effect names is not there yet when the power is used
            limits.append(n.OnlyIf(condition_atom(draw, sc), word=draw(st.sampled_from(["if", "while"]))))
    return n.Activated(tuple(costs), fx, tuple(limits))


STEPS = [n.Step("build phase", "your"), n.Step("recovery phase"), n.Step("draw phase"), n.Step("combat phase"),
         n.Step("recruit step", "your"), n.Step("formation step", "your")]


@st.composite
def triggered(draw: Any) -> n.Power:
    """"Whenever EVENT, E", "When ~ comes into play, E", "At the start of your build phase, E"."""
    sc = Scope()
    if draw(st.integers(0, 4)) == 0:
        step_ = draw(st.sampled_from(STEPS))
        if draw(st.integers(0, 3)) == 0:
            # "At the start of each player's recruit step, that player …": whose step it is
            step_ = n.Step(draw(st.sampled_from(["recruit step", "attack step", "formation step"])), "each")
            sc.add("player", n.EventRef("player"), True)
        trigger: n.Trigger = draw(st.sampled_from([n.AtStart(step_), n.AtEnd(step_)]))
    else:
        event, role = any_event(draw, sc, "whenever")
        # an either-event's subject is its options' ("another character attacks or defends …")
        subject = getattr(event.options[0] if isinstance(event, EitherEvent) else event, role or "agent", None)
        if isinstance(subject, n.Filter):
            sc.add(noun_of(subject), n.EventRef(role), subject.kind in PLAYER_KINDS, salient=True)
        elif isinstance(subject, n.Self):
            sc.add("character", subject, salient=True)
        word = "when" if isinstance(event, (n.EnterPlay, n.LeavePlay)) or draw(st.integers(0, 3)) == 0 else "whenever"
        trigger = n.Whenever(event, word=word, subject=role)
    return n.Triggered(trigger, effect(draw, sc, 2))


@st.composite
def replacements(draw: Any) -> n.Power:
    """"If EVENT would happen, instead, E."."""
    return n.Replacement(instead(draw, Scope(), power=True))


@st.composite
def statics(draw: Any) -> n.Power:
    """A continuous power: "~ gets +2 ATK while attacking", "Other X characters you control …"."""
    return n.Static(modify(draw, Scope(), static=True))


POWERS = {"spell": spells(), "activated": activated(), "triggered": triggered(), "replacement": replacements(),
          "static": statics()}

#: Keywords a power may stand behind ("Leader: …", "Ongoing: …", "Ally: …").
POWER_KEYWORDS = ("leader", "ongoing", "ally", "cosmic")


@st.composite
def behind_keyword(draw: Any, power: st.SearchStrategy[n.Power]) -> n.Power:
    """A power, sometimes behind a keyword."""
    p = draw(power)
    if not isinstance(p, n.Spell) and draw(st.integers(0, 7)) == 0:
        return n.KeywordPower(n.Keyword(draw(st.sampled_from(POWER_KEYWORDS))), p)
    return p


#: Keyword lines: "Reservist, Range", "Boost 3", "Concealed—Optional, Flight".
KEYWORD_LINE = st.lists(st.sampled_from([n.Keyword("reservist"), n.Keyword("range"), n.Keyword("flight"),
                                         n.Keyword("evasion"), n.Keyword("boost", n.Fixed(3)),
                                         n.Keyword("concealed", sub="optional"), n.Keyword("loyalty")]),
                        min_size=1, max_size=2, unique=True).map(lambda ks: n.Keywords(tuple(ks)))


def powers(kinds: tuple[str, ...] = tuple(POWERS)) -> st.SearchStrategy[tuple[n.CardText, str]]:
    """``(CardText, card name)``: a card of that name with one composed power, sometimes after a
    keyword line or before a second power (one a line; each numbers its own targets)."""
    power = behind_keyword(st.one_of([POWERS[k] for k in kinds]))
    lines = st.one_of(power.map(lambda p: (p,)),
                      st.tuples(KEYWORD_LINE, power),
                      st.tuples(power, power))
    return st.tuples(lines.map(n.CardText), st.sampled_from(CARD_NAMES))
