"""``vsoracle cards``: list, show and check the card database."""

from __future__ import annotations

from pathlib import Path
from typing import Any, List, Optional

import typer

from ..cards import Card, CardType, known_set_codes
from .output import Format
from .common import card_database, cards_option
from .help import Application
from .jsondoc import card_json, document, dumps
from .lines import emit, printable

#: The ``--json`` help, naming the document's schema.
_JSON_HELP = "Print one JSON document (schema: json/{0}.schema.json in vsoracle docs --path; the contract: vsoracle docs json): errors too, on stdout."

__all__ = ["app"]

app = Application(help="Browse and check the card database: the card files installed with vsoracle and your own "
                  "(--cards, VSORACLE_CARDS; vsoracle docs scenario-format describes them).", no_args_is_help=True)


@app.command("list")
def list_cards(
    set_code: Optional[str] = typer.Option(None, "--set", metavar="SET", help="Only this set, e.g. MAV."),
    card_type: Optional[str] = typer.Option(None, "--type", metavar="TYPE",
                                            help="Only this type: character, plot-twist, location, equipment."),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP.format("cards")),
    cards: Optional[List[Path]] = cards_option(),
) -> None:
    """List the cards, one line each (number, title, type, cost, ATK/DEF).

    On a terminal, a table; piped or redirected, one full line a card with its fields separated
    by tabs (number, title, type, cost, ATK/DEF, incomplete), so grep and cut keep every column."""
    fmt = Format.of(as_json)
    import sys

    from ..errors import VsOracleError
    from .colour import wants_colour
    from .common import fail, reported
    from .report import plural

    kind = None
    if card_type is not None:
        try:
            kind = CardType(card_type.replace("-", " ").lower())
        except ValueError:
            raise fail(VsOracleError(f"--type {card_type}: no such card type",
                                     hint="use character, plot-twist, location or equipment"), fmt) from None
    with reported(fmt):
        db = card_database(cards)
    known = known_set_codes(db)
    if set_code is not None and set_code.upper() not in {k.upper() for k in known}:
        raise fail(VsOracleError(f"--set {set_code}: no such set", hint="the known sets: " + ", ".join(known)), fmt)
    chosen = db.select(set_code, kind)
    if fmt is Format.JSON:
        emit(dumps(document("cards", set=set_code, type=kind.value if kind else None,
                                  count=len(chosen), cards=[card_json(c) for c in chosen])))
        return
    if not wants_colour(sys.stdout, {}):  # piped: one full line a card, tab-separated, for grep and cut
        for c in chosen:
            stats = f"{c.atk}/{c.defense}" if c.atk is not None else ""
            fields = (c.number or "", c.title, str(c.type or ""), "" if c.cost is None else str(c.cost), stats,
                      "incomplete" if c.incomplete else "")
            emit("\t".join(printable(f) for f in fields).rstrip("\t"), tabs=True)  # a tab in a field is escaped
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, show_header=True, header_style="bold")
    for column in ("number", "title", "type", "cost", "ATK/DEF", ""):
        table.add_column(column)
    for c in chosen:
        stats = f"{c.atk}/{c.defense}" if c.atk is not None else ""
        # Text, not markup (a title's "[link=…]" is not rich's to read), each cell escaped (printable)
        table.add_row(*(Text(printable(cell)) for cell in (c.number or "—", c.title, str(c.type or "?"),
                                                            "" if c.cost is None else str(c.cost), stats,
                                                            "incomplete" if c.incomplete else "")))
    Console().print(table)
    emit(plural(len(chosen), "card"))


@app.command("show")
def show_card(
    title: str = typer.Argument(..., help="Number (MAV-020), title, or unique title prefix; <> for ◊."),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP.format("card")),
    cards: Optional[List[Path]] = cards_option(),
) -> None:
    """Show one card as printed, then how vsoracle reads its text."""
    fmt = Format.of(as_json)
    from .common import reported

    with reported(fmt):
        card = card_database(cards).find(title)
    if fmt is Format.JSON:
        emit(dumps(document("card", card=card_json(card), **_reading_json(card))))
        return
    from rich.console import Console
    from rich.panel import Panel
    from rich.text import Text

    body = Text()
    type_line = str(card.type or "type not given").title()
    if card.ongoing:
        type_line += " — Ongoing"
    if card.affiliations:
        type_line += " — " + " / ".join(card.affiliations)
    body.append(printable(type_line) + "\n", style="italic")
    if card.cost is not None:
        label = "Threshold Cost" if card.type in (CardType.PLOT_TWIST, CardType.LOCATION) else "Cost"
        body.append(f"{card.cost} {label}")
    if card.atk is not None:
        body.append(f"    {card.atk} ATK / {card.defense} DEF")
    if card.icons:
        body.append("    " + ", ".join(i.title() for i in card.icons))
    if card.traits:
        body.append("    " + printable(" / ".join(card.traits)))
    if card.willpower is not None:
        body.append(f"    Willpower {card.willpower}")
    body.append("\n\n")
    if card.text:
        body.append(printable(card.text) + "\n")
    if card.faq_quote:
        body.append(printable(f"FAQ quotes: “{card.faq_quote}”") + "\n", style="dim")
    if card.incomplete:
        body.append("incomplete: the FAQ gives only part of this card\n", style="dim")
    footer = " · ".join(printable(x) for x in (card.number, card.rarity) if x)
    heading = Text(printable(card.title))
    heading.stylize("bold")  # the title's letters, not the space around them
    Console().print(Panel(body, title=heading,
                          subtitle=Text(footer) if footer else None, expand=False))
    if card.text.strip():
        emit("\n".join(_reading(card)))


def _reading(card: Card) -> list[str]:
    """How vsoracle reads the card's text (:func:`vsoracle.cli.text.reading_lines`), or why it cannot."""
    from ..errors import CardTextError
    from ..text.store import parse_stored
    from .reading import reading_lines

    try:
        text = parse_stored(card.text, card.name)
    except CardTextError as error:
        return [f"vsoracle cannot read this text: {error.message} (vsoracle cards check shows where)"]
    kind = card.type.value if card.type else None
    return reading_lines(text, card.name, _SELF_WORDS.get(kind) if kind else None)


def _reading_json(card: Card) -> dict[str, Any]:
    """How vsoracle reads the card's text, for ``cards show --json``: ``reads`` (``runs``, ``parses
    only``, ``fails``, or null for a card without text), the plain reading's lines, what it cannot
    play yet, and the text error (null when there is none)."""
    from ..engine.support import cannot_play
    from ..errors import CardTextError
    from ..text.store import parse_stored

    if not card.text.strip():
        return {"reads": None, "reading": [], "cannot_play": [], "text_error": None}
    try:
        text = parse_stored(card.text, card.name)
    except CardTextError as error:
        return {"reads": "fails", "reading": [], "cannot_play": [],
                "text_error": {"line": error.text_line, "column": error.column, "message": error.message,
                               "expected": list(error.expected)}}
    kind = card.type.value if card.type else None
    problems = [{"line": line, "what": what} for line, what in cannot_play(text, card.name)]
    from .reading import reading_lines

    return {"reads": "parses only" if problems else "runs",
            "reading": reading_lines(text, card.name, _SELF_WORDS.get(kind) if kind else None),
            "cannot_play": problems, "text_error": None}


#: What a card is called in its plain reading, by type.
_SELF_WORDS = {"character": "this character", "plot twist": "this card", "location": "this location",
               "equipment": "this equipment"}
