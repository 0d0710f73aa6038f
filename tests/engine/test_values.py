"""``values.replace`` is ``attrs.evolve`` for the engine's state classes, only faster: for every
class and every set of changes it builds an equal value, with a hash worked out afresh."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from vsoracle.engine.fmap import FrozenMap
from vsoracle.engine.state import GameState, Player
from vsoracle.engine.values import replace

BASE = GameState(players=(Player("A"), Player("B")), objects=FrozenMap())

changes = st.fixed_dictionaries({}, optional={
    "turn": st.integers(1, 30),
    "initiative": st.sampled_from(["A", "B"]),
    "phase": st.sampled_from(["draw", "build", "combat", "recovery"]),
    "step": st.none() | st.sampled_from(["resource", "recruit", "formation", "attack", "wrap-up"]),
    "priority": st.none() | st.sampled_from(["A", "B"]),
    "passes": st.integers(0, 3),
    "next_id": st.integers(1, 99),
    "over": st.booleans(),
    "players": st.tuples(st.builds(Player, st.just("A"), st.integers(-5, 50)), st.just(Player("B"))),
})


@given(changes, changes)
def test_replace_builds_what_evolve_builds(first: dict, second: dict) -> None:
    """Two replacements in a row equal two evolves, and the cached hash never goes stale."""
    before = replace(BASE, **first)
    hash(before)  # cache a hash, which the copy must not inherit
    ours, theirs = replace(before, **second), attrs.evolve(attrs.evolve(BASE, **first), **second)
    assert ours == theirs
    assert hash(ours) == hash(theirs)
    assert attrs.asdict(ours, recurse=False) == attrs.asdict(theirs, recurse=False)


def test_replace_leaves_the_original_untouched() -> None:
    state = replace(BASE, turn=3)
    replace(state, turn=4, phase="combat")
    assert (state.turn, state.phase) == (3, "build")


@pytest.mark.parametrize("value", [BASE, Player("A")], ids=["dict-backed state", "slotted player"])
def test_an_unknown_field_is_an_error_as_with_evolve(value) -> None:
    with pytest.raises(TypeError, match="no field"):
        replace(value, endurence=3)
