"""``vsoracle parse`` and ``vsoracle cards check``: card text through the grammar."""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from ..errors import CardDataError, CardTextError
from .common import fail

__all__ = ["register"]


def _caret_lines(error: CardTextError) -> list[str]:
    lines = []
    caret = error.caret()
    if caret:
        lines.extend("    " + line for line in caret.splitlines())
    if error.expected:
        lines.append("    expected one of: " + ", ".join(error.expected))
    return lines


def parse_command(
    text: str = typer.Argument(..., help="Card text; several powers may be separated by new lines."),
    name: Optional[str] = typer.Option(None, "--name", help="The card's name, e.g. 'Doctor Doom': it becomes SelfRef."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for machines."),
) -> None:
    """Parse card text and print its AST as an indented tree."""
    from ..text import parse_card_text
    from ..text.render import render_tree, to_data

    try:
        card_text = parse_card_text(text.replace("\\n", "\n"), name)
    except CardTextError as error:
        where = f"line {error.text_line}, column {error.column}: " if error.column else ""
        message = CardTextError(f"{where}{error.message}", text=error.text)
        for line in _caret_lines(error):
            typer.echo(line, err=True)
        raise fail(message) from None
    if as_json:
        typer.echo(json.dumps(to_data(card_text), ensure_ascii=False, indent=2))
    else:
        typer.echo(render_tree(card_text))


def check_command(
    files: Optional[List[Path]] = typer.Argument(None, help="Card files (default: every cards/*.toml)."),
) -> None:
    """Parse the text of every card; report each failure with a caret; exit 1 if any fails."""
    from ..cards import load_card_file
    from ..resources import data_path
    from ..text import parse_card_text
    from ..tomlsource import TomlSource

    paths = [Path(f) for f in files] if files else sorted(data_path("cards").glob("*.toml"))
    total = parsed = 0
    failures: list[str] = []
    for path in paths:
        source = TomlSource.read(path, CardDataError)
        raw_lines = Path(path).read_text(encoding="utf-8").splitlines()
        for index, (card, _header_line) in enumerate(load_card_file(path)):
            total += 1
            try:
                parse_card_text(card.text, card.name)
            except CardTextError as error:
                text_key = source.line_of(("card", index, "text"))
                file_line = _text_line_in_file(raw_lines, text_key, error.text_line or 1)
                failures.append(f"{path}:{file_line}: card '{card.title}', text line {error.text_line}"
                                f" column {error.column}: {error.message}")
                failures.extend(_caret_lines(error))
                continue
            parsed += 1
    for line in failures:
        typer.echo(line)
    typer.echo(f"{total} cards, {parsed} parsed")
    if parsed != total:
        raise typer.Exit(code=1)


def _text_line_in_file(raw_lines: list[str], key_line: int | None, text_line: int) -> int | None:
    """The file line of line ``text_line`` of a card's ``text`` value."""
    if key_line is None:
        return None
    opener = raw_lines[key_line - 1] if 0 < key_line <= len(raw_lines) else ""
    value = opener.split("=", 1)[1].strip() if "=" in opener else ""
    if value in ('"""', "'''"):
        first = key_line + 1
        while first <= len(raw_lines) and not raw_lines[first - 1].strip():
            first += 1
        return first + text_line - 1
    return key_line + text_line - 1


def register(app: typer.Typer) -> None:
    """Add ``parse`` to ``app`` and ``check`` to its ``cards`` sub-app."""
    from . import cards

    app.command("parse")(parse_command)
    cards.app.command("check")(check_command)
