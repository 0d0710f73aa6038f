"""The engine's rules: every event family has its rule, says truly where it plays, and a payable
one can be paid (:mod:`vsoracle.engine.rules`); and rules that hold for all inputs (hypothesis),
checked through small generated scenarios."""

from __future__ import annotations

from functools import lru_cache

import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vsoracle.cards import load_database
from vsoracle.engine import actions
from vsoracle.engine import support as S
from vsoracle.engine.game import Game
from vsoracle.engine.rules import RULES, EventRule, rule
from vsoracle.errors import IllegalActionError
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario
from vsoracle.text import nodes as n
from vsoracle.text.read import read_card_text
from vsoracle.text.events.pay_stat import PayStat
from vsoracle.engine.query import query

NAMES = ["Hank Pym", "Kang", "Yellowjacket", "Ultron"]

#: HYPOTHESIS_PROFILE=long runs 10,000 examples per property (the long run of issue 7).
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"


@lru_cache(maxsize=1)
def db():
    return load_database()


# == every event family has its rule ===========================================================

#: Every event of the language: the node classes (the shared parts' and each text family's) that are events.
EVENTS = sorted((c for c in n.node_classes().values() if issubclass(c, n.Event) and c is not n.Event),
                key=lambda c: c.__name__)


def test_the_language_has_events():
    assert len(EVENTS) >= 35 and n.Stun in EVENTS and n.Rally in EVENTS


@pytest.mark.parametrize("event", EVENTS, ids=lambda c: c.__name__)
def test_every_event_has_its_rule(event):
    found = rule(event)
    assert found.node is event and RULES[event] is found


def test_no_rule_is_for_a_class_that_is_not_an_event_of_the_language():
    assert set(RULES) == set(EVENTS)


def test_an_event_without_a_rule_is_an_error_not_a_default():
    class Unheard(n.Event):  # an event no family plays
        pass

    with pytest.raises(LookupError, match="Unheard has no rule"):
        rule(Unheard)


def test_a_second_rule_for_an_event_is_refused():
    with pytest.raises(TypeError, match="Stun has two rules"):
        type("AnotherStun", (EventRule,), {"node": n.Stun})
    assert type(RULES[n.Stun]).__name__ == "StunRule"


@pytest.mark.parametrize("event", EVENTS, ids=lambda c: c.__name__)
def test_what_a_rule_declares_is_what_support_says_it_plays(event):
    """A family that has its own primitive happens (a trigger sees it), one with its own do is an
    effect; payable, prohibitable, permitted and required are what support refuses or lets through."""
    r = rule(event)
    assert r.happens == (type(r).happen is not EventRule.happen) == (event in S.HAPPENINGS)
    assert r.effect == (type(r).do is not EventRule.do) == (event in S.EFFECT_EVENTS)
    assert r.payable == (event in S.PAYABLE)
    assert (r.happens or r.prohibitable) == (event in S.PROHIBITABLE)
    assert r.permitted == (event in S.PERMITTED) and r.required == (event in S.REQUIRED)
    assert not r.payable or r.effect, "a cost is the family's do given a Cost"
    assert r.happens or r.effect or r.prohibitable, "a family nothing plays"


@pytest.mark.parametrize("text, plays", [
    ("Whenever a character becomes stunned, draw a card.", True),      # Stun happens
    ("Whenever you search your deck, draw a card.", False),            # Search does not (yet)
    ("Search your deck for a card.", True),                            # but it is an effect
    ("Target character attacks.", False),                              # Attack is not an effect
    ("You cannot use activated powers.", True),                        # UsePower: only prohibitable
    ("Stun target resource.", False),                                  # StunRule.refusal: only characters
    ("Reveal a card from your hand >>> Draw a card.", True),           # Reveal is payable
    ("Draw a card >>> Stun target character.", False),                 # Draw is not
])
def test_support_asks_the_families(text, plays):
    assert (S.cannot_play(read_card_text(text, "Bob"), "Bob") == ()) is plays


# == a payable family can be paid ==============================================================

_PAYER = """
[[card]]
number = "TST-501"
name = "Payer"
type = "{type}"
cost = 2
{stats}
text = "{text} >>> You gain 1 endurance."

[[card]]
number = "TST-502"
name = "Filler"
type = "character"
cost = 1
atk = 1
def = 1
affiliations = ["Avengers"]
text = ""

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
resource_points = 3
hand = [{{ card = "TST-502", id = "h1" }}]
deck = [{{ card = "TST-502", id = "d1" }}, {{ card = "TST-502", id = "d2" }}]
{place}

[players.B]

[[step]]
use = "src"
{step}
"""
_CHARACTER = ('atk = 2\ndef = 2\naffiliations = ["Avengers"]',
              '[[players.A.characters]]\ncard = "TST-501"\nid = "src"\n{extra}')
_LOCATION = ("", 'resources = [{{ card = "TST-501", id = "src", face = "up" }}]')

#: One cost of each payable family, and what paying it leaves (the power is on the chain, unresolved).
PAID = {
    n.Stun: ("Stun Payer", _CHARACTER, "", "", lambda s: s.obj("src").stunned),
    n.KO: ("KO Payer", _CHARACTER, "", "", lambda s: s.obj("src").zone.value == "ko_pile"),
    n.Exhaust: ("Exhaust Payer", _CHARACTER, "", "", lambda s: s.obj("src").exhausted),
    n.Endurance: ("Pay 3 endurance", _CHARACTER, "", "", lambda s: s.player("A").endurance == 47),
    n.ResourcePoints: ("Pay 2 resource points", _CHARACTER, "", "", lambda s: s.player("A").resource_points == 1),
    n.Discard: ("Discard a card", _CHARACTER, "", 'costs = ["h1"]', lambda s: s.obj("h1").zone.value == "ko_pile"),
    n.Reveal: ("Reveal a card from your hand", _CHARACTER, "", "",
               lambda s: s.chain[-1].context.bindings.get("revealed") == ("h1",)),
    n.Move: ("Remove Payer from the game", _CHARACTER, "", "", lambda s: s.obj("src").zone.value == "removed"),
    n.Counter: ("Remove a +1 ATK / +1 DEF counter from Payer", _CHARACTER, "counters = { atk = 1, def = 1 }", "",
                lambda s: s.obj("src").counters == (0, 0)),
    n.Replace: ("Replace Payer", _LOCATION, "", "",
                lambda s: s.obj("src").zone.value == "ko_pile" and s.player("A").resources == ("d1",)),
    n.Turn: ("Turn Payer face down", _LOCATION, "", "", lambda s: not s.obj("src").face_up),
    PayStat: ("Pay 1 DEF this turn", _CHARACTER, "", "", lambda s: query(s).stat(s.obj("src"), "def") == 1),
}


def test_every_payable_family_has_a_case():
    assert set(PAID) == {k for k, r in RULES.items() if r.payable}


def _payer(event: type) -> str:
    text, (stats, place), extra, step, _paid = PAID[event]
    kind = "character" if place.startswith("[[players") else "location"
    return _PAYER.format(type=kind, stats=stats, text=text, place=place.format(extra=extra), step=step)


@pytest.mark.parametrize("event", sorted(PAID, key=lambda c: c.__name__), ids=lambda c: c.__name__)
def test_a_payable_family_is_paid_as_a_cost(event):
    """"COST >>> You gain 1 endurance": using the power pays the cost on announcement (CR 505),
    the family's do given a Cost, each event through the pipeline."""
    sc = parse_scenario(_payer(event), db())
    (outcome,) = run_scenario(sc).outcomes
    assert PAID[event][4](outcome.state), outcome.log
    assert outcome.state.chain and outcome.state.chain[-1].source == "src"


def test_a_cost_no_family_pays_is_refused_loudly():
    """A cost is its family's do given a Cost; a family that cannot be paid is refused, never skipped."""
    sc = parse_scenario(_payer(n.Exhaust), db())
    g = Game(sc.state)
    with pytest.raises(IllegalActionError, match='cannot yet pay the cost "Draw a card."'):
        actions._pay_costs(g, "A", g.state.obj("src"), (n.Draw(),), [], None)
    assert g.state is sc.state


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


#: Costs of payable families that cannot be paid in the same position: all of a cost or nothing (CR 505, [S:FWS]).
UNPAID = [
    ("Pay 60 endurance", ""),                        # A has 50
    ("Pay 5 resource points", ""),                   # A has 3
    ("Discard two cards", ""),                       # one card in the hand
    ("Remove a +1 ATK / +1 DEF counter from Payer", ""),  # no counter on it
    ("Remove a card in your KO'd pile from the game", ""),  # an empty KO'd pile
    ("Stun a Doombot character you control", ""),    # no such character
]


@pytest.mark.parametrize("text, step", UNPAID, ids=[t for t, _ in UNPAID])
def test_a_cost_that_cannot_be_paid_refuses_the_power(text, step):
    scenario = _PAYER.format(type="character", stats=_CHARACTER[0], text=text,
                             place=_CHARACTER[1].format(extra=""), step=step + "\nrejected = true")
    sc = parse_scenario(scenario, db())
    result = run_scenario(sc)
    (outcome,) = result.outcomes
    assert result.passed and outcome.state == sc.state
    assert any(e.kind == "rejected" and "cannot pay" in e.text for e in outcome.log), outcome.log
