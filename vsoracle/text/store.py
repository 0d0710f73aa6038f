"""Parsed card texts kept for the process (and, when caching is safe, between runs).

``parse_stored(text, card_name)`` answers from memory when this process parsed the text before,
else parses it. A text is parsed once per process.
"""

from __future__ import annotations

from . import nodes

__all__ = ["parse_stored"]

_known: dict[tuple[str, str | None], nodes.CardText] = {}


def parse_stored(text: str, card_name: str | None = None) -> nodes.CardText:
    """``read_card_text``, answered from memory when this text was parsed before."""
    key = (text, card_name)
    found = _known.get(key)
    if found is None:
        from .read import read_card_text

        found = read_card_text(text, card_name)
        _known[key] = found
    return found
