"""``check_change`` (the invariants of a transition, looked at where it changed) finds exactly
what ``check_invariants`` (the whole position) finds, from a position that holds them.

Every transition of every FAQ scenario and example is checked both ways, and each kind of
impossible position is planted into a real one: both checks must refuse it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vsoracle.cards import default_database
from vsoracle.engine import invariants
from vsoracle.engine.invariants import InvariantError, check_change, check_invariants
from vsoracle.engine.state import ChainLink, Zone
from vsoracle.engine.values import replace
from vsoracle.errors import VsOracleError
from vsoracle.scenario import run
from vsoracle.scenario.load import load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parents[2]

POSITION = """
[game]
phase = "build"
step = "recruit"

[players.A]
hand = [{ card = "Quicksilver", id = "qs" }, { card = "Windstorm", id = "storm" }]
deck = [{ card = "Foxfire", id = "deckfox" }]
resources = ["Windstorm"]

[[players.A.characters]]
card = "Thor"
id = "thor"
equipment = [{ card = "Force Field Belt", id = "belt" }]

[[players.A.characters]]
card = "Baltag"
id = "baltag"
col = 2

[players.B]
hand = [{ card = "Windstorm", id = "bstorm" }]
"""


def _both(before, after) -> tuple[bool, bool]:
    """Whether each check accepts the transition."""
    verdicts = []
    for check in (lambda: check_change(before, after),
                  lambda: (invariants.check_transition(before, after), check_invariants(after))):
        try:
            check()
            verdicts.append(True)
        except InvariantError:
            verdicts.append(False)
    return verdicts[0], verdicts[1]


def test_every_transition_of_the_scenarios_is_judged_alike(monkeypatch):
    seen = []

    def both(before, after):
        assert _both(before, after) == (True, True)
        seen.append(1)

    monkeypatch.setattr(run, "check_change", both)
    paths = sorted((ROOT / "tests" / "faq").glob("*.scenario.toml"))[::3] + sorted((ROOT / "examples").glob("*.toml"))
    for path in paths:
        try:
            run.run_scenario(load_scenario(path, default_database()))
        except VsOracleError:
            pass
    assert len(seen) > 1000


@pytest.fixture(scope="module")
def start():
    state = parse_scenario(POSITION, default_database(), "p.toml").state
    check_invariants(state)
    return state


def _obj(state, oid, **changes):
    return state.with_object(replace(state.obj(oid), **changes))


def _pile(state, pid, zone, ids):
    return state.with_player(state.player(pid).with_pile(zone, tuple(ids)))


PLANTED = {
    "a card in two piles": lambda s: _pile(s, "A", Zone.DECK, s.player("A").deck + ("qs",)),
    "a card listed twice in one pile": lambda s: _pile(s, "A", Zone.HAND, s.player("A").hand + ("qs",)),
    "a pile listing an unknown object": lambda s: _pile(s, "A", Zone.HAND, s.player("A").hand + ("ghost",)),
    "a card moved to a zone but left in its pile": lambda s: _obj(s, "qs", zone=Zone.KO_PILE),
    "a card taken off its pile but left in its zone": lambda s: _pile(s, "A", Zone.HAND, ("storm",)),
    "a card listed in another player's pile": lambda s: _pile(_pile(s, "A", Zone.HAND, ("qs",)), "B", Zone.HAND,
                                                              ("bstorm", "storm")),
    "two characters in one slot": lambda s: _obj(s, "baltag", col=1),
    "a character moved into play onto another": lambda s: _pile(_obj(s, "qs", zone=Zone.IN_PLAY, area="visible",
                                                                     row="front", col=2), "A", Zone.HAND, ("storm",)),
    "a stunned card in the hand": lambda s: _obj(s, "qs", stunned=True),
    "equipment on a host that left play": lambda s: _pile(_obj(s, "thor", zone=Zone.KO_PILE, area=None, row=None,
                                                               col=None), "A", Zone.KO_PILE, ("thor",)),
    "equipment moved to a host not in play": lambda s: _obj(s, "belt", equipped_to="qs"),
    "an object carrying another id": lambda s: replace(s, objects=s.objects.set("qs", replace(s.obj("qs"), id="x"))),
    "a card that changed owner": lambda s: _pile(_pile(_obj(s, "storm", owner="B", controller="B"), "A", Zone.HAND,
                                                       ("qs",)), "B", Zone.HAND, ("bstorm", "storm")),
    "a card on the chain without its effect": lambda s: _pile(_obj(s, "storm", zone=Zone.CHAIN), "A", Zone.HAND,
                                                              ("qs",)),
    "a recruit effect whose card is not on the chain": lambda s: replace(
        s, chain=(ChainLink(1, "recruit", "A", "qs"),)),
    "a card on the chain with two effects": lambda s: replace(
        _pile(_obj(s, "storm", zone=Zone.CHAIN), "A", Zone.HAND, ("qs",)),
        chain=(ChainLink(1, "play", "A", "storm"), ChainLink(2, "play", "A", "storm"))),
}


@pytest.mark.parametrize("name", list(PLANTED))
def test_a_planted_impossible_position_is_refused_by_both_checks(name, start):
    after = PLANTED[name](start)
    assert _both(start, after) == (False, False)


def test_possible_changes_pass_both_checks(start):
    moved = _pile(_obj(start, "qs", zone=Zone.KO_PILE), "A", Zone.HAND, ("storm",))
    moved = _pile(moved, "A", Zone.KO_PILE, ("qs",))
    assert _both(start, moved) == (True, True)
    swapped = _obj(_obj(start, "baltag", col=1), "thor", col=2)
    swapped = _obj(swapped, "belt", col=2)
    assert _both(start, swapped) == (True, True)
    played = replace(_pile(_obj(start, "storm", zone=Zone.CHAIN), "A", Zone.HAND, ("qs",)),
                     chain=(ChainLink(1, "play", "A", "storm"),))
    assert _both(start, played) == (True, True)
    assert _both(played, start) == (True, True)
