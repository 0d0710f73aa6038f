"""Priority and the chain (CR 216, 505, 508): who acts, what resolves, in which order."""

from __future__ import annotations

from functools import lru_cache

import pytest

from vsoracle.cards import load_database
from vsoracle.errors import ScenarioError
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario

BASE = """
[[card]]
number = "TST-401"
name = "Spark"
type = "plot twist"
cost = 0
text = "Target player gains 1 endurance."

[[card]]
number = "TST-402"
name = "Flare"
type = "plot twist"
cost = 0
text = "Target player loses 2 endurance."

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
hand = [{ card = "TST-401", id = "spark" }, { card = "TST-401", id = "spark2" }]

[players.B]
hand = [{ card = "TST-402", id = "flare" }]
"""


@lru_cache(maxsize=1)
def db():
    return load_database()


def run(steps: str):
    return run_scenario(parse_scenario(BASE + steps, db()))


def test_the_acting_player_keeps_priority_and_effects_resolve_last_in_first_out():
    result = run("""
[[step]]
play = "spark"
targets = ["A"]

[[step]]
play = "spark2"
targets = ["B"]

[[step]]
check.chain = ["play:spark", "play:spark2"]

[[step]]
resolve = "top"

[[step]]
check.B.endurance = 51
check.A.endurance = 50
check.chain = ["play:spark"]
""")
    assert result.passed, [c for c in result.checks if not c.ok]


def test_by_lets_the_players_before_pass_and_nothing_resolves_from_that_pass():
    result = run("""
[[step]]
play = "spark"
targets = ["A"]

[[step]]
play = "flare"
by = "B"
targets = ["A"]

[[step]]
check.chain = ["play:spark", "play:flare"]

[[step]]
resolve = "all"

[check]
A.endurance = 49
""")
    assert result.passed


def test_two_passes_in_succession_resolve_the_top_effect_only():
    result = run("""
[[step]]
play = "spark"
targets = ["A"]

[[step]]
play = "spark2"
targets = ["A"]

[[step]]
pass = true

[[step]]
check.chain = ["play:spark", "play:spark2"]

[[step]]
pass = true

[[step]]
check.chain = ["play:spark"]
check.A.endurance = 51
""")
    assert result.passed, [c for c in result.checks if not c.ok]


def test_successive_passes_on_an_empty_chain_end_the_step():
    result = run("""
[[step]]
pass = true

[[step]]
pass = true

[check]
A.resource_points = 0
""")
    (outcome,) = result.outcomes
    assert outcome.state.step == "formation" and outcome.state.active == "A"


def test_a_target_must_be_given_and_legal():
    with pytest.raises(ScenarioError) as err:
        run("""
[[step]]
play = "spark"
""")
    assert "is illegal: this effect needs 1 target (a player) — add targets = [...]" in str(err.value)
    result = run("""
[[step]]
play = "spark"
targets = ["spark2"]
rejected = true
""")
    assert result.passed
    assert "spark2 is not a player" in str(result.outcomes[0].log[-1])
