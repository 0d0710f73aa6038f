"""A name nothing has is said out loud (issue 23, 9): ``cards check`` warns for each name a card
text uses that no card of the database, the user's card files or the files checked has, and a
scenario's resolve logs it where it reads it (assumption A-UNKNOWN-NAME)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from vsoracle.cards import load_database
from vsoracle.cli.application import app
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario
from tests.json_schemas import failures

runner = CliRunner()

BOOST = '''
[[card]]
number = "MOR-951"
name = "Kree Rally"
type = "plot twist"
cost = 0
text = "Kree characters you control get +1 ATK this turn."
'''

KREE = '''
[[card]]
number = "MOR-952"
name = "Captain Marvel"
version = "Kree Soldier"
type = "character"
cost = 3
atk = 5
def = 4
affiliations = ["Kree"]
'''


def _files(tmp_path: Path) -> tuple[Path, Path]:
    boost, kree = tmp_path / "boost.toml", tmp_path / "kree" / "kree.toml"
    kree.parent.mkdir()
    boost.write_text(BOOST, encoding="utf-8")
    kree.write_text(KREE, encoding="utf-8")
    return boost, kree


def test_cards_check_warns_of_a_name_no_card_has(tmp_path: Path):
    boost, _kree = _files(tmp_path)
    result = runner.invoke(app, ["cards", "check", str(boost)], env={})
    assert result.exit_code == 0, result.output  # a warning: the card runs, as written
    lines = result.output.strip().splitlines()
    assert lines[0] == (f"{boost}:7: warning: in 'Kree Rally', line 1 names the affiliation, trait or version "
                        "'Kree', which no card has — it matches nothing until a card has it (--cards, VSORACLE_CARDS, "
                        "a scenario's [[card]]); check the spelling")
    assert lines[-2] == "1 name no card has: each matches nothing (the warnings above)"
    assert lines[-1] == "1 card: 1 runs, 0 parse only, 0 fail"


def test_a_users_card_file_makes_the_name_known(tmp_path: Path):
    boost, kree = _files(tmp_path)
    for args, env in ((["--cards", str(kree.parent)], {}), ([], {"VSORACLE_CARDS": str(kree)})):
        result = runner.invoke(app, ["cards", "check", str(boost), *args], env=env)
        assert result.exit_code == 0 and "warning" not in result.output, (args, result.output)
    together = runner.invoke(app, ["cards", "check", str(boost), str(kree)], env={})  # the files checked count too
    assert "warning" not in together.output and together.output.strip().endswith("2 cards: 2 run, 0 parse only, 0 fail")


def test_cards_check_json_lists_the_names(tmp_path: Path):
    boost, _kree = _files(tmp_path)
    result = runner.invoke(app, ["cards", "check", str(boost), "--json"], env={})
    doc = json.loads(result.output)
    assert failures(doc, "check") == []
    name, = doc["unknown_names"]
    assert (name["title"], name["kind"], name["name"], name["text_line"], name["line"]) == \
        ("Kree Rally", "name", "Kree", 1, 7)
    assert name["message"] == "names the affiliation, trait or version 'Kree', which no card has"


def _scenario(cards: str, kree: str) -> str:
    return f'''
[scenario]
title = "an unknown name in a resolve"
{cards}
{BOOST}
{kree}
[[card]]
name = "Guy"
type = "character"
cost = 1
atk = 2
def = 2
affiliations = ["Avengers"]

[game]
phase = "combat"

[players.A]
hand = [{{ card = "Kree Rally", id = "rally" }}]
characters = [{{ card = "Guy", id = "guy" }}]

[[step]]
play = "rally"

[[step]]
resolve = "top"

[check]
guy.atk = 2
'''


def _said(text: str) -> list[str]:
    result = run_scenario(parse_scenario(text, load_database()))
    assert result.passed
    return [str(e) for e in result.outcomes[0].log if "no card in the database or the game has" in str(e)]


def test_a_resolve_that_reads_a_name_no_card_has_logs_it():
    assert _said(_scenario("", "")) == [
        "play:rally names the affiliation, trait or version 'Kree', which no card in the database or the game has: "
        "it matches nothing [assumption A-UNKNOWN-NAME]"]


def test_with_a_card_that_has_it_the_log_is_silent(tmp_path: Path):
    # the scenario's own card, or its card files, carry the name: it is a name, and the log says nothing
    assert _said(_scenario("", KREE)) == []
    _files(tmp_path)
    path = tmp_path / "s.scenario.toml"
    path.write_text(_scenario('cards = ["kree"]', ""), encoding="utf-8")
    result = runner.invoke(app, ["resolve", str(path), "--no-cache"], env={})
    assert result.exit_code == 0, result.output
    assert "no card in the database or the game has" not in result.output
