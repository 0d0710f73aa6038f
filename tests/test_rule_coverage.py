"""The rule-coverage table (issue 25, 2): every rule vsoracle can cite — CR numbers, FAQ entries,
digest sections, keyword rules, assumption ids — against the scenarios whose logs cite it, with
the case where it applies and its edges (tests/rule-edges.toml). docs/rule-coverage.md is what
tools/rule_coverage.py writes, and every rule has a scenario and an edge whose scenario cites it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import rule_coverage  # noqa: E402


@pytest.fixture(scope="module")
def cov() -> rule_coverage.Coverage:
    return rule_coverage.coverage()


def test_every_rule_has_a_scenario_where_it_applies_and_an_edge(cov):
    assert rule_coverage.problems(cov) == []


def test_the_document_is_the_one_the_tool_writes(cov):
    doc = (ROOT / "docs" / "rule-coverage.md").read_text(encoding="utf-8")
    assert doc == rule_coverage.render(cov), "run: python tools/rule_coverage.py"


def test_the_table_lists_every_rule_the_engine_logs(cov):
    """Each citation literal of the engine is a rule of the table (and so needs its cases)."""
    from vsoracle.citations import references

    logged = {r.rule for c in rule_coverage._code_cites() for r in references(c) if r.rule}
    assert logged and logged <= set(cov.rules)
    assert set(rule_coverage.assumptions()) <= set(cov.rules)


def test_every_scenario_runs_but_the_pending_ones(cov):
    assert set(cov.failed) <= cov.pending
    assert len(cov.cited) > 600


def test_the_nine_surviving_bugs_and_the_choosers_are_edges(cov):
    """Issue 25's edges: one illegal target among several, the object back in play, the other
    player's phase, the shield used up, a team attack on a player, and the choosers."""
    scenarios = {e.scenario.rsplit("/", 1)[-1] for e in cov.edges}
    for name in ("one-illegal-target-among-several-the-rest-resolves", "target-of-several-gone-and-back-is-left-out",
                 "start-of-your-phase-is-the-initiative-players", "next-time-shield-is-used-up",
                 "team-attack-on-a-player-every-attacker-breaks-through",
                 "team-attack-reduced-to-one-is-still-a-team-attack", "boost-power-only-when-boosted",
                 "concealed-put-into-play-by-an-effect-is-hidden", "choosers-affected-player"):
        assert f"{name}.scenario.toml" in scenarios, name


# ------------------------------------------------------------------------ the checks can fail

def _small(**kw) -> rule_coverage.Coverage:
    base = dict(rules={"CR 508": "Resolving Effects", "A-X": "a reading"},
                cited={"tests/a.scenario.toml": {"CR 508"}}, declared={"tests/a.scenario.toml": set()},
                edges=[rule_coverage.Edge("CR 508", "an edge", "tests/a.scenario.toml")])
    base.update(kw)
    return rule_coverage.Coverage(**base)


def test_a_rule_without_scenario_or_edge_is_a_problem(tmp_path, monkeypatch):
    monkeypatch.setattr(rule_coverage, "ROOT", tmp_path)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "a.scenario.toml").write_text("")
    found = rule_coverage.problems(_small())
    assert found == ["A-X: no scenario exercises it", "A-X: no edge listed in tests/rule-edges.toml"]


def test_an_edge_whose_scenario_does_not_cite_its_rule_is_a_problem(tmp_path, monkeypatch):
    monkeypatch.setattr(rule_coverage, "ROOT", tmp_path)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "a.scenario.toml").write_text("")
    (tmp_path / "tests" / "b.scenario.toml").write_text("")
    cov = _small(rules={"CR 508": "Resolving Effects"}, cited={"tests/a.scenario.toml": {"CR 508"},
                                                               "tests/b.scenario.toml": set()},
                 edges=[rule_coverage.Edge("CR 508", "an edge", "tests/b.scenario.toml"),
                        rule_coverage.Edge("CR 999", "no such rule", "tests/a.scenario.toml"),
                        rule_coverage.Edge("CR 508", "gone", "tests/c.scenario.toml")])
    assert rule_coverage.problems(cov) == [
        "CR 508: edge scenario tests/b.scenario.toml neither cites it in its log nor names it in its source",
        "CR 999: not a rule vsoracle can cite (tests/rule-edges.toml)",
        "CR 508: edge scenario tests/c.scenario.toml does not exist"]


def test_a_rule_called_unreachable_that_a_scenario_cites_is_a_problem(tmp_path, monkeypatch):
    monkeypatch.setattr(rule_coverage, "ROOT", tmp_path)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "a.scenario.toml").write_text("")
    cov = _small(rules={"CR 508": "Resolving Effects"}, unreachable={"CR 508": "never"})
    assert rule_coverage.problems(cov) == ["CR 508: listed as unreachable, but tests/a.scenario.toml cites it"]


def test_a_refusal_reason_and_a_source_count_as_citing():
    assert rule_coverage._rules_of("scenario rejected", "illegal attack: x is hidden (CR 601.3e)", None) == {"CR 601.3e"}
    assert rule_coverage._rules_of("CR 407; FAQ SC 24", "", "A-LEFT-ATTACK") == {"CR 407", "FAQ SC 24", "A-LEFT-ATTACK"}
    assert rule_coverage._declared("CR 301 (characters), 505 (costs); assumption A-INTO-PLAY") == {
        "CR 301", "CR 505", "A-INTO-PLAY"}
