"""The grammar and the parser: LALR without conflicts, built once, every rule has a meaning."""

from __future__ import annotations

import attrs
import pytest
from lark import Tree
from lark.exceptions import VisitError

from vsoracle.cards import load_database
from vsoracle.errors import CardTextError
from vsoracle.text import ast as A
from vsoracle.text import parse_card_text, parser
from vsoracle.text.transform import CardTextTransformer


def test_parser_is_built_once_per_process():
    assert parser.get_parser() is parser.get_parser()


def test_grammar_is_lalr_without_conflicts():
    """What lark's strict mode checks: a fresh build (no cache) finds no shift/reduce conflict."""
    built = parser._build(False)
    assert built.options.parser == "lalr"


def _tree_names(lark_parser) -> set[str]:
    names = set()
    for rule in lark_parser.rules:
        name = rule.alias or rule.origin.name
        if not isinstance(name, str) or name.startswith("_"):
            continue
        if rule.options.expand1 and not rule.alias and len(rule.expansion) == 1:
            continue  # "?rule" with one child: lark puts the child in its place
        names.add(name)
    return names


def test_every_rule_and_alias_has_a_transformer_method():
    names = _tree_names(parser.get_parser())
    missing = sorted(n for n in names if not callable(getattr(CardTextTransformer, n, None)))
    assert not missing, f"grammar rules without a Transformer method: {missing}"


def test_default_raises_instead_of_building_a_tree():
    with pytest.raises((VisitError, CardTextError)) as info:
        CardTextTransformer().transform(Tree("not_a_rule", []))
    error = info.value.orig_exc if isinstance(info.value, VisitError) else info.value
    assert isinstance(error, CardTextError) and "not_a_rule" in str(error)


def _walk(node):
    yield node
    if isinstance(node, tuple):
        for item in node:
            yield from _walk(item)
    elif attrs.has(type(node)):
        for field in attrs.fields(type(node)):
            yield from _walk(getattr(node, field.name))


def test_card_asts_are_frozen_hashable_nodes_without_trees_or_placeholders():
    for card in load_database():
        text = parse_card_text(card.text, card.name)
        hash(text)
        for node in _walk(text):
            assert not isinstance(node, (Tree, list, dict, set)), (card.title, node)
            if attrs.has(type(node)):
                assert isinstance(node, A.Node), (card.title, node)
                assert type(node).__module__ == A.__name__, (card.title, node)
                fields = attrs.fields(type(node))
                if fields:
                    with pytest.raises(attrs.exceptions.FrozenInstanceError):
                        setattr(node, fields[0].name, None)


def test_every_node_class_has_a_docstring_naming_its_use():
    for name in A.__all__:
        obj = getattr(A, name)
        if isinstance(obj, type):
            assert obj.__doc__ and len(obj.__doc__) > 10, name


def test_the_parse_tables_are_not_cached_in_lark_s_pickle(monkeypatch, tmp_path):
    """lark's cache file is a pickle (running a planted one runs its code) and fell back to /tmp:
    the tables are built in each process instead (issue 14)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parser._cache_file() is False


def test_a_cache_file_lark_cannot_write_does_not_stop_the_parser(tmp_path):
    """lark logs a cache it cannot save with a malformed log call; the parser is built all the same."""
    blocked = tmp_path / "tables.cache"
    blocked.mkdir()  # a folder where the cache file should be
    built = parser._build(str(blocked))
    assert built.parse(parser.prepare("Reservist", None)) is not None


def test_render_reads_the_same_keywords_as_the_parser():
    """render reads the grammar's keywords from the file so that rendering never builds a parser."""
    from vsoracle.text.parser import keywords
    from vsoracle.text.render import _keywords

    assert _keywords() == keywords()
