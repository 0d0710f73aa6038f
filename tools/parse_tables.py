#!/usr/bin/env python3
"""Write ``vsoracle/text/parse_tables.py``: the card-text grammar's LALR(1) tables as Python data.

    python tools/parse_tables.py           # after editing grammar/card-text.lark: regenerate
    python tools/parse_tables.py --check   # exit 1 when the committed module is out of date

The tables are lark's own: the grammar is compiled and analysed by lark (``parser="lalr"``,
``propagate_positions=True``, ``maybe_placeholders=False``, the options vsoracle always parsed
with), and this script only writes down what lark computed, so that a run never builds them:

* every state's row of actions (shift or go to a state, reduce by a rule), with the states
  numbered in a canonical order (breadth first from the start state, symbols in name order) and
  the rules sorted by name and expansion, so that the module depends on the grammar alone —
  not on the order of Python's hashing or on the lark version that wrote it;
* per rule, how lark shapes its tree, read from lark's own tree builder: the tree's name (the
  alias, else the rule), whether a single child stands for the tree (``?rule``), and which
  children it keeps (``_TOKEN`` and anonymous tokens dropped unless ``!rule``, ``_rule``
  children spliced in) — :mod:`vsoracle.text.lalr` builds the same trees from it;
* the grammar's words (string terminals), which the lexer and the error messages use.

tests/text/test_tables.py runs :func:`generate` and compares its text with the committed module.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GRAMMAR = ROOT / "grammar" / "card-text.lark"
MODULE = ROOT / "vsoracle" / "text" / "parse_tables.py"
#: The grammar's start rule.
START = "start"


def lark_parser(grammar: str, lexer: Any = None) -> Any:
    """lark's LALR parser of ``grammar`` with vsoracle's options (``lexer``: lark's ``lexer``
    option; by default a lexer that reads nothing, for the tables alone)."""
    from lark import Lark
    from lark.lexer import Lexer

    class _NoLexer(Lexer):
        def __init__(self, conf: Any) -> None:
            pass

        def lex(self, *args: Any) -> Any:
            raise NotImplementedError("only the tables are wanted")

    return Lark(grammar, parser="lalr", lexer=lexer or _NoLexer, propagate_positions=True,
                maybe_placeholders=False)


def tree_shapes(parser: Any) -> dict[Any, tuple[str, bool, tuple[int, ...] | None]]:
    """Rule → (tree name, a single child stands for the tree, children kept or ``None`` for
    all), read from the wrappers lark's tree builder puts around each rule's callback. A wrapper
    this script does not know is an error: the driver would not build lark's tree."""
    from functools import partial

    from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild, PropagatePositions

    shapes = {}
    for rule, chain in parser._parse_tree_builder.rule_builders:
        single, keep, placed = False, None, False
        for wrapper in chain:
            if wrapper is ExpandSingleChild:
                single = True
            elif isinstance(wrapper, partial) and wrapper.func is ChildFilterLALR_NoPlaceholders:
                keep = tuple(~i if inline else i for i, inline in wrapper.args[0])
            elif wrapper is PropagatePositions:
                placed = True
            else:
                raise SystemExit(f"lark shapes rule {rule} with {wrapper!r}, which vsoracle.text.lalr does not do")
        if not placed:
            raise SystemExit(f"lark does not place rule {rule}'s tree (propagate_positions)")
        name = rule.alias or rule.options.template_source or rule.origin.name
        shapes[rule] = (str(name), single, keep)
    return shapes


def lark_tables(parser: Any) -> dict[str, Any]:
    """lark's tables as plain data, in lark's own numbering: ``rows`` (state → symbol → action:
    ``n >= 0`` go to state ``n``, ``n < 0`` reduce by rule ``~n``), ``rules`` (origin, size,
    tree name, single, kept), ``start``, ``end``, ``words`` (word → terminal)."""
    from lark.parsers.lalr_analysis import Shift

    table = parser.parser.parser._parse_table
    shapes = tree_shapes(parser)
    rules: list[Any] = []
    index: dict[Any, int] = {}
    rows: dict[int, dict[str, int]] = {}
    for state, actions in table.states.items():
        row = {}
        for symbol, (action, arg) in actions.items():
            if action is Shift:
                row[str(symbol)] = arg
            else:
                if arg not in index:
                    index[arg] = len(rules)
                    rules.append(arg)
                row[str(symbol)] = ~index[arg]
        rows[state] = row
    words: dict[str, str] = {}
    for term in parser.terminals:
        if term.pattern.type == "str":
            if term.pattern.value in words:
                raise SystemExit(f"two terminals are the word {term.pattern.value!r}")
            words[term.pattern.value] = term.name
    return {
        "rows": rows,
        "rules": [(str(r.origin.name), len(r.expansion), *shapes[r]) for r in rules],
        "rule_keys": [(str(r.origin.name), tuple(str(s.name) for s in r.expansion)) for r in rules],
        "start": table.start_states[START],
        "end": table.end_states[START],
        "words": words,
    }


def canonical(tables: dict[str, Any]) -> tuple[dict[int, int], list[int]]:
    """The canonical numbering of lark's tables: state → new state (breadth first from the start
    state, symbols in name order), and the rules' lark indices in sorted order."""
    rows = tables["rows"]
    order = {tables["start"]: 0}
    queue = deque([tables["start"]])
    while queue:
        state = queue.popleft()
        for symbol in sorted(rows[state]):
            target = rows[state][symbol]
            if target >= 0 and target not in order:
                order[target] = len(order)
                queue.append(target)
    if len(order) != len(rows):
        raise SystemExit(f"{len(rows) - len(order)} states cannot be reached from the start state")
    keys = tables["rule_keys"]
    ranked = sorted(range(len(keys)), key=lambda i: keys[i])
    if len({keys[i] for i in ranked}) != len(ranked):
        raise SystemExit("two rules have the same name and expansion")
    return order, ranked


def generate(grammar: str, parser: Any = None) -> str:
    """The text of ``vsoracle/text/parse_tables.py`` for ``grammar`` (``parser``: lark's parser
    of it, when the caller has one already)."""
    tables = lark_tables(parser or lark_parser(grammar))
    order, ranked = canonical(tables)
    rule_number = {old: new for new, old in enumerate(ranked)}
    by_state = sorted(order, key=order.__getitem__)
    symbols = sorted({s for row in tables["rows"].values() for s in row})
    symbol_number = {s: i for i, s in enumerate(symbols)}

    lookaheads: dict[tuple[int, ...], int] = {}
    encoded = []
    for state in by_state:
        row = tables["rows"][state]
        goes = [f"{symbol_number[s]} {order[row[s]]}" for s in sorted(row, key=symbol_number.__getitem__) if row[s] >= 0]
        reduces: dict[int, list[int]] = {}
        for s, action in row.items():
            if action < 0:
                reduces.setdefault(rule_number[~action], []).append(symbol_number[s])
        pairs = []
        for rule in sorted(reduces):
            key = tuple(sorted(reduces[rule]))
            pairs.append((rule, lookaheads.setdefault(key, len(lookaheads))))
        encoded.append((goes, pairs))
    # number the lookahead sets in sorted order too
    sets = sorted(lookaheads)
    set_number = {lookaheads[k]: i for i, k in enumerate(sets)}

    out = [
        '"""The card-text grammar\'s LALR(1) tables, as lark computes them (generated: do not edit).',
        "",
        "Written by ``python tools/parse_tables.py`` from ``grammar/card-text.lark``; read by",
        ":mod:`vsoracle.text.tables`, which says what each value means. tests/text/test_tables.py",
        "fails when the grammar and this module disagree.",
        '"""',
        "",
        "# fmt: off",
        "",
        f"START = {order[tables['start']]}",
        f"END = {order[tables['end']]}",
        "",
        "SYMBOLS: tuple[str, ...] = (",
        *(f"    {s!r}," for s in symbols),
        ")",
        "",
        "WORDS: tuple[tuple[str, str], ...] = (",
        *(f"    ({w!r}, {t!r})," for w, t in sorted(tables["words"].items())),
        ")",
        "",
        "RULES: tuple[tuple[str, int, str, bool, tuple[int, ...] | None], ...] = (",
    ]
    for old in ranked:
        origin, size, name, single, keep = tables["rules"][old]
        out.append(f"    ({origin!r}, {size}, {name!r}, {single}, {keep!r}),")
    out += [
        ")",
        "",
        "LOOKAHEADS: tuple[str, ...] = (",
        *(f"    {' '.join(map(str, k))!r}," for k in sets),
        ")",
        "",
        "STATES: tuple[str, ...] = (",
    ]
    for goes, pairs in encoded:
        reduce_part = " ".join(f"{rule} {set_number[la]}" for rule, la in pairs)
        out.append(f"    {' '.join(goes) + '|' + reduce_part!r},")
    out += [")", ""]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    if importlib.util.find_spec("lark") is None:  # vsoracle never imports it: only this script and the tests
        print("tools/parse_tables.py needs lark, which computes the tables: pip install -e '.[test]'", file=sys.stderr)
        return 2
    text = generate(GRAMMAR.read_text(encoding="utf-8"))
    if "--check" in argv:
        same = MODULE.is_file() and MODULE.read_text(encoding="utf-8") == text
        print(f"{MODULE.relative_to(ROOT)} is {'up to date' if same else 'out of date: run python tools/parse_tables.py'}")
        return 0 if same else 1
    MODULE.write_text(text, encoding="utf-8")
    print(f"wrote {MODULE.relative_to(ROOT)} ({len(text):,} characters)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
