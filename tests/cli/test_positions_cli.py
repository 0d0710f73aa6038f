"""Positions on the command line (issue 26, 1): ``show FILE --step N --export scenario|json``, and
``--position FILE.json`` wherever a scenario file is read (resolve, explain, show, moves, perft; play: tests/cli/test_play.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import vsoracle
from vsoracle.cli.application import app

ROOT = Path(__file__).resolve().parents[2]
FOUR = ROOT / "examples" / "four-yes-or-no.toml"
WALLS = ROOT / "examples" / "walk-through-walls-recovery.toml"
runner = CliRunner()


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("step", [0, 1, 2])
def test_export_json_then_read_back_is_the_position_after_that_step(step, tmp_path):
    code, out, _ = _run("show", str(FOUR), "--step", str(step), "--export", "json")
    assert code == 0
    assert vsoracle.from_json(out).position == vsoracle.load(FOUR, steps=step).position
    # and every command reads it
    file = tmp_path / "p.json"
    file.write_text(out, encoding="utf-8")
    assert _run("moves", "--position", str(file))[0] == 0
    assert _run("perft", "--position", str(file), "--depth", "1")[0] == 0
    assert _run("show", "--position", str(file))[0] == 0
    assert _run("explain", "--position", str(file))[0] == 0
    assert _run("resolve", "--position", str(file), "-q")[0] == 0
    # as a FILE too, and --json documents stay in their schema's shape
    doc = json.loads(_run("moves", str(file), "--json")[1])
    assert doc["kind"] == "moves" and doc["file"] == str(file)


def test_a_waiting_position_reads_as_its_action_so_far(tmp_path):
    """After step 2 the position waits for "A may draw a card": moves lists its answers, perft counts them."""
    code, out, _ = _run("show", str(FOUR), "--export", "json")
    file = tmp_path / "waiting.json"
    file.write_text(out, encoding="utf-8")
    moves = json.loads(_run("moves", "--position", str(file), "--json")[1])
    assert moves["outcomes"][0]["pending"]["prompt"] == "A may draw a card"
    perft = json.loads(_run("perft", "--position", str(file), "--depth", "4", "--json")[1])
    from_file = json.loads(_run("perft", str(FOUR), "--depth", "4", "--json")[1])
    assert perft["sequences"] == from_file["sequences"] == 16 and perft["positions"] == from_file["positions"]
    resolved = json.loads(_run("resolve", "--position", str(file), "--json", "--no-cache")[1])
    assert len(resolved["outcomes"]) == 16  # every answer explored, as the scenario's own run


def test_export_scenario_is_the_file_as_far_as_step_n_and_resolve_accepts_it(tmp_path):
    code, out, _ = _run("show", str(FOUR), "--step", "1", "--export", "scenario")
    assert code == 0 and "# [check]" in out and '# resolve = "top"' in out
    file = tmp_path / "s.toml"
    file.write_text(out, encoding="utf-8")
    assert _run("resolve", str(file), "--no-cache", "-q")[0] == 0
    assert vsoracle.load(file).position == vsoracle.load(FOUR, steps=1).position


def test_what_the_options_refuse(tmp_path):
    file = tmp_path / "p.json"
    file.write_text(_run("show", str(FOUR), "--export", "json")[1], encoding="utf-8")
    code, out, err = _run("moves", str(FOUR), "--position", str(file))
    assert code == 2 and err == f"{file}: a scenario file and --position were both given — give one of them\n"
    code, out, err = _run("perft", "--position", str(FOUR), "--depth", "1")
    assert code == 2 and "--position reads a position file (.json)" in err
    code, out, err = _run("moves", "--position", str(file), "--json")
    assert code == 0
    code, out, err = _run("moves", "--position", str(FOUR), "--json")
    assert code == 2 and json.loads(out)["error"]["message"] == "--position reads a position file (.json)"
    code, out, err = _run("show", str(FOUR), "--export", "yaml")
    assert code == 2 and "--export yaml: no such format — use --export scenario or --export json" in err
    code, out, err = _run("show", "--position", str(file), "--export", "scenario")
    assert code == 2 and "started from a JSON position" in err
    code, out, err = _run("show", str(WALLS), "--export", "json")
    assert code == 2 and "lead to 4 positions, and a game holds one" in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "chess"}', encoding="utf-8")
    code, out, err = _run("resolve", "--position", str(bad))
    assert code == 2 and err.startswith(f"{bad}: position: format 'chess'")
    for command in (["moves"], ["perft", "--depth", "1"], ["show"], ["explain"]):
        code, out, err = _run(*command)
        assert code == 2 and "missing FILE" in err, command


def test_play_reads_a_position_file_as_the_other_commands_do(tmp_path):
    """``play FILE.json`` and ``play --position FILE.json`` start from the position (a session is
    played in tests/cli/test_play.py); both at once, or a scenario as --position, is refused."""
    file = tmp_path / "p.json"
    file.write_text(_run("show", str(FOUR), "--export", "json")[1], encoding="utf-8")
    for args in ([str(file)], ["--position", str(file)]):
        code, out, err = _run("play", *args)  # no input: the session shows the decision, then ends
        assert code == 0 and "A decides (may): A may draw a card" in out and "nothing played: nothing saved" in out
    code, out, err = _run("play", str(FOUR), "--position", str(file))
    assert code == 2 and "a scenario file and --position were both given" in err
    code, out, err = _run("play", "--position", str(FOUR))
    assert code == 2 and "--position reads a position file (.json)" in err
    code, out, err = _run("play")
    assert code == 2 and "missing FILE" in err


def test_export_carries_the_rules_date(tmp_path):
    """A scenario played by a later day's rules ([game] rules) exports them: as JSON, read back
    equal; as a scenario, with its [game] rules, loaded back equal."""
    dated = ROOT / "tests" / "rulings" / "rules-date-direct-attack-past-hidden.scenario.toml"
    code, out, _ = _run("show", str(dated), "--step", "1", "--export", "json")
    assert code == 0 and json.loads(out)["position"]["rules"] == "2007-09-14"
    assert vsoracle.from_json(out).position == vsoracle.load(dated, steps=1).position
    code, out, _ = _run("show", str(dated), "--step", "1", "--export", "scenario")
    assert code == 0 and '\nrules = "2007-09-14"\n' in out
    file = tmp_path / "s.toml"
    file.write_text(out, encoding="utf-8")
    assert vsoracle.load(file).position == vsoracle.load(dated, steps=1).position


def test_resolve_and_explain_say_a_rules_date_and_only_one():
    dated = ROOT / "tests" / "rulings" / "rules-date-direct-attack-past-hidden.scenario.toml"
    undated = ROOT / "tests" / "rulings" / "rules-date-direct-attack-blocked-by-hidden.scenario.toml"
    said = "Rules: those in force on 2007-09-14, not the Avengers FAQ's"
    for command in (("resolve", "--no-cache"), ("explain",)):
        code, out, _ = _run(*command, str(dated))
        assert code == 0 and said in out
        code, out, _ = _run(*command, str(undated))
        assert code == 0 and "Rules: " not in out
