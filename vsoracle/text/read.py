"""Reading card text: the grammar's tree, the transformer's nodes, the finishing pass."""

from __future__ import annotations

from lark.exceptions import VisitError

from ..errors import CardTextError
from . import nodes
from .build import Build
from .refs import card_text
from .syntax import parse_tree

__all__ = ["read_card_text"]


def read_card_text(text: str, card_name: str | None = None) -> nodes.CardText:
    """Parse one card's text into a :class:`~vsoracle.text.nodes.CardText`; raises
    :class:`~vsoracle.errors.CardTextError`, never anything else."""
    tree = parse_tree(text, card_name)
    try:
        raw = Build().transform(tree)
        return card_text(raw)
    except VisitError as error:
        inner = error.orig_exc
        if isinstance(inner, CardTextError):
            if not inner.text:
                inner.text = text
            raise inner from None
        raise CardTextError(f"cannot build the text's meaning: {inner}", text=text) from None
    except CardTextError as error:
        if not error.text:
            error.text = text
        raise
    except RecursionError:
        raise CardTextError("the text is nested too deeply", text=text) from None
