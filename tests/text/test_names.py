"""A name nothing has is said out loud (issue 23, 9): the names a card text uses, compared with
those the cards carry, each kind of name, with the likest known name or game word."""

from __future__ import annotations

from hypothesis import given, strategies as st

from vsoracle.cards import Card, CardType
from vsoracle.cards.names import KnownNames
from vsoracle.text import parse_card_text
from vsoracle.text.names import GAME_WORDS, names_given, names_used, unknown_names

KREE = Card(name="Ronan", identity="Ronan the Accuser", version="Kree Accuser", type=CardType.CHARACTER, cost=4,
            atk=8, defense=8, affiliations=("Kree",), traits=("Physical",))
NAMES = KnownNames.of([KREE])


def _unknown(text: str, known: KnownNames = NAMES, name: str | None = None) -> list[tuple[str, str]]:
    return [(u.use.kind, u.use.name) for u in unknown_names(parse_card_text(text, name), known)]


def test_an_affiliation_a_card_has_is_known_and_one_none_has_is_said():
    assert _unknown("Kree characters you control get +1 ATK.") == []
    assert _unknown("Skrull characters you control get +1 ATK.") == [("name", "Skrull")]


def test_a_trait_a_version_and_the_rules_own_names_are_known():
    assert _unknown("Target Physical character gets +1 ATK.") == []
    assert _unknown("Target Kree Accuser character gets +1 ATK.") == []
    # Mental and Mutant are the rules' (X-Men FAQ GM 1), Army a version the rules give meaning (CR 705.1)
    assert _unknown("Target Mental character gets +1 ATK. Mutant characters you control get +1 DEF.") == []
    assert _unknown("Non-Army characters you control get +1 DEF.") == []


def test_epic_is_a_version_the_rules_give_a_meaning():
    """"Plot twists with version Epic can't be negated." (Coming of Galactus FAQ item 2): a text
    that names Epic names a version the rules know, whether or not a card of the game has it."""
    assert _unknown("Negate target non-Epic plot twist effect.") == []
    assert _unknown("Negate target non-Epix plot twist effect.") == [("name", "Epix")]
    assert "Epic" in KnownNames.of([]).of_kind("version")


def test_a_card_name_is_compared_with_the_names_and_identities_cards_have():
    assert _unknown("Search your deck for a card named Ronan.") == []
    assert _unknown("Search your deck for a card named Galactus.") == [("card name", "Galactus")]
    assert _unknown("Search your deck for a card named ~.", name="Nobody Else") == []


def test_crossover_and_either_affiliation_name_affiliations():
    assert _unknown("Crossover Kree and Shi'ar.") == [("affiliation", "Shi'ar")]


def test_a_name_written_in_the_plural_is_its_singular_too():
    known = KnownNames.of([Card(name="Helmet", version="Fate Artifact", type=CardType.EQUIPMENT, cost=1)])
    assert _unknown("Characters you control can be equipped with any number of Fate Artifacts.", known) == []


def test_a_name_a_text_gives_is_one_some_card_has():
    text = parse_card_text("Characters you control have the Shi'ar affiliation.")
    assert names_given(text) == (("affiliation", "Shi'ar"),)
    given = KnownNames.of([KREE], names_given(text))
    assert _unknown("Shi'ar characters you control get +1 ATK.", given) == []
    assert _unknown("Shi'ar characters you control get +1 ATK.") == [("name", "Shi'ar")]


def test_an_identity_given_is_known_as_an_identity():
    text = parse_card_text("~ gains the identity Dr. Fate.", "Helmet")
    assert names_given(text) == (("identity", "Dr. Fate"),)


def test_the_hint_is_the_likest_game_word_or_known_name():
    found = unknown_names(parse_card_text("Freindly characters get +2 DEF."), NAMES)
    assert [str(u) for u in found] == ["names the affiliation, trait or version 'Freindly', which no card has — "
                                       "did you mean friendly, controlled by you?"]
    near, = unknown_names(parse_card_text("Kreee characters get +2 DEF."), NAMES)
    assert near.hint == "did you mean 'Kree'?"
    far, = unknown_names(parse_card_text("Zzyzx characters get +2 DEF."), NAMES)
    assert "matches nothing" in far.hint and "--cards" in far.hint


def test_names_are_found_on_their_power_line():
    uses = names_used(parse_card_text("Draw a card.\nSkrull characters get +1 ATK."))
    assert [(u.line, u.name) for u in uses] == [(2, "Skrull")]


@given(st.from_regex(r"[A-Z][a-z]{3,9}", fullmatch=True))
def test_a_name_is_unknown_exactly_when_no_card_has_it(word):
    text = f"{word} characters you control get +1 ATK."
    try:
        ast = parse_card_text(text)
    except Exception:
        return  # a word the grammar reads otherwise is not a name here
    if not any(u.name == word for u in names_used(ast)):
        return  # a game word ("Cosmic", "Friendly"): a characteristic, never a name
    assert word.lower() not in GAME_WORDS
    has = KnownNames.of([Card(name="X", type=CardType.CHARACTER, cost=1, atk=1, defense=1, affiliations=(word,))])
    assert _unknown(text, has) == []
    assert ("name", word) in _unknown(text) or NAMES.has("name", word)
