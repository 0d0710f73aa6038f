"""Reading card text: the grammar's tree, the transformer's nodes, the finishing pass."""

from __future__ import annotations

from ..errors import CardTextError
from . import nodes
from .build import Build
from .refs import card_text
from .syntax import parse_tree
from .tree import TooDeep

__all__ = ["read_card_text", "MAX_TEXT_CHARS"]

#: A card's text longer than this is refused before it is read (the longest printed text is under
#: 1,000 characters); reading takes time in proportion to the text up to it.
MAX_TEXT_CHARS = 10_000


def read_card_text(text: str, card_name: str | None = None) -> nodes.CardText:
    """Parse one card's text into a :class:`~vsoracle.text.nodes.CardText`; raises
    :class:`~vsoracle.errors.CardTextError`, never anything else."""
    if isinstance(text, str) and len(text) > MAX_TEXT_CHARS:
        raise CardTextError(f"the text is {len(text):,} characters long", text_line=1, column=1,
                            hint=f"a card's text is at most {MAX_TEXT_CHARS:,} characters (the longest printed one "
                                 "is under 1,000)")
    if not text.strip():
        return nodes.CardText(())  # a card with no text box (or one not typed in yet)
    tree = parse_tree(text, card_name)
    try:
        raw = Build(text).transform(tree)
    except CardTextError as error:
        raise _placed(error, text) from None
    except TooDeep:
        raise CardTextError("the text is nested too deeply", text=text) from None
    except Exception as inner:  # a method of Build that failed: a defect, said as one line
        raise CardTextError(f"cannot build the text's meaning: {inner}", text=text) from None
    try:
        return card_text(raw)
    except CardTextError as error:
        raise _placed(error, text) from None
    except RecursionError:
        raise CardTextError("the text is nested too deeply", text=text) from None


def _placed(error: CardTextError, text: str) -> CardTextError:
    """The error with the text, and its line and column if it knows where it is."""
    if not error.text:
        error.text = text
    offset = getattr(error, "offset", None)
    if error.column is None and isinstance(offset, int) and 0 <= offset <= len(text):
        error.text_line = text.count("\n", 0, offset) + 1
        error.column = offset - text.rfind("\n", 0, offset)
    return error
