"""``replace``: ``attrs.evolve`` for the engine's own frozen values, without its overhead.

The engine's state classes have no validators or converters, so a copy of the fields with
some of them changed is exactly what ``evolve`` would build; the cached hash is cleared.
A copier is written out per class and per set of changed fields (as a call site names them):
a slotted class's sets each slot once, from the instance or from the changes; a class that
keeps its fields in ``__dict__`` (the wide ``GameState``) is copied as one dict. ``evolve``
took a quarter of the engine's time (bench/run.py, engine throughput);
tests/engine/test_values.py checks that the copiers build what ``evolve`` builds.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar, cast

import attrs

__all__ = ["replace", "wide_copy", "quick_eq", "quick_init", "quick_hash"]

T = TypeVar("T")
_HASH = "_attrs_cached_hash"

#: A copier: ``(instance, changes) -> copy``; written per class, so typed for any instance.
Replacer = Callable[[Any, dict[str, Any]], Any]


def _replacer(cls: type, changed: tuple[str, ...]) -> Replacer:
    """A copier written out for ``cls``'s fields with the fields ``changed`` taken from the changes:
    each slot set once, straight through its own descriptor (no look-up of the slot by name, as
    ``object.__setattr__`` makes)."""
    names = [a.name for a in attrs.fields(cls)]
    unknown = [name for name in changed if name not in names]
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {unknown[0]}")
    if "__slots__" not in cls.__dict__:
        return _dict_replacer(cls)
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def replace(inst, changes):", "    new = _new(_cls)"]
    for i, name in enumerate(names):
        scope[f"_set{i}"] = getattr(cls, name).__set__  # the slot's member descriptor
        lines.append(f"    _set{i}(new, changes[{name!r}])" if name in changed else f"    _set{i}(new, inst.{name})")
    if _HASH in cls.__dict__["__slots__"]:
        scope["_set_hash"] = getattr(cls, _HASH).__set__
        lines.append("    _set_hash(new, None)")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the class's own field names
    copier: Replacer = scope["replace"]
    return copier


def _dict_replacer(cls: type) -> Replacer:
    """A copier for a class that keeps its fields in ``__dict__`` (the wide game state): one
    dict copy instead of a slot assignment per field. The class is remembered with its field
    names (:data:`_WIDE`): :func:`replace` copies it at once from then on."""
    _WIDE[cls] = frozenset(a.name for a in attrs.fields(cls))
    return wide_copy


def wide_copy(inst: T, changes: dict[str, Any]) -> T:
    """A copy of ``inst``, a value of a class that keeps its fields in ``__dict__`` (the game
    state), with ``changes`` (field names the caller knows to be its own) and its cached hash
    cleared: one dict copy. ``GameState.with_object``, the engine's most frequent copy, calls it
    straight."""
    slots = inst.__dict__.copy()
    slots.update(changes)
    slots[_HASH] = None
    new: T = _new(type(inst))
    _set(new, "__dict__", slots)
    return new


def replace(inst: T, **changes: Any) -> T:
    """A copy of ``inst`` with ``changes``; unknown field names are an error, as with evolve."""
    cls = type(inst)
    wide = _WIDE.get(cls)
    if wide is not None and changes.keys() <= wide:
        # a class kept in __dict__ (the game state, half the copies): its copier, without the key of
        # changed fields to build and look up
        return wide_copy(inst, changes)
    key = (cls, *changes)
    copier = _COPIERS.get(key)
    if copier is None:
        copier = _replacer(type(inst), cast(tuple[str, ...], key[1:]))
        if len(_COPIERS) < _MOST_COPIERS:
            _COPIERS[key] = copier
    copy: T = copier(inst, changes)  # the copier builds an instance of inst's class
    return copy


#: Each copier, once written (:func:`_replacer`), by class and changed fields in the order given.
_COPIERS: dict[tuple[Any, ...], Replacer] = {}
#: The engine's call sites name a few hundred sets of fields; beyond this many, copiers are not kept.
_MOST_COPIERS = 4096
#: The classes that keep their fields in ``__dict__``, with their field names (:func:`_dict_replacer`).
_WIDE: dict[type, frozenset[str]] = {}
_set = object.__setattr__
_new = object.__new__


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


def quick_hash(cls: type[T]) -> type[T]:
    """``cls`` (a slotted attrs class with ``cache_hash=True``) with attrs' ``__hash__`` written out
    again: the hash of the same fields, kept in the same slot, but as a plain ``int`` set straight
    through the slot's descriptor. Attrs wraps it in an ``int`` subclass (so that a pickled instance
    keeps no hash; a slotted one's ``__getstate__`` leaves the slot out anyway) and sets it by name
    through ``object.__setattr__``: most of an object's first hash, and a position's key hashes
    each object a move changed (``fmap.FrozenMap``)."""
    if _HASH not in cls.__dict__.get("__slots__", ()):
        raise TypeError(f"quick_hash writes the cached __hash__ of a slotted class, not {cls.__name__}")
    names = [a.name for a in attrs.fields(cast(Any, cls)) if a.hash is True or (a.hash is None and a.eq)]
    scope: dict[str, Any] = {"_set_hash": getattr(cls, _HASH).__set__,
                             "_kind": hash(f"{cls.__module__}.{cls.__qualname__}")}
    lines = ["def __hash__(self):",
             f"    found = self.{_HASH}",
             "    if found is None:",
             f"        found = hash((_kind, {''.join(f'self.{x}, ' for x in names)}))",
             "        _set_hash(self, found)",
             "    return found"]
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the class's own field names
    method = scope["__hash__"]
    method.__qualname__ = f"{cls.__qualname__}.__hash__"
    setattr(cls, "__hash__", method)
    return cls


def quick_init(cls: type[T]) -> type[T]:
    """``cls`` (a slotted attrs class whose fields have plain defaults, no validators or converters)
    with attrs' ``__init__`` written out again, each slot set straight through its own descriptor
    (as the copiers of :func:`replace` set them) instead of ``object.__setattr__`` by name. It
    takes the same arguments and builds the same value."""
    fields = attrs.fields(cast(Any, cls))
    odd = [a.name for a in fields if a.validator or a.converter or not a.init or a.kw_only
           or isinstance(a.default, attrs.Factory)]  # type: ignore[arg-type]
    if odd or "__slots__" not in cls.__dict__:
        raise TypeError(f"quick_init writes the __init__ of a plain slotted class, not {cls.__name__} ({odd})")
    scope: dict[str, Any] = {}
    params, body = ["self"], []
    for i, a in enumerate(fields):
        params.append(a.alias if a.default is attrs.NOTHING else f"{a.alias}=_default{i}")
        scope[f"_default{i}"], scope[f"_set{i}"] = a.default, getattr(cls, a.name).__set__
        body.append(f"    _set{i}(self, {a.alias})")
    if _HASH in cls.__dict__["__slots__"]:
        scope["_set_hash"] = getattr(cls, _HASH).__set__
        body.append("    _set_hash(self, None)")
    exec("\n".join([f"def __init__({', '.join(params)}):", *body]), scope)  # noqa: S102 - the class's own field names
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)
    return cls
