"""The board as a picture in plain text: a position laid out the way players lay it out.

``draw_board(state)`` draws what :func:`vsoracle.cli.boardmodel.board_model` reads off the state
(the SVG drawing of the ruling page draws the same values); it changes nothing. The opponents sit at the top, their rows mirrored (support row
farthest from the middle), the chain in the middle of the table, the first player at the bottom.
Each player's area is a grid of columns (front and support rows, visible then hidden area), each
character a cell: title, id, state, ATK/DEF, counters, equipment, its part in the attack. At most
100 columns wide; box-drawing characters, no colour.
"""

from __future__ import annotations

import textwrap
from ..engine.state import GameState
from .boardmodel import Area, Board, Character, Link, Side, board_model

__all__ = ["draw_board", "board_lines", "WIDTH"]

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
    board = board_model(state)
    rule = "═" * WIDTH
    lines = [_fit(_header(board), WIDTH), rule]
    first, *others = board.sides
    for side in others:
        lines += _side(side, mirrored=True)
        lines.append("─" * WIDTH)
    lines += _chain(board)
    lines.append("─" * WIDTH)
    lines += _side(first, mirrored=False)
    lines.append(rule)
    return lines


# == the header ======================================================================================

def _header(board: Board) -> str:
    return " · ".join(board.heading())


# == one player's side ===============================================================================

def _side(side: Side, *, mirrored: bool) -> list[str]:
    flags = " — LOST" if side.lost else " — WON" if side.won else ""
    out = [_fit(f"Player {side.player}{flags}: endurance {side.endurance} · resource points {side.resource_points} · "
                f"hand {side.hand} · deck {side.deck} · KO'd pile {side.ko_pile}"
                + (f" · removed {side.removed}" if side.removed else ""), WIDTH)]
    resources = _resources(side)
    areas = [_area(area, mirrored) for area in side.areas]
    extra = [_fit(f"  in play, unattached: {', '.join(side.loose)}", WIDTH)] if side.loose else []
    body = [line for block in areas for line in block] + extra
    if mirrored:  # seen from across the table: resources at the far edge, then the rows
        return out + resources + body
    return out + body + resources


_FACES = {"up": "▲ face up", "down": "▼ face down", "revealed": "▼ face down, revealed"}


def _resources(side: Side) -> list[str]:
    if not side.resources:
        return ["  Resource row: (empty)"]
    items = [f"{n}. {r.title} ({r.id}, {_FACES[r.face]})".replace(" ", "\u00a0")  # an item is not split
             for n, r in enumerate(side.resources, start=1)]
    text = f"Resource row ({len(side.resources)}): " + " · ".join(items)
    return [line.replace("\u00a0", " ")
            for line in textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="      ")]


def _area(area: Area, mirrored: bool) -> list[str]:
    title = f"  {area.name.capitalize()} area"
    if not area.characters:
        return [title + ": no characters"]
    cols = area.columns
    rows = ("support", "front") if mirrored else ("front", "support")
    out = [title]
    for start in range(1, cols + 1, _PER_BAND):
        band = list(range(start, min(cols, start + _PER_BAND - 1) + 1))
        out.append(" " * _LABEL + "".join(f" col {c}".ljust(_CELL + 1) for c in band).rstrip())
        out.append(" " * _LABEL + "┌" + "┬".join("─" * _CELL for _ in band) + "┐")
        for i, row in enumerate(rows):
            cells = [_cell(area.at(row, c)) for c in band]
            height = max(len(cell) for cell in cells)
            for k in range(height):
                label = f"  {row}" if k == 0 else ""
                out.append(label.ljust(_LABEL) + "│" + "│".join(
                    (cell[k] if k < len(cell) else "").ljust(_CELL) for cell in cells) + "│")
            edge = "├┼┤" if i == 0 else "└┴┘"
            out.append(" " * _LABEL + edge[0] + edge[1].join("─" * _CELL for _ in band) + edge[2])
    return out


_CONDITIONS = {"stunned": "STUNNED, face down", "exhausted": "exhausted", "ready": "ready"}
_ROLES = {"attacking": "⚔ attacking", "defending": "⛨ defending", "defending (reinforced)": "⛨ defending (reinforced)"}


def _cell(c: Character | None) -> list[str]:
    """A character's lines inside its cell; an empty slot says so."""
    if c is None:
        return [" ·"]
    lines = [c.title, f"[{c.id}]", _CONDITIONS[c.condition], f"{c.atk} ATK / {c.defense} DEF"]
    for n, stat in zip(c.counters, ("ATK", "DEF")):
        if n:  # the counters' total: +1 or -1 counters, as many as it holds
            lines.append(f"{abs(n)} {'+1' if n > 0 else '-1'} {stat} counter{'s' if abs(n) != 1 else ''}")
    for e in c.equipment:
        lines.append(f"⚙ {e}")
    if c.role:
        lines.append(_ROLES.get(c.role, c.role))
    return [" " + part for line in lines for part in textwrap.wrap(line, _CELL - 2, subsequent_indent="  ")]


# == the chain, in the middle of the table ===========================================================

def _chain(board: Board) -> list[str]:
    out = []
    a = board.attack
    if a is not None:
        out.append(_fit(f"  Attack by {a.proposer}: {', '.join(a.attackers)} → {a.against}", WIDTH))
    if board.resolving is not None:
        out.append(_fit("  Resolving now: " + _link(board.resolving), WIDTH))
    if not board.chain:
        out.append("  Chain: empty")
    else:
        n_links = len(board.chain)
        out.append(f"  Chain, bottom to top ({n_links} link{'s' if n_links != 1 else ''}):")
        for n, lk in enumerate(board.chain, start=1):
            top = "(top) " if n == n_links else ""
            out += textwrap.wrap(f"{n}. {top}{_link(lk)}", WIDTH, initial_indent="    ",
                                 subsequent_indent="       ")
    if board.pending:
        out.append(_fit(f"  Triggered, waiting to go on the chain: {', '.join(board.pending)}", WIDTH))
    return out


def _link(lk: Link) -> str:
    kind = lk.kind + (" (ongoing)" if lk.ongoing else "")
    text = f"{kind}: {lk.source} by {lk.controller}"
    if lk.targets:
        text += " — targets " + ", ".join(lk.targets)
    return text + (f": “{lk.effect}”" if lk.effect else "")


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
