"""How vsoracle reads a card's text, for ``vsoracle parse`` and ``vsoracle cards show``."""

from __future__ import annotations

__all__ = ["reading_lines"]


def reading_lines(card_text, name: str | None, card: str | None = None) -> list[str]:
    """How vsoracle reads a text: its canonical rendering, then one plain sentence per power
    (``card``: what the card is called in them, e.g. "this equipment"; default from the text)."""
    from ..text import render
    from ..text.explain import plain_readings
    from ..text.render import RenderError

    try:
        canonical = render(card_text, name).splitlines()
    except RenderError as error:
        canonical = [f"(vsoracle cannot write this text back: {error})"]
    lines = [f"Canonical text: {canonical[0]}"] if len(canonical) == 1 else \
        ["Canonical text:"] + [f"  {line}" for line in canonical]
    lines.append("How vsoracle reads it:")
    lines += [f"  {n}. {sentence}" for n, sentence in enumerate(plain_readings(card_text, card), start=1)]
    return lines
