"""The board as a picture in plain text: a position laid out the way players lay it out.

``draw_board(state)`` reads state values only (and the characteristics :mod:`vsoracle.engine.query`
derives); it changes nothing. The opponents sit at the top, their rows mirrored (support row
farthest from the middle), the chain in the middle of the table, the first player at the bottom.
Each player's area is a grid of columns (front and support rows, visible then hidden area), each
character a cell: title, id, state, ATK/DEF, counters, equipment, its part in the attack. At most
100 columns wide; box-drawing characters, no colour.
"""

from __future__ import annotations

import textwrap
from typing import Any

from ..engine.query import query
from ..text import nodes
from ..text.render import RenderError, render
from ..engine.state import GameObject, GameState

__all__ = ["draw_board", "WIDTH"]

#: The widest line the drawing makes.
WIDTH = 100
_CELL = 20           # characters inside a cell
_PER_BAND = 4        # columns drawn side by side; more wrap to another band
_LABEL = 10          # "  support " before a row


def draw_board(state: GameState) -> str:
    """The whole position as lines of text (no line wider than :data:`WIDTH`)."""
    return "\n".join(board_lines(state))


def board_lines(state: GameState) -> list[str]:
    """The drawing as a list of lines: header, opponents, chain, first player."""
    q = query(state)
    gear: dict[str, list[GameObject]] = {}
    for o in state.in_play():
        if o.equipped_to is not None:
            gear.setdefault(o.equipped_to, []).append(o)
    rule = "═" * WIDTH
    lines = [_fit(_header(state), WIDTH), rule]
    first, *others = state.players
    for p in others:
        lines += _side(state, q, gear, p.id, mirrored=True)
        lines.append("─" * WIDTH)
    lines += _chain(state)
    lines.append("─" * WIDTH)
    lines += _side(state, q, gear, first.id, mirrored=False)
    lines.append(rule)
    return lines


# == the header ======================================================================================

def _header(state: GameState) -> str:
    parts = [f"Turn {state.turn}", f"{state.phase} phase"]
    if state.step:
        parts.append(f"{state.active}'s {state.step} step" if state.active else f"{state.step} step")
    parts.append(f"initiative: {state.initiative}")
    parts.append(f"priority: {state.priority}" if state.priority else "nobody has priority")
    if state.over:
        parts.append("the game is over")
    return " · ".join(parts)


# == one player's side ===============================================================================

def _side(state: GameState, q: Any, gear: dict[str, list[GameObject]], pid: str, *, mirrored: bool) -> list[str]:
    p = state.player(pid)
    flags = " — LOST" if p.lost else " — WON" if p.won else ""
    out = [_fit(f"Player {pid}{flags}: endurance {p.endurance} · resource points {p.resource_points} · "
                f"hand {len(p.hand)} · deck {len(p.deck)} · KO'd pile {len(p.ko_pile)}"
                + (f" · removed {len(p.removed)}" if p.removed else ""), WIDTH)]
    resources = _resources(state, pid)
    areas = []
    for area in ("visible", "hidden"):
        chars = [c for c in state.characters(pid) if c.area == area]
        if chars or area == "visible":
            areas.append(_area(state, q, gear, area, chars, mirrored))
    loose = [o for o in state.in_play(pid) if o.equipped_to is None and o.area is None
             and o.card.type is not None and o.card.type.value != "character"]
    extra = [_fit(f"  in play, unattached: {', '.join(f'{o.card.title} ({o.id})' for o in loose)}", WIDTH)] \
        if loose else []
    body = [line for block in areas for line in block] + extra
    if mirrored:  # seen from across the table: resources at the far edge, then the rows
        return out + resources + body
    return out + body + resources


def _resources(state: GameState, pid: str) -> list[str]:
    ids = state.player(pid).resources
    if not ids:
        return ["  Resource row: (empty)"]
    items = []
    for n, rid in enumerate(ids, start=1):
        o = state.obj(rid)
        face = "▲ face up" if o.face_up else "▼ face down, revealed" if o.revealed else "▼ face down"
        items.append(f"{n}. {o.card.title} ({rid}, {face})".replace(" ", "\u00a0"))  # an item is not split
    text = f"Resource row ({len(ids)}): " + " · ".join(items)
    return [line.replace("\u00a0", " ")
            for line in textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="      ")]


def _area(state: GameState, q: Any, gear: dict[str, list[GameObject]], area: str, chars: list[GameObject],
          mirrored: bool) -> list[str]:
    title = f"  {area.capitalize()} area"
    if not chars:
        return [title + ": no characters"]
    cols = max((c.col or 1) for c in chars)
    at = {(c.row, c.col or 1): c for c in chars}
    rows = ("support", "front") if mirrored else ("front", "support")
    out = [title]
    for start in range(1, cols + 1, _PER_BAND):
        band = list(range(start, min(cols, start + _PER_BAND - 1) + 1))
        out.append(" " * _LABEL + "".join(f" col {c}".ljust(_CELL + 1) for c in band).rstrip())
        out.append(" " * _LABEL + "┌" + "┬".join("─" * _CELL for _ in band) + "┐")
        for i, row in enumerate(rows):
            cells = [_cell(state, q, gear, at.get((row, c))) for c in band]
            height = max(len(cell) for cell in cells)
            for k in range(height):
                label = f"  {row}" if k == 0 else ""
                out.append(label.ljust(_LABEL) + "│" + "│".join(
                    (cell[k] if k < len(cell) else "").ljust(_CELL) for cell in cells) + "│")
            edge = "├┼┤" if i == 0 else "└┴┘"
            out.append(" " * _LABEL + edge[0] + edge[1].join("─" * _CELL for _ in band) + edge[2])
    return out


def _cell(state: GameState, q: Any, gear: dict[str, list[GameObject]], c: GameObject | None) -> list[str]:
    """A character's lines inside its cell; an empty slot says so."""
    if c is None:
        return [" ·"]
    condition = "STUNNED, face down" if c.stunned else "exhausted" if c.exhausted else "ready"
    lines = [c.card.title, f"[{c.id}]", condition, f"{q.atk(c)} ATK / {q.defense(c)} DEF"]
    for n, stat in zip(c.counters, ("ATK", "DEF")):
        if n:  # the counters' total: +1 or -1 counters, as many as it holds
            lines.append(f"{abs(n)} {'+1' if n > 0 else '-1'} {stat} counter{'s' if abs(n) != 1 else ''}")
    for e in gear.get(c.id, ()):
        lines.append(f"⚙ {e.card.title}")
    role = _attack_role(state, c.id)
    if role:
        lines.append(role)
    return [" " + part for line in lines for part in textwrap.wrap(line, _CELL - 2, subsequent_indent="  ")]


def _attack_role(state: GameState, oid: str) -> str:
    a = state.attack
    if a is None:
        return ""
    if oid in a.attackers:
        return "⚔ attacking"
    if oid in a.defenders:
        return "⛨ defending" + (" (reinforced)" if a.reinforced(oid) else "")
    if any(r == oid for r, _ in a.reinforcers):
        return "reinforcing"
    return ""


# == the chain, in the middle of the table ===========================================================

def _chain(state: GameState) -> list[str]:
    out = []
    a = state.attack
    if a is not None:
        against = a.player if a.player else ", ".join(a.defenders) or "—"
        out.append(_fit(f"  Attack by {a.proposer}: {', '.join(a.attackers)} → {against}", WIDTH))
    if state.resolving is not None:
        out.append(_fit("  Resolving now: " + _link(state, state.resolving), WIDTH))
    if not state.chain:
        out.append("  Chain: empty")
    else:
        out.append(f"  Chain, bottom to top ({len(state.chain)} link{'s' if len(state.chain) != 1 else ''}):")
        for n, lk in enumerate(state.chain, start=1):
            top = "(top) " if n == len(state.chain) else ""
            out += textwrap.wrap(f"{n}. {top}{_link(state, lk)}", WIDTH, initial_indent="    ",
                                 subsequent_indent="       ")
    if state.pending:
        waiting = ", ".join(_name(state, t.source) for t in state.pending)
        out.append(_fit(f"  Triggered, waiting to go on the chain: {waiting}", WIDTH))
    return out


def _link(state: GameState, lk: Any) -> str:
    kind = lk.kind + (" (ongoing)" if lk.ongoing else "")
    text = f"{kind}: {_name(state, lk.source)} by {lk.controller}"
    if lk.targets:
        text += " — targets " + ", ".join(_name(state, t) for t in lk.targets)
    said = _effect_text(state, lk)
    return text + (f": “{said}”" if said else "")


def _effect_text(state: GameState, lk: Any) -> str:
    """What a link's effect will do, as card text ("" for a game-based link, whose kind says it)."""
    if not isinstance(lk.effect, nodes.Effect):
        return ""
    source = state.objects.get(lk.source) if isinstance(lk.source, str) else None
    try:
        return render(lk.effect, source.card.name if source else None)
    except RenderError:
        return ""


def _name(state: GameState, thing: Any) -> str:
    """An object as "Title (id)", a player or a link number as itself."""
    if isinstance(thing, str) and thing in state.objects:
        return f"{state.obj(thing).card.title} ({thing})"
    if isinstance(thing, int) and not isinstance(thing, bool):
        return f"chain link {thing}"
    return "the game" if thing is None else str(thing)


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
