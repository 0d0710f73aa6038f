"""Card text: the lark grammar (``grammar/vs.lark``), the AST the engine executes, and rendering.

``parse_card_text(text, card_name)`` gives a :class:`~vsoracle.text.ast.CardText` or raises
:class:`~vsoracle.errors.CardTextError`; ``render(node)`` gives canonical card text, and
``parse_card_text(render(ast, card_name), card_name) == ast``.
"""

from . import ast
from .render import render

__all__ = ["ast", "parse_card_text", "render"]


def parse_card_text(text: str, card_name: str | None = None) -> ast.CardText:
    """Parse card text into its AST (see :mod:`vsoracle.text.parser`); the parser is loaded
    on first use, so a run that needs no parsing never loads lark."""
    from .parser import parse_card_text as parse

    return parse(text, card_name)
