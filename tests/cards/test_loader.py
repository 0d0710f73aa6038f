"""The card database: loading, validation errors with file:line, lookup by number/title/prefix."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from vsoracle.cards import Card, CardDB, CardType, load_card_file, load_database
from vsoracle.errors import AmbiguousTitleError, CardDataError, UnknownCardError

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, text: str, name: str = "set.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def db():
    return load_database()


def test_every_specific_card_of_the_faq_is_complete(db):
    mav = [c for c in db.select("MAV") if c.number]  # the FAQ's (other MAV cards a column quotes have none)
    assert len(mav) == 37
    assert all(not c.incomplete for c in mav)
    quick = db.find("MAV-020")
    assert (quick.title, quick.cost, quick.atk, quick.defense) == ("Quicksilver, Mutant Avenger", 3, 4, 5)
    assert quick.affiliations == ("Avengers",)
    karla = db.find("Karla Sofen")
    assert karla.identity == "Meteorite" and karla.icons == ("flight", "range") and karla.rarity == "rare"


def test_quoted_cards_are_marked_incomplete_and_never_invented(db):
    ultron = db.find("Ultron <> Ultron 5")
    assert ultron.incomplete and ultron.cost is None
    assert ultron.text == "When you recruit Ultron, gain 5 resource points."
    ogre = db.find("Ogre")
    assert (ogre.atk, ogre.defense, ogre.affiliations) == (1, 2, ("Thunderbolts",))


def test_lookup_by_number_title_prefix_and_diamond(db):
    assert db.find("mav-018").name == "Monica Rambeau"
    assert db.find("quicksilver, mutant avenger").number == "MAV-020"
    assert db.find("Hank Pym <> Gol").identity == "Goliath"
    assert db.find("Hank Pym ◊ Yellowjacket").identity == "Yellowjacket"
    assert db.find("Walk Through").number == "MAV-042"


def test_ambiguous_prefix_lists_the_candidates(db):
    with pytest.raises(AmbiguousTitleError) as err:
        db.find("Hank")
    assert str(err.value) == ("'Hank' matches 2 cards: 'Hank Pym ◊ Yellowjacket', 'Hank Pym ◊ Goliath'"
                              " — write more of the title, or the card number")


def test_a_cards_own_name_picks_it_among_the_titles_it_starts(db):
    """"Imp" is the card named Imp ("Imp, Army"), though "Improper Burial" starts so too: a card
    added to the database cannot make a scenario that names a card by its name ambiguous; two cards
    of that name ("Hank Pym") still are."""
    imp = Card(name="Imp", version="Army", type=CardType.CHARACTER, cost=1, atk=2, defense=1)
    burial = Card(name="Improper Burial", type=CardType.PLOT_TWIST, cost=None, incomplete=True)
    both = CardDB((imp, burial))
    assert both.find("Imp") is imp and both.find("imp") is imp
    assert both.find("Impr") is burial
    with pytest.raises(AmbiguousTitleError):
        CardDB((imp, Card(name="Imp", version="Leader", type=CardType.CHARACTER, cost=1, atk=2, defense=1),
                burial)).find("Imp")
    with pytest.raises(AmbiguousTitleError):
        db.find("Hank Pym")


def test_unknown_title_suggests_the_nearest(db):
    with pytest.raises(UnknownCardError) as err:
        db.find("Quiksilver")
    assert str(err.value) == "unknown card 'Quiksilver' — did you mean 'Quicksilver, Mutant Avenger'?"


def test_missing_field_is_reported_at_its_card(tmp_path):
    path = write(tmp_path, '[set]\ncode = "TST"\n\n[[card]]\nname = "Brick"\ntype = "character"\ncost = 2\natk = 3\n'
                           'affiliations = []\n')
    with pytest.raises(CardDataError) as err:
        load_card_file(path)
    assert str(err.value) == f"{path}:4: character 'Brick' needs 'def' — add it, or mark the card incomplete = true (a scenario that plays it must then complete it)"


def test_wrong_type_is_reported_at_its_line(tmp_path):
    path = write(tmp_path, '[[card]]\nname = "Brick"\ntype = "character"\ncost = "two"\n')
    with pytest.raises(CardDataError) as err:
        load_card_file(path)
    assert str(err.value) == f"{path}:4: 'cost' must be a whole number, not \"two\""


def test_unknown_key_suggests_the_right_one(tmp_path):
    path = write(tmp_path, '[[card]]\nname = "Brick"\ntype = "plot twist"\ncots = 2\n')
    with pytest.raises(CardDataError) as err:
        load_card_file(path)
    assert str(err.value) == f"{path}:4: unknown card key 'cots' — did you mean 'cost'?"


def test_unknown_type_lists_the_types(tmp_path):
    path = write(tmp_path, '[[card]]\nname = "Brick"\ntype = "creature"\ncost = 2\n')
    with pytest.raises(CardDataError) as err:
        load_card_file(path)
    assert str(err.value) == (f"{path}:3: unknown card type 'creature' — use one of "
                              "character | plot twist | location | equipment")


def test_duplicate_number_and_title(tmp_path):
    card = '[[card]]\nnumber = "TST-001"\nname = "{name}"\ntype = "plot twist"\ncost = 1\n'
    a = write(tmp_path, card.format(name="One"), "a.toml")
    b = write(tmp_path, card.format(name="Two"), "b.toml")
    with pytest.raises(CardDataError) as err:
        load_database([a, b])
    assert str(err.value) == (f"{b}:1: card number 'TST-001' is given to two cards — 'One' has it at {a}:1; "
                              "a number belongs to one card")
    c = write(tmp_path, '[[card]]\nname = "One"\ntype = "plot twist"\ncost = 3\n', "c.toml")
    with pytest.raises(CardDataError) as err:
        load_database([a, c])
    assert str(err.value) == (f"{c}:1: card title 'One' is defined twice, differently — the other is at {a}:1; "
                              "remove one, or make them the same card")


def test_bad_toml_gives_its_line(tmp_path):
    path = write(tmp_path, '[[card]]\nname = "Brick\ntype = "character"\n')
    with pytest.raises(CardDataError) as err:
        load_card_file(path)
    assert str(err.value).startswith(f"{path}:2: invalid TOML:")


def test_incomplete_card_may_omit_fields(tmp_path):
    path = write(tmp_path, '[[card]]\nname = "Mystery"\nincomplete = true\nfaq_quote = "draw a card"\n')
    ((card, line),) = load_card_file(path)
    assert card.type is None and card.incomplete and line == 1


def test_an_errata_is_the_text_the_rules_use_and_the_printed_text_is_kept(tmp_path):
    """CR 100.3: players use current card text — a card file's ``errata`` replaces ``text`` for
    play; the printed text stays on the card to show."""
    path = write(tmp_path, '[[card]]\nname = "Brick"\ntype = "plot twist"\ncost = 1\n'
                           'text = "Draw a card."\nerrata = "Draw two cards."\n\n'
                           '[[card]]\nname = "Wall"\ntype = "plot twist"\ncost = 1\ntext = "Draw a card."\n')
    (brick, _), (wall, _) = load_card_file(path)
    assert (brick.text, brick.printed) == ("Draw two cards.", "Draw a card.")
    assert (wall.text, wall.printed) == ("Draw a card.", None)
    bad = write(tmp_path, '[[card]]\nname = "Brick"\ntype = "plot twist"\ncost = 1\nerrata = 2\n', "bad.toml")
    with pytest.raises(CardDataError) as err:
        load_card_file(bad)
    assert str(err.value) == f"{bad}:5: 'errata' must be a string, not 2"


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vsoracle", *args], capture_output=True, text=True, cwd=ROOT)


def test_cards_list_json_has_every_printed_field():
    out = cli("cards", "list", "--json", "--set", "MAV")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    cards = doc["cards"]
    assert len(cards) == doc["count"] == 38 and doc["set"] == "MAV" and doc["type"] is None  # 37 the FAQ's
    aida = next(c for c in cards if c["number"] == "MAV-069")
    assert aida == {"number": "MAV-069", "title": "AIDA", "name": "AIDA", "identity": None, "version": None,
                    "type": "plot twist", "cost": 2, "atk": None, "def": None, "affiliations": [], "icons": [], "traits": [],
                    "willpower": None,
                    "ongoing": True, "rarity": "rare", "text": aida["text"], "errata": None, "faq_quote": None,
                    "set": "MAV", "incomplete": False}
    assert aida["text"].startswith("Play AIDA only during your recruit step.")
    hyde = next(c for c in cards if c["name"] == "Mr. Hyde")  # an errata'd card: printed text and errata
    assert "than that of any character" in hyde["text"] and "than that of each character" in hyde["errata"]


def test_cards_show_unknown_is_one_line_and_exit_2():
    out = cli("cards", "show", "Quiksilver")
    assert out.returncode == 2
    assert out.stderr.strip() == "error: unknown card 'Quiksilver' — did you mean 'Quicksilver, Mutant Avenger'?"
    assert "Traceback" not in out.stderr


def test_cards_list_type_filter():
    out = cli("cards", "list", "--json", "--type", "equipment")
    assert [c["title"] for c in json.loads(out.stdout)["cards"]] == ["Helm of Nabu", "Force Field Belt"]
    assert CardType("plot twist") is CardType.PLOT_TWIST
