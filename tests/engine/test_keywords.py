"""Keywords are text: every rule vsoracle.engine.keywords writes parses, is a keyword the engine
knows and carries a citation vsoracle.citations reads; a keyword whose rule a source gives but
vsoracle cannot play yet, or whose rule no source gives, is refused by name with what is missing;
and docs/keywords.md names a scenario that exists for every keyword it says plays bare."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vsoracle.citations import KEYWORDS, references
from vsoracle.engine import keywords as K
from vsoracle.engine.support import cannot_play
from vsoracle.errors import CardTextError
from vsoracle.text.read import read_card_text
from vsoracle.text.store import parse_stored

ROOT = Path(__file__).resolve().parents[2]
RULED = sorted(set(K.KEYWORD_RULES) | set(K.KEYWORD_POWERS))


def _problems(text: str, name: str = "Bob") -> list[str]:
    return [what for _, what in cannot_play(read_card_text(text, name), name)]


@pytest.mark.parametrize("keyword", RULED)
def test_every_rule_is_card_text_of_a_known_keyword(keyword):
    text = {**K.KEYWORD_RULES, **K.KEYWORD_POWERS}[keyword]
    assert parse_stored(text.replace("~", "Bob"), "Bob").powers
    assert keyword in K.KNOWN_KEYWORDS | K.KNOWN_BLOCKS


@pytest.mark.parametrize("keyword", RULED)
def test_every_rule_has_a_citation_vsoracle_reads(keyword):
    cite = K.KEYWORD_CITES[keyword]
    (ref,) = references(cite)
    sources = KEYWORDS.get(ref.rule.removeprefix("keyword "), ()) if ref.rule.startswith("keyword ") else ref.sources
    assert sources, f"{cite}: name the source of its rule in vsoracle/citations.toml"


def test_the_tables_do_not_overlap():
    assert set(K.KEYWORD_CITES) == set(RULED)
    assert not set(RULED) & (set(K.WAITING) | set(K.UNSOURCED))
    assert not set(K.WAITING) & set(K.UNSOURCED)
    assert not (set(K.WAITING) | set(K.UNSOURCED)) & (K.KNOWN_KEYWORDS | K.KNOWN_BLOCKS)


@pytest.mark.parametrize("keyword", ["terraform", "substitute"])
def test_a_keyword_whose_rule_is_a_payment_power_used_from_the_hand(keyword):
    """Terraform and substitute (their sources print the power): bare or with the power as its
    reminder, the card has that one payment power, used from the hand by its own "only if"."""
    from vsoracle.engine.actions import _used_from
    from vsoracle.engine.state import Zone

    shown = keyword.title()
    reminder = K.KEYWORD_RULES[keyword].replace("~", "this card")
    assert _problems(shown) == [] and _problems(f"{shown} ({reminder})") == []
    bare = parse_stored(shown, "Bob").powers[0].keywords[0]
    printed = parse_stored(f"{shown} ({reminder})", "Bob").powers[0].keywords[0]
    (power,) = K.defined_powers(bare, "Bob", False)
    assert K.defined_powers(printed, "Bob", False) == (power,)
    assert _used_from(power, Zone.HAND) and not _used_from(power, Zone.IN_PLAY)


def test_energize_plays_bare_and_with_its_reminder_as_its_rule():
    assert _problems("Energize") == []
    bare = parse_stored("Energize", "Bob")
    printed = parse_stored("Energize (Whenever this character defends, ready it.)", "Bob")
    (k1,), (k2,) = bare.powers[0].keywords, printed.powers[0].keywords
    assert K.defined_powers(k1, "Bob", False) == K.defined_powers(k2, "Bob", False)
    assert len(K.defined_powers(k1, "Bob", False)) == 1
    # its rule is a keyword line's: before a power it has none
    assert _problems("Energize: Draw a card.") == ["the keyword Energize before a power (no rule, no reminder text)"]


@pytest.mark.parametrize("keyword", sorted(K.WAITING))
def test_a_keyword_waiting_for_a_wording_is_refused_by_name_even_with_a_reminder(keyword):
    shown = keyword.title()
    for text in (shown, f"{shown} (Draw a card.)", f"{shown}: Draw a card."):
        found = _problems(text)
        assert any(w.startswith(f"the keyword {shown} (its rule needs ") for w in found), (text, found)
    rule, _missing = K.WAITING[keyword]
    assert any(rule.replace("~", "this card") in w for w in _problems(shown))


@pytest.mark.parametrize("keyword", sorted(K.UNSOURCED))
def test_a_keyword_no_source_defines_is_refused_bare_and_means_its_reminder(keyword):
    shown = keyword.title()
    for text in (shown, f"{shown}: Whenever Bob becomes stunned, draw a card."):
        assert any(w.startswith(f"the keyword {shown} (no rule: no source gives") for w in _problems(text)), text
    assert _problems(f"{shown} (Whenever this character defends, ready it.)") == []  # assumption A-REMINDER


@pytest.mark.parametrize("keyword", sorted(K.WAITING))
def test_the_wording_a_waiting_keyword_needs_is_still_missing(keyword):
    """When the card-text language reads a waiting keyword's rule, move the keyword to KEYWORD_RULES
    (and out of docs/research/keywords-needing-wordings.md)."""
    rule = K.WAITING[keyword][0].replace("<text>", "Bob draws a card").replace("~", "Bob")
    with pytest.raises(CardTextError, match="cannot read"):
        parse_stored(rule, "Bob")


# ---------------------------------------------------------------------------------------------
# docs/keywords.md

_GLOSSARY = (ROOT / "docs" / "keywords.md").read_text(encoding="utf-8")


def _scenario_cells() -> list[str]:
    cells = []
    for line in _GLOSSARY.splitlines():
        parts = [p.strip() for p in line.split("|")]
        if line.startswith("| ") and len(parts) == 8 and parts[1] not in ("Mechanic", "Code") \
                and not set(parts[1]) <= {"-"}:
            cells.append(parts[6])
    return cells


def test_every_scenario_the_glossary_names_exists():
    links = [link for cell in _scenario_cells() for link in re.findall(r"\]\((\.\./tests/[^)]+)\)", cell)]
    assert links
    missing = [link for link in links if not (ROOT / "docs" / link).resolve().is_file()]
    assert missing == []


def test_the_glossary_counts_the_entries_that_play_bare():
    playing = [c for c in _scenario_cells() if c.startswith("plays bare")]
    m = re.search(r"\*\*(\d+) entries play bare\*\*", _GLOSSARY)
    assert m and int(m.group(1)) == len(playing)
    assert all(re.search(r"\]\(\.\./tests/", c) for c in playing)
