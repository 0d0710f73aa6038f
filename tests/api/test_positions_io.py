"""Positions in and out (issue 26, 1): every position the scenarios reach, written as JSON and read
back, is equal (``==``) — waiting ones included; written as a scenario, loaded and its steps played,
equal again; hypothesis walks games from the examples and checks both at every position it meets.
A malformed document is refused with what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import HealthCheck, given, settings, strategies as st

import vsoracle
from vsoracle.cards import database
from vsoracle.engine import moves
from vsoracle.engine.positions import dumps, loads, position_to_json
from vsoracle.errors import PositionError, VsOracleError
from vsoracle.scenario.load import load_scenario, parse_scenario
from vsoracle.scenario.run import run_scenario

from tests.api.schemas import valid_position

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted(p for folder in ("tests", "examples") for p in (ROOT / folder).rglob("*.toml")
                   if p.name.endswith(".scenario.toml") or folder == "examples")


def test_every_position_the_scenarios_reach_reads_back_equal():
    """Each scenario's start and each outcome of its steps, through JSON text and back: equal, and
    the document valid against docs/json/protocol/position.schema.json."""
    db = database(())
    seen = kinds = 0
    for path in SCENARIOS:
        try:
            sc = load_scenario(path, db)
            result = run_scenario(sc)
        except VsOracleError:
            continue  # a file that is meant to be refused
        for state in (sc.state, *(o.state for o in result.outcomes)):
            assert loads(dumps(state)) == state, path
            seen += 1
            kinds |= (bool(state.chain) << 0) | (bool(state.modifiers) << 1) | (bool(state.delayed) << 2) \
                | (bool(state.turn_log) << 3) | (state.attack is not None) << 4
    assert seen > 1000 and kinds == 0b11111  # chains, modifiers, delayed triggers, turn memory, attacks all met
    valid_position(position_to_json(sc.state))


def test_a_waiting_position_reads_back_equal_and_asks_the_same():
    game = vsoracle.load(ROOT / "examples/four-yes-or-no.toml")
    waiting = game.position
    assert isinstance(waiting, moves.Waiting)
    doc = valid_position(json.loads(json.dumps(game.to_json())))
    assert doc["waiting"]["question"]["prompt"] == "A may draw a card"
    back = vsoracle.position_from_json(doc)
    assert back == waiting and back.question == waiting.question and back.now == waiting.now


def _walk(path: Path, picks: list[int]) -> vsoracle.Game:
    game = vsoracle.load(path, steps=False)
    for pick in picks:
        q = game.pending()
        if q is not None:
            game.answer(q.answers[pick % len(q.answers)])
            continue
        # the actions without their answers: a chosen action that asks decisions waits for them
        found = game.legal_actions()
        if not found:
            break
        action = found[pick % len(found)]
        game.take(evolve(action, choose=action.choose[: pick % (len(action.choose) + 1)]))
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(example=st.sampled_from(sorted((ROOT / "examples").glob("*.toml"))),
       picks=st.lists(st.integers(0, 50), max_size=6))
def test_every_position_of_a_game_round_trips(example, picks):
    """For all games played from an example (actions and answers picked at random): the position
    through JSON is equal, and through the scenario the game writes (loaded, its steps played) too."""
    game = _walk(example, picks)
    assert vsoracle.position_from_json(json.loads(json.dumps(game.to_json()))) == game.position
    again = vsoracle.loads(game.to_scenario(), path=str(example))
    assert again.position == game.position
    # and vsoracle resolve accepts that scenario: it loads and plays
    sc = parse_scenario(game.to_scenario(), database(()), str(example))
    assert run_scenario(sc).outcomes


BAD = [
    ("not json", "not JSON"),
    ("[]", "a position document is a JSON object"),
    ('{"format": "vsoracle-position", "version": 2}', "version 2 is not"),
    ('{"format": "vsoracle-position", "version": 1, "position": null, "waiting": null, "extra": 1}', "unknown key 'extra'"),
    ('{"format": "vsoracle-position", "version": 1, "position": 3, "waiting": null}', "'position' must be a GameState"),
    ('{"format": "vsoracle-position", "version": 1, "position": {"$value": "os.system"}, "waiting": null}',
     "unknown value 'os.system'"),
    ('{"format": "vsoracle-position", "version": 1, "position": {"$node": "Nope"}, "waiting": null}', "unknown node 'Nope'"),
    ('{"format": "vsoracle-position", "version": 1, "position": {"a": 1}, "waiting": null}', "an object without a tag"),
    ('{"format": "vsoracle-position", "version": 1, "position": {"$value": "Player", "id": "A", "speed": 1}, '
     '"waiting": null}', "Player has no field 'speed'"),
    ('{"format": "vsoracle-position", "version": 1, "position": {"$value": "Player"}, "waiting": null}', "Player:"),
    ('{"format": "vsoracle-position", "version": 1, "position": {"$enum": "Zone", "value": "moon"}, "waiting": null}',
     "'moon' is not a Zone"),
    ('{"format": "vsoracle-position", "version": 1, "position": {"$map": [[1]]}, "waiting": null}', "[key, value]"),
    ('{"format": "vsoracle-position", "version": 1, "position": {"$class": "Rook"}, "waiting": null}',
     "unknown node class 'Rook'"),
]


@pytest.mark.parametrize("text, said", BAD)
def test_a_malformed_document_is_refused_saying_what_is_wrong(text, said):
    with pytest.raises(PositionError) as error:
        loads(text)
    assert said in str(error.value)


def test_a_document_that_breaks_an_invariant_or_does_not_wait_is_refused():
    start = vsoracle.load(ROOT / "examples/four-yes-or-no.toml", steps=False).position
    doc = position_to_json(start)
    broken = json.loads(json.dumps(doc))
    broken["position"]["players"][0]["hand"] = ["nobody"]
    with pytest.raises(PositionError, match="invariant"):
        vsoracle.position_from_json(broken)
    # a waiting record whose action asks nothing more does not wait
    done = json.loads(json.dumps(doc))
    done["waiting"] = {"action": {"$action": "pass", "player": "A"}, "step": {}, "question": {}}
    with pytest.raises(PositionError, match="does not wait"):
        vsoracle.position_from_json(done)
    with pytest.raises(PositionError, match="cannot be taken"):
        done["waiting"]["action"] = {"$action": "play", "player": "A", "card": "p", "targets": ["x"]}
        vsoracle.position_from_json(done)


def test_every_scenario_start_writes_as_a_setup_that_loads_back_equal():
    """A position with no history (JSON) is written as a scenario's setup when the format can state
    it: every scenario's start can, and loads back equal (setup_toml checks it before it returns)."""
    from vsoracle.scenario.setup import setup_toml

    db = database(())
    written = 0
    for path in SCENARIOS:
        try:
            sc = load_scenario(path, db)
        except VsOracleError:
            continue
        text = setup_toml(sc.state, sc.db)
        assert parse_scenario(text, sc.db, "<setup>").state == sc.state, path
        written += 1
    assert written > 700


def test_a_game_from_json_writes_its_start_as_a_setup_then_its_steps():
    start = vsoracle.load(ROOT / "examples/four-yes-or-no.toml", steps=False)
    game = vsoracle.from_json(start.to_json())
    game.take({"play": "p"})
    game.take({"resolve": "top"})
    game.answer(True)
    text = game.to_scenario()
    assert "[[card]]" in text and 'hand = [{ card = "Crossroads", id = "p" }]' in text
    assert vsoracle.loads(text).position == game.position
    # a position play left behind (a chain, what the turn remembers) is no setup: refused, saying why
    with pytest.raises(PositionError, match="cannot state a chain, what the turn remembers"):
        vsoracle.from_json(game.to_json()).to_scenario()


DATED = ROOT / "tests/rulings/rules-date-direct-attack-past-hidden.scenario.toml"


def test_a_rules_date_goes_through_json_and_a_scenario_and_back():
    """``[game] rules``: position → JSON → position equal, position → scenario → position equal; the
    default rules (no date) write no ``rules`` at all, so no document of an undated game changes."""
    from vsoracle.scenario.setup import setup_toml

    sc = load_scenario(DATED, database(()))
    assert sc.state.rules == "2007-09-14"
    doc = valid_position(position_to_json(sc.state))
    assert doc["position"]["rules"] == "2007-09-14"
    assert loads(dumps(sc.state)) == sc.state
    text = setup_toml(sc.state, sc.db)
    assert '\nrules = "2007-09-14"\n' in text
    assert parse_scenario(text, sc.db, "<setup>").state == sc.state
    undated = evolve(sc.state, rules=None)
    assert undated != sc.state  # another date, another position
    assert "rules" not in position_to_json(undated)["position"] and "rules" not in setup_toml(undated, sc.db)
    # a game played on from it keeps its date, in its JSON and in the scenario it writes
    game = vsoracle.load(DATED, steps=False)
    game.take({"attack": ["prowler"], "target": "B"})
    assert vsoracle.position_from_json(json.loads(json.dumps(game.to_json()))) == game.position
    again = vsoracle.loads(game.to_scenario(), path=str(DATED))
    assert again.position == game.position and again.state.rules == "2007-09-14"
    # a game from the JSON of its start writes that start as a setup with the date
    started = vsoracle.from_json(vsoracle.load(DATED, steps=False).to_json())
    assert vsoracle.loads(started.to_scenario()).position == started.position


@pytest.mark.parametrize("date, said", [("2007-02-30", "'2007-02-30' is not a day of the calendar"),
                                        ("Sept 2007", "is not a date written YYYY-MM-DD"),
                                        (20070914, "must be a string")])
def test_a_document_with_a_bad_rules_date_is_refused(date, said):
    doc = position_to_json(load_scenario(DATED, database(())).state)
    doc["position"]["rules"] = date
    with pytest.raises(PositionError, match="its 'rules'") as error:
        vsoracle.position_from_json(json.loads(json.dumps(doc)))
    assert said in str(error.value)
