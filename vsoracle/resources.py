"""Where the data that ships with vsoracle lives (grammar, card database, FAQ, user docs, examples).

In a source checkout (or an editable install) that is the repository's own
``grammar/``, ``cards/``, ``seeds/``, ``docs/`` and ``examples/``; in a wheel they are
packaged under ``vsoracle/_data/``.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["data_path"]

_PACKAGE = Path(__file__).resolve().parent


def data_path(name: str) -> Path:
    """The folder ``name`` (``grammar``, ``cards``, ``seeds``, ``docs`` or ``examples``)."""
    packaged = _PACKAGE / "_data" / name
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent / name
