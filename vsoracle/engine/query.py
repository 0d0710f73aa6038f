"""Reading the position: characteristics, adjacency, selectors, conditions and amounts.

ATK, DEF, affiliations and keywords are never stored: they are derived on read from the
printed card, its counters, the continuous powers of active cards, and the modifiers effects
created (style: derive on read). A modifier either applies to the objects it flagged when it
resolved, or to whatever matches its subject now (FAQ: the quality rule; see :class:`Modifier`).

A :class:`Query` answers for one state and memoises; ``query(state)`` reuses the last one
while the state is the same object.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Container, Hashable, Iterable, Iterator, Literal, TypeVar, cast, overload

from attrs import Attribute

from ..cards.model import MUTANT_TRAITS
from ..cards import Card
from ..text import nodes as n
from .patterns import _EFFECT_KINDS, effect_kinds, kind_of, pattern_matches
from .keywords import KEYWORD_RULES, defined_powers
from .rules import ZONE_NAMES
from .powers import PowerLine, holders, is_unique, keyword_values, keywords_printed, per_node, powers
from .state import (CHAIN, CHARACTER, EQUIPMENT, IN_PLAY, KO_PILE, LOCATION, PLOT_TWIST, RESOURCE_ROW, Area, Bindings,
                    ChainLink, Context, GameObject, GameState, Happening, PhaseName, Row, StepName, Zone)

__all__ = ["Query", "query", "replaying", "held", "forget", "forgettable", "Mod", "adjacent", "protected", "ZONES", "AREAS",
           "STEP_NAMES", "kind_of", "numbered_printed"]

#: Card-text zone names → the engine's piles (the words a move's ``origin`` and ``to`` say, read
#: back: :data:`.rules.ZONE_NAMES`); rows and areas are places in play.
ZONES = {word: zone for zone, word in ZONE_NAMES.items() if zone not in (IN_PLAY, CHAIN)}
#: Card-text places in play → the object's field that says it, and its value.
AREAS: dict[str, tuple[Literal["row"], Row] | tuple[Literal["area"], Area]] = {"front row": ("row", "front"), "support row": ("row", "support"), "hidden area": ("area", "hidden"),
         "visible area": ("area", "visible")}
#: (phase, step) → the name card text gives it.
STEP_NAMES: dict[tuple[PhaseName, StepName | None], str] = {
    ("draw", None): "draw phase", ("build", None): "build phase", ("combat", None): "combat phase",
    ("recovery", None): "recovery phase", ("build", "recruit"): "recruit step",
    ("build", "resource"): "resource step", ("build", "formation"): "formation step",
    ("combat", "attack"): "attack step"}
_QUALITY = (n.StatChange, n.KeywordChange, n.AffiliationChange, n.ShareAffiliations, n.GainPower, n.GainPowers)
#: The kinds of power that work in play, which "gains the powers of NP" copies.
_IN_PLAY_POWERS = (n.Static, n.Triggered, n.Activated, n.Replacement)


def _gives_powers(c: n.Change) -> bool:
    """Does ``c`` give powers: "has \"…\"", "gains the powers of NP", or a keyword whose rule is
    a power ("gains energize": its trigger)?"""
    if isinstance(c, (n.GainPower, n.GainPowers)):
        return True
    return isinstance(c, n.KeywordChange) and c.how == "gain" and \
        (c.of is not None or any(k in KEYWORD_RULES for k in c.keywords))


@lru_cache(maxsize=256)
def _keyword_rule_lines(keyword: str, card_name: str) -> tuple[PowerLine[n.Power], ...]:
    """The powers a keyword's rule is, as lines of a text box ("energize": "Whenever ~ defends,
    ready it."), for a card named ``card_name`` that gained the keyword."""
    name, _, sub = keyword.partition("-")
    k = n.Keyword(name, None, sub or None, spelled=keyword)
    return tuple(PowerLine(0, None, node, k) for node in defined_powers(k, card_name, False))


def gained_line(power: n.Power) -> PowerLine[n.Power]:
    """A gained power as a line of a text box: one behind a keyword ("Cosmic: …", copied from a
    card that printed it so) in that keyword's block."""
    if isinstance(power, n.KeywordPower):
        k = power.keyword
        return PowerLine(0, k.name, power.power, k)  # the block a printed one is in (powers._powers)
    return PowerLine(0, None, power)



def printed_stat(o: GameObject, stat: str) -> int:
    """A card's printed ATK, DEF or willpower ("Willpower 3"; 0 when none is printed, as for a
    character without the keyword: GL FAQ 1, digest §19)."""
    if stat == "willpower":
        if o.card.willpower is not None:
            return o.card.willpower
        value = keyword_values(o.card).get("willpower")
        return value.n if isinstance(value, n.Fixed) else 0
    return (o.card.atk if stat == "atk" else o.card.defense) or 0

class _Everything:
    """Contains every object id."""

    def __contains__(self, item: object) -> bool:
        return True


_EVERYTHING = _Everything()

#: The keywords a stunned character keeps: its icons (CR 701.12b [HCR789]) — concealed and
#: concealed—optional are icons too since Marvel Legends ("A concealed or concealed-optional card
#: remains so even while it is stunned", Marvel Legends FAQ 2).
_KEPT_WHILE_STUNNED = frozenset({"flight", "range", "concealed", "concealed-optional"})


class Mod:
    """A continuous modifier as the query sees it: from a power (order 0) or an effect."""

    __slots__ = ("changes", "subject", "flagged", "ctx", "while_", "order", "players")

    def __init__(self, changes: tuple[n.Change, ...], subject: n.Selector | None, flagged: frozenset[str] | None,
                 ctx: Context, while_: n.Condition | None, order: int, players: tuple[str, ...] | None = None) -> None:
        self.changes = changes
        self.subject = subject
        self.flagged = flagged
        self.ctx = ctx
        self.while_ = while_
        self.order = order
        self.players = players


def adjacent(a: GameObject, b: GameObject) -> bool:
    """Two characters are adjacent if the same player controls them and they are in the same
    column or side by side in the same row; hidden is never adjacent to visible (FAQ GM 2)."""
    if a.id == b.id or a.zone is not IN_PLAY or b.zone is not IN_PLAY:
        return False
    if a.controller != b.controller or a.area != b.area or a.equipped_to or b.equipped_to:
        return False
    if a.col is None or b.col is None:
        return False
    if a.col == b.col:
        return a.row != b.row
    return a.row == b.row and abs(a.col - b.col) == 1


def protected(state: GameState, o: GameObject) -> bool:
    """A support-row character is protected by a non-stunned front-row character in its
    column (CR 701.7)."""
    if o.row != "support":
        return False
    return any(c.row == "front" and c.col == o.col and c.area == o.area and not c.stunned
               for c in state.characters(o.controller))


def _listify(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, (tuple, list, frozenset, set)):
        return list(value)
    return [value]


def _same(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def _cheap_first(f: n.Filter) -> tuple[n.Qualifier, ...]:
    """A filter's qualifiers with "you control" first: each is a test that changes nothing, so
    their order does not change what matches, and who controls an object is the cheapest to ask
    ("a character of some team you control" works out no opponent's character's affiliations)."""
    def later(q: n.Qualifier) -> bool:
        return not (isinstance(q, n.ControlledBy) and isinstance(q.player, n.You))
    return tuple(sorted(f.qualifiers, key=later))


def _has(names: Iterable[str], name: str) -> bool:
    return any(_same(x, name) for x in names)


def _singulars(name: str) -> tuple[str, ...]:
    """A name as card text writes it, and, written in the plural ("any number of Fate Artifacts"),
    its singular too: what has the name "Fate Artifact" is one of the Fate Artifacts (assumption
    A-NAME-PLURAL)."""
    if len(name) > 2 and name.endswith("s") and not name.endswith("ss"):
        return (name, name[:-1])
    return (name,)


def _compare(a: int, op: str, b: int) -> bool:
    compare = _COMPARE.get(op)
    return compare is not None and compare(a, b)


#: Each comparison card text makes, by the operator a quantity keeps ("up to": at most).
_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "=": int.__eq__, ">=": int.__ge__, "<=": int.__le__, ">": int.__gt__, "<": int.__lt__, "up to": int.__le__,
    "any number": lambda a, b: True}



#: The named counters card text has ("a cosmic counter"); a character keeps each under its name.
NAMED_COUNTERS = ("cosmic",)

T = TypeVar("T")
C = TypeVar("C", bound=n.Change)


class Query:
    """Answers about one state; results are memoised."""

    def __init__(self, state: GameState) -> None:
        self.s = state
        self._mods: list[Mod] | None = None
        self._memo: dict[Hashable, Any] = {}  # answers by question: ("kw", id), ("select", …), "stat scope"
        self._busy: set[Hashable] = set()

    # == modifiers =================================================================================

    def mods(self) -> list[Mod]:
        """Every continuous modifier in force: active powers first, then effects in order."""
        if self._mods is None:
            out: list[Mod] = []
            for o in holders(self.s.objects, n.Static):
                for line in powers(o.card, n.Static):
                    if self.power_active(o, line):
                        ctx = Context(self.controller_of(o), o.id)
                        for m in _modifies(line.node.effect):
                            out.append(Mod(m.changes, m.subject, None, ctx, m.duration.while_, 0))
            for o in holders(self.s.objects, n.Crossover):
                for crossover in powers(o.card, n.Crossover):
                    if self.power_active(o, crossover):
                        ctx = Context(self.controller_of(o), o.id)
                        # each character its controller controls with either affiliation has both
                        # (assumption A-CROSSOVER); a chosen one is what the card's choice bound
                        names, chosen = crossover.node.names, crossover.node.chosen
                        change = n.ShareAffiliations(names, chosen)
                        subject = n.Filter("character", (n.ControlledBy(n.You()), n.HasEither(names, chosen)))
                        out.append(Mod((change,), subject, None, ctx, None, 0))
            for o in self.s.in_play() if self._effect_and_power_mods() else ():  # (none: nothing gains a power)
                for gline, _mod in self._gained(o):
                    if isinstance(gline.node, n.Static) and self.gained_active(o, gline):
                        ctx = Context(self.controller_of(o), o.id)
                        for m in _modifies(gline.node.effect):
                            out.append(Mod(m.changes, m.subject, None, ctx, m.duration.while_, 0))
            for made in self.s.modifiers:
                players = made.player_subject or None
                out.append(Mod(made.changes, made.subject if made.flagged is None else None, made.flagged, made.context,
                               made.condition, made.id, players))
            self._mods = out
        return self._mods

    def _gained(self, o: GameObject) -> list[tuple[PowerLine[n.Power], Mod]]:
        """The powers ``o`` has gained, each as a line of its text box (a power behind a keyword in
        that keyword's block), with its modifier: 'Equipped character has "…"', and "gains the
        powers of NP" — those NP's objects have now, printed or gained (an effect's modifier copied
        them as it resolved: effects._frozen)."""
        key = ("gained", o.id)
        if key in self._memo:
            known: list[tuple[PowerLine[n.Power], Mod]] = self._memo[key]
            return known
        if key in self._busy:
            return []
        self._busy.add(key)
        try:
            found: list[tuple[PowerLine[n.Power], Mod]] = []
            for mod in self._effect_and_power_mods():
                for c in mod.changes:
                    if isinstance(c, n.GainPower) and self.applies(mod, o):
                        found.append((gained_line(c.power), mod))
                    elif isinstance(c, n.GainPowers) and self.applies(mod, o):
                        for x in self.select(c.of, mod.ctx):
                            if x in self.s.objects and x != o.id:
                                found += [(line, mod) for line in self.powers_in_play(self.s.obj(x))]
                    elif isinstance(c, n.KeywordChange) and _gives_powers(c) and self.applies(mod, o):
                        found += [(line, mod) for line in self._keyword_rule_powers(o, c, mod)]
        finally:
            self._busy.discard(key)
        self._memo[key] = found
        return found

    def _keyword_rule_powers(self, o: GameObject, c: n.KeywordChange, mod: Mod) -> list[PowerLine[n.Power]]:
        """The powers of the keywords ``c`` gives ``o`` whose rule is a power ("gains energize":
        "Whenever ~ defends, ready it."), unless its card prints the keyword (one keyword, one
        power); each is active while ``o`` has its keyword (:meth:`power_active`)."""
        given = c.keywords or tuple(sorted({k for x in self.select(c.of, mod.ctx) if x in self.s.objects
                                            and x != o.id for k in keywords_printed(self.s.obj(x).card)}))
        printed = keywords_printed(o.card)
        return [line for k in given if k in KEYWORD_RULES and k not in printed
                for line in _keyword_rule_lines(k, o.card.name)]

    def powers_in_play(self, o: GameObject) -> list[PowerLine[n.Power]]:
        """The powers ``o`` has that work in play — continuous, triggered, payment and replacement
        powers, printed (with those its keywords stand for) or gained — each as a line of its text
        box: what "gains the powers of NP" copies (DC Legends FAQ [FDL]: "both printed and otherwise
        gained"). Its keywords are copied apart (a keyword change), and so are its restrictions on
        being recruited or played, which are not powers it has in play."""
        return [line for line in powers(o.card, _IN_PLAY_POWERS)] + \
            [line for line, _mod in self._gained(o) if isinstance(line.node, _IN_PLAY_POWERS)]

    def gained_active(self, o: GameObject, line: PowerLine[Any]) -> bool:
        """Is a power ``o`` gained active? As a printed one would be (:meth:`power_active`): while its
        text box is, not while it is stunned (assumption A-GAINED-POWERS; CR 701.12b: a stunned
        character "loses and can't have any powers"), and one behind a keyword as that keyword's
        block says (a cosmic power while it has a cosmic counter)."""
        return self.power_active(o, line)

    def _effect_and_power_mods(self) -> list[Mod]:
        """The modifiers of printed powers and effects (not of gained powers), for ``_gained``."""
        key = ("base mods",)
        if key not in self._memo:
            out: list[Mod] = []
            for o in holders(self.s.objects, n.Static):
                for line in powers(o.card, n.Static):
                    if self.power_active(o, line):
                        ctx = Context(self.controller_of(o), o.id)
                        for m in _modifies(line.node.effect):
                            if any(_gives_powers(c) for c in m.changes):
                                out.append(Mod(m.changes, m.subject, None, ctx, m.duration.while_, 0))
            for made in self.s.modifiers:
                if any(_gives_powers(c) for c in made.changes):
                    out.append(Mod(made.changes, made.subject if made.flagged is None else None, made.flagged,
                                   made.context, made.condition, made.id, made.player_subject or None))
            self._memo[key] = out
        mods: list[Mod] = self._memo[key]
        return mods

    def controller_of(self, o: GameObject) -> str:
        """Who controls an object's powers: its controller in play or on the chain, else its owner."""
        return o.controller if o.zone in (IN_PLAY, CHAIN) else o.owner

    def power_active(self, o: GameObject, line: PowerLine[Any]) -> bool:
        """Is a power of ``o`` active? Characters: in play and not stunned (a stunned character's
        text box is inactive, FAQ GM 2, GM 9); equipment: in play; ongoing powers and locations:
        face up in the resource row (assumption A-ONGOING). A cosmic power needs its cosmic
        counter (CR keyword table; assumption A-COSMIC); a boost power, that the character was
        boosted; a leader power, that it is a leader (not stunned); an insanity power, that its
        owner's deck is insane (World's Finest FAQ 2)."""
        block = line.block
        if block == "insanity" and not self.insane_text(o):
            return False
        if not self._text_active(o, block):
            return False
        k = line.keyword
        if block is None and k is not None and o.zone is IN_PLAY and isinstance(line.node, (n.Triggered, n.Activated)):
            # a power a keyword stands for (its rule or its reminder text) is the keyword's: it works
            # while the object has the keyword — not once it "loses" it, a gained one while it is gained
            # (assumption A-GAINED-POWERS)
            # (a "Cosmic—Surge: …" block is the keyword cosmic while its text is active: _block_keywords)
            have = self.keywords(o)
            if (f"{k.name}-{k.sub}" if k.sub else k.name) not in have and not (k.sub and k.name in have):
                return False
        if block == "cosmic":
            cosmic: int = o.bindings.get("cosmic", 0)
            return cosmic > 0
        if block == "boost":
            return bool(o.bindings.get("boosted"))
        return True

    def _text_active(self, o: GameObject, block: str | None) -> bool:
        t = o.card.type
        if o.zone is IN_PLAY:
            if t is CHARACTER:
                return not o.stunned
            return t is EQUIPMENT and not self._on_a_stunned_character(o)
        if o.zone is RESOURCE_ROW and o.face_up:
            if t is LOCATION or t is None:
                return True
            return block == "ongoing"
        return False

    def _on_a_stunned_character(self, o: GameObject) -> bool:
        """Is ``o`` equipment attached to a stunned character? Then its text box is inactive too (CR
        701.12b [HCR789]: "the text boxes of any equipment attached to it are also inactive"; Cerebro
        XXIX [C29]); it stays attached (assumption A-EQUIP-STUN) and keeps its name."""
        host = self.s.objects.get(o.equipped_to) if o.equipped_to else None
        return host is not None and host.stunned

    def applies(self, mod: Mod, o: GameObject) -> bool:
        """Does ``mod`` apply to ``o`` now (flagged set, or subject match, and its while-condition)?"""
        if mod.players is not None:
            return False
        if mod.flagged is not None:
            if o.id not in mod.flagged:
                return False
        elif mod.subject is None or kind_of(mod.subject) == "player" or not self.matches(mod.subject, o, mod.ctx):
            return False
        if mod.while_ is not None and not self.holds(mod.while_, mod.ctx.bind(affected=o.id)):
            return False
        return True

    def applies_player(self, mod: Mod, pid: str) -> bool:
        if mod.players is not None:
            ok = pid in mod.players
        elif mod.subject is not None and kind_of(mod.subject) == "player":
            ok = pid in self.players(mod.subject, mod.ctx)
        else:
            return False
        return ok and (mod.while_ is None or self.holds(mod.while_, mod.ctx.bind(affected=pid)))

    @overload
    def mods_with(self, kind: type[C]) -> list[tuple[Mod, list[C]]]: ...
    @overload
    def mods_with(self, kind: tuple[type[n.Change], ...]) -> list[tuple[Mod, list[n.Change]]]: ...

    def mods_with(self, kind: type[n.Change] | tuple[type[n.Change], ...]) -> list[tuple[Mod, list[Any]]]:
        """The modifiers in force that make a change of ``kind``, each with those changes."""
        key = ("mods with", kind)
        found: list[tuple[Mod, list[Any]]] | None = self._memo.get(key)
        if found is None:
            found = []
            for mod in self.mods():
                wanted = [c for c in mod.changes if isinstance(c, kind)]
                if wanted:
                    found.append((mod, wanted))
            self._memo[key] = found
        return found

    def _stat_scope(self) -> Container[str]:
        """The objects a stat modifier can apply to: the flagged ones when every stat modifier
        is flagged (an effect's, CR quality rule), else every object (a container of all)."""
        scope: Container[str] | None = self._memo.get("stat scope")
        if scope is None:
            mods = self.mods_with((n.StatChange, n.StatSwitch))
            if all(m.flagged is not None and m.players is None for m, _ in mods):
                scope = frozenset().union(*(m.flagged for m, _ in mods if m.flagged is not None))
            else:
                scope = _EVERYTHING
            self._memo["stat scope"] = scope
        return scope

    @overload
    def changes_on(self, o: GameObject, kind: type[C]) -> Iterator[tuple[C, Mod]]: ...
    @overload
    def changes_on(self, o: GameObject, kind: tuple[type[n.Change], ...]) -> Iterator[tuple[n.Change, Mod]]: ...

    def changes_on(self, o: GameObject, kind: type[n.Change] | tuple[type[n.Change], ...]) -> Iterator[tuple[Any, Mod]]:
        """Each change of ``kind`` that applies to ``o`` now, with its modifier."""
        for mod, wanted in self.mods_with(kind):
            if self.applies(mod, o):
                for c in wanted:
                    yield c, mod

    @overload
    def player_changes(self, pid: str, kind: type[C]) -> Iterator[tuple[C, Mod]]: ...
    @overload
    def player_changes(self, pid: str, kind: tuple[type[n.Change], ...]) -> Iterator[tuple[n.Change, Mod]]: ...

    def player_changes(self, pid: str, kind: type[n.Change] | tuple[type[n.Change], ...]) -> Iterator[tuple[Any, Mod]]:
        for mod in self.mods():
            wanted = [c for c in mod.changes if isinstance(c, kind)]
            if wanted and self.applies_player(mod, pid):
                for c in wanted:
                    yield c, mod

    # == characteristics ===========================================================================

    def _guard(self, key: tuple[str, str], compute: Callable[[], T], fallback: Callable[[], T]) -> T:
        if key in self._memo:
            known: T = self._memo[key]
            return known
        if key in self._busy:
            return fallback()
        self._busy.add(key)
        try:
            value = compute()
        finally:
            self._busy.discard(key)
        self._memo[key] = value
        return value

    def affiliations(self, o: GameObject) -> frozenset[str]:
        """Printed affiliations plus those gained (FAQ SC 4, SC 30, SC 35); sharing powers read
        the affiliations before sharing (assumption A-LAYERS)."""
        printed = frozenset(o.card.affiliations)

        def compute() -> frozenset[str]:
            have = set(printed)
            for change, mod in self.changes_on(o, n.AffiliationChange):
                if not change.trait and not change.identity:
                    have.update(self.affiliation_names(change, mod.ctx))
            before = set(have)
            for share, mod in self.changes_on(o, n.ShareAffiliations):
                names = self.shared_names(share, mod)
                if any(_has(before, x) for x in names):
                    have.update(names)
            return frozenset(have)

        return self._guard(("aff", o.id), compute, lambda: printed)

    def traits(self, o: GameObject) -> frozenset[str]:
        """The printed traits and those gained ("… have the chosen trait"): a gained trait is in
        addition to the printed ones, and a stunned character keeps its traits (X-Men FAQ GM 1–1.1)."""
        found: set[str] = set(o.card.traits)
        for change, mod in self.changes_on(o, n.AffiliationChange):
            if change.trait:
                found.update(self.affiliation_names(change, mod.ctx))
        return frozenset(found)

    def identities(self, o: GameObject) -> frozenset[str]:
        """The printed identity (the name when no ◊ is printed) plus those gained, which are in
        addition to it (IC FAQ 2-2.1, digest §19)."""
        found = {o.card.identity or o.card.name}
        for change, mod in self.changes_on(o, n.AffiliationChange):
            if change.identity:
                found.update(self.affiliation_names(change, mod.ctx))
        return frozenset(found)

    def has_affiliation(self, o: GameObject, name: str) -> bool:
        return _has(self.affiliations(o), name)

    def affiliation_names(self, change: n.AffiliationChange | n.ShareAffiliations | n.HasEither,
                          ctx: Context) -> tuple[str, ...]:
        """The names it says ("the Masters of Evil affiliation") and those a choice bound ("the
        chosen affiliation"): "Crossover Brotherhood and the chosen affiliation" says both."""
        chosen = getattr(change, "chosen", None)
        if chosen:
            return tuple(change.names) + tuple(_listify(self.chosen(chosen, ctx)))
        return tuple(change.names)

    def shared_names(self, change: n.ShareAffiliations, mod: Mod) -> tuple[str, ...]:
        """The affiliations "have both affiliations" shares: the two the sentence names ("that
        have either the A or B affiliation", "either of the chosen affiliations")."""
        if change.names or change.chosen:
            return self.affiliation_names(change, mod.ctx)
        subject = mod.subject
        parts = subject.parts if isinstance(subject, n.Together) else (subject,)
        for part in parts:
            if isinstance(part, n.Filter):
                for q in part.qualifiers:
                    if isinstance(q, n.HasEither):
                        return self.affiliation_names(q, mod.ctx)
        return ()

    def keywords(self, o: GameObject) -> frozenset[str]:
        """Printed icons and keywords, then gained and lost ones in timestamp order."""
        printed = keywords_printed(o.card)

        def compute() -> frozenset[str]:
            have = set(printed) | self._block_keywords(o)
            blocked: set[str] = set()
            found = list(self.changes_on(o, n.KeywordChange))
            found.sort(key=lambda cm: cm[1].order)
            for change, mod in found:
                # "gains all keywords that character has": what it has now (printed or gained)
                copied = () if change.of is None else \
                    sorted({k for x in self.select(change.of, mod.ctx) if x in self.s.objects and x != o.id
                            for k in self.keywords(self.s.obj(x))})
                for k in change.keywords or copied:
                    if change.how == "gain":
                        if k not in blocked:
                            have.add(k)
                    elif change.how == "lose":
                        have.discard(k)
                    elif change.how == "lose-block":
                        have.discard(k)
                        blocked.add(k)
                    else:
                        blocked.add(k)
            if o.zone is IN_PLAY and (o.stunned and o.card.type is CHARACTER
                                           or self._on_a_stunned_character(o)):
                # a stunned character's text box is inactive, as though it did not exist, and so are
                # those of the equipment attached to it (CR 701.12b [HCR789]): of its keywords it keeps
                # flight and range only (Heralds of Galactus FAQ 2: "while stunned, characters lose
                # cosmic")
                have &= _KEPT_WHILE_STUNNED
            return frozenset(have - blocked) if blocked else frozenset(have)

        return self._guard(("kw", o.id), compute, lambda: printed)

    def has_keyword(self, o: GameObject, keyword: str) -> bool:
        """Has ``o`` the keyword, as card text names it ("with concealed", "Concealed characters")?
        A card "with concealed" is any card with the moon icon lit: concealed—optional cards too
        (Marvel Legends FAQ 2 [FML]; DC Legends FAQ 2 [FDL])."""
        have = self.keywords(o)
        return keyword in have or (keyword == "concealed" and "concealed-optional" in have)

    def stat(self, o: GameObject, stat: str) -> int:
        """ATK or DEF now: printed + counters + every applicable modifier (never below 0 for
        comparisons; assumption A-NEGATIVE)."""
        return max(0, self.raw_stat(o, stat))

    def raw_stat(self, o: GameObject, stat: str) -> int:
        """Printed + counters + stat modifiers; then "switch its ATK and DEF" (each switch in
        effect swaps the two totals, whenever it was made: assumption A-SWITCH). Willpower is
        never switched, and a stunned character's is 0 (GL FAQ 1, digest §19)."""
        if stat == "willpower" and o.zone is IN_PLAY and o.stunned:
            return 0

        def base(which: str) -> int:
            counters = o.counters[0] if which == "atk" else o.counters[1] if which == "def" else 0
            return printed_stat(o, which) + counters

        if o.id not in self._stat_scope():
            return base(stat)

        def total(which: str) -> int:
            value = base(which)
            for change, mod in self.changes_on(o, n.StatChange):
                if change.stat == which:
                    value += self.amount(change.amount, mod.ctx.bind(affected=o.id))
            return value

        def compute() -> int:
            if stat not in ("atk", "def"):
                return total(stat)
            switches = sum(1 for _ in self.changes_on(o, n.StatSwitch))
            return total(("def" if stat == "atk" else "atk") if switches % 2 else stat)

        return self._guard((stat, o.id), compute, lambda: base(stat))

    def atk(self, o: GameObject) -> int:
        return self.stat(o, "atk")

    def defense(self, o: GameObject) -> int:
        return self.stat(o, "def")

    def cost(self, o: GameObject) -> int:
        return o.card.cost or 0

    def recruit_cost(self, o: GameObject, pid: str) -> int:
        """The resource points to recruit ``o``: its cost plus every "costs N less/more to
        recruit" that applies to it (never below 0)."""
        return self.cost_to(o, pid, "recruit")

    def threshold(self, o: GameObject, pid: str) -> int:
        """The resources ``pid`` needs to play the plot twist ``o``: its threshold cost plus every
        "costs N less/more to play" that applies to it (never below 0; digest §3.1, assumption
        A-PLAY-COST). Once per state, object and player: the legal actions ask it of each plot
        twist, and the executor again as it is played, of the same position."""
        key = ("threshold", o.id, pid)
        hit: tuple[GameObject, int] | None = self._memo.get(key)
        if hit is None or hit[0] is not o:
            hit = self._memo[key] = (o, self.cost_to(o, pid, "play"))
        return hit[1]

    def cost_to(self, o: GameObject, pid: str, action: Literal["recruit", "play"]) -> int:
        """``o``'s cost plus every "costs N less/more to ``action``" that applies to it as ``pid``
        recruits or plays it (never below 0)."""
        total = o.card.cost or 0
        floored: list[tuple[int, int]] = []
        for mod in self.cost_mods(o, pid, action):
            for c in mod.changes:
                if isinstance(c, n.CostChange) and c.action == action:
                    change = self.amount(c.amount, mod.ctx.bind(affected=o.id))
                    if c.floor is not None:
                        floored.append((change, self.amount(c.floor, mod.ctx)))
                    else:
                        total += change
        # "…, but no less than 1": applied after every other change, lowering the cost no further
        # than that (MHG press: "Press is applied after all other cost reductions" [PRESSW])
        for change, floor in floored:
            total = total + change if total + change >= floor else min(total, floor)
        return max(0, total)

    def cost_mods(self, o: GameObject, pid: str, action: Literal["recruit", "play"]) -> list[Mod]:
        """The modifiers that change ``o``'s cost to ``action`` it as ``pid`` does."""
        found = self.mods() + self._own_cost_mods(o, pid)
        return [mod for mod in found
                if mod.subject is not None and any(isinstance(c, n.CostChange) and c.action == action
                                                   for c in mod.changes)
                and self._cost_subject(mod, o, pid)] if found else []

    def own_cost_changed(self, o: GameObject, pid: str) -> bool:
        """Does a power of ``o`` change its own recruit cost while it is out of play (A-OWN-COST)?"""
        return bool(self._own_cost_mods(o, pid))

    def _own_cost_mods(self, o: GameObject, pid: str) -> list[Mod]:
        """A card's own "~ costs N less to recruit" works while it is being recruited, from the
        hand or the resource row, where its other powers are not active (like concealed, a
        continuous power that works in any zone, CR 707.9 [FMK]; assumption A-OWN-COST). In play
        it is one of the active powers :meth:`mods` already has."""
        if o.zone is IN_PLAY:
            return []
        own = _own_cost_lines(o.card)
        return [Mod(m.changes, m.subject, None, Context(pid, o.id), m.duration.while_, 0) for m in own] if own else []

    def may_recruit_from(self, o: GameObject, pid: str) -> bool:
        """Does ``o`` say "you may recruit ~ from your KO'd pile" of the pile it is in?"""
        return self.may_from(o, pid, n.Recruit)

    def may_from(self, o: GameObject, pid: str, kind: type[n.Recruit] | type[n.Play]) -> bool:
        """Does ``o`` say "you may recruit ~ from your KO'd pile" ("You can play this card from your
        KO'd pile", ``kind`` Play) of the pile it is in? Like a card's own cost change, the permission
        works where the card is (assumption A-RECRUIT-FROM); behind "Insanity:" only if its owner's
        deck is insane (:meth:`insane_text`)."""
        if o.zone is not KO_PILE or o.owner != pid:
            return False
        for line in powers(o.card, n.Static):
            if line.block is not None and not (line.block == "insanity" and self.insane_text(o)):
                continue
            for m in _modifies(line.node.effect):
                for c in m.changes:
                    if isinstance(m.subject, n.Self) and isinstance(c, n.Can) and isinstance(c.event, kind) \
                            and c.event.origin is not None and "ko pile" in c.event.origin.names \
                            and pid in self.players(c.event.origin.owner or n.You(), Context(pid, o.id)):
                        return True
        return False

    def insane_text(self, o: GameObject) -> bool:
        """"Insanity: <text>" means "<text> is active only if this card started the game in an
        insane deck" (World's Finest FAQ 2 [FWF]; the wiki's CR wording [INSW]): its owner's deck
        is insane (the scenario says so: ``insane = true``)."""
        return self.s.player(o.owner).insane

    def _cost_subject(self, mod: Mod, o: GameObject, pid: str) -> bool:
        subject = mod.subject
        if isinstance(subject, n.Self):
            return mod.ctx.source == o.id
        if isinstance(subject, n.Filter):
            # the card is being recruited: it is in a hand or resource row, not in play
            kinds = subject.kind.split(" or ")
            if "character" in kinds and o.card.type is not CHARACTER:
                return False
            if "plot twist" in kinds and o.card.type is not PLOT_TWIST:
                return False
            ctx = mod.ctx.bind(recruiter=pid)
            return all(self._qual_recruiting(q, o, ctx, pid) for q in subject.qualifiers)
        return False

    def _qual_recruiting(self, q: n.Qualifier, o: GameObject, ctx: Context, pid: str) -> bool:
        if isinstance(q, n.RecruitedBy):  # "characters you recruit", "plot twists you play"
            return pid in self.players(q.player, ctx)
        if isinstance(q, n.ControlledBy):
            return pid in self.players(q.player, ctx)
        return self.qual(q, o, ctx)

    def has_change(self, o: GameObject, kind: type[n.Change]) -> bool:
        return any(True for _ in self.changes_on(o, kind))

    def _block_keywords(self, o: GameObject) -> set[str]:
        """The keywords a character prints before its powers ("Leader: …", "Cosmic—Surge: …"): it
        has them while its text is active, not while stunned (FAQ GM 2; Heralds of Galactus FAQ 2.2:
        "a cosmic character is a non-stunned character with either the cosmic or cosmic—surge
        keyword"). An ongoing card's "Ongoing:" is its card type's, not a keyword it has."""
        if o.card.type is not CHARACTER or o.stunned:
            return set()
        found = {line.block for line in powers(o.card) if line.block and line.block != "ongoing"}
        if "cosmic-surge" in found:  # a cosmic—surge character is also a cosmic character (HoG FAQ 2.1)
            found.add("cosmic")
        return found

    def _is_mutant(self, o: GameObject, name: str) -> bool:
        """"Mutant characters": a Mutant has a Mutant trait — Mental, Energy or Physical — printed
        or gained (X-Men FAQ GM 1: "Characters that aren't Mutants can become Mutants")."""
        return _same(name, "Mutant") and bool(self.traits(o) & MUTANT_TRAITS)

    def hunters(self, o: GameObject) -> tuple[str, ...]:
        """The players who hunt ``o`` now: each hunts the one character that last became hunted by
        him, "until it leaves play, stops being opposed to you, or another character becomes hunted
        by you; even if it becomes stunned or loses its powers; whether or not there are any hunters
        in play" (Marvel Evolution FAQ 3 [FEV]; a character that left play and came back is a new
        object, CR 212.5e)."""
        if o.zone is not IN_PLAY or o.card.type is not CHARACTER:
            return ()
        return tuple(p.id for p in self.s.players if p.hunting == (o.id, o.incarnation)
                     and o.controller in self.s.opponents(p.id))

    def is_leader(self, o: GameObject) -> bool:
        """A character with the leader keyword is a leader character unless stunned (FAQ GM 2)."""
        return o.card.type is CHARACTER and not o.stunned and any(
            line.block == "leader" for line in powers(o.card))

    def is_unique(self, o: GameObject) -> bool:
        """Unique unless Army, "~ is not unique", or made so (CR 705.1; FAQ GM 6)."""
        for change, _mod in self.changes_on(o, n.Unique):
            return change.unique
        return is_unique(o.card)

    # == references and selectors ==================================================================

    def chosen(self, binding: str, ctx: Context) -> Any:
        key = f"chosen:{binding}"
        if key in ctx.bindings:
            return ctx.bindings[key]
        if ctx.source and ctx.source in self.s.objects:
            return self.s.obj(ctx.source).bindings.get(key)
        return None

    def ref(self, node: n.Selector | None, ctx: Context) -> list[Any]:
        """The objects (or players, or chain links) a reference stands for: of the objects it
        named, only those that have not since left play and come back (CR 212.5e,
        :meth:`Context.names`)."""
        found = self._ref(node, ctx)
        if ctx.as_of:
            objects = self.s.objects
            found = [x for x in found if not (isinstance(x, str) and x in objects and not ctx.names(objects[x]))]
        return found

    def _ref(self, node: n.Selector | None, ctx: Context) -> list[Any]:
        b = ctx.bindings
        if isinstance(node, n.Self):
            return [ctx.source] if ctx.source else []
        if isinstance(node, n.TargetRef):
            if 0 < node.index <= len(ctx.targets):
                return _listify(ctx.targets[node.index - 1])
            return []
        if isinstance(node, n.ChosenRef):
            return _listify(self.chosen(node.binding, ctx))
        if isinstance(node, n.EventRef):
            return _listify(b.get(f"event:{node.role}"))
        if isinstance(node, n.ConditionRef):
            return _listify(b.get(f"condition:{node.role}"))
        if isinstance(node, n.Acted):
            return _listify(b.get(f"acted:{node.step}"))
        if isinstance(node, n.Paid):
            return _listify(b.get(f"cost:{node.cost}"))
        if isinstance(node, n.Affected):
            return _listify(b.get("affected"))
        if isinstance(node, n.CurrentTarget):
            return _listify(b.get("current_target"))
        if isinstance(node, n.Equipped):
            if ctx.source and ctx.source in self.s.objects and ctx.names(self.s.obj(ctx.source)):
                host = self.s.obj(ctx.source).equipped_to
                return [host] if host else []
            return []
        if isinstance(node, n.You):
            return [ctx.controller]
        if isinstance(node, n.Acting):
            acting = b.get("acting")
            return [acting] if acting else [ctx.controller]
        return list(self.players(node, ctx)) if kind_of(node) == "player" else self.select(node, ctx)

    def select(self, node: n.Selector | n.Zone | None, ctx: Context) -> list[Any]:
        """Every object (id), player or chain link (number) a selector matches now."""
        if isinstance(node, n.Ref) and not isinstance(node, (n.ControllerOf, n.OwnerOf, n.OpponentsOf)):
            return self.ref(node, ctx)
        if isinstance(node, (n.Either, n.Together)):
            out: list[Any] = []
            for part in (node.options if isinstance(node, n.Either) else node.parts):
                out += [x for x in self.select(part, ctx) if x not in out]
            return out
        if isinstance(node, n.TopCards):
            out = []
            for pid in self.players(node.zone.owner, ctx):
                deck = self.s.player(pid).deck
                count = self.amount(node.count, ctx)
                out += list(deck[-count:] if node.bottom else deck[:count]) if count > 0 else []
            return out
        if kind_of(node) == "player":  # (so a selector: a zone's contents are objects)
            return list(self.players(cast(n.Selector, node), ctx))
        if isinstance(node, n.Filter):
            if kind_of(node) == "effect":
                return [lk.id for lk in self.s.chain if self.link_matches(node, lk, ctx)]
            if node.target is not None:
                return self.ref(n.TargetRef(node.target), ctx)
            key = ("select", id(node), ctx)
            try:
                hit = self._memo.get(key)
            except TypeError:  # a binding that cannot be hashed: work it out each time
                return [o.id for o in self._candidates(node, ctx) if self._filter_ok(node, o, ctx)]
            if hit is None or hit[0] is not node:
                hit = (node, [o.id for o in self._candidates(node, ctx) if self._filter_ok(node, o, ctx)])
                self._memo[key] = hit
            return list(hit[1])
        if isinstance(node, n.Zone):
            out = []
            for pid in self.players(node.owner, ctx) if node.owner is not None else self.s.player_ids:
                for name in node.names:
                    if name in ZONES:
                        out += list(self.s.player(pid).pile(ZONES[name]))
            return out
        return []

    def zones_of(self, f: n.Filter) -> list[n.Zone]:
        return [q.zone for q in f.qualifiers if isinstance(q, n.InZone) and q.zone is not None]

    def _candidates(self, f: n.Filter, ctx: Context) -> Iterator[GameObject]:
        """The objects a filter looks among: those in its zones, else where its kind lives
        (characters and equipment in play; resources, locations and plot twists in resource rows)."""
        zones = self.zones_of(f)
        seen: set[str] = set()
        if zones:
            for zone in zones:
                owners = self.players(zone.owner, ctx) if zone.owner is not None else self.s.player_ids
                for name in zone.names:
                    if name in AREAS:
                        field_, value = AREAS[name]
                        for o in self.s.in_play():
                            if o.controller in owners and getattr(o, field_) == value and o.id not in seen:
                                seen.add(o.id)
                                yield o
                        continue
                    z = ZONES.get(name)
                    if z is None:
                        continue
                    for pid in owners:
                        for oid in self.s.player(pid).pile(z):
                            if oid not in seen:
                                seen.add(oid)
                                yield self.s.obj(oid)
            return
        among = [q for q in f.qualifiers if isinstance(q, n.Among)]
        if among:
            for oid in self.select(among[0].of, ctx):
                if oid in self.s.objects and oid not in seen:
                    seen.add(oid)
                    yield self.s.obj(oid)
            return
        if any(isinstance(q, n.State) and q.name == "revealed" and not q.negated for q in f.qualifiers):
            # "his revealed cards": the cards this effect revealed, wherever they are
            shown = [x for x in _listify(ctx.bindings.get("revealed")) if x in self.s.objects]
            shown += [o.id for o in self.s.objects.values() if o.revealed and o.id not in shown]
            for oid in shown:
                yield self.s.obj(oid)
            return
        kinds = f.kind.split(" or ")
        if any(isinstance(q, n.Where) and isinstance(q.condition, n.Happened) and isinstance(q.condition.event, n.Recruit)
               for q in f.qualifiers):
            # "cards you recruited this turn": the one being recruited too, on the chain (its recruit
            # effect is announced: FAQ GM 7)
            for o in self.s.objects.values():
                if o.zone is CHAIN:
                    seen.add(o.id)
                    yield o
        if any(k in ("character", "equipment", "card") for k in kinds):
            for o in self.s.in_play():
                seen.add(o.id)
                yield o
        if any(k in ("resource", "location", "plot twist", "card") for k in kinds):
            for o in self.s.objects.values():
                if o.zone is RESOURCE_ROW and o.id not in seen:
                    seen.add(o.id)
                    yield o
        if any(k.endswith(" card") for k in kinds):
            for o in self.s.objects.values():
                if o.id not in seen and o.zone is not CHAIN:
                    seen.add(o.id)
                    yield o

    def _kind_ok(self, kind: str, o: GameObject) -> bool:
        t = o.card.type
        if kind == "character":
            return t is CHARACTER and o.zone is IN_PLAY
        if kind == "equipment":
            return t is EQUIPMENT and o.zone is IN_PLAY
        if kind == "resource":
            return o.zone is RESOURCE_ROW
        # A face-down resource is a resource and nothing more: what card it is is hidden, so it is
        # no "location" or "plot twist" until it is face up (digest §4; assumption A-FACE-DOWN-RESOURCE).
        if kind == "location":
            return t is LOCATION and (o.zone is IN_PLAY or o.zone is RESOURCE_ROW and o.face_up)
        if kind == "plot twist":
            return t is PLOT_TWIST and (o.zone is not RESOURCE_ROW or o.face_up)
        if kind == "character card":
            return t is CHARACTER
        if kind == "plot twist card":
            return t is PLOT_TWIST
        if kind == "location card":
            return t is LOCATION
        if kind == "equipment card":
            return t is EQUIPMENT
        return kind == "card"

    def kind_fits(self, f: n.Filter, o: GameObject) -> bool:
        """Is ``o`` of one of the filter's kinds ("character", "plot twist or equipment")? What an
        object must be before its qualifiers are read."""
        return self._of_kinds(_checks(f).kinds, o)

    def _of_kinds(self, kinds: tuple[str, ...], o: GameObject) -> bool:
        """Is ``o`` of one of ``kinds`` (a filter's "plot twist or equipment" is two)?"""
        for kind in kinds:
            if self._kind_ok(kind, o):
                return True
        return False

    def kind_ids(self, kind: str) -> tuple[str, ...]:
        """The objects of a filter's kind (:meth:`kind_fits`), in id order."""
        key = ("kind ids", kind)
        hit: tuple[str, ...] | None = self._memo.get(key)
        if hit is None:
            objects, kinds = self.s.objects, tuple(kind.split(" or "))
            hit = self._memo[key] = tuple([oid for oid in sorted(objects) if self._of_kinds(kinds, objects[oid])])
        return hit

    def _filter_ok(self, f: n.Filter, o: GameObject, ctx: Context) -> bool:
        return self._checks_pass(_checks(f), o, ctx)

    def _checks_pass(self, c: _FilterChecks, o: GameObject, ctx: Context) -> bool:
        """Is ``o`` of one of the filter's kinds (:meth:`kind_fits`), and does each qualifier hold?"""
        if not self._of_kinds(c.kinds, o):
            return False
        qctx = ctx.bind(affected=o.id) if c.where else ctx
        for check, q in c.checks:
            if not check(self, q, o, qctx):
                return False
        return True

    def matches(self, node: n.Selector | None, o: GameObject, ctx: Context) -> bool:
        """Does object ``o`` match selector ``node`` now?"""
        if isinstance(node, n.Filter):
            c = _checks(node)
            if not c.objects:
                return False
            if node.target is not None:
                return o.id in self.ref(n.TargetRef(node.target), ctx)
            if c.among and o.id not in self._candidate_ids(node, ctx):
                return False
            return self._checks_pass(c, o, ctx)
        if isinstance(node, n.Either):
            return any(self.matches(opt, o, ctx) for opt in node.options)
        if isinstance(node, n.Together):
            return any(self.matches(part, o, ctx) for part in node.parts)
        return o.id in self.ref(node, ctx)

    def matcher(self, node: n.Selector, ctx: Context) -> Callable[[GameObject], bool]:
        """:meth:`matches` of ``node`` and ``ctx``, for object after object: what it asks of the
        selector worked out once."""
        if isinstance(node, n.Filter) and node.target is None:
            c = _checks(node)
            if not c.objects:
                return lambda o: False
            if not c.among:
                return lambda o: self._checks_pass(c, o, ctx)
        return lambda o: self.matches(node, o, ctx)

    def _candidate_ids(self, f: n.Filter, ctx: Context) -> frozenset[str]:
        key = ("candidates", id(f), ctx)
        hit = self._memo.get(key)
        if hit is None or hit[0] is not f:
            hit = (f, frozenset(c.id for c in self._candidates(f, ctx)))
            self._memo[key] = hit
        return hit[1]

    def counters_of(self, o: GameObject, kind: n.CounterKind | None) -> int:
        """How many counters of ``kind`` (None: of any kind) are on ``o`` (CR 215). A named
        counter ("cosmic") is kept by name; stat counters as their total, so "+1 ATK / +1 DEF
        counters" are as many as that total holds whole ones of."""
        atk, def_ = o.counters
        if kind is None:
            return sum(int(o.bindings.get(name) or 0) for name in NAMED_COUNTERS) + max(abs(atk), abs(def_))
        if kind.name:  # kept under its name, as the counter event puts it (events._counter)
            return int(o.bindings.get(kind.name) or 0)
        fits = [total // step for total, step in ((atk, kind.atk), (def_, kind.def_)) if step]
        return max(0, min(fits)) if fits else 0

    def qual(self, q: n.Qualifier, o: GameObject, ctx: Context) -> bool:
        """One qualifier of a filter, for object ``o`` (each kind of qualifier by its own method,
        :data:`_QUALS`)."""
        check = _QUALS.get(type(q))
        if check is not None:
            return check(self, q, o, ctx)
        raise TypeError(f"unknown qualifier {q!r}")  # never a silent "matches nothing"

    def _qual_at_random(self, q: n.AtRandom, o: GameObject, ctx: Context) -> bool:
        return True  # how the card is picked, not what it is

    def _qual_state(self, q: n.State, o: GameObject, ctx: Context) -> bool:
        return self.state_is(o, q.name, ctx) != q.negated

    def _qual_name(self, q: n.Name, o: GameObject, ctx: Context) -> bool:
        return any(self._has_name(o, name) for name in _singulars(q.name)) != q.negated

    def _qual_hunted(self, q: n.Hunted, o: GameObject, ctx: Context) -> bool:
        """"hunted by you", "hunted characters" (MEV, hunter)."""
        hunters = self.hunters(o)
        return bool(hunters) if q.player is None else any(p in hunters for p in self.players(q.player, ctx))

    def _qual_named(self, q: n.Named, o: GameObject, ctx: Context) -> bool:
        s = self.s
        name = s.obj(cast(str, ctx.source)).card.name if q.self_ and ctx.source in s.objects else (q.name or "")
        return _same(o.card.name, name)

    def _qual_role(self, q: n.Role, o: GameObject, ctx: Context) -> bool:
        return any(self._role(o, r) for r in q.roles)

    def _qual_other(self, q: n.Other, o: GameObject, ctx: Context) -> bool:
        return o.id not in self.ref(q.of, ctx)

    def _qual_affiliations(self, q: n.Affiliations, o: GameObject, ctx: Context) -> bool:
        """"with no affiliation": printed or gained (FAQ SC 4)."""
        return self.quantity_holds(q.quantity, len(self.affiliations(o)), ctx)

    def _qual_has_extreme(self, q: n.HasExtreme, o: GameObject, ctx: Context) -> bool:
        """One of them, with the greatest (least) value."""
        e = q.extreme
        return o.id in self.select(e.among, ctx) and self._stat_value(o, e.stat) == self.amount(e, ctx)

    def _qual_stat_is(self, q: n.StatIs, o: GameObject, ctx: Context) -> bool:
        value = self.cost(o) if q.stat == "cost" else self.stat(o, q.stat)
        if q.stat == "cost" and o.card.cost is None:
            return False
        return self.quantity_holds(q.quantity, value, ctx)

    def _qual_has_keyword(self, q: n.HasKeyword, o: GameObject, ctx: Context) -> bool:
        have = self.keywords(o)
        if q.none and q.keywords:  # "without flight": none of them
            return not any(self.has_keyword(o, k) for k in q.keywords)
        if q.none:  # "with no keywords": none printed or gained
            return not have
        return all(self.has_keyword(o, k) for k in q.keywords)

    def _qual_has_counter(self, q: n.HasCounter, o: GameObject, ctx: Context) -> bool:
        return self.counters_of(o, q.kind) >= self.amount(q.count, ctx)

    def _qual_same_as(self, q: n.SameAs, o: GameObject, ctx: Context) -> bool:
        s = self.s
        return any(r != o.id and self._same_as(q.what, o, s.obj(r)) for r in self.select(q.of, ctx)
                   if r in s.objects)

    def _qual_has_either(self, q: n.HasEither, o: GameObject, ctx: Context) -> bool:
        names = self.affiliation_names(q, ctx)
        return any(self.has_affiliation(o, x) for x in names)

    def _qual_adjacent(self, q: n.Adjacent, o: GameObject, ctx: Context) -> bool:
        s = self.s
        return any(adjacent(o, s.obj(r)) for r in self.select(q.to, ctx) if r in s.objects)

    def _qual_attached_to(self, q: n.AttachedTo, o: GameObject, ctx: Context) -> bool:
        """"equipment attached to target character" (CR 302)."""
        return o.zone is IN_PLAY and o.equipped_to is not None and o.equipped_to in set(self.select(q.to, ctx))

    def _qual_controlled_by(self, q: n.ControlledBy, o: GameObject, ctx: Context) -> bool:
        who = self.controller_of(o)
        return who in self.players(q.player, ctx)

    def _qual_recruited_by(self, q: n.RecruitedBy, o: GameObject, ctx: Context) -> bool:
        return o.owner in self.players(q.player, ctx)

    def _qual_in_zone(self, q: n.InZone, o: GameObject, ctx: Context) -> bool:
        if q.zone is None:
            return o.zone is IN_PLAY
        return o.id in self._zone_ids(q.zone, ctx)

    def _qual_any(self, q: n.Qualifier, o: GameObject, ctx: Context) -> bool:
        return True  # "of your choice", "than …": how it is picked or compared, not what it is

    def _qual_among(self, q: n.Among, o: GameObject, ctx: Context) -> bool:
        return o.id in self.select(q.of, ctx)

    def _qual_where(self, q: n.Where, o: GameObject, ctx: Context) -> bool:
        return self.holds(q.condition, ctx.bind(affected=o.id))

    def _qual_chosen(self, q: n.Chosen, o: GameObject, ctx: Context) -> bool:
        chosen = _listify(self.chosen(q.binding, ctx))
        if q.binding == "card type":  # "a card of the chosen type" (a rally for a card type of your choice)
            return o.card.type is not None and _has(chosen, o.card.type.value)
        if q.binding == "card name":  # "a card with the chosen name"
            return _has(chosen, o.card.name)
        return any(self.has_affiliation(o, x) or _has(self.traits(o), x) for x in chosen)

    def _qual_not_chosen_yet(self, q: n.NotChosenYet, o: GameObject, ctx: Context) -> bool:
        """An object this effect has not chosen before."""
        return o.id not in _listify(ctx.bindings.get("chose"))

    def _has_name(self, o: GameObject, name: str) -> bool:
        """Has ``o`` the name a noun phrase puts before its noun (or as its noun): an affiliation, a
        version ("Wrecking Crew characters" names a version as well as an affiliation, FAQ SC 32;
        "Army", "Team-Up" are versions), a trait, or a keyword ("non-Cosmic characters",
        vocabulary.premodifier)."""
        return self.has_affiliation(o, name) or _same(o.card.version or "", name) \
            or _has(self.traits(o), name) or self._is_mutant(o, name) or self.has_keyword(o, name.lower())

    def _zone_ids(self, zone: n.Zone, ctx: Context) -> frozenset[str]:
        key = ("zone", id(zone), ctx)
        hit = self._memo.get(key)
        if hit is None or hit[0] is not zone:
            f = n.Filter("card", (n.InZone(zone),))
            hit = (zone, frozenset(o.id for o in self._candidates(f, ctx)))
            self._memo[key] = hit
        return hit[1]

    #: The states and places :meth:`state_is` knows (the rest are not states of an object).
    STATES = frozenset({"stunned", "exhausted", "ready", "hidden", "visible", "face-up", "face-down", "front row",
                        "support row", "equipped", "revealed", "remaining", "unique", "leader", "attacking",
                        "team attacking", "defending", "reinforced", "protected", "ongoing", "boosted", "powered-up",
                        "different", "next"})

    def state_is(self, o: GameObject, name: str, ctx: Context) -> bool:
        """A state or place an object is in ("stunned", "ready", "face-up", "support row", …)."""
        a = self.s.attack
        in_play = o.zone is IN_PLAY
        if name == "stunned":
            return o.stunned
        if name == "exhausted":
            return o.exhausted
        if name == "ready":
            return not o.exhausted and not o.stunned
        if name == "hidden":
            return in_play and o.area == "hidden"
        if name == "visible":
            return in_play and o.area == "visible"
        if name == "face-up":
            return o.face_up
        if name == "face-down":
            return not o.face_up
        if name == "front row":
            return in_play and o.row == "front"
        if name == "support row":
            return in_play and o.row == "support"
        if name == "equipped":
            return any(e.equipped_to == o.id for e in self.s.in_play())
        if name == "revealed":
            return o.revealed or o.id in _listify(ctx.bindings.get("revealed"))
        if name == "remaining":
            return o.id not in _listify(ctx.bindings.get("moved"))
        if name == "unique":
            return self.is_unique(o)
        if name == "leader":
            return self.is_leader(o)
        if name == "attacking":
            return a is not None and o.id in a.attackers
        if name == "team attacking":
            return a is not None and o.id in a.attackers and a.is_team
        if name == "defending":
            return a is not None and o.id in a.defenders
        if name == "reinforced":
            return a is not None and o.id in a.defenders and self.reinforced(o)
        if name == "protected":
            return in_play and protected(self.s, o)
        if name == "ongoing":
            return o.card.ongoing
        if name == "boosted":
            return bool(o.bindings.get("boosted"))
        if name == "powered-up":
            # this object's power-ups, not an earlier object's of its card (CR 212.5e)
            return any(h.name == "PowerUp" and h.get("object") == o.id and h.names_now(o) for h in self.s.turn_log)
        if name == "different":
            return True
        if name == "next":  # "your next character": its modifier is used up as it applies (actions.recruit)
            return True
        return False

    def _role(self, o: GameObject, role: str) -> bool:
        a = self.s.attack
        if a is None:
            return False
        if role == "attacker":
            return o.id in a.attackers
        if role == "team attacker":
            return o.id in a.attackers and a.is_team
        if role == "defender":
            return o.id in a.defenders
        return False

    def _same_as(self, what: str, o: GameObject, other: GameObject) -> bool:
        if what == "name":
            return _same(o.card.name, other.card.name)
        if what == "cost":
            return o.card.cost is not None and other.card.cost is not None and self.cost(o) == self.cost(other)
        if what == "version":
            return bool(o.card.version) and _same(o.card.version or "", other.card.version or "")
        if what == "identity":
            return any(_same(a, b) for a in self.identities(o) for b in self.identities(other))
        if what in ("atk", "def"):
            return self.stat(o, what) == self.stat(other, what)
        if what in ("affiliation", "team affiliation"):
            return bool({x.casefold() for x in self.affiliations(o)} & {x.casefold() for x in self.affiliations(other)})
        return False

    def counted(self, sel: n.Selector, ctx: Context) -> list[str]:
        """What "the number of …" counts: what the selector picks — of cards "with the same name"
        ("that share the same name": one common to them all), the most that share one value: "two
        or more characters with the same name" are two of one name, not one pair of each of two
        names (assumption A-SAME-GROUP). Cards "that share a name" are each counted (Game of the
        Galaxy: two pairs score as four)."""
        found = self.select(sel, ctx)
        among = [q for q in sel.qualifiers if isinstance(q, n.Shares) and q.of is None and q.same] \
            if isinstance(sel, n.Filter) else []
        if not among:
            return found
        best: list[str] = []
        for q in among:
            for what in q.what:
                one = n.Shares((what,), same=True, named=q.named)
                values = {v for x in found if x in self.s.objects for v in self.share_values(one, self.s.obj(x))}
                for v in sorted(values):
                    group = [x for x in found if x in self.s.objects and v in self.share_values(one, self.s.obj(x))]
                    if len(group) > len(best):
                        best = group
        return best

    def share_values(self, q: n.Shares, o: GameObject) -> frozenset[str]:
        """The values of the characteristic "that share the same Mutant trait" names that ``o``
        has: its traits (only its Mutant traits, Mental, Energy or Physical, for "Mutant trait":
        X-Men FAQ GM 1), or its affiliations for "the same team affiliation"."""
        what = q.what[0]
        if what == "trait":
            found = self.traits(o)
            return found & MUTANT_TRAITS if q.named and _same(q.named, "Mutant") else found
        if what in ("affiliation", "team affiliation"):
            return frozenset(x.casefold() for x in self.affiliations(o))
        if what == "identity":
            return frozenset(x.casefold() for x in self.identities(o))
        value = {"name": o.card.name.casefold(), "version": (o.card.version or "").casefold(),
                 "cost": str(self.cost(o)) if o.card.cost is not None else "",
                 "atk": str(self.stat(o, "atk")), "def": str(self.stat(o, "def"))}.get(what, "")
        return frozenset({value}) if value else frozenset()

    def _shares(self, q: n.Shares, o: GameObject, ctx: Context) -> bool:
        if q.of is not None:
            others = [self.s.obj(r) for r in self.select(q.of, ctx) if r in self.s.objects and r != o.id]
        else:
            # "cards that share a name": with another card of the same group (the revealed ones,
            # or those of its owner in the same zone)
            pool = [x for x in _listify(ctx.bindings.get("revealed")) if x in self.s.objects
                    and self.s.obj(x).owner == o.owner]
            if not pool:
                pool = [x.id for x in self.s.objects.values() if x.owner == o.owner and x.zone is o.zone]
            others = [self.s.obj(r) for r in pool if r != o.id]
        if q.same:  # "that share the same Mutant trait": a value it has in common with another
            mine = self.share_values(q, o)
            return any(mine & self.share_values(q, other) for other in others)
        return any(any(self._same_as(w, o, other) for w in q.what) for other in others)

    def link_matches(self, f: n.Selector, link: ChainLink, ctx: Context) -> bool:
        """Does a chain link (an effect) match an effect filter ("non-ongoing plot twist
        effect", "effects your opponents control", "plot twist or payment effects")?"""
        if isinstance(f, n.Either):
            return any(self.link_matches(x, link, ctx) for x in f.options)
        if not isinstance(f, n.Filter) or kind_of(f) != "effect":
            return False
        origins = [_EFFECT_KINDS[k] for k in effect_kinds(f.kind)]
        if None not in origins and link.origin not in origins:
            return False
        for q in f.qualifiers:
            if isinstance(q, n.ControlledBy):
                if link.controller not in self.players(q.player, ctx):
                    return False
            elif isinstance(q, n.State) and q.name == "ongoing":
                if link.ongoing == q.negated:
                    return False
            elif isinstance(q, n.WithOneTarget):  # "two target characters" are two targets
                if len(_each_target(link)) != 1:
                    return False
            elif isinstance(q, n.Targeting):
                if not any(t in self.s.objects and self.matches(q.of, self.s.obj(t), ctx) for t in _each_target(link)):
                    return False
            elif isinstance(q, n.Other):
                if link.id in self.ref(q.of, ctx):
                    return False
            else:  # support.py refuses an effect filter with any other qualifier before play
                raise TypeError(f"unknown qualifier of an effect {q!r}")
        return True

    # == players, amounts, conditions ==============================================================

    def players(self, node: n.Selector | None, ctx: Context) -> tuple[str, ...]:
        """The players a player phrase stands for, relative to the effect's controller."""
        s = self.s
        if node is None or isinstance(node, n.You):
            return (ctx.controller,)
        if isinstance(node, n.Acting):
            acting = ctx.bindings.get("acting")
            return (acting,) if acting else (ctx.controller,)
        if isinstance(node, n.OpponentsOf):
            out: list[str] = []
            for pid in self.players(node.of, ctx):
                out += [p for p in s.opponents(pid) if p not in out]
            return tuple(out)
        if isinstance(node, (n.ControllerOf, n.OwnerOf)):
            out = []
            for x in self.select(node.of, ctx):
                if x in s.objects:
                    o = s.obj(x)
                    out.append(o.owner if isinstance(node, n.OwnerOf) else self.controller_of(o))
                elif x in s.player_ids:
                    out.append(x)
                elif isinstance(x, int) and (lk := s.link(x)) is not None:
                    out.append(lk.controller)
            return tuple(dict.fromkeys(out))
        if isinstance(node, n.Filter) and kind_of(node) == "player":
            if node.target is not None:
                return tuple(x for x in self.ref(n.TargetRef(node.target), ctx) if x in s.player_ids)
            pool = s.seat_order(in_game=True)  # assumption A-LOST-OUT
            if node.kind == "opponent":
                pool = tuple(p for p in pool if p != ctx.controller)
            return tuple(p for p in pool if all(self.player_qual(q, p, ctx) for q in node.qualifiers))
        if isinstance(node, n.Together):
            out = []
            for part in node.parts:
                out += [p for p in self.players(part, ctx) if p not in out]
            return tuple(out)
        if isinstance(node, n.Ref):
            return tuple(x for x in self.ref(node, ctx) if x in s.player_ids)
        return ()

    def player_qual(self, q: n.Qualifier, pid: str, ctx: Context) -> bool:
        if isinstance(q, n.Where):
            return self.holds(q.condition, ctx.bind(acting=pid, affected=pid))
        if isinstance(q, n.Other):
            return pid not in self.ref(q.of, ctx)
        return False

    def quantity_holds(self, q: n.Quantity, value: int, ctx: Context) -> bool:
        if q.n is None:
            return True
        return _compare(value, q.op, self.amount(q.n, ctx))

    def amount(self, node: n.Amount | n.Quantity, ctx: Context) -> int:
        """A number of the text, computed now."""
        s = self.s
        if isinstance(node, n.Fixed):
            return node.n
        if isinstance(node, n.X):
            return int(ctx.bindings.get("x", 0))
        if isinstance(node, n.Times):
            return self.amount(node.factor, ctx) * self.amount(node.amount, ctx)
        if isinstance(node, n.Half):
            value = self.amount(node.amount, ctx)
            return -(-value // 2) if node.up else value // 2
        if isinstance(node, n.Negative):
            return -self.amount(node.amount, ctx)
        if isinstance(node, n.NumberOf):
            return len(self.counted(node.selector, ctx))
        if isinstance(node, n.ThatMuch):
            return int(ctx.bindings.get("event_amount", 0))
        if isinstance(node, n.ChosenNumber):  # "the chosen number": 0 before anything is chosen
            chosen = self.chosen("number", ctx)
            return chosen if isinstance(chosen, int) else 0
        if isinstance(node, n.PointsPaid):
            return int(ctx.bindings.get("paid", 0))
        if isinstance(node, n.ThatMany):  # what step k acted on, or what the costs paid
            if node.step is not None:
                return len(_listify(ctx.bindings.get(f"acted:{node.step}")))
            if "paid" in ctx.bindings:
                return int(ctx.bindings["paid"])
            return sum(len(_listify(v)) for k, v in ctx.bindings.items() if k.startswith("cost:"))
        if isinstance(node, n.CountersOn):  # "for each cosmic counter on ~" (CR 215)
            return sum(self.counters_of(s.obj(oid), node.kind) for oid in self.select(node.of, ctx)
                       if oid in s.objects)
        if isinstance(node, n.EnduranceOf):
            return sum(s.player(p).endurance for p in self.players(node.player, ctx))
        if isinstance(node, n.StatOf):
            return sum(self._stat_value(s.obj(x), node.stat, node.printed)
                       for x in self.select(node.of, ctx) if x in s.objects)
        if isinstance(node, n.Offset):  # "that much minus 2": negative values count as 0 (digest §19)
            by = self.amount(node.by, ctx)
            return max(0, self.amount(node.base, ctx) + (-by if node.minus else by))
        if isinstance(node, n.Extreme):  # "the highest cost among characters you control"
            values = [self._stat_value(s.obj(x), node.stat) for x in self.select(node.among, ctx) if x in s.objects]
            return (max(values) if node.most else min(values)) if values else 0
        if isinstance(node, n.Quantity):
            return self.amount(node.n, ctx) if node.n is not None else 0
        raise TypeError(f"unknown amount {node!r}")

    def _stat_value(self, o: GameObject, stat: str, printed: bool = False) -> int:
        """A stat an amount reads: a cost is the printed one; ATK, DEF and willpower as they are
        in play (printed elsewhere, or if the text says "printed")."""
        if stat == "cost":
            return o.card.cost or 0
        if printed or o.zone is not IN_PLAY:
            return printed_stat(o, stat)
        return self.raw_stat(o, stat)

    def holds(self, cond: n.Condition, ctx: Context) -> bool:
        """Is the condition true now?"""
        return bool(self.condition_binding(cond, ctx))

    def condition_binding(self, cond: n.Condition, ctx: Context) -> dict[str, Any]:
        """Whether a condition holds, and what it singled out (``condition:object``,
        ``condition:player``): an empty dict is false."""
        s = self.s
        yes: dict[str, Any] = {"ok": True}
        if isinstance(cond, n.All):
            out: dict[str, Any] = {}
            for c in cond.conditions:
                b = self.condition_binding(c, ctx)
                if not b:
                    return {}
                out.update(b)
                ctx = ctx.bind(**{k: v for k, v in b.items() if k.startswith("condition:")})
            return out
        if isinstance(cond, n.AnyOf):
            for c in cond.conditions:
                b = self.condition_binding(c, ctx)
                if b:
                    return b
            return {}
        if isinstance(cond, n.Not):
            return {} if self.holds(cond.condition, ctx) else yes
        if isinstance(cond, n.Compare):
            left, right = cond.left, cond.right
            found = None
            if isinstance(left, n.NumberOf):
                found = self.counted(left.selector, ctx)
                value = len(found)
            else:
                value = self.amount(left, ctx)
            if not _compare(value, cond.op, self.amount(right, ctx)):
                return {}
            return {"ok": True, "condition:object": tuple(found)} if found else yes
        if isinstance(cond, n.Is):
            subjects = self.select(cond.subject, ctx) if kind_of(cond.subject) != "player" else \
                list(self.players(cond.subject, ctx))
            if not subjects:
                return {}
            for x in subjects:
                if x in s.player_ids:
                    ok = all(self.player_qual(q, x, ctx) for q in cond.qualifiers)
                elif x in s.objects:
                    o = s.obj(x)
                    ok = all(self.qual(q, o, ctx) for q in cond.qualifiers) and \
                        (cond.kind is None or self._kind_ok(cond.kind, o) or
                         self._kind_ok(cond.kind + " card", o))
                else:
                    ok = False
                if ok == cond.negated:
                    return {}
            return {"ok": True, "condition:object": tuple(subjects)}
        if isinstance(cond, n.Happened):
            return yes if self.happened(cond, ctx) else {}
        if isinstance(cond, n.FirstTime):  # no such event yet in the span (assumption A-FIRST-TIME)
            return {} if self.happened_count(n.Happened(cond.event, cond.span), ctx)[0] else yes
        if isinstance(cond, n.Protecting):
            protectors = [s.obj(x) for x in self.select(cond.subject, ctx) if x in s.objects]
            found = []
            for p in protectors:
                if p.zone is not IN_PLAY or p.row != "front" or p.stunned:
                    continue
                for ch in s.characters(p.controller):
                    if ch.row == "support" and ch.col == p.col and ch.area == p.area and \
                            self.matches(cond.object, ch, ctx):
                        found.append(ch.id)
            return {"ok": True, "condition:object": tuple(found)} if found else {}
        if isinstance(cond, n.Some):
            for pid in self.players(cond.players, ctx):
                b = self.condition_binding(cond.condition, ctx.bind(acting=pid))
                if b:
                    return {**b, "condition:player": pid}
            return {}
        if isinstance(cond, n.Most):
            scores = {pid: self.amount(cond.count, ctx.bind(acting=pid)) for pid in s.player_ids}
            best = max(scores.values()) if scores else 0
            top = [p for p, v in scores.items() if v == best]
            return {"ok": True, "condition:player": top[0]} if best > 0 and len(top) == 1 else {}
        if isinstance(cond, n.ChoseNames):
            if cond.other:  # "you chose Avengers and a different affiliation" (FAQ SC 35)
                chosen = _listify(self.chosen("affiliation", ctx))
                named = [c for c in chosen if any(_same(c, x) for x in cond.names)]
                return yes if named and len(chosen) > len(named) else {}
            # "you chose JLA and JSA": each name is among the values the card's choices bound
            values = [v for kind in n.VALUE_KINDS for v in _listify(self.chosen(kind, ctx)) if isinstance(v, str)]
            return yes if all(_has(values, x) for x in cond.names) else {}
        if isinstance(cond, n.During):
            if cond.step.next and ctx.bindings.get("next_after") == s.turn:
                return {}  # "your next recovery phase", said during one: not that one (assumption A-NEXT-STEP)
            return yes if self.during(cond.step, ctx.bindings.get("next_player", ctx.controller)) else {}
        if isinstance(cond, n.HasInitiative):  # the initiative player of the turn (digest §5)
            return yes if s.initiative in self.players(cond.player, ctx) else {}
        if isinstance(cond, n.Does):
            return {}
        raise TypeError(f"unknown condition {cond!r}")

    def during(self, step: n.Step, pid: str) -> bool:
        """Is it now the phase or step (and "your" one, for "your recruit step")?"""
        s = self.s
        name = step.name
        if name.endswith("phase"):
            ok = s.phase == name.split()[0]
        else:
            ok = s.step == name.split()[0]
        owner = s.active if s.active is not None else s.initiative
        if step.whose in ("your", "its controller"):  # "its controller's": ``pid`` is he (effects._until_next)
            ok = ok and owner == pid
        elif step.whose == "opponent":  # "during an opponent's attack step": another player's
            ok = ok and owner is not None and owner != pid
        return ok

    def happened(self, cond: n.Happened, ctx: Context) -> bool:
        """"you played another plot twist this turn", "it attacked this turn" (the turn's events);
        without a span, the effect's own steps first ("If you discarded a character card")."""
        count, op, wanted = self.happened_count(cond, ctx)
        return _compare(count, op, wanted)

    def happened_count(self, cond: n.Happened, ctx: Context) -> tuple[int, str, int]:
        """How many events of the history :meth:`happened` reads match, and what it asks of that
        count: (count, operator, number) — "at least one" is (count, ">=", 1)."""
        own = [h for h in _listify(ctx.bindings.get("done")) if isinstance(h, Happening)]
        pool: Iterable[Happening] = self.s.turn_log
        if cond.span == "phase":  # "this phase", "for the first time in a phase": this phase's events
            pool = [h for h in pool if h.get("phase") == self.s.phase]
        if cond.span is None and any(h.kind is type(cond.event) for h in own):
            pool = [h for h in own if h.kind is type(cond.event)]
        elif type(cond.event) is n.Recruit and isinstance(cond.event.object, n.Self) and ctx.source in self.s.objects:
            me = self.s.obj(cast(str, ctx.source))
            origin = me.bindings.get("recruited_from")
            if origin is not None:
                pool = [Happening(n.Recruit, _fmap(agent=me.controller, object=ctx.source, origin=origin))]
        count = sum(1 for h in pool if pattern_matches(self, cond.event, h, ctx) is not None)
        quantity = getattr(getattr(cond.event, "object", None), "quantity", None)
        if isinstance(quantity, n.Quantity) and quantity.n is not None:
            wanted = self.amount(quantity.n, ctx)
            if wanted == 0 or quantity.exact or quantity.op != "=":
                # "you played no other plot twists", "if you played two or more"
                return count, quantity.op, wanted
            return count, ">=", wanted
        return count, ">=", 1

    def reinforced(self, o: GameObject) -> bool:
        """A defender is reinforced by the reinforcement keyword, or by the reinforcement game-based
        effect, which gives it reinforcement this attack (CR 507.1c), so a character that "cannot
        gain reinforcement" does not get it (assumption A-REINFORCE)."""
        a = self.s.attack
        if a is None:
            return False
        by_effect = a.reinforced(o.id)

        def compute() -> bool:
            # a modifier "while reinforced" asks this again while it is computed: it sees the effect
            return (by_effect and not self.cannot_gain(o, "reinforcement")) or "reinforcement" in self.keywords(o)

        return self._guard(("reinforced", o.id), compute, lambda: by_effect)

    def cannot_gain(self, o: GameObject, keyword: str) -> bool:
        """Does a "cannot gain K" ("loses and cannot gain K") modifier apply to ``o`` now?"""
        return any(keyword in change.keywords and change.how in ("block", "lose-block")
                   for change, _mod in self.changes_on(o, n.KeywordChange))

    # == permissions and prohibitions ==============================================================

    def cannots(self, kind: type[n.Event]) -> list[tuple[n.Cannot, Mod]]:
        """The "cannot" changes in force on events of ``kind``, each with its modifier, in the
        order of :meth:`mods` (worked out once per state and kind: most events have none)."""
        key = ("cannot", kind)
        found: list[tuple[n.Cannot, Mod]] | None = self._memo.get(key)
        if found is None:
            found = self._memo[key] = [(c, mod) for mod in self.mods() for c in mod.changes
                                       if isinstance(c, n.Cannot) and type(c.event) is kind]
        return found

    def prohibition(self, h: Happening) -> tuple[n.Cannot, Mod] | None:
        """A "cannot" modifier that forbids this event, with its modifier (or ``None``)."""
        for c, mod in self.cannots(h.kind):
            role = _affected_role(c.event)
            if role is None:
                continue
            values = _listify(h.get(role))
            if h.kind is n.BecomeTarget and role == "agent":
                values = _listify(h.get("effect"))
            for value in values:
                if value in self.s.objects:
                    if not self.applies(mod, self.s.obj(value)):
                        continue
                elif value in self.s.player_ids:
                    if not self.applies_player(mod, value):
                        continue
                else:
                    continue
                if pattern_matches(self, c.event, h, mod.ctx.bind(affected=value)) is not None:
                    return c, mod
        return None

    def can_be_targeted(self, o: GameObject, link: ChainLink) -> bool:
        """False when a "cannot be the target of …" modifier covers this effect (FAQ SC 1,
        SC 25, SC 29, SC 36)."""
        if not self.cannots(n.BecomeTarget):
            return True
        h = Happening(n.BecomeTarget, _fmap(object=o.id, effect=link.id, agent=link.source, link=link))
        return self.prohibition(h) is None

    def permissions(self, o: GameObject, kind: type[n.Event]) -> list[tuple[n.Can, Mod]]:
        """The "can …" modifiers on ``o`` for events of ``kind`` ("can attack hidden characters")."""
        return [(c, mod) for c, mod in self.changes_on(o, n.Can) if type(c.event) is kind]

    def numbered_powers(self, o: GameObject) -> list[tuple[n.Power, PowerLine[n.Power] | str]]:
        """Its powers as ``use = ID, power = N`` numbers them: the printed ones in order, then
        those it has gained ("Equipped character has \\"…\\""), each with its line ("gained" for
        those; assumption A-GAINED-POWERS)."""
        out: list[tuple[n.Power, PowerLine[n.Power] | str]] = list(numbered_printed(o.card))
        if o.zone is IN_PLAY:
            for line, _mod in self._gained(o):
                out.append((line.node, "gained" if line.block is None else line))
        return out


#: How each kind of qualifier is checked for an object (:meth:`Query.qual`): one method a class,
#: found by the qualifier's class (a dict look-up instead of a test of each class in turn).
_QUALS: dict[type, Callable[[Query, Any, GameObject, Context], bool]] = {
    n.AtRandom: Query._qual_at_random, n.State: Query._qual_state, n.Name: Query._qual_name,
    n.Hunted: Query._qual_hunted, n.Named: Query._qual_named, n.Role: Query._qual_role, n.Other: Query._qual_other,
    n.Affiliations: Query._qual_affiliations, n.HasExtreme: Query._qual_has_extreme, n.StatIs: Query._qual_stat_is,
    n.HasKeyword: Query._qual_has_keyword, n.HasCounter: Query._qual_has_counter, n.SameAs: Query._qual_same_as,
    n.Shares: Query._shares, n.HasEither: Query._qual_has_either, n.Adjacent: Query._qual_adjacent,
    n.AttachedTo: Query._qual_attached_to, n.ControlledBy: Query._qual_controlled_by,
    n.RecruitedBy: Query._qual_recruited_by, n.InZone: Query._qual_in_zone, n.OfYourChoice: Query._qual_any,
    n.Than: Query._qual_any, n.Among: Query._qual_among, n.Where: Query._qual_where, n.Chosen: Query._qual_chosen,
    n.NotChosenYet: Query._qual_not_chosen_yet}


#: A qualifier's check of an object (a method of :class:`Query`, found in :data:`_QUALS`).
QualCheck = Callable[[Query, Any, GameObject, Context], bool]


class _FilterChecks:
    """What a filter asks of an object, worked out once per filter node (:func:`_checks`): whether
    it picks objects at all, whether it names where it looks or what it looks among
    (:meth:`Query._candidates`), its kinds, whether a qualifier reads a condition of the object
    ("characters where …"), and each qualifier's check, "you control" first (:func:`_cheap_first`)."""

    __slots__ = ("objects", "among", "kinds", "where", "checks")

    def __init__(self, f: n.Filter) -> None:
        self.objects = kind_of(f) == "object"
        self.among = any(isinstance(q, n.Among) or isinstance(q, n.InZone) and q.zone is not None for q in f.qualifiers)
        self.kinds = tuple(f.kind.split(" or "))
        self.where = any(isinstance(q, n.Where) for q in f.qualifiers)
        self.checks: tuple[tuple[QualCheck, n.Qualifier], ...] = tuple(
            (_QUALS.get(type(q), Query.qual), q) for q in _cheap_first(f))  # one it does not know: qual raises


@per_node
def _checks(f: n.Filter) -> _FilterChecks:
    """A filter node's checks (:class:`_FilterChecks`)."""
    return _FilterChecks(f)


def _fmap(**items: Any) -> Bindings:
    from .fmap import FrozenMap
    return FrozenMap(items)


def _affected_role(event: n.Event) -> str | None:
    attrs_event: Any = event  # an event class is an attrs class (their base n.Event is not)
    roles: tuple[Attribute[Any], ...] = attrs_event.__attrs_attrs__
    for a in roles:
        if isinstance(getattr(event, a.name), n.Affected):
            return a.name
    return None


@lru_cache(maxsize=4096)
def numbered_printed(card: Card) -> tuple[tuple[n.Power, PowerLine[n.Power]], ...]:
    """A card's printed powers as :meth:`Query.numbered_powers` numbers them, once per card."""
    return tuple((ln.node, ln) for ln in powers(card))


@lru_cache(maxsize=4096)
def _own_cost_lines(card: Card) -> tuple[n.Modify, ...]:
    """A card's own cost changes ("~ costs N less to recruit", outside any block), as
    :meth:`Query._own_cost_mods` makes them modifiers: once per card."""
    return tuple(m for line in powers(card, n.Static) if line.block is None for m in _modifies(line.node.effect)
                 if isinstance(m.subject, n.Self) and any(isinstance(c, n.CostChange) for c in m.changes))


def _modifies(effect: n.Effect) -> list[n.Modify]:
    """The modifiers a continuous power states (conditional ones keep their condition as a
    while-condition)."""
    out: list[n.Modify] = []
    parts = effect.steps if isinstance(effect, n.Sequence) else (effect,)
    for p in parts:
        cond = None
        while isinstance(p, n.Conditional) and p.otherwise is None or isinstance(p, n.Unless):
            # "… unless C" lasts while C does not hold
            this = p.condition if isinstance(p, n.Conditional) else n.Not(p.condition)
            cond = this if cond is None else n.All((cond, this))
            p = p.effect
        if isinstance(p, n.Modify):
            if cond is not None:
                w = p.duration.while_
                p = n.Modify(p.subject, p.changes, n.Duration(p.duration.span, cond if w is None else n.All((cond, w))))
            out.append(p)
    return out


def alters_quality(changes: Iterable[n.Change]) -> bool:
    """A modifier that changes ATK, DEF, keywords, affiliations or powers alters a quality and
    flags what it affects when it resolves (FAQ quality rule, SC 4, SC 13)."""
    return any(isinstance(c, _QUALITY) for c in changes)


_last: list[Any] = [None, None]
#: While replaying: the Query of each state met lately, by the very state (least recently met first).
_recent: dict[int, tuple[GameState, Query]] = {}
_RECENT = 64
_replaying = [False]
_held: dict[int, tuple[GameState, "Query"]] = {}


def query(state: GameState) -> Query:
    """The :class:`Query` for ``state``: reused while the state is the same object, and, while
    exploring replays a step (:func:`replaying`), for the same state met again: a replay takes the
    positions before the decision it answers differently as they are from the run it forks from
    (:class:`~vsoracle.engine.game.Branch`), so their answers are worked out once, and no state is
    hashed to find them."""
    if _last[0] is state:
        last: Query = _last[1]
        return last
    kept = _held.get(id(state))
    if kept is not None and kept[0] is state:
        return kept[1]
    if _replaying[0]:
        hit = _recent.pop(id(state), None)
        if hit is not None and hit[0] is state:
            q = hit[1]
        else:
            if len(_recent) >= _RECENT:
                del _recent[next(iter(_recent))]
            q = Query(state)
        _recent[id(state)] = (state, q)  # (kept alive here: the id is no other state's)
    else:
        q = Query(state)
    _last[0], _last[1] = state, q
    return q


class replaying:
    """``with replaying():`` — a state met again shares its :class:`Query` (keeping them costs
    more than it saves on a line of play that is not replayed)."""

    def __enter__(self) -> None:
        _replaying[0] = True

    def __exit__(self, *exc: Any) -> None:
        _replaying[0] = False  # the queries kept stay (at most _RECENT): a state's answers never change


class held:
    """``with held(state):`` — ``state``'s :class:`Query` is kept while the block runs (every
    candidate action is tried from the same position, and each try queries other positions in
    between), and dropped when it ends: nothing is kept from one call of the block to the next."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.outer = False

    def __enter__(self) -> None:
        self.outer = id(self.state) not in _held
        if self.outer:
            _held[id(self.state)] = (self.state, query(self.state))

    def __exit__(self, *exc: Any) -> None:
        if self.outer:
            del _held[id(self.state)]


def forget() -> None:
    """Drop every kept :class:`Query` (the replays' states too) and every table other modules
    keep for speed (:func:`forgettable`), so that a measurement starts as cold as the first one
    (``perft`` calls it)."""
    _last[0] = _last[1] = None
    _recent.clear()
    for table in _KEPT:
        table.clear()


_T = TypeVar("_T", bound=dict[Any, Any])


def forgettable(table: _T) -> _T:
    """``table``, a dict of values some module keeps for speed (actions made, copies made), to be
    emptied by :func:`forget` with the kept queries."""
    _KEPT.append(table)
    return table


_KEPT: list[dict[Any, Any]] = []


def _each_target(link: ChainLink) -> list[Any]:
    """Every value an effect targets, one by one: "two target characters" is two targets."""
    return [v for t in link.targets for v in (t if isinstance(t, tuple) else (t,))]
