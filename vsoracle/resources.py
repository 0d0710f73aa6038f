"""Where the data that ships with vsoracle lives (grammar, card database, FAQ, user docs, examples).

In a source checkout (or an editable install) that is the repository's own
``grammar/``, ``cards/``, ``seeds/``, ``docs/``, ``examples/`` and ``tests/faq/`` (the FAQ
scenarios, ``rulings``); in a wheel they are packaged under ``vsoracle/_data/``.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["data_path"]

_PACKAGE = Path(__file__).resolve().parent


#: Where a checkout keeps a folder the wheel ships under another name: the FAQ scenarios are the
#: test suite's ``tests/faq``.
_IN_CHECKOUT = {"rulings": "tests/faq"}


def data_path(name: str) -> Path:
    """The folder ``name`` (``grammar``, ``cards``, ``seeds``, ``docs``, ``examples`` or
    ``rulings``, the FAQ scenarios)."""
    packaged = _PACKAGE / "_data" / name
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent / _IN_CHECKOUT.get(name, name)
