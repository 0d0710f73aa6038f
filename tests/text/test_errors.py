"""Text the grammar cannot take: a CardTextError with line, column, caret and what would fit."""

from __future__ import annotations

import os

from hypothesis import given, settings, strategies as st

from vsoracle.errors import CardTextError
from vsoracle.text import ast as A
from vsoracle.text import parse_card_text

import pytest

#: HYPOTHESIS_PROFILE=long runs 10,000 examples per property (the long run of issue 7).
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"


def error_of(text: str, name: str | None = None) -> CardTextError:
    with pytest.raises(CardTextError) as info:
        parse_card_text(text, name)
    return info.value


def test_caret_under_the_first_word_not_taken():
    error = error_of("Draw a card.\nTarget attackerr gets +2 ATK this turn.")
    assert (error.text_line, error.column) == (2, 8)
    assert error.caret() == "Target attackerr gets +2 ATK this turn.\n       ^"
    assert "attacker" in error.expected and "character" in error.expected
    assert "'attackerr'" in error.message


def test_missing_end_of_sentence():
    error = error_of("Draw a card")
    assert error.text_line == 1 and error.column == 12
    assert "." in error.expected


def test_names_must_be_capitalised():
    """A lower-case word is never taken for an affiliation."""
    error = error_of("Target avengers character gets +1 ATK this turn.")
    assert error.column == 8


def test_meaning_errors_are_card_text_errors():
    """Grammatical but meaningless: 'that character' with nothing before it."""
    error = error_of("KO that character.")
    assert "nothing to refer to" in error.message


def test_a_cost_outside_an_activated_power():
    error = error_of("Pay 2 endurance.")
    assert "cost" in error.message


def test_reserved_character():
    error = error_of("Draw a card.\ue000")
    assert error.column == 13


def test_empty_text_is_no_power():
    assert parse_card_text("", "Kang") == A.CardText(())
    assert parse_card_text("\n\n", None) == A.CardText(())


WORDS = ("target", "character", "you", "control", "gets", "+2", "ATK", "this", "turn", ".", ",", "and", "Kang",
         "if", "draw", "a", "card", "Avengers", ">>>", "pay", "1", "endurance", "it", "that", "(", ")", "\n",
         "Leader:", "Ongoing:", "Whenever", "stuns", "KO", "instead", "would", "'s", "—", "’")


@settings(max_examples=10_000 if LONG else 150, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(st.sampled_from(WORDS), max_size=25).map(" ".join)),
       st.one_of(st.none(), st.sampled_from(["Kang", "Power Princess", "AIDA", "it"])))
def test_any_string_gives_an_ast_or_a_clean_error(text, name):
    try:
        result = parse_card_text(text, name)
    except CardTextError as error:
        str(error)
        error.caret()
    else:
        assert isinstance(result, A.CardText)


def test_the_caret_quotes_the_cards_own_name():
    """The card's name is read as one private token; the message shows the name as written."""
    error = error_of("When Overdrive comes into play, draw a card Overdrive.", "Overdrive")
    assert "'Overdrive'" in error.message
    assert (error.text_line, error.column) == (1, 45)


def test_an_alternate_cost_is_paid_by_you():
    error = error_of("Target player may pay 3 endurance rather than pay Ransom's recruit cost.", "Ransom")
    assert "alternate cost" in error.message


def test_an_alternate_cost_replaces_the_cards_own_cost():
    error = error_of("You may pay 3 endurance rather than pay that character's recruit cost.", "Ransom")
    assert "own recruit or threshold cost" in error.message
