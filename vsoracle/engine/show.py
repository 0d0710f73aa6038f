"""Drawing a position for people: players, rows, the chain (``describe_state``)."""

from __future__ import annotations

from .query import query
from .state import GameState

__all__ = ["describe_state"]


def describe_state(state: GameState) -> list[str]:
    """A few lines a judge can read: each player's totals and characters, then the chain."""
    q = query(state)
    where = f"turn {state.turn}, {state.phase} phase" + (f", {state.active}'s {state.step} step"
                                                          if state.step and state.active else
                                                          f", {state.step}" if state.step else "")
    lines = [where + ("; the game is over" if state.over else f"; {state.priority} has priority" if state.priority else "")]
    gear_of: dict[str, list[str]] = {}  # found once: looking it up per character costs N² per position
    for e in state.in_play():
        if e.equipped_to is not None:
            gear_of.setdefault(e.equipped_to, []).append(e.id)
    for p in state.players:
        flags = " (lost)" if p.lost else " (won)" if p.won else ""
        lines.append(f"{p.id}{flags}: endurance {p.endurance}, resource points {p.resource_points}, "
                     f"hand {len(p.hand)}, deck {len(p.deck)}, resources {len(p.resources)}, "
                     f"KO'd pile {len(p.ko_pile)}")
        for c in sorted(state.characters(p.id), key=lambda c: (c.area or "", c.row or "", c.col or 0)):
            st = "stunned" if c.stunned else "exhausted" if c.exhausted else "ready"
            extra = ""
            if c.counters != (0, 0):
                extra += f", counters {c.counters[0]:+d} ATK / {c.counters[1]:+d} DEF"
            gear = gear_of.get(c.id, ())
            if gear:
                extra += f", equipped with {', '.join(gear)}"
            lines.append(f"  {c.id}: {c.area} {c.row} {c.col}, {st}, {q.atk(c)} ATK / {q.defense(c)} DEF{extra}")
        up = [o.id for o in (state.obj(x) for x in p.resources) if o.face_up]
        if up:
            lines.append(f"  face-up resources: {', '.join(up)}")
    if state.chain:
        lines.append("chain (bottom first): " + ", ".join(lk.label for lk in state.chain))
    return lines
