"""How often Python's cycle collector runs while a search makes positions by the thousand.

A count (:func:`~vsoracle.engine.moves.perft`) or a run of games (self-play) allocates and drops
millions of small immutable values, and Python collects its youngest generation every 700
allocations — each time also walking what it promotes, next to the card database, the parse
tables and the nodes of every card's text, which live as long as the process. Over a perft of an
FAQ position that was about a twentieth of the instructions. :func:`seldom_collected` raises the
young generation's threshold for the length of such a search and puts it back after: the same
values are made, the same cycles are found (later, in larger batches), and memory grows by at
most the threshold's worth of young objects. Nothing an answer depends on is touched.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

__all__ = ["seldom_collected", "YOUNG_THRESHOLD"]

#: Allocations between two collections of the youngest generation during a search (Python's
#: default is 700): measured on perft of tests/faq/gm4-may-respond at depth 3, 700 → 930M
#: instructions, 5,000 → 898M, 20,000 → 891M, 100,000 → 880M.
YOUNG_THRESHOLD = 20_000


@contextmanager
def seldom_collected() -> Iterator[None]:
    """Within the block, the youngest generation is collected every :data:`YOUNG_THRESHOLD`
    allocations; on leaving it (Ctrl-C too) the thresholds are as they were. A block inside
    another, or under a caller who set a threshold as high or higher, changes nothing."""
    before = gc.get_threshold()
    if before[0] >= YOUNG_THRESHOLD or before[0] == 0:  # already seldom, or automatic collection off
        yield
        return
    gc.set_threshold(YOUNG_THRESHOLD, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
