"""The FAQ ruling suite covers the whole Avengers FAQ, and docs/faq-coverage.md says so truthfully.

The entry list is read from the FAQ text (``tools/faq_coverage.py``), so an FAQ entry nobody wrote
rulings for fails here rather than going unnoticed.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_tool():
    path = ROOT / "tools" / "faq_coverage.py"
    spec = importlib.util.spec_from_file_location("faq_coverage", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("faq_coverage", module)
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


@pytest.fixture(scope="module")
def cov():
    return tool.collect(ROOT)


def _listing(items: list[str]) -> str:
    return "\n  " + "\n  ".join(items)


def test_doc_is_up_to_date():
    doc = ROOT / tool.DOC_PATH
    assert doc.is_file(), "docs/faq-coverage.md is missing: run `python tools/faq_coverage.py`"
    assert doc.read_text(encoding="utf-8") == tool.render_coverage(ROOT), (
        "docs/faq-coverage.md is stale (the FAQ, a rulings file or a scenario header changed): "
        "run `python tools/faq_coverage.py` and commit the result")


def test_faq_entries_are_read_from_the_faq(cov):
    names = [e.name for e in cov.entries]
    assert names[:10] == [f"General Mechanics {n}" for n in range(1, 11)]
    assert "AIDA" in names and "Windstorm" in names
    assert len(names) == len(set(names)), "two FAQ entries with one name"


def test_every_entry_has_a_ruling(cov):
    missing = [e.name for e in cov.entries_without_rulings()]
    assert not missing, "FAQ entries without any [[ruling]] in tests/faq/rulings-*.toml:" + _listing(missing)


def test_every_ruling_has_a_main_scenario(cov):
    missing = [f"{r.id} ({r.entry})" for r in cov.rulings_without(variation=False)]
    assert not missing, "rulings no `variation = false` scenario names:" + _listing(missing)


def test_every_ruling_has_a_variation(cov):
    missing = [f"{r.id} ({r.entry})" for r in cov.rulings_without(variation=True)]
    assert not missing, "rulings no `variation = true` scenario names:" + _listing(missing)


def test_the_rulings_and_scenario_headers_have_no_problems(cov):
    """Ruling ids are unique, every ruling and scenario names an FAQ entry, every scenario names
    rulings that exist and belong to its entry (the checks ``collect`` makes, listed in the doc)."""
    assert not cov.problems, "problems in tests/faq (also listed at the end of docs/faq-coverage.md):" + _listing(
        cov.problems)


def test_each_kind_of_problem_is_found(tmp_path):
    """The checks themselves: a copy of the FAQ with one mistake of each kind gives one problem each."""
    (tmp_path / tool.FAQ_PATH).parent.mkdir(parents=True)
    (tmp_path / tool.FAQ_PATH).write_bytes((ROOT / tool.FAQ_PATH).read_bytes())
    faq = tmp_path / tool.FAQ_DIR
    faq.mkdir(parents=True)
    (faq / "rulings-x.toml").write_text(
        '[[ruling]]\nid = "r1"\nentry = "AIDA"\ntext = "t"\n\n'
        '[[ruling]]\nid = "r1"\nentry = "AIDA"\ntext = "again"\n\n'
        '[[ruling]]\nid = "r2"\nentry = "No Such Card"\ntext = "t"\n\n'
        '[[ruling]]\nid = "r3"\nentry = "Windstorm"\ntext = "t"\n', encoding="utf-8")
    headers = {
        "ok": 'faq = "AIDA"\nrulings = ["r1"]',
        "unknown-entry": 'faq = "Nobody"\nrulings = ["r1"]',
        "no-faq": 'rulings = ["r1"]',
        "no-rulings": 'faq = "AIDA"\nrulings = []',
        "unknown-ruling": 'faq = "AIDA"\nrulings = ["r9"]',
        "other-entry": 'faq = "AIDA"\nrulings = ["r3"]',
    }
    for name, header in headers.items():
        (faq / f"{name}.scenario.toml").write_text(f"[scenario]\n{header}\n", encoding="utf-8")
    (faq / "broken.scenario.toml").write_text("[scenario\n", encoding="utf-8")
    found = tool.collect(tmp_path).problems
    expected = ["ruling id `r1` is used twice", "ruling `r2`", "broken.scenario.toml", "unknown-entry.scenario.toml",
                "no-faq.scenario.toml", "no-rulings.scenario.toml", "unknown-ruling.scenario.toml",
                "other-entry.scenario.toml"]
    for piece in expected:
        assert sum(piece in p for p in found) >= 1, (piece, found)
    assert not any("(../tests/faq/ok.scenario.toml)" in p for p in found), found


def test_check_mode_reports_stale_doc(tmp_path, capsys):
    """``--check`` exits 1 on a stale document and 0 on a fresh one (on a copy of the inputs)."""
    for rel in (tool.FAQ_PATH, tool.DOC_PATH):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / tool.FAQ_PATH).write_bytes((ROOT / tool.FAQ_PATH).read_bytes())
    faq_dir = tmp_path / tool.FAQ_DIR
    faq_dir.mkdir(parents=True)
    for path in (ROOT / tool.FAQ_DIR).glob(tool.RULINGS_GLOB):
        (faq_dir / path.name).write_bytes(path.read_bytes())
    (tmp_path / tool.DOC_PATH).write_text("stale\n", encoding="utf-8")
    assert tool.main(["--check", "--root", str(tmp_path)]) == 1
    assert "stale" in capsys.readouterr().err
    assert tool.main(["--root", str(tmp_path)]) == 0
    assert tool.main(["--check", "--root", str(tmp_path)]) == 0
    text = (tmp_path / tool.DOC_PATH).read_text(encoding="utf-8")
    # no scenarios in the copy: every ruling is a gap, and the document says so
    assert "| rulings without a main scenario | 0 |" not in text
    assert "⚠ none" in text


def test_missing_entry_shows_as_gap(tmp_path):
    """An FAQ entry without rulings appears in the document (the list comes from the FAQ)."""
    (tmp_path / tool.FAQ_PATH).parent.mkdir(parents=True)
    (tmp_path / tool.FAQ_PATH).write_bytes((ROOT / tool.FAQ_PATH).read_bytes())
    (tmp_path / tool.FAQ_DIR).mkdir(parents=True)
    cov = tool.collect(tmp_path)
    assert len(cov.entries_without_rulings()) == len(cov.entries)
    assert "⚠ **No rulings.**" in tool.render_coverage(tmp_path)
