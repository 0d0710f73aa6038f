"""tools/weak_checks.py finds checks that hold before the steps that should make them true, and
the scenario suites have none that prove nothing."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _load_tool():
    path = ROOT / "tools" / "weak_checks.py"
    spec = importlib.util.spec_from_file_location("weak_checks", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("weak_checks", module)
    spec.loader.exec_module(module)
    return module


tool = _load_tool()

POSITION = """
[[card]]
number = "TST-401"
name = "Flare"
type = "plot twist"
cost = 0
text = "Target player loses 2 endurance."

[[card]]
name = "Captain"
type = "character"
cost = 3
atk = 3
def = 3
affiliations = ["Avengers"]
text = "Leader: Characters adjacent to Captain get +1 ATK."

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
hand = [{ card = "TST-401", id = "flare" }]

[[players.A.characters]]
card = "Captain"
id = "cap"
col = 1

[[players.A.characters]]
card = "Captain"
id = "cap2"
col = 3

[players.B]
"""


def judge(text: str, tmp_path: Path):
    path = tmp_path / "q.scenario.toml"
    path.write_text(text, encoding="utf-8")
    (report,) = tool.scan([path])
    assert report.error is None, report.error
    return report


def test_a_final_check_that_holds_at_the_start_is_weak(tmp_path):
    report = judge(POSITION + '[[step]]\nplay = "flare"\ntargets = ["B"]\n[[step]]\nresolve = "all"\n'
                   '[check]\nB.endurance = 48\nA.endurance = 50\n', tmp_path)
    assert [(w.kind, w.check) for w in report.weak] == [("final", "[check] A.endurance = 50")]
    assert report.changing == 1 and not report.nothing_changes


def test_a_step_check_that_holds_before_its_step_is_weak(tmp_path):
    report = judge(POSITION + '[[step]]\nplay = "flare"\ntargets = ["B"]\ncheck.B.endurance = 50\n'
                   'check.chain = ["play:flare"]\n', tmp_path)
    assert [(w.kind, w.step, w.check) for w in report.weak] == [("step", 1, "step 1 check B.endurance = 50")]
    # a checks-only step is judged against the position before the last step that did something
    report = judge(POSITION + '[[step]]\nplay = "flare"\ntargets = ["B"]\n[[step]]\ncheck.B.endurance = 50\n',
                   tmp_path)
    assert [(w.kind, w.step) for w in report.weak] == [("step", 2)] and report.nothing_changes


def test_a_derived_value_a_rule_of_the_position_changes_is_not_weak(tmp_path):
    two = POSITION.replace("col = 3", "col = 2")
    report = judge(two + '[check]\ncap2.atk = 4\ncap.atk = 4\n', tmp_path)   # both adjacent: +1 each
    assert report.weak == [] and [w.kind for w in report.notes] == ["static", "static"]
    report = judge(POSITION + '[check]\ncap2.atk = 3\n', tmp_path)           # not adjacent: printed value
    assert [w.kind for w in report.weak] == ["final"] and report.nothing_changes


def test_a_comment_acknowledges_an_unchanged_check(tmp_path):
    report = judge(POSITION + '[[step]]\nplay = "flare"\ntargets = ["B"]\n[[step]]\nresolve = "all"\n'
                   '[check]\nB.endurance = 48\nA.endurance = 50     # unchanged: only the target loses\n'
                   '# Unchanged: Flare is not a character\ncap.atk = 3\n', tmp_path)
    assert [w.acknowledged for w in report.weak] == [True, True]


def test_a_rejected_step_proves_something_of_its_own(tmp_path):
    report = judge(POSITION + '[[step]]\nplay = "flare"\ntargets = ["cap"]\nrejected = "is not a player"\n'
                   'check.B.endurance = 50\n', tmp_path)
    assert report.weak == [] and [w.kind for w in report.notes] == ["rejected step"]
    assert not report.nothing_changes



def test_no_scenario_in_the_suites_proves_nothing():
    reports = tool.scan([ROOT / "tests"])
    assert [r.path for r in reports if r.error] == []
    assert [r.path for r in reports if r.nothing_changes] == []
