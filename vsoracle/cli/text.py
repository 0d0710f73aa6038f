"""``vsoracle parse`` and ``vsoracle cards check``: card text through the grammar and the engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any, List, Optional

import typer

from ..errors import CardDataError, CardTextError
from .output import Format
from .common import card_database, cards_option, fail, reported
from .jsondoc import document, dumps
from .lines import emit, printable
from .reading import caret_lines, expected_line, parse_answer, reading_lines
from .report import plural

__all__ = ["register"]


def parse_command(
    text: str = typer.Argument(..., help="Card text; several powers may be separated by new lines."),
    name: Optional[str] = typer.Option(None, "--name", metavar="NAME", help="The card's name, e.g. 'Doctor Doom': in the text it means the card itself (Self)."),
    as_tree: bool = typer.Option(False, "--tree", help="Print only the AST, as an indented tree."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document with the AST (schema: json/parse.schema.json in "
                                 "vsoracle docs --path; the contract: vsoracle docs json): errors too, on stdout."),
) -> None:
    """Parse card text: its canonical rendering, one plain sentence per power, then its AST as a tree."""
    out, err, code = parse_answer(text, name, Format.of(as_json), as_tree)
    if out:
        emit(out)
    if err:
        emit(err, err=True)
    raise typer.Exit(code=code)


def check_command(
    files: Optional[List[Path]] = typer.Argument(None, metavar="FILE...", help="Card files (default: every card file of the "
                                                 "database: the installed ones, VSORACLE_CARDS's and --cards's)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON document (schema: json/check.schema.json in "
                                 "vsoracle docs --path; the contract: vsoracle docs json): errors too, on stdout."),
    cards: Optional[List[Path]] = cards_option(),
) -> None:
    """Read the text of every card and say, for each, whether vsoracle can play it.

    Three states: it runs (it parses, and the engine has a rule for every part of it); it parses
    only (the line and what vsoracle cannot play yet are named); it fails (the line, the column
    and a caret). Exit status: 0 when every card runs, 1 otherwise."""
    fmt = Format.of(as_json)
    from ..cards.load import card_files, cards_of
    from ..engine.support import cannot_play
    from ..files import MAX_CARD_FILE_BYTES
    from ..scenario.load import text_line
    from ..text.names import unknown_names
    from ..text.store import parse_stored
    from ..tomlsource import TomlSource

    with reported(fmt):
        # a folder is its card files; a file is read as given (a missing one is an error at its name)
        paths = ([p for f in files for p in (card_files([f], "vsoracle cards check") if Path(f).is_dir() else (Path(f),))]
                 if files else list(card_database(cards).files))
    total = runs = parse_only = 0
    report: list[str] = []
    entries: list[dict[str, Any]] = []  # every card that does not run, for --json
    unknown: list[dict[str, Any]] = []  # every name no card has, for --json
    with reported(fmt):
        sources = [(path, TomlSource.read(path, CardDataError, limit=MAX_CARD_FILE_BYTES, what="a card file"))
                   for path in paths]
        read = [(path, source, list(cards_of(source))) for path, source in sources]
        known = _known_names(card_database(cards), [card for _p, _s, found in read for card, _h in found])
    for path, source, found_cards in read:
        for index, (card, _header_line) in enumerate(found_cards):
            total += 1
            try:
                text = parse_stored(card.text, card.name)
            except CardTextError as error:
                file_line = source.text_line(("card", index, "text"), error.text_line or 1)
                report.append(f"{path}:{file_line}: card '{card.title}' fails: text line {error.text_line}"
                              f" column {error.column}: {error.message}")
                report.extend(caret_lines(error))
                entries.append({"file": str(path), "line": file_line, "number": card.number, "title": card.title,
                                "reads": "fails", "problems": [{"text_line": error.text_line, "column": error.column,
                                                                "message": error.message,
                                                                "hint": error.hint or expected_line(error)}]})
                continue
            for name in unknown_names(text, known):  # a name no card has matches nothing: said, never silent
                file_line = source.text_line(("card", index, "text"), name.use.line)
                # (worded apart from a card that fails: "warning:" first, the card's title after it)
                report.append(f"{path}:{file_line}: warning: in '{card.title}', line {name.use.line} {name}")
                unknown.append({"file": str(path), "line": file_line, "number": card.number, "title": card.title,
                                "text_line": name.use.line, "kind": name.use.kind, "name": name.use.name,
                                "message": name.message, "hint": name.hint})
            problems = cannot_play(text, card.name)
            if not problems:
                runs += 1
                continue
            parse_only += 1
            found = []
            for line, what in problems:
                file_line = source.text_line(("card", index, "text"), line)
                report.append(f"{path}:{file_line}: card '{card.title}' parses only: line {line} "
                              f"\"{text_line(card.text, line)}\": vsoracle cannot play {what} yet")
                found.append({"text_line": line, "column": None, "message": f"vsoracle cannot play {what} yet",
                              "hint": None})
            entries.append({"file": str(path), "line": source.text_line(("card", index, "text"), problems[0][0]),
                            "number": card.number, "title": card.title, "reads": "parses only", "problems": found})
    if fmt is Format.JSON:
        emit(dumps(document("check", files=[str(p) for p in paths], cards=total, runs=runs,
                                  parses_only=parse_only, fails=total - runs - parse_only, not_running=entries,
                                  unknown_names=unknown)))
        if runs != total:
            raise typer.Exit(code=1)
        return
    for said in report:
        emit(said)
    failed = total - runs - parse_only
    if unknown:
        emit(f"{plural(len(unknown), 'name')} no card has: each matches nothing (the warnings above)")
    emit(f"{plural(total, 'card')}: {runs} run{'s' if runs == 1 else ''}, {parse_only} parse"
               f"{'s' if parse_only == 1 else ''} only, {failed} fail{'s' if failed == 1 else ''}")
    if runs != total:
        raise typer.Exit(code=1)


def _known_names(db: Any, extra: List[Any]) -> Any:
    """The names the database's cards and ``extra`` (the cards checked) carry, with those their
    texts give (:class:`vsoracle.cards.names.KnownNames`)."""
    from ..cards.names import KnownNames
    from ..text.names import names_given
    from ..text.store import parse_stored

    given: list[tuple[str, str]] = []
    for card in extra:
        try:
            given.extend(names_given(parse_stored(card.text, card.name)))
        except CardTextError:
            continue  # the check reports it
    return KnownNames.of(list(db) + list(extra), given)


def register(app: typer.Typer) -> None:
    """Add ``parse`` to ``app`` and ``check`` to its ``cards`` sub-app."""
    from . import cards

    app.command("parse")(parse_command)
    cards.app.command("check")(check_command)
