"""Where the data that ships with vsoracle lives (grammar, card database).

In a source checkout (or an editable install) that is the repository's own
``grammar/`` and ``cards/``; in a wheel they are packaged under
``vsoracle/_data/``.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["data_path"]

_PACKAGE = Path(__file__).resolve().parent


def data_path(name: str) -> Path:
    """The folder ``name`` (``grammar``, ``cards`` or ``seeds``)."""
    packaged = _PACKAGE / "_data" / name
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent / name
