"""The card-text parser: ``grammar/card-text.lark`` read by lark's LALR(1) parser.

The lexer (:mod:`vsoracle.text.lexer`) gives some words more than one terminal ("and" may join
clauses, predicates, noun phrases, keywords or names). Before lark builds the tree, this module
walks the LALR tables with every reading still alive and keeps the first one, in the lexer's
order of preference, that the grammar can finish: the grammar stays LALR(1) (lark resolves its
shift/reduce conflicts by shifting, so a trailing phrase attaches to the nearest one it can; it
has no reduce/reduce conflict), and a word's role is decided by everything after it. Few readings stay alive for long (two
readings that reach the same parser state are one), so this costs little.

Every failure is a :class:`~vsoracle.errors.CardTextError` with the line, the column, a caret
and what the grammar would have accepted there.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Sequence

import lark
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import Lexer
from lark.parsers.lalr_analysis import Shift

from ..errors import CardTextError
from ..resources import data_path
from .lexer import CHOICES, Word, prepare, words

__all__ = ["parse_tree", "grammar_path", "get_parser", "vocabulary", "terminal_words"]

#: At most this many readings are followed at once (the text is an error beyond it).
BEAM = 64

#: The deepest the parser's stack may grow (the printed cards need under 20): deeper is refused,
#: so that each word costs the same whatever the text (copying a stack as deep as the text was
#: quadratic: 'X has "' nested 4,000 times took a second, 20,000 times half a minute).
MAX_DEPTH = 200

# Readable names for the terminals an error can list as expected.
_PRETTY = {
    "SELF": "the card's own name", "WORD": "a word", "NAME": "a name", "NUMBER": "a number",
    "SIGNED": "+N or -N", "SIGN": "+ or -", "POSS": "'s", "_NL": "a new line", "$END": "the end of the text",
    "ARROW": ">>>", "QUOTE": '"',
}


def grammar_path() -> Path:
    """The grammar file (``grammar/card-text.lark``)."""
    return data_path("grammar") / "card-text.lark"


class _Words(Lexer):
    """Lark's lexer for card text: the words of :mod:`~vsoracle.text.lexer`, each given the
    terminal of the reading :func:`_readings` kept."""

    __future_interface__ = 2  # lark calls lex(lexer_state, parser_state)

    def __init__(self, conf: Any) -> None:  # lark passes its lexer configuration
        self.by_text: dict[str, str] = {}
        for term in conf.terminals:
            if term.pattern.type == "str":
                self.by_text[term.pattern.value] = term.name
        #: the grammar's words (what a capitalised word at a sentence's start may be)
        self.vocabulary = frozenset(k for k in self.by_text if k[:1].isalpha())

    def lex(self, lexer_state: Any, parser_state: Any) -> Iterator[Token]:
        text = lexer_state.text
        text = getattr(text, "text", text)
        found = [_token(w, t) for w, t in _readings(text, parser_state.parse_conf, self.by_text, self.vocabulary)]
        yield from found


def _token(w: Word, terminal: str) -> Token:
    return Token(terminal, w.text, w.start, w.line, w.column, w.line, w.column + (w.end - w.start), w.end)


def _choices(w: Word, by_text: dict[str, str], known: frozenset[str], names: bool = False) -> tuple[str, ...]:
    """The terminals a word may be, best first."""
    kind = w.kind
    if kind == "nl":
        return ("_NL",)
    if kind == "self":
        return tuple(t for t in ("SELF", "SELF_NAME") if t in known)
    if kind == "name":
        return tuple(t for t in ("NAME", "NAME_NP", "NAME_HEAD") if t in known)
    if kind in ("number", "signed", "sign", "poss", "arrow"):
        return ({"number": "NUMBER", "signed": "SIGNED", "sign": "SIGN", "poss": "POSS", "arrow": "ARROW"}[kind],)
    key = w.key
    also = tuple(t for t in ("NAME", "NAME_NP", "NAME_HEAD") if t in known) if names and w.or_name else ()
    if key in CHOICES:
        return tuple(t for t in CHOICES[key] if t in known) + also
    own = by_text.get(key)
    return ((own,) if own else ("WORD",)) + also


def _readings(text: str, conf: Any, by_text: dict[str, str], vocabulary: frozenset[str]) -> list[tuple[Word, str]]:
    """The words of ``text`` with the terminal each one is, in the first reading (by the lexer's
    order of preference) that the LALR tables accept to the end. A sentence's first word is read
    as a name only if the text reads no other way (and a text that reads neither way is reported
    as the grammar's words read it)."""
    ws = words(text, vocabulary)
    try:
        return _read(text, ws, conf, by_text, names=False)
    except CardTextError as error:
        if not any(w.or_name for w in ws):
            raise
        first = error
    try:
        return _read(text, ws, conf, by_text, names=True)
    except CardTextError:
        raise first from None


def _read(text: str, ws: list[Word], conf: Any, by_text: dict[str, str], names: bool) -> list[tuple[Word, str]]:
    states = conf.states
    known = _terminals(conf)
    # A reading: (stack of parser states, terminals chosen so far as a chain (last, the chain
    # before it), so that choosing one more copies nothing: a tuple grown word by word was
    # quadratic in a long text).
    paths: list[tuple[tuple[int, ...], _Chosen]] = [((conf.start_state,), None)]
    for i, w in enumerate(ws):
        options = _choices(w, by_text, known, names)
        nxt: list[tuple[tuple[int, ...], _Chosen]] = []
        seen: set[tuple[int, ...]] = set()
        for stack, chosen in paths:
            for terminal in options:
                after = _feed(states, stack, terminal)
                if after is None or after in seen:
                    continue
                if len(after) > MAX_DEPTH:
                    raise CardTextError("the text is nested too deeply here", text=text, column=w.column,
                                        text_line=w.line, hint=f"a power nests a few phrases (at most {MAX_DEPTH} "
                                        "open at once): is a quote or a sentence left open?")
                seen.add(after)
                nxt.append((after, (terminal, chosen)))
        if not nxt:
            raise _stuck(text, ws, i, [stack for stack, _ in paths], states)
        paths = nxt[:BEAM]
    for stack, chosen in paths:
        if _accepts(states, stack, conf.end_state):
            return list(zip(ws, _unchained(chosen)))
    raise _stuck(text, ws, len(ws), [stack for stack, _ in paths], states)


#: Terminals chosen so far, the last first: ``(terminal, the chain before it)``, ``None`` for none.
_Chosen = tuple[str, Any] | None


def _unchained(chosen: _Chosen) -> list[str]:
    """The terminals of a chain, first to last."""
    out: list[str] = []
    while chosen is not None:
        out.append(chosen[0])
        chosen = chosen[1]
    out.reverse()
    return out


_TERMINALS: dict[int, tuple[Any, frozenset[str]]] = {}


def _terminals(conf: Any) -> frozenset[str]:
    """Every terminal the tables know (remembered per parse table)."""
    states = conf.states
    hit = _TERMINALS.get(id(states))
    if hit is None or hit[0] is not states:
        hit = (states, frozenset(t for row in states.values() for t in row if t.isupper() or t.startswith("_")))
        _TERMINALS[id(states)] = hit
    return hit[1]


def _feed(states: Any, stack: tuple[int, ...], terminal: str) -> tuple[int, ...] | None:
    """The parser's stack after reading ``terminal`` (reductions, then the shift), or ``None``."""
    work = list(stack)
    while True:
        act = states[work[-1]].get(terminal)
        if act is None:
            return None
        action, arg = act
        if action is Shift:
            work.append(arg)
            return tuple(work)
        size = len(arg.expansion)
        if size:
            del work[-size:]
        work.append(states[work[-1]][arg.origin.name][1])


def _accepts(states: Any, stack: tuple[int, ...], end_state: int) -> bool:
    """Does the text end here (``$END`` reduces to the end state)?"""
    work = list(stack)
    while True:
        act = states[work[-1]].get("$END")
        if act is None:
            return False
        action, arg = act
        if action is Shift:
            return False
        size = len(arg.expansion)
        if size:
            del work[-size:]
        work.append(states[work[-1]][arg.origin.name][1])
        if work[-1] == end_state:
            return True


def _expected(states: Any, stacks: Sequence[tuple[int, ...]]) -> set[str]:
    out: set[str] = set()
    for stack in stacks:
        for terminal in states[stack[-1]]:
            if terminal.lstrip("_").isupper() or terminal == "$END":  # terminals, not rules
                if _feed(states, stack, terminal) is not None or terminal == "$END":
                    out.add(terminal)
    return out


def _stuck(text: str, ws: list[Word], i: int, stacks: Sequence[tuple[int, ...]], states: Any) -> CardTextError:
    """The error for a text no reading of which parses past word ``i``."""
    expected = _expected(states, stacks)
    if i >= len(ws):
        lines = text.splitlines() or [""]
        line, column = len(lines), len(lines[-1].rstrip()) + 1
        found = "the end of the text"
    else:
        w = ws[i]
        line, column = w.line, w.column
        if w.kind == "nl":
            found = "the end of the line"
        elif w.kind == "word":
            found = f"'{w.text}' (a word the card-text language does not use)"
        elif w.kind == "self":
            found = "the card's own name"
        else:
            found = f"'{w.text}'"
    accepted = tuple(sorted({_pretty(t) for t in expected}))
    hint = None
    if i < len(ws) and ws[i].kind in ("word", "keyword", "name"):
        close = difflib.get_close_matches(ws[i].key, [a for a in accepted if a[:1].isalpha()], n=3, cutoff=0.7)
        if close:
            hint = "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
    return CardTextError(f"cannot read {found} here", text=text, column=column, text_line=line, expected=accepted,
                         hint=hint)


@lru_cache(maxsize=1)
def _terminal_words() -> dict[str, str]:
    parser = get_parser()
    return {t.name: t.pattern.value for t in parser.terminals if t.pattern.type == "str"}


def terminal_words() -> dict[str, str]:
    """Terminal name → the word it stands for ("STUN" → "stun")."""
    return _terminal_words()


def vocabulary() -> frozenset[str]:
    """Every word of the grammar, lower-case ("target", "ready", "ko'd", …)."""
    return frozenset(v for v in _terminal_words().values() if v[:1].isalpha())


def _pretty(terminal: str) -> str:
    if terminal in _PRETTY:
        return _PRETTY[terminal]
    for word, terminals in CHOICES.items():  # "HER_OBJ" is "her", "READY_A" is "ready"
        if terminal in terminals:
            return word
    return _terminal_words().get(terminal, terminal.lower())


def _build() -> Lark:
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr", lexer=_Words,
                propagate_positions=True, maybe_placeholders=False)


@lru_cache(maxsize=1)
def get_parser() -> Lark:
    """The LALR parser, once per process: its tables are read from the cache when they were
    built before (as data, :mod:`vsoracle.text.tables`), else built and kept."""
    from . import tables

    k = tables.key(grammar_path().read_bytes(), lark.__version__)
    parser = tables.load(k, _Words)
    if parser is None:
        parser = _build()
        tables.save(parser, k, _Words)
    return parser


def parse_tree(text: str, card_name: str | None = None) -> Tree:
    """The lark tree of ``text`` (``card_name``: the card whose text it is)."""
    if not isinstance(text, str):
        raise CardTextError(f"card text must be a string, not {type(text).__name__}")
    prepared = prepare(text, card_name)
    try:
        return get_parser().parse(prepared)
    except CardTextError as error:
        error.text = text
        raise
    except UnexpectedInput as error:  # the readings agree with lark's tables, so this is a defect
        raise CardTextError(f"cannot read this text: {error}", text=text) from None
