"""``vsoracle resolve``: play a scenario file and answer."""

from __future__ import annotations

import typer

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add ``resolve`` to ``app`` (filled in by the engine work)."""
