"""``replace``: ``attrs.evolve`` for the engine's own frozen values, without its overhead.

The engine's state classes have no validators or converters, so a copy of the fields with
some of them changed is exactly what ``evolve`` would build; the cached hash is cleared.
Slotted classes get a copier written out per class; a class that keeps its fields in
``__dict__`` (the wide ``GameState``) is copied as one dict. ``evolve`` took a quarter of the
engine's time (bench/run.py, engine throughput); tests/engine/test_values.py checks that
both copiers build what ``evolve`` builds.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar, cast

import attrs

__all__ = ["replace", "quick_eq"]

T = TypeVar("T")
_HASH = "_attrs_cached_hash"

#: A copier: ``(instance, changes) -> copy``; written per class, so typed for any instance.
Replacer = Callable[[Any, dict[str, Any]], Any]


def _replacer(cls: type) -> Replacer:
    """A copier written out for ``cls``'s fields (as attrs writes ``__init__``): copy every slot,
    then set the changed ones (written once per class: :data:`_COPIERS`)."""
    names = [a.name for a in attrs.fields(cls)]
    if "__slots__" not in cls.__dict__:
        return _dict_replacer(cls, frozenset(names))
    lines = ["def replace(inst, changes):", "    new = _new(_cls)"]
    lines += [f"    _set(new, {name!r}, inst.{name})" for name in names]
    if _HASH in getattr(cls, "__slots__", ()):
        lines.append(f"    _set(new, {_HASH!r}, None)")
    lines += ["    for name, value in changes.items():",
              "        if name not in _names:",
              "            raise TypeError(f'{_cls.__name__} has no field {name}')",
              "        _set(new, name, value)",
              "    return new"]
    scope: dict[str, Any] = {"_new": object.__new__, "_set": object.__setattr__, "_cls": cls, "_names": frozenset(names)}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the class's own field names
    copier: Replacer = scope["replace"]
    return copier


def _dict_replacer(cls: type, names: frozenset[str]) -> Replacer:
    """A copier for a class that keeps its fields in ``__dict__`` (the wide game state): one
    dict copy instead of a slot assignment per field."""
    def replace(inst: Any, changes: dict[str, Any]) -> Any:
        if not names.issuperset(changes):
            raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)[0]}")
        slots = inst.__dict__.copy()
        slots.update(changes)
        slots[_HASH] = None
        new: Any = object.__new__(cls)
        _set(new, "__dict__", slots)
        return new
    return replace


def replace(inst: T, **changes: Any) -> T:
    """A copy of ``inst`` with ``changes``; unknown field names are an error, as with evolve."""
    cls: type = type(inst)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _replacer(cls)
    copy: T = copier(inst, changes)  # the copier builds an instance of inst's class
    return copy


#: Each class's copier, once written (:func:`_replacer`).
_COPIERS: dict[type, Replacer] = {}
_set = object.__setattr__


def quick_eq(cls: type[T]) -> type[T]:
    """``cls`` with attrs' ``__eq__`` written out again, each field taken as equal at once when it
    is the very same value (``a is b or a == b``, as tuples compare their items). Attrs compares
    each field with ``==``, so an identical card or table is compared item by item; a replay meets
    positions equal to those it met before, field by field mostly the same values
    (``query.replaying``). The answer is the one attrs gives (no field here is a float)."""
    names = [a.name for a in attrs.fields(cast(Any, cls)) if a.eq]
    same = " and ".join(f"(self.{x} is other.{x} or self.{x} == other.{x})" for x in names) or "True"
    lines = ["def __eq__(self, other):",
             "    if other.__class__ is not self.__class__:",
             "        return NotImplemented",
             f"    return self is other or ({same})"]
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the class's own field names
    eq = scope["__eq__"]
    eq.__qualname__ = f"{cls.__qualname__}.__eq__"
    setattr(cls, "__eq__", eq)
    return cls
