"""The log names a trigger by the card whose power triggered (CR 502): "captain triggers: …"."""

from __future__ import annotations

from pathlib import Path

from vsoracle.cards import default_database
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[2]


def test_a_trigger_is_logged_under_its_source():
    sc = load_scenario(ROOT / "tests/rulings/single-trigger-is-not-ordered.scenario.toml", default_database())
    result = run_scenario(sc)
    assert result.passed
    triggers = [e.text for e in result.outcomes[0].log if e.kind == "trigger"]
    assert triggers and all(t.startswith("captain triggers: ") for t in triggers), triggers
