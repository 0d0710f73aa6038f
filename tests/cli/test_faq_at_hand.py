"""The FAQ at hand (issue 25, 4 and 5): ``vsoracle docs faq`` lists the Avengers FAQ's entries and
prints one, ``cards show`` names the entries about a card, and ``vsoracle rulings`` finds the FAQ
scenarios that mention a card or a word and runs them — from a checkout and from where a wheel
keeps them."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from vsoracle import resources
from vsoracle.citations import card_entries, faq_entries, find_entries
from vsoracle.cli import app
from vsoracle.scenario import rulings as suite_module

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
FAQ = next((ROOT / "seeds").glob("*.txt")).read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- the entries
def test_every_entry_of_the_faq_is_read_in_order_with_its_whole_text():
    entries = faq_entries()
    general = [e for e in entries if e.code.startswith("GM ")]
    cards = [e for e in entries if e.code.startswith("SC ")]
    assert [e.code for e in general] == [f"GM {i}" for i in range(1, len(general) + 1)]
    assert [e.code for e in cards] == [f"SC {i}" for i in range(1, len(cards) + 1)]
    assert len(general) == FAQ.split("SPECIFIC CARDS")[0].count("\n10. ") + 9 or len(general) >= 10
    # every line of the SPECIFIC CARDS part is in exactly one card's entry, in the FAQ's order
    part = [line.strip() for line in FAQ.split("SPECIFIC CARDS", 1)[1].splitlines() if line.strip()]
    joined = [line.strip() for e in cards for line in e.text.splitlines() if line.strip()]
    assert joined == part[len(part) - len(joined):] and len(joined) >= len(part) - 1
    egghead = next(e for e in cards if e.title == "Egghead, Elihas Starr")
    assert "flagged" in egghead.text and "Eldritch Power" not in egghead.text


def test_an_entry_is_found_by_its_code_its_title_or_its_words():
    assert [e.code for e in find_entries("GM 8")] == ["GM 8"]
    assert [e.code for e in find_entries("general  mechanics 8")] == ["GM 8"]
    assert [e.title for e in find_entries("egghead")] == ["Egghead, Elihas Starr"]
    assert find_entries("Egghead, Elihas Starr") == find_entries("egghead")
    mentions = find_entries("reservist")  # no entry is titled so: the entries whose text says it
    assert mentions and all("reservist" in e.text.casefold() for e in mentions)
    assert find_entries("zzqq") == []


def test_a_card_is_named_by_its_own_entry_first_then_by_those_that_mention_it():
    found = card_entries("Egghead, Elihas Starr", "Egghead")
    assert found[0][0].title == "Egghead, Elihas Starr" and found[0][1] is True
    assert all(not about for _, about in found[1:])
    assert all("egghead" in e.text.casefold() for e, _ in found)
    assert card_entries("Nobody, Nowhere", "Nobody") == []


# ----------------------------------------------------------------------------- vsoracle docs faq
def test_docs_faq_lists_the_entries_and_prints_one():
    listed = runner.invoke(app, ["docs", "faq"])
    assert listed.exit_code == 0
    assert "  GM 1 " in listed.output and "  SC 4 " in listed.output and "Egghead, Elihas Starr" in listed.output
    shown = runner.invoke(app, ["docs", "faq", "Egghead"])
    assert shown.exit_code == 0
    assert shown.output.startswith("Avengers FAQ, SC 4: Egghead, Elihas Starr\n")
    assert "The DEF bonus is given to characters adjacent to Egghead" in shown.output
    assert runner.invoke(app, ["docs", "faq", "GM 8"]).output.startswith("Avengers FAQ, GM 8: ")


def test_docs_faq_with_an_unknown_entry_is_one_line_with_the_likest_title():
    done = runner.invoke(app, ["docs", "faq", "Egghaed"])
    assert done.exit_code == 2
    assert done.output.strip() == ("error: no FAQ entry names 'Egghaed' — did you mean 'Egghead, Elihas Starr'? "
                                   "(vsoracle docs faq lists the entries)")
    other = runner.invoke(app, ["docs", "moves", "Egghead"])
    assert other.exit_code == 2 and "takes no ENTRY" in other.output


def test_cards_show_names_the_faq_entries_about_the_card():
    done = runner.invoke(app, ["cards", "show", "Egghead"])
    assert done.exit_code == 0 and "SC 4   Egghead, Elihas Starr  (its entry)" in done.output
    doc = json.loads(runner.invoke(app, ["cards", "show", "Egghead", "--json"]).output)
    assert doc["faq"][0] == {"code": "SC 4", "title": "Egghead, Elihas Starr", "about": True}


# ----------------------------------------------------------------------------- vsoracle rulings
def test_rulings_lists_the_scenarios_that_mention_a_card_grouped_by_faq_item():
    done = runner.invoke(app, ["rulings", "Egghead"])
    assert done.exit_code == 0
    lines = done.output.splitlines()
    assert "Avengers FAQ, Egghead, Elihas Starr" in lines
    assert any(line.strip().endswith("egghead-flagged-on-resolution.scenario.toml") for line in lines)
    every = suite_module.search("egghead")
    assert every and all("egghead" in (r.text + " ".join(r.quotes)).casefold() for r in every)
    assert lines[0].startswith(f"{len(every)} FAQ ruling scenarios mentioning 'Egghead'")


def test_rulings_of_other_sets_are_found_and_filtered_by_set():
    mxm = suite_module.search(None, "MXM")
    assert mxm and {r.set for r in mxm} == {"MXM"}
    assert all(r.item.startswith("X-Men FAQ") or "Cerebro" in r.item or r.item for r in mxm)
    done = runner.invoke(app, ["rulings", "--set", "XYZ"])
    assert done.exit_code == 2 and "the sets with rulings are" in done.output


def test_rulings_run_plays_each_and_exits_1_when_one_fails(tmp_path, monkeypatch):
    done = runner.invoke(app, ["rulings", "Egghead", "--run", "--json"])
    doc = json.loads(done.output)
    assert done.exit_code == 0 and doc["ran"] is True and doc["failed"] == 0
    assert doc["rulings"] and all(r["holds"] is True for r in doc["rulings"])
    # a suite where one scenario's check fails, and one listed in PENDING holds: both are reported
    site = tmp_path / "site" / "vsoracle"
    shipped = site / "_data" / "rulings"
    shipped.mkdir(parents=True)
    for data in ("cards", "seeds", "grammar"):  # what an installed wheel keeps beside it
        shutil.copytree(ROOT / data, site / "_data" / data)
    good = ROOT / "tests" / "faq" / "egghead-flagged-on-resolution.scenario.toml"
    text = good.read_text(encoding="utf-8")
    shutil.copy(good, shipped / "holds.scenario.toml")
    (shipped / "fails.scenario.toml").write_text(text + "\n[[step]]\ncheck.A.endurance = 999\n", encoding="utf-8")
    (shipped / "unreadable.scenario.toml").write_text("[scenario\n", encoding="utf-8")
    shutil.copy(good, shipped / "waits.scenario.toml")
    (shipped / "PENDING").write_text("waits.scenario.toml  # rules not played yet\n", encoding="utf-8")
    monkeypatch.setattr(resources, "_PACKAGE", site)
    suite_module._suite.cache_clear()
    try:
        done = runner.invoke(app, ["rulings", "--run"])
        assert done.exit_code == 1
        assert "✗ " in done.output and "PENDING but holds" in done.output
        assert "1 of 3 hold; 1 wait on rules not played yet; 3 do not behave as the suite expects." in done.output
    finally:
        suite_module._suite.cache_clear()


def test_the_wheel_ships_the_ruling_suite_where_vsoracle_reads_it():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert shipped["tests/faq"] == "vsoracle/_data/rulings" and shipped["seeds"] == "vsoracle/_data/seeds"
    assert suite_module.folder() == ROOT / "tests" / "faq"  # a checkout reads its own
