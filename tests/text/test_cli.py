"""``vsoracle parse`` and ``vsoracle cards check``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from vsoracle.cli import app
from vsoracle.text import parse_card_text
from vsoracle.text.data import from_data

runner = CliRunner()


def test_parse_prints_an_indented_tree():
    result = runner.invoke(app, ["parse", "Whenever Blue Eagle stuns a character, KO that character if you have "
                                          "no cards in hand.", "--name", "Blue Eagle", "--tree"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "CardText"
    assert "    - Triggered" in lines
    assert any(line.strip() == "agent: Self()" for line in lines)
    assert any(line.strip() == "object: EventRef(role='object')" for line in lines)


def test_parse_json_is_node_data_that_reads_back():
    result = runner.invoke(app, ["parse", "Draw two cards.", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)["ast"]
    assert data["node"] == "CardText"
    assert data["powers"][0]["effect"] == {"node": "Draw", "count": {"node": "Fixed", "n": 2, "word": "two"}}
    assert from_data(data) == parse_card_text("Draw two cards.")


def test_parse_error_has_a_caret_a_suggestion_and_exit_2():
    result = runner.invoke(app, ["parse", "Target attackerr gets +2 ATK."])
    assert result.exit_code == 2
    assert "    Target attackerr gets +2 ATK.\n           ^" in result.output
    assert "did you mean 'attacker'" in result.output
    assert "line 1, column 8" in result.output


def test_cards_check_runs_every_card():
    result = runner.invoke(app, ["cards", "check"])
    assert result.exit_code == 0, result.output
    total, runs = result.output.strip().splitlines()[-1].split(" cards: ")[0], \
        result.output.strip().splitlines()[-1].split(": ")[1].split(" run")[0]
    assert total == runs and int(total) > 40
    assert result.output.strip().splitlines()[-1].endswith("run, 0 parse only, 0 fail")


def test_cards_check_reports_each_state_with_file_line_and_caret(tmp_path):
    card_file = tmp_path / "bad.toml"
    card_file.write_text('[set]\ncode = "TST"\nname = "Test"\n\n[[card]]\nname = "Foo"\ntype = "plot twist"\n'
                         'cost = 1\ntext = """\nDraw a card.\nTarget attacker gets +2 ATK thsi turn.\n"""\n\n'
                         '[[card]]\nname = "Bar"\ntype = "plot twist"\ncost = 1\ntext = "Draw a card."\n\n'
                         '[[card]]\nname = "Baz"\ntype = "plot twist"\ncost = 1\n'
                         'text = """\nDraw a card.\nTarget character attacks.\n"""\n',
                         encoding="utf-8")
    result = runner.invoke(app, ["cards", "check", str(card_file)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == (f"{card_file}:11: card 'Foo' fails: text line 2 column 29: cannot read 'thsi' (a word the "
                        "card-text language does not use) here")
    assert lines[1] == "    Target attacker gets +2 ATK thsi turn."
    assert lines[2] == "    " + " " * 28 + "^"
    assert lines[3] == "    did you mean 'this'?"
    assert lines[4] == (f"{card_file}:26: card 'Baz' parses only: line 2 \"Target character attacks.\": vsoracle "
                        "cannot play the effect \"Target character attacks\" yet")
    assert lines[-1] == "3 cards: 1 runs, 1 parses only, 1 fails"
