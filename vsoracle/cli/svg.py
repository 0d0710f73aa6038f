"""The board as an SVG picture, for the ruling page: the values :mod:`vsoracle.cli.boardmodel`
reads off a position, drawn as players lay them out.

The opponents at the top (their support row farthest from the middle), the chain in the middle as a
stack of links (the top link, which resolves first, on top), the first player at the bottom. Each
character is a card in its column: title, id, ATK/DEF, ready/exhausted/stunned, counters,
equipment, its part in the attack; the resource row shows each card face up or face down. Colours
come from CSS classes (``b-…``) the page styles, so the picture follows the page's light or dark
scheme; every text from a file is escaped.
"""

from __future__ import annotations

import textwrap
from html import escape

from .boardmodel import Area, Board, Character, Link, Side

__all__ = ["board_svg", "WIDTH"]

#: The picture's width in its own units (it scales to the page's width).
WIDTH = 380
_PAD = 10
_GAP = 6
_LABEL = 18          # the strip that names a row
_PER_BAND = 3        # columns side by side; more wrap to another band
_LINE = 15           # one line of text
_FONT = 12.5


def board_svg(board: Board, label: str) -> str:
    """``board`` as one ``<svg>`` element; ``label`` names it for screen readers (and tooltips)."""
    d = _Drawing()
    d.header(board)
    first, *others = board.sides
    for side in others:
        d.side(side, board, mirrored=True)
    d.chain(board)
    d.side(first, board, mirrored=False)
    return d.svg(label)


def _wrap(text: str, width: float, lines: int, font: float = _FONT) -> list[str]:
    """``text`` wrapped to ``width`` units, at most ``lines`` lines (the last cut with an ellipsis)."""
    chars = max(4, int(width / (0.56 * font)))
    out = textwrap.wrap(text, chars, break_long_words=True, break_on_hyphens=False) or [""]
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: max(1, chars - 1)].rstrip() + "…"
    return out


class _Drawing:
    """Elements laid out top to bottom; ``y`` is where the next one starts."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.y = _PAD

    # -- primitives ---------------------------------------------------------------------------------

    def rect(self, x: float, y: float, w: float, h: float, cls: str, rx: float = 6, tip: str = "") -> None:
        tip_el = f"<title>{escape(tip)}</title>" if tip else ""
        self.parts.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" class="{cls}">'
                          f'{tip_el}</rect>' if tip else
                          f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" class="{cls}"/>')

    def text(self, x: float, y: float, text: str, cls: str = "b-t", anchor: str = "start", size: float | None = None) -> None:
        extra = f' text-anchor="{anchor}"' if anchor != "start" else ""
        extra += f' font-size="{size:g}"' if size else ""
        self.parts.append(f'<text x="{x:g}" y="{y:g}" class="{cls}"{extra}>{escape(text)}</text>')

    def svg(self, label: str) -> str:
        height = self.y + _PAD
        return (f'<svg class="board" viewBox="0 0 {WIDTH} {height:g}" width="{WIDTH}" height="{height:g}" '
                f'role="img" aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg" '
                f'font-size="{_FONT:g}"><title>{escape(label)}</title>'
                + "".join(self.parts) + "</svg>")

    # -- the header ---------------------------------------------------------------------------------

    def header(self, b: Board) -> None:
        for line in _wrap(" · ".join(b.heading(" ")), WIDTH - 2 * _PAD, 2, 12):
            self.text(WIDTH / 2, self.y + 11, line, "b-muted", "middle", 12)
            self.y += 15
        self.y += 4

    # -- a player's side ----------------------------------------------------------------------------

    def side(self, s: Side, b: Board, *, mirrored: bool) -> None:
        top, start = self.y, len(self.parts)
        self.y += 6
        if mirrored:  # across the table: the resource row at the far edge
            self.player_bar(s, b)
            self.resources(s)
            self.areas(s, mirrored)
        else:
            self.areas(s, mirrored)
            self.resources(s)
            self.player_bar(s, b)
        self.y += 4
        state = " b-lost" if s.lost else " b-won" if s.won else ""
        self.parts.insert(start, f'<rect x="{_PAD / 2:g}" y="{top:g}" width="{WIDTH - _PAD:g}" '
                                 f'height="{self.y - top:g}" rx="10" class="b-side{state}"/>')  # under the contents
        self.y += _GAP

    def player_bar(self, s: Side, b: Board) -> None:
        x, y = _PAD, self.y
        self.text(x + 4, y + 15, f"Player {s.player}", "b-player")
        badges = []
        if b.priority == s.player:
            badges.append(("◆ priority", "b-badge b-prio"))
        if b.active == s.player:
            badges.append(("active", "b-badge"))
        if s.lost:
            badges.append(("LOST", "b-badge b-bad"))
        if s.won:
            badges.append(("WON", "b-badge b-good"))
        bx: float = x + 4 + 9 * len(f"Player {s.player}") + 8
        for text, cls in badges:
            w = 0.6 * 11 * len(text) + 12
            self.rect(bx, y + 3, w, 16, cls.replace("b-badge", "b-badge-box"), 8)
            self.text(bx + w / 2, y + 15, text, cls, "middle", 11)
            bx += w + 4
        self.text(WIDTH - _PAD - 4, y + 16, f"{s.endurance}", "b-endurance", "end")
        self.text(WIDTH - _PAD - 4 - 0.62 * 18 * len(str(s.endurance)) - 4, y + 15, "endurance", "b-muted", "end", 11)
        counts = (f"resource points {s.resource_points} · hand {s.hand} · deck {s.deck} · KO'd pile {s.ko_pile}"
                  + (f" · removed {s.removed}" if s.removed else ""))
        for line in _wrap(counts, WIDTH - 2 * _PAD - 8, 2, 11.5):
            self.text(x + 4, self.y + 32, line, "b-muted", size=11.5)
            self.y += 14
        self.y += 26
        if s.loose:
            for line in _wrap("In play, unattached: " + ", ".join(s.loose), WIDTH - 2 * _PAD - 8, 3, 11.5):
                self.text(x + 4, self.y + 10, line, "b-muted", size=11.5)
                self.y += 14
            self.y += 2

    def resources(self, s: Side) -> None:
        x0 = _PAD + 4
        self.text(x0, self.y + 11, f"Resource row ({len(s.resources)})" if s.resources else "Resource row: empty",
                  "b-label", size=11)
        self.y += 16
        per_line = 2
        w = (WIDTH - 2 * x0 - (per_line - 1) * 4) / per_line
        for n, r in enumerate(s.resources):
            col = n % per_line
            if col == 0 and n:
                self.y += 24
            x = x0 + col * (w + 4)
            face = {"up": "face up", "down": "face down", "revealed": "face down, revealed"}[r.face]
            cls = "b-res-up" if r.face == "up" else "b-res-down"
            self.rect(x, self.y, w, 20, cls, 4, f"{n + 1}. {r.title} ({r.id}), {face}")
            mark = "▲" if r.face == "up" else "▼"
            shown = _wrap(f"{n + 1} {mark} {r.title}", w - 10, 1, 11)[0]
            self.text(x + 5, self.y + 14, shown, cls + "-t", size=11)
        if s.resources:
            self.y += 24
        self.y += 2

    def areas(self, s: Side, mirrored: bool) -> None:
        for area in s.areas:
            self.area(area, mirrored)

    def area(self, area: Area, mirrored: bool) -> None:
        x0 = _PAD + 4
        if not area.characters:
            self.text(x0, self.y + 11, f"{area.name.capitalize()} area: no characters", "b-label", size=11)
            self.y += 18
            return
        self.text(x0, self.y + 11, f"{area.name.capitalize()} area", "b-label", size=11)
        self.y += 16
        rows = ("support", "front") if mirrored else ("front", "support")
        cw = (WIDTH - 2 * x0 - _LABEL - (_PER_BAND - 1) * _GAP) / _PER_BAND
        for start in range(1, area.columns + 1, _PER_BAND):
            band = list(range(start, min(area.columns, start + _PER_BAND - 1) + 1))
            for c_i, col in enumerate(band):
                self.text(x0 + _LABEL + c_i * (cw + _GAP) + cw / 2, self.y + 9, f"column {col}", "b-muted", "middle", 10)
            self.y += 13
            for row in rows:
                cards = [_card_lines(area.at(row, col), cw) for col in band]
                h = max(6 + _LINE * len(lines) + 2 for lines in cards)
                h = max(h, 40)
                self.text(x0 + 12, self.y + h / 2, row, "b-row", "middle", 10.5)
                self.parts[-1] = self.parts[-1].replace(
                    "<text ", f'<text transform="rotate(-90 {x0 + 12:g} {self.y + h / 2:g})" ', 1)
                for c_i, (col, lines) in enumerate(zip(band, cards)):
                    ch = area.at(row, col)
                    x = x0 + _LABEL + c_i * (cw + _GAP)
                    self.card(x, self.y, cw, h, ch, lines)
                self.y += h + _GAP
        self.y += 2

    def card(self, x: float, y: float, w: float, h: float, c: Character | None, lines: list[tuple[str, str]]) -> None:
        if c is None:
            self.rect(x, y, w, h, "b-slot")
            self.text(x + w / 2, y + h / 2 + 4, "empty", "b-muted", "middle", 10.5)
            return
        tip = f"{c.title} ({c.id}): {c.condition}, {c.atk} ATK / {c.defense} DEF"
        self.parts.append(f'<g class="b-char b-char-{c.condition}">')
        self.rect(x, y, w, h, f"b-card b-{c.condition}", 7, tip)
        ty = y + 4
        for text, cls in lines:
            ty += _LINE
            self.text(x + 6, ty - 3, text, cls, size={"b-title": 12.5, "b-stats": 12.5}.get(cls, 11))
        self.parts.append("</g>")

    # -- the chain, in the middle -------------------------------------------------------------------

    def chain(self, b: Board) -> None:
        x0 = _PAD + 4
        w = WIDTH - 2 * x0
        self.y += 2
        if b.attack is not None:
            a = b.attack
            for line in _wrap(f"⚔ Attack by {a.proposer}: {', '.join(a.attackers)} → {a.against}", w, 2, 12):
                self.text(x0, self.y + 12, line, "b-attack", size=12)
                self.y += 15
            self.y += 3
        if b.resolving is not None:
            self.text(x0, self.y + 11, "Resolving now", "b-label", size=11)
            self.y += 15
            self.link(x0, w, b.resolving, "resolving", "b-link b-resolving")
        if not b.chain:
            self.rect(x0, self.y, w, 24, "b-chain-empty", 6)
            self.text(WIDTH / 2, self.y + 16, "Chain: empty", "b-muted", "middle", 11.5)
            self.y += 30
        else:
            n = len(b.chain)
            self.text(x0, self.y + 11, f"Chain: {n} link{'s' if n != 1 else ''}, the top one resolves first",
                      "b-label", size=11)
            self.y += 16
            for k in range(n, 0, -1):  # drawn as a stack: the top link first, each lower one set back
                inset = min(n - k, 4) * 5
                label = f"{k}" + (" · top" if k == n else " · bottom" if k == 1 else "")
                self.link(x0 + inset, w - 2 * inset, b.chain[k - 1], label, "b-link" + (" b-top" if k == n else ""))
        if b.pending:
            for line in _wrap("Triggered, waiting to go on the chain: " + ", ".join(b.pending), w, 3, 11.5):
                self.text(x0, self.y + 11, line, "b-muted", size=11.5)
                self.y += 14
            self.y += 2
        self.y += 4

    def link(self, x: float, w: float, lk: Link, label: str, cls: str) -> None:
        head = f"{lk.kind}{' (ongoing)' if lk.ongoing else ''}: {lk.source}"
        lines = [(t, "b-link-head") for t in _wrap(head, w - 60, 2, 12)]
        lines.append((f"controlled by {lk.controller}", "b-muted"))
        if lk.targets:
            lines += [(t, "b-target") for t in _wrap("◎ targets " + ", ".join(lk.targets), w - 16, 2, 11.5)]
        if lk.effect:
            lines += [(t, "b-effect") for t in _wrap(f"“{lk.effect}”", w - 16, 4, 11.5)]
        h = 8 + 15 * len(lines) + 2
        self.rect(x, self.y, w, h, cls, 6)
        self.text(x + w - 8, self.y + 15, label, "b-link-no", "end", 11)
        ty = self.y + 4
        for text, tcls in lines:
            ty += 15
            self.text(x + 8, ty, text, tcls, size=12 if tcls == "b-link-head" else 11.5)
        self.y += h + 4


def _card_lines(c: Character | None, w: float) -> list[tuple[str, str]]:
    """A character's lines on its card, each with its CSS class."""
    if c is None:
        return []
    lines = [(t, "b-title") for t in _wrap(c.title, w - 12, 2, 12.5)]
    lines.append((_wrap(c.id, w - 12, 1, 11)[0], "b-id"))
    lines.append((f"{c.atk} ATK / {c.defense} DEF", "b-stats"))
    lines.append(({"stunned": "STUNNED, face down", "exhausted": "exhausted", "ready": "ready"}[c.condition],
                  f"b-cond b-cond-{c.condition}"))
    counters = [f"{abs(n)} {'+1' if n > 0 else '-1'} {stat} counter{'s' if abs(n) != 1 else ''}"
                for n, stat in zip(c.counters, ("ATK", "DEF")) if n]
    lines += [(t, "b-counter") for t in counters]
    lines += [(t, "b-gear") for e in c.equipment for t in _wrap(f"⚙ {e}", w - 12, 2, 11)]
    if c.role:
        lines.append(("⚔ attacking" if c.role == "attacking" else c.role, "b-roletext"))  # ⛨ is in few fonts
    return lines
