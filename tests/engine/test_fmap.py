"""A map's hash is worked out again from the items a copy changed since a known hash
(``FrozenMap._part``): whatever the history of sets, removes and updates, and whenever the
hashes along it were taken, it is the hash of an equal map made afresh."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from vsoracle.engine.fmap import FrozenMap

steps = st.lists(st.tuples(st.sampled_from(["set", "remove", "update"]), st.integers(0, 5),
                           st.integers(0, 3), st.booleans()), max_size=20)


@given(st.dictionaries(st.integers(0, 5), st.integers(0, 3)), steps)
def test_a_copy_hashes_as_an_equal_map_made_afresh(start: dict[int, int],
                                                   history: list[tuple[str, int, int, bool]]) -> None:
    m = FrozenMap(start)
    for how, key, value, hashed in history:
        if hashed:
            hash(m)
        m = m.set(key, value) if how == "set" else m.remove(key) if how == "remove" else m.update({key: value})
        fresh = FrozenMap(dict(m.items()))
        assert m == fresh and hash(m) == hash(fresh)
