"""Card text for log lines: the canonical rendering of an AST node."""

from __future__ import annotations

from ..text import nodes as n
from ..text import render
from .powers import per_node

__all__ = ["say", "say_action", "say_action_of", "say_of"]


@per_node
def say(node: object) -> str:
    """The node as canonical card text, ``~`` for the card's own name (the node's class name if
    no card text says it)."""
    try:
        return render(node, "~")
    except Exception:  # display only: a log line never stops the rules
        return type(node).__name__


def say_of(node: object, name: str | None) -> str:
    """:func:`say`, the card's own name for ``~`` (a log line names the card: "When Herald comes
    into play, draw a card.")."""
    text = say(node)
    return text.replace("~", name) if name else text


@per_node
def say_action(node: n.Effect) -> str:
    """What an effect has a player do, without its subject ("draw a card", "ready ~"), for
    "A may draw a card"."""
    from ..text.render import Speech

    try:
        speech = Speech("~")
        if isinstance(node, n.Event):
            return speech.event(node, None)
        text = speech.body(node)
        return text[4:] if text.startswith("you ") else text
    except Exception:  # display only
        return say(node)


def say_action_of(node: n.Effect, name: str | None) -> str:
    """:func:`say_action`, the card's own name for ``~`` ("A may ready Hawkeye")."""
    text = say_action(node)
    return text.replace("~", name) if name else text
