"""What a distributor ships (issue 22, 8): the sdist holds everything the suite reads, so the tests
collect and pass from an unpacked sdist; the wheel carries the licence and says what it is."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_sdist_includes_every_top_level_path_the_tests_read():
    included = set(PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"])
    read = set()
    for test in (ROOT / "tests").rglob("*.py"):
        read |= set(re.findall(r'ROOT / "([A-Za-z_.-]+)"', test.read_text(encoding="utf-8")))
    read -= {"artifacts"}  # written by a test, not read
    assert {p for p in read if (ROOT / p).exists()} <= included | {"pyproject.toml"}, read - included


def test_the_licence_and_the_classifiers_are_declared():
    project = PYPROJECT["project"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert project["license-files"] == ["LICENSE"]
    assert "License :: OSI Approved :: MIT License" in project["classifiers"]
    assert "Typing :: Typed" in project["classifiers"] and (ROOT / "vsoracle" / "py.typed").exists()
    assert any(c.startswith("Programming Language :: Python :: 3.11") for c in project["classifiers"])
