"""Spellings real sources print that read as their canonical form: a keyword line ended with a full
stop ("Willpower 3.", as the Green Lantern Corps FAQ quotes Grayven), with a power after it on the
same line ("Willpower 3. Boodikka gets +X ATK while attacking, …", as it quotes Boodikka), and a
keyword's dash written as a spaced en dash or hyphen ("Concealed – Optional", the reminder-text
source for concealed—optional). Each reads as the canonical text does, and a minus sign stays one."""

from __future__ import annotations

import pytest

from vsoracle.errors import CardTextError
from vsoracle.text import nodes as n
from vsoracle.text.read import read_card_text

SAME = [
    # (as a source prints it, as vsoracle writes it) — the card's name is "Boodikka"
    ("Willpower 3.", "Willpower 3"),
    ("Reinforcement, flight.", "Reinforcement, flight"),
    ("Willpower 3. Boodikka gets +X ATK while attacking, where X is her willpower.",
     "Willpower 3\nBoodikka gets +X ATK while attacking, where X is her willpower."),
    ("Flight. Range. Willpower 2.", "Flight\nRange\nWillpower 2"),
    ("Reservist. Leader: Characters adjacent to Boodikka get +1 ATK.",
     "Reservist\nLeader: Characters adjacent to Boodikka get +1 ATK."),
    ("Concealed – Optional", "Concealed—Optional"),
    ("Concealed - Optional (You may have this character come into play in the hidden area.)",
     "Concealed—Optional"),
    ("Cosmic – Surge: Boodikka gets +5 ATK.", "Cosmic—Surge: Boodikka gets +5 ATK."),
    ("Reservist, Concealed – Optional", "Reservist, Concealed—Optional"),
]


@pytest.mark.parametrize(("printed", "canonical"), SAME, ids=[p for p, _ in SAME])
def test_a_printed_spelling_reads_as_the_canonical_text(printed: str, canonical: str) -> None:
    assert read_card_text(printed, "Boodikka") == read_card_text(canonical, "Boodikka")


def test_a_keyword_and_a_power_on_one_line_are_two_powers() -> None:
    powers = read_card_text("Willpower 3. Boodikka gets +X ATK while attacking, where X is her willpower.",
                            "Boodikka").powers
    assert [type(p) for p in powers] == [n.Keywords, n.Static]
    assert powers[0].keywords[0].name == "willpower" and powers[0].keywords[0].value == n.Fixed(3)


def test_an_en_dash_before_a_number_is_still_a_minus() -> None:
    assert read_card_text("Target character gets –2 ATK this turn.", None) == \
        read_card_text("Target character gets -2 ATK this turn.", None)


def test_a_full_stop_does_not_end_a_keyword_inside_a_sentence() -> None:
    """Only a line that is keywords may end with the stop: a sentence still needs its verb."""
    with pytest.raises(CardTextError):
        read_card_text("Willpower 3. Flight gets.", "Boodikka")
