"""Rules that hold for all inputs (hypothesis), checked through small generated scenarios."""

from __future__ import annotations

from functools import lru_cache

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from vsoracle.cards import load_database
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario

NAMES = ["Hank Pym", "Kang", "Yellowjacket", "Ultron"]

#: HYPOTHESIS_PROFILE=long runs 10,000 examples per property (the long run of issue 7).
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"


@lru_cache(maxsize=1)
def db():
    return load_database()


def character(number: int, name: str, identity: str | None, army: bool, not_unique: bool) -> str:
    lines = ['[[card]]', f'number = "TST-{number:03d}"', f'name = "{name}"']
    if identity:
        lines.append(f'identity = "{identity}"')
    lines.append(f'version = "{"Army" if army else f"Version {number}"}"')
    lines += ['type = "character"', "cost = 1", "atk = 1", "def = 1", 'affiliations = ["Avengers"]',
              f'text = "{name} is not unique."' if not_unique else 'text = ""', ""]
    return "\n".join(lines)


in_play = st.lists(st.tuples(st.sampled_from(NAMES), st.one_of(st.none(), st.sampled_from(NAMES))),
                   min_size=0, max_size=4)


@settings(max_examples=10_000 if LONG else 60, deadline=None)
@given(in_play, st.sampled_from(NAMES), st.one_of(st.none(), st.sampled_from(NAMES)), st.booleans(), st.booleans())
def test_uniqueness_compares_names_not_identities(present, name, identity, army, not_unique):
    """CR 705.1, FAQ GM 6: recruiting a unique character puts exactly the objects you control
    with the same *name* into the KO'd pile; Army and "X is not unique" characters put none."""
    cards = [character(i + 1, n, ident, False, False) for i, (n, ident) in enumerate(present)]
    cards.append(character(99, name, identity, army, not_unique))
    chars = "\n".join(f'[[players.A.characters]]\ncard = "TST-{i + 1:03d}"\nid = "c{i}"\ncol = {i + 1}\n'
                      for i in range(len(present)))
    text = "\n".join(cards) + f"""
[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
resource_points = 1
hand = [{{ card = "TST-099", id = "new" }}]

{chars}
[players.B]

[[step]]
recruit = "new"
col = 9

[[step]]
resolve = "top"
"""
    result = run_scenario(parse_scenario(text, db()))
    (outcome,) = result.outcomes
    state = outcome.state
    for i, (n, _ident) in enumerate(present):
        expected = "ko_pile" if (n == name and not army and not not_unique) else "in_play"
        assert state.obj(f"c{i}").zone.value == expected
    assert state.obj("new").zone.value == "in_play"


@settings(max_examples=10_000 if LONG else 40, deadline=None)
@given(st.integers(min_value=0, max_value=9), st.integers(min_value=1, max_value=9), st.integers(1, 9),
       st.integers(0, 9))
def test_attack_conclusion_stun_and_breakthrough(cost, atk, ddef, datk):
    """CR 407, 702.1a: the defender is stunned when ATK ≥ DEF; its controller loses its cost, and
    the breakthrough ATK − DEF; the attacker is stunned when the defender's ATK ≥ its DEF."""
    text = f"""
[[card]]
number = "TST-201"
name = "Striker"
type = "character"
cost = 3
atk = {atk}
def = 5
affiliations = ["Avengers"]
text = ""

[[card]]
number = "TST-202"
name = "Blocker"
type = "character"
cost = {cost}
atk = {datk}
def = {ddef}
affiliations = ["Avengers"]
text = ""

[game]
phase = "combat"
step = "attack"
active = "A"

[[players.A.characters]]
card = "TST-201"
id = "s"

[[players.B.characters]]
card = "TST-202"
id = "b"

[[step]]
attack = ["s"]
target = "b"

[[step]]
resolve = "all"
"""
    (outcome,) = run_scenario(parse_scenario(text, db())).outcomes
    s = outcome.state
    stunned = atk >= ddef
    assert s.obj("b").stunned is stunned
    assert s.obj("s").stunned is (datk >= 5)
    lost = (cost + (atk - ddef)) if stunned else 0
    assert s.player("B").endurance == 50 - lost
    assert s.player("A").endurance == 50 - (3 if datk >= 5 else 0)


def test_exploration_follows_every_answer():
    """Four independent yes/no decisions (examples/four-yes-or-no.toml) give 16 distinct outcomes."""
    from pathlib import Path

    from vsoracle.scenario.load import load_scenario

    path = Path(__file__).resolve().parents[2] / "examples" / "four-yes-or-no.toml"
    result = run_scenario(load_scenario(path, db()))
    assert len(result.outcomes) == 16 and result.passed
    assert sorted({o.state.player("A").endurance for o in result.outcomes}) == [46, 47, 50, 51]


def test_exploration_merges_identical_outcomes():
    """Answers that lead to the same position are one outcome: yes-then-no and no-then-yes to
    "you may gain 1 endurance" twice end alike, so 4 answer paths give 3 outcomes."""
    text = """
[[card]]
number = "TST-301"
name = "Twice"
type = "plot twist"
cost = 0
text = "You may gain 1 endurance. You may gain 1 endurance."

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
hand = [{ card = "TST-301", id = "p" }]

[[step]]
play = "p"

[[step]]
resolve = "top"
"""
    result = run_scenario(parse_scenario(text, db()))
    paths = sorted((o.state.player("A").endurance, o.paths) for o in result.outcomes)
    assert paths == [(50, 1), (51, 2), (52, 1)]
