"""Pinned perft counts (python-chess's ``examples/perft``): from the position after a scenario's
steps, the distinct action sequences and distinct positions to a depth. A mismatch prints the
counts split by first action, to find the action whose line changed."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from attrs import evolve

from vsoracle.cards import load_database
from vsoracle.engine import moves
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[2]

#: (scenario, after its steps? (True: all, False: none, N: the first N), depth, sequences, positions)
PINNED = [
    # the recruit step, an empty chain, plot twists to play and resources to reveal
    ("examples/ultron-when-you-recruit.toml", True, 3, 296, 84),
    # the attack step before an attack: attacks, plot twists in response, passes
    ("tests/faq/gm4-may-respond.scenario.toml", False, 2, 197, 166),
    # the attack step after the FAQ's chain of plot twists has resolved
    ("tests/faq/gm4-may-respond.scenario.toml", True, 3, 40, 10),
    # a trigger waiting on the chain: Ultron's recruit link with his "when you recruit" power above it
    ("tests/faq/gm7-triggers-on-chain.scenario.toml", 1, 3, 265, 50),
]


@lru_cache(maxsize=None)
def position(file: str, after: bool | int):
    sc = load_scenario(ROOT / file, load_database())
    if after is False:
        return sc.state
    if after is not True:
        sc = evolve(sc, steps=sc.steps[:after], checks=())
    return run_scenario(sc).outcomes[0].state


def test_the_trigger_position_has_a_trigger_waiting_on_the_chain():
    state = position("tests/faq/gm7-triggers-on-chain.scenario.toml", 1)
    assert [link.label for link in state.chain] == ["recruit:ultron", "trigger:ultron"] and state.priority == "A"


@pytest.mark.parametrize("file, after, depth, sequences, positions", PINNED)
def test_perft_counts(file, after, depth, sequences, positions):
    state = position(file, after)
    found = moves.perft(state, depth)
    if found != (sequences, positions):
        split = "\n".join(f"{seq:>6} {pos:>6}  {a.to_step()}" for a, seq, pos in moves.divide(state, depth))
        pytest.fail(f"perft {depth}: {found}, pinned {(sequences, positions)}; by first action:\n{split}")


def test_split_by_first_action_adds_up():
    state = position("examples/ultron-when-you-recruit.toml", True)
    rows = moves.divide(state, 2)
    assert sum(seq for _a, seq, _pos in rows) == moves.perft(state, 2)[0]
    assert moves.perft(state, 0) == (1, 1)
