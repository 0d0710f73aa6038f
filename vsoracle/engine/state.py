"""The game state: immutable values, a new state per step (attrs ``@frozen``).

A :class:`GameState` holds the players (endurance, resource points and the
order of their private and public zones), the table of :class:`GameObject`
values (one per card, with its zone, position and state), the chain, the
current attack, the continuous modifiers that effects created, and what the
turn remembers (powers used, breakthroughs caused). Nothing here applies a
rule; the rule functions in the other engine modules return new states.
"""

from __future__ import annotations

import enum
from typing import Any, Iterator, Literal, TypeGuard

from attrs import field, frozen

from .values import quick_eq, quick_hash, quick_init, replace, wide_copy

from ..cards import Card, CardType
from ..text import nodes as n
from .fmap import FrozenMap

__all__ = [
    "Zone", "PHASES", "BUILD_STEPS", "GameObject", "Player", "ChainLink", "Context", "Attack",
    "Modifier", "Replacement", "Delayed", "PendingTrigger", "Happening", "GameState", "EMPTY",
    "PhaseName", "StepName", "LinkKind", "LinkOrigin", "Lasting", "Bindings", "is_phase", "Area", "Row", "ROWS",
    "IN_PLAY", "CHAIN", "HAND", "DECK", "KO_PILE", "RESOURCE_ROW", "CHARACTER", "EQUIPMENT", "LOCATION", "PLOT_TWIST",
]

#: What effects and objects remember by name (event facts, choices, counters by name, paid
#: amounts …): the values differ by key (an id, a number, a tuple of ids, a node …).
Bindings = FrozenMap[str, Any]

EMPTY: Bindings = FrozenMap()


class Zone(str, enum.Enum):
    """The game zones (CR 212/213); a player's private and public piles plus the shared chain."""

    DECK = "deck"
    HAND = "hand"
    RESOURCE_ROW = "resource_row"
    CHAIN = "chain"
    IN_PLAY = "in_play"
    KO_PILE = "ko_pile"
    REMOVED = "removed"

    def __str__(self) -> str:
        return self.value


#: The phases of a turn (CR 400) and their steps; the wrap-up ends the recovery phase (CR 408).
PhaseName = Literal["draw", "build", "combat", "recovery"]
StepName = Literal["resource", "recruit", "formation", "attack", "wrap-up"]
PHASES: tuple[PhaseName, ...] = ("draw", "build", "combat", "recovery")
BUILD_STEPS: tuple[StepName, ...] = ("resource", "recruit", "formation")

#: Where a character (and its equipment) is in play: its area and its row (CR 212, 701.7).
Area = Literal["visible", "hidden"]
Row = Literal["front", "support"]
ROWS: tuple[Row, ...] = ("front", "support")

#: What a chain link is (CR 505): a recruit, a plot twist played, a payment power used, a
#: triggered power, or one of the game-based effects (attack, reinforce, power-up).
LinkKind = Literal["recruit", "play", "power", "trigger", "attack", "reinforce", "power-up"]
#: What generated a link, as effect filters name it ("plot twist effect", "payment effect",
#: "triggered effect"); "game" for the game-based effects.
LinkOrigin = Literal["game", "plot twist", "payment", "triggered"]
#: How long a modifier an effect created lasts.
# "next recovery": to the end of its controller's next recovery phase (effects._until_next)
Lasting = Literal["turn", "attack", "permanent", "next recovery"]


def is_phase(name: object) -> TypeGuard[PhaseName]:
    """Is ``name`` the name of a phase (a scenario's ``phase``)?"""
    return name in PHASES

#: The zones and card types as plain names, for the engine's code that tests them on every
#: transition (``from .state import IN_PLAY``): a member read from its enum class goes through
#: ``EnumType.__getattr__``'s hook (Python 3.11), ten times slower than a global name.
IN_PLAY, CHAIN, HAND, DECK, KO_PILE, RESOURCE_ROW = \
    Zone.IN_PLAY, Zone.CHAIN, Zone.HAND, Zone.DECK, Zone.KO_PILE, Zone.RESOURCE_ROW
CHARACTER, EQUIPMENT, LOCATION, PLOT_TWIST = \
    CardType.CHARACTER, CardType.EQUIPMENT, CardType.LOCATION, CardType.PLOT_TWIST

# Zones a player keeps in order (top first); in-play and chain order live elsewhere.
PILES = (Zone.DECK, Zone.HAND, Zone.RESOURCE_ROW, Zone.KO_PILE, Zone.REMOVED)
_PILE_FIELD = {Zone.DECK: "deck", Zone.HAND: "hand", Zone.RESOURCE_ROW: "resources",
               Zone.KO_PILE: "ko_pile", Zone.REMOVED: "removed"}


@quick_hash
@quick_eq
@quick_init
@frozen(cache_hash=True)
class GameObject:
    """One card of the game, wherever it is, with everything the rules track about it.

    ``face_up`` is the resource's face (a stunned character is tracked by
    ``stunned``). ``bindings`` keeps the choices the card made on resolution
    ("the chosen character", "the chosen affiliations"), which its ongoing
    powers read; a resource turned face down forgets them.

    ``incarnation`` counts the card's comings into play: each time it is put into the in-play
    zone it becomes a new object (CR 212.5e), so what happened to it before is not this object's
    history (:meth:`Happening.names_now`).
    """

    id: str
    card: Card = field(hash=False)  # compared, not hashed: an object's id is its card's, for good
    owner: str
    controller: str
    zone: Zone
    face_up: bool = True
    exhausted: bool = False
    stunned: bool = False
    area: Area | None = None
    row: Row | None = None
    col: int | None = None
    counters: tuple[int, int] = (0, 0)
    equipped_to: str | None = None
    revealed: bool = False
    bindings: Bindings = field(default=EMPTY, hash=False)  # compared, not hashed: its choices, seldom made
    incarnation: int = 0

    @property
    def name(self) -> str:
        return self.card.name

    def __str__(self) -> str:
        return self.card.title


@quick_hash
@quick_eq
@quick_init
@frozen(cache_hash=True)
class Player:
    """A player: endurance, unspent resource points, and the order of each pile (top first)."""

    id: str
    endurance: int = 50
    resource_points: int = 0
    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    resources: tuple[str, ...] = ()
    ko_pile: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    lost: bool = False
    won: bool = False
    #: The character this player hunts (MEV, hunter): its id and incarnation, or ``None``. It is
    #: hunted by him while that object is in play and opposed to him (``Query.hunters``).
    hunting: tuple[str, int] | None = None
    #: Did his deck start the game insane, no more than one copy of each card (DWF insanity: "a
    #: card's insanity text is active only if [it] started the game in an insane deck")? The scenario
    #: states it (``insane = true``); vsoracle does not know the deck list.
    insane: bool = False

    def pile(self, zone: Zone) -> tuple[str, ...]:
        """The ordered ids of one of this player's piles."""
        ids: tuple[str, ...] = getattr(self, _PILE_FIELD[zone])
        return ids

    def with_pile(self, zone: Zone, ids: tuple[str, ...]) -> "Player":
        return replace(self, **{_PILE_FIELD[zone]: ids})


@quick_hash
@quick_eq
@quick_init
@frozen(cache_hash=True)
class Context:
    """What an effect needs to resolve its references: who controls it, its source,
    its targets (chosen on announcement) and its bindings (event facts, paid amounts,
    choices made on resolution)."""

    controller: str
    source: str | None = None
    #: One value per target of the text, in number order: an object id, a player, a chain link
    #: number, a tuple of those ("two target characters"), or None (illegal on resolution).
    targets: tuple[Any, ...] = ()
    bindings: Bindings = field(default=EMPTY, hash=False)  # compared, not hashed: a fresh map per effect
    as_of: frozenset[tuple[str, int]] = frozenset()

    def bind(self, **items: Any) -> "Context":
        return replace(self, bindings=self.bindings.update(items))

    def stamped(self, s: "GameState") -> "Context":
        """The context as it starts to wait (on the chain, as a triggered power, as a delayed
        trigger): it remembers the incarnation of each object in play it names — its source, its
        targets, the objects it was told of — unless it already did. A card that comes back into
        play is a new object (CR 212.5e), so "~", "target character", "that character" no longer
        name it (:meth:`names`; assumption A-NEW-OBJECT-REFS). A card named while out of play ("put
        target character card from your KO'd pile into play … KO that character") is followed
        into play."""
        known = {oid for oid, _ in self.as_of} if self.as_of else ()
        objects = s.objects._data  # (the table's own dict: read at C speed)
        found: set[tuple[str, int]] = set()
        for value in (self.source, *self.targets, *self.bindings.values()):
            for v in value if isinstance(value, (tuple, frozenset)) else (value,):
                if isinstance(v, str) and v not in known:
                    o = objects.get(v)
                    if o is not None and o.zone is IN_PLAY:
                        found.add((v, o.incarnation))
        if not found:
            return self
        return Context(self.controller, self.source, self.targets, self.bindings, self.as_of | found)

    def names(self, o: "GameObject") -> bool:
        """Is ``o`` still the object this context named (not a new object of its card, CR 212.5e)?"""
        return not self.as_of or all(inc == o.incarnation for oid, inc in self.as_of if oid == o.id)


@quick_hash
@quick_eq
@quick_init
@frozen(cache_hash=True)
class ChainLink:
    """An effect on the chain (CR 505): what kind, from where, and what it will do.

    ``kind`` is one of recruit, play, power, trigger, attack, reinforce, power-up.
    ``origin`` says what generated it (plot twist, payment, triggered, game)
    and ``ongoing`` whether an ongoing power did (FAQ General Mechanics 5).
    """

    id: int
    kind: LinkKind
    controller: str
    source: str | None
    effect: n.Effect | None = field(default=None, hash=False)  # compared, not hashed: a text node hashes deep
    # hashed (its own hash leaves out its bindings): two links alike but for their targets are the
    # same link in a position's key apart from them (two lines targeting each player), not a collision
    context: Context | None = None
    origin: LinkOrigin = "game"
    ongoing: bool = False
    details: Bindings = field(default=EMPTY, hash=False)  # compared, not hashed (as context)

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.source}"

    @property
    def targets(self) -> tuple[Any, ...]:
        return self.context.targets if self.context else ()


@quick_hash
@quick_eq
@quick_init
@frozen(cache_hash=True)
class Attack:
    """The attack in progress (CR 407): attackers, the defender or attacked player, reinforcements."""

    proposer: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...] = ()
    player: str | None = None
    reinforcers: tuple[tuple[str, str], ...] = ()
    removed: tuple[str, ...] = ()

    @property
    def is_team(self) -> bool:
        return len(self.attackers) + len(self.removed) >= 2

    def reinforced(self, defender: str) -> bool:
        return any(d == defender for _, d in self.reinforcers)

    def holds(self, oid: str) -> bool:
        """Is ``oid`` one of its attackers or defenders?"""
        return oid in self.attackers or oid in self.defenders


@quick_hash
@quick_eq
@quick_init
@frozen(cache_hash=True)
class Modifier:
    """A continuous modifier an effect created (CR 512).

    Quality rule (FAQ SC 4, SC 13, SC 1, …): when any change
    alters a quality, ``flagged`` fixes the objects it affects at resolution;
    otherwise ``flagged`` is ``None`` and ``subject`` is matched at each moment.
    ``player_subject`` names the players a player modifier applies to.
    """

    id: int
    context: Context
    changes: tuple[n.Change, ...]
    subject: n.Selector | None = None
    flagged: frozenset[str] | None = None
    player_subject: tuple[str, ...] = ()
    duration: Lasting = "turn"
    condition: n.Condition | None = None


@frozen
class Replacement:
    """A replacement modifier an effect created ("If … would …, instead …", FAQ GM 8):
    ``instead`` is the card text's :class:`~vsoracle.text.nodes.Instead`."""

    id: int
    context: Context
    instead: n.Instead
    duration: Lasting = "attack"


@frozen
class Delayed:
    """A triggered power an effect created for a while ("At the start of the recovery
    phase this turn, …", "Whenever that character … this turn, …")."""

    id: int
    context: Context
    trigger: n.Trigger
    effect: n.Effect
    duration: Lasting = "turn"
    once: bool = True


@quick_hash
@quick_eq
@quick_init
@frozen(cache_hash=True)
class Happening:
    """An event as it happens (or would happen): its kind (a class of
    :mod:`vsoracle.text.nodes`, e.g. ``Stun``) and its roles, each an object id, a player, a
    chain link number or a number: ``object``, ``agent`` (a character, a player, or the source of
    the effect that does it), ``effect`` (the chain link that does it), ``player``, ``amount``,
    ``cause``, ``origin`` … Triggers, replacements and prohibitions match these against the
    event patterns of card text; the turn keeps them for "… this turn" (``GameState.turn_log``)."""

    kind: type[n.Event]
    roles: Bindings = EMPTY

    def get(self, role: str, default: Any = None) -> Any:
        return self.roles.get(role, default)

    @property
    def name(self) -> str:
        return self.kind.__name__

    def names_now(self, o: "GameObject") -> bool:
        """Was this remembered event about object ``o`` as it is now, not about an earlier object
        of its card (CR 212.5e: a card that comes back into play is a new object)? The turn stamps
        each event with the incarnations of the objects it names (``as_of``, none for 0:
        :func:`.triggers.remembered`); an event never stamped (one happening now) is about the present."""
        as_of = self.roles.get("as_of")
        if as_of is None:
            return True
        stamp = dict(as_of).get(o.id, 0)
        # a card on the chain is recruited as the object it becomes (triggers.remembered): its recruit
        # names it already ("each press card you recruited this turn", as its trigger resolves)
        return stamp == o.incarnation or (o.zone is Zone.CHAIN and stamp == o.incarnation + 1)


@frozen
class PendingTrigger:
    """A power that triggered and waits to go on the chain before the next priority (CR 502)."""

    controller: str
    source: str | None
    effect: n.Effect
    context: Context
    ongoing: bool = False
    delayed: int | None = None
    text: str = ""


#: The players tuple last asked about, and the answers worked out from it (its ids, seat orders):
#: a tuple of frozen players never changes, and most transitions keep the same one.
_SEATS: list[Any] = [None, {}]


def _seats(players: tuple[Player, ...]) -> dict[Any, tuple[str, ...]]:
    """The answers remembered for this very players tuple (kept alive here, so never another's)."""
    if _SEATS[0] is not players:
        _SEATS[0], _SEATS[1] = players, {}
    seats: dict[Any, tuple[str, ...]] = _SEATS[1]
    return seats


@quick_eq
@frozen(cache_hash=True, slots=False)
class GameState:
    """A whole game position. Every transition returns a new one (``values.replace``, a fast evolve).

    Unlike the other values it keeps its fields in ``__dict__`` rather than slots: with 22
    fields, copying one dict is several times cheaper than setting each slot, and a new state
    is made on every transition (bench/run.py, engine throughput)."""

    players: tuple[Player, ...]
    objects: FrozenMap[str, GameObject]
    turn: int = 1
    initiative: str = "A"
    phase: PhaseName = "build"
    step: StepName | None = None
    active: str | None = None
    priority: str | None = None
    passes: int = 0
    chain: tuple[ChainLink, ...] = ()
    resolving: ChainLink | None = None
    attack: Attack | None = None
    modifiers: tuple[Modifier, ...] = ()
    replacements: tuple[Replacement, ...] = ()
    delayed: tuple[Delayed, ...] = ()
    pending: tuple[PendingTrigger, ...] = ()
    #: What the turn counts: a power's uses (object, power, n), steps ended ("end", position), a
    #: player's resource put (player, "resource", 0).
    used_powers: frozenset[tuple[Any, ...]] = frozenset()
    turn_log: tuple[Happening, ...] = ()
    next_id: int = 1
    over: bool = False
    #: The names (case folded) the game's card texts use that no card of the database, the user's
    #: card files or the scenario has (:func:`vsoracle.text.names.unknown_in`): a resolve that reads
    #: one says it matches nothing (assumption A-UNKNOWN-NAME).
    unknown_names: frozenset[str] = frozenset()
    #: The rules the game is played by: those in force on this day (``YYYY-MM-DD``), or ``None``,
    #: the Avengers FAQ's rules (the default). Only the rule changes of ``rulechanges.CHANGES``
    #: read it, through ``rulechanges.in_force``.
    rules: str | None = None

    # -- reading -----------------------------------------------------------
    def obj(self, oid: str) -> GameObject:
        return self.objects[oid]

    def player(self, pid: str) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    @property
    def player_ids(self) -> tuple[str, ...]:
        seats = _seats(self.players)
        ids: tuple[str, ...] | None = seats.get(None)
        if ids is None:
            ids = seats[None] = tuple(p.id for p in self.players)
        return ids

    def seat_order(self, first: str | None = None, in_game: bool = False) -> tuple[str, ...]:
        """Players clockwise from ``first`` (default: the initiative player); ``in_game``: only
        those who have not lost (a player who has lost is out of the game: assumption A-LOST-OUT)."""
        key = (first or self.initiative, in_game)
        seats = _seats(self.players)
        found: tuple[str, ...] | None = seats.get(key)
        if found is not None:
            return found
        ids = self.player_ids
        start = ids.index(key[0])
        order = ids[start:] + ids[:start]
        if in_game and any(p.lost for p in self.players):
            out = {p.id for p in self.players if p.lost}
            order = tuple(p for p in order if p not in out)
        seats[key] = order
        return order

    def opponents(self, pid: str) -> tuple[str, ...]:
        """The other players still in the game (assumption A-LOST-OUT)."""
        return tuple(p.id for p in self.players if p.id != pid and not p.lost)

    def in_play(self, controller: str | None = None) -> Iterator[GameObject]:
        """Objects in play (characters and equipment), optionally of one controller."""
        found = self._in_play()[0]
        return iter(found) if controller is None else (o for o in found if o.controller == controller)

    def characters(self, controller: str | None = None) -> Iterator[GameObject]:
        found = self._in_play()[1]
        return iter(found) if controller is None else (o for o in found if o.controller == controller)

    def _in_play(self) -> tuple[tuple[GameObject, ...], tuple[GameObject, ...]]:
        """The objects in play and the characters among them, in table order: once per table
        (:meth:`FrozenMap.own`), which many states share."""
        memo = self.objects.own()
        found: tuple[tuple[GameObject, ...], tuple[GameObject, ...]] | None = memo.get("in play")
        if found is None:
            in_play, character = IN_PLAY, CHARACTER
            objects = tuple(o for o in self.objects.values() if o.zone is in_play)
            found = memo["in play"] = (objects, tuple(o for o in objects if o.card.type is character))
        return found

    def link(self, link_id: int) -> ChainLink | None:
        for lk in self.chain:
            if lk.id == link_id:
                return lk
        return None

    def primary_player(self) -> str:
        """The player who gets priority first and after each resolution (assumption A-PRIMARY):
        the active player in build and attack steps, else the initiative player."""
        if self.step in BUILD_STEPS + ("attack",) and self.active:
            return self.active
        return self.initiative

    # -- building ----------------------------------------------------------
    def with_object(self, o: GameObject) -> "GameState":
        # replace(self, objects=...) without its keyword arguments: the engine's most frequent copy
        return wide_copy(self, {"objects": self.objects.set(o.id, o)})

    def with_player(self, p: Player) -> "GameState":
        return replace(self, players=tuple(p if q.id == p.id else q for q in self.players))

    def fresh_id(self) -> tuple[int, "GameState"]:
        """A new number for a chain link or modifier, and the state that has used it."""
        return self.next_id, replace(self, next_id=self.next_id + 1)
