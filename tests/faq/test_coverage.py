"""The FAQ ruling suite covers the whole Avengers FAQ, and docs/faq-coverage.md says so truthfully.

The entry list is read from the FAQ text (``tools/faq_coverage.py``), so an FAQ entry nobody wrote
rulings for fails here rather than going unnoticed.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
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


def test_ruling_ids_are_unique(cov):
    twice = sorted(rid for rid, n in Counter(r.id for r in cov.rulings).items() if n > 1)
    assert not twice, "ruling ids used more than once:" + _listing(twice)


def test_rulings_name_faq_entries(cov):
    names = {e.name for e in cov.entries}
    bad = [f"{r.id} ({r.file}): {r.entry!r}" for r in cov.rulings if r.entry not in names]
    assert not bad, "rulings whose entry is not an FAQ entry:" + _listing(bad)


def test_scenarios_name_existing_entries_and_rulings(cov):
    names = {e.name for e in cov.entries}
    rulings = {r.id: r for r in cov.rulings}
    bad: list[str] = []
    for s in cov.scenarios:
        if s.error:
            bad.append(f"{s.file}: {s.error}")
        if s.faq not in names:
            bad.append(f"{s.file}: faq = {s.faq!r} is not an FAQ entry")
        if not s.rulings:
            bad.append(f"{s.file}: names no rulings")
        for rid in s.rulings:
            if rid not in rulings:
                bad.append(f"{s.file}: unknown ruling {rid!r}")
            elif rulings[rid].entry != s.faq:
                bad.append(f"{s.file}: ruling {rid!r} belongs to {rulings[rid].entry!r}, not {s.faq!r}")
    assert not bad, "scenario headers that do not match the FAQ and the rulings:" + _listing(bad)


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
