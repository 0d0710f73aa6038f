"""The figures a log line decided on: each amount and condition read back with its values.

A judge quotes the numbers, not only the rule: "qs's ATK 8 is not greater than twice qs's printed
ATK 4 (8)". :func:`amount_read` and :func:`condition_read` say an amount or a condition of card text with
the values it reads now, and collect those values as :data:`Figures` (name → value), which the
log event carries (:class:`~vsoracle.engine.log.Event` ``figures``) for ``--json`` and the ruling
page. Display only: every value is the engine's own (``Query.amount``, ``Query.holds``) read at
the moment the engine decides, so nothing here can change a ruling.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ..text import nodes as n
from .log import Figure, Figures
from .query import Query, kind_of
from .fmap import FrozenMap
from .state import ChainLink, Context, GameObject, GameState, Happening
from .words import say, say_of

__all__ = ["Figure", "Figures", "amount_read", "AMOUNT_WORDS", "condition_read", "source_of", "mismatch", "protection",
           "OPERATORS"]

#: A comparison's words: (holds, does not hold).
OPERATORS = {"=": ("is", "is not"), ">=": ("is at least", "is less than"), "<=": ("is at most", "is more than"),
             ">": ("is greater than", "is not greater than"), "<": ("is less than", "is not less than"),
             "up to": ("is at most", "is more than")}

_STAT = {"atk": "ATK", "def": "DEF", "cost": "cost"}


def _name(s: GameState, oid: str | None) -> str | None:
    return s.obj(oid).card.name if oid is not None and oid in s.objects else None


def _said(s: GameState, node: object, ctx: Context) -> str:
    """Card text as the card says it: its own name for ``~``."""
    return say_of(node, _name(s, ctx.source))


def _ids(values: list[Any]) -> str:
    return ", ".join(map(str, values)) if values else "none"


def amount_read(q: Query, node: n.Amount | n.Quantity, ctx: Context, found: list[tuple[str, Figure]]) -> str:
    """The amount as words with the values it reads ("twice qs's printed ATK 4 (8)"); each value
    read is added to ``found``. The total is the engine's own ``Query.amount``; the words are its
    kind's (:data:`AMOUNT_WORDS`), and an amount of no kind there is an error, never a default."""
    said = AMOUNT_WORDS.get(type(node))
    if said is None:
        raise TypeError(f"unknown amount {node!r}: figures.AMOUNT_WORDS has no words for it")
    value = q.amount(node, ctx)
    what, shown = said(_Reading(q, ctx, found), node, value)
    if shown is None:
        return what
    found.append((what, value))
    return f"{what} {shown}"


class _Reading(NamedTuple):
    """What an amount's words read with: the query, the context, and the figures found so far."""

    q: Query
    ctx: Context
    found: list[tuple[str, Figure]]

    def of(self, node: n.Amount | n.Quantity) -> str:
        """An amount inside this one, read (its figures added first)."""
        return amount_read(self.q, node, self.ctx, self.found)

    def ids(self, selector: n.Selector) -> str:
        return _ids(list(self.q.select(selector, self.ctx)))

    def counted(self, selector: n.Selector) -> str:
        """What "the number of …" counts (``Query.counted``), by id."""
        return _ids(list(self.q.counted(selector, self.ctx)))

    def said(self, node: object) -> str:
        return _said(self.q.s, node, self.ctx)


#: An amount's words: (the amount said, with the amounts inside it read; how its value follows
#: the words, or None when the words are the whole reading and name no figure of their own).
_Words = tuple[str, str | None]


def _stat_of(r: _Reading, node: n.StatOf, value: int) -> _Words:
    objects = [x for x in r.q.select(node.of, r.ctx) if x in r.q.s.objects]
    stat = ("printed " if node.printed and node.stat != "cost" else "") + _STAT.get(node.stat, node.stat)
    return (f"{objects[0]}'s {stat}" if len(objects) == 1 else f"the total {stat} of {_ids(objects)}"), str(value)


def _times(r: _Reading, node: n.Times, value: int) -> _Words:
    factor, of = node.factor, r.of(node.amount)
    words = "twice" if isinstance(factor, n.Fixed) and factor.n == 2 and node.word == "twice" else \
        f"{r.of(factor)} times"
    return f"{words} {of}", f"({value})"


def _offset(r: _Reading, node: n.Offset, value: int) -> _Words:
    what = f"{r.of(node.base)} {'minus' if node.minus else 'plus'} {r.of(node.by)}"
    return what, f"({value}{', no less than 0' if node.minus else ''})"


def _extreme(r: _Reading, node: n.Extreme, value: int) -> _Words:
    return (f"the {node.word or ('highest' if node.most else 'lowest')} {_STAT.get(node.stat, node.stat)} among "
            f"{r.said(node.among)}"), str(value)


#: How each kind of amount is said with the values it reads, by its node class: every amount
#: ``support`` lets the engine play (tests/engine/test_dispatch.py).
AMOUNT_WORDS: dict[type, Callable[[_Reading, Any, int], _Words]] = {
    n.Fixed: lambda r, node, value: (str(value), None),
    n.Quantity: lambda r, node, value: (r.of(node.n) if node.n is not None else "0", None),
    n.Negative: lambda r, node, value: (f"minus {r.of(node.amount)}", None),
    n.StatOf: _stat_of,
    n.Times: _times,
    n.Half: lambda r, node, value: (f"half {r.of(node.amount)}, rounded {'up' if node.up else 'down'}", f"({value})"),
    n.Offset: _offset,
    n.NumberOf: lambda r, node, value: (f"the number of {r.said(node.selector)}", f"{value} ({r.counted(node.selector)})"),
    n.CountersOn: lambda r, node, value: (
        f"the {say(node.kind) + ' ' if node.kind is not None else ''}counters on {r.ids(node.of)}", str(value)),
    n.EnduranceOf: lambda r, node, value: (f"{_ids(list(r.q.players(node.player, r.ctx)))}'s endurance", str(value)),
    n.Extreme: _extreme,
    n.X: lambda r, node, value: ("X", f"({value})"),
    n.ThatMuch: lambda r, node, value: ("that much", f"({value})"),
    n.ChosenNumber: lambda r, node, value: ("the chosen number", f"({value})"),
    n.PointsPaid: lambda r, node, value: ("the points paid", f"({value})"),
    n.ThatMany: lambda r, node, value: (say(node), f"({value})"),
}


def condition_read(q: Query, cond: n.Condition, ctx: Context, found: list[tuple[str, Figure]]) -> str:
    """The condition as the values it read say it ("qs's ATK 8 is not greater than twice qs's
    printed ATK 4 (8)"); each value read is added to ``found``, and whether it holds as
    ``holds``. Whether it holds is the engine's own ``Query.holds``."""
    words = _condition(q, cond, ctx, found)
    found.append(("holds", q.holds(cond, ctx)))
    return words


def _condition(q: Query, cond: n.Condition, ctx: Context, found: list[tuple[str, Figure]]) -> str:
    s = q.s
    if isinstance(cond, n.Compare):
        left = amount_read(q, cond.left, ctx, found)
        right = amount_read(q, cond.right, ctx, found)
        yes, no = OPERATORS.get(cond.op, (cond.op, f"not {cond.op}"))
        return f"{left} {yes if q.holds(cond, ctx) else no} {right}"
    if isinstance(cond, (n.All, n.AnyOf)):
        parts = [_condition(q, c, ctx, found) for c in cond.conditions]
        return "; ".join(parts)
    if isinstance(cond, n.Not):
        inner = _condition(q, cond.condition, ctx, found)
        return f"{inner}, so \"{_said(s, cond, ctx)}\" {'holds' if q.holds(cond, ctx) else 'does not hold'}"
    if isinstance(cond, n.Is):
        subjects = list(q.players(cond.subject, ctx)) if kind_of(cond.subject) == "player" else \
            q.select(cond.subject, ctx)
        found.append(("subjects", _ids(list(subjects))))
        if not subjects:
            return f"\"{_said(s, cond, ctx)}\": nothing it speaks of is there"
        # what each subject is, for each qualifier the condition asks ("x1's cost is 4")
        read = [f"{x}: {detail}" for x in subjects if x in s.objects for qual in cond.qualifiers
                if (detail := _qualifier_value(q, qual, s.obj(x), found))]
        if read:
            held = q.holds(cond, ctx)
            return f"{'it holds' if held else 'it does not hold'}: {'; '.join(read)}"
    if isinstance(cond, n.Happened):
        count, op, wanted = q.happened_count(cond, ctx)
        found.append(("events that match", count))
        span = f"this {cond.span}" if cond.span else "by this effect"
        yes, no = OPERATORS.get(op, (op, f"not {op}"))
        held = q.holds(cond, ctx)
        return f"{count} such event{'' if count == 1 else 's'} {span}, which {yes if held else no} {wanted}"
    if isinstance(cond, n.Most):
        scores = [f"{pid} {q.amount(cond.count, ctx.bind(acting=pid))}" for pid in s.player_ids]
        found.extend((pid, q.amount(cond.count, ctx.bind(acting=pid))) for pid in s.player_ids)
        return f"\"{_said(s, cond, ctx)}\": {', '.join(scores)}"
    if isinstance(cond, n.During):
        found.append(("phase", s.phase or "none"))
        if s.step:
            found.append(("step", s.step))
        return f"\"{_said(s, cond, ctx)}\": it is {s.active or 'no one'}'s {s.step or s.phase} " \
               f"{'step' if s.step else 'phase'}"
    if isinstance(cond, n.HasInitiative):
        found.append(("initiative", s.initiative or "none"))
        return f"\"{_said(s, cond, ctx)}\": {s.initiative} has the initiative"
    if isinstance(cond, n.ChoseNames):
        chosen = [str(v) for kind in n.VALUE_KINDS for v in _listed(q.chosen(kind, ctx)) if isinstance(v, str)]
        found.append(("chosen", ", ".join(chosen) or "none"))
        said = " and ".join(chosen) if chosen else "nothing"
        return f"the choice was {said}"
    if isinstance(cond, n.Some):
        players = list(q.players(cond.players, ctx))
        held_for = [pid for pid in players if q.holds(cond.condition, ctx.bind(acting=pid))]
        found.append(("players it holds for", ", ".join(held_for) or "none"))
        return (f"it holds for {', '.join(held_for)}" if held_for else f"it holds for none of {', '.join(players)}"
                if players else "there is no such player")
    if isinstance(cond, n.Protecting):
        binding = q.condition_binding(cond, ctx)
        protected = [str(x) for x in binding.get("condition:object", ())] if binding else []
        found.append(("protected", ", ".join(protected) or "none"))
        return (f"{' and '.join(protected)} {'is' if len(protected) == 1 else 'are'} protected" if protected
                else "no such character is behind it in the support row")
    held = q.holds(cond, ctx)
    return f"\"{_said(s, cond, ctx)}\" {'holds' if held else 'does not hold'}"


def source_of(s: GameState, ctx: Context) -> tuple[str, Figures]:
    """The card and power an effect comes from, in words ("thor's triggered power") and as figures."""
    oid = ctx.source
    link = s.resolving
    if oid is None or oid not in s.objects:
        return "an effect", ()
    kind = link.kind if link is not None and link.source == oid else None
    power = {"trigger": "triggered power", "power": "power", "play": "effect", "power-up": "power-up"}.get(kind or "",
                                                                                                           "power")
    figures: Figures = (("source", oid), ("card", s.obj(oid).card.name), ("power", power))
    return f"{oid}'s {power}", figures


_ZONE_WORDS = {"deck": "in a deck", "hand": "in a hand", "resource_row": "in a resource row", "chain": "on the chain",
               "in_play": "in play", "ko_pile": "in a KO'd pile", "removed": "removed from the game"}


def _where(o: GameObject) -> str:
    if o.zone.value == "resource_row" and not o.face_up:
        return "a face-down resource"
    if o.zone.value == "in_play" and o.row is not None:
        return f"a {o.card.type or 'card'} in {o.controller}'s {o.area} area, {o.row} row"
    return f"a {o.card.type or 'card'} {_ZONE_WORDS.get(o.zone.value, o.zone.value)}"


def mismatch(q: Query, sel: n.Selector, o: GameObject, ctx: Context) -> tuple[str, Figures]:
    """Why ``o`` is not ``sel`` now, for a target refusal: its kind or place, or the first of the
    noun phrase's qualifiers it fails with the value read ("it is not \"with cost 2 or less\":
    its cost is 4"); and those values as figures."""
    s = q.s
    found: list[tuple[str, Figure]] = [("object", o.id), ("zone", o.zone.value)]
    if isinstance(sel, n.Filter) and q.kind_fits(sel, o):
        qctx = ctx.bind(affected=o.id) if any(isinstance(x, n.Where) for x in sel.qualifiers) else ctx
        for qual in sel.qualifiers:
            if q.qual(qual, o, qctx):
                continue
            detail = _qualifier_value(q, qual, o, found)
            found.append(("fails", _said(s, qual, ctx)))
            return f"it is not \"{_said(s, qual, ctx)}\"{': ' + detail if detail else ''}", tuple(found)
    found.append(("card type", str(o.card.type or "card")))
    return f"it is {_where(o)}", tuple(found)


def _qualifier_value(q: Query, qual: n.Qualifier, o: GameObject, found: list[tuple[str, Figure]]) -> str:
    """The value a failed qualifier read, in words ("its cost is 5"), added to ``found``."""
    if isinstance(qual, n.StatIs):
        value = q.cost(o) if qual.stat == "cost" else q.stat(o, qual.stat)
        name = _STAT.get(qual.stat, qual.stat)
        found.append((f"{o.id}'s {name}", value))
        return f"its {name} is {value}"
    if isinstance(qual, n.ControlledBy):
        who = q.controller_of(o)
        found.append(("controller", who))
        return f"{who} controls it"
    if isinstance(qual, n.Name):
        names = sorted(q.affiliations(o))
        found.append(("affiliations", ", ".join(names) or "none"))
        return f"its affiliations are {', '.join(names)}" if names else "it has no affiliation"
    if isinstance(qual, n.InZone):
        return f"it is {_where(o)}"
    if isinstance(qual, n.State) and qual.name in ("stunned", "exhausted", "ready"):
        states = [x for x, on in (("stunned", o.stunned), ("exhausted", o.exhausted)) if on]
        found.append(("state", ", ".join(states) or "ready"))
        return f"it is {' and '.join(states) or 'ready'}"
    return ""


def protection(q: Query, o: GameObject, link: ChainLink) -> tuple[str, Figures]:
    """Why ``o`` cannot be the target of ``link``'s effect: the "cannot be the target" text and
    the card it comes from."""
    h = Happening(n.BecomeTarget, FrozenMap({"object": o.id, "effect": link.id, "agent": link.source, "link": link}))
    found = q.prohibition(h)
    if found is None:
        return f"{o.id} cannot be the target of this effect", (("object", o.id),)
    change, mod = found
    src = mod.ctx.source
    text = say_of(change, _name(q.s, src))
    return (f"{o.id} cannot be the target of this effect: {src}'s \"{text}\"" if src else
            f"{o.id} cannot be the target of this effect: \"{text}\""), (("object", o.id), ("source", src or ""))


def _listed(value: object) -> list[object]:
    """A value a choice bound, as a list (one value, several, or none)."""
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]
