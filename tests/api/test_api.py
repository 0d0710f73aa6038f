"""The Python API at the top of the package (issue 26, 3; docs/api.md): the README's example runs
as written, ``import vsoracle`` stays light, and a game loads, plays, answers, undoes and refuses
as documented."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import vsoracle
from vsoracle.engine import moves

ROOT = Path(__file__).resolve().parents[2]
FOUR = ROOT / "examples" / "four-yes-or-no.toml"


def test_the_readme_python_example_runs_from_the_repository_root():
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    done = subprocess.run([sys.executable, "-c", blocks[0]], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr


def test_docs_api_examples_run():
    """Every ```python block of docs/api.md runs, in order, from the repository root."""
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "api.md").read_text(encoding="utf-8"), re.S)
    assert blocks
    done = subprocess.run([sys.executable, "-c", "\n".join(blocks)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr


def test_import_vsoracle_imports_no_layer_until_a_name_is_used():
    code = ("import sys, vsoracle; assert not [m for m in sys.modules if m.startswith('vsoracle.')], sys.modules.keys(); "
            "vsoracle.load; assert 'vsoracle.scenario.session' in sys.modules")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert set(vsoracle.__all__) <= set(dir(vsoracle))
    with pytest.raises(AttributeError, match="no attribute 'Board'"):
        vsoracle.Board  # noqa: B018


def test_every_name_imported_on_first_use_is_also_imported_for_type_checkers():
    """A name only ``__getattr__`` gives is ``Any`` to a user's type checker: each of ``_LAZY``
    is imported under ``if TYPE_CHECKING:`` too, from the same module (tests/test_types.py checks
    what mypy then sees)."""
    import ast

    tree = ast.parse((ROOT / "vsoracle" / "__init__.py").read_text(encoding="utf-8"))
    typed = {alias.name: "vsoracle." + (node.module or "")
             for block in ast.walk(tree) if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
             for node in ast.walk(block) if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert typed == vsoracle._LAZY
    assert set(typed) | {"__version__"} == set(vsoracle.__all__)


def test_load_from_a_path_or_text_with_all_some_or_none_of_its_steps():
    text = FOUR.read_text(encoding="utf-8")
    played = vsoracle.load(FOUR)
    assert vsoracle.loads(text).position == played.position == vsoracle.load(str(FOUR), steps=2).position
    assert played.pending().prompt == "A may draw a card" and played.legal_actions() == []
    one = vsoracle.load(FOUR, steps=1)
    assert one.pending() is None and one.state.chain and one.state.priority == "A"
    start = vsoracle.load(FOUR, steps=False)
    assert start.position == start.state and start.state.player("A").hand == ("p",)
    assert repr(start) == "<vsoracle.Game turn 1 build, priority A>"
    with pytest.raises(vsoracle.ScenarioError, match="the scenario has 2 steps, not 3"):
        vsoracle.load(FOUR, steps=3)


def test_take_answer_undo():
    game = vsoracle.load(FOUR, steps=False)
    start = game.position
    taken = game.take({"play": "p"})  # by: the player with priority
    assert taken == game.position and taken.chain[0].label == "play:p"
    waiting = game.take(moves.Resolve("top"))
    assert isinstance(waiting, moves.Waiting) and game.pending().player == "A"
    game.answer(False)
    game.answer([True][0])
    assert game.pending().prompt == "A may gain 2 resource points"
    assert game.steps() == [{"play": "p", "by": "A"}, {"resolve": "top", "choose": [False, True]}]
    for _ in range(4):
        game.undo()
    assert game.position == start
    with pytest.raises(vsoracle.IllegalActionError, match="nothing to undo"):
        game.undo()


def test_what_a_game_refuses_leaves_it_as_it_was():
    game = vsoracle.load(FOUR)
    before = game.position
    with pytest.raises(vsoracle.IllegalActionError, match="a decision waits: A may draw a card"):
        game.take({"pass": True})
    with pytest.raises(vsoracle.IllegalAnswerError, match="not a legal answer"):
        game.answer("perhaps")
    assert game.position == before
    game = vsoracle.load(FOUR, steps=False)
    with pytest.raises(vsoracle.IllegalAnswerError, match="no decision waits"):
        game.answer(True)
    with pytest.raises(vsoracle.IllegalActionError, match="a step has one verb"):
        game.take({"by": "A"})
    with pytest.raises(vsoracle.IllegalActionError, match="there is no object 'q'"):
        game.take({"play": "q"})
    with pytest.raises(vsoracle.IllegalActionError, match="play does not take 'row'"):
        game.take({"play": "p", "row": "front"})
    with pytest.raises(vsoracle.IllegalActionError, match="step key 'targets'"):
        game.take({"play": "p", "targets": 3})


def test_a_game_from_json_has_no_scenario_to_write_but_plays_on():
    game = vsoracle.from_json(vsoracle.load(FOUR).to_json())
    with pytest.raises(vsoracle.PositionError, match="started from a JSON position"):
        game.to_scenario()
    game.answer(True)
    assert game.pending().prompt == "A may gain 1 endurance"
    with pytest.raises(vsoracle.PositionError, match="<position>: position: not JSON"):
        vsoracle.from_json("{")


def test_a_json_file_loads_as_a_position(tmp_path):
    import json

    game = vsoracle.load(FOUR)
    (tmp_path / "p.json").write_text(json.dumps(game.to_json()), encoding="utf-8")
    assert vsoracle.load(tmp_path / "p.json").position == game.position
    with pytest.raises(vsoracle.PositionError, match="cannot read it"):
        vsoracle.load(tmp_path / "missing.json")


def test_set_position_starts_again_from_a_value():
    game = vsoracle.load(FOUR)
    other = vsoracle.load(FOUR, steps=False)
    other.set_position(game.position)
    assert other.position == game.position and other.pending() == game.pending()
    with pytest.raises(vsoracle.IllegalActionError, match="nothing to undo"):
        other.undo()


def test_the_log_says_what_the_last_take_or_answer_did():
    """``Game.log``: the events of the last change, with their citations and figures; a take
    and its answers, in order, log what the action taken whole logs; undo gives the log of the
    change now last, and the start has none."""
    game = vsoracle.load(FOUR, steps=False)
    assert game.log == ()
    game.take({"play": "p"})
    assert [str(e) for e in game.log] == ["A plays p (Crossroads) from the hand [CR 304, 505]"]
    played = game.log
    game.take({"resolve": "top"})
    logs = [game.log]
    for value in (True, False, True, True):
        game.answer(value)
        logs.append(game.log)
    assert [e.kind for e in logs[0]] == ["pass", "resolve"]
    assert str(logs[1][0]) == "A chooses true: A may draw a card [answer]"  # no scenario said it
    lose = next(e for e in logs[4] if e.kind == "endurance")
    assert lose.cite == "CR 508" and dict(lose.figures)["after"] == 46
    whole = vsoracle.load(FOUR, steps=False)
    whole.take({"play": "p"})
    whole.take({"resolve": "top", "choose": [True, False, True, True]})
    assert whole.log == tuple(e for log in logs for e in log)
    game.undo()
    assert game.log == logs[3]
    for _ in range(4):
        game.undo()
    assert game.log == played
    game.undo()
    assert game.log == ()


def test_an_answer_given_is_cited_as_one_and_a_scenario_s_choose_as_the_scenario_s(tmp_path):
    """The log cites where an answer came from: "[answer]" for one a program or a player gave
    (``Game.answer``, or ``choose`` in a ``take``), "[scenario choose]" only for a scenario file's
    ``choose`` (vsoracle resolve)."""
    scenario = tmp_path / "four.toml"
    text = FOUR.read_text(encoding="utf-8").replace('resolve = "top"', 'resolve = "top"\nchoose = [true, false, true, true]')
    scenario.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", str(scenario)], capture_output=True, text=True)
    assert "A chooses true: A may draw a card [scenario choose]" in done.stdout, done.stdout + done.stderr
    game = vsoracle.load(FOUR, steps=False)
    game.take({"play": "p"})
    game.take({"resolve": "top", "choose": [True, False, True, True]})
    chose = [str(e) for e in game.log if e.kind == "choice"]
    assert chose and all(line.endswith("[answer]") for line in chose), chose
