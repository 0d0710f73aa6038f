"""docs/scenario-format.md writes down what every omitted key means (issue 16): each key the loader
takes has its line there, and the defaults it states are the ones a scenario gets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vsoracle.cards import default_database
from vsoracle.scenario.load import GAME_KEYS, PLAYER_KEYS, VERBS, parse_scenario
from vsoracle.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
DEFAULTS = DOC[DOC.index("## Defaults: what an omitted key means"):DOC.index("## How steps are played")]


def test_every_key_the_loader_takes_has_its_default_written_down():
    keys = set(GAME_KEYS) | set(PLAYER_KEYS) | {"title", "source", "strict", "faq", "rulings", "variation",
                                                "description", "row", "col", "area", "state", "counters",
                                                "equipment", "face", "id", "by", "choose", "rejected", "allowed"}
    keys |= set().union(*VERBS.values())
    keys |= {"number", "identity", "version", "cost", "atk", "def", "affiliations", "icons", "text", "ongoing",
             "rarity", "faq_quote", "incomplete"}
    written = set(re.findall(r"`([a-z_]+)`", DEFAULTS))
    assert sorted(keys - written) == []


def test_the_self_description_and_the_examples():
    head = DOC[:DOC.index("## 1. Header")]
    assert "This is `docs/scenario-format.md`" in head and "vsoracle docs examples" in head
    count = len(list((ROOT / "examples").glob("*.toml")))
    assert f"({['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'][count]} of them" in head


def _run(text: str):
    result = run_scenario(parse_scenario(text, default_database()))
    assert result.checks and result.passed, [(c.description, c.found) for c in result.checks if not c.ok]
    return result


POSITION = """
[scenario]
title = "defaults"

[game]
phase = "build"
step = "{step}"
active = "A"

[players.A]
resources = ["Windstorm"]

[players.B]

[[step]]
advance = "{to}"
check.{who}.endurance = 50
"""


@pytest.mark.parametrize("step, to, stops", [
    ("resource", "recruit", ("recruit", "A")),    # the next recruit step is A's own
    ("recruit", "recruit", ("recruit", "B")),     # from A's recruit step: the next one, B's
    ("formation", "attack", ("attack", "A")),     # the first attack step: the initiative player's
])
def test_advance_stops_at_the_next_such_step_for_whichever_player(step, to, stops):
    result = _run(POSITION.format(step=step, to=to, who="A"))
    state = result.outcomes[0].state
    assert (state.step, state.active) == stops


def test_an_omitted_key_means_what_the_table_says():
    result = _run("""
[players.A]
resources = ["Windstorm", "Windstorm"]
hand = ["Windstorm"]

[[players.A.characters]]
card = "MAV-020"
id = "q"

[check]
q.row = "front"
q.col = 1
q.area = "visible"
q.state = "ready"
q.counters = { atk = 0, def = 0 }
A.endurance = 50
A.resource_points = 2
B.endurance = 50
""")
    state = result.outcomes[0].state
    assert (state.turn, state.initiative, state.phase, state.step, state.active, state.priority) == \
        (1, "A", "build", "recruit", "A", "A")
    a = state.player("A")
    assert not state.obj(a.resources[0]).face_up and state.obj(a.hand[0]).face_up
    assert result.scenario.title == "<scenario>" and result.scenario.strict is False
