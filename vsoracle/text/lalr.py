"""An LALR(1) parser over :mod:`vsoracle.text.tables` that builds lark's tree.

The tables are lark's (``tools/parse_tables.py`` writes them down), and the tree is the one
``Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=False).parse``
builds from the same tokens, ``Tree`` for ``Tree`` and ``Token`` for ``Token``, made of
vsoracle's own classes (:mod:`vsoracle.text.tree`: lark is not imported). Each reduction does what
lark's tree builder (``lark/parse_tree_builder.py``) does for the rule, in the same order:

1. keep the children the rule keeps (:attr:`Rule.keep`: tokens lark filters out are dropped,
   an inlined ``_rule``'s children are spliced in — into the inlined tree's own list when it is
   the first child kept, as lark does);
2. ``?rule``: one child left stands for the tree; otherwise a ``Tree`` named after the rule or
   its alias;
3. place the tree (``PropagatePositions``): from the first and the last of the rule's children
   that have a place — all of them, the dropped and inlined ones too — the tree's ``meta`` gets
   ``line``, ``column``, ``start_pos``, ``end_line``, ``end_column``, ``end_pos`` (only those it
   does not have yet: a ``?rule``'s single child keeps its own) and the ``container_…`` extent,
   and ``empty`` turns false.

tests/text/test_tables.py checks that the trees, their ``meta`` and the tokens are lark's for
every card text the project has, and for texts drawn by hypothesis.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..errors import CardTextError
from .tables import Tables
from .tree import Branch, Meta, Token, Tree

__all__ = ["parse"]


def parse(tables: Tables, tokens: Sequence[Token]) -> Tree:
    """The tree of ``tokens``, which the tables must accept (the readings were chosen on them:
    a token they refuse is a defect, reported as a :class:`CardTextError`)."""
    rows, rules = tables.rows, tables.rules
    states = [tables.start]
    values: list[Branch] = []

    def reduce(number: int) -> None:
        rule = rules[number]
        size = rule.size
        if size:
            children = values[-size:]
            del states[-size:]
            del values[-size:]
        else:
            children = []
        keep = rule.keep
        kept: list[Branch]
        if keep is None:
            kept = children
        else:
            kept = []
            for i in keep:
                if i < 0:
                    inlined = children[~i]
                    assert isinstance(inlined, Tree)  # an inlined rule is always a tree
                    inner = inlined.children
                    if kept:
                        kept += inner
                    else:  # lark's own shortcut: the inlined tree's list becomes this one
                        kept = inner
                else:
                    kept.append(children[i])
        made = kept[0] if rule.single and len(kept) == 1 else Tree(rule.tree, kept)
        if isinstance(made, Tree):
            _place(made, children)
        states.append(rows[states[-1]][rule.origin])
        values.append(made)

    for token in tokens:
        while True:
            action = rows[states[-1]].get(token.type)
            if action is None:
                raise _defect(token.type, states[-1])
            if action >= 0:
                states.append(action)
                values.append(token)
                break
            reduce(~action)
    while True:
        action = rows[states[-1]].get("$END")
        if action is None or action >= 0:
            raise _defect("$END", states[-1])
        reduce(~action)
        if states[-1] == tables.end:
            tree = values[-1]
            assert isinstance(tree, Tree)  # the start rule is never a ?rule
            return tree


def _defect(symbol: str, state: int) -> CardTextError:
    return CardTextError(f"cannot read this text: the parser has no action for {symbol} in state {state} "
                         "(a defect: the readings were chosen on the same tables)")


def _first(children: Iterable[Branch]) -> Meta | Token | None:
    """The first child with a place: a token, or a tree whose meta is not empty."""
    for c in children:
        if isinstance(c, Tree):
            if not c.meta.empty:
                return c.meta
        else:
            return c
    return None


def _place(tree: Tree, children: list[Branch]) -> None:
    """lark's ``PropagatePositions`` for ``tree`` made from ``children`` (a tree's place is its
    ``container_…`` extent: where all of its rule's children are, the dropped ones too)."""
    meta = tree.meta
    first = _first(children)
    if first is not None:
        if isinstance(first, Meta):
            line, column, start = first.container_line, first.container_column, first.container_start_pos
        else:
            line, column, start = first.line, first.column, first.start_pos
        if not hasattr(meta, "line"):
            meta.line, meta.column, meta.start_pos = line, column, start
            meta.empty = False
        meta.container_line, meta.container_column, meta.container_start_pos = line, column, start
    last = _first(reversed(children))
    if last is not None:
        if isinstance(last, Meta):
            line, column, end = last.container_end_line, last.container_end_column, last.container_end_pos
        else:
            line, column, end = last.end_line, last.end_column, last.end_pos
        if not hasattr(meta, "end_line"):
            meta.end_line, meta.end_column, meta.end_pos = line, column, end
            meta.empty = False
        meta.container_end_line, meta.container_end_column, meta.container_end_pos = line, column, end
