"""Card text: the lark grammar (``grammar/card-text.lark``), the AST the engine executes, and rendering.

``parse_card_text(text, card_name)`` gives a :class:`~vsoracle.text.nodes.CardText` or raises
:class:`~vsoracle.errors.CardTextError`; ``render(node, card_name)`` gives canonical card text,
and ``parse_card_text(render(ast, card_name), card_name) == ast``.
"""

from . import nodes
from .render import render

__all__ = ["nodes", "parse_card_text", "render"]


def parse_card_text(text: str, card_name: str | None = None) -> nodes.CardText:
    """Parse card text into its AST (see :mod:`vsoracle.text.read`); the parser is loaded on
    first use, so a run that needs no parsing never loads it."""
    from .read import read_card_text

    return read_card_text(text, card_name)
