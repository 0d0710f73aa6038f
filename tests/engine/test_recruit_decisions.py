"""Recruiting's optional choices are decisions (FAQ GM 1): the reservist swap (which card from hand
goes face down in the reservist's place, or none; ``face_down = ID`` or ``choose`` answers it) and
paying a boost cost (``boost = true/false`` answers it); unscripted, each is explored."""

from __future__ import annotations

from functools import lru_cache

import pytest

from vsoracle.cards import load_database
from vsoracle.errors import ScenarioError
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario

POSITION = """
[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
resource_points = 4
hand = HAND
resources = [{ card = "Quicksilver, Mutant Avenger", id = "qs" }, "Windstorm", "Windstorm", "Windstorm"]

[players.B]

[[step]]
recruit = "qs"
from = "resources"
"""
TWO = '[{ card = "Windstorm", id = "ws" }, { card = "Thor, Odinson", id = "thor" }]'


@lru_cache(maxsize=1)
def db():
    return load_database()


def run(hand: str = TWO, keys: str = "", header: str = ""):
    return run_scenario(parse_scenario(header + POSITION.replace("HAND", hand) + keys, db()))


def swapped(outcome) -> str:
    """What is in the resource row where qs was."""
    return outcome.state.player("A").resources[0] if outcome.state.obj("qs").zone.value != "resource_row" else "qs"


def test_unscripted_every_answer_is_followed():
    result = run()
    assert sorted(swapped(o) for o in result.outcomes) == ["thor", "windstorm", "ws"]
    prompts = {p for o in result.outcomes for _s, p, _a in o.choices}
    assert prompts == {"A may put a card from hand face down into the resource row in place of qs"}


@pytest.mark.parametrize("keys, expected", [('face_down = "ws"', "ws"), ('choose = ["thor"]', "thor"),
                                            ('choose = ["none"]', "windstorm")])
def test_face_down_or_choose_answers_it(keys, expected):
    (outcome,) = run(keys=keys + "\n").outcomes
    assert swapped(outcome) == expected


def test_face_down_is_the_answer_not_a_second_question():
    (outcome,) = run(keys='face_down = "ws"\n').outcomes
    assert outcome.choices == ()
    assert not [e for e in outcome.log if e.kind == "choice"]


def test_an_answer_that_is_not_in_hand_is_an_error():
    with pytest.raises(ScenarioError, match="qs is not a legal answer to: A may put a card from hand face down"):
        run(keys='choose = ["qs"]\n')


def test_strict_asks_for_the_answer():
    with pytest.raises(ScenarioError, match="asks an unscripted decision: A may put a card from hand face down .* "
                                            "with one of none, ws, thor"):
        run(header="[scenario]\nstrict = true\n")


def test_with_an_empty_hand_there_is_nothing_to_ask_and_the_log_says_so():
    (outcome,) = run(hand="[]").outcomes
    assert outcome.choices == ()
    assert "A has no card in hand to put face down in place of qs" in [e.text for e in outcome.log]


BOOSTED = """
[[card]]
number = "TST-131"
name = "Rampart"
version = "Army"
type = "character"
cost = 2
atk = 3
def = 3
affiliations = ["Avengers"]
text = \"\"\"
Boost 2 (You may pay an additional 2 resource points as you recruit this character.)
When Rampart comes into play, if Rampart was boosted, Rampart gets +2 ATK / +2 DEF this turn.
\"\"\"

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
resource_points = POINTS
hand = [{ card = "Rampart", id = "r" }]

[players.B]

[[step]]
recruit = "r"
KEYS
[[step]]
resolve = "all"
"""


def boosted(points: int = 4, keys: str = ""):
    text = BOOSTED.replace("POINTS", str(points)).replace("KEYS", keys)
    return run_scenario(parse_scenario(text, db()))


def test_boost_unscripted_is_explored_both_ways():
    result = boosted()
    assert sorted((o.state.player("A").resource_points, o.choices[0][2]) for o in result.outcomes) == \
        [(0, "true"), (2, "false")]
    assert {o.choices[0][1] for o in result.outcomes} == {"A may pay r's boost cost (2 resource points) as it is recruited"}


@pytest.mark.parametrize("keys, left", [("boost = true", 0), ("boost = false", 2), ("choose = [true]", 0)])
def test_boost_answered(keys, left):
    (outcome,) = boosted(keys=keys + "\n").outcomes
    assert outcome.state.player("A").resource_points == left


def test_a_boost_that_cannot_be_paid_is_not_asked_and_the_log_says_so():
    (outcome,) = boosted(points=3).outcomes
    assert outcome.choices == ()
    assert "A cannot pay r's boost cost (2) on top of its cost: it is not boosted" in [e.text for e in outcome.log]
