"""A small immutable, hashable mapping: the state's table of objects."""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Any, Generic, ItemsView, Iterator, KeysView, Mapping, TypeVar, ValuesView, overload

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")

__all__ = ["FrozenMap", "owning"]


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """An immutable dict; ``set`` returns a new map. Hashes and compares by value.

    Its hash is the exclusive or of its items' hashes (``hash((key, value))``): the same for
    equal maps whatever their history, and so worked out again from a map whose hash is known
    by the items changed since (``_part``), not all of them. A state's table of objects is
    hashed for each position's key, and a move changes one or two of its objects."""

    __slots__ = ("_data", "_hash", "_lineage", "_own", "_part")

    def __init__(self, data: Mapping[K, V] | None = None, _lineage: dict[object, Any] | None = None) -> None:
        self._data: dict[K, V] = dict(data or {})
        self._hash: int | None = None
        self._lineage = _lineage
        self._own: dict[object, Any] | None = None
        #: The hash but for the items of the keys named, when known from an earlier map's.
        self._part: tuple[int, tuple[K, ...]] | None = None

    def own(self) -> dict[object, Any]:
        """A memo of this very map, for facts that depend on its items (which never change): the
        state's objects in play, worked out once for every state that shares the table (most
        transitions leave it alone)."""
        if self._own is None:
            self._own = {}
        return self._own

    def lineage(self) -> dict[object, Any]:
        """A memo shared by this map and every map made from it by :meth:`set` / :meth:`update`
        of keys it already has: for facts that depend only on the keys and on what never changes
        in a value (the state's table: an object's card)."""
        if self._lineage is None:
            self._lineage = {}
        return self._lineage

    def __getitem__(self, key: K) -> V:
        return self._data[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def keys(self) -> KeysView[K]:  # the dict's own views: iteration at C speed
        return self._data.keys()

    def copy(self) -> dict[K, V]:
        """A new dict of the items (copied at C speed)."""
        return self._data.copy()

    def values(self) -> ValuesView[V]:
        return self._data.values()

    def items(self) -> ItemsView[K, V]:
        return self._data.items()

    @overload
    def get(self, key: K, /) -> V | None: ...
    @overload
    def get(self, key: K, default: V | T, /) -> V | T: ...

    def get(self, key: K, default: object = None) -> object:
        return self._data.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __hash__(self) -> int:
        if self._hash is None:
            part = self._part
            if part is None:
                self._hash = reduce(xor, map(hash, self._data.items()), 0)
            else:
                found, keys = part
                data = self._data
                for k in keys:
                    if k in data:
                        found ^= hash((k, data[k]))
                self._hash, self._part = found, None
        return self._hash

    def _parted(self, key: K) -> tuple[int, tuple[K, ...]] | None:
        """The part of the hash of a copy with ``key`` bound anew (or removed) known from this
        map's: its hash without that key's item, and the keys whose items it leaves out."""
        keys: tuple[K, ...] = ()
        if self._hash is not None:
            found = self._hash
        elif self._part is not None:
            found, keys = self._part
            if key in keys:
                return self._part
        else:
            return None
        if key in self._data:  # this item's hash is known (this map's, or its part's) only once taken out
            found ^= hash((key, self._data[key]))
        return found, (*keys, key)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its items alone: a hash worked out here (and its part, its memos) holds for
        this process's string hashes, not another's (self-play's processes, a Dask worker)."""
        return (FrozenMap, (self._data,))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, FrozenMap):
            if self._hash is not None and other._hash is not None and self._hash != other._hash:
                return False
            return self._data == other._data
        return NotImplemented

    def set(self, key: K, value: V) -> "FrozenMap[K, V]":
        """A copy with ``key`` bound to ``value``."""
        data = self._data.copy()
        data[key] = value
        return _made(data, self.lineage() if key in self._data else None, self._parted(key))

    def remove(self, key: K) -> "FrozenMap[K, V]":
        """A copy without ``key``."""
        if key not in self._data:
            return self
        data = self._data.copy()
        del data[key]
        return _made(data, None, self._parted(key))

    def update(self, items: Mapping[K, V]) -> "FrozenMap[K, V]":
        """A copy with every item of ``items`` bound."""
        data = self._data.copy()
        data.update(items)
        same_keys = all(k in self._data for k in items)
        return _made(data, self.lineage() if same_keys else None, None)

    def changed_from(self, other: "FrozenMap[K, V]") -> list[tuple[K, V]]:
        """The items whose value is not the very object ``other`` holds under that key (a key
        ``other`` lacks counts as changed): what a transition touched, found at dict speed."""
        theirs = other._data
        return [(k, v) for k, v in self._data.items() if theirs.get(k) is not v]

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


def owning(data: dict[K, V]) -> FrozenMap[K, V]:
    """A map of ``data``, a dict made for it that no one else holds (the roles of a new event):
    what ``FrozenMap(data)`` is, without its copy."""
    return _made(data, None, None)


def _made(data: dict[K, V], lineage: dict[object, Any] | None,
          part: tuple[int, tuple[K, ...]] | None) -> FrozenMap[K, V]:
    """A map holding ``data``, a dict made for it alone (:meth:`FrozenMap.set` and the others'
    copies), without the copy ``FrozenMap(data)`` makes of a dict it is given."""
    m: FrozenMap[K, V] = _new(FrozenMap)
    m._data, m._hash, m._lineage, m._own, m._part = data, None, lineage, None, part
    return m


_new = object.__new__
