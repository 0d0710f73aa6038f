"""Card text read back to its writer: the canonical rendering and one plain sentence per power."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vsoracle.cards import default_database
from vsoracle.cli import app
from vsoracle.text import nodes, parse_card_text
from vsoracle.text.explain import plain_readings

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
KINDS = ("Keyword: ", "Keywords: ", "Activated", "Triggered", "Continuous", "Prohibition", "Effect", "Replacement",
         "Restriction: ", "Additional cost: ", "Alternative cost: ", "Crossover")
#: Node class names with two capitals ("EventRef", "StatChange"): none may reach a reader.
CLASS_NAMES = {name for name in nodes.node_classes() if re.search(r"[a-z][A-Z]", name)}


def _plain(sentence: str) -> None:
    assert sentence.startswith(KINDS), sentence
    assert sentence.endswith("."), sentence
    assert "\n" not in sentence and "~" not in sentence
    assert not {w for w in re.findall(r"[A-Za-z]+", sentence)} & CLASS_NAMES, sentence
    assert not re.search(r"\b[A-Z][a-z]+\(", sentence), sentence             # no repr
    assert "None" not in sentence.split()


def _cards():
    return [c for c in default_database().select(None, None) if c.text.strip()]


@pytest.mark.parametrize("card", _cards(), ids=lambda c: c.number or c.title)
def test_every_card_gets_one_plain_sentence_per_power(card):
    text = parse_card_text(card.text, card.name)
    readings = plain_readings(text)
    assert len(readings) == len(text.powers)
    for sentence in readings:
        _plain(sentence)
        assert card.name not in sentence or card.name in (card.text.replace(card.name, "", 1)), sentence


def _lines(file: str):
    return tomllib.loads((ROOT / "tests" / "text" / file).read_text(encoding="utf-8"))["line"]


def test_every_corpus_and_wording_line_gets_a_plain_reading():
    """General over the node classes: every shape the grammar knows has a reading, none a crash."""
    count = 0
    for line in _lines("corpus.toml") + _lines("wordings.toml"):
        text = parse_card_text(line["text"], line.get("name"))
        readings = plain_readings(text)
        assert len(readings) == len(text.powers)
        for sentence in readings:
            _plain(sentence)
        count += 1
    assert count > 300


EXPECTED = [
    ("Whenever Hawkeye becomes exhausted, draw a card.", "Hawkeye",
     "Triggered: whenever this character becomes exhausted — you draw 1 card."),
    ("Pay 2 endurance >>> Target character gets +2 ATK this turn.", None,
     "Activated: pay 2 endurance — target character gets +2 ATK for the rest of the turn."),
    ("Exhaust Iron Man >>> Stun target character. Use this power only once per turn.", "Iron Man",
     "Activated: exhaust this character (use it only once per turn) — you stun target character."),
    ("Other Army characters you control get +1 DEF.", None,
     "Continuous: other Army characters you control get +1 DEF."),
    ("If Colossus would be stunned, instead, exhaust him.", "Colossus",
     "Replacement: if this character would be stunned — instead, you exhaust this character."),
    ("Colossus cannot be stunned.", "Colossus", "Prohibition: this character cannot be stunned."),
    ("If you control an Avengers character, target character gets +3 ATK this turn.", None,
     "Effect: if you control an Avengers character, target character gets +3 ATK for the rest of the turn."),
    ("Target attacker gets -2 ATK this attack.", None, "Effect: target attacker gets -2 ATK for the rest of the attack."),
    ("Reservist, Range", None,
     "Keywords: Reservist — this character may be recruited from your resource row as well as from your hand; "
     "Range — this character can attack from the support row."),
    ("Energize (Whenever this character defends, ready it.)", None,
     "Keyword: Energize — whenever this character defends, ready it."),
    ("Ongoing: Characters you control get +1 ATK.", None,
     "Continuous (an ongoing power: it lasts while the card stays face up in your resource row): "
     "characters you control get +1 ATK."),
    ("Leader: Characters adjacent to Captain America get +1 ATK.", "Captain America",
     "Continuous (a leader power: it works while this character is not stunned): "
     "characters adjacent to this character get +1 ATK."),
    ("When you recruit Vision, draw two cards.", "Vision", "Triggered: when you recruit this card — you draw 2 cards."),
    ("At the start of your recovery phase, you may KO target stunned character.", None,
     "Triggered: at the start of your recovery phase — you may KO target stunned character."),
    ("Play Big Trap only during your recruit step.", "Big Trap",
     "Restriction: play this card only during your recruit step."),
    ("You may pay 3 endurance rather than pay Big Trap's threshold cost.", "Big Trap",
     "Alternative cost: you may pay 3 endurance instead of paying this card's threshold cost."),
    ("Draw a card. If you do, discard a card.", None, "Effect: you draw 1 card; if you do, you discard a card."),
]


@pytest.mark.parametrize("text, name, expected", EXPECTED, ids=[e[0][:40] for e in EXPECTED])
def test_plain_reading_of(text, name, expected):
    assert plain_readings(parse_card_text(text, name)) == [expected]


def test_a_line_after_an_ongoing_keyword_is_in_its_block():
    """FAQ GM 2: the lines after "Ongoing:" belong to the ongoing block, as the engine reads them."""
    text = parse_card_text("Draw a card.\nOngoing: Characters you control get +1 ATK.\n"
                           "Characters you control get +1 DEF.")
    first, second, third = plain_readings(text)
    assert first == "Effect: you draw 1 card."
    assert second.startswith("Continuous (an ongoing power") and third.startswith("Continuous (an ongoing power")


def test_parse_prints_the_rendering_and_the_readings_before_the_tree():
    result = runner.invoke(app, ["parse", "Whenever Hawkeye becomes exhausted, draw a card.", "--name", "Hawkeye"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:4] == ["Canonical text: Whenever Hawkeye becomes exhausted, draw a card.",
                         "How vsoracle reads it:",
                         "  1. Triggered: whenever this character becomes exhausted — you draw 1 card.",
                         ""]
    assert lines[4] == "CardText"


def test_parse_tree_gives_the_ast_alone():
    result = runner.invoke(app, ["parse", "Draw a card.", "--tree"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "CardText"


def test_cards_show_reads_the_card_back():
    result = runner.invoke(app, ["cards", "show", "Force Field Belt"])
    assert result.exit_code == 0, result.output
    assert "How vsoracle reads it:" in result.output
    assert "  2. Continuous: equipped character gets +1 DEF." in result.output.splitlines()
    assert "this equipment" in result.output
