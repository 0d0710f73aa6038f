"""A user's own card files join the database (issue 23, 10): ``--cards FILE|DIR`` on every command
that reads cards, ``VSORACLE_CARDS``, and a scenario's ``cards = [...]`` (relative to it). A title
or number two files give to different cards is an error naming both; the same card typed twice is
one card; a card the FAQ only quotes gives way to the whole card."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vsoracle.cards import CardDB, database, default_database, load_database
from vsoracle.cli.application import app
from vsoracle.errors import CardDataError, ScenarioError
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import run_scenario

SET = '''
[set]
code = "MOR"
name = "a set typed by a user"

[[card]]
number = "MOR-901"
name = "Dusk Warden"
version = "Night Patrol"
type = "character"
cost = 2
atk = 3
def = 2
affiliations = ["Avengers"]
text = "When ~ comes into play, draw a card."

[[card]]
number = "MOR-902"
name = "Iron Bulwark"
type = "character"
cost = 3
atk = 4
def = 5
affiliations = ["Avengers"]
text = "~ gets +2 DEF while defending."
'''

# Recruiting the first card draws a card (its own trigger, read from the user's file).
SCENARIO = '''
[scenario]
title = "a card typed once, named by number"
{cards}

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
hand = [{{ card = "MOR-901", id = "warden" }}]
deck = ["MOR-902"]
resources = ["MOR-902", "MOR-902"]

[players.B]

[[step]]
recruit = "warden"
row = "front"
col = 1

[[step]]
resolve = "top"

[[step]]
resolve = "top"

[check]
A = {{ hand = 1, deck = 0 }}
warden = {{ zone = "in_play" }}
'''


@pytest.fixture
def user_set(tmp_path: Path) -> Path:
    folder = tmp_path / "my-cards"
    folder.mkdir()
    (folder / "mor.toml").write_text(SET, encoding="utf-8")
    return folder


def _scenario(folder: Path, name: str, cards: str = "") -> Path:
    path = folder / name
    path.write_text(SCENARIO.format(cards=cards), encoding="utf-8")
    return path


def test_a_scenario_names_its_card_files_relative_to_itself(user_set: Path, tmp_path: Path):
    games = tmp_path / "games"
    games.mkdir()
    for n, listed in enumerate(('cards = ["../my-cards/mor.toml"]', 'cards = ["../my-cards"]')):
        result = run_scenario(load_scenario(_scenario(games, f"s{n}.toml", listed), default_database()))
        assert result.passed, result


def test_cards_at_the_top_of_the_file_too(user_set: Path, tmp_path: Path):
    path = tmp_path / "top.toml"
    path.write_text('cards = ["my-cards"]\n' + SCENARIO.format(cards=""), encoding="utf-8")
    assert run_scenario(load_scenario(path, default_database())).passed


def test_without_the_files_the_number_is_unknown(tmp_path: Path):
    with pytest.raises(VsOracleErrorLike) as err:
        load_scenario(_scenario(tmp_path, "s.toml"), default_database())
    assert "unknown card 'MOR-901'" in str(err.value)


VsOracleErrorLike = ScenarioError.__mro__[1]  # VsOracleError, the base every loader error shares


def test_a_missing_card_file_is_an_error_at_the_scenarios_line(tmp_path: Path):
    path = _scenario(tmp_path, "s.toml", 'cards = ["nope.toml"]')
    with pytest.raises(ScenarioError) as err:
        load_scenario(path, default_database())
    assert str(err.value).startswith(f"{path}:4: no such card file or folder")


def test_a_card_file_must_be_toml(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("hello", encoding="utf-8")
    path = _scenario(tmp_path, "s.toml", 'cards = ["notes.txt"]')
    with pytest.raises(ScenarioError) as err:
        load_scenario(path, default_database())
    assert "is not a card file (a card file's name ends in .toml)" in str(err.value)


def test_vsoracle_cards_variable(user_set: Path, tmp_path: Path):
    other = tmp_path / "other.toml"
    other.write_text(SET.replace("MOR-901", "MOR-911").replace("MOR-902", "MOR-912")
                     .replace("Dusk Warden", "Dawn Warden").replace("Iron Bulwark", "Stone Bulwark"), encoding="utf-8")
    db = database(environ={"VSORACLE_CARDS": os.pathsep.join([str(user_set), "", str(other)])})
    assert db.find("MOR-901").name == "Dusk Warden"
    assert db.find("MOR-912").name == "Stone Bulwark"
    assert len(db) == len(default_database()) + 4


def test_a_clash_names_both_files(user_set: Path, tmp_path: Path):
    clash = tmp_path / "clash.toml"
    clash.write_text(SET.replace("atk = 3", "atk = 9"), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_database([user_set / "mor.toml", clash])
    assert str(err.value) == (f"{clash}:6: card title 'Dusk Warden, Night Patrol' is defined twice, differently — the "
                              f"other is at {user_set / 'mor.toml'}:6; remove one, or make them the same card")
    renumbered = tmp_path / "renumbered.toml"
    renumbered.write_text(SET.replace("Dusk Warden", "Dusk Sentinel").split("[[card]]\nnumber = \"MOR-902\"")[0],
                          encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        load_database([user_set / "mor.toml", renumbered])
    assert f"card number 'MOR-901' is given to two cards — 'Dusk Warden, Night Patrol' has it at {user_set / 'mor.toml'}:6" \
        in str(err.value)


def test_the_same_card_typed_twice_is_one_card(user_set: Path, tmp_path: Path):
    again = tmp_path / "again.toml"
    again.write_text(SET.replace('code = "MOR"', 'code = "TST"').replace("draw a card.", "draw  a card."), encoding="utf-8")
    db = load_database([user_set / "mor.toml", again])
    assert len(db) == 2


def test_a_quoted_card_gives_way_to_the_whole_card(user_set: Path, tmp_path: Path):
    quote = tmp_path / "faq.toml"
    quote.write_text('[set]\ncode = "MOR"\n\n[[card]]\nname = "Dusk Warden"\nversion = "Night Patrol"\n'
                     'incomplete = true\ntext = "When ~ comes into play, draw a card."\n', encoding="utf-8")
    db = load_database([quote, user_set / "mor.toml"])
    card = db.find("Dusk Warden")
    assert not card.incomplete and card.cost == 2 and card.number == "MOR-901"
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(quote.read_text(encoding="utf-8").replace("draw a card", "draw two cards"), encoding="utf-8")
    with pytest.raises(CardDataError):
        load_database([wrong, user_set / "mor.toml"])


def test_a_card_as_printed_and_the_same_card_with_its_errata_are_one_card_that_plays_the_errata(
        user_set: Path, tmp_path: Path):
    """CR 100.3: a user who types the printed text of a card a built-in file (or another file) gives
    with its errata gets one card, which plays by the errata, whichever file comes first."""
    errata = tmp_path / "errata.toml"
    errata.write_text('[set]\ncode = "MOR"\n\n[[card]]\nname = "Dusk Warden"\nversion = "Night Patrol"\n'
                      'incomplete = true\ntext = "When ~ comes into play, draw a card."\n'
                      'errata = "When ~ comes into play, draw two cards."\n', encoding="utf-8")
    for files in ([errata, user_set / "mor.toml"], [user_set / "mor.toml", errata]):
        card = load_database(files).find("Dusk Warden")
        assert (card.text, card.printed) == ("When ~ comes into play, draw two cards.",
                                             "When ~ comes into play, draw a card.")
        assert not card.incomplete and card.number == "MOR-901"
    other = tmp_path / "other.toml"  # an errata of a different printed text: a different card
    other.write_text(errata.read_text(encoding="utf-8").replace("draw a card", "gain 1 endurance"), encoding="utf-8")
    with pytest.raises(CardDataError):
        load_database([other, user_set / "mor.toml"])


def test_a_database_built_in_code_takes_a_scenarios_files_as_shadows(user_set: Path, tmp_path: Path):
    db = CardDB(default_database().cards)  # no files: built by a program, not loaded
    path = _scenario(tmp_path, "s.toml", f'cards = ["{(user_set / "mor.toml").as_posix()}"]')
    assert run_scenario(load_scenario(path, db)).passed


# -- the command line --------------------------------------------------------------------------

runner = CliRunner()


def _run(*args: str, env: dict[str, str] | None = None):
    return runner.invoke(app, [*args, "--no-cache"] if args[0] == "resolve" else list(args), env=env or {})


def test_every_command_that_reads_cards_takes_cards(user_set: Path, tmp_path: Path):
    path = _scenario(tmp_path, "s.toml")
    for args in (["resolve", str(path)], ["explain", str(path)], ["show", str(path)], ["moves", str(path)],
                 ["perft", str(path), "--depth", "1"], ["cards", "show", "MOR-901"], ["cards", "list", "--set", "MOR"],
                 ["cards", "check"]):
        without = _run(*args)
        assert without.exit_code != 0 or "MOR-901" not in without.output, args
        given = _run(*args, "--cards", str(user_set))
        assert given.exit_code == 0, (args, given.output)
        through_env = _run(*args, env={"VSORACLE_CARDS": str(user_set / "mor.toml")})
        assert through_env.exit_code == 0, (args, through_env.output)
        assert given.output == through_env.output, args


def test_cards_check_checks_the_users_files(user_set: Path):
    result = _run("cards", "check", "--cards", str(user_set))
    builtin = _run("cards", "check")
    assert result.exit_code == 0 and builtin.exit_code == 0
    total = int(builtin.output.strip().splitlines()[-1].split()[0])
    assert result.output.strip().splitlines()[-1].startswith(f"{total + 2} cards: {total + 2} run")


def test_a_missing_cards_path_is_one_line(tmp_path: Path):
    result = _run("cards", "list", "--cards", str(tmp_path / "nope"))
    assert result.exit_code == 2
    assert result.output.strip().endswith("check the path; a card file is TOML with [set] and [[card]] tables")
    assert "Traceback" not in result.output


def test_the_answer_cache_knows_the_card_files(user_set: Path, tmp_path: Path, monkeypatch):
    """Editing a card file the scenario names changes the answer, even when it comes from the cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("VSORACLE_NO_CACHE", raising=False)
    path = _scenario(tmp_path, "s.toml", 'cards = ["my-cards"]')
    first = runner.invoke(app, ["resolve", str(path)])
    assert first.exit_code == 0, first.output
    (user_set / "mor.toml").write_text(SET.replace("draw a card", "draw 0 cards"), encoding="utf-8")
    second = runner.invoke(app, ["resolve", str(path)])
    assert second.exit_code == 1, second.output


def test_the_cache_key_refuses_a_file_that_would_cost_the_toml_reader_more_before_reading_it():
    """The answer cache reads a scenario's ``cards`` list before the loader does: what the loader's
    precheck refuses (keys of thousands of parts, issue 24 case 13) is refused there too, in linear
    time, never handed to the TOML reader (which took 3 GB on it)."""
    import time
    import tracemalloc

    from vsoracle.cli.cache import card_files_part

    content = "".join(f"k{k}" + ".b" * 24_000 + " = 1\n" for k in range(20)).encode()
    tracemalloc.start()
    began = time.process_time()
    try:
        assert card_files_part(content, "deep.toml", ()) is None  # not told: the answer is worked out
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 2**20 and time.process_time() - began < 10
