"""Bad card database files: ``load_card_file`` raises one ``CardDataError``, ``file:line: what — fix``,
and ``vsoracle cards check FILE`` prints that line on stderr and exits 2.

Same conventions as ``test_bad_scenarios.py``: the whole file text inline, the exact message, and
``fix=...`` (strict xfail) for a message that is not yet good for a person.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from vsoracle.cards import load_card_file
from vsoracle.errors import CardDataError

from .test_bad_scenarios import expected_line, params, run_cli


class CardCase(NamedTuple):
    text: str
    line: int | None
    message: str
    fix: str | None = None


SET = '[set]\ncode = "TST"\n\n'          # lines 1-3; the first [[card]] is on line 4

CARD_CASES: dict[str, CardCase] = {
    "missing-stat": CardCase(
        SET + '[[card]]\nname = "Brick"\ntype = "character"\ncost = 2\n', 4,
        "character 'Brick' needs 'atk' — add it, or mark the card incomplete = true (a scenario that plays it must then complete it)"),
    "missing-type": CardCase(
        SET + '[[card]]\nname = "Brick"\ncost = 2\n', 4,
        "card 'Brick' needs a 'type' — character | plot twist | location | equipment"),
    "cost-not-a-number": CardCase(
        SET + '[[card]]\nname = "Brick"\ntype = "plot twist"\ncost = "two"\n', 7,
        "'cost' must be a whole number, not \"two\""),
    "negative-cost": CardCase(
        SET + '[[card]]\nname = "Brick"\ntype = "plot twist"\ncost = -1\n', 7, "'cost' cannot be negative"),
    "unknown-rarity": CardCase(
        SET + '[[card]]\nname = "Brick"\ntype = "plot twist"\ncost = 1\nrarity = "mythic"\n', 8,
        "unknown rarity 'mythic' — use one of common, uncommon, rare, ultra-rare, promo"),
    "blank-name": CardCase(
        SET + '[[card]]\nname = "  "\ntype = "plot twist"\ncost = 1\n', 4, "a card needs a 'name' — add name = \"…\""),
    "icons-not-strings": CardCase(
        SET + '[[card]]\nname = "Brick"\ntype = "equipment"\ncost = 1\nicons = [1]\n', 8,
        "'icons' must be a list of strings"),
    "unknown-key-in-second-card": CardCase(
        SET + '[[card]]\nname = "One"\ntype = "plot twist"\ncost = 1\n\n[[card]]\nname = "Two"\ntype = "plot twist"\n'
        'threshold = 1\n', 12, "unknown card key 'threshold' — known keys: " + ", ".join(
            ["number", "name", "identity", "version", "type", "cost", "atk", "def", "affiliations", "icons", "traits",
             "willpower", "ongoing", "rarity", "text", "errata", "faq_quote", "incomplete"])),
    "card-not-an-array": CardCase(
        'card = "Brick"\n', 1, "'card' must be an array of tables — write each card as [[card]]"),
    "bad-toml": CardCase(
        SET + '[[card]]\nname = "Brick\ntype = "plot twist"\n', 5,
        'invalid TOML: a string is not closed before the end of the line — close the string with " on the same '
        'line, or use """ for text on several lines'),
    "unknown-top-level-table": CardCase(
        SET + '[[cards]]\nname = "Brick"\ntype = "plot twist"\ncost = 1\n', 4,
        "unknown top-level key 'cards' — a card file has [set] and [[card]] tables"),
    "cost-of-5000-digits": CardCase(     # issue 24, case 1: tomllib's ValueError was exit 3
        SET + '[[card]]\nname = "Brick"\ntype = "plot twist"\ncost = ' + "1" * 5000 + '\n', 7,
        "invalid TOML: a number of more than 4,300 digits — a number in a scenario or a card file has a few digits"),
    "set-not-a-table": CardCase(
        'set = "TST"\n\n[[card]]\nname = "Brick"\ntype = "plot twist"\ncost = 1\n', 1,
        "'set' must be a table — write [set] with code = \"MAV\" and name = \"…\" below it"),
}


@pytest.mark.parametrize("name, case", list(params(CARD_CASES)))
def test_bad_card_file(name: str, case: CardCase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                       capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / f"{name}.toml"
    path.write_text(case.text, encoding="utf-8")
    expected = expected_line(path, case)
    with pytest.raises(CardDataError) as error:
        load_card_file(path)
    assert str(error.value) == expected
    code, out, err = run_cli(monkeypatch, capsys, "cards", "check", str(path))
    assert (err, code, out) == (expected + "\n", 2, "")
