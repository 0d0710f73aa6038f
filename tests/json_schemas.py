"""The JSON Schemas in docs/, read once, and validators for them (the ``jsonschema`` package).

``validator("resolve")`` checks a ``vsoracle resolve --json`` document against
docs/json/resolve.schema.json, its ``defs.schema.json#/$defs/…`` references resolved from the
same folder; ``validator("scenario")`` and ``validator("cards")`` the scenario and card file
schemas in docs/. ``failures(instance, kind)`` lists every error as ``path: message``.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parents[1]
JSON_DOCS = ROOT / "docs" / "json"

__all__ = ["ROOT", "JSON_DOCS", "DOCUMENTS", "schema", "validator", "failures", "every_failure", "path_of"]

#: Every document kind with a schema in docs/json/ (defs.schema.json is the shared pieces).
DOCUMENTS = tuple(sorted(p.name.removesuffix(".schema.json") for p in JSON_DOCS.glob("*.schema.json")
                         if p.name != "defs.schema.json"))


@lru_cache(maxsize=None)
def schema(kind: str) -> dict[str, Any]:
    """The schema of ``kind``: a document of docs/json/, or ``scenario`` / ``cards`` (docs/)."""
    folder = ROOT / "docs" if kind in ("scenario", "cards-file") else JSON_DOCS
    name = "cards" if kind == "cards-file" else kind
    return json.loads((folder / f"{name}.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _registry() -> Registry:
    return Registry().with_resources(
        (p.name, Resource.from_contents(json.loads(p.read_text(encoding="utf-8")))) for p in JSON_DOCS.glob("*.schema.json"))


@lru_cache(maxsize=None)
def validator(kind: str) -> Draft202012Validator:
    """A validator for ``kind`` (the schema itself checked first: a broken schema fails loudly)."""
    s = schema(kind)
    Draft202012Validator.check_schema(s)
    return Draft202012Validator(s, registry=_registry())


def path_of(error: Any) -> str:
    """An error's place as a TOML-style key path: ``players.A.characters[0].row``; ``(top level)``."""
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else ("." if out else "") + str(part)
    return out or "(top level)"


def failures(instance: Any, kind: str) -> list[str]:
    """Every error of ``instance`` against ``kind``'s schema, as ``path: message`` (empty: valid)."""
    return [f"{path_of(e)}: {e.message}" for e in validator(kind).iter_errors(instance)]


def _where(error: Any) -> list[str]:
    """The places an error is about: an unknown key is named as its own path (``scenario.titel``),
    as a person looks for it; anything else is the value's path."""
    path = path_of(error)
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return [path]
    known = error.schema.get("properties", {})
    patterns = error.schema.get("patternProperties", {})
    extra = [k for k in error.instance if k not in known and not any(re.search(p, k) for p in patterns)]
    return [(f"{path}." if path != "(top level)" else "") + k for k in extra] or [path]


def every_failure(instance: Any, kind: str) -> list[tuple[str, str]]:
    """Every error of ``instance`` against ``kind``'s schema and, under an ``anyOf`` that no
    alternative matched, each alternative's errors: (place, ``keyword: message``)."""
    out: list[tuple[str, str]] = []

    def walk(errors: Any) -> None:
        for e in errors:
            out.extend((where, f"{e.validator}: {e.message}") for where in _where(e))
            walk(e.context)

    walk(validator(kind).iter_errors(instance))
    return out
