"""Event patterns: does a happening match the event card text names?

An event pattern is card text's event with some roles named ("Whenever a character you control
becomes stunned by an attacker": a ``Stun`` with ``object`` and ``agent`` selectors); a
:class:`~vsoracle.engine.state.Happening` matches it when every named role matches. The same
matching serves triggers (:mod:`.triggers`), replacements and prohibitions ("cannot",
:mod:`.effects`) and history ("if it attacked this turn", :meth:`.query.Query.happened`).

The functions take the :class:`~vsoracle.engine.query.Query` of the state they ask about, so this
module is below the query and imports nothing of it; :func:`kind_of` (what a selector picks) lives
here for the same reason.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from attrs import fields

from ..text import nodes as n
from .powers import per_node
from .state import Context, Happening, LinkOrigin
from .values import replace

if TYPE_CHECKING:
    from .query import Query

__all__ = ["pattern_matches", "kind_of", "effect_kinds", "names_no_character", "SelectorKind"]

#: Effect filters' kinds → the origin of the chain links they name (``None``: any).
_EFFECT_KINDS: dict[str, LinkOrigin | None] = {"effect": None, "plot twist effect": "plot twist",
                                               "payment effect": "payment", "triggered effect": "triggered"}
_PLAYER_KINDS = ("player", "opponent")

def effect_kinds(kind: str) -> list[str]:
    """"plot twists or payment effects": the last noun is shared, so a kind before an effect
    kind names the effects of such cards ("plot twist" → "plot twist effect")."""
    kinds = kind.split(" or ")
    if kinds[-1] in _EFFECT_KINDS:
        kinds = [k if k in _EFFECT_KINDS or f"{k} effect" not in _EFFECT_KINDS else f"{k} effect" for k in kinds]
    return kinds


SelectorKind = Literal["object", "player", "effect", "choice"]


@per_node
def kind_of(node: n.Selector | n.Zone | None) -> SelectorKind:
    """What a selector picks: "object", "player", "effect" or "choice" (affiliations, traits,
    identities, card types: ``n.VALUE_KINDS``); what else names cards (a zone: its contents) picks objects."""
    if isinstance(node, n.Filter):
        kinds = node.kind.split(" or ")
        if all(k in _PLAYER_KINDS for k in kinds):
            return "player"
        if all(k in _EFFECT_KINDS for k in effect_kinds(node.kind)):
            return "effect"
        if all(k in n.VALUE_KINDS for k in kinds):
            return "choice"
        return "object"
    if isinstance(node, (n.You, n.Acting, n.OpponentsOf, n.ControllerOf, n.OwnerOf)):
        return "player"
    if isinstance(node, n.Either):
        return kind_of(node.options[0])
    if isinstance(node, n.Together):
        return kind_of(node.parts[0])
    return "object"


#: Kinds of card that are not characters (what a character-only event cannot be done to).
_NOT_CHARACTER_KINDS = frozenset({"resource", "equipment", "location", "plot twist", "plot twist card",
                                  "equipment card", "location card"})


def names_no_character(sel: n.Selector | None) -> bool:
    """Does the selector name only cards that are not characters ("target resource", "an
    equipment or location")?"""
    if isinstance(sel, n.Either):
        return all(names_no_character(x) for x in sel.options)
    if isinstance(sel, n.Filter):
        return all(kind in _NOT_CHARACTER_KINDS for kind in sel.kind.split(" or "))
    return False


#: Roles of a pattern that are selectors (matched against objects, players or effects).
_NOT_ROLES = ("word", "subject", "face", "team", "gain", "add", "cause", "up_to", "win", "any_order", "span",
              "exhausted")

#: Yes/no roles that the verb always decides, so their default is a word of the text, not "any":
#: "lose endurance" is not "gain endurance", "remove a counter" is not "put one", and "you cannot
#: win the game" does not stop you losing it (FAQ SC 12: "you cannot win and your opponents
#: cannot lose, not vice versa"). Other yes/no roles at their default match either value ("Whenever
#: X attacks" sees team attacks too).
_DECIDED = ("gain", "add", "win")


def _value_matches(q: Query, sel: n.Selector | None, value: Any, ctx: Context, role: str, h: Happening) -> bool:
    """Does a happening's role value (an object, a player, a chain link, several) match a selector?"""
    s = q.s
    if sel is None:
        return True
    if isinstance(sel, n.Affected):
        # "characters that attacked this turn": each one's own history, not an earlier object's
        # of its card (CR 212.5e)
        affected: Any = ctx.bindings.get("affected")  # an object or a player
        return (value == affected or (isinstance(value, tuple) and affected in value)) and \
            (affected not in s.objects or h.names_now(s.obj(affected)))
    kind = kind_of(sel)
    if kind == "effect":
        link = h.get("effect")
        lk = h.get("link") if link is None or s.link(link) is None else s.link(link)
        if lk is None and link is not None:
            lk = next((x for x in (s.resolving,) if x is not None and x.id == link), None)
        return lk is not None and q.link_matches(sel, lk, ctx)
    if value is None:
        return False
    if isinstance(value, tuple):
        if isinstance(sel, n.Filter) and sel.quantity is not None and sel.quantity.op == ">=":
            return any(_value_matches(q, sel, v, ctx, role, h) for v in value)
        return any(_value_matches(q, sel, v, ctx, role, h) for v in value)
    if kind == "player":
        return value in s.player_ids and value in q.players(sel, ctx)
    if value in s.player_ids:
        return value in q.ref(sel, ctx) if isinstance(sel, n.Ref) else False
    if value not in s.objects:
        return False
    if isinstance(sel, n.Ref) and not h.names_now(s.obj(value)):
        # "if ~ attacked this turn": an earlier object of the card is not ~ (CR 212.5e), while
        # "a character you control was stunned this turn" counts it
        return False
    if isinstance(sel, n.Filter) and sel.kind == "power":
        return _power_matches(q, sel, value, ctx)
    return q.matches(sel, s.obj(value), ctx)


def _power_matches(q: Query, sel: n.Filter, card: str, ctx: Context) -> bool:
    """"her activated powers", "powers of characters you control": a power is named by the card
    that has it (a used power is an activated one, CR 501)."""
    for qual in sel.qualifiers:
        if isinstance(qual, n.ControlledBy):
            whose = qual.player
            if kind_of(whose) == "player":
                if q.controller_of(q.s.obj(card)) not in q.players(whose, ctx):
                    return False
            elif card not in q.select(whose, ctx):
                return False
        elif isinstance(qual, n.State) and qual.name == "activated":
            continue
        elif not q.qual(qual, q.s.obj(card), ctx):
            return False
    return True


def _amount_matches(q: Query, pattern: n.Amount | n.Quantity | None, value: Any, ctx: Context) -> bool:
    if pattern is None:
        return True
    if value is None:
        return False
    if isinstance(pattern, n.Quantity):
        return q.quantity_holds(pattern, int(value), ctx)
    return int(value) == q.amount(pattern, ctx)


def _zone_matches(q: Query, zone: n.Zone | None, value: Any, ctx: Context) -> bool:
    """An origin ("from your resource row") against where the card came from: (zone name, owner)."""
    if zone is None:
        return True
    if value is None:
        return False
    name, owner = value
    if name not in zone.names:
        return False
    return zone.owner is None or owner in q.players(zone.owner, ctx)


@per_node
def event_kinds(pattern: n.Event) -> frozenset[type]:
    """The kinds of event a pattern can match (:func:`pattern_matches` asks the event's kind
    first): its own, or for an "either" event each option's. What lets a position skip, for an
    event, every power and modifier that waits for another kind."""
    if isinstance(pattern, n.EitherEvent):
        return frozenset().union(*(event_kinds(option) for option in pattern.options))
    return frozenset((type(pattern),))


def pattern_matches(q: Query, pattern: n.Event, h: Happening, ctx: Context) -> dict[str, Any] | None:
    """If the happening matches the pattern, the bindings it gives (``event:ROLE``, and
    ``event_amount`` for "that much"); else ``None``. Of several objects a role names (a
    defence's attackers), the role binds those the pattern's selector matches ("defends against a
    character adjacent to ~": that adjacent character). "Either" events match what one of theirs
    matches."""
    if isinstance(pattern, n.EitherEvent):
        for option in pattern.options:
            found = pattern_matches(q, option, h, ctx)
            if found is not None:
                return found
        return None
    if type(pattern) is not h.kind:
        return None
    binds: dict[str, Any] = {}
    cls: Any = type(pattern)  # an event class (attrs); their base n.Event is not one
    for a in fields(cls):
        if not a.eq or a.name in ("word", "subject"):
            continue
        want = getattr(pattern, a.name)
        name = a.name
        value = h.get(name)
        if name in ("amount", "count"):
            if not _amount_matches(q, want, value, ctx):
                return None
        elif name in ("origin",):
            if not _zone_matches(q, want, value, ctx):
                return None
        elif name in ("to", "zone", "into", "kind"):
            # "returned to its owner's hand": the owner of the object matched so far
            if want is not None and not _place_matches(q, want, h, ctx.bind(**binds) if binds else ctx):
                return None
        elif name in _NOT_ROLES:
            decided = name in _DECIDED and value is not None
            if (want != a.default or decided) and want != value:
                return None
        elif want is not None:
            if h.kind is n.Recruit and name == "object":
                # the card being recruited is on the chain, not yet a character (CR 301.4): "recruit
                # a character" names a character card
                want = _as_card(want)
            if not _value_matches(q, want, value, ctx, name, h):
                return None
            if isinstance(value, tuple) and kind_of(want) != "effect":
                value = tuple(v for v in value if _value_matches(q, want, v, ctx, name, h))
        if value is not None and name not in _NOT_ROLES:
            binds[f"event:{name}"] = value
    for role in ("object", "agent", "player"):
        if h.get(role) is not None:
            binds.setdefault(f"event:{role}", h.get(role))
    if h.get("amount") is not None:
        binds["event_amount"] = h.get("amount")
    return binds


def _as_card(sel: n.Selector) -> n.Selector:
    """"a character" / "equipment" read as the card that is not in play yet ("character card")."""
    if isinstance(sel, n.Filter):
        kinds = [k + " card" if k in ("character", "equipment") else k for k in sel.kind.split(" or ")]
        return replace(sel, kind=" or ".join(kinds))
    if isinstance(sel, n.Either):
        return n.Either(tuple(_as_card(o) for o in sel.options))
    return sel


def _place_matches(q: Query, want: n.Place | n.Zone | n.CounterKind, h: Happening, ctx: Context) -> bool:
    if isinstance(want, n.Place):
        dest = h.get("to")
        if dest is None or want.zone is None:
            return want.zone is None
        name, owner = dest
        return name in want.zone.names and (want.zone.owner is None or owner in q.players(want.zone.owner, ctx))
    if isinstance(want, n.CounterKind):
        kind: n.CounterKind | None = h.get("kind")
        return want == kind
    dest = h.get("to")
    if dest is not None:  # "rally ~ into your hand": the zone the event puts its card into
        name, owner = dest
        return name in want.names and (want.owner is None or owner in q.players(want.owner, ctx))
    return True
