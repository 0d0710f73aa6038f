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


def test_a_map_sent_to_another_process_hashes_as_that_process_hashes() -> None:
    """Self-play's processes and Dask's workers hash strings with their own seeds: a map pickled
    after it was hashed here (and a copy whose hash is known in part) is found there by an equal
    map made afresh — its hash is worked out again, not carried along."""
    import os
    import pickle
    import subprocess
    import sys

    m = FrozenMap({"hero": "A", "villain": "B"})
    hash(m)
    sent = pickle.dumps((m, m.set("hero", "C")))
    check = ("import pickle, sys; from vsoracle.engine.fmap import FrozenMap; "
             "m, c = pickle.loads(sys.stdin.buffer.read()); "
             "assert {FrozenMap({'hero': 'A', 'villain': 'B'}): 1}.get(m) == 1; "
             "assert {FrozenMap({'hero': 'C', 'villain': 'B'}): 1}.get(c) == 1")
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", check], input=sent, capture_output=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}, timeout=60)
        assert done.returncode == 0, done.stderr.decode()
