"""``replace``: ``attrs.evolve`` for the engine's own frozen, slotted values, without its overhead.

The engine's state classes have no validators or converters, so a copy of the slots with
some of them changed is exactly what ``evolve`` would build; the cached hash is cleared.
``evolve`` took a quarter of the engine's time (bench/run.py, engine throughput).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypeVar

import attrs

__all__ = ["replace"]

T = TypeVar("T")
_HASH = "_attrs_cached_hash"


@lru_cache(maxsize=None)
def _names(cls: type) -> tuple[tuple[str, ...], bool]:
    return tuple(a.name for a in attrs.fields(cls)), _HASH in getattr(cls, "__slots__", ())


def replace(inst: T, **changes: Any) -> T:
    """A copy of ``inst`` with ``changes``; unknown field names are an error, as with evolve."""
    cls = type(inst)
    names, cached = _names(cls)
    new = object.__new__(cls)
    setter = object.__setattr__
    for name in names:
        setter(new, name, changes.pop(name) if name in changes else getattr(inst, name))
    if changes:
        raise TypeError(f"{cls.__name__} has no field {', '.join(changes)}")
    if cached:
        setter(new, _HASH, None)
    return new
