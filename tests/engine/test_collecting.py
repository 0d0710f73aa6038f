"""The collector's thresholds during a search (engine/collecting.py): raised inside, restored after."""

from __future__ import annotations

import gc

import pytest

from vsoracle.engine.collecting import YOUNG_THRESHOLD, seldom_collected


@pytest.fixture
def thresholds():
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_raised_inside_restored_after(thresholds):
    with seldom_collected():
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)


def test_restored_when_the_search_is_interrupted(thresholds):
    with pytest.raises(KeyboardInterrupt):
        with seldom_collected():
            raise KeyboardInterrupt
    assert gc.get_threshold() == (700, 10, 10)


def test_nested_block_and_a_callers_own_choice_are_left_alone(thresholds):
    with seldom_collected():
        with seldom_collected():
            assert gc.get_threshold()[0] == YOUNG_THRESHOLD
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD  # the inner block did not restore 700
    gc.set_threshold(50_000, 10, 10)
    with seldom_collected():
        assert gc.get_threshold()[0] == 50_000
    gc.set_threshold(0, 10, 10)  # automatic collection switched off stays off
    with seldom_collected():
        assert gc.get_threshold()[0] == 0


def test_perft_leaves_the_thresholds_as_it_found_them(thresholds):
    from pathlib import Path

    from vsoracle.cards import load_database
    from vsoracle.engine import moves
    from vsoracle.scenario.load import load_scenario

    root = Path(__file__).resolve().parents[1]
    state = load_scenario(root / "faq" / "gm4-may-respond.scenario.toml", load_database()).state
    seen = []
    assert moves.perft(state, 2, progress=lambda p: seen.append(gc.get_threshold()[0])) == moves.perft(state, 2)
    assert seen and set(seen) == {YOUNG_THRESHOLD}
    assert gc.get_threshold() == (700, 10, 10)
