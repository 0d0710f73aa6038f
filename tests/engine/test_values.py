"""``values.replace`` is ``attrs.evolve`` for the engine's state classes, only faster: for every
class and every set of changes it builds an equal value, with a hash worked out afresh."""

from __future__ import annotations

import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from vsoracle.engine.fmap import FrozenMap
from vsoracle.engine.state import GameState, Player
from vsoracle.engine.values import quick_hash, quick_init, replace

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


def test_with_object_builds_what_evolve_builds() -> None:
    """``GameState.with_object`` writes its copy out by hand: the same value, no stale hash."""
    from vsoracle.cards import Card, CardType
    from vsoracle.engine.state import GameObject, Zone

    card = Card(name="Pawn", type=CardType.CHARACTER, cost=1)
    o = GameObject("x", card, "A", "A", Zone.HAND)
    before = replace(BASE, turn=2)
    hash(before)
    ours, theirs = before.with_object(o), attrs.evolve(before, objects=before.objects.set("x", o))
    assert ours == theirs and hash(ours) == hash(theirs)
    assert attrs.asdict(ours, recurse=False) == attrs.asdict(theirs, recurse=False)
    assert list(ours.__dict__) == list(theirs.__dict__)


def test_replace_leaves_the_original_untouched() -> None:
    state = replace(BASE, turn=3)
    replace(state, turn=4, phase="combat")
    assert (state.turn, state.phase) == (3, "build")


@pytest.mark.parametrize("value", [BASE, Player("A")], ids=["dict-backed state", "slotted player"])
def test_an_unknown_field_is_an_error_as_with_evolve(value) -> None:
    with pytest.raises(TypeError, match="no field"):
        replace(value, endurence=3)


def _point_class(quick: bool) -> type:
    cls = attrs.make_class("Point", {"x": attrs.field(), "y": attrs.field(default=2), "tags": attrs.field(default=())},
                           frozen=True, slots=True, cache_hash=True)
    return quick_init(cls) if quick else cls


@pytest.mark.parametrize("args, kwargs", [((1,), {}), ((1, 3), {}), ((1,), {"tags": ("a",)}), ((), {"x": 0, "y": 5})])
def test_quick_init_builds_what_attrs_builds(args, kwargs) -> None:
    ours, theirs = _point_class(True)(*args, **kwargs), _point_class(False)(*args, **kwargs)
    assert attrs.asdict(ours) == attrs.asdict(theirs)
    assert hash(ours) == hash(attrs.evolve(ours))  # the cached hash starts empty, then is kept
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ours.x = 2


def test_quick_init_refuses_a_field_it_would_not_check() -> None:
    cls = attrs.make_class("Checked", {"x": attrs.field(validator=attrs.validators.instance_of(int))}, frozen=True, slots=True)
    with pytest.raises(TypeError, match="quick_init"):
        quick_init(cls)


def test_quick_hash_hashes_the_fields_attrs_hashes() -> None:
    cls = quick_hash(attrs.make_class("Tagged", {"x": attrs.field(), "note": attrs.field(hash=False, default="")},
                                      frozen=True, slots=True, cache_hash=True))
    one, same, other = cls(1, "a"), cls(1, "b"), cls(2, "a")
    assert hash(one) == hash(same) and one != same  # a field left out of the hash is still compared
    assert hash(one) != hash(other)
    assert type(one._attrs_cached_hash) is int


def test_a_pickled_value_keeps_no_hash() -> None:
    player = Player("A", deck=("x", "y"))
    hash(player)
    copy = pickle.loads(pickle.dumps(player))  # a hash worked out here may not be another process's
    assert copy._attrs_cached_hash is None and copy == player and hash(copy) == hash(player)


def test_quick_hash_refuses_a_class_without_a_cached_hash() -> None:
    with pytest.raises(TypeError, match="quick_hash"):
        quick_hash(attrs.make_class("Plain", {"x": attrs.field()}, frozen=True, slots=True))
