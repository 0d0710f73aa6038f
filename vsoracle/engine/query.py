"""Reading the position: characteristics, adjacency, selectors, conditions and amounts.

ATK, DEF, affiliations and keywords are never stored: they are derived on
read from the printed card, its counters, the continuous powers of active
cards, and the modifiers effects created (style: derive on read). A modifier
either applies to the objects it flagged when it resolved, or to whatever
matches its subject now (FAQ: the quality rule; see :class:`Modifier`).

A :class:`Query` answers for one state and memoises; ``query(state)`` reuses
the last one while the state is the same object.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from ..cards import CardType
from ..text import ast
from .powers import holders, keywords_printed, powers
from .state import ChainLink, Context, GameObject, GameState, Zone

__all__ = ["Query", "query", "Mod", "adjacent", "protected", "cannot_lose", "cannot_win", "ZONE_NAMES"]

ZONE_NAMES = {"hand": Zone.HAND, "deck": Zone.DECK, "ko pile": Zone.KO_PILE, "ko'd pile": Zone.KO_PILE,
              "resource row": Zone.RESOURCE_ROW, "removed": Zone.REMOVED}
ROW_AREA = {"front row": ("row", "front"), "support row": ("row", "support"),
            "hidden area": ("area", "hidden"), "visible area": ("area", "visible")}


class Mod:
    """A continuous modifier as the query sees it: from a power (order 0) or an effect."""

    __slots__ = ("changes", "subject", "flagged", "ctx", "while_", "order")

    def __init__(self, changes, subject, flagged, ctx, while_, order) -> None:
        self.changes = changes
        self.subject = subject
        self.flagged = flagged
        self.ctx = ctx
        self.while_ = while_
        self.order = order


def adjacent(a: GameObject, b: GameObject) -> bool:
    """Two characters are adjacent if the same player controls them and they are in the same
    column or side by side in the same row; hidden is never adjacent to visible (FAQ GM 2)."""
    if a.id == b.id or a.zone is not Zone.IN_PLAY or b.zone is not Zone.IN_PLAY:
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


class Query:
    """Answers about one state; results are memoised."""

    def __init__(self, state: GameState) -> None:
        self.s = state
        self._mods: list[Mod] | None = None
        self._memo: dict[tuple, Any] = {}
        self._busy: set[tuple] = set()

    # -- modifiers -------------------------------------------------------
    def mods(self) -> list[Mod]:
        """Every continuous modifier in force: active powers first, then effects in order."""
        if self._mods is None:
            out: list[Mod] = []
            for o in holders(self.s.objects, ast.ContinuousPower):
                for line, ctx in self._active_continuous(o):
                    for m in line.node.modifiers:
                        out.append(Mod(m.changes, m.subject, None, ctx, m.duration.while_, 0))
            for m in self.s.modifiers:
                out.append(Mod(m.changes, m.subject if m.flagged is None else None, m.flagged, m.context,
                               m.condition, m.id))
                if m.player_subject:
                    out[-1].subject = ("players", m.player_subject)
            self._mods = out
        return self._mods

    def _active_continuous(self, o: GameObject) -> Iterator[tuple[Any, Context]]:
        for line in powers(o.card, ast.ContinuousPower):
            if self.power_active(o, line.block):
                yield line, Context(o.controller, o.id)

    def power_active(self, o: GameObject, block: str | None) -> bool:
        if block in ("gained", "keyword"):
            return o.zone is Zone.IN_PLAY and not o.stunned
        return self._power_active(o, block)

    def _power_active(self, o: GameObject, block: str | None) -> bool:
        """Is a power of ``o`` active? Characters: in play and not stunned (a stunned
        character's text box is inactive, FAQ GM 2, GM 9); equipment: in play; ongoing
        powers and locations: face up in the resource row (assumption A-ONGOING)."""
        t = o.card.type
        if o.zone is Zone.IN_PLAY:
            if t is CardType.CHARACTER:
                return not o.stunned
            return t is CardType.EQUIPMENT
        if o.zone is Zone.RESOURCE_ROW and o.face_up:
            if t is CardType.LOCATION or t is None:
                return True
            return block == "ongoing"
        return False

    def applies(self, mod: Mod, o: GameObject) -> bool:
        """Does ``mod`` apply to ``o`` now (flagged set, or subject match, and its while-condition)?"""
        if mod.flagged is not None:
            if o.id not in mod.flagged:
                return False
        elif isinstance(mod.subject, tuple):
            return False
        elif mod.subject is None or not self.matches(mod.subject, o, mod.ctx, mod):
            return False
        if mod.while_ is not None and not self.holds(mod.while_, mod.ctx, affected=o.id):
            return False
        return True

    def applies_player(self, mod: Mod, pid: str) -> bool:
        if isinstance(mod.subject, tuple):
            ok = pid in mod.subject[1]
        elif isinstance(mod.subject, ast.Player):
            ok = pid in self.players(mod.subject, mod.ctx)
        else:
            return False
        return ok and (mod.while_ is None or self.holds(mod.while_, mod.ctx))

    def changes_on(self, o: GameObject, kind: type | tuple[type, ...]) -> Iterator[tuple[Any, Mod]]:
        for mod in self.mods():
            wanted = [c for c in mod.changes if isinstance(c, kind)]
            if wanted and self.applies(mod, o):
                for c in wanted:
                    yield c, mod

    def player_changes(self, pid: str, kind: type) -> Iterator[tuple[Any, Mod]]:
        for mod in self.mods():
            wanted = [c for c in mod.changes if isinstance(c, kind)]
            if wanted and self.applies_player(mod, pid):
                for c in wanted:
                    yield c, mod

    # -- characteristics -------------------------------------------------
    def _guard(self, key: tuple, compute, fallback):
        if key in self._memo:
            return self._memo[key]
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
        """Printed affiliations plus those gained (SC 4's leader power, SC 30,
        SC 35); sharing powers read the affiliations before sharing (assumption A-LAYERS)."""
        printed = frozenset(o.card.affiliations)

        def compute() -> frozenset[str]:
            have = set(printed)
            for change, mod in self.changes_on(o, ast.GainAffiliation):
                have.update(self.affiliation_names(change.affiliations, mod.ctx))
            for change, mod in self.changes_on(o, ast.ShareAffiliations):
                names = self.affiliation_names(change.affiliations, mod.ctx)
                if any(_has(have, n) for n in names):
                    have.update(names)
            return frozenset(have)

        return self._guard(("aff", o.id), compute, lambda: printed)

    def has_affiliation(self, o: GameObject, name: str) -> bool:
        return _has(self.affiliations(o), name)

    def affiliation_names(self, aset: ast.AffiliationSet, ctx: Context) -> tuple[str, ...]:
        if aset.chosen:
            return tuple(self.chosen(aset.chosen, ctx) or ())
        return aset.names

    def keywords(self, o: GameObject) -> frozenset[str]:
        """Printed icons and keywords, then gained and lost ones in timestamp order."""
        printed = keywords_printed(o.card)

        def compute() -> frozenset[str]:
            have = set(printed)
            if self.is_leader(o):
                have.add("leader")
            blocked: set[str] = set()
            found = list(self.changes_on(o, (ast.GainKeyword, ast.LoseKeyword, ast.CannotGainKeyword)))
            found.sort(key=lambda cm: cm[1].order)
            for change, _mod in found:
                if isinstance(change, ast.GainKeyword):
                    if change.keyword not in blocked:
                        have.add(change.keyword)
                elif isinstance(change, ast.LoseKeyword):
                    have.discard(change.keyword)
                    if change.cannot_gain:
                        blocked.add(change.keyword)
                else:
                    blocked.add(change.keyword)
            return frozenset(have - blocked) if blocked else frozenset(have)

        return self._guard(("kw", o.id), compute, lambda: printed)

    def stat(self, o: GameObject, stat: str) -> int:
        """ATK or DEF now: printed + counters + every applicable modifier (never below 0 for
        comparisons; assumption A-NEGATIVE)."""
        printed = (o.card.atk if stat == "atk" else o.card.defense) or 0
        base = printed + (o.counters[0] if stat == "atk" else o.counters[1])

        def compute() -> int:
            total = base
            for change, mod in self.changes_on(o, ast.StatChange):
                if change.stat == stat:
                    total += self.amount(change.amount, mod.ctx.bind(affected=o.id))
            return total

        return max(0, self._guard((stat, o.id), compute, lambda: base))

    def atk(self, o: GameObject) -> int:
        return self.stat(o, "atk")

    def defense(self, o: GameObject) -> int:
        return self.stat(o, "def")

    def cost(self, o: GameObject) -> int:
        return o.card.cost or 0

    def has_change(self, o: GameObject, kind: type) -> bool:
        return any(True for _ in self.changes_on(o, kind))

    def is_leader(self, o: GameObject) -> bool:
        """A character with the leader keyword is a leader character unless stunned (FAQ GM 2)."""
        return o.card.type is CardType.CHARACTER and not o.stunned and any(
            line.block == "leader" for line in powers(o.card))

    # -- references and selectors ----------------------------------------
    def chosen(self, binding: str, ctx: Context) -> Any:
        key = f"chosen:{binding}"
        if key in ctx.bindings:
            return ctx.bindings[key]
        if ctx.source and ctx.source in self.s.objects:
            return self.s.obj(ctx.source).bindings.get(key)
        return None

    def ref(self, node: ast.Selector, ctx: Context) -> list[Any]:
        """The objects (or players, or chain links) a reference stands for."""
        b = ctx.bindings
        if isinstance(node, ast.SelfRef):
            return [ctx.source] if ctx.source else []
        if isinstance(node, ast.TargetRef):
            if 0 < node.index <= len(ctx.targets):
                value = ctx.targets[node.index - 1]
                return list(value) if isinstance(value, tuple) else [value]
            return []
        if isinstance(node, ast.ChosenRef):
            value = self.chosen(node.binding, ctx)
            return [] if value is None else (list(value) if isinstance(value, tuple) else [value])
        if isinstance(node, ast.TriggerRef):
            return _listify(b.get(f"trigger:{node.role}"))
        if isinstance(node, ast.ConditionRef):
            return _listify(b.get(f"condition:{node.role}"))
        if isinstance(node, ast.ThatCardRef):
            return _listify(b.get("that_card"))
        if isinstance(node, ast.ThoseRef):
            return _listify(b.get("those"))
        if isinstance(node, ast.AffectedRef):
            return _listify(b.get("affected"))
        if isinstance(node, ast.CurrentTargetRef):
            return _listify(b.get("current_target"))
        if isinstance(node, ast.EquippedRef):
            if ctx.source and ctx.source in self.s.objects:
                host = self.s.obj(ctx.source).equipped_to
                return [host] if host else []
            return []
        if isinstance(node, ast.Target):
            return self.ref(ast.TargetRef(node.index), ctx)
        return self.select(node, ctx)

    def select(self, node: Any, ctx: Context) -> list[Any]:
        """Every object (id), player or chain link (id) a selector matches now."""
        if isinstance(node, ast.Ref) or isinstance(node, ast.Target):
            return self.ref(node, ctx)
        if isinstance(node, ast.Either):
            out: list[Any] = []
            for option in node.options:
                out += [x for x in self.select(option, ctx) if x not in out]
            return out
        if isinstance(node, ast.Together):
            out = []
            for part in node.parts:
                out += [x for x in self.select(part, ctx) if x not in out]
            return out
        if isinstance(node, ast.TopCards):
            out = []
            for pid in self.players(node.owner, ctx):
                deck = self.s.player(pid).deck
                out += list(deck[: self.amount(node.count, ctx)])
            return out
        if isinstance(node, ast.Player):
            return list(self.players(node, ctx))
        if isinstance(node, ast.Filter):
            if node.kind == "effect":
                return [lk.id for lk in self.s.chain if self.link_matches(node, lk, ctx)]
            if node.kind == "player":
                pids = self.players(node.controller, ctx) if node.controller else self.s.player_ids
                return [p for p in pids if all(self.player_qual(q, p, ctx) for q in node.qualifiers)]
            return [o.id for o in self._candidates(node, ctx) if self._filter_ok(node, o, ctx)]
        return []

    def _candidates(self, f: ast.Filter, ctx: Context) -> Iterator[GameObject]:
        if not f.zones:
            if f.kind == "resource":
                for o in self.s.objects.values():
                    if o.zone is Zone.RESOURCE_ROW:
                        yield o
                return
            for o in self.s.in_play():
                if f.kind == "character" and o.card.type is not CardType.CHARACTER:
                    continue
                if f.kind == "equipment" and o.card.type is not CardType.EQUIPMENT:
                    continue
                yield o
            if f.kind == "card" and "revealed" in ctx.bindings:  # "his revealed cards" (SC 8)
                for oid in _listify(ctx.bindings.get("revealed")):
                    if oid in self.s.objects:
                        yield self.s.obj(oid)
                return
            if f.kind == "card":  # a location or plot twist "you control" is a face-up resource
                for o in self.s.objects.values():
                    if o.zone is Zone.RESOURCE_ROW and o.face_up:
                        yield o
            return
        seen: set[str] = set()
        for zone in f.zones:
            owners = self.players(zone.owner, ctx)
            if zone.name in ROW_AREA:
                field_, value = ROW_AREA[zone.name]
                for o in self.s.in_play():
                    if o.controller in owners and getattr(o, field_) == value and o.id not in seen:
                        seen.add(o.id)
                        yield o
                continue
            z = ZONE_NAMES.get(zone.name)
            if z is None:
                continue
            for pid in owners:
                for oid in self.s.player(pid).pile(z):
                    if oid not in seen:
                        seen.add(oid)
                        yield self.s.obj(oid)

    def _candidate_ids(self, f: ast.Filter, ctx: Context) -> frozenset[str]:
        """The ids of ``_candidates`` (memoised for this state: testing every object of a
        state against one zoned filter would otherwise list the zones once per object)."""
        key = ("candidates", id(f), ctx)
        hit = self._memo.get(key)
        if hit is None or hit[0] is not f:  # the node is kept with its entry: its id is not reused
            hit = (f, frozenset(c.id for c in self._candidates(f, ctx)))
            self._memo[key] = hit
        return hit[1]

    def _filter_ok(self, f: ast.Filter, o: GameObject, ctx: Context) -> bool:
        if f.kind == "character" and o.card.type is not CardType.CHARACTER:
            return False
        if f.kind == "equipment" and o.card.type is not CardType.EQUIPMENT:
            return False
        if f.kind == "resource" and o.zone is not Zone.RESOURCE_ROW:
            return False
        if f.controller is not None:
            who = o.controller if o.zone in (Zone.IN_PLAY, Zone.CHAIN) else o.owner
            if who not in self.players(f.controller, ctx):
                return False
        return all(self.qual(q, o, ctx) for q in f.qualifiers)

    def matches(self, node: Any, o: GameObject, ctx: Context, mod: Mod | None = None) -> bool:
        """Does object ``o`` match selector ``node`` now?"""
        if isinstance(node, ast.Filter):
            if node.kind in ("effect", "player"):
                return False
            if not node.zones:
                if node.kind == "resource":
                    if o.zone is not Zone.RESOURCE_ROW:
                        return False
                elif node.kind == "card" and o.zone is Zone.RESOURCE_ROW and o.face_up:
                    pass
                elif o.zone is not Zone.IN_PLAY:
                    return False
            else:
                if o.id not in self._candidate_ids(node, ctx):
                    return False
            return self._filter_ok(node, o, ctx)
        if isinstance(node, ast.Either):
            return any(self.matches(opt, o, ctx) for opt in node.options)
        if isinstance(node, ast.Together):
            return any(self.matches(part, o, ctx) for part in node.parts)
        if isinstance(node, ast.Target):
            return self.matches(node.selector, o, ctx)
        if isinstance(node, ast.ConditionRef) and mod is not None and mod.while_ is not None:
            return o.id in _listify(self.condition_binding(mod.while_, ctx).get(f"condition:{node.role}"))
        return o.id in self.ref(node, ctx)

    def qual(self, q: ast.Qualifier, o: GameObject, ctx: Context) -> bool:
        """One qualifier of a filter, for object ``o``."""
        s = self.s
        if isinstance(q, ast.Affiliation):
            # "Wrecking Crew characters" names a version as well as an affiliation (FAQ SC 32).
            return self.has_affiliation(o, q.name) or _same(o.card.version or "", q.name)
        if isinstance(q, ast.AffiliationIn):
            return any(self.has_affiliation(o, n) for n in self.affiliation_names(q.affiliations, ctx))
        if isinstance(q, ast.CardTypeIs):
            return o.card.type is not None and o.card.type.value == q.type
        if isinstance(q, ast.CostAtMost):
            return o.card.cost is not None and self.cost(o) <= q.n
        if isinstance(q, ast.CostAtLeast):
            return o.card.cost is not None and self.cost(o) >= q.n
        if isinstance(q, ast.SameCostAs):
            return any(o.card.cost is not None and self.cost(o) == self.cost(s.obj(r))
                       for r in self.ref(q.ref, ctx) if r in s.objects and r != o.id)
        if isinstance(q, ast.Named):
            return o.card.name.casefold() == q.name.casefold()
        if isinstance(q, ast.SameNameAs):
            return any(o.card.name.casefold() == s.obj(r).card.name.casefold() and r != o.id
                       for r in self.ref(q.ref, ctx) if r in s.objects)
        if isinstance(q, ast.SharesAName):
            pool = [x for x in _listify(ctx.bindings.get("revealed")) if x in s.objects and
                    s.obj(x).owner == o.owner] or [x.id for x in s.objects.values()
                                                   if x.owner == o.owner and x.zone is o.zone]
            return any(r != o.id and s.obj(r).owner == o.owner and s.obj(r).card.name == o.card.name
                       for r in pool)
        if isinstance(q, ast.VersionIs):
            return (o.card.version or "").casefold() == q.name.casefold()
        if isinstance(q, ast.NotVersion):
            return (o.card.version or "").casefold() != q.name.casefold()
        if isinstance(q, ast.InState):
            return {"stunned": o.stunned, "non-stunned": not o.stunned,
                    "ready": not o.exhausted and not o.stunned, "exhausted": o.exhausted}[q.state]
        if isinstance(q, ast.Role):
            a = s.attack
            if q.role == "leader":
                return self.is_leader(o)
            if q.role == "non-defending":
                return a is None or o.id not in a.defenders
            if a is None:
                return False
            if q.role == "attacker":
                return o.id in a.attackers
            if q.role == "team attacker":
                return o.id in a.attackers and a.is_team
            return o.id in a.defenders
        if isinstance(q, ast.AdjacentTo):
            return any(adjacent(o, s.obj(r)) for r in self.ref(q.ref, ctx) if r in s.objects)
        if isinstance(q, ast.OtherThan):
            return o.id not in self.ref(q.ref, ctx)
        if isinstance(q, ast.SharesCostOrVersion):
            for r in self.ref(q.ref, ctx):
                if r in s.objects and r != o.id:
                    other = s.obj(r)
                    if (o.card.cost is not None and self.cost(o) == self.cost(other)) or \
                            (o.card.version and o.card.version == other.card.version):
                        return True
            return False
        if isinstance(q, ast.InArea):
            return o.zone is Zone.IN_PLAY and o.area == q.area
        if isinstance(q, ast.Equipped):
            return any(e.equipped_to == o.id for e in s.in_play())
        if isinstance(q, ast.HasKeyword):
            return q.keyword in self.keywords(o)
        if isinstance(q, ast.Revealed):
            return o.revealed or o.id in _listify(ctx.bindings.get("revealed"))
        if isinstance(q, ast.Remaining):
            return o.id not in _listify(ctx.bindings.get("moved"))
        if isinstance(q, ast.FaceUp):
            return o.face_up
        if isinstance(q, ast.OngoingQ):
            return o.card.ongoing == q.ongoing
        if isinstance(q, ast.CausedBreakthrough):
            return o.id in s.breakthrough_causers
        return False

    def player_qual(self, q: ast.Qualifier, pid: str, ctx: Context) -> bool:
        if isinstance(q, ast.ControlsQ):
            return any(self.s.obj(x).controller == pid for x in self.select(q.selector, ctx)
                       if x in self.s.objects)
        return False

    def link_matches(self, f: Any, link: ChainLink, ctx: Context) -> bool:
        """Does a chain link (an effect) match an effect filter ("non-ongoing plot twist
        effect", "effects your opponents control", "plot twist or payment effects")?"""
        if isinstance(f, ast.Target):
            f = f.selector
        if isinstance(f, ast.Either):
            return any(self.link_matches(x, link, ctx) for x in f.options)
        if not isinstance(f, ast.Filter) or f.kind != "effect":
            return False
        if f.controller is not None and link.controller not in self.players(f.controller, ctx):
            return False
        for q in f.qualifiers:
            if isinstance(q, ast.OngoingQ):
                if link.ongoing != q.ongoing:
                    return False
            elif isinstance(q, ast.SourceType):
                if link.origin not in q.types:
                    return False
            elif isinstance(q, ast.CardTypeIs):
                if link.origin != q.type:
                    return False
            elif isinstance(q, ast.OneTarget):
                if len(link.targets) != 1:
                    return False
            elif isinstance(q, ast.TargetingQ):
                if not any(t in self.s.objects and self.matches(q.selector, self.s.obj(t), ctx)
                           for t in link.targets):
                    return False
            else:
                return False
        return True

    # -- players, amounts, conditions ------------------------------------
    def players(self, node: Any, ctx: Context) -> tuple[str, ...]:
        """The players a player node stands for, relative to the effect's controller."""
        s = self.s
        if node is None or isinstance(node, ast.You):
            return (ctx.controller,)
        if isinstance(node, ast.Opponents):
            return s.opponents(ctx.controller)
        if isinstance(node, ast.EachPlayer):
            return tuple(p for p in s.seat_order() if all(self.player_qual(q, p, ctx) for q in node.qualifiers))
        if isinstance(node, ast.ActingPlayer):
            acting = ctx.bindings.get("acting")
            return (acting,) if acting else (ctx.controller,)
        if isinstance(node, ast.ControllerOf):
            out = []
            for x in self.ref(node.ref, ctx):
                if x in s.objects:
                    out.append(s.obj(x).controller)
                elif x in s.player_ids:
                    out.append(x)
            return tuple(dict.fromkeys(out))
        if isinstance(node, (ast.Target, ast.Ref)):
            return tuple(x for x in self.ref(node, ctx) if x in s.player_ids)
        if isinstance(node, ast.Filter) and node.kind == "player":
            return tuple(self.select(node, ctx))
        return ()

    def amount(self, node: ast.Amount, ctx: Context) -> int:
        """A number of the text, computed now."""
        s = self.s
        if isinstance(node, ast.Fixed):
            return node.n
        if isinstance(node, ast.ForEach):
            return node.per * len(self.select(node.selector, ctx))
        if isinstance(node, ast.Times):
            return node.factor * self.amount(node.amount, ctx)
        if isinstance(node, ast.EventAmount):
            return int(ctx.bindings.get("event_amount", 0))
        if isinstance(node, ast.CostOf):
            return sum(s.obj(x).card.cost or 0 for x in self.ref(node.ref, ctx) if x in s.objects)
        if isinstance(node, ast.PointsPaid):
            return int(ctx.bindings.get("paid", 0))
        if isinstance(node, ast.CardsInHand):
            return sum(len(s.player(p).hand) for p in self.players(node.player, ctx))
        if isinstance(node, ast.PrintedStat):
            return sum(((s.obj(x).card.atk if node.stat == "atk" else s.obj(x).card.defense) or 0)
                       for x in self.ref(node.ref, ctx) if x in s.objects)
        if isinstance(node, ast.CurrentStat):
            return sum(self.stat(s.obj(x), node.stat) for x in self.ref(node.ref, ctx) if x in s.objects)
        raise TypeError(f"unknown amount {node!r}")

    def holds(self, cond: ast.Condition, ctx: Context, affected: str | None = None) -> bool:
        """Is the condition true now? ``affected`` is the object an ``AffectedRef`` names."""
        s = self.s
        if affected is not None:
            ctx = ctx.bind(affected=affected)
        if isinstance(cond, ast.AllOf):
            return all(self.holds(c, ctx) for c in cond.conditions)
        if isinstance(cond, ast.NoCardsInHand):
            return all(not s.player(p).hand for p in self.players(cond.player, ctx))
        if isinstance(cond, ast.YouControl):
            return bool(self._controlled(cond.selector, ctx))
        if isinstance(cond, ast.YouDoNotControl):
            return not self._controlled(cond.selector, ctx)
        if isinstance(cond, ast.YouControlCount):
            n = len(self._controlled(cond.selector, ctx))
            return n <= cond.n if cond.comparison == "at most" else n >= cond.n
        if isinstance(cond, ast.PlayedNoOtherPlotTwists):
            played = s.plot_twists_played.get(ctx.controller, 0)
            this_one = 1 if ctx.bindings.get("is_plot_twist") else 0
            return played - this_one <= 0
        if isinstance(cond, ast.EnduranceAtLeast):
            return all(s.player(p).endurance >= cond.n for p in self.players(cond.player, ctx))
        if isinstance(cond, ast.InZone):
            z = ZONE_NAMES.get(cond.zone.name)
            owners = self.players(cond.zone.owner, ctx)
            return any(x in s.objects and s.obj(x).zone is z and s.obj(x).owner in owners
                       for x in self.ref(cond.ref, ctx))
        if isinstance(cond, ast.StatGreaterThan):
            objs = [s.obj(x) for x in self.ref(cond.ref, ctx) if x in s.objects]
            return any(self.stat(o, cond.stat) > self.amount(cond.amount, ctx) for o in objs)
        if isinstance(cond, (ast.IsAttacking, ast.IsDefending, ast.IsExhausted, ast.IsReinforced,
                             ast.IsTeamAttacking, ast.IsVisible, ast.IsHidden)):
            objs = [s.obj(x) for x in self.ref(cond.ref, ctx) if x in s.objects]
            return bool(objs) and all(self._state_cond(cond, o) for o in objs)
        if isinstance(cond, ast.IsProtecting):
            return bool(self.condition_binding(cond, ctx))
        if isinstance(cond, ast.ChoseAffiliation):
            chosen = self.chosen(cond.binding, ctx) or ()
            return any(_same(cond.name, c) for c in chosen)
        if isinstance(cond, ast.HasAffiliation):
            return any(self.has_affiliation(s.obj(x), cond.name) for x in self.ref(cond.ref, ctx)
                       if x in s.objects)
        if isinstance(cond, ast.OnePlayerRevealedMost):
            return bool(self.condition_binding(cond, ctx))
        if isinstance(cond, ast.WasBoosted):
            return any(s.obj(x).bindings.get("boosted") for x in self.ref(cond.ref, ctx) if x in s.objects)
        raise TypeError(f"unknown condition {cond!r}")

    def condition_binding(self, cond: Any, ctx: Context) -> dict[str, Any]:
        """For conditions that single something out, what they single out (empty: false)."""
        s = self.s
        if isinstance(cond, ast.IsProtecting):
            protectors = [s.obj(x) for x in self.ref(cond.subject, ctx) if x in s.objects]
            found = []
            for p in protectors:
                if p.zone is not Zone.IN_PLAY or p.row != "front" or p.stunned:
                    continue
                for c in s.characters(p.controller):
                    if c.row == "support" and c.col == p.col and c.area == p.area and \
                            self.matches(cond.object, c, ctx):
                        found.append(c.id)
            return {"condition:object": tuple(found)} if found else {}
        if isinstance(cond, ast.OnePlayerRevealedMost):
            scores = {}
            for pid in s.player_ids:
                pctx = ctx.bind(acting=pid)
                scores[pid] = len([x for x in self.select(cond.selector, pctx)
                                   if x in s.objects and s.obj(x).owner == pid])
            best = max(scores.values()) if scores else 0
            top = [p for p, v in scores.items() if v == best]
            return {"condition:player": top[0]} if best > 0 and len(top) == 1 else {}
        return {"ok": True} if self.holds(cond, ctx) else {}

    def _controlled(self, selector: Any, ctx: Context) -> list[Any]:
        found = self.select(selector, ctx)
        if isinstance(selector, ast.Filter) and selector.controller is None and selector.kind != "player":
            found = [x for x in found if x in self.s.objects and
                     (self.s.obj(x).controller if self.s.obj(x).zone is Zone.IN_PLAY else self.s.obj(x).owner)
                     == ctx.controller]
        return found

    def _state_cond(self, cond: Any, o: GameObject) -> bool:
        a = self.s.attack
        if isinstance(cond, ast.IsAttacking):
            return a is not None and o.id in a.attackers
        if isinstance(cond, ast.IsTeamAttacking):
            return a is not None and o.id in a.attackers and a.is_team
        if isinstance(cond, ast.IsDefending):
            return a is not None and o.id in a.defenders
        if isinstance(cond, ast.IsReinforced):
            return a is not None and o.id in a.defenders and self.reinforced(o)
        if isinstance(cond, ast.IsExhausted):
            return o.exhausted
        if isinstance(cond, ast.IsVisible):
            return o.zone is Zone.IN_PLAY and o.area == "visible"
        return o.zone is Zone.IN_PLAY and o.area == "hidden"

    def reinforced(self, o: GameObject) -> bool:
        """A defender is reinforced by the reinforcement effect or by the reinforcement keyword (CR 12.2)."""
        a = self.s.attack
        return a is not None and (a.reinforced(o.id) or "reinforcement" in self.keywords(o))

    # -- permissions and restrictions -------------------------------------
    def can_be_targeted(self, o: GameObject, link: ChainLink) -> bool:
        """False when a "cannot be the target of …" modifier covers this effect (FAQ SC 1,
        SC 25, SC 29, SC 36)."""
        for change, mod in self.changes_on(o, ast.CannotBeTargeted):
            if self.link_matches(change.by, link, mod.ctx):
                return False
        return True

    def numbered_powers(self, o: GameObject) -> list[tuple[Any, str | None]]:
        """Its powers as ``use = ID, power = N`` numbers them: the printed ones in order, then
        those it has gained ("Equipped character has \"…\""), each with its block
        (assumption A-GAINED-POWERS)."""
        out: list[tuple[Any, str | None]] = [(ln.node, ln.block) for ln in powers(o.card)]
        if o.zone is Zone.IN_PLAY:
            for change, _mod in self.changes_on(o, ast.GainPower):
                out.append((change.power, "gained"))
        return out

    def keyword_powers(self, o: GameObject) -> dict[str, Any]:
        """The payment powers its keywords give it now (evasion), by keyword."""
        from .keywords import KEYWORD_POWERS, keyword_power
        found = {}
        for word in sorted(self.keywords(o) & set(KEYWORD_POWERS)):
            power = keyword_power(word, o.card.name)
            if power is not None:
                found[word] = power
        return found

    def can_be_stunned(self, o: GameObject) -> bool:
        return not self.has_change(o, ast.CannotBeStunned)

    def cannot_play(self, pid: str, kind: str) -> bool:
        return any(c.kind == kind for c, _ in self.player_changes(pid, ast.CannotPlay))

    def cannot_use_activated(self, pid: str, o: GameObject) -> bool:
        for change, mod in self.player_changes(pid, ast.CannotUseActivatedPowers):
            if o.id in self.ref(change.of, mod.ctx) or self.matches(change.of, o, mod.ctx):
                return True
        return False


def _listify(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, (tuple, list, frozenset, set)):
        return list(value)
    return [value]


def _same(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


def _has(names: Iterable[str], name: str) -> bool:
    return any(_same(n, name) for n in names)


_last: list[Any] = [None, None]


def query(state: GameState) -> Query:
    """The :class:`Query` for ``state`` (reused while the state is the same object)."""
    if _last[0] is not state:
        _last[0], _last[1] = state, Query(state)
    return _last[1]


def cannot_lose(state: GameState, pid: str) -> bool:
    """FAQ SC 12: "your opponents cannot lose the game" while her power is active."""
    return any(True for _ in query(state).player_changes(pid, ast.CannotLoseGame))


def cannot_win(state: GameState, pid: str) -> bool:
    return any(True for _ in query(state).player_changes(pid, ast.CannotWinGame))
