"""A card's powers as the engine reads them: the parsed text, one power a line, each with its block.

A power behind a keyword ("Leader: …", "Ongoing: …", "Ally: …", "Cosmic: …") belongs to that
keyword's block. Leader and ongoing powers are "listed after the keyword" (FAQ GM 2): once a
``Leader:`` or ``Ongoing:`` line appears, the lines after it belong to the same block. Parsing is
cached per card text, so each text is parsed once per process.
"""

from __future__ import annotations

from functools import lru_cache, wraps
from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, Protocol, TypeVar, cast, overload

from attrs import frozen

from ..cards import Card
from ..errors import CardTextError
from ..text import nodes
from ..text.store import parse_stored

if TYPE_CHECKING:
    from .state import GameObject

__all__ = ["PowerLine", "powers", "card_text", "keywords_printed", "is_unique", "per_node", "holders",
           "keyword_values", "BLOCKS"]

R = TypeVar("R")
N = TypeVar("N")
P = TypeVar("P", bound=nodes.Power)
_MEMO_SIZE = 8192

#: Keywords whose block goes on over the lines after them (FAQ GM 2).
BLOCKS = ("leader", "ongoing")


def per_node(fn: Callable[[N], R]) -> Callable[[N], R]:
    """Memoise a pure function of one AST node by the node's identity.

    A card's nodes come from the per-text parse cache, so the engine meets the same objects
    again and again; hashing a deep node by value would cost as much as the function itself.
    Each entry keeps its node alive, so a node's id cannot be reused while it is remembered.
    """
    memo: dict[int, tuple[N, R]] = {}

    @wraps(fn)
    def remembered(node: N) -> R:
        hit = memo.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1]
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        value = fn(node)
        memo[id(node)] = (node, value)
        return value

    return remembered


@frozen
class PowerLine(Generic[P]):
    """One power of a card: its index (1-based, printed order), its block (``None``, or the
    keyword it is behind: "leader", "ongoing", "ally", "cosmic", "boost" …) and its node."""

    index: int
    block: str | None
    node: P
    keyword: nodes.Keyword | None = None


def card_text(card: Card) -> nodes.CardText:
    """The card's parsed text (an empty text box for a card without text)."""
    if not card.text.strip():
        return nodes.CardText(())
    return parse_stored(card.text, card.name)


@lru_cache(maxsize=4096)
def _powers(card: Card) -> tuple[PowerLine[nodes.Power], ...]:
    out: list[PowerLine[nodes.Power]] = []
    block: str | None = None
    keyword: nodes.Keyword | None = None
    for i, node in enumerate(card_text(card).powers, start=1):
        if isinstance(node, nodes.KeywordPower):
            keyword = node.keyword
            block, node = keyword.name, node.power
            out.append(PowerLine(i, block, node, keyword))
            if block not in BLOCKS:
                block, keyword = None, None
            continue
        out.append(PowerLine(i, block, node, keyword if block else None))
    # Powers its keywords stand for (cosmic—surge's counter, a new keyword's reminder text)
    from .keywords import defined_powers

    seen: set[tuple[str, str | None]] = set()
    for k, in_block in _keywords_of(card_text(card)):
        if (k.name, k.sub) in seen:
            continue
        seen.add((k.name, k.sub))
        try:
            extra = defined_powers(k, card.name, in_block)
        except CardTextError:  # refused by vsoracle.engine.support before play
            continue
        for node in extra:
            out.append(PowerLine(len(out) + 1, None, node, k))
    return tuple(out)


def _keywords_of(text: nodes.CardText) -> list[tuple[nodes.Keyword, bool]]:
    """Each keyword a text prints, with whether a power stands behind it."""
    found: list[tuple[nodes.Keyword, bool]] = []
    for p in text.powers:
        if isinstance(p, nodes.Keywords):
            found += [(k, False) for k in p.keywords]
        elif isinstance(p, nodes.KeywordPower):
            found.append((p.keyword, True))
    return found


@lru_cache(maxsize=16384)
def _powers_of_kind(card: Card, kind: type | tuple[type, ...] | None = None) -> tuple[PowerLine[Any], ...]:
    """The card's powers in printed order, optionally only those of one node type (cached)."""
    lines = _powers(card)
    return lines if kind is None else tuple(p for p in lines if isinstance(p.node, kind))


class _Powers(Protocol):
    """:func:`powers`'s signature: the lines of one node type hold nodes of that type."""

    @overload
    def __call__(self, card: Card, kind: None = None, /) -> tuple[PowerLine[nodes.Power], ...]: ...
    @overload
    def __call__(self, card: Card, kind: type[P], /) -> tuple[PowerLine[P], ...]: ...
    @overload
    def __call__(self, card: Card, kind: tuple[type[nodes.Power], ...], /) -> tuple[PowerLine[nodes.Power], ...]: ...


#: The card's powers in printed order, optionally only those of one node type (cached). The
#: cache wrapper keeps no signature, so the checker is told it (``_Powers``).
powers = cast(_Powers, _powers_of_kind)


_holders: dict[type | tuple[type, ...], tuple[Mapping[str, GameObject], tuple[GameObject, ...]]] = {}


def holders(objects: Mapping[str, GameObject], kind: type | tuple[type, ...]) -> tuple[GameObject, ...]:
    """The objects of a state's table whose cards print a power of ``kind``, in table order
    (remembered while the table is the same object: most transitions leave it alone)."""
    seen = _holders.get(kind)
    if seen is not None and seen[0] is objects:
        return seen[1]
    lineage = objects.lineage() if hasattr(objects, "lineage") else {}
    ids = lineage.get(("holders", kind))
    if ids is None:  # an object's card never changes: which ids hold one is known per table lineage
        ids = lineage[("holders", kind)] = tuple(k for k, o in objects.items() if powers(o.card, kind))
    found = tuple(objects[k] for k in ids)
    _holders[kind] = (objects, found)
    return found


@lru_cache(maxsize=4096)
def keywords_printed(card: Card) -> frozenset[str]:
    """Printed icons plus the keywords of its keyword lines (reservist, concealed, …);
    "Concealed—Optional" is ``concealed-optional``."""
    words = set(card.icons)
    for line in powers(card, nodes.Keywords):
        for k in line.node.keywords:
            words.add(f"{k.name}-{k.sub}" if k.sub else k.name)
    return frozenset(words)


@lru_cache(maxsize=4096)
def keyword_values(card: Card) -> dict[str, nodes.Amount | None]:
    """Each printed keyword with its value ("Boost 3": ``{"boost": Fixed(3)}``)."""
    found: dict[str, nodes.Amount | None] = {}
    for line in powers(card, nodes.Keywords):
        for k in line.node.keywords:
            found[f"{k.name}-{k.sub}" if k.sub else k.name] = k.value
    return found


def _static_unique(card: Card) -> bool | None:
    for line in powers(card, nodes.Static):
        effect = line.node.effect
        parts = effect.steps if isinstance(effect, nodes.Sequence) else (effect,)
        for p in parts:
            if isinstance(p, nodes.Modify) and isinstance(p.subject, nodes.Self):
                for c in p.changes:
                    if isinstance(c, nodes.Unique):
                        return c.unique
    return None


def is_unique(card: Card) -> bool:
    """Characters are unique unless Army or "~ is not unique" (CR 705.1; FAQ GM 6)."""
    if card.is_army:
        return False
    said = _static_unique(card)
    return True if said is None else said
