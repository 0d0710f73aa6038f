"""The exploration budget counts state transitions (``vsoracle resolve --budget N``): the count a
run reports is the number of times the state changed, each checked once by the invariants."""

from __future__ import annotations

from pathlib import Path

from vsoracle.cards import default_database
from vsoracle.scenario import run
from vsoracle.scenario.load import load_scenario

ROOT = Path(__file__).resolve().parents[2]


def test_each_state_change_is_one_transition(monkeypatch):
    seen = []
    real = run.check_change

    def counting(before, after):
        seen.append(1)
        real(before, after)

    monkeypatch.setattr(run, "check_change", counting)
    sc = load_scenario(ROOT / "tests/rulings/single-trigger-is-not-ordered.scenario.toml", default_database())
    result = run.run_scenario(sc)
    assert result.passed
    assert seen and result.transitions == len(seen)
