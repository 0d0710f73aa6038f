"""What a step asserts about its own legality: ``rejected = true`` (the rules forbid it),
``rejected = "text"`` (… and the reason says so), ``allowed = true`` (the rules allow it: a refusal
is a failed check, exit 1, not an invalid file)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from vsoracle.cli.output import Format
from vsoracle.cards import load_database
from vsoracle.cli.answer import answer
from vsoracle.errors import ScenarioError
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario

BASE = """
[[card]]
number = "TST-401"
name = "Spark"
type = "plot twist"
cost = 0
text = "You may draw a card."

[[card]]
number = "TST-402"
name = "Flare"
type = "plot twist"
cost = 1
text = "Target player loses 2 endurance."

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
hand = [{ card = "TST-401", id = "spark" }, { card = "TST-402", id = "flare" }]
deck = [{ card = "TST-402", id = "flare2" }]
resources = ["TST-401"]

[players.B]
"""


@lru_cache(maxsize=1)
def db():
    return load_database()


def run(steps: str):
    return run_scenario(parse_scenario(BASE + steps, db()))


def legality(result):
    """The one CheckResult about a step's legality."""
    (found,) = [c for c in result.checks if c.description.startswith("step ")]
    return found


def test_allowed_holds_when_the_step_is_legal():
    result = run('[[step]]\nplay = "flare"\ntargets = ["B"]\nallowed = true\n[check]\nchain = ["play:flare"]\n')
    assert result.passed
    assert legality(result).description == 'step 1 (play = "flare") is allowed by the rules'
    assert legality(result).found == ("allowed",)


def test_allowed_refused_is_a_failed_check_with_the_reason_and_the_line_of_play_stops():
    result = run('[[step]]\nplay = "flare"\ntargets = ["spark"]\nallowed = true\n'
                 '[[step]]\nresolve = "all"\ncheck.B.endurance = 50\n[check]\nA.hand = 2\n')
    assert not result.passed
    check = legality(result)
    assert not check.ok and check.found == ("rejected: illegal target: spark is not a player",)
    # the later steps are not played on the stopped line, and its checks are not read off it
    assert [(c.ok, c.found) for c in result.checks[1:]] == [(False, ("not reached",)), (False, ("not reached",))]
    (outcome,) = result.outcomes
    assert outcome.stopped and "step 1 was refused" in outcome.stopped
    assert "was expected to be allowed, but the rules refuse it: illegal target" in str(outcome.log[-1])


def test_without_allowed_a_refused_step_is_an_invalid_file():
    with pytest.raises(ScenarioError, match="is illegal: illegal target: spark is not a player"):
        run('[[step]]\nplay = "flare"\ntargets = ["spark"]\n')


def test_allowed_on_some_lines_of_play_only_fails_and_the_others_go_on():
    # "you may draw a card": flare2 is in hand only if A drew
    result = run('[[step]]\nplay = "spark"\n[[step]]\nresolve = "all"\n'
                 '[[step]]\nplay = "flare2"\ntargets = ["B"]\nallowed = true\n[check]\nchain = ["play:flare2"]\n')
    check = legality(result)
    assert not check.ok and sorted(check.found) == [
        "allowed", "rejected: flare2 is not in A's hand or face down in the resource row"]
    assert result.checks[-1].ok   # read off the line of play that went on
    assert sorted(o.stopped is None for o in result.outcomes) == [False, True]


def test_rejected_with_a_text_needs_that_reason():
    steps = '[[step]]\nplay = "flare"\ntargets = ["spark"]\nrejected = "{}"\n'
    result = run(steps.format("Is Not A Player"))          # letter case ignored
    assert result.passed
    assert legality(result).description == \
        'step 1 (play = "flare") is rejected by the rules because "Is Not A Player"'
    result = run(steps.format("resource points"))          # refused, but for another reason
    assert not result.passed
    assert legality(result).found == ("rejected: illegal target: spark is not a player",)


def test_rejected_true_accepts_any_reason_and_fails_when_the_step_is_legal():
    assert run('[[step]]\nplay = "flare"\ntargets = ["spark"]\nrejected = true\n').passed
    for value in ("true", '"target"'):
        result = run(f'[[step]]\nplay = "flare"\ntargets = ["B"]\nrejected = {value}\n')
        assert not result.passed and legality(result).found == ("allowed",)


def test_the_report_and_json_show_the_failed_expectation(tmp_path):
    path = tmp_path / "q.scenario.toml"
    path.write_text(BASE + '[[step]]\nplay = "flare"\ntargets = ["spark"]\nallowed = true\n', encoding="utf-8")
    text, code = answer(path, no_cache=True)
    assert code == 1
    assert ('✗ step 1 (play = "flare") is allowed by the rules [after step 1, line 28] — found rejected: '
            "illegal target: spark is not a player") in text
    assert "stopped: step 1 was refused" in text
    import json
    doc, code = answer(path, fmt=Format.JSON, no_cache=True)
    doc = json.loads(doc)
    assert code == 1 and doc["passed"] is False
    assert doc["checks"][0]["found"] == ["rejected: illegal target: spark is not a player"]
    assert doc["outcomes"][0]["stopped"].startswith("step 1 was refused")
