"""Card-text nodes as plain data, and back: the form ``vsoracle parse --json`` prints and the
parsed-text store keeps; and as the indented tree ``vsoracle parse`` prints.

A node is ``{"node": "Stun", "object": {...}, ...}``: its class name and every field that differs
from the field's default (display fields too, so that the text renders back as it was written);
a tuple is a JSON list; strings, integers, booleans and ``null`` are themselves.
:func:`from_data` builds only classes of :mod:`vsoracle.text.nodes`, checks every field name and
that every value is of the type the field is annotated with (a number where a node goes, a list
where a string goes), and raises :class:`ValueError` for anything else, so data from a file can
be no more than nodes the engine can use — whoever sealed it.
"""

from __future__ import annotations

import sys
import types
import typing
from functools import lru_cache
from typing import Any

import attrs

from . import nodes

__all__ = ["to_data", "from_data", "tree", "conforms"]


def to_data(node: Any) -> Any:
    """The node as JSON-able data."""
    if node is None or isinstance(node, (bool, int, str)):
        return node
    if isinstance(node, tuple):
        return [to_data(x) for x in node]
    if isinstance(node, nodes.Node) and attrs.has(type(node)):
        out: dict[str, Any] = {"node": type(node).__name__}
        for a in attrs.fields(type(node)):
            value = getattr(node, a.name)
            if a.name in ("pos", "end") or value == a.default:
                continue
            out[a.name] = to_data(value)
        return out
    raise TypeError(f"cannot write a {type(node).__name__} as data")


@lru_cache(maxsize=1)
def _classes() -> dict[str, tuple[type, frozenset[str]]]:
    out = {}
    for name, cls in nodes.node_classes().items():
        if attrs.has(cls):
            out[name] = (cls, frozenset(a.name for a in attrs.fields(cls) if a.init))
    return out


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    """Each field's annotation, resolved (``"Selector | None"`` → ``Selector | None``) in the module
    of the class that declares it (an event family's own module, or the shared ``ast``), with the
    namespace's names as a fallback. Only the node's fields: ``Node``'s class-level declarations
    are for the type checker."""
    fields = {a.name for a in attrs.fields(cls)}
    out: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        declared = klass.__dict__.get("__annotations__", {})
        where = vars(sys.modules[klass.__module__])
        for name, hint in declared.items():
            if name in fields:
                # our own source's annotations, never anything read from a file; a quoted one
                # under `from __future__ import annotations` is a string of a string
                for _ in range(2):
                    if isinstance(hint, str):
                        hint = eval(hint, where, dict(vars(nodes)))
                out[name] = hint
    return out


def conforms(value: Any, hint: Any) -> bool:
    """Is ``value`` (built by :func:`from_data`: nodes, tuples, strings, integers, booleans,
    ``None``) of the annotated type ``hint``? An annotation this does not know is never met."""
    if hint is Any or hint is object:
        return True
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        return any(conforms(value, h) for h in typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(v, args[0]) for v in value)
        return len(value) == len(args) and all(conforms(v, h) for v, h in zip(value, args))
    if origin is typing.Literal:
        return any(value == a and type(value) is type(a) for a in typing.get_args(hint))
    if hint is None or hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type) and origin is None:
        return isinstance(value, hint)
    return False


def from_data(data: Any, depth: int = 0) -> Any:
    """The node ``data`` describes (:func:`to_data`'s inverse); :class:`ValueError` if it is not
    node data."""
    if depth > 200:
        raise ValueError("node data nested too deeply")
    if data is None or isinstance(data, (bool, int, str)):
        return data
    if isinstance(data, list):
        return tuple(from_data(x, depth + 1) for x in data)
    if isinstance(data, dict):
        name = data.get("node")
        known = _classes().get(name) if isinstance(name, str) else None
        if known is None:
            raise ValueError(f"unknown node {name!r}")
        cls, fields = known
        args = {}
        for k, v in data.items():
            if k == "node":
                continue
            if k not in fields:
                raise ValueError(f"{name} has no field {k!r}")
            args[k] = from_data(v, depth + 1)
        try:
            hints = _hints(cls)
        except Exception as error:  # an annotation that cannot be resolved: nothing is trusted
            raise ValueError(f"bad {name}: its fields' types cannot be read ({error})") from None
        for k, v in args.items():
            if not conforms(v, hints.get(k)):
                raise ValueError(f"bad {name}: {k} is {type(v).__name__}, not {hints.get(k)}")
        try:
            return cls(**args)
        except (TypeError, ValueError, AttributeError) as error:
            raise ValueError(f"bad {name}: {error}") from None
    raise ValueError(f"not node data: {type(data).__name__}")


def tree(node: Any, indent: str = "  ") -> str:
    """The node as an indented tree, one node or field per line; a node whose fields are all
    plain values fits on one line (``Fixed(n=2)``). Display fields are left out."""
    lines: list[str] = []

    def scalar(value: Any) -> str | None:
        if value is None or isinstance(value, (bool, int)):
            return repr(value)
        if isinstance(value, str):
            return repr(value)
        if value == ():
            return "()"
        return None

    def shown(value: Any) -> list[tuple[str, Any]]:
        return [(a.name, getattr(value, a.name)) for a in attrs.fields(type(value))
                if a.eq and getattr(value, a.name) != a.default]

    def walk(value: Any, depth: int, label: str) -> None:
        pad = indent * depth
        plain = scalar(value)
        if plain is not None:
            lines.append(f"{pad}{label}{plain}")
            return
        if isinstance(value, tuple):
            lines.append(f"{pad}{label}".rstrip())
            for item in value:
                walk(item, depth + 1, "- ")
            return
        fields = shown(value)
        simple = [(k, scalar(v)) for k, v in fields]
        if all(v is not None for _, v in simple):
            inner = ", ".join(f"{k}={v}" for k, v in simple)
            if len(inner) < 60:
                lines.append(f"{pad}{label}{type(value).__name__}({inner})")
                return
        lines.append(f"{pad}{label}{type(value).__name__}")
        for k, v in fields:
            walk(v, depth + 1, f"{k}: ")

    walk(node, 0, "")
    return "\n".join(lines)
