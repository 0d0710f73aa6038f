"""Mutated scenario files never crash vsoracle: loading and running one gives a result or a
``VsOracleError`` (a message for a person), never another exception.

The seeds are the example scenarios and every FAQ scenario (``tests/faq``); see
``strategies.py`` for the mutations and for the budget (``HYPOTHESIS_PROFILE=long`` for a long run).
"""

from __future__ import annotations

from hypothesis import given, note

from vsoracle.cards import default_database as database
from vsoracle.errors import VsOracleError
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import RunResult, run_scenario

from .strategies import FUZZ, mutated, seed_files, time_limit

PATH = "mutant.toml"


def load_and_run(text: str) -> RunResult | VsOracleError:
    """The outcome of a scenario text: its result, or the error a person would read."""
    try:
        with time_limit():
            return run_scenario(parse_scenario(text, database(), PATH), invariants=True)
    except VsOracleError as error:
        return error


def test_the_seeds_are_there():
    names = [name for name, _text in seed_files()]
    assert len(names) > 100
    assert any(not name.endswith(".scenario.toml") for name in names), "the example scenarios are missing"


@FUZZ
@given(mutated())
def test_a_mutated_scenario_gives_a_result_or_an_error_for_a_person(sample):
    name, text = sample
    note(f"seed: {name}\n--- mutated text ---\n{text}--- end ---")
    outcome = load_and_run(text)
    assert isinstance(outcome, (RunResult, VsOracleError))
