"""The parser's tree and the transformer that reads it: vsoracle's own, so that reading a new
text never imports lark.

:mod:`vsoracle.text.lalr` builds the tree lark's parser would build (``parser="lalr"``,
``propagate_positions=True``) out of these classes, and :class:`Transformer` walks it as lark's
``Transformer`` with ``v_args(meta=True)`` does, for what :mod:`vsoracle.text.build` needs:

- a :class:`Token` is a ``str`` with its terminal (``type``) and its place (``start_pos``,
  ``line``, ``column``, ``end_line``, ``end_column``, ``end_pos``), equal to another token only of
  the same terminal, as lark's is;
- a :class:`Tree` is a rule's ``data`` (its name or alias), ``children`` and ``meta``; a
  :class:`Meta` is where the rule's text is (lark's ``PropagatePositions``: ``empty`` until
  placed, then ``line``, ``column``, ``start_pos``, ``end_line``, ``end_column``, ``end_pos``
  and the ``container_…`` extent; a field not set is missing, as in lark's);
- :meth:`Transformer.transform` works bottom-up, children left to right, calling the method named
  after each tree's ``data`` as ``method(meta, children)`` (tokens are passed as they are), or
  :meth:`Transformer.__default__` when there is none. What a method raises propagates as it is
  (lark wraps it in a ``VisitError``). The walk is a loop, not a recursion: a tree deeper than
  :data:`MAX_DEPTH` is refused with :class:`TooDeep` (lark's recursive walk ran out of stack a
  little deeper, between 486 and 500 levels depending on the caller; a card's text is about 25
  deep).

tests/text/test_tables.py checks that the trees are lark's, token for token and place for place.
"""

from __future__ import annotations

from typing import Any, Generic, TypeAlias, TypeVar

__all__ = ["Token", "Tree", "Meta", "Branch", "Transformer", "TooDeep", "MAX_DEPTH"]

#: The deepest tree :meth:`Transformer.transform` walks (levels of trees, the root is 1).
MAX_DEPTH = 480


class Token(str):
    """A word of the text as the terminal the parser read it as (``type``), with its place."""

    __slots__ = ("type", "value", "start_pos", "line", "column", "end_line", "end_column", "end_pos")

    type: str
    value: str
    start_pos: int
    line: int
    column: int
    end_line: int
    end_column: int
    end_pos: int

    def __new__(cls, type: str, value: str, start_pos: int, line: int, column: int, end_line: int,
                end_column: int, end_pos: int) -> Token:
        self = super().__new__(cls, value)
        self.type = type
        self.value = value
        self.start_pos = start_pos
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.end_pos = end_pos
        return self

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Token) and self.type != other.type:
            return False
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__


class Meta:
    """Where a rule's text is; ``empty`` until the parser places it (the other fields are missing
    until then)."""

    empty: bool
    line: int
    column: int
    start_pos: int
    end_line: int
    end_column: int
    end_pos: int
    container_line: int
    container_column: int
    container_start_pos: int
    container_end_line: int
    container_end_column: int
    container_end_pos: int

    def __init__(self) -> None:
        self.empty = True


#: A child of a tree.
Branch: TypeAlias = "Tree | Token"


class Tree:
    """A rule the parser reduced: its name or alias (``data``), its ``children`` and its place."""

    __slots__ = ("data", "children", "meta")

    def __init__(self, data: str, children: list[Branch], meta: Meta | None = None) -> None:
        self.data = data
        self.children = children
        self.meta = Meta() if meta is None else meta

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tree) and self.data == other.data and self.children == other.children

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))


class TooDeep(Exception):
    """A tree deeper than :data:`MAX_DEPTH`."""


_Result = TypeVar("_Result")


class Transformer(Generic[_Result]):
    """Builds a value from a tree, bottom-up: each tree becomes what the method named after its
    ``data`` returns, given the tree's ``meta`` and its children already transformed."""

    def transform(self, tree: Tree) -> _Result:
        """The value ``tree`` becomes (the root's method's)."""
        # Each entry: a tree, its children not visited yet, and what the visited ones became.
        stack: list[tuple[Tree, Any, list[Any]]] = [(tree, iter(tree.children), [])]
        while True:
            node, rest, done = stack[-1]
            for child in rest:
                if isinstance(child, Tree):
                    if len(stack) >= MAX_DEPTH:
                        raise TooDeep(f"a tree deeper than {MAX_DEPTH} levels")
                    stack.append((child, iter(child.children), []))
                    break
                done.append(child)
            else:
                stack.pop()
                method = getattr(self, node.data, None)
                value = self.__default__(node.data, done, node.meta) if method is None else method(node.meta, done)
                if not stack:
                    result: _Result = value
                    return result
                stack[-1][2].append(value)

    def __default__(self, data: str, children: list[Any], meta: Meta) -> Any:
        """What a tree whose ``data`` has no method becomes: the same tree (lark's default)."""
        return Tree(data, children, meta)
