"""Text the language cannot take: a CardTextError with line, column, caret, what would fit and,
for a misspelt word, what it probably is; and never any other exception."""

from __future__ import annotations

import os

import pytest
from hypothesis import given, settings, strategies as st

from vsoracle.errors import CardTextError
from vsoracle.text import nodes as n
from vsoracle.text import parse_card_text

#: HYPOTHESIS_PROFILE=long runs 10,000 examples per property (the long run of issue 7).
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"


def error_of(text: str, name: str | None = None) -> CardTextError:
    with pytest.raises(CardTextError) as info:
        parse_card_text(text, name)
    return info.value


def test_caret_under_the_first_word_not_taken_and_a_suggestion():
    error = error_of("Draw a card.\nTarget attackerr gets +2 ATK this turn.")
    assert (error.text_line, error.column) == (2, 8)
    assert error.caret() == "Target attackerr gets +2 ATK this turn.\n       ^"
    assert "attacker" in error.expected and "character" in error.expected
    assert "'attackerr'" in error.message and error.hint == "did you mean 'attacker' or 'attackers'?"


def test_missing_end_of_sentence():
    """A sentence typed without its full stop at the end of its line is read as printed ("Draw a
    card", as users type it: tests/text/test_phrasings.py); one that is unfinished is not, and the
    error is where the text ends."""
    assert parse_card_text("Draw a card") == parse_card_text("Draw a card.")
    error = error_of("Target character gets")
    assert (error.text_line, error.column) == (1, 22)
    assert "+N or -N" in error.expected and "the end of the text" in error.message


def test_names_must_be_capitalised():
    """A lower-case word is never taken for an affiliation."""
    error = error_of("Target avengers character gets +1 ATK this turn.")
    assert error.column == 8 and "a name" in error.expected


def test_a_game_word_at_the_start_of_a_line_is_the_word_not_a_keyword():
    error = error_of("Draw")
    assert "the end of the text" in error.message


@pytest.mark.parametrize("text, column", [("KO that character.", 4), ("Draw a card. Stun that attacker.", 19)])
def test_a_reference_to_nothing_is_placed(text, column):
    error = error_of(text)
    assert "has nothing to refer to" in error.message and error.column == column


def test_reserved_character():
    error = error_of("Draw a card.\ue000")
    assert error.column == 13 and "reserves" in error.message


def test_a_players_powers_are_not_copied():
    """"gains your powers": a player has none (a copy is of a character's: DC Legends FAQ [FDL])."""
    error = error_of("Bob gains your powers this turn.", "Bob")
    assert "a player has no powers" in error.message


def test_empty_text_is_no_power():
    assert parse_card_text("", "Kang") == n.CardText(())
    assert parse_card_text("\n\n", None) == n.CardText(())


def test_the_cards_own_name_out_of_place_is_named_so():
    """The card's name is read as one private token; the message says it is the card's name."""
    error = error_of("When Overdrive comes into play, Overdrive gets +1 Overdrive.", "Overdrive")
    assert error.message == "cannot read the card's own name here"
    assert (error.text_line, error.column) == (1, 51)
    # "KO Overdrive Overdrive" is not out of place: the second is the name before a noun
    # ("Overdrive characters"), so what is missing is the noun
    error = error_of("When Overdrive comes into play, KO Overdrive Overdrive.", "Overdrive")
    assert error.column == 55 and "character" in error.expected


def test_draw_takes_a_number_of_cards():
    error = error_of("When Overdrive comes into play, draw Overdrive.", "Overdrive")
    assert error.message.startswith('"draw" takes a number of cards') and error.column == 33


def test_an_alternate_cost_replaces_the_cards_own_cost():
    error = error_of("You may pay 3 endurance rather than pay that character's recruit cost.", "Ransom")
    assert "alternate cost" in error.message


WORDS = ("target", "character", "you", "control", "gets", "+2", "ATK", "this", "turn", ".", ",", "and", "Kang",
         "if", "draw", "a", "card", "Avengers", ">>>", "pay", "1", "endurance", "it", "that", "(", ")", "\n",
         "Leader:", "Ongoing:", "Whenever", "stuns", "KO", "instead", "would", "'s", "—", "’", '"', "unless",
         "becomes", "exhausted", "his", "owner's", "hand", "return", "to", "for", "each", "cannot", "be")


@settings(max_examples=10_000 if LONG else 200, deadline=None)
@given(st.one_of(st.text(max_size=80), st.lists(st.sampled_from(WORDS), max_size=25).map(" ".join)),
       st.one_of(st.none(), st.sampled_from(["Kang", "Power Princess", "AIDA", "it", "The Leader"])))
def test_any_string_gives_an_ast_or_a_clean_error(text, name):
    try:
        result = parse_card_text(text, name)
    except CardTextError as error:
        str(error)
        error.caret()
    else:
        assert isinstance(result, n.CardText)


@pytest.mark.parametrize("text", ["If you control more characters, draw a card.",
                                  "If you have more cards in your hand, draw a card.",
                                  "If there are fewer cards in your KO'd pile, draw a card."])
def test_more_or_fewer_with_nothing_to_compare_with_is_refused(text):
    """"more characters" with no "than …" was read as a comparison with nothing (a ControlledBy
    of no player, a Compare with no right side) that the engine took as playable."""
    error = error_of(text)
    assert "compares with nothing" in error.message and "than" in error.message


def test_more_than_another_player_still_compares():
    text = parse_card_text("If you control more characters than target opponent, draw a card.")
    condition = text.powers[0].effect.condition
    assert isinstance(condition, n.Compare) and condition.op == ">"
    assert isinstance(condition.right, n.NumberOf)


@pytest.mark.parametrize("text", ["Whenever you lose 1 less endurance, draw a card.",
                                  "If you would lose 1 less endurance, draw a card.",
                                  "You cannot lose 1 less endurance.",
                                  "Target character must lose 1 less endurance if able.",
                                  "Draw a card unless you lose 1 less endurance."])
def test_a_lessening_is_no_event(text):
    """"lose 1 less endurance" lowers an event that would happen; as a trigger, a replacement's
    event, a prohibition or a condition it named no event (a Lessen where an event goes)."""
    error = error_of(text)
    assert "lessen an event" in error.message


def test_a_lessening_instead_of_an_event_still_reads():
    text = parse_card_text("If you would lose endurance, you lose 1 less endurance instead.")
    assert isinstance(text.powers[0], n.Replacement)
    assert text.powers[0].instead.effect == n.Lessen(n.Fixed(1))


def test_a_state_of_an_event_with_no_object_or_doer_is_refused():
    """"If you would lose endurance while attacking": "while attacking" is said of the event's
    object or doer, and an endurance loss has neither (it was read as Is(None, attacking))."""
    error = error_of("If you would lose endurance while attacking, you lose 1 less endurance instead.")
    assert "names neither" in error.message


def test_a_state_of_a_replaced_events_object_still_reads():
    text = parse_card_text("If Bob would be stunned while defending, instead, exhaust Bob.", "Bob")
    condition = text.powers[0].instead.condition
    assert condition == n.Is(n.Self(), (n.State("defending"),))


@pytest.mark.parametrize("text, words", [
    ("Whenever you draw a card for the first time each turn, draw a card.", "in a trigger yet"),
    ("If you drew a card for the first time this turn, draw a card.", "said of what would happen"),
    ("Draw a card for the first time this turn.", '"first time"'),
    ("Stubborn Guard cannot be stunned for the first time each turn.", '"first time"'),
])
def test_for_the_first_time_is_read_only_of_what_would_happen(text, words):
    """"for the first time in a phase" counts the events before the one that would happen (a
    replacement, assumption A-FIRST-TIME); said of anything else it is refused, never dropped."""
    error = error_of(text, "Stubborn Guard")
    assert words in error.message


@pytest.mark.parametrize("text", ["Recover.", "Ready.", "Become stunned.", "Becomes exhausted."])
def test_a_verb_said_of_what_it_is_done_to_needs_it(text):
    """"~ recovers" is said of the character recovered; as an order with nothing to do it to it is
    refused with what would be right (it had been an internal error)."""
    error = error_of(text)
    assert "with nothing it is done to" in error.message


@pytest.mark.parametrize("text, words", [
    ("Whenever you draw a card at random, draw a card.", '"at random" in a trigger'),
    ("Whenever Hulk becomes stunned for each character, draw a card.", '"for each …" in a trigger'),
    ("Whenever a character you control attacks while in the front row, draw a card.", "unless it is said of ~"),
    ("Whenever Hulk attacks during combat if you have the initiative, draw a card.", "two conditions"),
    ("If you played a plot twist during combat this turn, draw a card.", '"during …" in a condition'),
    ("If Hulk attacked while in the front row this turn, draw a card.", '"while …" in a condition'),
    ("If you discarded a card at random this turn, draw a card.", '"at random" in a condition'),
])
def test_what_follows_an_event_it_cannot_read_is_refused_not_dropped(text, words):
    """A trigger's or a condition's event with words vsoracle does not read after it: refused by
    name (before, "during combat" and the rest were parsed and silently left out)."""
    error = error_of(text, "Hulk")
    assert words in error.message, error.message


@pytest.mark.parametrize("text", ["Target character cannot gain flight for each card in your hand.",
                                  "Target character cannot attack for each card in your hand.",
                                  "Target character gains flight for each card in your hand."])
def test_for_each_with_nothing_to_multiply_is_refused_not_dropped(text):
    """"for each …" after a change that has no number (a keyword, a prohibition) is refused (it
    was read as the change alone)."""
    error = error_of(text, "Hulk")
    assert '"for each" needs an amount' in error.message, error.message


@pytest.mark.parametrize("text", [
    "Whenever a character you control becomes stunned during combat, draw a card.",
    "Whenever Hulk attacks while you control a location, draw a card.",
    "Whenever Hulk becomes stunned while attacking a hidden character, draw a card.",
    "Whenever Hulk attacks unless you have the initiative, draw a card.",
])
def test_a_trigger_s_condition_is_part_of_its_trigger(text):
    [power] = parse_card_text(text, "Hulk").powers
    assert isinstance(power, n.Triggered) and isinstance(power.trigger, n.Whenever)
    assert power.trigger.condition is not None


@pytest.mark.parametrize(("text", "says"), [
    ("If it is your turn, draw a card.", "if you have the initiative"),
    ("Exhaust target ready character with even cost.", "with cost 2 or less"),
    ("If another character you control would be dealt breakthrough damage, prevent it.", "lose endurance"),
    ("Destroy target character.", "'KO'"),
    ("Tap target character.", "'exhaust'"),
])
def test_another_games_words_are_answered_with_the_games_own(text: str, says: str) -> None:
    """A word of another card game's text ("your turn", "even cost", "damage", "destroy") is told
    what Vs. System says instead."""
    error = error_of(text, "Zephyr")
    assert error.hint is not None and says in error.hint, error.hint


def test_the_games_own_turn_is_not_another_games() -> None:
    """"this turn" is the game's own span: a text stopped near it gets no such hint."""
    error = error_of("Stun target character this turn turn.", "Zephyr")
    assert error.hint is None or "initiative" not in error.hint
