"""One JSON contract (docs/json.md): every command's ``--json`` output is a document that validates
against its schema in docs/json/ (the ``jsonschema`` package), with the version and kind fields,
every key present, the scenario format's names and typed values; errors under ``--json`` are the
error document on stdout, with nothing on stderr, and exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import vsoracle
from vsoracle.cli.output import Format
from vsoracle.cli import app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from json_schemas import DOCUMENTS, failures, schema, validator  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

ONE_OUTCOME = ROOT / "examples/might-makes-right.toml"
MANY_OUTCOMES = ROOT / "examples/four-yes-or-no.toml"
REJECTED_STEP = ROOT / "tests/rulings/backup-build-phase-only.scenario.toml"
WITH_DECISION = ROOT / "examples/ultron-when-you-recruit.toml"

EMPTY = """\
[scenario]
title = "Nothing anywhere"
[game]
phase = "build"
step = "recruit"
[players.A]
[players.B]
[check]
A.hand = 0
chain = []
"""

BAD_TEXT = """\
[scenario]
title = "A card whose text vsoracle cannot read"
[[card]]
name = "Widget"
type = "plot twist"
cost = 1
text = "Stun fish."
[players.A]
hand = ["Widget"]
[players.B]
"""

CARD_FILE = ('[set]\ncode = "TST"\nname = "Test"\n\n[[card]]\nname = "Foo"\ntype = "plot twist"\ncost = 1\n'
             'text = """\nDraw a card.\nTarget attacker gets +2 ATK thsi turn.\n"""\n\n'
             '[[card]]\nname = "Bar"\ntype = "plot twist"\ncost = 1\ntext = "Draw a card."\n\n'
             '[[card]]\nname = "Baz"\ntype = "plot twist"\ncost = 1\ntext = """\nDraw a card.\nTarget character attacks.\n"""\n')


def _run(*args: str, code: int | None = 0) -> dict:
    """``vsoracle ARGS`` (in process): its stdout as a JSON document, stderr empty, the exit code."""
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    if code is not None:
        assert result.exit_code == code, result.output
    assert result.stderr == "", result.stderr
    return json.loads(result.stdout)


def _valid(doc: dict, kind: str) -> dict:
    assert failures(doc, kind) == []
    assert doc["vsoracle"] == vsoracle.__version__
    assert doc["kind"] == kind == schema(kind)["properties"]["kind"]["const"]
    return doc


def _failing(tmp_path: Path) -> Path:
    """``ONE_OUTCOME`` with one check made false (the text of the file otherwise kept)."""
    text = ONE_OUTCOME.read_text(encoding="utf-8")
    check = text.index("\n[check]")
    file = tmp_path / "fails.toml"
    file.write_text(text[:check] + "\n[check]\nA.endurance = 999\n", encoding="utf-8")
    return file


# ----------------------------------------------------------------------------- the schemas
@pytest.mark.parametrize("kind", DOCUMENTS)
def test_schema_is_valid_and_strict_both_ways(kind):
    """Each document's schema is a valid draft 2020-12 schema, and every object in it has every
    property required and no other allowed (the AST node and a move's step table aside)."""
    validator(kind)
    open_shapes = {"node", "step"}

    def walk(node, name=""):
        if isinstance(node, dict):
            if "properties" in node and name not in open_shapes:
                assert set(node.get("required", ())) == set(node["properties"]), name
                assert node.get("additionalProperties") is False, name
            for key, sub in node.items():
                if key in ("properties", "$defs"):
                    for child, value in sub.items():
                        walk(value, child)
                else:
                    walk(sub, name)
        elif isinstance(node, list):
            for item in node:
                walk(item, name)

    walk(schema(kind))
    walk(schema("defs"))


def test_the_schemas_are_in_step_with_the_code():
    """An object's keys are the check properties, a player's the position's piles, a card's the card
    file's keys; the phases and the kinds of moves are the engine's."""
    from vsoracle.cards.load import CARD_KEYS
    from vsoracle.cli.jsondoc import OBJECT_KEYS, PLAYER_KEYS
    from vsoracle.engine.moves import KINDS
    from vsoracle.engine.state import PHASES, Zone
    from vsoracle.scenario.load import OBJECT_PROPERTIES, PLAYER_KEYS as POSITION_KEYS

    defs = schema("defs")["$defs"]
    assert set(OBJECT_KEYS) == set(OBJECT_PROPERTIES)
    assert list(defs["object"]["properties"]) == ["card", "number", *OBJECT_KEYS]
    assert defs["object"]["properties"]["zone"]["enum"] == [z.value for z in Zone]
    assert list(defs["player"]["properties"]) == list(PLAYER_KEYS)
    assert set(PLAYER_KEYS) - {"lost", "won"} <= set(POSITION_KEYS)
    assert set(defs["card"]["properties"]) == set(CARD_KEYS) | {"title", "set"}
    assert defs["state"]["properties"]["phase"]["enum"] == list(PHASES)
    assert list(schema("moves")["$defs"]["outcome"]["properties"]["counts"]["properties"]) == list(KINDS)


@pytest.mark.parametrize("kind", [*DOCUMENTS, "defs"])
def test_every_property_is_described(kind):
    def walk(node, where):
        if isinstance(node, dict):
            for key in ("properties", "$defs"):
                for name, sub in node.get(key, {}).items():
                    assert isinstance(sub, dict) and sub.get("description"), f"{where}/{key}/{name}"
            for key, sub in node.items():
                walk(sub, f"{where}/{key}")
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, f"{where}/{i}")

    walk(schema(kind), "#")


def test_every_command_with_json_has_a_schema():
    assert set(DOCUMENTS) == {"resolve", "explain", "cards", "card", "check", "parse", "cache", "moves", "perft", "selfplay",
                              "rulings", "error"}


# ----------------------------------------------------------------------------- resolve and explain
def test_resolve_one_outcome():
    doc = _valid(_run("resolve", str(ONE_OUTCOME), "--json", "--no-cache"), "resolve")
    assert len(doc["outcomes"]) == 1 and doc["passed"] is True
    (out,) = doc["outcomes"]
    assert out["choices"] == [] and out["outcome"] == 1
    assert doc["ruling"].startswith(doc["scenario"]["title"])


def test_resolve_many_outcomes_has_typed_answers():
    doc = _valid(_run("resolve", str(MANY_OUTCOMES), "--json", "--no-cache"), "resolve")
    assert len(doc["outcomes"]) == 16
    answers = {c["answer"] for out in doc["outcomes"] for c in out["choices"]}
    assert answers == {True, False}                          # booleans, not "true"
    assert [out["outcome"] for out in doc["outcomes"]] == list(range(1, 17))
    found = next(c["found"] for c in doc["checks"] if c["check"].startswith("A.endurance"))
    assert all(isinstance(v, int) and not isinstance(v, bool) for v in found)
    some = next(c for c in doc["checks"] if not c["every"])
    assert some["ok"] is True and some["failing"]            # [check_some]: it fails somewhere


def test_resolve_a_failed_check(tmp_path):
    doc = _valid(_run("resolve", str(_failing(tmp_path)), "--json", "--no-cache", code=1), "resolve")
    assert doc["passed"] is False
    (bad,) = [c for c in doc["checks"] if not c["ok"]]
    assert bad["check"] == "A.endurance = 999" and bad["line"] is not None
    assert bad["found"] != [999]


def test_resolve_a_rejected_step():
    doc = _valid(_run("resolve", str(REJECTED_STEP), "--json", "--no-cache"), "resolve")
    legality = [c for c in doc["checks"] if "rejected by the rules" in c["check"]]
    assert legality and all(c["ok"] and c["step"] for c in legality)
    assert any(e["kind"] == "rejected" for e in doc["outcomes"][0]["log"])


def test_empty_hand_deck_and_chain_are_empty_lists_and_every_key_is_there(tmp_path):
    file = tmp_path / "empty.toml"
    file.write_text(EMPTY, encoding="utf-8")
    doc = _valid(_run("resolve", str(file), "--json", "--no-cache"), "resolve")
    state = doc["outcomes"][0]["state"]
    assert state["chain"] == [] and state["objects"] == {}
    for player in state["players"].values():
        assert player["hand"] == player["deck"] == player["ko_pile"] == []
    assert doc["scenario"]["faq"] is None and doc["assumptions"] == []


def test_the_position_uses_the_scenario_formats_names():
    doc = _valid(_run("resolve", str(ONE_OUTCOME), "--json", "--no-cache"), "resolve")
    in_play = [o for o in doc["outcomes"][0]["state"]["objects"].values() if o["zone"] == "in_play"]
    assert in_play
    for o in in_play:
        assert set(o["counters"]) == {"atk", "def"} and "defense" not in o
        assert o["state"] in ("ready", "exhausted", "stunned") and isinstance(o["def"], int)


def test_explain(tmp_path):
    doc = _valid(_run("explain", str(MANY_OUTCOMES), "--json"), "explain")
    assert doc["outcomes"] == 16 and doc["state"] is not None
    assert all(e["kind"] not in ("pass", "phase", "start") for e in doc["events"])
    assert doc["consulted"] and all(c["text"] for c in doc["consulted"])
    failed = _valid(_run("explain", str(_failing(tmp_path)), "--json", code=1), "explain")
    assert failed["passed"] is False and " — no: " in failed["ruling"]


# ----------------------------------------------------------------------------- moves and perft
@pytest.mark.parametrize("file", [ONE_OUTCOME, MANY_OUTCOMES, WITH_DECISION])
def test_moves_and_resolve_show_the_same_position(file):
    """The position after the steps is one shape: resolve's final state and moves' state agree."""
    moves = _valid(_run("moves", str(file), "--json"), "moves")
    resolved = _valid(_run("resolve", str(file), "--json", "--no-cache", code=None), "resolve")
    if all(out["pending"] is None for out in moves["outcomes"]):
        assert [out["state"] for out in moves["outcomes"]] == [out["state"] for out in resolved["outcomes"]]
        assert [out["choices"] for out in moves["outcomes"]] == [out["choices"] for out in resolved["outcomes"]]
    else:
        assert all(set(out["state"]) == set(resolved["outcomes"][0]["state"]) for out in moves["outcomes"])


def test_perft():
    doc = _valid(_run("perft", str(WITH_DECISION), "--depth", "1", "--split", "--json"), "perft")
    assert doc["split"] and sum(row["sequences"] for row in doc["split"]) == doc["sequences"]


# ----------------------------------------------------------------------------- cards, parse, cache
def test_cards_list_and_an_empty_selection():
    doc = _valid(_run("cards", "list", "--json"), "cards")
    assert doc["count"] == len(doc["cards"]) > 40
    assert all(isinstance(c["ongoing"], bool) and "defense" not in c for c in doc["cards"])
    none = _valid(_run("cards", "list", "--json", "--set", "MAV", "--type", "location"), "cards")
    assert none["type"] == "location" and none["count"] == len(none["cards"])


def test_cards_show():
    doc = _valid(_run("cards", "show", "Windstorm", "--json"), "card")
    assert doc["card"]["identity"] is None and doc["card"]["type"] == "plot twist"
    assert doc["reads"] == "runs" and doc["reading"] and doc["text_error"] is None


def test_cards_check_every_state(tmp_path):
    file = tmp_path / "cards.toml"
    file.write_text(CARD_FILE, encoding="utf-8")
    doc = _valid(_run("cards", "check", str(file), "--json", code=1), "check")
    assert (doc["cards"], doc["runs"], doc["parses_only"], doc["fails"]) == (3, 1, 1, 1)
    fails, parses = doc["not_running"]
    assert (fails["title"], fails["reads"], fails["line"]) == ("Foo", "fails", 11)
    assert fails["problems"][0]["column"] == 29 and "did you mean 'this'" in fails["problems"][0]["hint"]
    assert (parses["title"], parses["reads"], parses["line"]) == ("Baz", "parses only", 26)
    assert _valid(_run("cards", "check", "--json"), "check")["not_running"] == []


def test_parse():
    doc = _valid(_run("parse", "Draw two cards.", "--json"), "parse")
    assert doc["ast"]["node"] == "CardText" and doc["name"] is None and doc["reading"]


def test_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("VSORACLE_NO_CACHE", raising=False)
    _run("resolve", str(ONE_OUTCOME), "--json")                 # answers something, so a cache exists
    doc = _valid(_run("cache", "--json"), "cache")
    assert doc["status"] == "on" and doc["folder"] == str(tmp_path / "vsoracle") and doc["cleared"] is None
    assert any(c["kind"] == "answers" and c["files"] >= 1 for c in doc["caches"])
    cleared = _valid(_run("cache", "--clear", "--json"), "cache")
    assert cleared["status"] == "cleared" and cleared["cleared"]["files"] >= 1
    monkeypatch.setenv("VSORACLE_NO_CACHE", "1")
    assert _valid(_run("cache", "--json"), "cache")["status"] == "off"


def test_a_cached_answer_in_an_older_shape_is_never_served(tmp_path, monkeypatch):
    """The answer cache's key has the JSON format's version: a new shape is a miss, not the old text."""
    from vsoracle.cli import jsondoc
    from vsoracle.cli.answer import answer

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("VSORACLE_NO_CACHE", raising=False)
    first, _ = answer(ONE_OUTCOME, fmt=Format.JSON)
    answers = tmp_path / "vsoracle" / "answers"
    stored = sorted(answers.iterdir())
    assert len(stored) == 1 and answer(ONE_OUTCOME, fmt=Format.JSON)[0] == first   # a hit: nothing new stored
    assert sorted(answers.iterdir()) == stored
    monkeypatch.setattr(jsondoc, "FORMAT", "old")
    answer(ONE_OUTCOME, fmt=Format.JSON)
    assert len(list(answers.iterdir())) == 2                  # another key: worked out and stored anew


# ----------------------------------------------------------------------------- errors
def _error(args) -> dict:
    doc = _valid(_run(*args, code=2), "error")
    assert doc["exit"] == 2 and doc["error"]["message"]
    return doc["error"]


def test_missing_file_is_an_error_document():
    for command in (["resolve"], ["explain"], ["moves"], ["perft", "--depth", "1"], ["cards", "check"]):
        error = _error([*command, "no-such-file.toml", "--json"])
        assert error["file"] == "no-such-file.toml" and error["line"] is None and error["hint"]


def test_toml_syntax_error_is_an_error_document(tmp_path):
    file = tmp_path / "broken.toml"
    file.write_text('[scenario]\ntitle = "unterminated\n', encoding="utf-8")
    error = _error(["resolve", str(file), "--json", "--no-cache"])
    assert error["file"] == str(file) and error["line"] == 2
    assert error["text"].startswith(f"{file}:2: ")


def test_card_text_errors_are_error_documents(tmp_path):
    error = _error(["parse", "Stun fish.", "--json"])
    assert (error["line"], error["column"]) == (1, 6) and "fish" in error["message"]
    file = tmp_path / "bad-text.toml"
    file.write_text(BAD_TEXT, encoding="utf-8")
    error = _error(["resolve", str(file), "--json", "--no-cache"])
    assert error["file"] == str(file) and error["line"] is not None


def test_usage_errors_vsoracle_catches_are_error_documents():
    assert "--type" in _error(["cards", "list", "--type", "spell", "--json"])["message"]
    assert "--set" in _error(["cards", "list", "--set", "NOPE", "--json"])["message"]
    assert _error(["cards", "show", "No Such Card", "--json"])["hint"]
    assert _error(["resolve", str(ONE_OUTCOME), "--board", "--json"])["hint"] == "use one of them"


def test_a_command_line_typer_cannot_read_is_an_error_document_under_json(tmp_path):
    """An unknown option, a missing argument or a bad value under --json: the error document on
    stdout (nothing on stderr), exit 2 — and without --json the one line on stderr."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "VSORACLE_NO_CACHE": "1"}
    for args, said in ((["resolve", "--json", "--bogus", str(ONE_OUTCOME)], "no such option --bogus"),
                       (["moves", "--json"], "missing FILE"),
                       (["perft", str(ONE_OUTCOME), "--depth", "two", "--json"], "invalid value for --depth")):
        done = subprocess.run([sys.executable, "-m", "vsoracle", *args], capture_output=True, text=True, env=env,
                              cwd=tmp_path)
        assert done.returncode == 2 and done.stderr == "", args
        doc = json.loads(done.stdout)
        assert failures(doc, "error") == [] and doc["error"]["message"].startswith(said), doc
    done = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", "--bogus"], capture_output=True, text=True,
                          env=env, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.startswith("vsoracle resolve: no such option")


def test_without_json_errors_stay_one_line_on_stderr(tmp_path):
    result = runner.invoke(app, ["resolve", "no-such-file.toml"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "no-such-file.toml: no such file — check the path\n"


def test_the_fast_path_prints_the_error_document_too(tmp_path):
    """``vsoracle resolve FILE --json`` is answered without typer: its errors follow the contract as well."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "VSORACLE_NO_CACHE": "1"}
    done = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", "no-such-file.toml", "--json"],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr == ""
    assert failures(json.loads(done.stdout), "error") == []
    done = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", str(ONE_OUTCOME), "--json"],
                          capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert failures(json.loads(done.stdout), "resolve") == []


# ----------------------------------------------------------------------------- selfplay
DECKS = [str(ROOT / "examples/decks/avengers-and-friends.toml"), str(ROOT / "examples/decks/squadron-and-masters.toml")]


def test_selfplay(tmp_path):
    doc = _valid(_run("selfplay", *DECKS, "--games", "2", "--seed", "3", "--max-turns", "1", "--errors",
                      str(tmp_path), "--json"), "selfplay")
    assert (doc["games"], doc["draws"], doc["capped"], doc["errors"]) == (2, 2, 2, [])
    assert [r["game"] for r in doc["results"]] == [0, 1] and doc["turns"] == 2
    assert doc["transitions"] == sum(r["transitions"] for r in doc["results"]) > 0


def test_selfplay_bad_deck(tmp_path):
    deck = tmp_path / "short.toml"
    deck.write_text('[cards]\n"MAV-020" = 4\n', encoding="utf-8")
    doc = _valid(_run("selfplay", str(deck), DECKS[1], "--json", code=2), "error")
    assert "at least 60 cards, this one 4 (CR 101.1)" in doc["error"]["message"] and doc["error"]["line"] == 1
