"""The card-text parser: lark LALR over ``grammar/vs.lark``, built once per process and cached.

``parse_card_text(text, card_name)`` prepares the text (the card's own name becomes SELF
characters, letter for letter, so columns stay true), parses it, and transforms the tree into
:mod:`vsoracle.text.ast` nodes. Every failure is a :class:`~vsoracle.errors.CardTextError`
with the line, column, caret and what the grammar would have accepted there.

The parse tables are cached in a file under the user cache directory (lark checks the grammar's
hash on load, so an edited grammar rebuilds it); the conflict check that lark's ``strict`` mode
would do (it needs the optional ``interegular``) is done here on every rebuild.
"""

from __future__ import annotations

import logging
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Iterator

import lark
from lark import Lark, Token, Tree
from lark.exceptions import (GrammarError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput,
                             UnexpectedToken, VisitError)

from .. import caches
from ..errors import CardTextError
from ..resources import data_path
from . import ast

__all__ = ["parse_card_text", "parse_tree", "grammar_path", "get_parser", "keywords", "prepare", "SELF_CHAR"]

#: The private-use character that stands for each letter of the card's own name.
SELF_CHAR = "\ue000"

# One character for one character, so columns in the prepared text are columns in the card's.
_SAME_WIDTH = str.maketrans({"’": "'", "‘": "'", "–": "-", "−": "-", "“": '"', "”": '"'})

# Readable names for the terminals an error can list as expected.
_PRETTY = {
    "SELF": "the card's own name", "WORD": "a word", "CAPWORD": "a name", "NUMBER": "a number", "SIGNED": "+N or -N",
    "POSS": "'s", "REMINDER": "(reminder text)", "_NL": "a new line", "$END": "the end of the text",
    "AND_PRED": "and", "AND_KW": "and", "AND_NP": "and", "AND_REL": "and", "AND_ONLY": "and only",
    "AS_WELL_AS": ", as well as", "ZONE_SEP": ",", "EQUIPPED_CHARACTER": "equipped character",
    "NON_VERSION": "non-", "FROM_ZONE": "from", "TEAM_AFFILIATIONS": "team affiliations",
    "NAME_OF": "of", "COMMA": ",", "DOT": ".", "COLON": ":", "SLASH": "/", "MORETHAN": ">>>",
    "DBLQUOTE": '"', "QUOTE_EOL": '" at the end of a line',
}


class _Words:
    """Postlexer. WORD is acceptable in every parser state, so the keywords a state accepts are
    matched as whole words; a WORD left over that starts with a capital becomes a CAPWORD.

    A closing quote at the end of a line (QUOTE_EOL) also ends the sentence around the quotes:
    'Equipped character has "Pay 1 endurance >>> … this turn."' has its period inside the quotes
    (FAQ SC 15), so the quote is followed by an empty "." token.
    """

    always_accept = ("WORD", "QUOTE_EOL")

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        for token in stream:
            if token.type == "WORD" and token[:1].isupper():
                token.type = "CAPWORD"
            if token.type == "QUOTE_EOL":
                yield Token.new_borrow_pos("DBLQUOTE", '"', token)
                yield Token("DOT", "", token.end_pos, token.end_line, token.end_column, token.end_line,
                            token.end_column, token.end_pos)
                continue
            yield token


@lru_cache(maxsize=1)
def keywords() -> frozenset[str]:
    """Every keyword of the grammar, lower-case ("target", "ready", "ko'd", …)."""
    return frozenset(t.pattern.value.lower() for t in get_parser().terminals if t.pattern.type == "str")


def grammar_path() -> Path:
    """The grammar file (``grammar/vs.lark``)."""
    return data_path("grammar") / "vs.lark"


def _cache_file() -> bool:
    """No cache for the parse tables: lark's cache file is a pickle, which runs whatever a
    planted file says, and it used to fall back to a shared ``$TMPDIR`` or ``/tmp`` (issue 14).
    The tables are built in each process that parses (about 0.6 s)."""
    return False


class _ConflictLog(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.conflicts: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # lark's own "failed to save the cache" call is malformed
            message = str(record.msg)
        if "Shift/Reduce" in message or message.startswith(" * "):
            self.conflicts.append(message)


def _build(cache: str | bool) -> Lark:
    handler = _ConflictLog()
    logger = lark.logger
    old_level, old_handlers, old_propagate = logger.level, list(logger.handlers), logger.propagate
    for other in old_handlers:
        logger.removeHandler(other)
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False  # lark's messages while building are ours to read, not the application's
    try:
        parser = Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer="contextual",
                      start="card_text", postlex=_Words(), propagate_positions=True,
                      maybe_placeholders=False, cache=cache)
    finally:
        logger.removeHandler(handler)
        for other in old_handlers:
            logger.addHandler(other)
        logger.setLevel(old_level)
        logger.propagate = old_propagate
    if handler.conflicts:
        raise GrammarError("grammar/vs.lark is not LALR(1) (strict): " + " ".join(handler.conflicts))
    return parser


@lru_cache(maxsize=1)
def get_parser() -> Lark:
    """The LALR parser, built once per process; its tables come from the cache file when fresh
    (a cache file lark cannot read or write is logged by lark and built without)."""
    return _build(_cache_file())


_REMINDER = re.compile(r"\([^()\n]*\)")


def prepare(text: str, card_name: str | None) -> str:
    """The text the grammar reads: as long as ``text``, column for column.

    ’ ‘ – − become ' and -; the card's own name (a whole word sequence, not followed by another
    capitalised word) becomes SELF characters. Reminder text in parentheses is kept exactly.
    """
    if SELF_CHAR in text:
        index = text.index(SELF_CHAR)
        raise CardTextError("the text contains U+E000, a character vsoracle reserves", text=text,
                            column=index - text.rfind("\n", 0, index), text_line=text.count("\n", 0, index) + 1)
    name_pattern = None
    if card_name and card_name.strip():
        name = re.escape(card_name.strip().translate(_SAME_WIDTH))
        name_pattern = re.compile(r"(?<![\w'-])" + name + r"(?![\w-]|'(?!s\b)| [A-Z])")
    pieces: list[str] = []
    last = 0
    for match in _REMINDER.finditer(text):
        pieces.append(_prepare_plain(text[last:match.start()], name_pattern))
        pieces.append(match.group(0))
        last = match.end()
    pieces.append(_prepare_plain(text[last:], name_pattern))
    return "".join(pieces)


def _prepare_plain(text: str, name_pattern: re.Pattern[str] | None) -> str:
    text = text.translate(_SAME_WIDTH)
    if name_pattern is not None:
        text = name_pattern.sub(lambda m: SELF_CHAR * len(m.group(0)), text)
    return text


def parse_tree(text: str, card_name: str | None = None) -> Tree:
    """The raw lark tree of ``text`` (for tests and the grammar's own tools)."""
    prepared = prepare(text, card_name)
    try:
        return get_parser().parse(prepared)
    except UnexpectedInput as error:
        raise _syntax_error(error, text) from None


def parse_card_text(text: str, card_name: str | None = None) -> ast.CardText:
    """Parse one card's text into a :class:`~vsoracle.text.ast.CardText`.

    ``card_name`` is the card's name (e.g. "Doctor Doom"): where the text says it (or
    "this character", or he/she/it standing for it) the AST has :class:`~vsoracle.text.ast.SelfRef`.
    Raises :class:`~vsoracle.errors.CardTextError`, never anything else.
    """
    from .transform import transform

    if not isinstance(text, str):
        raise CardTextError(f"card text must be a string, not {type(text).__name__}")
    tree = parse_tree(text, card_name)
    try:
        return transform(tree)
    except VisitError as error:
        inner = error.orig_exc
        if isinstance(inner, CardTextError):
            raise _placed(inner, text, error) from None
        raise CardTextError(f"cannot build the text's meaning: {inner}", text=text) from None
    except CardTextError as error:
        raise _placed(error, text, None) from None
    except RecursionError:
        raise CardTextError("the text is nested too deeply", text=text) from None


def _placed(error: CardTextError, text: str, visit: VisitError | None) -> CardTextError:
    if not error.text:
        error.text = text
    if error.column is None and visit is not None:
        meta = getattr(visit.obj, "meta", None)
        if meta is not None and not getattr(meta, "empty", True):
            error.column = meta.column
            error.text_line = meta.line
    return error


def _end_of(text: str) -> tuple[int, int]:
    """The line and column just after the text's last word."""
    lines = text.splitlines() or [""]
    return len(lines), len(lines[-1].rstrip()) + 1


def _syntax_error(error: UnexpectedInput, text: str) -> CardTextError:
    line = getattr(error, "line", None)
    column = getattr(error, "column", None)
    if isinstance(error, UnexpectedEOF) or line in (None, -1):
        line, column = _end_of(text)
        found = "the end of the text"
        expected = getattr(error, "expected", ()) or ()
    elif isinstance(error, UnexpectedToken):
        token = error.token
        # The prepared text has SELF characters where the card's name was: quote the card's words.
        start, end = getattr(token, "start_pos", None), getattr(token, "end_pos", None)
        word = text[start:end] if start is not None and end is not None else str(token)
        if token.type == "$END":
            found = "the end of the text"
        elif token.type == "DOT" and not word:
            found = "the end of the sentence (a closing quote at the end of a line)"
        elif not word.strip():
            found = "the end of the line" if "\n" in word or token.type == "_NL" else "a space"
        else:
            found = f"'{word}'"
        expected = error.expected or error.accepts or set()
        if token.type == "$END":
            line, column = _end_of(text)
    elif isinstance(error, UnexpectedCharacters):
        found = repr(text[error.pos_in_stream]) if 0 <= error.pos_in_stream < len(text) else "a character"
        expected = error.allowed or set()
    else:  # pragma: no cover - lark has no other kinds
        found = "something"
        expected = set()
    accepted = tuple(sorted({_pretty(name) for name in expected if name not in ("SPACE", "EDGE", "QUOTE_EOL")}))
    return CardTextError(f"cannot read {found} here", text=text, column=column, text_line=line,
                         expected=accepted)


def _pretty(terminal: str) -> str:
    if terminal in _PRETTY:
        return _PRETTY[terminal]
    parser = get_parser()
    try:
        pattern = parser.get_terminal(terminal).pattern
    except KeyError:
        return terminal
    if pattern.type == "str":
        return pattern.value
    return terminal
