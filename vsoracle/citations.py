"""Citations of the Avengers FAQ by entry: ``FAQ GM n`` (General Mechanics) and ``FAQ SC n``
(the n-th entry of SPECIFIC CARDS, in the FAQ's order).

Code cites entries by these keys, so no card's name appears in the rules; for people,
:func:`expand` writes the entry's title, read from the FAQ in ``seeds/``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .resources import data_path

__all__ = ["expand", "specific_entries"]

_SC = re.compile(r"\bSC (\d+)\b")
_TYPES = {"Character", "Plot Twist", "Equipment", "Location"}
_VERSIONS = {"Team-Up", "Construct"}


@lru_cache(maxsize=1)
def specific_entries() -> tuple[str, ...]:
    """The titles of the FAQ's SPECIFIC CARDS entries, in order (``SC 1`` is the first)."""
    folder = data_path("seeds")
    files = sorted(folder.glob("*.txt")) if folder.is_dir() else []
    if not files:
        return ()
    text = files[0].read_text(encoding="utf-8")
    part = text.split("SPECIFIC CARDS", 1)[-1].splitlines()
    titles = []
    for i, line in enumerate(part):
        if line.strip() in _TYPES and i > 0 and part[i - 1].strip():
            j = i - 1
            if part[j].strip() in _VERSIONS:
                j -= 1
            titles.append(part[j].strip())
    return tuple(titles)


def expand(cite: str) -> str:
    """``"FAQ SC 1"`` → ``"FAQ "`` + the title of the first SPECIFIC CARDS entry (unknown numbers
    are left as they are)."""
    if "SC " not in cite:
        return cite
    titles = specific_entries()

    def title(match: re.Match) -> str:
        n = int(match.group(1))
        return titles[n - 1] if 0 < n <= len(titles) else match.group(0)

    return _SC.sub(title, cite)
