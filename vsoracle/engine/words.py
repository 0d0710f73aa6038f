"""Card text for log lines: the canonical rendering of an AST node."""

from __future__ import annotations

from typing import Any

from ..text import render
from .powers import per_node

__all__ = ["say"]


@per_node
def say(node: Any) -> str:
    """The node as canonical card text, ``~`` for the card's own name (the node's class name if
    no card text says it)."""
    try:
        return render(node, "~")
    except Exception:  # display only: a log line never stops the rules
        return type(node).__name__
