"""Card text: the lark grammar (``grammar/vs.lark``), the AST the engine executes, and rendering.

``parse_card_text(text, card_name)`` gives a :class:`~vsoracle.text.ast.CardText` or raises
:class:`~vsoracle.errors.CardTextError`; ``render(node)`` gives canonical card text, and
``parse_card_text(render(ast, card_name), card_name) == ast``.
"""

from . import ast
from .parser import parse_card_text
from .render import render

__all__ = ["ast", "parse_card_text", "render"]
