"""The parser's tree and transformer are vsoracle's own (vsoracle/text/tree.py): reading a new
text imports no lark, the transformer calls each rule's method bottom-up with the rule's place,
what a method raises reaches the reader as it did through lark, and no depth of text can make
the walk run out of stack.

(That the trees are lark's, token for token and place for place, is tests/text/test_tables.py.)
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from vsoracle.errors import CardTextError
from vsoracle.text import build
from vsoracle.text.read import read_card_text
from vsoracle.text.syntax import parse_tree
from vsoracle.text.tree import MAX_DEPTH, Meta, TooDeep, Token, Transformer, Tree

ROOT = Path(__file__).resolve().parents[2]


# =============================================================================================
# A new text, a new card: no lark
# =============================================================================================

_PROBE = """\
import sys


class NoLark:
    \"\"\"lark as if it were not installed (it is not a run-time dependency): an import of it fails
    and is recorded.\"\"\"

    tried = []

    def find_spec(self, name, path=None, target=None):
        if name == "lark" or name.startswith("lark."):
            NoLark.tried.append(name)
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None


sys.meta_path.insert(0, NoLark())
from vsoracle.cli import main
sys.argv = ["vsoracle", *sys.argv[1:]]
code = 0
try:
    main()
except SystemExit as done:
    code = done.code
print("exit", code)
print("lark:", NoLark.tried, sorted(m for m in sys.modules if m == "lark" or m.startswith("lark.")))
"""


def _run(cache_home: Path, *args: str) -> tuple[str, str]:
    """The output of ``vsoracle ARGS`` run without lark, and the lark modules it tried to import."""
    env = {"XDG_CACHE_HOME": str(cache_home), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=300)
    lines = done.stdout.rstrip().splitlines()
    assert lines and lines[-1].startswith("lark:"), done.stdout + done.stderr
    return "\n".join(lines[:-1]), lines[-1]


def test_no_module_of_vsoracle_imports_lark() -> None:
    """lark computes the tables (tools/parse_tables.py) and checks the parser (the tests); it is
    in the ``test`` extra, not a dependency of vsoracle."""
    importing = []
    for path in sorted((ROOT / "vsoracle").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            if any(name == "lark" or name.startswith("lark.") for name in names):
                importing.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert importing == []
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not [d for d in project["dependencies"] if d.startswith("lark")]
    assert [d for d in project["optional-dependencies"]["test"] if d.startswith("lark")]


def test_parsing_a_new_text_does_not_import_lark(tmp_path: Path) -> None:
    """A fresh cache folder: the text was never parsed, so it is parsed here, on the packaged
    tables and vsoracle's own tree, with lark not installed."""
    out, lark = _run(tmp_path / "cache", "parse", "Whenever Sapphire Styx becomes stunned, draw 27 cards.",
                     "--name", "Sapphire Styx")
    assert "Canonical text: Whenever Sapphire Styx becomes stunned, draw 27 cards." in out
    assert out.endswith("exit 0") and lark == "lark: [] []"


def test_a_first_resolve_of_new_card_texts_does_not_import_lark(tmp_path: Path) -> None:
    """A fresh cache folder (no card database, no parsed text, no answer) and a scenario whose
    card's text no run has seen: every text it plays is parsed in this run."""
    example = (ROOT / "examples" / "ultron-when-you-recruit.toml").read_text(encoding="utf-8")
    scenario = tmp_path / "new.toml"
    scenario.write_text(example.replace("Ultron", "Ultron Mark 9031"), encoding="utf-8")
    out, lark = _run(tmp_path / "cache", "resolve", str(scenario))
    assert "Ultron Mark 9031" in out and out.endswith("exit 0"), out
    assert lark == "lark: [] []"


# =============================================================================================
# The transformer
# =============================================================================================

def _token(kind: str, text: str, at: int) -> Token:
    return Token(kind, text, at, 1, at + 1, 1, at + 1 + len(text), at + len(text))


class _Calls(Transformer[Any]):
    """Records the calls: (rule, place, children)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, list[Any]]] = []

    def pair(self, meta: Meta, children: list[Any]) -> str:
        self.calls.append(("pair", meta.start_pos, list(children)))
        return "(" + " ".join(str(c) for c in children) + ")"

    def start(self, meta: Meta, children: list[Any]) -> list[Any]:
        self.calls.append(("start", meta.start_pos, list(children)))
        return children


def _placed(data: str, children: list[Any], at: int) -> Tree:
    tree = Tree(data, children)
    tree.meta.start_pos, tree.meta.empty = at, False
    return tree


def test_the_transformer_works_bottom_up_left_to_right_with_each_rules_place() -> None:
    a, b, c = _token("WORD", "a", 0), _token("WORD", "b", 2), _token("WORD", "c", 4)
    tree = _placed("start", [_placed("pair", [a, _placed("pair", [b], 2)], 0), c, _placed("other", [c], 4)], 0)
    calls = _Calls()
    result = calls.transform(tree)
    assert [(rule, at) for rule, at, _ in calls.calls] == [("pair", 2), ("pair", 0), ("start", 0)]
    assert calls.calls[1][2] == [a, "(b)"] and type(calls.calls[1][2][0]) is Token  # tokens as they are
    other = result[2]  # no method: __default__, which keeps the tree (lark's default)
    assert result[:2] == ["(a (b))", c] and isinstance(other, Tree) and other.data == "other"
    assert other.children == [c] and other.meta is tree.children[2].meta


def test_a_token_is_a_string_of_its_terminal() -> None:
    one, other = _token("NAME", "Hulk", 0), _token("WORD", "Hulk", 0)
    assert one == "Hulk" and "Hulk" == one and hash(one) == hash("Hulk") and str(one) == "Hulk"
    assert one != other and not (one == other), "tokens of two terminals differ, as lark's do"
    assert repr(one) == "Token('NAME', 'Hulk')" and one.type == "NAME" and one.end_pos == 4


def test_a_meta_has_no_place_until_it_is_placed() -> None:
    meta = Tree("x", []).meta
    assert meta.empty
    with pytest.raises(AttributeError, match="'Meta' object has no attribute 'start_pos'"):
        meta.start_pos  # as lark's: an unplaced rule's place is missing, not 0


class _Boom(Transformer[Any]):
    def bad(self, meta: Meta, children: list[Any]) -> Any:
        raise KeyError("bad one")


def test_what_a_method_raises_propagates_as_it_is() -> None:
    with pytest.raises(KeyError) as caught:
        _Boom().transform(Tree("start", [Tree("bad", [])]))
    assert caught.value.args == ("bad one",) and caught.value.__context__ is None


def _chain(depth: int) -> Tree:
    tree = Tree("leaf", [_token("WORD", "x", 0)])
    for _ in range(depth - 1):
        tree = Tree("link", [tree])
    return tree


def test_the_walk_is_no_recursion_and_stops_at_its_depth() -> None:
    class Count(Transformer[int]):
        def leaf(self, meta: Meta, children: list[Any]) -> int:
            return 1

        def link(self, meta: Meta, children: list[Any]) -> int:
            return int(children[0]) + 1

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(100)  # far below MAX_DEPTH: a recursive walk would fail
    try:
        assert Count().transform(_chain(MAX_DEPTH)) == MAX_DEPTH
        with pytest.raises(TooDeep):
            Count().transform(_chain(MAX_DEPTH + 1))
    finally:
        sys.setrecursionlimit(limit)


# =============================================================================================
# What reading a text says when the transformer fails (as it said through lark)
# =============================================================================================

def test_a_card_text_error_in_a_method_keeps_its_line_and_column() -> None:
    with pytest.raises(CardTextError) as caught:
        read_card_text("Draw a card.\nWhen Overdrive comes into play, draw Overdrive.")
    error = caught.value
    assert error.message.startswith('"draw" takes a number of cards')
    assert (error.text_line, error.column) == (2, 33)
    assert error.caret() == "When Overdrive comes into play, draw Overdrive.\n" + " " * 32 + "^"


def test_any_other_error_in_a_method_is_one_line_about_the_texts_meaning(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Any, meta: Meta, children: list[Any]) -> Any:
        raise ValueError("too many values to unpack (expected 2)")

    monkeypatch.setattr(build.Build, "plain", broken)
    with pytest.raises(CardTextError) as caught:
        read_card_text("Draw a card.")
    error = caught.value
    assert error.message == "cannot build the text's meaning: too many values to unpack (expected 2)"
    assert error.text == "Draw a card." and error.column is None and error.__cause__ is None


def _deep(controllers: int) -> str:
    """A text whose tree is 2 × ``controllers`` + 12 levels deep."""
    return "Target character's controller" + "'s controller" * controllers + " draws a card."


def test_a_text_nested_deeper_than_the_walk_goes_is_refused_the_same_everywhere() -> None:
    deepest = (MAX_DEPTH - 12) // 2
    assert read_card_text(_deep(deepest)).powers  # as deep as the walk goes: read
    limit = sys.getrecursionlimit()
    for recursion_limit in (limit, 20_000):  # the answer does not depend on the stack left
        sys.setrecursionlimit(recursion_limit)
        try:
            with pytest.raises(CardTextError) as caught:
                read_card_text(_deep(deepest + 1))
        finally:
            sys.setrecursionlimit(limit)
        assert caught.value.message == "the text is nested too deeply" and caught.value.column is None
    tree = parse_tree(_deep(deepest))
    depth, stack = 0, [(tree, 1)]
    while stack:
        node, level = stack.pop()
        depth = max(depth, level)
        stack += [(c, level + 1) for c in node.children if isinstance(c, Tree)]
    assert depth == MAX_DEPTH
