"""Every release of the game is a set code vsoracle knows: ``cards list --set`` takes each (with
no cards of it yet, an empty list), completion offers each, the card-file schema names each, and
an unknown code is still one line naming the known ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vsoracle.cards import SET_CODES, default_database, known_set_codes
from vsoracle.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

#: The releases issue 23 names, in its order.
RELEASES = ("MOR DOR MSM DSM MMK DGL MAV MFF DBM DJL MXM MXS DCR MHG DLS EHB MTU DWF MVL MAA MCG DCL DCX MUN "
            "MUL MEV MEQ MFA").split()


def test_every_release_has_a_code():
    assert list(SET_CODES) == RELEASES


def test_the_known_codes_are_the_releases_and_the_card_files_own():
    known = known_set_codes(default_database())
    assert set(RELEASES) <= set(known) and "FAQ" in known and known == sorted(known)


@pytest.mark.parametrize("code", RELEASES + ["mev"])
def test_cards_list_takes_every_release(code):
    done = runner.invoke(app, ["cards", "list", "--json", "--set", code])
    assert done.exit_code == 0, done.output
    doc = json.loads(done.output)
    assert doc["count"] == len(default_database().select(code)) and doc["set"] == code


def test_an_unknown_code_is_still_an_error_naming_the_known_ones():
    done = runner.invoke(app, ["cards", "list", "--set", "MXX"])
    assert done.exit_code == 2
    assert done.output.strip() == ("error: --set MXX: no such set — the known sets: "
                                   + ", ".join(known_set_codes(default_database())))


def test_the_card_file_schema_names_every_release():
    schema = json.loads((ROOT / "docs" / "cards.schema.json").read_text(encoding="utf-8"))
    assert schema["properties"]["set"]["properties"]["code"]["examples"] == RELEASES
