"""From the parser's tree to :mod:`vsoracle.text.nodes`: one method per rule or alias of the grammar.

A verb phrase is built before its subject is known, so it is an :class:`Verb` (an event class
and its roles, waiting for the subject's role) or a :class:`Predicate` (changes a modifier
makes); a predicate's *mode* (``does``, ``may``, ``cannot``, ``is``, ``would`` …) decides what
the clause becomes: the event itself, a :class:`~nodes.May`, a :class:`~nodes.Modify` with a
:class:`~nodes.Cannot`, a condition, a trigger's pattern. References ("it", "that attacker",
"other") stay unresolved here (:class:`Pronoun`, :class:`That`, :class:`OtherMark`); the finishing
pass (:mod:`vsoracle.text.refs`) resolves them, numbers the targets and classifies each line.
``__default__`` raises: no rule of the grammar goes without a meaning.
"""

from __future__ import annotations

import re

from typing import Any, Callable, Iterable, Literal, NoReturn, TypeAlias

import attrs

from ..errors import CardTextError
from . import nodes as n
from .events import FAMILIES, family_rules
from .vocabulary import premodifier
from .phrases import (Be, BeKind, Children, Mod, Pred, PredMode, Pronoun, Verb, Verbs, fail as _fail, is_token as _is_token,
                      trees as _trees)
from .tree import Meta, Transformer

__all__ = ["Build", "Pronoun", "That", "OtherMark", "AdjacentMark", "TARGET"]

#: The placeholder target number of a "target …" before targets are numbered.
TARGET = 0
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
            "nine": 9, "ten": 10}
_ONE = n.Fixed(1)


# -- unresolved references (never leave the text package) --------------------------------------

@attrs.frozen(eq=False)
class That(n.Ref):
    """"that attacker", "those team attackers", "that player"."""

    noun: str
    pos: int
    plural: bool = False
    word: str = ""
    qualifiers: tuple[n.State | n.ControlledBy | AdjacentMark, ...] = ()  # "that opposing character": what the antecedent must be said to be
    done: str | None = None  # "the card you discarded": what a step or a cost of that event ("discard") acted on


@attrs.frozen(eq=False)
class OtherMark(n.Qualifier):
    """"other", "another": other than what came before (resolved by position)."""

    pos: int


@attrs.frozen(eq=False)
class AdjacentMark(n.Qualifier):
    """"that adjacent character": the antecedent is one said to be adjacent to something."""


@attrs.frozen(eq=False)
class ThatOf(n.Amount):
    """"that of NP": the same quantity as the other side names, of NP."""

    of: n.Selector


@attrs.frozen(eq=False)
class Rest(n.Ref):
    """"the rest", "the other": the cards of the set an earlier step named that are left."""

    word: str


# -- verb phrases, predicates and clauses before their subject is known -----------------------

#: What a :class:`Predicate` says (the verb phrase it was read from, in its docstring's words).
PredicateWhat: TypeAlias = Literal[
    "get", "get too", "switch", "keywords", "no keywords", "keywords of", "cost", "share", "control", "have", "both", "power",
    "stat", "extreme", "endurance than", "counters", "initiative", "endurance", "compare stat", "either",
    "affiliation", "paid", "chose", "equip", "copy"]
#: A :class:`Clause`'s shape.
ClauseKind: TypeAlias = Literal["statement", "order", "choose"]
#: A :class:`Sentence`'s shape, before the line is classified.
SentenceKind: TypeAlias = Literal[
    "plain", "conditional", "instead", "next time", "otherwise", "if not done", "for each", "unless", "while",
    "while_state", "play only", "use only", "delayed", "prevent", "additional_cost", "crossover", "repeat"]


@attrs.frozen
class Predicate:
    """A verb phrase that describes rather than does: "gets +2 ATK", "has flight", "controls
    three or more X", "shares a cost with Y"; ``what`` says which."""

    what: PredicateWhat
    data: Any
    changes: tuple[n.Change, ...] = ()


@attrs.frozen
class VpMods:
    """A verb phrase and the modifiers after it."""

    verb: Any
    mods: tuple[Mod, ...]


@attrs.frozen
class Clause:
    """A subject and its predicates, an order (no subject), or "Choose …"."""

    kind: ClauseKind
    subject: Any
    preds: tuple[Pred, ...]
    pos: int = 0
    chooser: Any = None  # "target opponent chooses …": who makes a "choose" clause's choice


@attrs.frozen
class Sentence:
    """One sentence of a line, before the line is classified."""

    kind: SentenceKind
    data: Any
    pos: int = 0
    comma: int = -1  # where its condition ends ("If ~ would be stunned, …")


@attrs.frozen
class Costs:
    """The costs before ``>>>``."""

    clauses: tuple[Clause, ...]


# -- what the transformer's methods give: lines, triggers and the parts of noun phrases -------

#: A line before the finishing pass classifies it (:func:`vsoracle.text.refs.line`).
RawLine: TypeAlias = "n.Keywords | KeywordPowerLine | ActivatedLine | TriggeredLine | SentencesLine | DoneLine"
KeywordPowerLine: TypeAlias = "tuple[Literal['keyword_power'], n.Keyword, RawLine]"
ActivatedLine: TypeAlias = "tuple[Literal['activated'], Costs, SentencesLine]"
#: A triggered power: its trigger, its sentences and where the trigger's comma is.
TriggeredLine: TypeAlias = "tuple[Literal['triggered'], RawTrigger, tuple[Sentence, ...], int]"
SentencesLine: TypeAlias = tuple[Literal["sentences"], tuple[Sentence, ...]]
#: "PERMISSION. Whenever you do, E.": the permission's sentences, and "Whenever you do, E." and after it.
DoneLine: TypeAlias = tuple[Literal["whenever_done"], SentencesLine, tuple[Sentence, ...]]
#: "Whenever SUBJECT PRED" (the word said: "whenever" or "when").
WheneverTrigger: TypeAlias = tuple[Literal["whenever"], Any, tuple[Pred, ...], Literal["whenever", "when"]]
#: "At the start/end of STEP [this turn]".
AtStepTrigger: TypeAlias = tuple[Literal["at_start", "at_end"], n.Step, Mod | None]
RawTrigger: TypeAlias = WheneverTrigger | AtStepTrigger
#: "only if C" / "only while C" (a limit made by the finishing pass).
OnlyLimit: TypeAlias = tuple[Literal["only if", "only while"], n.Condition]
#: "~'s recruit cost", "the threshold cost of NP": whose, and which cost.
CostOf: TypeAlias = tuple[Literal["cost"], Any, str]
#: One item of "put": what, face up or down, where.
PutItem: TypeAlias = tuple[Any, str | None, n.Place]
#: A determiner: how many, the target placeholder (:data:`TARGET`) or ``None``, and qualifiers ("another").
Det: TypeAlias = tuple[n.Quantity, int | None, tuple[n.Qualifier, ...]]
#: A head noun: its kind and role ("character", "attacker"), and a name before it ("each Infinity Gem").
Head: TypeAlias = tuple[str, str | None] | tuple[str, str | None, n.Name]
#: Heads joined by "or": ("heads", kinds, roles, *names before them).
Heads: TypeAlias = tuple[Literal["heads"], str, tuple[str, ...], *tuple[n.Name, ...]]
#: What a possessor has ("its controller", "his ATK", "her activated powers"), made once the possessor is read.
PossessedNoun: TypeAlias = Callable[[Any, Meta], "n.Selector | n.Amount"]
#: A counter: its kind (``None``: any) and how many.
CounterSpec: TypeAlias = tuple[n.CounterKind | None, Any]


#: What "that share the same …" may name (the grammar's share_noun).
_SHARE_NOUNS = frozenset({"cost", "version", "affiliation", "team affiliation", "name", "identity", "atk", "def",
                          "trait"})


def _chosen_binding(noun: str) -> str:
    """The binding "the chosen affiliations" reads: the kind a choice bound ("affiliation")."""
    return "affiliation" if noun in ("affiliations", "team affiliation", "team affiliations") else noun


def _words(children: Iterable[Any]) -> list[str]:
    return [str(c) for c in children if _is_token(c)]


def _signed(token: Any) -> n.Amount:
    text = str(token)
    body = text[1:]
    amount: n.Amount = n.X() if body.upper() == "X" else n.Fixed(int(body))
    return n.Negative(amount) if text.startswith("-") else amount


def _duration(mods: Iterable[Mod]) -> n.Duration:
    span = None
    while_ = None
    for m in mods:
        if m.kind == "span":
            span = m.data
        elif m.kind == "while":
            while_ = m.data
    return n.Duration(span, while_)


#: Reminder text: a parenthesis right after a keyword, on the same line.
_REMINDER = re.compile(r"[ \t]*\(([^()\n]*)\)")


class Build(Transformer[list[RawLine]]):
    """The transformer: every rule and alias of ``grammar/card-text.lark`` has a method, called as
    ``method(meta, children)``."""

    def __init__(self, text: str = "") -> None:
        self._text = text  # the card text (as long as the parsed one): reminder text is read from it

    def __default__(self, data: str, children: Children, meta: Meta) -> NoReturn:
        raise _fail(f"vsoracle has no meaning for the grammar rule '{data}'", meta)

    # == lines ==================================================================================

    def start(self, meta: Meta, children: Children) -> list[RawLine]:
        return [c for c in children if not _is_token(c)]

    def keyword_line(self, meta: Meta, children: Children) -> n.Keywords:
        return n.Keywords(tuple(c for c in _trees(children) if isinstance(c, n.Keyword)))

    def keyword(self, meta: Meta, children: Children) -> n.Keyword:
        parts = [c for c in children if not (_is_token(c) and c.type.startswith("COMMA"))]
        names: list[str] = []
        value = None
        for c in parts:
            if isinstance(c, n.Amount):
                value = c
            elif isinstance(c, str):
                names.append(c)
        spelled = "—".join(names) + (f" {self._amount_text(value)}" if value is not None else "")
        return n.Keyword(names[0].lower(), value, names[1].lower() if len(names) > 1 else None, spelled=spelled,
                         reminder=self._reminder_after(meta))

    def _reminder_after(self, meta: Meta) -> str | None:
        """The reminder text right after a keyword ("Energize (Whenever …, ready it.)")."""
        end = getattr(meta, "end_pos", None)
        if not isinstance(end, int) or not self._text:
            return None
        found = _REMINDER.match(self._text, end)
        return found.group(1).strip() if found else None

    @staticmethod
    def _amount_text(a: Any) -> str:
        return "X" if isinstance(a, n.X) else str(a.n)

    def kw_value(self, meta: Meta, children: Children) -> n.Amount:
        (c,) = children
        return n.X() if str(c).lower() == "x" else n.Fixed(int(c))

    def kw_vocab(self, meta: Meta, children: Children) -> str:
        return str(children[0])

    def keyword_power(self, meta: Meta, children: Children) -> KeywordPowerLine:
        keyword, power = [c for c in children if not _is_token(c)]
        return ("keyword_power", keyword, power)

    def power(self, meta: Meta, children: Children) -> RawLine:
        c: RawLine
        (c,) = children
        return c

    def activated(self, meta: Meta, children: Children) -> ActivatedLine:
        body, sentences = [c for c in children if not _is_token(c)]
        return ("activated", Costs(tuple(body)), sentences)

    def triggered(self, meta: Meta, children: Children) -> TriggeredLine:
        parts = [c for c in children if not _is_token(c)]
        comma = next(c for c in children if _is_token(c) and c.type.startswith("COMMA"))
        return ("triggered", parts[0], tuple(parts[1:]), comma.start_pos)

    def sentences(self, meta: Meta, children: Children) -> SentencesLine:
        return ("sentences", tuple(children))

    def effect_sentences(self, meta: Meta, children: Children) -> SentencesLine:
        return ("sentences", tuple(children))

    # == triggers ================================================================================

    def whenever(self, meta: Meta, children: Children) -> WheneverTrigger:
        subject, preds = children[-2:]
        return ("whenever", subject, preds, "whenever")

    def when(self, meta: Meta, children: Children) -> WheneverTrigger:
        subject, preds = children[-2:]
        return ("whenever", subject, preds, "when")

    def at_start(self, meta: Meta, children: Children) -> AtStepTrigger:
        step = children[0]
        span = children[1] if len(children) > 1 else None
        return ("at_start", step, span)

    def at_end(self, meta: Meta, children: Children) -> AtStepTrigger:
        step = children[0]
        span = children[1] if len(children) > 1 else None
        return ("at_end", step, span)

    # == sentences ===============================================================================

    def plain(self, meta: Meta, children: Children) -> Sentence:
        return Sentence("plain", children[0], meta.start_pos)

    def conditional(self, meta: Meta, children: Children) -> Sentence:
        parts = [c for c in children if not _is_token(c)]
        comma = next(c for c in children if _is_token(c) and c.type.startswith("COMMA")).start_pos
        if len(parts) == 3:
            return Sentence("instead", (parts[0], parts[2]), meta.start_pos, comma)
        return Sentence("conditional", (parts[0], parts[1]), meta.start_pos, comma)

    def next_time(self, meta: Meta, children: Children) -> Sentence:
        parts = [c for c in children if not _is_token(c)]
        comma = next(c for c in children if _is_token(c) and c.type.startswith("COMMA")).start_pos
        return Sentence("next time", (parts[0], parts[-1], len(parts) == 3), meta.start_pos, comma)

    def if_not(self, meta: Meta, children: Children) -> Sentence:
        """"If it is not, F." after "If it is X, E.": F is what happens otherwise (the subject is
        the one of the sentence before, so it is not read again)."""
        body = [c for c in children if not _is_token(c)][-1]
        return Sentence("otherwise", body, meta.start_pos)

    def if_do_not(self, meta: Meta, children: Children) -> Sentence:
        """"If you do not, F." / "If he does not, F.": F if the step before was not done."""
        subject, body = [c for c in children if not _is_token(c)]
        return Sentence("if not done", (subject, body), meta.start_pos)

    def instead(self, meta: Meta, children: Children) -> str:
        return "instead"

    def for_each_sentence(self, meta: Meta, children: Children) -> Sentence:
        """"For each stunned character you control, draw a card." (each step so many times)."""
        parts = [c for c in children if not _is_token(c)]
        body = parts[-1]
        per = self._filter(None, parts[:-1], meta)
        return Sentence("for each", (Mod("for each", per), body), meta.start_pos)

    def unless_sentence(self, meta: Meta, children: Children) -> Sentence:
        cond, body = [c for c in children if not _is_token(c)]
        return Sentence("unless", (cond, body), meta.start_pos)

    def while_sentence(self, meta: Meta, children: Children) -> Sentence:
        cond, body = [c for c in children if not _is_token(c)]
        return Sentence("while", (cond, body), meta.start_pos)

    def while_state(self, meta: Meta, children: Children) -> Sentence:
        parts = [c for c in children if not _is_token(c)]
        state, body = parts[0], parts[-1]
        span = parts[1] if len(parts) == 3 else None
        return Sentence("while_state", (state, span, body), meta.start_pos)

    def play_only(self, meta: Meta, children: Children) -> Sentence:
        """"Play only if …": the card's own restriction, as "Play ~ only if …"."""
        return Sentence("play only", tuple(c for c in children if isinstance(c, (n.Limit, tuple))), meta.start_pos)

    def use_only(self, meta: Meta, children: Children) -> Sentence:
        """"Use only during …": a payment power's own restriction, as "Use this power only during …"."""
        return Sentence("use only", tuple(c for c in children if isinstance(c, (n.Limit, tuple))), meta.start_pos)

    def during_sentence(self, meta: Meta, children: Children) -> Sentence:
        """"During your combat phase, ~ gets +2 ATK.": while it is that step."""
        step, body = [c for c in children if not _is_token(c)]
        return Sentence("while", (n.During(step), body), meta.start_pos)

    def then_sentence(self, meta: Meta, children: Children) -> Sentence:
        return Sentence("plain", children[0], meta.start_pos)

    def otherwise(self, meta: Meta, children: Children) -> Sentence:
        (body,) = [c for c in children if not _is_token(c)]
        return Sentence("otherwise", body, meta.start_pos)

    def delayed(self, meta: Meta, children: Children) -> Sentence:
        trigger, body = [c for c in children if not _is_token(c)]
        return Sentence("delayed", (trigger, body), meta.start_pos)

    def prevent(self, meta: Meta, children: Children) -> Sentence:
        parts = _trees(children)
        return Sentence("prevent", (parts[0], parts[1] if len(parts) > 1 else None), meta.start_pos)

    def prevent_some(self, meta: Meta, children: Children) -> Sentence:
        parts = _trees(children)
        return Sentence("prevent", (parts[1], parts[2] if len(parts) > 2 else None, parts[0]), meta.start_pos)

    def additional_cost(self, meta: Meta, children: Children) -> Sentence:
        parts = [c for c in children if not _is_token(c)]
        return Sentence("additional_cost", (parts[0], parts[1]), meta.start_pos)

    def play_word(self, meta: Meta, children: Children) -> str:
        return str(children[0]).lower()

    def repeat(self, meta: Meta, children: Children) -> Sentence:
        """"Each time you're successful, repeat this process with NP.": the step before, again."""
        parts = [c for c in _trees(children) if not _is_token(c)]
        return Sentence("repeat", parts[-1] if parts else None, meta.start_pos)

    def crossover(self, meta: Meta, children: Children) -> Sentence:
        return Sentence("crossover", (tuple(children[0]), None), meta.start_pos)

    def crossover_chosen(self, meta: Meta, children: Children) -> Sentence:
        """"Crossover Brotherhood and the chosen affiliation.": the names, and what a choice bound."""
        parts = [c for c in _trees(children) if not _is_token(c)]
        names = tuple(parts[0]) if len(parts) > 1 else ()
        return Sentence("crossover", (names, _chosen_binding(parts[-1])), meta.start_pos)

    # == clauses =================================================================================

    def body(self, meta: Meta, children: Children) -> tuple[Clause, ...]:
        return tuple(c for c in children if isinstance(c, Clause))

    def order(self, meta: Meta, children: Children) -> Clause:
        (vp_mods,) = children
        verb, mods = vp_mods.verb, vp_mods.mods
        return Clause("order", None, (Pred("does", verb, mods, meta.start_pos),), meta.start_pos)

    def statement(self, meta: Meta, children: Children) -> Clause:
        subject, preds = children
        return Clause("statement", subject, preds, meta.start_pos)

    def choose(self, meta: Meta, children: Children) -> Clause:
        parts = _trees(children)
        return Clause("choose", parts[0], tuple(Pred("mod", None, (m,)) for m in parts[1:]), meta.start_pos)

    def choose_by(self, meta: Meta, children: Children) -> Clause:
        """"target opponent chooses a card from your hand at random": the subject chooses."""
        chooser, *parts = _trees(children)
        return Clause("choose", parts[0], tuple(Pred("mod", None, (m,)) for m in parts[1:]), meta.start_pos,
                      chooser=chooser)

    def as_well_as(self, meta: Meta, children: Children) -> n.Together:
        parts = _trees(children)
        return n.Together((parts[0], parts[-1]), word="as well as")

    def preds(self, meta: Meta, children: Children) -> tuple[Pred, ...]:
        return tuple(c for c in children if isinstance(c, Pred))

    def _pred(self, mode: PredMode, meta: Meta, children: Children) -> Pred:
        parts = [c for c in children if not _is_token(c)]
        if parts and isinstance(parts[0], VpMods):
            verb, mods = parts[0].verb, parts[0].mods
            return Pred(mode, verb, tuple(mods) + tuple(parts[1:]), meta.start_pos)
        what = parts[0] if parts else None
        return Pred(mode, what, tuple(p for p in parts[1:] if isinstance(p, Mod)), meta.start_pos)

    def does(self, meta: Meta, c: Children) -> Pred: return self._pred("does", meta, c)

    def does_not(self, meta: Meta, c: Children) -> Pred:
        p = self._pred("cannot", meta, c)
        return attrs.evolve(p, mode="does_not")

    def did_not(self, meta: Meta, c: Children) -> Pred:
        """"If you did not play a plot twist this turn": it did not happen."""
        p = self._pred("cannot", meta, c)
        return attrs.evolve(p, mode="did_not")
    def may(self, meta: Meta, c: Children) -> Pred: return self._pred("may", meta, c)
    def must(self, meta: Meta, c: Children) -> Pred: return self._pred("must", meta, c)
    def cannot(self, meta: Meta, c: Children) -> Pred: return self._pred("cannot", meta, c)
    def can(self, meta: Meta, c: Children) -> Pred: return self._pred("can", meta, c)
    def would(self, meta: Meta, c: Children) -> Pred: return self._pred("would", meta, c)
    def cannot_be(self, meta: Meta, c: Children) -> Pred: return self._pred("cannot_be", meta, c)
    def can_be(self, meta: Meta, c: Children) -> Pred: return self._pred("can_be", meta, c)
    def would_be(self, meta: Meta, c: Children) -> Pred: return self._pred("would_be", meta, c)
    def is_(self, meta: Meta, c: Children) -> Pred: return self._pred("is", meta, c)
    def is_not(self, meta: Meta, c: Children) -> Pred: return self._pred("is_not", meta, c)

    def stays(self, meta: Meta, children: Children) -> Pred:
        verb, what = _trees(children)
        return Pred("stays", (verb, what), (), meta.start_pos)

    def gains_no_endurance(self, meta: Meta, children: Children) -> Pred:
        """"he gains no endurance": what a replacement leaves of a gain (the event does not happen),
        or, said as a statement, that he cannot gain any (refs reads which)."""
        mods = tuple(c for c in children if isinstance(c, Mod))
        return Pred("stays", ("gains", "no endurance"), mods, meta.start_pos)

    def stay_verb(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()

    def stay_what(self, meta: Meta, children: Children) -> str: return " ".join(str(c).lower() for c in children)
    def was(self, meta: Meta, c: Children) -> Pred: return self._pred("was", meta, c)
    def was_not(self, meta: Meta, c: Children) -> Pred: return self._pred("was_not", meta, c)
    def happened(self, meta: Meta, c: Children) -> Pred: return self._pred("happened", meta, c)

    def did(self, meta: Meta, children: Children) -> Pred:
        return Pred("did", None, (), meta.start_pos)

    def can_be_equipped(self, meta: Meta, children: Children) -> Pred:
        """"can be equipped with any number of Fate Artifacts": a change, said of the subject."""
        parts = [c for c in children if not _is_token(c)]
        np = parts[0]
        return Pred("does", Predicate("equip", np, (n.EquipLimit(np),)), tuple(parts[1:]), meta.start_pos)

    def gets_too(self, meta: Meta, children: Children) -> Pred:
        """"gets +1 ATK and +1 DEF …": more stat changes of the predicate before."""
        parts = [c for c in children if not _is_token(c)]
        return Pred("does", Predicate("get too", parts[0], parts[0]), tuple(parts[1:]), meta.start_pos)

    def cannot_either(self, meta: Meta, children: Children) -> Pred:
        """"cannot attack or defend": each is forbidden."""
        verbs = tuple(c for c in children if isinstance(c, Verb))
        mods = tuple(c for c in children if isinstance(c, Mod))
        return Pred("cannot", ("either", verbs), mods, meta.start_pos)

    def vp_mods(self, meta: Meta, children: Children) -> VpMods:
        return VpMods(children[0], tuple(children[1:]))

    # == modifiers after a verb phrase ===========================================================

    def this_turn(self, meta: Meta, children: Children) -> Mod: return Mod("span", "turn")
    def this_attack(self, meta: Meta, children: Children) -> Mod: return Mod("span", "attack")
    def this_phase(self, meta: Meta, children: Children) -> Mod: return Mod("span", "phase")

    def while_mod(self, meta: Meta, children: Children) -> Mod:
        return Mod("while", n.Is(n.Affected(), (children[0],)))

    def while_in(self, meta: Meta, children: Children) -> Mod:
        return Mod("while", n.Is(n.Affected(), (n.InZone(_trees(children)[0]),)))

    def while_adjacent(self, meta: Meta, children: Children) -> Mod:
        """"~ gets +2 ATK while adjacent to NP": while it is adjacent to it."""
        return Mod("while", n.Is(n.Affected(), (n.Adjacent(_trees(children)[0]),)))

    def while_condition(self, meta: Meta, children: Children) -> Mod:
        """"~ has range while you control a location": a while-condition on the position."""
        return Mod("while", _trees(children)[0])

    def while_attacking_np(self, meta: Meta, children: Children) -> Mod:
        return Mod("while", _attacking(n.Affected(), _trees(children)[0]))

    def while_defending_np(self, meta: Meta, children: Children) -> Mod:
        return Mod("while", _defending_against(n.Affected(), _trees(children)[0]))

    def for_each(self, meta: Meta, children: Children) -> Mod:
        return Mod("for each", self._filter(None, _trees(children), meta))

    def for_each_counter(self, meta: Meta, children: Children) -> Mod:
        """"for each cosmic counter on ~": the number of such counters on it (CR 215)."""
        parts = _trees(children)
        kind = parts[0] if len(parts) == 2 else None
        return Mod("for each", n.CountersOn(parts[-1], kind))

    def for_each_point_paid(self, meta: Meta, children: Children) -> Mod:
        return Mod("for each", n.PointsPaid())

    def if_mod(self, meta: Meta, children: Children) -> Mod: return Mod("if", _trees(children)[0])
    def unless_mod(self, meta: Meta, children: Children) -> Mod: return Mod("unless", _trees(children)[0])

    def at_start_mod(self, meta: Meta, children: Children) -> Mod:
        parts = _trees(children)
        return Mod("at start", (parts[0], parts[1].data if len(parts) > 1 else None))

    def at_random(self, meta: Meta, children: Children) -> Mod: return Mod("at random")

    def first_time(self, meta: Meta, children: Children) -> Mod:
        """"for the first time in a phase": the span and the words before it (a :class:`~nodes.FirstTime`
        once the event it is said of is known)."""
        return Mod("first time", children[-1])

    def first_span(self, meta: Meta, children: Children) -> tuple[str, str]:
        """"each turn", "this phase", "in a phase": (the words before the span, the span)."""
        words = [str(c).lower() for c in children]
        return " ".join(words[:-1]), words[-1]

    def at_end_mod(self, meta: Meta, children: Children) -> Mod:
        parts = _trees(children)
        return Mod("at end", (parts[0], parts[1].data if len(parts) > 1 else None))

    def during(self, meta: Meta, children: Children) -> Mod: return Mod("during", children[0])
    def from_cause(self, meta: Meta, children: Children) -> Mod: return Mod("from", _trees(children)[0])
    def as_though(self, meta: Meta, children: Children) -> Mod: return Mod("as though", children[0])
    def rather_than(self, meta: Meta, children: Children) -> Mod: return Mod("rather than", children[0])
    def where_x(self, meta: Meta, children: Children) -> Mod: return Mod("where x", _trees(children)[-1])

    def no_less_than(self, meta: Meta, children: Children) -> Mod:
        """", but no less than 1": how far a cost change may lower a cost."""
        return Mod("no less than", _trees(children)[-1])

    def rounded(self, meta: Meta, children: Children) -> Mod:
        return Mod("rounded", _trees(children)[0] if _trees(children) else str(children[-1]))

    def round(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()
    def any_order(self, meta: Meta, children: Children) -> Mod: return Mod("any order")
    def instead_mod(self, meta: Meta, children: Children) -> Mod: return Mod("instead")
    def if_able(self, meta: Meta, children: Children) -> Mod: return Mod("if able")

    def only(self, meta: Meta, children: Children) -> Mod:
        return Mod("only", tuple(c for c in children if isinstance(c, (n.Limit, tuple))))

    def once_per_turn(self, meta: Meta, children: Children) -> n.PerTurn: return n.PerTurn(1)
    def twice_per_turn(self, meta: Meta, children: Children) -> n.PerTurn: return n.PerTurn(2)
    def only_if(self, meta: Meta, children: Children) -> OnlyLimit: return ("only if", _trees(children)[0])
    def only_while(self, meta: Meta, children: Children) -> OnlyLimit: return ("only while", _trees(children)[0])
    def only_during(self, meta: Meta, children: Children) -> n.OnlyDuring: return n.OnlyDuring(children[0])
    def only_from(self, meta: Meta, children: Children) -> n.OnlyFrom: return n.OnlyFrom(_trees(children)[0])

    # "while attacking" and friends: a state of the affected object
    def attacking(self, meta: Meta, c: Children) -> n.State: return n.State("attacking")
    def defending(self, meta: Meta, c: Children) -> n.State: return n.State("defending")
    def team_attacking(self, meta: Meta, c: Children) -> n.State: return n.State("team attacking")
    def reinforced_state(self, meta: Meta, c: Children) -> n.State: return n.State("reinforced")
    def exhausted_state(self, meta: Meta, c: Children) -> n.State: return n.State("exhausted")
    def stunned_state(self, meta: Meta, c: Children) -> n.State: return n.State("stunned")
    def ready_state(self, meta: Meta, c: Children) -> n.State: return n.State("ready")
    def hidden_state(self, meta: Meta, c: Children) -> n.State: return n.State("hidden")
    def visible_state(self, meta: Meta, c: Children) -> n.State: return n.State("visible")
    def protected_state(self, meta: Meta, c: Children) -> n.State: return n.State("protected")
    def equipped_state(self, meta: Meta, c: Children) -> n.State: return n.State("equipped")

    def had_keywords(self, meta: Meta, children: Children) -> n.Is:
        np, kws = _trees(children)
        return n.Is(np, (n.HasKeyword(kws),))

    def had_np(self, meta: Meta, children: Children) -> n.Is:
        np, what = _trees(children)
        if isinstance(what, n.Filter) and what.kind == "affiliation" and what.quantity is not None \
                and what.quantity.op == "all":
            return n.Is(np, (n.State("all affiliations"),))
        raise _fail("vsoracle cannot read what it is \"as though\" it had", meta)

    def were_in(self, meta: Meta, children: Children) -> n.Is:
        np, zone = _trees(children)
        return n.Is(np, (n.InZone(zone),))

    def cost_of_possessor(self, meta: Meta, children: Children) -> CostOf:
        parts = _trees(children)
        kind = next(str(c).lower() for c in reversed(children) if str(c).lower() in ("recruit", "threshold"))
        return ("cost", parts[0], kind)

    def the_cost_of(self, meta: Meta, children: Children) -> CostOf:
        parts = _trees(children)
        kind = next(str(c).lower() for c in children if str(c).lower() in ("recruit", "threshold"))
        return ("cost", parts[-1], kind)

    def cost_kind(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()

    # == conditions ==============================================================================

    def cond_or(self, meta: Meta, children: Children) -> n.AnyOf:
        parts = _trees(children)
        flat: list[Any] = []
        for p in parts:
            flat += list(p.conditions) if isinstance(p, n.AnyOf) else [p]
        return n.AnyOf(tuple(flat))

    def cond_and(self, meta: Meta, children: Children) -> n.All:
        parts = _trees(children)
        flat: list[Any] = []
        for p in parts:
            flat += list(p.conditions) if isinstance(p, n.All) else [p]
        return n.All(tuple(flat))

    def it_is_step(self, meta: Meta, children: Children) -> n.During:
        return n.During(_trees(children)[-1])

    def there_is(self, meta: Meta, children: Children) -> n.Condition:
        """"there are three or more cards in your KO'd pile": how many match, compared."""
        np = _trees(children)[-1]
        if not isinstance(np, n.Filter):
            return _unread(meta)
        return _count_compare(n.NumberOf(attrs.evolve(np, quantity=None)), np.quantity)

    def clause_condition(self, meta: Meta, children: Children) -> n.Condition:
        subject, preds = children
        return condition_of(subject, preds, meta)

    # "is …"
    def in_zone_be(self, meta: Meta, children: Children) -> Be: return Be("zone", _trees(children)[0])
    def in_play_be(self, meta: Meta, children: Children) -> Be: return Be("zone", None)
    def be_np(self, meta: Meta, children: Children) -> Be: return Be("np", children[0])
    def greater_than(self, meta: Meta, children: Children) -> Be: return Be("greater", _trees(children)[-1])
    def less_than(self, meta: Meta, children: Children) -> Be: return Be("less", _trees(children)[-1])
    def equal_to(self, meta: Meta, children: Children) -> Be: return Be("equal", _trees(children)[-1])
    def at_most_be(self, meta: Meta, children: Children) -> Be: return Be("at most", _trees(children)[-1])
    def at_least_be(self, meta: Meta, children: Children) -> Be: return Be("at least", _trees(children)[-1])
    def quantity_be(self, meta: Meta, children: Children) -> Be: return Be("quantity", _trees(children)[-1])
    def adjacent_be(self, meta: Meta, children: Children) -> Be: return Be("adjacent", _trees(children)[-1])
    def protecting(self, meta: Meta, children: Children) -> Be: return Be("protecting", _trees(children)[-1])
    def attacking_be(self, meta: Meta, children: Children) -> Be: return Be("attacking", _trees(children)[-1])
    def targeting(self, meta: Meta, children: Children) -> Be: return Be("targeting", _trees(children)[-1])

    @staticmethod
    def _be_state(name: str) -> Callable[[Build, Meta, Children], Be]:
        def method(self: Build, meta: Meta, children: Children) -> Be:
            return Be("state", n.State(name))
        return method

    be_ready = _be_state("ready")
    be_hidden = _be_state("hidden")
    be_visible = _be_state("visible")
    be_face_up = _be_state("face-up")
    be_face_down = _be_state("face-down")
    be_unique = _be_state("unique")
    be_protected = _be_state("protected")
    be_attacking = _be_state("attacking")
    be_defending = _be_state("defending")
    be_team_attacking = _be_state("team attacking")
    be_equipped = _be_state("equipped")

    # == verb phrases ============================================================================
    # Each event's verb phrases, participles and past are built by its family's rules
    # (vsoracle/text/events, installed below); here are the parts they share and the predicates.

    def put_item(self, meta: Meta, children: Children) -> PutItem:
        parts = _trees(children)
        face = next((p for p in parts if isinstance(p, str)), None)
        obj = parts[0]
        among = next((p for p in parts if isinstance(p, n.Among)), None)
        if among is not None:
            if not isinstance(obj, n.Filter):
                raise CardTextError("\"revealed this way\" goes with cards (\"all character cards revealed this way\")")
            # "them" is what was revealed before this noun phrase, not the cards it names
            among = n.Among(Pronoun("them", getattr(obj, "pos", meta.start_pos)), word=among.word)
            obj = attrs.evolve(obj, qualifiers=obj.qualifiers + (among,))
        place = next(p for p in parts if isinstance(p, n.Place))
        return (obj, face, place)

    def face(self, meta: Meta, children: Children) -> str:
        return str(children[-1]).lower()

    def face_hyphened(self, meta: Meta, children: Children) -> str:
        """"face-down" where "face down" is meant ("Turn ~ face-down."): "down"."""
        return str(children[-1]).lower().split("-")[-1]

    def into_play(self, meta: Meta, children: Children) -> n.Place:
        return n.Place(n.Zone(("play",)), word="into exhausted" if _trees(children) else "into")

    def into_play_under(self, meta: Meta, children: Children) -> n.Place:
        """"into play under its owner's control": the in-play zone of that player (as "your hand" is his)."""
        who = _trees(children)[-1]
        owner = attrs.evolve(who, zone_owner=True) if isinstance(who, Pronoun) else who
        return n.Place(n.Zone(("play",), owner), word="into")

    def play_exhausted(self, meta: Meta, children: Children) -> bool: return True

    def prevent_part(self, meta: Meta, children: Children) -> Verb:
        amount, lessened = _trees(children)
        return Verb(n.Lessen, {"amount": amount, "word": lessened}, "")

    def prevent_all_of(self, meta: Meta, children: Children) -> Verb:
        (lessened,) = _trees(children)
        return Verb(n.Nothing, {"word": f"prevent all of {lessened}"}, "")

    def lessened(self, meta: Meta, children: Children) -> str:
        return " ".join(w.lower() for w in _words(children))

    def lose_less(self, meta: Meta, children: Children) -> Verb:
        return Verb(n.Lessen, {"amount": _trees(children)[0], "word": "less"}, "")

    def become(self, meta: Meta, children: Children) -> Be:
        pp: Be
        (pp,) = _trees(children)
        return pp

    # predicates (a modifier's changes)
    def get(self, meta: Meta, children: Children) -> Predicate:
        (changes,) = _trees(children)
        return Predicate("get", changes, changes)

    def lose_stat(self, meta: Meta, children: Children) -> Predicate:
        """"loses 2 DEF": the same change as "gets -2 DEF"."""
        number, stat = _trees(children)
        if isinstance(number, n.Fixed):  # "loses three DEF": written -3 DEF, as printed
            number = n.Fixed(number.n)
        change = (n.StatChange(stat, n.Negative(number)),)
        return Predicate("get", change, change)

    def switch_stats(self, meta: Meta, children: Children) -> Predicate:
        (whose,) = _trees(children)
        return Predicate("switch", whose, (n.StatSwitch(),))

    def switch_stats_of(self, meta: Meta, children: Children) -> Predicate:
        (whose,) = _trees(children)
        return Predicate("switch", whose, (n.StatSwitch(word="of"),))

    def have(self, meta: Meta, children: Children) -> Predicate:
        what: Predicate
        (what,) = _trees(children)
        return what

    def gain(self, meta: Meta, children: Children) -> Predicate:
        what: Predicate
        (what,) = _trees(children)
        return what

    def lose_keywords(self, meta: Meta, children: Children) -> Predicate:
        (kws,) = _trees(children)
        return Predicate("keywords", kws, (n.KeywordChange(kws, "lose", word="lose"),))

    def lose_and_cannot_gain(self, meta: Meta, children: Children) -> Predicate:
        (kws,) = _trees(children)
        return Predicate("keywords", kws, (n.KeywordChange(kws, "lose-block", word="lose"),))

    def cost_change(self, meta: Meta, children: Children) -> Predicate:
        parts = _trees(children)
        amount = parts[0]
        words = _words(children)
        less = "less" in [w.lower() for w in words]
        action = parts[-1]
        return Predicate("cost", amount, (n.CostChange(action, n.Negative(amount) if less else amount),))

    def share(self, meta: Meta, children: Children) -> Predicate:
        parts = _trees(children)
        return Predicate("share", (parts[0], parts[1] if len(parts) > 1 else None))

    def control(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("control", _trees(children)[0])

    # what "has …" / "gains …" names
    def have_keywords(self, meta: Meta, children: Children) -> Predicate:
        (kws,) = _trees(children)
        return Predicate("keywords", kws, (n.KeywordChange(kws, "gain"),))

    def have_no_keywords(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("no keywords", None)

    def have_np(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("have", children[0])

    def have_both(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("both", None, (n.ShareAffiliations(),))

    def have_power(self, meta: Meta, children: Children) -> Predicate:
        power = [c for c in children if not _is_token(c)][0]
        return Predicate("power", power)

    def have_stat(self, meta: Meta, children: Children) -> Predicate:
        parts = _trees(children)
        return Predicate("stat", (parts[0], parts[1]))

    def have_extreme(self, meta: Meta, children: Children) -> Predicate:
        word, stat, among = _trees(children)
        return Predicate("extreme", n.Extreme(stat, among, word in ("highest", "greatest"), word=word))

    def have_more_endurance(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("endurance than", (">", _trees(children)[-1]))

    def have_less_endurance(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("endurance than", ("<", _trees(children)[-1]))

    def have_counters(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("counters", _trees(children)[0])

    def with_counters(self, meta: Meta, children: Children) -> n.HasCounter:
        counters: n.HasCounter = _trees(children)[0]
        return counters

    def some_counters(self, meta: Meta, children: Children) -> n.HasCounter:
        kind, count = _trees(children)[0]
        return n.HasCounter(kind, count, word="a" if count == _ONE else "several")

    def cosmic_counters(self, meta: Meta, children: Children) -> n.HasCounter:
        return n.HasCounter(n.CounterKind(name="cosmic"), word="several")

    def any_counters(self, meta: Meta, children: Children) -> n.HasCounter:
        return n.HasCounter(None, word="several")

    def with_either_chosen(self, meta: Meta, children: Children) -> n.HasEither:
        return n.HasEither(chosen="affiliation")

    def have_initiative(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("initiative", None)

    def have_endurance(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("endurance", _trees(children)[0])

    def have_greater(self, meta: Meta, children: Children) -> Predicate:
        parts = _trees(children)
        return Predicate("compare stat", (">", parts[-2], parts[-1]))

    def have_less(self, meta: Meta, children: Children) -> Predicate:
        parts = _trees(children)
        return Predicate("compare stat", ("<", parts[-2], parts[-1]))

    def have_either_chosen(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("either", n.HasEither(chosen="affiliation"))

    def have_either(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("either", n.HasEither(names=_trees(children)[0]))

    def gain_keywords_of(self, meta: Meta, children: Children) -> Predicate:
        np = _trees(children)[0]
        return Predicate("keywords of", np, (n.KeywordChange((), "gain", word="gain", of=np),))

    def gain_keywords(self, meta: Meta, children: Children) -> Predicate:
        (kws,) = _trees(children)
        return Predicate("keywords", kws, (n.KeywordChange(kws, "gain", word="gain"),))

    def gain_chosen(self, meta: Meta, children: Children) -> Predicate:
        nouns = [c for c in _trees(children) if isinstance(c, str)]
        return Predicate("affiliation", None, tuple(
            n.AffiliationChange(chosen=noun, trait=noun == "trait", word="gain", identity=noun == "identity")
            for noun in nouns))

    def gain_affiliation(self, meta: Meta, children: Children) -> Predicate:
        names = _trees(children)[0]
        return Predicate("affiliation", None, (n.AffiliationChange(names=names, word="gain"),))

    def gain_trait(self, meta: Meta, children: Children) -> Predicate:
        name = _trees(children)[0]
        return Predicate("affiliation", None, (n.AffiliationChange(names=(name,), trait=True, word="gain"),))

    def gain_identity(self, meta: Meta, children: Children) -> Predicate:
        name = _trees(children)[0]
        return Predicate("affiliation", None, (n.AffiliationChange(names=(name,), word="gain", identity=True),))

    def gain_copied(self, meta: Meta, children: Children) -> Predicate:
        """"gains the powers and keywords of NP": each of what NP has (its keywords: "the keywords of")."""
        parts = _trees(children)
        np, what = parts[-1], [w for w in parts[:-1] if isinstance(w, str)]
        changes: tuple[n.Change, ...] = ()
        if "powers" in what:
            changes += (n.GainPowers(np),)
        if "keywords" in what:
            changes += (n.KeywordChange((), "gain", word="of", of=np),)
        return Predicate("copy", np, changes)

    def gain_copied_of(self, meta: Meta, children: Children) -> Predicate:
        """"gains that character's powers [and keywords]": the same copy, of the possessor."""
        parts = _trees(children)
        if isinstance(parts[0], n.You):
            raise CardTextError('"your powers": a player has no powers — say whose ("that character\'s powers")')
        return self.gain_copied(meta, [*parts[1:], parts[0]])

    def copied_what(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()
    def gain_noun(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()
    def stat_or_cost(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()
    def stat(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()
    def offset(self, meta: Meta, children: Children) -> n.Offset:
        base, by = _trees(children)
        return n.Offset(base, by, minus="minus" in [w.lower() for w in _words(children)])

    def extreme(self, meta: Meta, children: Children) -> n.Extreme | str: 
        if len(children) == 1:  # the word itself
            return str(children[0]).lower()
        word, stat, among = _trees(children)
        return n.Extreme(stat, among, word in ("highest", "greatest"), word=word)

    def stat_changes(self, meta: Meta, children: Children) -> tuple[n.StatChange, ...]:
        return tuple(c for c in _trees(children) if isinstance(c, n.StatChange))

    def stat_by(self, meta: Meta, children: Children) -> n.StatChange:
        signed, stat = _trees(children)
        return n.StatChange(stat, _signed(signed))

    def stat_additional(self, meta: Meta, children: Children) -> n.StatChange:
        signed, stat = _trees(children)
        return n.StatChange(stat, _signed(signed), additional=True)

    def stat_equal(self, meta: Meta, children: Children) -> n.StatChange:
        sign, stat, amount = _trees(children)
        return n.StatChange(stat, n.Negative(amount) if str(sign) == "-" else amount, equal=True)

    def kw_list(self, meta: Meta, children: Children) -> tuple[str, ...]:
        return tuple(c for c in children if isinstance(c, str) and not _is_token(c))

    def kw(self, meta: Meta, children: Children) -> str:
        return "-".join(str(c).lower() for c in children if str(c) != "—")

    def name_list(self, meta: Meta, children: Children) -> tuple[str, ...]:
        return tuple(c for c in children if isinstance(c, str) and not _is_token(c))

    def name(self, meta: Meta, children: Children) -> str:
        return str(children[0])

    # places
    def into(self, meta: Meta, children: Children) -> n.Place: return n.Place(_trees(children)[-1], word="into")
    def on_top(self, meta: Meta, children: Children) -> n.Place:
        return n.Place(_trees(children)[-1], "top", word="on top of")
    def on_bottom(self, meta: Meta, children: Children) -> n.Place:
        return n.Place(_trees(children)[-1], "bottom", word="on the bottom of")
    def to(self, meta: Meta, children: Children) -> n.Place: return n.Place(_trees(children)[-1], word="to")
    def to_empty(self, meta: Meta, children: Children) -> n.Place:
        return n.Place(_trees(children)[-1], "empty", word="to")
    def back(self, meta: Meta, children: Children) -> n.Place: return n.Place(None, "back", word="back")
    def from_zone(self, meta: Meta, children: Children) -> n.Zone:
        zone: n.Zone = _trees(children)[-1]
        return zone

    # passive participles (the events' are their families')
    def boosted(self, meta: Meta, children: Children) -> Be: return Be("state", n.State("boosted"))

    def by(self, meta: Meta, children: Children) -> n.Selector:
        agent: n.Selector = _trees(children)[0]
        return agent

    # past tense (the events' are their families')
    def paid_points(self, meta: Meta, children: Children) -> Predicate:
        """"If you paid 3" (after "Pay up to 3 resource points >>>"): the points paid for this power."""
        return Predicate("paid", _trees(children)[0])

    def chose(self, meta: Meta, children: Children) -> Predicate:
        return Predicate("chose", _trees(children)[0])

    def chosen_names(self, meta: Meta, children: Children) -> n.ChoseNames:
        return n.ChoseNames((_trees(children)[0],))

    def chosen_each(self, meta: Meta, children: Children) -> n.ChoseNames:
        """"you chose JLA and JSA": each name among the values chosen."""
        return n.ChoseNames(tuple(c for c in _trees(children) if isinstance(c, str)), other=False)

    # == amounts =================================================================================

    def digits(self, meta: Meta, children: Children) -> n.Fixed: return n.Fixed(int(children[0]))

    def word_number(self, meta: Meta, children: Children) -> n.Fixed:
        word = str(children[0]).lower()
        return n.Fixed(_NUMBERS[word], word=word)

    def x(self, meta: Meta, children: Children) -> n.X: return n.X()

    def twice(self, meta: Meta, children: Children) -> n.Times:
        return n.Times(n.Fixed(2), _trees(children)[0], word="twice")

    def times(self, meta: Meta, children: Children) -> n.Times:
        factor, amount = _trees(children)
        return n.Times(factor, amount, word="times")

    def half(self, meta: Meta, children: Children) -> n.Half: return n.Half(_trees(children)[0])
    def that_much(self, meta: Meta, children: Children) -> n.ThatMuch: return n.ThatMuch()
    def that_many(self, meta: Meta, children: Children) -> n.ThatMany: return n.ThatMany()

    def chosen_number(self, meta: Meta, children: Children) -> n.ChosenNumber: return n.ChosenNumber()

    def a_number(self, meta: Meta, children: Children) -> n.Filter:
        """"Choose a number.": a value of the kind "number"."""
        return n.Filter("number", (), n.Quantity("=", _ONE), pos=meta.start_pos, end=meta.end_pos)
    def number_of(self, meta: Meta, children: Children) -> n.NumberOf: return n.NumberOf(_trees(children)[-1])

    def stat_of(self, meta: Meta, children: Children) -> n.StatOf:
        possessor, stat = _trees(children)
        return n.StatOf(possessor, stat)

    def printed_stat_of(self, meta: Meta, children: Children) -> n.StatOf:
        possessor, stat = _trees(children)
        return n.StatOf(possessor, stat, printed=True)

    def cost_of(self, meta: Meta, children: Children) -> n.StatOf:
        return n.StatOf(_trees(children)[0], "cost")

    def the_cost_of_np(self, meta: Meta, children: Children) -> n.StatOf:
        return n.StatOf(_trees(children)[-1], "cost", word="the cost of")

    def the_stat_of_np(self, meta: Meta, children: Children) -> n.StatOf:
        stat, np = _trees(children)
        return n.StatOf(np, stat, word="the stat of")

    def the_total_of_np(self, meta: Meta, children: Children) -> n.StatOf:
        """"the total willpower of characters you control": the sum a StatOf is (word kept for rendering)."""
        total = next(str(c).lower() for c in children if _is_token(c) and str(c).lower() in ("total", "combined"))
        stat, np = _trees(children)
        return n.StatOf(np, stat, word=f"the {total} of")

    def that_of(self, meta: Meta, children: Children) -> ThatOf: return ThatOf(_trees(children)[-1])

    def exactly(self, meta: Meta, children: Children) -> n.Quantity: return n.Quantity("=", _trees(children)[-1])
    def exactly_n(self, meta: Meta, children: Children) -> n.Quantity:
        return n.Quantity("=", _trees(children)[-1], True)
    def or_more(self, meta: Meta, children: Children) -> n.Quantity:
        return n.Quantity(">=", _trees(children)[-1] if _trees(children) else None)
    def or_less(self, meta: Meta, children: Children) -> n.Quantity:
        return n.Quantity("<=", _trees(children)[-1] if _trees(children) else None)
    def up_to(self, meta: Meta, children: Children) -> n.Quantity: return n.Quantity("up to", _trees(children)[-1])
    def more_than(self, meta: Meta, children: Children) -> n.Quantity: return n.Quantity(">", _trees(children)[-1])
    def fewer_than(self, meta: Meta, children: Children) -> n.Quantity: return n.Quantity("<", _trees(children)[-1])

    # == noun phrases ============================================================================

    def np_and(self, meta: Meta, children: Children) -> n.Together:
        parts = _trees(children)
        first = parts[0]
        flat = list(first.parts) if isinstance(first, n.Together) and first.word == "and" else [first]
        return n.Together(tuple(flat + parts[1:]))

    def np_or(self, meta: Meta, children: Children) -> n.Either:
        parts = _trees(children)
        first = parts[0]
        flat = list(first.options) if isinstance(first, n.Either) else [first]
        return n.Either(tuple(flat + parts[1:]))

    def np_one(self, meta: Meta, children: Children) -> n.Selector | n.Amount:
        core: n.Selector | n.Amount  # "its ATK", "the number of …" are noun phrases too
        core, *mods = children
        if not mods:
            return core
        found = _with(core, _qualifiers(mods), meta)
        return attrs.evolve(found, end=meta.end_pos) if isinstance(found, n.Filter) else found

    def np_inner(self, meta: Meta, children: Children) -> n.Selector:
        parts = _trees(children)
        core: n.Selector = parts[0]
        quals: list[n.Qualifier] = []
        for p in parts[1:]:
            if isinstance(p, tuple):
                quals += [q for q in p if isinstance(q, n.Qualifier)]
            else:
                quals.append(n.ControlledBy(p))
        return _with(core, tuple(quals), meta) if quals else core

    def quantified_either(self, meta: Meta, children: Children) -> n.Either:
        det = children[0]
        split = next(i for i, c in enumerate(children) if _is_token(c) and c.type == "OR_GROUP")
        first = self._filter(det, children[1:split], meta)
        second = self._filter(det, children[split + 1:], meta)
        if first.target is not None and second.target is not None:
            second = attrs.evolve(second, target=None)
        return n.Either((first, second), word="heads")

    def quantified(self, meta: Meta, children: Children) -> n.Filter:
        return self._filter(children[0], children[1:], meta)

    def bare(self, meta: Meta, children: Children) -> n.Filter:
        return self._filter(None, children, meta)

    def the_np(self, meta: Meta, children: Children) -> n.Filter:
        f = self._filter(None, _trees(children), meta)
        return attrs.evolve(f, words="the")

    def _filter(self, det: Det | None, parts: Iterable[Any], meta: Meta) -> n.Filter:
        quantity, target, qualifiers = (None, None, []) if det is None else det
        qualifiers = list(qualifiers)
        kind = None
        for p in parts:
            if _is_token(p):
                continue
            if isinstance(p, tuple) and p and p[0] == "heads":
                kind, roles = p[1], p[2]
                qualifiers += p[3:]  # the name a named head gives ("each Infinity Gem")
                if roles:
                    qualifiers.append(n.Role(roles))
            elif isinstance(p, n.Qualifier):
                qualifiers.append(p)
            elif isinstance(p, (list, tuple)):
                qualifiers += [q for q in p if isinstance(q, n.Qualifier)]
        if kind is None:
            raise _fail("a noun phrase without a noun", meta)
        return n.Filter(kind, tuple(qualifiers), quantity, target, pos=meta.start_pos, end=meta.end_pos)

    def the_chosen(self, meta: Meta, children: Children) -> n.ChosenRef:
        heads = _trees(children)[0]
        return n.ChosenRef(heads[1], word=f"the chosen {heads[1]}")

    def controller_of_np(self, meta: Meta, children: Children) -> n.ControllerOf:
        return n.ControllerOf(_trees(children)[-1], word="the controller of")

    def owner_of_np(self, meta: Meta, children: Children) -> n.OwnerOf:
        return n.OwnerOf(_trees(children)[-1])

    def one_of(self, meta: Meta, children: Children) -> n.Filter:
        return n.Filter("card", (n.Among(_trees(children)[-1]),), n.Quantity("=", _ONE), pos=meta.start_pos,
                        words="one of")

    def one_of_them(self, meta: Meta, children: Children) -> n.Filter:
        """"Put one into your hand": one of the cards the text just named."""
        return n.Filter("card", (n.Among(Pronoun("them", meta.start_pos)),), n.Quantity("=", _ONE),
                        pos=meta.start_pos, words="one of")

    def the_rest(self, meta: Meta, children: Children) -> Rest: return Rest("the rest")
    def the_other(self, meta: Meta, children: Children) -> Rest: return Rest("the other")

    def top_cards(self, meta: Meta, children: Children) -> n.TopCards:
        parts = _trees(children)
        zone = parts[-1]
        count = parts[0] if len(parts) > 1 else _ONE
        return n.TopCards(zone, count, pos=meta.start_pos)

    def bottom_cards(self, meta: Meta, children: Children) -> n.TopCards:
        parts = _trees(children)
        zone = parts[-1]
        count = parts[0] if len(parts) > 1 else _ONE
        return n.TopCards(zone, count, bottom=True, pos=meta.start_pos)

    def you(self, meta: Meta, children: Children) -> n.You: return n.You()

    def number_np(self, meta: Meta, children: Children) -> n.NumberOf:
        """"If the number of cards in your hand is 3 or more": an amount as a subject."""
        return n.NumberOf(_trees(children)[-1])

    def named_np(self, meta: Meta, children: Children) -> n.Filter:
        """A card's name that is not its own ("If Bob attacked this turn"): a character so named."""
        return n.Filter("character", (n.Named(str(children[0])),), n.Quantity("=", _ONE), pos=meta.start_pos,
                        end=meta.end_pos, words="name")

    # references
    def self_ref(self, meta: Meta, children: Children) -> n.Self: return n.Self(pos=meta.start_pos)

    def this_ref(self, meta: Meta, children: Children) -> n.Self | n.ThisPower:
        heads = _trees(children)[0]
        if heads[1] == "power":
            return n.ThisPower()
        return n.Self(word=f"this {heads[1]}", pos=meta.start_pos)

    def pronoun_ref(self, meta: Meta, children: Children) -> Pronoun:
        return Pronoun(children[0], meta.start_pos)

    def pronoun(self, meta: Meta, children: Children) -> str:
        return " ".join(str(c).lower() for c in children)

    def the_discarded(self, meta: Meta, children: Children) -> That:
        return That(_head_noun(_trees(children)[0]), meta.start_pos, word="the discarded")

    def the_you_discarded(self, meta: Meta, children: Children) -> That:
        """"the card you discarded": what a discard before it, a step or the card's cost, acted on."""
        return That(_head_noun(_trees(children)[0]), meta.start_pos, word="the", done="discard")

    def that_ref(self, meta: Meta, children: Children) -> That:
        return That(_head_noun(_trees(children)[0]), meta.start_pos, word="that")

    def that_qualified_ref(self, meta: Meta, children: Children) -> That:
        """"that opposing character": the latest character mentioned as an opposing one."""
        quality, heads = _trees(children)
        return That(_head_noun(heads), meta.start_pos, word="that", qualifiers=(quality,))

    def those_ref(self, meta: Meta, children: Children) -> That:
        return That(_head_noun(_trees(children)[0]), meta.start_pos, plural=True, word="those")

    def equipped_ref(self, meta: Meta, children: Children) -> n.Equipped: return n.Equipped()

    # determiners: (quantity, target, qualifiers)
    def det_a(self, meta: Meta, children: Children) -> Det: return (n.Quantity("=", _ONE), None, ())
    def det_target(self, meta: Meta, children: Children) -> Det: return (n.Quantity("=", _ONE), TARGET, ())
    def det_another(self, meta: Meta, children: Children) -> Det:
        return (n.Quantity("=", _ONE), None, (OtherMark(meta.start_pos),))
    def det_another_target(self, meta: Meta, children: Children) -> Det:
        return (n.Quantity("=", _ONE), TARGET, (OtherMark(meta.start_pos),))

    def det_all(self, meta: Meta, children: Children) -> Det:
        return (n.Quantity("all"), None, ())

    def det_each(self, meta: Meta, children: Children) -> Det: return (n.Quantity("each"), None, ())
    def det_any(self, meta: Meta, children: Children) -> Det: return (n.Quantity("any"), None, ())
    def det_any_number(self, meta: Meta, children: Children) -> Det: return (n.Quantity("any number"), None, ())
    def det_that_many(self, meta: Meta, children: Children) -> Det: return (n.Quantity("=", n.ThatMany()), None, ())
    def det_no(self, meta: Meta, children: Children) -> Det: return (n.Quantity("=", n.Fixed(0)), None, ())
    def det_quantity(self, meta: Meta, children: Children) -> Det:
        return (children[0] if isinstance(children[0], n.Quantity) else
                                                    n.Quantity("=", children[0]), None, ())
    def det_number_target(self, meta: Meta, children: Children) -> Det:
        return (n.Quantity("=", _trees(children)[0]), TARGET, ())
    def det_up_to_target(self, meta: Meta, children: Children) -> Det:
        return (n.Quantity("up to", _trees(children)[0]), TARGET, ())
    def det_any_number_target(self, meta: Meta, children: Children) -> Det:
        return (n.Quantity("any number"), TARGET, ())
    def det_more(self, meta: Meta, children: Children) -> Det: return (n.Quantity("more"), None, ())
    def det_fewer(self, meta: Meta, children: Children) -> Det: return (n.Quantity("fewer"), None, ())

    # possessives
    def possessed(self, meta: Meta, children: Children) -> n.Selector | n.Amount:
        noun: PossessedNoun
        possessor, noun = children
        return noun(possessor, meta)

    def poss_np(self, meta: Meta, children: Children) -> n.Selector:
        possessor: n.Selector = _trees(children)[0]
        return possessor

    def poss_target(self, meta: Meta, children: Children) -> n.Filter:
        """"target character's ATK": a target, as a possessor of an amount."""
        f = self._filter((n.Quantity("=", _ONE), TARGET, ()), [c for c in children if not _is_token(c)], meta)
        return attrs.evolve(f, end=meta.end_pos)

    def poss_the(self, meta: Meta, children: Children) -> n.Filter:
        """"the defender's ATK"."""
        f = self._filter(None, [c for c in children if not _is_token(c)], meta)
        return attrs.evolve(f, words="the", end=meta.end_pos)
    def poss_your(self, meta: Meta, children: Children) -> n.You: return n.You(word="your")
    def poss_his(self, meta: Meta, children: Children) -> Pronoun: return Pronoun("his", meta.start_pos)
    def poss_her(self, meta: Meta, children: Children) -> Pronoun: return Pronoun("her", meta.start_pos)
    def poss_its(self, meta: Meta, children: Children) -> Pronoun: return Pronoun("its", meta.start_pos)
    def poss_their(self, meta: Meta, children: Children) -> Pronoun: return Pronoun("their", meta.start_pos)
    def poss_his_or_her(self, meta: Meta, children: Children) -> Pronoun: return Pronoun("his or her", meta.start_pos)

    def controller_noun(self, meta: Meta, children: Children) -> PossessedNoun:
        return lambda p, m: n.ControllerOf(p)

    def owner_noun(self, meta: Meta, children: Children) -> PossessedNoun:
        return lambda p, m: n.OwnerOf(p)

    def stat_noun(self, meta: Meta, children: Children) -> PossessedNoun:
        stat = children[0]
        return lambda p, m: n.StatOf(p, stat)

    def endurance_noun(self, meta: Meta, children: Children) -> PossessedNoun:
        return lambda p, m: n.EnduranceOf(p)

    def printed_stat_noun(self, meta: Meta, children: Children) -> PossessedNoun:
        stat = _trees(children)[0]
        return lambda p, m: n.StatOf(p, stat, printed=True)

    def possessed_cards(self, meta: Meta, children: Children) -> PossessedNoun:
        parts = list(children)

        def make(p: Any, m: Meta) -> n.Selector:
            f = self._filter(None, parts, m)
            if f.kind == "power":  # "her activated powers": all the powers of what she controls
                return attrs.evolve(f, qualifiers=f.qualifiers + (n.ControlledBy(p),), quantity=n.Quantity("all"))
            if f.kind in ("opponent", "player") and isinstance(p, n.You):
                return n.OpponentsOf(p) if f.kind == "opponent" and not f.qualifiers else f
            if isinstance(p, Pronoun):  # "their revealed cards": a player's, as "their deck" is
                p = attrs.evolve(p, zone_owner=True)
            return attrs.evolve(f, qualifiers=f.qualifiers + (n.ControlledBy(p),), words="possessed")
        return make

    def possessed_front_row_cards(self, meta: Meta, children: Children) -> PossessedNoun:
        """"your front row characters": those you control in the front row."""
        return self.possessed_cards(meta, [n.State("front row"), *children])

    def possessed_support_row_cards(self, meta: Meta, children: Children) -> PossessedNoun:
        """"your support row characters": those you control in the support row."""
        return self.possessed_cards(meta, [n.State("support row"), *children])

    # zones
    def zone(self, meta: Meta, children: Children) -> n.Zone:
        parts = _trees(children)
        joiner = "or" if any(_is_token(c) and c.type.startswith("OR") for c in children) else None
        owner = attrs.evolve(parts[0], zone_owner=True) if isinstance(parts[0], Pronoun) else parts[0]
        return n.Zone(tuple(parts[1:]), owner, word=joiner)

    def any_zone(self, meta: Meta, children: Children) -> n.Zone:
        return n.Zone((_trees(children)[0],), None, word="a")

    def the_zone(self, meta: Meta, children: Children) -> n.Zone:
        return n.Zone((_trees(children)[0],), None, word="the")

    def bare_hand(self, meta: Meta, children: Children) -> n.Zone:
        return n.Zone(("hand",), n.You(), word="bare")

    def hand(self, meta: Meta, c: Children) -> str: return "hand"
    def deck(self, meta: Meta, c: Children) -> str: return "deck"
    def ko_pile(self, meta: Meta, c: Children) -> str: return "ko pile"
    def resource_row(self, meta: Meta, c: Children) -> str: return "resource row"
    def front_row(self, meta: Meta, c: Children) -> str: return "front row"
    def support_row(self, meta: Meta, c: Children) -> str: return "support row"
    def hidden_area(self, meta: Meta, c: Children) -> str: return "hidden area"
    def visible_area(self, meta: Meta, c: Children) -> str: return "visible area"

    # the players who control
    def acting_player(self, meta: Meta, children: Children) -> Pronoun:
        return Pronoun(children[0], meta.start_pos)

    def acting_word(self, meta: Meta, children: Children) -> str:
        return " ".join(str(c).lower() for c in children)

    def your_opponents(self, meta: Meta, children: Children) -> n.OpponentsOf: return n.OpponentsOf(n.You())

    def an_opponent(self, meta: Meta, children: Children) -> n.Filter:
        return n.Filter("opponent", (), n.Quantity("=", _ONE), pos=meta.start_pos)

    def player_word(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()

    def target_player(self, meta: Meta, children: Children) -> n.Filter:
        kind = children[-1]
        return n.Filter("opponent" if kind == "opponent" else "player", (), n.Quantity("=", _ONE), TARGET,
                        pos=meta.start_pos)

    def that_player(self, meta: Meta, children: Children) -> That: return That("player", meta.start_pos, word="that")

    def each_player(self, meta: Meta, children: Children) -> n.Filter:
        kind = children[-1]
        return n.Filter("opponent" if kind == "opponent" else "player", (), n.Quantity("each"), pos=meta.start_pos)

    def controller_of_possessor(self, meta: Meta, children: Children) -> n.ControllerOf:
        return n.ControllerOf(_trees(children)[0])

    # heads: ("heads", kind, roles)
    def heads(self, meta: Meta, children: Children) -> Heads:
        found = [c for c in children if isinstance(c, tuple)]
        kinds = []
        roles: list[str] = []
        names = [c[2] for c in found if len(c) > 2]
        for kind, role, *_ in found:
            if kind not in kinds:
                kinds.append(kind)
            if role:
                roles.append(role)
        # "a character or plot twist card": "card" is said of each (a character card or a plot twist card)
        if len(kinds) > 1 and kinds[-1].endswith(" card"):
            kinds = [k + " card" if k in _CARD_TYPES else k for k in kinds]
        return ("heads", " or ".join(kinds), tuple(roles), *names)

    @staticmethod
    def _head(kind: str, role: str | None = None) -> Callable[[Build, Meta, Children], Head]:
        def method(self: Build, meta: Meta, children: Children) -> Head:
            return (kind, role)
        return method

    def named_head(self, meta: Meta, children: Children) -> Head:
        """"each Infinity Gem": a card of that kind (the name as before a noun, "Infinity Gem card")."""
        return ("card", None, n.Name(str(children[0])))

    def self_premod(self, meta: Meta, children: Children) -> n.Named:
        """The card's own name before a noun ("for each ~ character card"): a card named as this one is."""
        return n.Named(self_=True)

    character = _head("character")
    character_card = _head("character card")
    card = _head("card")
    attacker = _head("character", "attacker")
    defender = _head("character", "defender")
    team_attacker = _head("character", "team attacker")
    resource = _head("resource")
    location = _head("location")
    location_card = _head("location card")
    plot_twist = _head("plot twist")
    plot_twist_card = _head("plot twist card")
    equipment = _head("equipment")
    equipment_card = _head("equipment card")
    player = _head("player")
    opponent = _head("opponent")
    effect = _head("effect")
    plot_twist_effect = _head("plot twist effect")
    payment_effect = _head("payment effect")
    triggered_effect = _head("triggered effect")
    affiliation = _head("affiliation")
    trait = _head("trait")
    identity_head = _head("identity")
    card_type_head = _head("card type")
    card_name_head = _head("card name")
    point = _head("point")
    power_head = _head("power")

    # premods and postmods
    def non(self, meta: Meta, children: Children) -> n.Qualifier:
        q: n.State  # "non-ongoing", "non-unique"
        (q,) = _trees(children)
        return attrs.evolve(q, negated=True)

    def named_premod(self, meta: Meta, children: Children) -> n.Qualifier:
        """A capitalised word before a noun: a name ("Avengers", "Army", "Mental"), or a game
        word's characteristic ("Friendly", "Cosmic": :func:`vocabulary.premodifier`)."""
        return premodifier(_trees(children)[0])
    def non_name(self, meta: Meta, children: Children) -> n.Name: return n.Name(_trees(children)[-1], negated=True)
    def other(self, meta: Meta, children: Children) -> OtherMark: return OtherMark(meta.start_pos)

    def adj_unprotected(self, meta: Meta, children: Children) -> n.State: return n.State("protected", negated=True)

    def keyword_premod(self, meta: Meta, children: Children) -> n.HasKeyword:
        """"each press card": a card with that keyword (as "Cosmic characters", vocabulary.premodifier)."""
        (word,) = _trees(children)
        return n.HasKeyword((word,))

    def kw_adjective(self, meta: Meta, children: Children) -> str:
        return str(children[0]).lower()

    def your_next(self, meta: Meta, children: Children) -> n.Filter:
        """"your next character": the next one that player recruits (a modifier on it is used up as
        it applies, MHG press)."""
        f = self._filter(None, _trees(children), meta)
        return attrs.evolve(f, qualifiers=f.qualifiers + (n.State("next"), n.RecruitedBy(n.You(word="your"))),
                            quantity=n.Quantity("=", _ONE), words="next")

    def adj_hunted(self, meta: Meta, children: Children) -> n.Hunted:
        """"target hunted character": one a player hunts (MEV, hunter)."""
        return n.Hunted()

    def hunted_by(self, meta: Meta, children: Children) -> n.Hunted:
        """"a character hunted by you": the one that player hunts now."""
        return n.Hunted(_trees(children)[-1])

    def adj_friendly(self, meta: Meta, children: Children) -> n.Qualifier:
        """"friendly characters": those you control (digest §9)."""
        return premodifier("friendly")

    def adj_random(self, meta: Meta, children: Children) -> n.AtRandom:
        """"discards a random card from his hand": one picked at random, as "a card … at random"."""
        return n.AtRandom()

    def adj_cosmic(self, meta: Meta, children: Children) -> n.Qualifier:
        """"a cosmic character": one with cosmic or cosmic—surge, not stunned (HoG FAQ 2.2)."""
        return premodifier("cosmic")

    def adj_adjacent(self, meta: Meta, children: Children) -> AdjacentMark:
        """"that adjacent character": the one the text said is adjacent to something."""
        return AdjacentMark()

    def adj_opposing(self, meta: Meta, children: Children) -> n.ControlledBy:
        """"an opposing character": a character an opponent controls (digest §9)."""
        return n.ControlledBy(n.Filter("opponent", (), n.Quantity("=", _ONE), pos=meta.start_pos))

    @staticmethod
    def _adj(name: str) -> Callable[[Build, Meta, Children], n.State]:
        def method(self: Build, meta: Meta, children: Children) -> n.State:
            return n.State(name)
        return method

    adj_stunned = _adj("stunned")
    adj_ready = _adj("ready")
    adj_exhausted = _adj("exhausted")
    adj_hidden = _adj("hidden")
    adj_visible = _adj("visible")
    adj_face_up = _adj("face-up")
    adj_face_down = _adj("face-down")
    adj_equipped = _adj("equipped")
    adj_revealed = _adj("revealed")
    adj_remaining = _adj("remaining")
    adj_unique = _adj("unique")
    adj_leader = _adj("leader")
    adj_defending = _adj("defending")
    adj_attacking = _adj("attacking")
    adj_ongoing = _adj("ongoing")
    adj_protected = _adj("protected")
    adj_powered_up = _adj("powered-up")
    adj_front_row = _adj("front row")
    adj_support_row = _adj("support row")
    adj_different = _adj("different")
    adj_activated = _adj("activated")

    def with_stat(self, meta: Meta, children: Children) -> n.StatIs:
        stat, quantity = _trees(children)
        return n.StatIs(stat, quantity)

    def with_quantity_stat(self, meta: Meta, children: Children) -> n.StatIs:
        quantity, stat = _trees(children)
        return n.StatIs(stat, quantity)

    def with_keyword(self, meta: Meta, children: Children) -> n.HasKeyword: return n.HasKeyword(_trees(children)[0])
    def with_no_keywords(self, meta: Meta, children: Children) -> n.HasKeyword: return n.HasKeyword((), none=True)
    def without_keyword(self, meta: Meta, children: Children) -> n.HasKeyword:
        return n.HasKeyword(_trees(children)[0], none=True)

    def _with_stat(self, children: Children, op: str, exact: bool = False) -> n.StatIs:
        """"with ATK greater than 4", "with cost less than that of the defender": a comparison."""
        stat, amount = _trees(children)[0], _trees(children)[-1]
        return n.StatIs(stat, n.Quantity(op, amount, exact=exact))

    def with_stat_greater(self, meta: Meta, children: Children) -> n.StatIs: return self._with_stat(children, ">")
    def with_stat_less(self, meta: Meta, children: Children) -> n.StatIs: return self._with_stat(children, "<")
    def with_stat_at_most(self, meta: Meta, children: Children) -> n.StatIs: return self._with_stat(children, "<=")
    def with_stat_at_least(self, meta: Meta, children: Children) -> n.StatIs: return self._with_stat(children, ">=")
    def with_stat_equal(self, meta: Meta, children: Children) -> n.StatIs:
        return self._with_stat(children, "=", exact=True)

    def with_no_affiliation(self, meta: Meta, children: Children) -> n.Affiliations:
        (word,) = _trees(children)
        return n.Affiliations(n.Quantity("=", n.Fixed(0)), word=word)

    def affiliation_word(self, meta: Meta, children: Children) -> str:
        return " ".join(w.lower() for w in _words(children))

    def with_extreme(self, meta: Meta, children: Children) -> n.HasExtreme:
        word, stat, among = _trees(children)
        return n.HasExtreme(n.Extreme(stat, among, word in ("highest", "greatest"), word=word))

    def same_as(self, meta: Meta, children: Children) -> n.SameAs | tuple[n.SameAs, ...]:
        *whats, np = [c for c in _trees(children) if not _is_token(c)]
        if len(whats) == 1:
            return n.SameAs(whats[0], np)
        return tuple(n.SameAs(w, np) for w in whats)  # "the same name and version as": both

    def with_the_same(self, meta: Meta, children: Children) -> n.Shares:
        """"characters with the same name": that share the same name, one common to them all."""
        (what,) = [c for c in _trees(children) if not _is_token(c)]
        return n.Shares((what,), same=True)

    def same_what(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()

    def with_greater_than_all(self, meta: Meta, children: Children) -> n.StatIs:
        """"with a greater cost than that of each character you control" (also "any", as printed
        before the errata that said what it meant, Cerebro XVIII): greater than the greatest of them."""
        stat, np = _trees(children)[-2:]
        q = np.quantity if isinstance(np, n.Filter) else None
        if not isinstance(np, n.Filter) or q is None or q.op not in ("each", "any", "all"):
            raise _fail('"than that of …" compares with each of several ("than that of each character you '
                        'control")', meta)
        among = attrs.evolve(np, quantity=None)
        return n.StatIs(stat, n.Quantity(">", n.Extreme(stat, among, True, word=f"that of {q.op}")))

    def with_greater(self, meta: Meta, children: Children) -> n.StatIs:
        stat, np = _trees(children)[-2:]
        return n.StatIs(stat, n.Quantity(">", n.StatOf(np, stat)))

    def with_that_affiliation(self, meta: Meta, children: Children) -> n.Chosen:
        return n.Chosen(_trees(children)[-1])

    def with_chosen(self, meta: Meta, children: Children) -> n.Chosen: return n.Chosen(_trees(children)[-1])
    def with_chosen_name(self, meta: Meta, children: Children) -> n.Chosen: return n.Chosen("card name")
    def with_one_target(self, meta: Meta, children: Children) -> n.WithOneTarget: return n.WithOneTarget()

    def named(self, meta: Meta, children: Children) -> n.Named: return n.Named(_trees(children)[-1])
    def named_self(self, meta: Meta, children: Children) -> n.Named: return n.Named(self_=True)
    def adjacent_to(self, meta: Meta, children: Children) -> n.Adjacent: return n.Adjacent(_trees(children)[-1])
    def attached_to(self, meta: Meta, children: Children) -> n.AttachedTo: return n.AttachedTo(_trees(children)[-1])
    def controlled_by(self, meta: Meta, children: Children) -> n.ControlledBy:
        return n.ControlledBy(_trees(children)[0])
    def recruited_by(self, meta: Meta, children: Children) -> n.RecruitedBy: return n.RecruitedBy(_trees(children)[0])

    def played_by(self, meta: Meta, children: Children) -> n.RecruitedBy:
        return n.RecruitedBy(_trees(children)[0], "play")
    def in_zone(self, meta: Meta, children: Children) -> n.InZone: return n.InZone(_trees(children)[-1])
    def in_play(self, meta: Meta, children: Children) -> n.InZone: return n.InZone(None)
    def from_zone_mod(self, meta: Meta, children: Children) -> n.InZone: return n.InZone(children[0], word="from")
    def of_your_choice(self, meta: Meta, children: Children) -> n.OfYourChoice: return n.OfYourChoice()
    def not_chosen_yet(self, meta: Meta, children: Children) -> n.NotChosenYet: return n.NotChosenYet()
    def among(self, meta: Meta, children: Children) -> n.Among: return n.Among(_trees(children)[-1])
    def revealed_this_way(self, meta: Meta, children: Children) -> n.Among:
        return n.Among(Pronoun("them", meta.start_pos), word="revealed this way")

    def done_this_way(self, meta: Meta, children: Children) -> n.Among:
        """"for each card discarded this way": among the objects the step before acted on."""
        word = str(children[0]).lower()
        word = "KO'd" if word == "ko'd" else word
        return n.Among(Pronoun("them", meta.start_pos), word=f"{word} this way")

    def from_it(self, meta: Meta, children: Children) -> n.Among:
        (ref,) = _trees(children)
        word = ref.word if isinstance(ref, Pronoun) else None
        if word not in ("it", "them"):
            raise CardTextError(f"\"from {word}\": a card is chosen from it (a zone) or from them (cards)")
        return n.Among(Pronoun("them", meta.start_pos), word=f"from {word}")
    def other_than(self, meta: Meta, children: Children) -> n.Other: return n.Other(_trees(children)[-1])
    def than(self, meta: Meta, children: Children) -> n.Than: return n.Than(_trees(children)[-1])

    def that_rel(self, meta: Meta, children: Children) -> tuple[n.Qualifier, ...]:
        relatives: tuple[n.Qualifier, ...] = _trees(children)[-1]
        return relatives

    def relatives(self, meta: Meta, children: Children) -> tuple[n.Qualifier, ...]:
        return tuple(c for c in _trees(children) if isinstance(c, n.Qualifier))

    def shares(self, meta: Meta, children: Children) -> n.Shares:
        parts = _trees(children)
        return n.Shares(parts[0], parts[1] if len(parts) > 1 else None)

    def shares_same(self, meta: Meta, children: Children) -> n.Shares:
        """"that share the same Mutant trait": one value common to all of them."""
        parts = [c for c in _trees(children) if isinstance(c, str) and not _is_token(c)]
        if len(parts) == 1 and parts[0] not in _SHARE_NOUNS:  # "the same Mutant trait"
            return n.Shares(("trait",), None, same=True, named=parts[0])
        return n.Shares((parts[0],), None, same=True)

    def share_what(self, meta: Meta, children: Children) -> tuple[str, ...]:
        return tuple(str(c) for c in children if isinstance(c, str) and not _is_token(c))

    def share_noun(self, meta: Meta, children: Children) -> str:
        return " ".join(str(c).lower() for c in children)

    def rel_has(self, meta: Meta, children: Children) -> n.Qualifier:
        p: Predicate
        (p,) = _trees(children)
        if p.what == "keywords":
            return n.HasKeyword(p.data)
        if p.what == "either":
            either: n.HasEither = p.data
            return either
        if p.what == "stat":
            return n.StatIs(p.data[0], p.data[1])
        raise _fail("a relative clause vsoracle cannot read", meta)

    def rel_is(self, meta: Meta, children: Children) -> n.Qualifier:
        (be,) = _trees(children)
        q = _be_qualifier(be)
        if q is None:
            raise _fail("a relative clause vsoracle cannot read", meta)
        return q

    def rel_was(self, meta: Meta, children: Children) -> n.Qualifier:
        """"that was KO'd this turn": what happened to each candidate."""
        parts = _trees(children)
        be = parts[0]
        span = parts[1].data if len(parts) > 1 else None
        if be.kind == "pp":
            return n.Where(n.Happened(be.data.event(n.Affected()), span))
        q = _be_qualifier(be)
        if q is None or span is not None:
            raise _fail("a relative clause vsoracle cannot read", meta)
        return q

    def rel_happened(self, meta: Meta, children: Children) -> n.Where:
        parts = _trees(children)
        verb = parts[0]
        span = parts[1].data if len(parts) > 1 else None
        return n.Where(n.Happened(verb.event(n.Affected()), span))

    def rel_controls(self, meta: Meta, children: Children) -> n.Where:
        (np,) = _trees(children)
        return n.Where(control_condition(n.Acting(), np))

    # counters: (kind, count)
    def counter_one(self, meta: Meta, children: Children) -> n.Fixed: return _ONE
    def counter_all(self, meta: Meta, children: Children) -> n.Quantity: return n.Quantity("all", None)

    def stat_counter_kind(self, meta: Meta, children: Children) -> n.CounterKind:
        a, d = [c for c in children if _is_token(c) and c.type == "SIGNED"]
        return n.CounterKind(int(str(a)), int(str(d)))

    def one_stat_counter_kind(self, meta: Meta, children: Children) -> n.CounterKind:
        signed = next(c for c in children if _is_token(c) and c.type == "SIGNED")
        stat = _trees(children)[-1]
        value = int(str(signed))
        return n.CounterKind(value if stat == "atk" else 0, value if stat == "def" else 0)

    def cosmic_counter_kind(self, meta: Meta, children: Children) -> n.CounterKind: return n.CounterKind(name="cosmic")
    def any_counter_kind(self, meta: Meta, children: Children) -> None: return None

    def stat_counter(self, meta: Meta, children: Children) -> CounterSpec:
        return (self.stat_counter_kind(meta, children), children[0])

    def one_stat_counter(self, meta: Meta, children: Children) -> CounterSpec:
        return (self.one_stat_counter_kind(meta, children), children[0])

    def cosmic_counter(self, meta: Meta, children: Children) -> CounterSpec:
        return (n.CounterKind(name="cosmic"), children[0])

    def stat_counters_plural(self, meta: Meta, children: Children) -> n.CounterKind:
        return self.stat_counter_kind(meta, children)

    def one_stat_counters_plural(self, meta: Meta, children: Children) -> n.CounterKind:
        return self.one_stat_counter_kind(meta, children)

    def cosmic_counters_plural(self, meta: Meta, children: Children) -> n.CounterKind:
        return n.CounterKind(name="cosmic")

    def any_counters_plural(self, meta: Meta, children: Children) -> None:
        return None

    def number_of_counters(self, meta: Meta, children: Children) -> n.CountersOn:
        """"the number of cosmic counters on ~": how many such counters are on it (CR 215)."""
        parts = _trees(children)
        kind = parts[0] if len(parts) == 2 else None
        return n.CountersOn(parts[-1], kind, word="the number of")

    def any_counter(self, meta: Meta, children: Children) -> CounterSpec:
        """"a counter", "two counters": of no kind named, so of any kind (A-ANY-COUNTER)."""
        return (None, children[0])

    # steps
    def the_step(self, meta: Meta, children: Children) -> n.Step:
        name, kind = _trees(children)[-2:]
        return n.Step(f"{name} {kind}")

    def your_step(self, meta: Meta, children: Children) -> n.Step:
        name, kind = _trees(children)[-2:]
        return n.Step(f"{name} {kind}", "your")

    def each_players_step(self, meta: Meta, children: Children) -> n.Step:
        """"each player's recruit step": every player's, each one "that player" of its trigger."""
        name, kind = _trees(children)[-2:]
        return n.Step(f"{name} {kind}", "each")

    def your_next_step(self, meta: Meta, children: Children) -> n.Step:
        """"your next recovery phase": the first one to begin after the effect."""
        name, kind = _trees(children)[-2:]
        return n.Step(f"{name} {kind}", "your", next=True)

    def its_controllers_next_step(self, meta: Meta, children: Children) -> n.Step:
        """"its controller's next recovery phase": "your next recovery phase" of the player who
        controls the object the modifier is about (``whose`` "its controller")."""
        name, kind = _trees(children)[-2:]
        return n.Step(f"{name} {kind}", "its controller", next=True)

    def opponents_step(self, meta: Meta, children: Children) -> n.Step:
        """"an opponent's attack step": a step of a player not you."""
        name, kind = _trees(children)[-2:]
        return n.Step(f"{name} {kind}", "opponent", word="an opponent's")

    def your_opponents_step(self, meta: Meta, children: Children) -> n.Step:
        """"your opponent's attack step" (two players' words): the same."""
        name, kind = _trees(children)[-2:]
        return n.Step(f"{name} {kind}", "opponent", word="your opponent's")

    def the_turn(self, meta: Meta, children: Children) -> n.Step: return n.Step("turn")
    def combat_step(self, meta: Meta, children: Children) -> n.Step: return n.Step("combat phase")
    def step_name(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()
    def step_kind(self, meta: Meta, children: Children) -> str: return str(children[0]).lower()


# The grammar's aliases that are Python keywords or names of Transformer methods.
setattr(Build, "is", Build.is_)


# =============================================================================================
# From clauses to nodes (used by the transformer and by the finishing pass)
# =============================================================================================

#: The card types a head names ("character", "plot twist" …): "card" after the last of a list goes with each.
_CARD_TYPES = frozenset({"character", "plot twist", "location", "equipment"})


def _install_family_rules() -> None:
    """Each event family's grammar rules become methods of :class:`Build` (a rule the class
    already has a method for, or two families build, is an error)."""
    for name, method in family_rules().items():
        if name in vars(Build):
            raise TypeError(f"the grammar rule {name!r} has a method in Build and in an event family")
        setattr(Build, name, method)


_install_family_rules()


def _head_noun(heads: Heads) -> str:
    """The noun of "that attacker" / "those team attackers": the role if the head is one."""
    _, kind, roles, *_ = heads
    return roles[0] if roles else kind


def _qualifiers(mods: Iterable[Any]) -> tuple[n.Qualifier, ...]:
    out: list[n.Qualifier] = []
    for m in mods:
        if isinstance(m, n.Qualifier):
            out.append(m)
        elif isinstance(m, tuple):
            out += [q for q in m if isinstance(q, n.Qualifier)]
    return tuple(out)


def _with(core: n.Selector | n.Amount, qualifiers: tuple[n.Qualifier, ...], meta: Meta) -> n.Selector:
    """A noun phrase's core with its modifiers after the noun."""
    if isinstance(core, n.Filter):
        return attrs.evolve(core, qualifiers=core.qualifiers + qualifiers)
    if isinstance(core, n.Either):
        return attrs.evolve(core, options=tuple(_with(o, qualifiers, meta) for o in core.options))
    if isinstance(core, n.TopCards) or isinstance(core, n.Ref):
        return n.Filter("card", (n.Among(core),) + qualifiers, None, pos=getattr(meta, "start_pos", -1),
                        words="among")
    raise _fail("modifiers after a noun phrase that takes none", meta)


def _be_qualifier(be: Be) -> n.Qualifier | None:
    """What "is …" says of a subject, as a qualifier (or ``None``: not a qualifier)."""
    if be.kind == "state":
        said: n.State = be.data
        return said
    if be.kind == "pp":
        verb: Verb = be.data
        quality = FAMILIES[verb.cls].qualifier(verb.fields)  # "is hunted by you": as it is now
        if quality is not None:
            return quality
        state = FAMILIES[verb.cls].state
        if state is not None and not verb.fields.get("agent"):
            return n.State(state)
        return n.Where(n.Happened(verb.event(n.Affected())))
    if be.kind == "zone":
        return n.InZone(be.data)
    if be.kind == "adjacent":
        return n.Adjacent(be.data)
    if be.kind == "targeting":
        return n.Targeting(be.data)
    return None


def control_condition(player: Any, np: Any) -> n.Condition:
    """"P controls NP": how many of NP P controls, compared as NP's determiner says ("three or
    more X", "no X", "a X", "exactly one X"); "fewer X than Y" compares with Y's; "A and B" both,
    "A or B" either."""
    if isinstance(np, n.Together):
        return n.All(tuple(control_condition(player, part) for part in np.parts))
    if isinstance(np, n.Either) and np.word != "heads":
        return n.AnyOf(tuple(control_condition(player, part) for part in np.options))
    if not isinstance(np, n.Filter):
        return n.Is(np, (n.ControlledBy(player),))
    q = np.quantity
    base = attrs.evolve(np, quantity=None, qualifiers=np.qualifiers + (n.ControlledBy(player),))
    if q is not None and q.op in ("more", "fewer"):
        than = next((x.of for x in np.qualifiers if isinstance(x, n.Than)), None)
        if than is None:
            raise _more_than_nothing(q.op)
        base = attrs.evolve(base, qualifiers=tuple(x for x in base.qualifiers if not isinstance(x, n.Than)))
        other = attrs.evolve(base, qualifiers=tuple(x for x in base.qualifiers if not isinstance(x, n.ControlledBy))
                             + (n.ControlledBy(than),))
        return n.Compare(n.NumberOf(base), ">" if q.op == "more" else "<", n.NumberOf(other))
    return _count_compare(n.NumberOf(base), q)


def _count_compare(left: n.Amount, q: n.Quantity | None) -> n.Condition:
    if q is None or q.op in ("all", "each", "any"):
        return n.Compare(left, ">=", _ONE)
    if q.op == "=" and q.n == _ONE and not q.exact:
        return n.Compare(left, ">=", _ONE)
    if q.n is None:  # "more", "fewer" with no "than …"
        raise _more_than_nothing(q.op)
    if q.op == "up to":
        return n.Compare(left, "<=", q.n)
    return n.Compare(left, q.op, q.n)


def _more_than_nothing(op: str) -> CardTextError:
    return _fail(f'"{op} …" compares with nothing here — say with what: "{op} X than Y" ("if you control {op} '
                 'characters than target opponent")')


def condition_of(subject: Any, preds: tuple[Pred, ...], meta: Meta | None = None) -> n.Condition:
    """A subject and predicates read as a condition ("you control …", "it is …", "you do").

    A subject that counts ("no characters you control are stunned", "two or more X are …")
    compares how many match; a player who is one of several ("an opponent has more cards in his
    hand than you") makes the condition hold if it holds for some such player. What a subject
    would do ("an opponent would draw a card") is an event's pattern, its subject as written."""
    would = any(p.mode in ("would", "would_be") for p in preds)
    if isinstance(subject, n.Filter) and subject.target is None and subject.quantity is not None and not would:
        most = _most(subject, preds)
        if most is not None:
            return most
        if subject.kind in ("player", "opponent"):
            inner = condition_of(n.Acting(), preds, meta)
            return n.Some(attrs.evolve(subject, quantity=None), inner)
        if len(preds) == 1 and preds[0].mode in ("is", "is_not"):
            be = preds[0].what
            q = _be_qualifier(be) if isinstance(be, Be) else None
            if q is not None:
                base = attrs.evolve(subject, quantity=None, qualifiers=subject.qualifiers + (q,))
                cond = _count_compare(n.NumberOf(base), subject.quantity)
                return n.Not(cond) if preds[0].mode == "is_not" else cond
    found = [_condition(subject, p, meta) for p in preds]
    return found[0] if len(found) == 1 else n.All(tuple(found))


def _most(subject: n.Filter, preds: tuple[Pred, ...]) -> n.Condition | None:
    """"one player revealed more X than any other player" (FAQ SC 8): one player's
    count of X beats every other player's."""
    if subject.kind != "player" or len(preds) != 1 or preds[0].mode != "happened":
        return None
    verb = preds[0].what
    if not isinstance(verb, Verb):
        return None
    obj = verb.fields.get("object")
    if not isinstance(obj, n.Filter) or obj.quantity is None or obj.quantity.op != "more":
        return None
    if not any(isinstance(q, n.Than) for q in obj.qualifiers):
        return None
    quals = tuple(q for q in obj.qualifiers if not isinstance(q, n.Than))
    done = FAMILIES[verb.cls].tally
    if done:
        quals = (n.State(done),) + quals
    counted = attrs.evolve(obj, quantity=None, qualifiers=quals + (n.ControlledBy(n.Acting()),))
    return n.Most(n.NumberOf(counted), pos=subject.pos)


def _condition(subject: Any, p: Pred, meta: Meta | None) -> n.Condition:
    what = p.what
    span = _duration(p.mods).span
    if p.mode not in ("would", "would_be") and any(m.kind == "first time" for m in p.mods):
        raise _fail('"for the first time …" is said of what would happen ("If you would draw a card for the first '
                    'time in a phase, instead, draw 2 cards.")', meta)
    extra = [m.kind for m in p.mods if m.kind != "span"]
    if p.mode not in ("would", "would_be") and extra:
        # "If you played a plot twist during combat this turn": the turn remembers what happened, not
        # in which step, and a condition reads no more than its verb and its span — refused, never dropped
        words = {"during": "during …", "while": "while …", "for each": "for each …", "from": "from …"}
        raise _fail(f"vsoracle cannot read \"{words.get(extra[0], extra[0])}\" in a condition yet — a condition "
                    "says what is or what happened, and when (\"this turn\")", meta)
    if p.mode == "did":
        return _Did(subject)
    if p.mode == "happened":
        if isinstance(what, Predicate) and what.what == "chose":
            chose: n.ChoseNames = what.data
            return chose
        if isinstance(what, Predicate) and what.what == "paid":  # "if you paid 3": the points paid
            q = what.data
            return n.Compare(n.PointsPaid(), q.op if q.op != "up to" else "<=", q.n)
        if isinstance(what, Be):
            if what.kind == "pp":
                return n.Happened(what.data.event(subject), span)
            q = _be_qualifier(what)
            return n.Is(subject, (q,)) if q is not None else _unread(meta)
        return n.Happened(what.event(subject), span)
    if p.mode in ("was", "was_not"):
        # "~ was KO'd this turn": what happened to it; "he was boosted", "it was a character card": what it was
        cond = n.Happened(what.data.event(subject), span) if isinstance(what, Be) and what.kind == "pp" else \
            _is_condition(subject, what, meta)
        return n.Not(cond) if p.mode == "was_not" else cond
    if p.mode in ("is", "is_not"):
        cond = _is_condition(subject, what, meta)
        return n.Not(cond) if p.mode == "is_not" else cond
    if p.mode == "would":
        if isinstance(what, Be) and what.kind == "pp":  # "would become stunned"
            return _Would(what.data.event(subject), p.mods, "become")
        if isinstance(what, Verb):
            return _Would(what.event(subject), p.mods, what.role)
        return _unread(meta)
    if p.mode == "would_be":
        if isinstance(what, Be) and what.kind == "pp":
            return _Would(what.data.event(subject), p.mods, "object")
        return _unread(meta)
    if p.mode == "does":
        if isinstance(what, Predicate):
            return _predicate_condition(subject, what, meta)
        if isinstance(what, Verb):
            return n.Does(what.event(subject))
        if isinstance(what, Be) and what.kind == "pp":  # "becomes stunned" in a condition
            return n.Happened(what.data.event(subject), span)
    if p.mode == "cannot" and isinstance(what, Verb):
        return n.Not(n.Does(what.event(subject)))
    if p.mode == "does_not":
        return n.Not(_condition(subject, attrs.evolve(p, mode="does"), meta))
    if p.mode == "did_not" and isinstance(what, (Verb, Verbs)):
        return n.Not(n.Happened(what.event(subject), span))
    return _unread(meta)


def _unread(meta: Meta | None) -> NoReturn:
    raise _fail("a condition vsoracle cannot read", meta)


@attrs.frozen(eq=False)
class _Did(n.Condition):
    """"you do", "he does" (made an :class:`~nodes.IfDone` by the sentence)."""

    player: Any


@attrs.frozen(eq=False)
class _Would(n.Condition):
    """"NP would …" (made an :class:`~nodes.Instead` by the sentence)."""

    event: n.Event
    mods: tuple[Mod, ...]
    role: str = "agent"


def _attacking(subject: Any, np: Any) -> n.Condition:
    """"while attacking a hidden character", "if he is attacking a Villain": the subject attacks
    and one of the defenders is what the noun phrase says."""
    defender = attrs.evolve(np, quantity=None, qualifiers=np.qualifiers + (n.Role(("defender",)),)) \
        if isinstance(np, n.Filter) else np
    return n.All((n.Is(subject, (n.State("attacking"),)), n.Compare(n.NumberOf(defender), ">=", _ONE)))


def _defending_against(subject: Any, np: Any) -> n.Condition:
    """"while defending against a character with flight": the subject defends and one of the
    attackers is what the noun phrase says."""
    attacker = attrs.evolve(np, quantity=None, qualifiers=np.qualifiers + (n.Role(("attacker",)),)) \
        if isinstance(np, n.Filter) else np
    return n.All((n.Is(subject, (n.State("defending"),)), n.Compare(n.NumberOf(attacker), ">=", _ONE)))


def _is_condition(subject: Any, be: Be, meta: Meta | None) -> n.Condition:
    if be.kind == "quantity":  # "its cost is 2 or less"
        if not isinstance(subject, n.Amount):
            return _unread(meta)
        q = be.data
        return n.Compare(subject, "<=" if q.op == "up to" else q.op, q.n)
    if be.kind in ("greater", "less", "equal", "at most", "at least"):
        op = {"greater": ">", "less": "<", "equal": "=", "at most": "<=", "at least": ">="}[be.kind]
        left = subject
        right = be.data
        if isinstance(right, ThatOf) and isinstance(left, n.StatOf):
            right = n.StatOf(right.of, left.stat, left.printed, word="that of")
        if isinstance(right, ThatOf) and isinstance(left, n.EnduranceOf):  # "… less than target opponent's"
            right = n.EnduranceOf(right.of)
        if not isinstance(left, n.Amount):
            return _unread(meta)
        return n.Compare(left, op, right)
    if be.kind == "protecting":
        return n.Protecting(subject, be.data)
    if be.kind == "attacking":
        return _attacking(subject, be.data)
    if be.kind == "np":
        np = be.data
        if isinstance(np, n.Filter):
            return n.Is(subject, np.qualifiers, kind=np.kind)
        return _unread(meta)
    q = _be_qualifier(be)  # "pp" and the states, zones …: never None for a participle
    if q is None:
        return _unread(meta)
    return n.Is(subject, (q,))


def _predicate_condition(subject: Any, p: Predicate, meta: Meta | None) -> n.Condition:
    if p.what == "control":
        return control_condition(subject, p.data)
    if p.what == "keywords":
        return n.Is(subject, (n.HasKeyword(p.data),))
    if p.what == "no keywords":  # "if target character has no keywords"
        return n.Is(subject, (n.HasKeyword((), none=True),))
    if p.what == "stat":
        stat, quantity = p.data
        return _count_compare(n.StatOf(subject, stat), quantity)
    if p.what == "endurance":
        return _count_compare(n.EnduranceOf(subject), p.data)
    if p.what == "initiative":
        return n.HasInitiative(subject)
    if p.what == "extreme":  # "~ has the highest ATK among characters in play"
        return n.Is(subject, (n.HasExtreme(p.data),))
    if p.what == "endurance than":  # "you have less endurance than target opponent"
        op, other = p.data
        return n.Compare(n.EnduranceOf(subject), op, n.EnduranceOf(other))
    if p.what == "counters":  # "~ has a cosmic counter on him"
        return n.Is(subject, (p.data,))
    if p.what == "compare stat":
        op, stat, right = p.data
        if isinstance(right, ThatOf):
            right = n.StatOf(right.of, stat, word="that of")
        return n.Compare(n.StatOf(subject, stat), op, right)
    if p.what == "have":
        np = p.data
        if isinstance(np, n.Filter) and np.kind == "affiliation":
            names = tuple(q.name for q in np.qualifiers if isinstance(q, n.Name))
            chosen = any(isinstance(q, n.Chosen) for q in np.qualifiers)
            return n.Is(subject, tuple(n.Name(x) for x in names) or (n.Chosen("affiliation"),) if chosen else
                        tuple(n.Name(x) for x in names))
        if isinstance(np, n.Filter):
            q = np.quantity
            than = next((x.of for x in np.qualifiers if isinstance(x, n.Than)), None)
            base = attrs.evolve(np, quantity=None,
                                qualifiers=tuple(x for x in np.qualifiers if not isinstance(x, n.Than)))
            if q is not None and q.op in ("more", "fewer") and than is not None:
                return n.Compare(n.NumberOf(base), ">" if q.op == "more" else "<", n.NumberOf(_owned_by(base, than)))
            return _count_compare(n.NumberOf(base), q)
    if p.what == "share":
        what, of = p.data
        return n.Is(subject, (n.Shares(what, of),))
    return _unread(meta)


def _owned_by(f: n.Filter, player: Any) -> n.Filter:
    """The same cards of another player ("more cards in his hand than you")."""
    def swap(q: n.Qualifier) -> n.Qualifier:
        if isinstance(q, n.InZone) and q.zone is not None:
            return attrs.evolve(q, zone=attrs.evolve(q.zone, owner=player))
        return q
    return attrs.evolve(f, qualifiers=tuple(swap(q) for q in f.qualifiers))
