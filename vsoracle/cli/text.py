"""``vsoracle parse`` and ``vsoracle cards check``: card text through the grammar."""

from __future__ import annotations

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add the text commands to ``app`` (filled in by the grammar work)."""
