"""A choice the engine makes without asking (a scenario that leaves it out, and that vsoracle does
not explore) says so in the log: "[scenario default, not explored]"."""

from __future__ import annotations

from functools import lru_cache

from vsoracle.cards import load_database
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario

CARDS = """
[[card]]
number = "TST-901"
name = "Drain"
type = "plot twist"
cost = 0
text = "Target player loses X endurance."

[[card]]
number = "TST-902"
name = "Recruit"
version = "Army"
type = "character"
cost = 1
atk = 1
def = 1
affiliations = ["Avengers"]
text = ""

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
resource_points = 2
hand = [{ card = "TST-901", id = "drain" }, { card = "TST-902", id = "r1" }, { card = "TST-902", id = "r2" }]

[players.B]
"""
DEFAULT = "scenario default, not explored"


@lru_cache(maxsize=1)
def db():
    return load_database()


def log(steps: str) -> list[str]:
    (outcome,) = run_scenario(parse_scenario(CARDS + steps, db())).outcomes
    return [str(e) for e in outcome.log if e.kind == "default"]


def test_x_not_given_is_0_and_the_log_says_so():
    assert log('[[step]]\nplay = "drain"\ntargets = ["B"]\n') == [
        f"X is 0 for drain: the step gives no x = N (X is A's choice; not explored) [{DEFAULT}]"]
    assert log('[[step]]\nplay = "drain"\ntargets = ["B"]\nx = 2\n') == []


def test_a_place_not_given_or_taken_is_the_first_free_column_and_the_log_says_so():
    assert log('[[step]]\nrecruit = "r1"\n[[step]]\nresolve = "all"\n') == [
        "the step names no row or col for r1: it goes in the first free column of the front row (where it goes "
        f"is A's choice; not explored) [{DEFAULT}]"]
    assert log('[[step]]\nrecruit = "r1"\nrow = "support"\n[[step]]\nresolve = "all"\n') == [
        "the step names no col for r1: it goes in the first free column of the support row (where it goes "
        f"is A's choice; not explored) [{DEFAULT}]"]
    # r2 asks for the column r1 took while r2 was on the chain
    assert log('[[step]]\nrecruit = "r2"\ncol = 1\n[[step]]\nrecruit = "r1"\ncol = 1\n[[step]]\nresolve = "all"\n') \
        == [f"column 1 of A's front row is taken: r2 goes in the first free column (2) [{DEFAULT}]"]
    assert log('[[step]]\nrecruit = "r1"\nrow = "front"\ncol = 2\n[[step]]\nresolve = "all"\n') == []
