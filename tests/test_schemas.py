"""docs/scenario.schema.json and docs/cards.schema.json: valid for every real file, in step with the
loader, and strict where they claim to be.

The validator is the ``jsonschema`` package (a test dependency), through tests/json_schemas.py.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from json_schemas import every_failure, validator  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SHARED_EXAMPLES = Path("/work/shared/examples")
SCENARIO_SCHEMA = json.loads((ROOT / "docs" / "scenario.schema.json").read_text(encoding="utf-8"))
CARDS_SCHEMA = json.loads((ROOT / "docs" / "cards.schema.json").read_text(encoding="utf-8"))
SCHEMAS = {"scenario": SCENARIO_SCHEMA, "cards": CARDS_SCHEMA}
KINDS = {"scenario": "scenario", "cards": "cards-file"}


def errors(instance, schema):
    """Every failure of ``instance`` against the scenario or the card file schema: (place, message)."""
    return every_failure(instance, "scenario" if schema is SCENARIO_SCHEMA else "cards-file")


def _files(folder: Path, pattern: str) -> list[Path]:
    return sorted(folder.glob(pattern)) if folder.is_dir() else []


CARD_FILES = _files(ROOT / "cards", "*.toml")
SCENARIO_FILES = (_files(ROOT / "tests" / "faq", "*.scenario.toml") + _files(ROOT / "examples", "*.toml")
                  + _files(SHARED_EXAMPLES, "*.toml"))


def _id(path: Path) -> str:
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


def _report(found: list) -> str:
    return "\n".join(f"{where}: {what}" for where, what in found)


# ----------------------------------------------------------------------------- real files
def test_there_are_files_to_check():
    assert CARD_FILES and SCENARIO_FILES


@pytest.mark.parametrize("path", CARD_FILES, ids=_id)
def test_card_file_matches_schema(path):
    found = errors(tomllib.loads(path.read_text(encoding="utf-8")), CARDS_SCHEMA)
    assert not found, f"{_id(path)}:\n{_report(found)}"


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=_id)
def test_scenario_file_matches_schema(path):
    found = errors(tomllib.loads(path.read_text(encoding="utf-8")), SCENARIO_SCHEMA)
    assert not found, f"{_id(path)}:\n{_report(found)}"


# ----------------------------------------------------------------------------- the schemas themselves
@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_is_a_valid_draft_2020_12_schema(name):
    validator(KINDS[name])                # checks the schema against the draft's meta-schema


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_header(name):
    schema = SCHEMAS[name]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert "#:schema" in schema["$comment"] and ".taplo.toml" in schema["$comment"]
    assert schema.get("description") and schema.get("title")


def _undocumented(node, where="#"):
    """Properties (and definitions) without a description: editors would show no help for them."""
    missing = []
    if isinstance(node, dict):
        for key in ("properties", "$defs"):
            for name, sub in node.get(key, {}).items():
                if isinstance(sub, dict) and not sub.get("description"):
                    missing.append(f"{where}/{key}/{name}")
        for key, sub in node.items():
            if isinstance(sub, dict):
                missing += _undocumented(sub, f"{where}/{key}")
            elif isinstance(sub, list):
                for index, item in enumerate(sub):
                    missing += _undocumented(item, f"{where}/{key}/{index}")
    return missing


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_property_has_a_description(name):
    assert _undocumented(SCHEMAS[name]) == []


def test_scenario_cards_use_the_card_file_schema():
    assert SCENARIO_SCHEMA["$defs"]["card"] == CARDS_SCHEMA["$defs"]["card"]


# ----------------------------------------------------------------------------- in step with the loader
def _enum(schema):
    """The lower-case values of an enum, or of a case-insensitive enum (anyOf [enum, pattern])."""
    if "enum" in schema:
        return list(schema["enum"])
    return next(b["enum"] for b in schema["anyOf"] if "enum" in b)


def test_card_keys_match_the_loader():
    from vsoracle.cards.load import CARD_KEYS, ICONS, RARITIES
    from vsoracle.cards.model import CardType

    props = CARDS_SCHEMA["$defs"]["card"]["properties"]
    assert set(props) == set(CARD_KEYS)
    json_type = {str: "string", int: "integer", list: "array", bool: "boolean"}
    for key, kind in CARD_KEYS.items():
        assert props[key].get("type") == json_type[kind], key
    assert _enum(props["type"]) == [t.value for t in CardType]
    assert _enum(props["icons"]["items"]) == list(ICONS)
    assert _enum(props["rarity"]) == list(RARITIES)


def test_scenario_keys_match_the_loader():
    from vsoracle.engine.state import BUILD_STEPS, PHASES, Zone
    from vsoracle.scenario.load import (ADVANCE_TARGETS, HEADER_KEYS, TOP_KEYS, COMMON_STEP_KEYS, GAME_KEYS, OBJECT_PROPERTIES,
                                        PLAYER_KEYS, PLAYER_PROPERTIES, VERBS)
    from vsoracle.engine.keywords import KNOWN_BLOCKS, KNOWN_KEYWORDS

    defs = SCENARIO_SCHEMA["$defs"]
    verb_steps = {k.removeprefix("step_"): v for k, v in defs.items() if k.startswith("step_") and k != "step_checks"}
    assert set(verb_steps) == set(VERBS)
    for verb, keys in VERBS.items():
        assert set(verb_steps[verb]["properties"]) == keys | {verb} | COMMON_STEP_KEYS, verb
    assert set(defs["step_checks"]["properties"]) == COMMON_STEP_KEYS
    assert len(defs["step"]["anyOf"]) == len(VERBS) + 1
    assert defs["step_advance"]["properties"]["advance"]["enum"] == list(ADVANCE_TARGETS)
    assert set(defs["objectChecks"]["properties"]) == set(OBJECT_PROPERTIES)
    assert set(defs["playerChecks"]["properties"]) == set(PLAYER_PROPERTIES)
    assert defs["objectChecks"]["properties"]["zone"]["enum"] == [z.value for z in Zone]
    assert _enum(defs["keyword"]) == sorted(KNOWN_KEYWORDS | KNOWN_BLOCKS)
    game = SCENARIO_SCHEMA["properties"]["game"]["properties"]
    assert set(game) == GAME_KEYS
    assert game["phase"]["enum"] == list(PHASES)
    assert game["step"]["enum"] == list(BUILD_STEPS) + ["attack"]
    assert set(defs["playerState"]["properties"]) == PLAYER_KEYS
    assert set(defs["character"]["properties"]) == {"card", "id", "row", "col", "area", "state", "counters",
                                                    "equipment"}
    assert set(SCENARIO_SCHEMA["properties"]) == TOP_KEYS
    assert set(SCENARIO_SCHEMA["properties"]["scenario"]["properties"]) == HEADER_KEYS


# ----------------------------------------------------------------------------- the loader's edge cases
@pytest.fixture(scope="module")
def db():
    from vsoracle.cards import load_database
    return load_database()


def _load(text, db):
    from vsoracle.scenario.load import parse_scenario
    return parse_scenario(text, db, "<test>")


POSITION = """
[game]
turn = 3
phase = "build"
step = "recruit"
[players.A]
resource_points = 6
hand = ["Windstorm", { card = "Windstorm", id = "ws2" }]
resources = ["Windstorm", { card = "Windstorm", id = "up", face = "up", state = "exhausted" }]
[[players.A.characters]]
card = "Quicksilver, Mutant Avenger"
id = "qs"
counters = { atk = 1 }
[[players.A.characters]]
card = "Thor, Odinson"
id = "thor"
row = "support"
[players.B]
[[players.B.characters]]
card = "Power Princess, Zarda"
id = "pp"
"""

ACCEPTED = {
    "card in any letter case, incomplete card without type": """
[[card]]
name = "Widget"
type = "Plot Twist"
cost = 1
icons = ["Flight"]
rarity = "Rare"
text = "Target character you control gets +1 ATK this turn."
[[card]]
name = "Rumoured Card"
incomplete = true
""",
    "attack with one id, scalar choose, note, checks-only step": POSITION + """
[[step]]
advance = "attack"
[[step]]
attack = "qs"
target = "pp"
choose = "qs"
note = 3
[[step]]
check.chain = ["attack:qs"]
check.A.hand = 2
""",
    "not-in-play check values, every player check": POSITION + """
[check]
ws2.row = ""
ws2.area = false
ws2.col = ""
ws2.equipped_to = false
ws2.counters = { atk = 0 }
qs.has = ["Reservist"]
qs.affiliations = ["avengers"]
A.removed = 0
B.won = false
""",
    "recovery phase without a step": """
[game]
phase = "recovery"
""",
    "combat phase, default step": """
[game]
phase = "combat"
""",
    "a rules date": """
[game]
rules = "2007-09-14"
""",
    "rejected step with an out-of-range power": POSITION + """
[[step]]
use = "qs"
power = 0
pay = 0
rejected = true
""",
    "allowed step, rejected step with its reason": POSITION + """
[[step]]
use = "qs"
power = 0
rejected = "power"
[[step]]
advance = "formation"
allowed = true
""",
}


@pytest.mark.parametrize("case", ACCEPTED)
def test_schema_accepts_what_the_loader_accepts(case, db):
    text = ACCEPTED[case]
    _load(text, db)                       # the loader accepts it …
    found = errors(tomllib.loads(text), SCENARIO_SCHEMA)
    assert not found, _report(found)      # … so the schema must too


# ----------------------------------------------------------------------------- negative cases
REJECTED = {
    # case: (TOML, where the expected error is (a key path it starts with), words in 'keyword: message')
    "unknown top-level key": ("colour = 1", "colour", "Additional properties are not allowed"),
    "unknown header key": ('[scenario]\ntitel = "x"', "scenario.titel", "Additional properties are not allowed"),
    "unknown card key": ('[[card]]\nname = "X"\ntype = "plot twist"\ncost = 1\natck = 2', "card[0].atck", "Additional properties are not allowed"),
    "wrong card type": ('[[card]]\nname = "X"\ntype = "artifact"\ncost = 1', "card[0].type", "is not one of"),
    "card without type": ('[[card]]\nname = "X"\ncost = 1', "card[0]", "'type'"),
    "character without stats": ('[[card]]\nname = "X"\ntype = "character"\ncost = 1', "card[0]", "'atk'"),
    "negative cost": ('[[card]]\nname = "X"\ntype = "plot twist"\ncost = -1', "card[0].cost", "minimum: "),
    "blank name": ('[[card]]\nname = " "\ntype = "plot twist"\ncost = 1', "card[0].name", "pattern: "),
    "wrong phase": ('[game]\nphase = "main"', "game.phase", "is not one of"),
    "rules not a date": ('[game]\nrules = "Sept 2007"', "game.rules", "does not match"),
    "step of another phase": ('[game]\nphase = "draw"\nstep = "recruit"', "game", "False schema does not allow 'recruit'"),
    "wrong row": (POSITION.replace('row = "support"', 'row = "middle"'),
                  "players.A.characters[1].row", "is not one of"),
    "wrong character state": (POSITION.replace('id = "pp"', 'id = "pp"\nstate = "asleep"'),
                              "players.B.characters[0].state", "is not one of"),
    "unknown character key": (POSITION.replace('id = "pp"', 'id = "pp"\ncolumn = 2'),
                              "players.B.characters[0].column", "Additional properties are not allowed"),
    "reserved id": (POSITION.replace('id = "ws2"', 'id = "B"'), "players.A.hand[1]", "pattern: "),
    "key of another verb": (POSITION + '[[step]]\nrecruit = "ws2"\ntargets = ["qs"]', "step[0].targets", "Additional properties are not allowed"),
    "two verbs": (POSITION + '[[step]]\nplay = "ws2"\nflip = "up"', "step[0]", "Additional properties are not allowed"),
    "no verb": (POSITION + '[[step]]\nby = "A"', "step[0]", "'recruit' is a required property"),
    "wrong resolve": (POSITION + '[[step]]\nresolve = "bottom"', "step[0].resolve", "is not one of"),
    "wrong advance": (POSITION + '[[step]]\nadvance = "lunch"', "step[0].advance", "is not one of"),
    "pass = false": (POSITION + '[[step]]\npass = false', "step[0].pass", "True was expected"),
    "attack without target": (POSITION + '[[step]]\nattack = ["qs"]', "step[0]", "'target' is a required property"),
    "col not a number": (POSITION + '[[step]]\nrecruit = "ws2"\ncol = "2"', "step[0].col", "is not of type 'integer'"),
    "col below 1": (POSITION + '[[step]]\nrecruit = "ws2"\ncol = 0', "step[0].col", "less than the minimum of 1"),
    "check col below 1": (POSITION + '[check]\nqs.col = -1', "check.qs", "-1 is less than the minimum of 1"),
    "unknown object property": (POSITION + '[check]\nqs.colour = "red"', "check.qs", "('colour' was unexpected)"),
    "object property on a player": (POSITION + '[check]\nA.zone = "hand"', "check.A.zone", "Additional properties are not allowed"),
    "allowed = false": (POSITION + '[[step]]\nadvance = "formation"\nallowed = false', "step[0].allowed", "True was expected"),
    "rejected a number": (POSITION + '[[step]]\nadvance = "formation"\nrejected = 3', "step[0].rejected",
                          "3 is not of type 'boolean'"),
    "rejected an empty text": (POSITION + '[[step]]\nadvance = "formation"\nrejected = ""', "step[0].rejected",
                               "pattern: '' does not match"),
}


@pytest.mark.parametrize("case", REJECTED)
def test_schema_rejects(case, db):
    text, path, words = REJECTED[case]
    found = errors(tomllib.loads(text), SCENARIO_SCHEMA)
    assert found, "the schema accepted it"
    assert any(where.startswith(path) and words in what for where, what in found), _report(found)
    from vsoracle.errors import VsOracleError
    with pytest.raises(VsOracleError):    # the loader rejects it too: the schema is not stricter here
        _load(text, db)


# Values the loader passes through unchecked but that can never work (see the schema's $comment).
STRICTER = {
    "check value outside the zones": (POSITION + '[check]\nqs.zone = "graveyard"', "check.qs"),
    "check keyword that cannot be one": (POSITION + '[check]\nqs.has = ["two words"]', "check.qs"),
    "chain label without kind": (POSITION + '[check]\nchain = ["qs"]', "check.chain[0]"),
    "boost not a boolean": (POSITION + '[[step]]\nrecruit = "ws2"\nboost = 1', "step[0].boost"),
    "reinforce without with": (POSITION + '[[step]]\nreinforce = "qs"', "step[0]"),
    "power_up without with": (POSITION + '[[step]]\npower_up = "qs"', "step[0]"),
}


@pytest.mark.parametrize("case", STRICTER)
def test_schema_rejects_values_that_cannot_work(case):
    text, path = STRICTER[case]
    found = errors(tomllib.loads(text), SCENARIO_SCHEMA)
    assert any(where == path for where, _what in found), _report(found) or "the schema accepted it"


def test_card_file_rejects_unknown_top_level_key_and_wrong_icon():
    data = tomllib.loads('[set]\ncode = "X"\n[[cards]]\nname = "x"')
    assert [where for where, _what in errors(data, CARDS_SCHEMA)] == ["cards"]
    data = tomllib.loads('[[card]]\nname = "x"\ntype = "equipment"\ncost = 0\nicons = ["wings"]')
    assert {where for where, _what in errors(data, CARDS_SCHEMA)} == {"card[0].icons[0]"}
