"""``vsoracle parse`` and ``vsoracle cards check``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from vsoracle.cli import app

runner = CliRunner()


def test_parse_prints_an_indented_tree():
    result = runner.invoke(app, ["parse", "Whenever Blue Eagle stuns a character, KO that character if you have "
                                          "no cards in hand.", "--name", "Blue Eagle"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "CardText"
    assert "    - TriggeredPower" in lines
    assert any(line.strip() == "subject: SelfRef" for line in lines)
    assert any("TriggerRef(role='object')" in line for line in lines)


def test_parse_json():
    result = runner.invoke(app, ["parse", "Draw two cards.", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["node"] == "CardText"
    assert data["powers"][0]["effect"] == {"node": "Draw", "count": {"node": "Fixed", "n": 2},
                                           "player": {"node": "You"}}


def test_parse_error_has_a_caret_and_exit_2():
    result = runner.invoke(app, ["parse", "Target attackerr gets +2 ATK."])
    assert result.exit_code == 2
    assert "    Target attackerr gets +2 ATK.\n           ^" in result.output
    assert "expected one of:" in result.output and "attacker" in result.output
    assert "line 1, column 8" in result.output


def test_cards_check_parses_every_card():
    result = runner.invoke(app, ["cards", "check"])
    assert result.exit_code == 0, result.output
    total, parsed = result.output.strip().splitlines()[-1].replace(" cards,", "").replace(" parsed", "").split()
    assert total == parsed and int(total) > 40


def test_cards_check_reports_a_failure_with_file_line_and_caret(tmp_path):
    card_file = tmp_path / "bad.toml"
    card_file.write_text('[set]\ncode = "TST"\nname = "Test"\n\n[[card]]\nname = "Foo"\ntype = "plot twist"\n'
                         'cost = 1\ntext = """\nDraw a card.\nTarget attacker gets +2 ATK thsi turn.\n"""\n\n'
                         '[[card]]\nname = "Bar"\ntype = "plot twist"\ncost = 1\ntext = "Draw a card."\n',
                         encoding="utf-8")
    result = runner.invoke(app, ["cards", "check", str(card_file)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{card_file}:11: card 'Foo', text line 2 column 29: cannot read 'thsi' here"
    assert lines[1] == "    Target attacker gets +2 ATK thsi turn."
    assert lines[2] == "    " + " " * 28 + "^"
    assert lines[3].startswith("    expected one of: ") and "this" in lines[3]
    assert lines[-1] == "2 cards, 1 parsed"
