"""``vsoracle engine`` driven as another program drives it: a subprocess, one JSON request a line
(docs/protocol.md). Every command and every error, each message valid against its definition in
docs/json/protocol/protocol.schema.json; the session keeps its position (the scenario file can go
away after load); the sample client in examples/ plays scenarios to their end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FOUR = EXAMPLES / "four-yes-or-no.toml"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "VSORACLE_NO_CACHE": "1"}


@lru_cache(maxsize=None)
def _validator(definition: str) -> Draft202012Validator:
    folders = (ROOT / "docs" / "json", ROOT / "docs" / "json" / "protocol")
    registry = Registry().with_resources((p.name, Resource.from_contents(json.loads(p.read_text(encoding="utf-8"))))
                                         for folder in folders for p in folder.glob("*.schema.json"))
    schema = json.loads((ROOT / "docs/json/protocol/protocol.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator({"$ref": f"protocol.schema.json#/$defs/{definition}"}, registry=registry)


def valid(message: Any, definition: str) -> Any:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in _validator(definition).iter_errors(message)]
    assert errors == [], (definition, message)
    return message


class Session:
    """One ``vsoracle engine`` process; ``ask`` sends a request and reads its response."""

    def __init__(self, cwd: Path = ROOT) -> None:
        self.p = subprocess.Popen([sys.executable, "-m", "vsoracle", "engine"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                  env=ENV, cwd=cwd)

    def send(self, line: str) -> dict[str, Any]:
        assert self.p.stdin is not None and self.p.stdout is not None
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = self.p.stdout.readline()
        assert out.endswith("\n") and "\n" not in out[:-1]  # one response, one line
        response: dict[str, Any] = json.loads(out)
        assert "ok" in response
        return response

    def ask(self, request: dict[str, Any], answer: str) -> dict[str, Any]:
        """Send a request (checked against its definition) and check the response against ``answer``'s."""
        valid(request, "request")
        return valid(self.send(json.dumps(request)), answer)

    def refused(self, line: str | dict[str, Any], said: str) -> dict[str, Any]:
        response = self.send(line if isinstance(line, str) else json.dumps(line))
        valid(response, "error-response")
        assert response["ok"] is False and said in response["error"]["message"], response
        return response

    def close(self) -> tuple[int, str]:
        rest, err = self.p.communicate(timeout=60)
        assert rest == ""
        return self.p.returncode, err


@pytest.fixture
def engine():
    session = Session()
    yield session
    if session.p.poll() is None:
        session.p.kill()
        session.p.wait()


def test_every_command(engine, tmp_path):
    text = FOUR.read_text(encoding="utf-8")
    # load the start (steps false): A has priority, nothing waits
    start = engine.ask({"cmd": "load", "scenario": text, "steps": False, "id": 7}, "status")
    assert start["id"] == 7 and start["priority"] == "A" and start["pending"] is None and start["over"] is False
    moves = engine.ask({"cmd": "moves"}, "moves-response")
    assert {a["kind"] for a in moves["actions"]} == {"play", "pass"}
    play = next(a for a in moves["actions"] if a["kind"] == "play")
    assert play["step"] == {"play": "p", "by": "A"} and play["toml"] == '[[step]]\nplay = "p"\nby = "A"'
    # take an element of moves' actions as it came
    taken = engine.ask({"cmd": "take", "action": play}, "change")
    assert taken["pending"] is None
    # resolving it asks four yes-or-no decisions: the position waits, its answers are the moves
    waits = engine.ask({"cmd": "take", "action": {"resolve": "top"}}, "change")
    assert waits["pending"]["prompt"] == "A may draw a card" and waits["pending"]["answers"] == [True, False]
    assert engine.ask({"cmd": "moves"}, "moves-response")["actions"] == []
    for value in (True, False, True):
        engine.ask({"cmd": "answer", "value": value}, "change")
    last = engine.ask({"cmd": "answer", "value": True}, "change")
    assert last["pending"] is None and last["priority"] == "A"
    # the position: A drew, gained 2 resource points, lost 4 endurance
    doc = engine.ask({"cmd": "position"}, "position-response")["position"]
    a = doc["position"]["players"][0]
    assert a["endurance"] == 46 and a["resource_points"] == 2 and len(a["hand"]) == 1
    # undo goes back one answer at a time; the position is the session's, not the file's
    back = engine.ask({"cmd": "undo"}, "status")
    assert back["pending"]["prompt"] == "A may lose 4 endurance"
    # the scenario: the loaded text, then a step per action, the open one with its answers so far
    scenario = engine.ask({"cmd": "scenario"}, "scenario-response")["scenario"]
    assert scenario.rstrip().endswith('[[step]]\nresolve = "top"\nchoose = [true, false, true]')
    # a position document loads a game equal to it, waiting included
    waiting = engine.ask({"cmd": "position"}, "position-response")["position"]
    assert waiting["waiting"] is not None
    engine.ask({"cmd": "load", "position": waiting}, "status")
    assert engine.ask({"cmd": "position"}, "position-response")["position"] == waiting
    # and from a path: a scenario with its steps played, or a .json position
    (tmp_path / "p.json").write_text(json.dumps(waiting), encoding="utf-8")
    assert engine.ask({"cmd": "load", "path": str(tmp_path / "p.json")}, "status")["pending"]["prompt"] == \
        "A may lose 4 endurance"
    played = engine.ask({"cmd": "load", "path": str(FOUR)}, "status")
    assert played["pending"]["prompt"] == "A may draw a card"
    assert engine.ask({"cmd": "quit", "id": "bye"}, "quit-response") == {"ok": True, "id": "bye"}
    assert engine.close() == (0, "")


def test_a_rules_date_survives_the_protocol(engine):
    """A game loaded from a scenario played by a later day's rules ([game] rules): its position
    document carries the date, and loading that document gives the same position back."""
    dated = ROOT / "tests" / "rulings" / "rules-date-direct-attack-past-hidden.scenario.toml"
    engine.ask({"cmd": "load", "scenario": dated.read_text(encoding="utf-8"), "steps": False}, "status")
    engine.ask({"cmd": "take", "action": {"attack": ["prowler"], "target": "B"}}, "change")
    doc = engine.ask({"cmd": "position"}, "position-response")["position"]
    assert doc["position"]["rules"] == "2007-09-14"
    engine.ask({"cmd": "load", "position": doc}, "status")
    assert engine.ask({"cmd": "position"}, "position-response")["position"] == doc
    # and the scenario it writes states the date
    engine.ask({"cmd": "load", "scenario": dated.read_text(encoding="utf-8"), "steps": False}, "status")
    assert '\nrules = "2007-09-14"' in engine.ask({"cmd": "scenario"}, "scenario-response")["scenario"]


def test_a_take_and_each_answer_say_what_they_did(engine):
    """take and answer respond with their log events, as ``resolve --json`` writes them: the rule
    each cites, its figures. A take that leaves a decision open logs what happened until it was
    asked, each answer what followed; in order they are the log of the action taken whole."""
    text = FOUR.read_text(encoding="utf-8")
    engine.ask({"cmd": "load", "scenario": text, "steps": False}, "status")
    play = engine.ask({"cmd": "take", "action": {"play": "p"}}, "change")["log"]
    assert [(e["kind"], e["text"], e["cite"]) for e in play] == [("play", "A plays p (Crossroads) from the hand",
                                                                  "CR 304, 505")]
    logs = [engine.ask({"cmd": "take", "action": {"resolve": "top"}}, "change")["log"]]
    assert [e["kind"] for e in logs[0]] == ["pass", "resolve"] and logs[0][1]["cite"] == "CR 508"
    for value in (True, False, True, True):
        logs.append(engine.ask({"cmd": "answer", "value": value}, "change")["log"])
    assert logs[1][0]["text"] == "A chooses true: A may draw a card" and logs[1][1]["text"] == "A draws a card"
    lose = next(e for e in logs[4] if e["kind"] == "endurance")
    assert lose["text"] == "A loses 4 endurance (p's effect): 50 → 46" and lose["cite"] == "CR 508"
    assert lose["figures"] == {"source": "p", "card": "Crossroads", "power": "effect", "amount": 4, "before": 50,
                               "after": 46}
    # the same action taken whole, its answers in its choose: the same events, in the same order
    engine.ask({"cmd": "load", "scenario": text, "steps": False}, "status")
    engine.ask({"cmd": "take", "action": {"play": "p"}}, "change")
    whole = engine.ask({"cmd": "take", "action": {"resolve": "top", "choose": [True, False, True, True]}}, "change")
    assert whole["log"] == [e for log in logs for e in log]
    # load and undo say where the game is, not what happened
    assert "log" not in engine.ask({"cmd": "undo"}, "status")


def test_the_session_keeps_its_position_when_the_file_goes(engine, tmp_path):
    copy = tmp_path / "s.toml"
    copy.write_text(FOUR.read_text(encoding="utf-8"), encoding="utf-8")
    engine.ask({"cmd": "load", "path": str(copy), "steps": False}, "status")
    copy.unlink()
    engine.ask({"cmd": "take", "action": {"play": "p", "by": "A"}}, "change")
    assert engine.ask({"cmd": "take", "action": {"resolve": "top", "choose": [False, False, False, True]}},
                      "change")["priority"] == "A"
    doc = engine.ask({"cmd": "position"}, "position-response")["position"]
    assert doc["position"]["players"][0]["endurance"] == 46


def test_every_error(engine):
    """Each error is the error document with ok false, and the session goes on."""
    text = FOUR.read_text(encoding="utf-8")
    engine.refused("{not json", "the request is not JSON")
    engine.refused("[1, 2]", "a request is a JSON object")
    engine.refused({"id": 1}, "the request has no cmd")
    engine.refused({"cmd": "fly"}, 'unknown command "fly"')
    engine.refused({"cmd": "moves", "depth": 2}, 'moves does not take "depth"')
    for cmd in ("moves", "take", "answer", "position", "scenario", "undo"):
        engine.refused({"cmd": cmd, **({"action": {"pass": True}} if cmd == "take" else {}),
                        **({"value": True} if cmd == "answer" else {})}, "no game is loaded")
    engine.refused({"cmd": "load"}, "load takes one of scenario")
    engine.refused({"cmd": "load", "scenario": text, "path": "x.toml"}, "load takes one of scenario")
    engine.refused({"cmd": "load", "scenario": 3}, "scenario is a string")
    engine.refused({"cmd": "load", "scenario": text, "steps": "no"}, "steps is true")
    engine.refused({"cmd": "load", "scenario": "[game]\nphase = 'lunch'\n"}, "unknown phase 'lunch'")
    engine.refused({"cmd": "load", "path": "no-such-file.toml"}, "no such file")
    engine.refused({"cmd": "load", "position": {"format": "chess"}}, "is not 'vsoracle-position'")
    engine.refused({"cmd": "load", "position": {"format": "vsoracle-position", "version": 1,
                                                "position": {"$value": "Rook"}, "waiting": None}}, "unknown value 'Rook'")
    e = engine.refused({"id": 9, "cmd": "undo"}, "no game is loaded")
    assert e["id"] == 9 and e["exit"] == 2
    engine.ask({"cmd": "load", "scenario": text, "steps": False}, "status")
    engine.refused({"cmd": "undo"}, "nothing to undo")
    engine.refused({"cmd": "take"}, "take needs action")
    engine.refused({"cmd": "take", "action": "pass"}, "take needs action")
    engine.refused({"cmd": "take", "action": {"play": "p", "recruit": "p"}}, "a step has one verb")
    engine.refused({"cmd": "take", "action": {"play": "p", "speed": 3}}, "play does not take 'speed'")
    engine.refused({"cmd": "take", "action": {"play": "nobody"}}, "there is no object 'nobody'")
    engine.refused({"cmd": "take", "action": {"play": "p", "by": "Z"}}, "there is no player 'Z'")
    engine.refused({"cmd": "take", "action": {"attack": ["p"], "target": "B", "by": "A"}}, "")
    engine.refused({"cmd": "moves", "player": "Z"}, 'there is no player "Z"')
    engine.refused({"cmd": "answer", "value": True}, "no decision waits")
    engine.refused({"cmd": "scenario", "x": 1}, 'scenario does not take "x"')
    engine.ask({"cmd": "take", "action": {"play": "p", "by": "A"}}, "change")
    engine.ask({"cmd": "take", "action": {"resolve": "top"}}, "change")
    engine.refused({"cmd": "answer"}, "answer needs value")
    engine.refused({"cmd": "answer", "value": "maybe"}, "is not a legal answer to: A may draw a card")
    engine.refused({"cmd": "take", "action": {"pass": True}}, "a decision waits: A may draw a card")
    # a game from a position has no scenario to write
    doc = engine.ask({"cmd": "position"}, "position-response")["position"]
    engine.ask({"cmd": "load", "position": doc}, "status")
    engine.refused({"cmd": "scenario"}, "started from a JSON position")
    # after all of that the session still answers, and the end of input ends it
    assert engine.ask({"cmd": "answer", "value": False}, "change")["pending"]["prompt"] == "A may gain 1 endurance"
    engine.p.stdin.close()
    assert engine.p.wait(timeout=60) == 0


def test_blank_lines_are_skipped_and_quit_ends_the_session(engine):
    assert engine.send("\n" + json.dumps({"cmd": "quit"})) == {"ok": True}
    assert engine.close()[0] == 0


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_the_sample_client_plays_each_example_to_its_end(example):
    done = subprocess.run([sys.executable, str(EXAMPLES / "engine_client.py"), str(example)], capture_output=True,
                          text=True, env=ENV, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("end: turn ")
