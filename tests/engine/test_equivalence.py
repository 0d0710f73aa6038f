"""Two states that differ only in orders nothing depends on are one position (engine/equivalence.py):
the turn's events are only counted, and order-free modifiers (sums, grants, prohibitions) come out
the same in any timestamp order. An order that matters (a keyword gained and one lost) keeps two
positions apart."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings, strategies as st

from vsoracle.cards import default_database
from vsoracle.engine import moves
from vsoracle.engine.equivalence import position_key
from vsoracle.engine.values import replace
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[2]

TWO_ALLIES = '''
[[card]]
name = "Skyhawk"
version = "Army"
type = "character"
cost = 3
atk = 4
def = 4
affiliations = ["Patrol"]
text = ""

[[card]]
name = "Scholar"
type = "character"
cost = 2
atk = 1
def = 3
affiliations = ["Patrol"]
text = "Ally: Whenever a character you control becomes powered-up, FIRST"

[[card]]
name = "Tithe"
type = "character"
cost = 2
atk = 1
def = 3
affiliations = ["Patrol"]
text = "Ally: Whenever a character you control becomes powered-up, SECOND"

[game]
phase = "build"
step = "formation"
active = "A"

[players.A]
hand = [{ card = "Skyhawk", id = "copy" }]

[[players.A.characters]]
card = "Skyhawk"
id = "hawk"
col = 1

[[players.A.characters]]
card = "Scholar"
id = "scholar"
col = 2

[[players.A.characters]]
card = "Tithe"
id = "tithe"
col = 3

[[step]]
power_up = "hawk"
with = "copy"

[[step]]
resolve = "all"                 # A orders the two triggers and picks their targets: all explored
'''


def _outcomes(first: str, second: str):
    text = TWO_ALLIES.replace("FIRST", first).replace("SECOND", second)
    return run_scenario(parse_scenario(text, default_database())).outcomes


def test_two_orders_of_order_free_triggers_are_one_outcome_per_choice_of_targets():
    out = _outcomes("target character you control gets +1 DEF this turn.",
                    "target character you control gets +1 DEF this turn.")
    # Three targets for each of the two triggers: 9 positions, each reached by both orders.
    assert len(out) == 9
    assert sorted(o.paths for o in out) == [2] * 9


def test_an_order_that_matters_keeps_two_outcomes():
    # Gaining flight then losing it ends without it; the other order ends with it (timestamps).
    out = _outcomes("target character you control gains flight this turn.",
                    "target character you control loses flight this turn.")
    assert len(out) == 18
    from vsoracle.engine.query import query
    flying = {(o.paths, "flight" in query(o.state).keywords(o.state.obj("hawk"))) for o in out}
    assert (1, True) in flying and (1, False) in flying


def _played() -> "moves.GameState":
    out = _outcomes("target character you control gets +1 DEF this turn.",
                    "target character you control gets +2 ATK this turn.")
    return out[0].state


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_turns_events_and_order_free_modifiers_in_any_order_are_one_position(rnd):
    s = _STATE
    log, mods = list(s.turn_log), list(s.modifiers)
    rnd.shuffle(log)
    rnd.shuffle(mods)
    shuffled = replace(s, turn_log=tuple(log), modifiers=tuple(mods))
    assert position_key(shuffled) == position_key(s)
    assert hash(position_key(shuffled)) == hash(position_key(s))


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=-5, max_value=5).filter(lambda d: d != 0), st.sampled_from(["A", "B"]))
def test_any_other_difference_is_another_position(delta, pid):
    s = _STATE
    players = tuple(replace(p, endurance=p.endurance + delta) if p.id == pid else p for p in s.players)
    assert position_key(replace(s, players=players)) != position_key(s)
    dropped = replace(s, turn_log=s.turn_log[1:])
    assert position_key(dropped) != position_key(s), "one event fewer is another position"


def _renumbered(h, number):
    """The remembered event ``h`` as if the link that did it had been numbered ``number``."""
    if h.get("effect") is None:
        return h
    return replace(h, roles=h.roles.update({"effect": number, "link": replace(h.roles["link"], id=number)}))


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.lists(st.integers(min_value=1, max_value=9), min_size=6, max_size=6))
def test_the_numbers_of_links_gone_from_the_chain_are_not_part_of_the_position(rnd, numbers):
    s = _STATE
    assert not s.chain and s.resolving is None
    log = [_renumbered(h, k) for h, k in zip(s.turn_log, numbers)]
    rnd.shuffle(log)
    renumbered = replace(s, turn_log=tuple(log))
    assert position_key(renumbered) == position_key(s)
    assert hash(position_key(renumbered)) == hash(position_key(s))


def test_the_number_of_a_link_still_on_the_chain_is_part_of_the_position():
    s = _STATE
    targeted = next(h for h in s.turn_log if h.get("effect") is not None)
    on_chain = replace(s, chain=(targeted.roles["link"],))
    other = replace(on_chain, turn_log=tuple(_renumbered(h, 9) if h is targeted else h for h in s.turn_log))
    assert position_key(other) != position_key(on_chain)
    gone = replace(s, turn_log=other.turn_log)
    assert position_key(gone) == position_key(s), "once the link has left the chain, its number names nothing"


def test_perft_counts_positions_up_to_the_same_equivalence():
    # Resolving the chain waits for the order of the two triggers, then for each one's target:
    # 2 x 3 x 3 answer sequences, and the two orders meet again in the same 9 positions.
    text = TWO_ALLIES.replace("FIRST", "target character you control gets +1 DEF this turn.") \
        .replace("SECOND", "target character you control gets +1 DEF this turn.")
    sc = parse_scenario(text.split("[[step]]\nresolve")[0], default_database())
    state = run_scenario(sc).outcomes[0].state
    waiting = moves.take(state, moves.Resolve("all"))
    assert moves.pending(waiting).kind == "order"
    sequences, positions = moves.perft(waiting, 3)
    assert sequences == 18 and positions == 9


_STATE = _played()
