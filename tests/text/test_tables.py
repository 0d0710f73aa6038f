"""The parser's tables are generated into the package (vsoracle/text/parse_tables.py), and parsing
on them is lark's own parse, exactly.

- The committed module is what ``tools/parse_tables.py`` writes from the grammar today: a grammar
  changed without regenerating it fails here, saying what to run.
- Every row of the packaged tables is lark's row, state for state and rule for rule.
- Every card text the project has (cards/, every TOML file under tests/ and examples/, the corpus
  and the wording tables, the texts the Python tests quote), a few thousand mutations of them
  (most of which fail) and texts composed by hypothesis give, through ``syntax.parse_tree``,
  the tree lark's own parser builds from the grammar — tree for tree, token for token, with the
  same positions (``meta``, which the transformer reads) — and the same AST; a text that fails
  fails with the same message, line, column, expected words and hint. The tree is made of
  vsoracle's own classes (``vsoracle.text.tree``), compared field by field with lark's.
"""

from __future__ import annotations

import ast
import importlib.util
import random
import sys
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from lark import Token as LarkToken, Tree as LarkTree
from lark.lexer import Lexer

from vsoracle.errors import CardTextError
from vsoracle.text import lalr, parse_tables, syntax
from vsoracle.text.build import Build
from vsoracle.text.lexer import prepare
from vsoracle.text.read import read_card_text
from vsoracle.text.refs import card_text
from vsoracle.text.render import render
from vsoracle.text.tables import Rule, Tables, packaged
from vsoracle.text.tree import Meta, Token, Tree

from .compose import powers

ROOT = Path(__file__).resolve().parents[2]
GRAMMAR = (ROOT / "grammar" / "card-text.lark").read_text(encoding="utf-8")


def _load_tool() -> Any:
    path = ROOT / "tools" / "parse_tables.py"
    spec = importlib.util.spec_from_file_location("parse_tables_tool", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("parse_tables_tool", module)
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


# =============================================================================================
# The module is the grammar's
# =============================================================================================

def test_the_packaged_tables_are_the_grammars() -> None:
    committed = Path(parse_tables.__file__).read_text(encoding="utf-8")
    assert tool.generate(GRAMMAR, reference().parser) == committed, (
        "the grammar changed and vsoracle/text/parse_tables.py did not: run python tools/parse_tables.py "
        "and commit the module with the grammar")


# =============================================================================================
# lark's own parser, the reference
# =============================================================================================

class _Reference:
    """lark's parser of the grammar and its tables in lark's numbering."""

    def __init__(self) -> None:
        self.parser = tool.lark_parser(GRAMMAR, lexer=_Chosen)
        raw = tool.lark_tables(self.parser)
        self.raw = raw
        self.tables = Tables(raw["rows"], [Rule(*r) for r in raw["rules"]], raw["start"], raw["end"],
                             {s for row in raw["rows"].values() for s in row}, raw["words"])


class _Chosen(Lexer):
    """Gives lark the tokens of the reading chosen on lark's own tables."""

    __future_interface__ = 2

    def __init__(self, conf: Any) -> None:
        pass

    def lex(self, lexer_state: Any, parser_state: Any) -> Any:
        text = lexer_state.text
        text = getattr(text, "text", text)
        chosen = syntax._readings(text, reference().tables)
        for token in [syntax._token(w, t) for w, t in chosen]:  # ours, remade as lark's
            yield LarkToken(token.type, str(token), token.start_pos, token.line, token.column, token.end_line,
                            token.end_column, token.end_pos)


@lru_cache(maxsize=1)
def reference() -> _Reference:
    return _Reference()


def test_every_row_is_larks() -> None:
    """State for state (in the generator's numbering) and rule for rule."""
    ref = reference()
    order, ranked = tool.canonical(ref.raw)
    rule_number = {old: new for new, old in enumerate(ranked)}
    ours = packaged()
    assert len(order) == len(parse_tables.STATES) and ours.start == order[ref.raw["start"]]
    assert ours.end == order[ref.raw["end"]]
    for state, row in ref.raw["rows"].items():
        expected = {s: (order[a] if a >= 0 else ~rule_number[~a]) for s, a in row.items()}
        assert ours.rows[order[state]] == expected, f"state {order[state]} (lark's {state})"
    assert [ours.rules[rule_number[i]] for i in range(len(ranked))] == ref.tables.rules
    assert ours.words == ref.tables.words and ours.known == ref.tables.known
    assert ours.vocabulary == ref.tables.vocabulary


def _parse_ref(text: str, name: str | None) -> LarkTree[LarkToken]:
    try:
        tree: LarkTree[LarkToken] = reference().parser.parse(prepare(text, name))
    except CardTextError as error:
        error.text = text
        # as syntax.parse_tree: the card's name after a sentence's first word may end a longer name
        named = prepare(text, name, start_names=True)
        if named == prepare(text, name):
            raise
        try:
            tree = reference().parser.parse(named)
        except CardTextError:
            raise error from None
    return tree


def _same_tree(ours: Any, theirs: Any, where: str = "start") -> None:
    """Our tree (``vsoracle.text.tree``) is lark's, field for field."""
    if isinstance(theirs, LarkTree):
        assert type(ours) is Tree, where
        assert ours.data == theirs.data and type(ours.data) is str, where
        assert type(ours.meta) is Meta and vars(ours.meta) == vars(theirs.meta), f"{where}: meta"
        assert len(ours.children) == len(theirs.children), f"{where}: {ours.children} vs {theirs.children}"
        for i, (a, b) in enumerate(zip(ours.children, theirs.children)):
            _same_tree(a, b, f"{where}/{i}:{getattr(b, 'data', getattr(b, 'type', ''))}")
    else:
        assert type(theirs) is LarkToken and type(ours) is Token, where
        assert set(Token.__slots__) == set(LarkToken.__slots__)
        for field in LarkToken.__slots__:
            assert getattr(ours, field) == getattr(theirs, field), f"{where}: token {field}"
        assert str(ours) == str(theirs) and repr(ours) == repr(theirs), where


def _ours(theirs: Any) -> Any:
    """lark's tree in vsoracle's classes (what the transformer reads)."""
    if isinstance(theirs, LarkToken):
        return _token(theirs)
    meta = Meta()
    vars(meta).update(vars(theirs.meta))
    return Tree(theirs.data, [_ours(c) for c in theirs.children], meta)


def _token(t: LarkToken) -> Token:
    return Token(t.type, t.value, t.start_pos, t.line, t.column, t.end_line, t.end_column, t.end_pos)


# Every way lark shapes a tree: ``?rule`` with tokens dropped around its one child (which keeps
# its own place) or an empty child (which takes the tokens' place), aliases, ``_rule`` inlined
# first (lark reuses its list) and later, ``!rule``, an empty rule, left recursion.
SHAPES = r"""
start: _items
_items: item | _items item
?item: "(" inner ")"
     | "[" inner "]"        -> bracket
     | WORD "=" WORD ";"    -> pair
     | keep
     | WORD
     | "{" _inline "}"
     | "<" _inline ">" WORD -> angle
!keep: "!" WORD
inner: WORD*
_inline: WORD ("," WORD)*
WORD: /[a-z]+/
%ignore " "
%ignore "\n"
"""


@pytest.mark.parametrize("text", ["a (b) [c d] x = y ; ! z { p , q } ( ) [ ]", "( )", "[\n]  e",
                                  "{ a }\n< b , c > d", "(\n a b\n) ! c"])
def test_the_driver_builds_larks_tree_for_every_shape(text: str) -> None:
    parser = tool.lark_parser(SHAPES, lexer="basic")
    raw = tool.lark_tables(parser)
    tables = Tables(raw["rows"], [Rule(*r) for r in raw["rules"]], raw["start"], raw["end"],
                    {s for row in raw["rows"].values() for s in row}, raw["words"])
    _same_tree(lalr.parse(tables, [_token(t) for t in parser.lex(text)]), parser.parse(text))


def _error(error: CardTextError) -> tuple[Any, ...]:
    return (error.message, error.text, error.text_line, error.column, error.expected, error.hint)


def check_same(text: str, name: str | None, ast: bool = True) -> str:
    """Parse ``text`` both ways and assert they agree (``ast``: the ASTs too, which the same trees
    imply); "tree", "error" or "refused" (the tree, but no AST)."""
    try:
        theirs = _parse_ref(text, name)
    except CardTextError as error:
        with pytest.raises(CardTextError) as info:
            syntax.parse_tree(text, name)
        assert _error(info.value) == _error(error), text
        return "error"
    ours = syntax.parse_tree(text, name)
    _same_tree(ours, theirs)
    if not ast:
        return "tree"
    try:
        expected = card_text(Build(text).transform(_ours(theirs)))
    except Exception as error:  # the AST step refuses it: read_card_text must refuse it too
        with pytest.raises(CardTextError):
            read_card_text(text, name)
        return "refused"
    assert read_card_text(text, name) == expected, text
    return "tree"


# =============================================================================================
# Every text the project has
# =============================================================================================

def _toml_texts() -> list[tuple[str, str | None]]:
    found: dict[tuple[str, str | None], None] = {}

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            text, name = x.get("text"), x.get("name")
            if isinstance(text, str):
                found[(text, name if isinstance(name, str) else None)] = None
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    files = sorted([*ROOT.joinpath("cards").glob("*.toml"), *ROOT.joinpath("tests").rglob("*.toml"),
                    *ROOT.joinpath("examples").glob("*.toml")])
    for path in files:
        try:
            walk(tomllib.loads(path.read_text(encoding="utf-8")))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue  # the bad-file tests' own inputs
    return list(found)


def _quoted_texts() -> list[str]:
    """String constants of two words or more in the tests (card texts that read and texts that
    must fail, as the tests write them; and much that is not card text, which fails alike)."""
    found: dict[str, None] = {}
    for path in sorted(ROOT.joinpath("tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value.strip():
                if len(node.value) < 2000:
                    found[node.value] = None
    return list(found)


def _mutations(texts: list[tuple[str, str | None]], per_text: int, seed: int) -> list[tuple[str, str | None]]:
    """Each text with a word dropped, doubled or swapped with the next one, or a word of another
    text put in: mostly texts that fail, at every place a text can fail."""
    rng = random.Random(seed)
    vocabulary = sorted({w for text, _ in texts for w in text.split()})
    out = []
    for text, name in texts:
        ws = text.split(" ")
        for _ in range(per_text):
            if len(ws) < 2:
                break
            i = rng.randrange(len(ws) - 1)
            how = rng.randrange(4)
            changed = list(ws)
            if how == 0:
                del changed[i]
            elif how == 1:
                changed.insert(i, ws[i])
            elif how == 2:
                changed[i], changed[i + 1] = changed[i + 1], changed[i]
            else:
                changed[i] = rng.choice(vocabulary)
            out.append((" ".join(changed), name))
    return out


TOML_TEXTS = _toml_texts()


def test_there_are_texts_to_compare() -> None:
    assert len(TOML_TEXTS) > 1000 and len(_quoted_texts()) > 1000


def _compare_all(cases: list[tuple[str, str | None]], ast: bool = True) -> dict[str, int]:
    counts: dict[str, int] = {}
    for text, name in cases:
        outcome = check_same(text, name, ast)
        counts[outcome] = counts.get(outcome, 0) + 1
    return counts


def test_every_text_of_the_project_parses_as_lark_parses_it() -> None:
    counts = _compare_all(TOML_TEXTS)
    assert counts.get("tree", 0) > 1000, counts


def test_every_text_the_tests_quote_parses_as_lark_parses_it() -> None:
    counts = _compare_all([(text, None) for text in _quoted_texts()] + [(t, "Doctor Doom") for t in _quoted_texts()[:50]])
    assert counts.get("tree", 0) > 100 and counts.get("error", 0) > 20, counts


def test_mutated_texts_fail_or_parse_as_lark_does() -> None:
    counts = _compare_all(_mutations(TOML_TEXTS, 1, seed=22), ast=False)
    assert counts.get("error", 0) > 800 and counts.get("tree", 0) > 100, counts


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
@given(powers())
def test_a_composed_text_parses_as_lark_parses_it(pair: Any) -> None:
    ct, name = pair
    assert check_same(render(ct, name), name) == "tree"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TOML_TEXTS), st.integers(0, 10_000))
def test_a_mutated_text_fails_or_parses_as_lark_does(case: tuple[str, str | None], seed: int) -> None:
    for text, name in _mutations([case], 3, seed):
        check_same(text, name, ast=False)
