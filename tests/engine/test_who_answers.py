"""A scripted answer that names who must give it (issue 25, 1): ``choose = [{ by = "B", answer = "x" }]``
is a check that the rules ask B; ``{ by = "B" }`` explores B's every answer. The rules asking
another player fails the check (the ruling is wrong), never silently passes; a bad table is an
invalid file (one line, exit 2)."""

from __future__ import annotations

import pytest

from vsoracle.cards import default_database
from vsoracle.engine.game import OPEN, Answer, Decision, Game
from vsoracle.engine.moves import Question
from vsoracle.errors import ScenarioError
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario

# A stuns one of two characters: the text names who chooses ("target player …").
POSITION = '''
[[card]]
name = "Sacrifice Demanded"
type = "plot twist"
cost = 0
text = "Target player KO's a character he controls."

[[card]]
name = "Grunt"
version = "Army"
type = "character"
cost = 1
atk = 1
def = 1
affiliations = ["Crime Lords"]

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
hand = [{ card = "Sacrifice Demanded", id = "demand" }]

[players.B]

[[players.B.characters]]
card = "Grunt"
id = "b1"

[[players.B.characters]]
card = "Grunt"
id = "b2"

[[step]]
play = "demand"
targets = ["B"]

[[step]]
resolve = "all"
'''


@pytest.fixture(scope="module")
def db():
    return default_database()


def run(db, choose: str, strict: bool = False):
    head = "[scenario]\nstrict = true\n" if strict else ""
    return run_scenario(parse_scenario(head + POSITION + f"choose = {choose}\n", db, "<test>"))


def by_checks(result):
    return [c for c in result.checks if "is given by" in c.description]


def test_the_player_the_rules_ask_passes(db):
    result = run(db, '[{ by = "B", answer = "b2" }]')
    [check] = by_checks(result)
    assert check.ok and check.description == 'step 2 (resolve = "all"): choose\'s answer 1 is given by B'
    assert check.found == ("asked of B: B chooses what to KO",)
    assert result.outcomes[0].state.obj("b2").zone.value == "ko_pile"


def test_another_player_fails_the_check_and_the_game_goes_on(db):
    result = run(db, '[{ by = "A", answer = "b2" }]')
    [check] = by_checks(result)
    assert not check.ok and check.found == ("asked of B: B chooses what to KO",)
    assert not result.passed
    assert result.outcomes[0].state.obj("b2").zone.value == "ko_pile"   # the answer is still taken


def test_by_alone_explores_every_answer_and_checks_each_line(db):
    result = run(db, '[{ by = "B" }]')
    assert len(result.outcomes) == 2
    [check] = by_checks(result)
    assert check.ok and check.found == ("asked of B: B chooses what to KO",)
    assert all("explored" in e.cite for o in result.outcomes for e in o.log if e.kind == "choice")


def test_by_alone_with_the_wrong_player_fails_on_every_line(db):
    result = run(db, '[{ by = "A" }]')
    [check] = by_checks(result)
    assert not check.ok and len(result.outcomes) == 2


def test_by_alone_is_unscripted_under_strict(db):
    with pytest.raises(ScenarioError, match="asks an unscripted decision: B chooses what to KO"):
        run(db, '[{ by = "B" }]', strict=True)


def test_a_plain_answer_is_no_check(db):
    assert by_checks(run(db, '["b1"]')) == []


@pytest.mark.parametrize("choose, message", [
    ('[{ by = "C", answer = "b1" }]', 'unknown player "C"'),
    ('[{ by = "B", answr = "b1" }]', "unknown key 'answr' in an answer that names who gives it"),
])
def test_a_bad_answer_table_is_an_invalid_file(db, choose, message):
    with pytest.raises(ScenarioError, match=message):
        run(db, choose)


def test_an_illegal_answer_is_still_an_invalid_file(db):
    with pytest.raises(ScenarioError, match="demand is not a legal answer"):
        run(db, '[{ by = "B", answer = "demand" }]')


def test_a_forced_decision_takes_a_named_answer_but_not_an_open_one():
    decision = Decision("B", "choose", "B chooses what to KO", ("b1",))
    g = Game(None, [Answer("B", "b1")])  # type: ignore[arg-type]  (asking reads no state)
    assert g.ask(decision) == "b1" and g.used == 1 and [(i, by) for i, by, _d in g.asked] == [(0, "B")]
    g = Game(None, [Answer("B")])  # type: ignore[arg-type]
    assert g.ask(decision) == "b1" and g.used == 0 and g.asked == []


def test_an_answer_table_is_written_back_as_toml():
    q = Question("B", "choose", "B chooses what to KO", ("b1", "b2"))
    assert q.toml(Answer("B", "b1")) == '{ by = "B", answer = "b1" }'
    assert q.toml(Answer("B", OPEN)) == '{ by = "B" }'
