"""The parser's LALR tables, kept between runs as data.

Building the tables from ``grammar/card-text.lark`` takes about two seconds; loading them takes
a tenth of that. Lark's own cache is a pickle, and unpickling a planted file runs its code, so
vsoracle never uses it: the tables are written as JSON in a sealed record
(:func:`vsoracle.caches.write_record`) under a key that covers the grammar and lark's version,
and read back with :func:`json.loads` only. The JSON holds nothing but numbers, strings, lists
and the few tagged containers :func:`_decode` knows; anything else in the file is a miss, and the
tables are built again.

The parse table (most of the data) is stored as one string of integers per state, ``"token
action argument …"``, where the action is 0 (shift to the state ``argument``) or 1 (reduce by
the rule ``argument``): it is read with ``int``, and a walk over the JSON stays short.
"""

from __future__ import annotations

from typing import Any, Callable

from .. import caches

__all__ = ["load", "save", "key"]

#: The kind of record the tables are kept as.
KIND = "lalr tables"


def key(grammar: bytes, lark_version: str) -> str:
    """What the tables depend on: the grammar's text and the version of lark that built them."""
    return caches.digest((), grammar, lark_version.encode(), str(caches.FORMAT).encode())


def _file(k: str) -> Any:
    folder = caches.safe_folder("parser")
    return None if folder is None else folder / f"tables-{k[:32]}.json"


def save(parser: Any, k: str, lexer: type) -> bool:
    """Keep ``parser``'s tables under key ``k`` (``lexer``: the lexer class it was built with)."""
    path = _file(k)
    if path is None:
        return False
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        inner = data["parser"]["parser"]
        states = inner["states"]
        table = [[s, " ".join(str(v) for t, (act, arg) in row.items()
                              for v in (t, act, arg["@"] if isinstance(arg, dict) else arg))]
                 for s, row in states.items()]
        rest = dict(inner)
        rest["states"] = None
        payload = {"table": table, "data": _encode({**data, "parser": {**data["parser"], "parser": rest}}, lexer),
                   "memo": _encode(memo, lexer)}
    except (TypeError, ValueError, KeyError, AttributeError):
        return False
    return caches.write_record(path, KIND, k, payload)


def load(k: str, lexer: type) -> Any | None:
    """The parser kept under key ``k``, or ``None`` (a miss: build it)."""
    path = _file(k)
    if path is None:
        return None
    payload = caches.read_record(path, KIND, k)
    if payload is None or not caches.matches(payload, {"table": [[object]], "data": object, "memo": object}):
        return None
    from lark import Lark

    try:
        data = _decode(payload["data"], lexer)
        memo = _decode(payload["memo"], lexer)
        states: dict[int, dict[int, tuple[int, Any]]] = {}
        for s, row in payload["table"]:
            flat = [int(v) for v in row.split(" ")] if isinstance(row, str) and row else []
            if not isinstance(s, int) or len(flat) % 3:
                return None
            it = iter(flat)
            states[s] = {t: ((0, arg) if act == 0 else (1, {"@": arg})) for t, act, arg in zip(it, it, it)}
        data["parser"]["parser"]["states"] = states
        return Lark._load_from_dict(data, memo)  # type: ignore[no-untyped-call]  # lark leaves this loader unannotated
    except Exception:  # a damaged record is a miss, whatever it breaks
        return None


def _encode(x: Any, lexer: type) -> Any:
    """JSON for lark's serialised data: tuples, dicts with other than string keys and the
    lexer class are tagged (``{"T": [...]}``, ``{"D": [[key, value], ...]}``, ``{"C": "lexer"}``);
    plain dicts are ``{"S": {...}}``."""
    if x is None or isinstance(x, (bool, int, str)):
        return x
    if isinstance(x, list):
        return [_encode(v, lexer) for v in x]
    if isinstance(x, tuple):
        return {"T": [_encode(v, lexer) for v in x]}
    if isinstance(x, dict):
        if all(isinstance(k_, str) for k_ in x):
            return {"S": {k_: _encode(v, lexer) for k_, v in x.items()}}
        return {"D": [[_encode(k_, lexer), _encode(v, lexer)] for k_, v in x.items()]}
    if x is lexer:
        return {"C": "lexer"}
    raise TypeError(f"cannot keep a {type(x).__name__} in the tables")


def _decode(x: Any, lexer: type) -> Any:
    if x is None or isinstance(x, (bool, int, str)):
        return x
    if isinstance(x, list):
        return [_decode(v, lexer) for v in x]
    if not isinstance(x, dict) or len(x) != 1:
        raise ValueError("not a tagged value")
    (tag, value), = x.items()
    decode: Callable[[Any], Any] = lambda v: _decode(v, lexer)
    if tag == "T" and isinstance(value, list):
        return tuple(decode(v) for v in value)
    if tag == "S" and isinstance(value, dict):
        return {k_: decode(v) for k_, v in value.items()}
    if tag == "D" and isinstance(value, list) and all(isinstance(p, list) and len(p) == 2 for p in value):
        out = {}
        for k_, v in value:
            k_ = decode(k_)
            if isinstance(k_, (list, dict)):
                raise ValueError("an unhashable key")
            out[k_] = decode(v)
        return out
    if tag == "C" and value == "lexer":
        return lexer
    raise ValueError(f"unknown tag {tag!r}")
