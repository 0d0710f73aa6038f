"""AST nodes are values: equal when their class and rule-relevant fields are equal.

Display-only fields (``eq=False``: the words a card used for a reference) take no part in
equality or hashing; a node of another class with the same fields is a different node.
"""

from __future__ import annotations

import attrs
import pickle

from hypothesis import given, settings

from vsoracle.text import ast

from .strategies import card_texts


def test_display_only_words_do_not_make_nodes_different() -> None:
    it, that_attacker = ast.TargetRef(1, noun="it"), ast.TargetRef(1, noun="attacker")
    assert it == that_attacker and hash(it) == hash(that_attacker)
    assert ast.TargetRef(1) != ast.TargetRef(2)


def test_the_class_is_part_of_the_value() -> None:
    assert ast.TargetRef(1) != ast.TriggerRef("1")
    assert ast.Fixed(1) != 1 and ast.Fixed(1) == ast.Fixed(1)
    assert len({ast.You(), ast.You(), ast.Fixed(1), ast.Fixed(1), ast.Fixed(2)}) == 3


def test_fields_without_eq_are_exactly_the_display_only_ones() -> None:
    """The docstring's contract: every ``eq=False`` field is a ``noun`` or similar wording field."""
    for cls in (c for c in vars(ast).values() if isinstance(c, type) and attrs.has(c)):
        for a in attrs.fields(cls):
            if not a.eq:
                assert a.type in ("str", "bool"), (cls.__name__, a.name)


@settings(max_examples=60, deadline=None)
@given(card_texts())
def test_equal_texts_give_equal_hashable_values(pair) -> None:
    """Two parses of the same text are equal and hash alike; a pickled copy (the parsed-text
    store) is equal too."""
    node, name = pair
    assert node == pickle.loads(pickle.dumps(node))
    assert hash(node) == hash(pickle.loads(pickle.dumps(node)))
    assert {node: 1}[attrs.evolve(node)] == 1
