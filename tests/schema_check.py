"""A small JSON Schema validator for the subset of draft 2020-12 that docs/*.schema.json use.

Supported keywords: ``type``, ``properties``, ``required``, ``additionalProperties``,
``patternProperties``, ``items``, ``minItems``, ``enum``, ``const``, ``anyOf``, ``oneOf``,
``$ref`` (to ``#/$defs/NAME`` only), ``minimum``, ``pattern``, and boolean schemas (``true`` /
``false``). Annotations (``description``, ``title``, ``examples``, ``default``, ``$comment``,
``$schema``, ``$defs``, ``x-taplo``…) are ignored. Any other keyword is a :class:`SchemaError`, so
a schema can never rely on a check this validator silently skips.

Values are compared with JSON semantics: ``true`` is not ``1``, and an integer is not a boolean.
Errors carry the path of the offending value, written as a TOML-style key path
(``players.A.characters[0].row``), and a message saying what was expected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

__all__ = ["SchemaError", "Failure", "validate", "errors", "format_path", "SUPPORTED", "ANNOTATIONS",
           "check_keywords"]

SUPPORTED = frozenset({
    "type", "properties", "required", "additionalProperties", "patternProperties", "items", "minItems",
    "enum", "const", "anyOf", "oneOf", "$ref", "minimum", "pattern",
})
ANNOTATIONS = frozenset({
    "$schema", "$id", "$comment", "$defs", "title", "description", "examples", "default", "deprecated",
    "x-taplo", "x-taplo-info",
})

Path = tuple[Any, ...]


class SchemaError(Exception):
    """The schema itself uses something this validator does not support, or a bad ``$ref``."""


@dataclass(frozen=True)
class Failure:
    """One validation error: where (a path of keys and indexes) and what."""

    path: Path
    message: str
    kind: str = "value"         # "missing" | "unknown" (a key's presence) | "value" (anything else)

    def __str__(self) -> str:
        return f"{format_path(self.path)}: {self.message}"


def format_path(path: Path) -> str:
    """``("players", "A", "characters", 0, "row")`` -> ``players.A.characters[0].row``; ``()`` -> ``(top level)``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            key = part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else '"' + part.replace('"', '\\"') + '"'
            out += ("." if out else "") + key
    return out or "(top level)"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__          # e.g. a TOML date: matches no JSON type


def _is_type(value: Any, name: str) -> bool:
    actual = _json_type(value)
    return actual == name or (name == "number" and actual == "integer")


def _same(a: Any, b: Any) -> bool:
    """JSON equality: no bool/int confusion, lists and objects compared deeply."""
    ta, tb = _json_type(a), _json_type(b)
    if {ta, tb} <= {"integer", "number"}:
        return a == b
    if ta != tb:
        return False
    if ta == "array":
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if ta == "object":
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, (list, dict)):
        text = repr(value)
        return text if len(text) <= 60 else text[:57] + "..."
    return repr(value)


@lru_cache(maxsize=None)
def _regex(pattern: str) -> re.Pattern[str]:
    try:
        return re.compile(pattern)
    except re.error as error:
        raise SchemaError(f"bad pattern {pattern!r}: {error}") from None


class _Validator:
    def __init__(self, root: Any) -> None:
        self.root = root

    def resolve(self, ref: str) -> Any:
        match = re.fullmatch(r"#/\$defs/([^/]+)", ref)
        if not match:
            raise SchemaError(f"unsupported $ref {ref!r}: only '#/$defs/NAME' is supported")
        defs = self.root.get("$defs", {}) if isinstance(self.root, dict) else {}
        if match.group(1) not in defs:
            raise SchemaError(f"$ref {ref!r}: no such definition")
        return defs[match.group(1)]

    def check(self, value: Any, schema: Any, path: Path) -> list[Failure]:
        if schema is True:
            return []
        if schema is False:
            return [Failure(path, "is not allowed here")]
        if not isinstance(schema, dict):
            raise SchemaError(f"a schema must be an object or a boolean, not {schema!r}")
        unknown = set(schema) - SUPPORTED - ANNOTATIONS
        if unknown:
            raise SchemaError(f"unsupported keyword(s) {sorted(unknown)} in schema at {format_path(path)}")
        out: list[Failure] = []
        if "$ref" in schema:
            out += self.check(value, self.resolve(schema["$ref"]), path)
        if "type" in schema:
            names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(_is_type(value, n) for n in names):
                return out + [Failure(path, f"expected {' or '.join(names)}, found {_json_type(value)} {_show(value)}")]
        if "const" in schema and not _same(value, schema["const"]):
            out.append(Failure(path, f"must be {_show(schema['const'])}, not {_show(value)}"))
        if "enum" in schema and not any(_same(value, v) for v in schema["enum"]):
            choices = ", ".join(_show(v) for v in schema["enum"])
            out.append(Failure(path, f"{_show(value)} is not one of {choices}" if choices else f"{_show(value)} is not allowed"))
        if "minimum" in schema and _json_type(value) in ("integer", "number") and value < schema["minimum"]:
            out.append(Failure(path, f"{_show(value)} is less than the minimum {schema['minimum']}"))
        if "pattern" in schema and isinstance(value, str) and not _regex(schema["pattern"]).search(value):
            pattern = schema["pattern"]
            shown = f" {pattern!r}" if len(pattern) <= 40 else ""
            out.append(Failure(path, f"{_show(value)} does not match the required pattern{shown}"))
        if isinstance(value, list):
            if "minItems" in schema and len(value) < schema["minItems"]:
                out.append(Failure(path, f"needs at least {schema['minItems']} item(s), has {len(value)}"))
            if "items" in schema:
                for index, item in enumerate(value):
                    out += self.check(item, schema["items"], path + (index,))
        if isinstance(value, dict):
            out += self.check_object(value, schema, path)
        if "anyOf" in schema:
            out += self.check_any(value, schema["anyOf"], path, one=False)
        if "oneOf" in schema:
            out += self.check_any(value, schema["oneOf"], path, one=True)
        return out

    def check_object(self, value: dict, schema: dict, path: Path) -> list[Failure]:
        out: list[Failure] = []
        props = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        for key in schema.get("required", []):
            if key not in value:
                out.append(Failure(path, f"missing required key '{key}'", "missing"))
        for key, item in value.items():
            matched = False
            if key in props:
                matched = True
                out += self.check(item, props[key], path + (key,))
            for pattern, sub in patterns.items():
                if _regex(pattern).search(key):
                    matched = True
                    out += self.check(item, sub, path + (key,))
            if not matched and "additionalProperties" in schema:
                extra = schema["additionalProperties"]
                if extra is False:
                    known = sorted(props)
                    hint = f" (allowed: {', '.join(known)})" if known else ""
                    out.append(Failure(path + (key,), f"unknown key '{key}'{hint}", "unknown"))
                else:
                    out += self.check(item, extra, path + (key,))
        return out

    def check_any(self, value: Any, branches: list, path: Path, one: bool) -> list[Failure]:
        results = [self.check(value, branch, path) for branch in branches]
        passing = [i for i, r in enumerate(results) if not r]
        if one and len(passing) > 1:
            return [Failure(path, f"matches {len(passing)} of the oneOf alternatives, exactly one is allowed")]
        if passing:
            return []
        return self.explain(branches, results, path)

    def describe(self, branch: Any) -> str | None:
        if not isinstance(branch, dict):
            return None
        if "description" in branch:
            return branch["description"]
        if "$ref" in branch:
            return self.describe(self.resolve(branch["$ref"]))
        return None

    def explain(self, branches: list, results: list[list[Failure]], path: Path) -> list[Failure]:
        """Why no alternative matched, as readably as possible."""
        def relative(f: Failure) -> str:
            rest = f.path[len(path):]
            return (format_path(rest) + ": " if rest else "") + f.message

        # every alternative only lacks its own key: the value needs one of those keys
        if all(r and all(f.kind == "missing" and f.path == path for f in r) for r in results):
            keys = [r[0].message.split("'")[1] for r in results]
            wanted = list(dict.fromkeys(keys))
            return [Failure(path, "needs one of the keys " + ", ".join(f"'{k}'" for k in wanted), "missing")]
        # a few alternatives: say what each one lacks
        if len(branches) <= 3:
            parts = []
            for index, (branch, result) in enumerate(zip(branches, results), 1):
                desc = self.describe(branch)
                desc = desc.split(". ")[0].rstrip(".") if desc else None
                shown = ", ".join(relative(f) for f in result[:3]) + (", …" if len(result) > 3 else "")
                parts.append(f"({index}) " + (f"{desc}: " if desc else "") + shown)
            return [Failure(path, "matches none of the alternatives: " + "; ".join(parts))]
        # many alternatives: report the closest (fewest key problems, then fewest value problems)
        def score(i: int) -> tuple[int, int]:
            structural = sum(1 for f in results[i] if f.kind != "value")
            return structural, len(results[i]) - structural
        best = min(range(len(results)), key=score)
        desc = self.describe(branches[best])
        desc = desc.split(". ")[0].rstrip(".") if desc else None
        lead = f"matches none of the {len(branches)} alternatives" + (f"; closest is {desc!r}" if desc else "")
        return [Failure(path, lead)] + results[best]


def errors(instance: Any, schema: Any) -> list[Failure]:
    """Every failure of ``instance`` against ``schema`` (empty when it is valid)."""
    return _Validator(schema).check(instance, schema, ())


def validate(instance: Any, schema: Any) -> None:
    """Raise ``ValueError`` listing every failure, one per line, if ``instance`` is not valid."""
    found = errors(instance, schema)
    if found:
        raise ValueError("\n".join(str(f) for f in found))


def check_keywords(schema: Any, where: str = "#") -> list[str]:
    """Keywords anywhere in ``schema`` that this validator neither checks nor ignores as annotations."""
    bad: list[str] = []
    if isinstance(schema, bool):
        return bad
    if not isinstance(schema, dict):
        return [f"{where}: a schema must be an object or a boolean"]
    for key in set(schema) - SUPPORTED - ANNOTATIONS:
        bad.append(f"{where}: unsupported keyword '{key}'")
    for key in ("properties", "patternProperties", "$defs"):
        for name, sub in schema.get(key, {}).items():
            bad += check_keywords(sub, f"{where}/{key}/{name}")
    for key in ("items", "additionalProperties"):
        if key in schema and not isinstance(schema[key], bool):
            bad += check_keywords(schema[key], f"{where}/{key}")
    for key in ("anyOf", "oneOf"):
        for index, sub in enumerate(schema.get(key, [])):
            bad += check_keywords(sub, f"{where}/{key}/{index}")
    return bad
