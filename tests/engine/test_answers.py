"""How a scripted answer names an option (engine/game.py ``_match``): an order is matched in
order ("put them back in any order", CR 508), a set of cards in any order ("choose two"), a
yes/no only by a boolean, an id by its string."""

from vsoracle.engine.game import _NO, _match


def test_an_order_is_matched_in_order():
    options = (("d3", "d4"), ("d4", "d3"))
    assert _match(["d4", "d3"], options) == ("d4", "d3")
    assert _match(["d3", "d4"], options) == ("d3", "d4")


def test_a_choice_of_several_is_matched_in_any_order():
    options = (("a", "b"), ("a", "c"), ("b", "c"))
    assert _match(["b", "a"], options) == ("a", "b")
    assert _match(["c", "b"], options) == ("b", "c")
    assert _match(["a", "d"], options) is _NO


def test_yes_or_no_only_by_a_boolean():
    assert _match(True, (True, False)) is True
    assert _match(False, (True, False)) is False
    assert _match(0, (True, False)) is _NO      # 0 == False in Python, not in a scenario
    assert _match(True, (1, 2)) is _NO


def test_an_id_by_its_string():
    assert _match("x", ("x", "y")) == "x"
    assert _match("z", ("x", "y")) is _NO
