"""``vsoracle moves FILE [--json] [--for PLAYER]``: the legal actions after a scenario's steps, each
as the ``[[step]]`` that takes it; the JSON document matches docs/json/moves.schema.json."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vsoracle.cli import app

sys.path.insert(0, str(Path(__file__).resolve().parent))
from json_schemas import failures, validator  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FILES = ["examples/ultron-when-you-recruit.toml", "examples/uniqueness-names.toml",
         "tests/faq/gm4-may-respond.scenario.toml", "tests/faq/melissa-gold-can-reinforce.scenario.toml",
         "tests/faq/gm8-advance-recon.scenario.toml", "examples/four-yes-or-no.toml"]
runner = CliRunner()


def moves(*args: str):
    return runner.invoke(app, ["moves", *args])


def test_the_schema_is_a_valid_schema():
    validator("moves")


@pytest.mark.parametrize("file", FILES)
@pytest.mark.parametrize("player", [None, "B"])
def test_json_matches_the_schema(file, player):
    result = moves(str(ROOT / file), "--json", *(["--for", player] if player else []))
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert failures(doc, "moves") == []
    assert doc["vsoracle"] and doc["outcomes"]
    for out in doc["outcomes"]:
        assert sum(out["counts"].values()) == len(out["actions"])
        assert all(a["player"] == out["player"] for a in out["actions"])


def test_every_step_printed_can_be_pasted_into_the_file_and_played(tmp_path):
    file = ROOT / "examples/ultron-when-you-recruit.toml"
    doc = json.loads(moves(str(file), "--json").output)
    (out,) = doc["outcomes"]
    assert out["actions"]
    text = file.read_text(encoding="utf-8")
    checks = text.index("\n[check]")
    for action in out["actions"]:
        pasted = tmp_path / "pasted.toml"
        pasted.write_text(text[:checks] + "\n" + action["toml"] + "\nallowed = true\n", encoding="utf-8")
        result = runner.invoke(app, ["resolve", str(pasted), "--no-cache", "--quiet"])
        assert result.exit_code == 0, (action["toml"], result.output)


def test_text_groups_the_actions_by_kind_as_toml():
    result = moves(str(ROOT / "examples/ultron-when-you-recruit.toml"))
    assert result.exit_code == 0
    assert "# A has priority" in result.output
    assert "# pass: 1\n[[step]]\npass = true\nby = \"A\"" in result.output


@pytest.mark.parametrize("args, message", [
    (["no-such-file.toml"], "no-such-file.toml: no such file"),
    ([str(ROOT / "examples/ultron-when-you-recruit.toml"), "--for", "Q"], "--for Q: there is no such player — players: A, B"),
])
def test_errors_are_one_line_and_exit_2(args, message):
    result = moves(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_perft_prints_the_counts_and_splits_them_by_first_action():
    result = runner.invoke(app, ["perft", str(ROOT / "examples/ultron-when-you-recruit.toml"), "--depth", "2",
                                 "--split"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1] == "depth 2: 51 sequences, 33 positions"
    assert sum(int(line.split()[0]) for line in lines[:-1]) == 51
    doc = json.loads(runner.invoke(app, ["perft", str(ROOT / "examples/ultron-when-you-recruit.toml"), "--depth", "1",
                                         "--json"]).output)
    assert (doc["sequences"], doc["positions"], doc["split"]) == (8, 8, [])


def test_a_decision_the_last_step_leaves_open_waits_with_its_answers(tmp_path):
    file = ROOT / "examples/four-yes-or-no.toml"
    doc = json.loads(moves(str(file), "--json").output)
    (out,) = doc["outcomes"]
    assert out["actions"] == [] and sum(out["counts"].values()) == 0
    pending = out["pending"]
    assert (pending["step"], pending["player"], pending["kind"]) == (2, "A", "may")
    assert [a["choose"] for a in pending["answers"]] == ["choose = [true]", "choose = [false]"]
    text = moves(str(file)).output
    assert "# A decides (may): A may draw a card" in text and "choose = [false]" in text
    # Pasting an answer into the step: the next decision waits, with the first answer given.
    source = file.read_text(encoding="utf-8")
    answered = source.replace('resolve = "top" ', 'resolve = "top"\nchoose = [false]\n#', 1)
    (tmp_path / "answered.toml").write_text(answered, encoding="utf-8")
    (out,) = json.loads(moves(str(tmp_path / "answered.toml"), "--json").output)["outcomes"]
    assert out["pending"]["prompt"] == "A may gain 1 endurance"
    assert out["pending"]["answers"][0]["choose"] == "choose = [false, true]"


def test_a_last_step_that_asks_nothing_open_lists_the_actions():
    (out,) = json.loads(moves(str(ROOT / "examples/ultron-when-you-recruit.toml"), "--json").output)["outcomes"]
    assert out["pending"] is None and out["pending_note"].startswith("no decision waits") and out["actions"]
