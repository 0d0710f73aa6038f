"""A line of play replayed from the run it forks from shares that run's states before the fork
(engine.game.Branch): the very same values, never a different answer."""

from __future__ import annotations

from pathlib import Path

from attrs import evolve

from vsoracle.cards import load_database
from vsoracle.engine import moves
from vsoracle.engine.game import Branch, Game
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[2]


def _before_resolving():
    sc = load_scenario(ROOT / "examples/four-yes-or-no.toml", load_database())
    return run_scenario(evolve(sc, steps=sc.steps[:1], checks=())).outcomes[0].state


def test_each_replayed_line_shares_the_states_before_its_fork_and_ends_as_a_fresh_run():
    state = _before_resolving()
    lines = [g for g, why in moves._lines(state, moves.Pass("B"), logged=True) if why is None]
    assert len(lines) == 16
    shared = 0
    for g in lines[1:]:
        trace = g._trace
        assert trace is not None and isinstance(g.answers, list)
        assert all(a is b for a, b in zip(g.states[:trace.shared], trace.states[:trace.shared]))
        shared += trace.shared
        fresh = Game(state, list(g.answers[:g.used]), None, g.used, explore=True)  # the same answers, no fork
        moves.perform(fresh, moves.Pass("B"))
        assert fresh._trace is None and fresh.state == g.state
        assert [e.text for e in fresh.log] == [e.text for e in g.log]
    assert shared > 0


def test_a_branch_from_another_start_shares_nothing():
    state = _before_resolving()
    first = Game(state, (), None, 0, explore=True)
    moves.perform(first, moves.Pass("B"))
    (branch, *_rest) = first.branches
    assert isinstance(branch, Branch) and branch.shared > 0
    other = evolve(state, turn=state.turn)  # equal, but not the very start the branch forked from
    assert Game(other, branch, None, 0, explore=True)._trace is None
    assert Game(state, branch, None, 0, explore=True)._trace is branch
