"""The types say what the code does: ``mypy --strict`` finds nothing in vsoracle.

python-chess keeps ``mypy --strict`` at 0 in its CI; so does vsoracle, the whole package
(issue 22, item 3). A Literal mode that a comparison misspells, a node built with the
wrong kind of child, a Transformer method that returns something else than it says: each is
a mypy error, so this test fails on it.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The packages at 0 errors under ``mypy --strict``: all of vsoracle.
CLEAN = ("vsoracle",)


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One mypy cache for the module's runs: the second reads the packages from the first."""
    return tmp_path_factory.mktemp("mypy-cache")


def mypy(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (it is in the 'test' extra: pip install -e '.[test]')")
def test_mypy_strict_finds_nothing_in_the_clean_packages(cache: Path) -> None:
    packages = [arg for p in CLEAN for arg in ("-p", p)]
    done = mypy("--strict", *packages, cache=cache)
    assert done.returncode == 0, f"mypy --strict {' '.join(CLEAN)}:\n{done.stdout}{done.stderr}"
    assert "Success: no issues found" in done.stdout


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (it is in the 'test' extra: pip install -e '.[test]')")
def test_a_misspelt_mode_is_a_type_error(tmp_path: Path, cache: Path) -> None:
    """The middle layer's modes are Literal types: comparing one with a value it never takes
    is an error, which is what keeps a misspelt mode from being a branch that never runs."""
    probe = tmp_path / "probe.py"
    probe.write_text("from vsoracle.text.phrases import Pred\n\n\n"
                     "def misspelt(p: Pred) -> bool:\n"
                     "    return p.mode == 'wuold'\n")
    done = mypy("--strict", "--follow-imports=silent", str(probe), cache=cache)
    assert done.returncode == 1
    assert "Non-overlapping equality check" in done.stdout and "wuold" in done.stdout
