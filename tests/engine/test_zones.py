"""Moving a card between zones (game zones, CR 212–213): who controls it where it arrives."""

from __future__ import annotations

from functools import lru_cache

from vsoracle.cards import load_database
from vsoracle.engine.state import Zone
from vsoracle.engine.zones import move_card
from vsoracle.scenario.load import parse_scenario

POSITION = """
[[card]]
number = "TST-501"
name = "Spark"
type = "plot twist"
cost = 0
text = "Target player gains 1 endurance."

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
hand = [{ card = "TST-501", id = "spark" }]

[players.B]
"""


@lru_cache(maxsize=1)
def state():
    return parse_scenario(POSITION, load_database()).state


def test_a_card_put_on_the_chain_is_controlled_by_the_player_who_put_it_there() -> None:
    """An effect on the chain is controlled by the player who played it (CR 505, 508): a card
    moved to the chain takes the controller it is given, even one who does not own it."""
    s = move_card(state(), "spark", Zone.CHAIN, controller="B")
    assert s.obj("spark").controller == "B"
    assert s.obj("spark").owner == "A"


def test_a_card_put_on_the_chain_without_a_controller_keeps_its_controller() -> None:
    s = move_card(state(), "spark", Zone.CHAIN)
    assert s.obj("spark").controller == "A"


def test_a_card_leaving_the_chain_for_a_pile_is_its_owners_again() -> None:
    """Cards in piles belong to their owner's piles and have no other controller (CR 213)."""
    s = move_card(move_card(state(), "spark", Zone.CHAIN, controller="B"), "spark", Zone.KO_PILE)
    assert s.obj("spark").controller == "A"
    assert "spark" in s.player("A").ko_pile
