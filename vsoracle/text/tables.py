"""The parser's LALR(1) tables, generated into the package.

:mod:`vsoracle.text.parse_tables` holds the tables lark computes from ``grammar/card-text.lark``,
written by ``python tools/parse_tables.py`` and committed with the grammar (tests/text/test_tables.py
writes them again and fails when the two disagree). Importing it reads some two thousand strings
from its bytecode; a state's row of actions is decoded the first time a parse reaches that state,
so a run pays only for the states its texts visit. Nothing about the grammar is built, kept in the
cache folder or read from anywhere else at run time, and lark's parser is never constructed.

An action is an ``int``: ``n >= 0`` shifts to state ``n`` (after a reduction: goes to it),
``n < 0`` reduces by rule ``~n``. A symbol a state has no action for is an error there.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Mapping, NamedTuple, Sequence

__all__ = ["Rule", "Tables", "packaged"]


class Rule(NamedTuple):
    """A rule as the parser reduces it and lark shapes its tree."""

    #: the rule's name (the nonterminal the reduction goes to)
    origin: str
    #: how many symbols the rule reduces
    size: int
    #: the tree's name: the alias (``-> name``), else the rule's name
    tree: str
    #: ``?rule``: a single child stands for the tree
    single: bool
    #: the children the tree keeps, in order (``~i``: child ``i``, an inlined ``_rule``, gives its
    #: own children); ``None``: all of them
    keep: tuple[int, ...] | None


class Tables:
    """LALR(1) tables: ``rows[state][symbol]`` is an action; ``rules``, ``start`` and ``end``
    (the state the start rule goes to: the text is read); ``words`` maps each grammar word
    (string terminal) to its terminal."""

    __slots__ = ("rows", "rules", "start", "end", "words", "known", "vocabulary")

    def __init__(self, rows: Mapping[int, Mapping[str, int]], rules: Sequence[Rule], start: int, end: int,
                 symbols: Iterable[str], words: Mapping[str, str]) -> None:
        self.rows = rows
        self.rules = rules
        self.start = start
        self.end = end
        self.words = words
        #: the terminals the rows name (and the inlined rules, which no word is)
        self.known = frozenset(s for s in symbols if s.isupper() or s.startswith("_"))
        #: the grammar's words, lower-case (what a capitalised word at a sentence's start may be)
        self.vocabulary = frozenset(w for w in words if w[:1].isalpha())


class _Rows(dict[int, dict[str, int]]):
    """The packaged rows, each decoded on first use from its line of ``STATES``:
    ``"symbol state symbol state …|rule lookaheads rule lookaheads …"`` (numbers index
    ``SYMBOLS``, ``RULES`` and ``LOOKAHEADS``, a line of symbols that rule reduces on)."""

    def __init__(self, states: Sequence[str], symbols: Sequence[str], lookaheads: Sequence[str]) -> None:
        super().__init__()
        self._states = states
        self._symbols = symbols
        self._lookaheads = lookaheads

    def __missing__(self, state: int) -> dict[str, int]:
        symbols = self._symbols
        goes, _, reduces = self._states[state].partition("|")
        numbers = [int(x) for x in goes.split()]
        row = {symbols[s]: target for s, target in zip(numbers[::2], numbers[1::2])}
        numbers = [int(x) for x in reduces.split()]
        for rule, lookahead in zip(numbers[::2], numbers[1::2]):
            for s in self._lookaheads[lookahead].split():
                row[symbols[int(s)]] = ~rule
        self[state] = row
        return row


@lru_cache(maxsize=1)
def packaged() -> Tables:
    """The card-text grammar's tables (:mod:`vsoracle.text.parse_tables`)."""
    from . import parse_tables as p

    return Tables(_Rows(p.STATES, p.SYMBOLS, p.LOOKAHEADS), [Rule(*r) for r in p.RULES], p.START, p.END,
                  p.SYMBOLS, dict(p.WORDS))
