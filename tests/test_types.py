"""The types say what the code does: ``mypy --strict`` finds nothing in vsoracle.

python-chess keeps ``mypy --strict`` at 0 in its CI; so does vsoracle, the whole package
(issue 22, item 3). A Literal mode that a comparison misspells, a node built with the
wrong kind of child, a Transformer method that returns something else than it says: each is
a mypy error, so this test fails on it.
"""

from __future__ import annotations

import importlib.util
import re
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


#: A user's program: the top-level names of the API as a client uses them (docs/api.md).
USER_PROGRAM = '''\
import vsoracle

game = vsoracle.load("examples/four-yes-or-no.toml")
reveal_type(game)
reveal_type(vsoracle.loads)
reveal_type(vsoracle.from_json)
reveal_type(game.pending())
reveal_type(game.legal_actions())
reveal_type(vsoracle.position_to_json(game.position))
reveal_type(vsoracle.IllegalActionError)
turns: str = game.state.turn
'''


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None,
                    reason="mypy is not installed (it is in the 'test' extra: pip install -e '.[test]')")
def test_the_top_level_api_is_typed_for_a_user(tmp_path: Path, cache: Path) -> None:
    """``import vsoracle`` imports its names on first use, and a type checker still sees what
    each is: a user's ``mypy --strict`` gets ``Game``, ``Question | None`` …, never ``Any``, and
    catches a misuse (a turn number kept as a string)."""
    probe = tmp_path / "client.py"
    probe.write_text(USER_PROGRAM)
    done = mypy("--strict", str(probe), cache=cache)
    # older mypy spells the builtins with their module ("builtins.list[...]")
    revealed = [r.replace("builtins.", "") for r in re.findall(r'Revealed type is "(.*)"', done.stdout)]
    assert len(revealed) == 7, done.stdout
    assert revealed[0] == "vsoracle.scenario.session.Game"
    assert revealed[1].endswith("-> vsoracle.scenario.session.Game") and "text: str" in revealed[1]
    assert revealed[2].endswith("-> vsoracle.scenario.session.Game")
    assert revealed[3] == "vsoracle.engine.moves.Question | None"
    assert revealed[4].startswith("list[vsoracle.engine.moves.Recruit | ")
    assert revealed[5] == "dict[str, Any]"  # a JSON document: its values are any JSON
    assert revealed[6].endswith("-> vsoracle.errors.IllegalActionError")
    assert not [r for r in revealed if r == "Any"]
    assert 'Incompatible types in assignment (expression has type "int", variable has type "str")' in done.stdout
    assert done.returncode == 1
