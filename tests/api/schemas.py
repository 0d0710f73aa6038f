"""The position document's schema (docs/json/protocol/position.schema.json), as a validator."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    schema = json.loads((ROOT / "docs/json/protocol/position.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def valid_position(doc: Any) -> Any:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in _validator().iter_errors(doc)]
    assert errors == []
    return doc
