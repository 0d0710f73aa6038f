"""Citations a judge can look up: every rule reference the engine can log is one
``vsoracle.citations`` knows, every source it names is defined in docs/sources.md with its URL,
date and what it says, nothing is a placeholder, and ``explain`` lists each rule once."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from vsoracle.cards import default_database
from vsoracle.citations import (RULES, SOURCES, CitationError, Reference, consulted, references,
                                sources_document)
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "vsoracle"
sys.path.insert(0, str(ROOT / "tools"))
import rule_coverage  # noqa: E402


def _logged_cites() -> list[tuple[str, int, str]]:
    """Every citation literal in the code that can reach the log, with its file and line
    (``tools/rule_coverage.py`` finds them: the rule-coverage table reads the same)."""
    return rule_coverage.cite_sites()


def test_the_engine_logs_citations():
    assert len(_logged_cites()) > 150


@pytest.mark.parametrize("where,line,cite", _logged_cites(), ids=lambda v: str(v)[:40])
def test_every_citation_the_engine_logs_is_known(where, line, cite):
    references(cite)  # raises CitationError on a part it does not know


def test_scenario_logs_cite_only_known_rules():
    """Citations built at run time too: every event of the keyword and combat rulings."""
    db = default_database()
    seen = 0
    for path in sorted((ROOT / "tests" / "rulings").glob("*.scenario.toml"))[:12]:
        for outcome in run_scenario(load_scenario(path, db)).outcomes:
            for event in outcome.log:
                if event.kind != "start":  # the question's own source is free text
                    references(event.cite)
                    seen += 1
    assert seen > 100


@pytest.mark.parametrize("bad", ["CR 7xx Boost", "CR 6xx", "CR 2.4 [FML]", "CR 999", "[Metagame 481]",
                                 "keyword Telepathy", "FAQ quality rule", "CR 407 [NOPE]"])
def test_placeholders_and_unknown_parts_are_refused(bad):
    with pytest.raises(CitationError):
        references(bad)


def test_a_citation_reads_into_references():
    assert references("CR 301.4, 212.5e; FAQ SC 1, GM 9; scenario default, not explored") == (
        Reference("CR 301.4"), Reference("CR 212.5e"), Reference("FAQ SC 1"), Reference("FAQ GM 9"))
    assert references("CR 407 [S:FMS, M481]") == (Reference("CR 407", ("FMS", "M481")),)
    assert references("[S-CR:FMK]") == (Reference("", ("FMK",)),)


def test_each_rule_is_consulted_once_with_all_its_sources():
    got = consulted(["CR 407", "CR 407 [CYC]", "CR 216", "CR 407 [FMS]", "[CCR]", "scenario choose",
                     "rules digest §19 (free text from a scenario's source)", "[CCR]"])
    assert got == [Reference("CR 407", ("CYC", "FMS")), Reference("CR 216"), Reference("", ("CCR",))]


def test_sources_doc_is_up_to_date():
    doc = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    assert doc == sources_document(), "run: python -m vsoracle.citations > docs/sources.md"


def test_every_source_has_where_when_and_what():
    for key, s in SOURCES.items():
        assert s.title and s.url and s.date and s.says, key


def test_every_rule_in_the_table_is_cited():
    """docs/sources.md lists the CR numbers vsoracle cites: each is cited somewhere (code,
    assumptions, or a scenario's source) — and every number cited is in the table."""
    texts = [p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py") if p.name != "citations.py"]
    texts.append((ROOT / "docs" / "rules-assumptions.md").read_text(encoding="utf-8"))
    texts += [p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.scenario.toml")]
    text = "\n".join(texts)
    cited = set()
    for run in re.findall(r"\bCR ((?:\d{3}(?:\.\d+[a-z]?)?)(?:(?:, | and |, CR )\d{3}(?:\.\d+[a-z]?)?)*)", text):
        cited |= set(re.findall(r"\d{3}(?:\.\d+[a-z]?)?", run))
    assert sorted(set(RULES) - cited) == [], "in the table, never cited"
    assert sorted(cited - set(RULES)) == [], "cited, not in vsoracle.citations.RULES (docs/sources.md)"


def test_no_placeholder_citation_anywhere():
    pattern = re.compile(r"\bCR [0-9]xx|\b[5-7]xx\b|\bCR power-up|\bCR \d\.\d\b")
    places = list(PACKAGE.rglob("*.py")) + [p for p in (ROOT / "docs").glob("*.md") if p.name != "rules-digest.md"]
    places += list((ROOT / "tests").rglob("*.toml")) + [ROOT / "README.md"]
    hits = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in places
            for m in pattern.finditer(p.read_text(encoding="utf-8"))]
    assert hits == []


def test_rules_assumptions_point_only_at_files_that_exist():
    doc = (ROOT / "docs" / "rules-assumptions.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)\)", doc) + re.findall(r"`([\w./-]+\.(?:md|py|toml|txt|lark))`", doc)
    assert links
    missing = [link for link in links if not ((ROOT / "docs" / link).exists() or (ROOT / link).exists())]
    assert missing == []


def test_explain_lists_only_rules_each_once(capsys):
    from vsoracle.cli.report import explain_lines

    path = ROOT / "tests" / "rulings" / "team-attack-defender-evades.scenario.toml"
    result = run_scenario(load_scenario(path, default_database()))
    (line,) = [x for x in explain_lines(result) if x.startswith("Rules consulted: ")]
    parts = line.removeprefix("Rules consulted: ").split("; ")
    rules = [p.split(" (")[0].split(" [")[0] for p in parts]
    assert len(rules) == len(set(rules)), parts
    assert all(p.startswith(("CR ", "FAQ ", "keyword ", "digest ", "[")) for p in parts), parts
    assert not any("scenario" in p or "explored" in p or "assumption" in p for p in parts)
    assert any(p.startswith("CR 407 (Attack Step) [") and "M481" in p for p in parts)
