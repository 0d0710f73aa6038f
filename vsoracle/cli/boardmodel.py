"""The board as values: what a picture of a position shows, read once from the state.

``board_model(state)`` walks a position the way players lay it out — each player's areas as a
grid of columns with front and support rows, the resource row, the chain in the middle — and
returns frozen values; the text drawing (:mod:`vsoracle.cli.board`) and the SVG drawing
(:mod:`vsoracle.cli.svg`) both draw these, so they never disagree about what is on the table.
It reads state values only (and the characteristics :mod:`vsoracle.engine.query` derives).
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ..engine.query import query
from ..engine.state import GameObject, GameState
from ..text import nodes
from ..text.render import RenderError, render

__all__ = ["Board", "Side", "Area", "Character", "Resource", "Link", "Attack", "board_model"]


@frozen
class Character:
    """A character in its slot: title, id, ``ready``/``exhausted``/``stunned``, ATK/DEF as
    derived, its +1/-1 counters (ATK, DEF), the equipment on it, its part in the attack."""

    id: str
    title: str
    row: str
    col: int
    condition: str
    atk: int
    defense: int
    counters: tuple[int, int]
    equipment: tuple[str, ...]
    role: str


@frozen
class Area:
    """A player's visible or hidden area: how many columns, and who stands where."""

    name: str
    columns: int
    characters: tuple[Character, ...]

    def at(self, row: str, col: int) -> Character | None:
        """The character in ``row``, column ``col``, or None for an empty slot."""
        return next((c for c in self.characters if c.row == row and c.col == col), None)


@frozen
class Resource:
    """A card in the resource row: ``face`` is ``up``, ``down`` or ``revealed`` (face down, shown)."""

    id: str
    title: str
    face: str


@frozen
class Side:
    """One player's side of the table: the counts, the areas, the resource row, and cards in play
    that belong to no area (equipment on nobody, a location)."""

    player: str
    lost: bool
    won: bool
    endurance: int
    resource_points: int
    hand: int
    deck: int
    ko_pile: int
    removed: int
    areas: tuple[Area, ...]
    resources: tuple[Resource, ...]
    loose: tuple[str, ...]


@frozen
class Link:
    """A chain link (or the one resolving): its kind, what it comes from, who controls it, its
    targets, and what its effect will do as card text (``""`` for a game-based link)."""

    kind: str
    ongoing: bool
    source: str
    controller: str
    targets: tuple[str, ...]
    effect: str


@frozen
class Attack:
    """The attack under way: who proposed it, the attackers, and what they attack."""

    proposer: str
    attackers: tuple[str, ...]
    against: str


@frozen
class Board:
    """A whole position as a picture shows it; ``sides`` in the state's player order (the first
    player first)."""

    turn: int
    phase: str
    step: str | None
    active: str | None
    initiative: str | None
    priority: str | None
    over: bool
    sides: tuple[Side, ...]
    attack: Attack | None
    resolving: Link | None
    chain: tuple[Link, ...]
    pending: tuple[str, ...]

    def heading(self, sep: str = ": ") -> list[str]:
        """What the picture's heading says: the turn, the phase and step (whose), the initiative,
        who has priority, and whether the game is over (``sep`` between a label and its player)."""
        parts = [f"Turn {self.turn}", f"{self.phase} phase"]
        if self.step:
            parts.append(f"{self.active}'s {self.step} step" if self.active else f"{self.step} step")
        parts.append(f"initiative{sep}{self.initiative}")
        parts.append(f"priority{sep}{self.priority}" if self.priority else "nobody has priority")
        if self.over:
            parts.append("the game is over")
        return parts


def board_model(state: GameState) -> Board:
    """What a picture of ``state`` shows."""
    q = query(state)
    gear: dict[str, list[GameObject]] = {}
    for o in state.in_play():
        if o.equipped_to is not None:
            gear.setdefault(o.equipped_to, []).append(o)
    a = state.attack
    attack = None
    if a is not None:
        attack = Attack(a.proposer, tuple(a.attackers), a.player if a.player else ", ".join(a.defenders) or "—")
    return Board(
        turn=state.turn, phase=str(state.phase), step=state.step or None, active=state.active or None,
        initiative=state.initiative, priority=state.priority or None, over=bool(state.over),
        sides=tuple(_side(state, q, gear, p.id) for p in state.players),
        attack=attack,
        resolving=_link(state, state.resolving) if state.resolving is not None else None,
        chain=tuple(_link(state, lk) for lk in state.chain),
        pending=tuple(name(state, t.source) for t in state.pending),
    )


def _side(state: GameState, q: Any, gear: dict[str, list[GameObject]], pid: str) -> Side:
    p = state.player(pid)
    areas = []
    for area in ("visible", "hidden"):
        chars = [c for c in state.characters(pid) if c.area == area]
        if chars or area == "visible":
            areas.append(Area(area, max((c.col or 1) for c in chars) if chars else 0,
                              tuple(_character(state, q, gear, c) for c in chars)))
    resources = []
    for rid in p.resources:
        o = state.obj(rid)
        resources.append(Resource(rid, o.card.title, "up" if o.face_up else "revealed" if o.revealed else "down"))
    loose = tuple(f"{o.card.title} ({o.id})" for o in state.in_play(pid) if o.equipped_to is None and o.area is None
                  and o.card.type is not None and o.card.type.value != "character")
    return Side(pid, bool(p.lost), bool(p.won), p.endurance, p.resource_points, len(p.hand), len(p.deck),
                len(p.ko_pile), len(p.removed), tuple(areas), tuple(resources), loose)


def _character(state: GameState, q: Any, gear: dict[str, list[GameObject]], c: GameObject) -> Character:
    condition = "stunned" if c.stunned else "exhausted" if c.exhausted else "ready"
    return Character(c.id, c.card.title, c.row or "front", c.col or 1, condition, q.atk(c), q.defense(c),
                     (c.counters[0], c.counters[1]), tuple(e.card.title for e in gear.get(c.id, ())),
                     _attack_role(state, c.id))


def _attack_role(state: GameState, oid: str) -> str:
    a = state.attack
    if a is None:
        return ""
    if oid in a.attackers:
        return "attacking"
    if oid in a.defenders:
        return "defending" + (" (reinforced)" if a.reinforced(oid) else "")
    if any(r == oid for r, _ in a.reinforcers):
        return "reinforcing"
    return ""


def _link(state: GameState, lk: Any) -> Link:
    return Link(lk.kind, bool(lk.ongoing), name(state, lk.source), str(lk.controller),
                tuple(name(state, t) for t in lk.targets), _effect_text(state, lk))


def _effect_text(state: GameState, lk: Any) -> str:
    """What a link's effect will do, as card text ("" for a game-based link, whose kind says it)."""
    if not isinstance(lk.effect, nodes.Effect):
        return ""
    source = state.objects.get(lk.source) if isinstance(lk.source, str) else None
    try:
        return render(lk.effect, source.card.name if source else None)
    except RenderError:
        return ""


def name(state: GameState, thing: Any) -> str:
    """An object as "Title (id)", a player or a link number as itself."""
    if isinstance(thing, str) and thing in state.objects:
        return f"{state.obj(thing).card.title} ({thing})"
    if isinstance(thing, int) and not isinstance(thing, bool):
        return f"chain link {thing}"
    return "the game" if thing is None else str(thing)
