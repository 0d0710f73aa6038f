"""The hand-written rules bugs of ``tools/planted_bugs*.toml`` (``python tools/mutants.py --planted
FILE``) stay plantable: each one's ``find`` text is in its file exactly once. A refactor that rewrites
the code a bug names (``Zone.X`` to a module name, a loop written another way) would otherwise make
the tool skip the bug as "found 0 times", and the suite's kill rate would be measured on fewer bugs
than it claims, silently (seven were, until issue 26's seventh round)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "tools").glob("planted_bugs*.toml"))
BUGS = [(path.name, bug) for path in FILES for bug in tomllib.loads(path.read_text(encoding="utf-8"))["bug"]]


def test_there_are_planted_bugs() -> None:
    assert len(FILES) >= 3 and len(BUGS) >= 100


@pytest.mark.parametrize("where, bug", BUGS, ids=[f"{w}:{b['name'][:60]}" for w, b in BUGS])
def test_each_planted_bug_names_code_that_is_there_once(where: str, bug: dict[str, str]) -> None:
    source = (ROOT / bug["file"]).read_text(encoding="utf-8")
    assert source.count(bug["find"]) == 1, f"{where}: {bug['name']}: its find text is in {bug['file']} " \
                                           f"{source.count(bug['find'])} times (rewrite it to match the code once)"
    assert bug["replace"] != bug["find"]
