"""How vsoracle reads a card's text, for ``vsoracle parse`` and ``vsoracle cards show``; no typer
here: ``vsoracle parse TEXT`` is answered without it (:mod:`vsoracle.cli`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import CardTextError
from .lines import printable
from .output import Format

if TYPE_CHECKING:
    from ..text.nodes import CardText

__all__ = ["reading_lines", "parse_answer", "caret_lines", "expected_line"]


def expected_line(error: CardTextError) -> str | None:
    """``expected one of: …`` (at most 16 of them), or ``None``."""
    if not error.expected:
        return None
    shown = error.expected[:16]
    return "expected one of: " + ", ".join(shown) + (", …" if len(error.expected) > len(shown) else "")


def caret_lines(error: CardTextError) -> list[str]:
    """The text an error is in, a caret under where it stops, and what would be right."""
    lines = []
    caret = error.caret()
    if caret:
        shown, _, marker = caret.partition("\n")
        column = marker.index("^") if "^" in marker else 0
        # the caret under the text as it is printed: escaped (emit), so "\u001b" is six columns wide
        lines += ["    " + printable(shown), "    " + " " * len(printable(shown[:column])) + "^"]
    expected = expected_line(error)
    if error.hint:
        lines.append("    " + error.hint)
    elif expected:
        lines.append("    " + expected)
    return lines


def parse_answer(text: str, name: str | None, fmt: Format, tree_only: bool = False) -> tuple[str, str, int]:
    """What ``vsoracle parse`` writes: (standard output, standard error, exit code). ``\\n`` in
    ``text`` is a new line (a shell argument's line break)."""
    from ..text import parse_card_text
    from ..text.data import to_data, tree
    from .jsondoc import document, dumps, error_document
    from .lines import error_line

    text = text.replace("\\n", "\n")
    try:
        card_text = parse_card_text(text, name)
    except CardTextError as error:
        if fmt is Format.JSON:  # the error document: the text's line and column, what was expected
            said = CardTextError(error.message, text=error.text, column=error.column, line=error.text_line,
                                 hint=error.hint or expected_line(error))
            return dumps(error_document(said, 2)), "", 2
        where = f"line {error.text_line}, column {error.column}: " if error.column else ""
        message = CardTextError(f"{where}{error.message}", text=error.text)
        return "", "\n".join([error_line(message), *caret_lines(error)]), 2  # the line first, then the caret
    if fmt is Format.JSON:
        return dumps(document("parse", text=text, name=name, reading=reading_lines(card_text, name),
                              ast=to_data(card_text))), "", 0
    if tree_only:
        return tree(card_text), "", 0
    return "\n".join(reading_lines(card_text, name) + ["", tree(card_text)]), "", 0


def reading_lines(card_text: CardText, name: str | None, card: str | None = None) -> list[str]:
    """How vsoracle reads a text: its canonical rendering, then one plain sentence per power
    (``card``: what the card is called in them, e.g. "this equipment"; default from the text)."""
    from ..text import render
    from ..text.explain import plain_readings
    from ..text.render import RenderError

    try:
        canonical = render(card_text, name).splitlines()
    except RenderError as error:
        canonical = [f"(vsoracle cannot write this text back: {error})"]
    lines = [f"Canonical text: {canonical[0]}"] if len(canonical) == 1 else \
        ["Canonical text:"] + [f"  {line}" for line in canonical]
    lines.append("How vsoracle reads it:")
    lines += [f"  {n}. {sentence}" for n, sentence in enumerate(plain_readings(card_text, card), start=1)]
    return lines
