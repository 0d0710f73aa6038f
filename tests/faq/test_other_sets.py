"""The other sets' FAQ suites (tests/faq/<SET>/): every ruling has what its status promises, and
docs/faq-other-sets.md says so truthfully (``tools/faq_other_sets.py``)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from vsoracle.cards.sets import SET_CODES

ROOT = Path(__file__).resolve().parents[2]


def _load_tool():
    path = ROOT / "tools" / "faq_other_sets.py"
    spec = importlib.util.spec_from_file_location("faq_other_sets", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("faq_other_sets", module)
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


@pytest.fixture(scope="module")
def found():
    return tool.collect(ROOT)


def test_doc_is_up_to_date():
    doc = ROOT / tool.DOC_PATH
    assert doc.is_file(), "docs/faq-other-sets.md is missing: run `python tools/faq_other_sets.py`"
    assert doc.read_text(encoding="utf-8") == tool.render(ROOT), (
        "docs/faq-other-sets.md is stale (a rulings file, a scenario header or a PENDING file changed): "
        "run `python tools/faq_other_sets.py` and commit the result")


def test_no_problems(found):
    assert not found.problems, "problems in tests/faq/<SET>/ (also listed at the end of docs/faq-other-sets.md):\n  " \
        + "\n  ".join(found.problems)


def test_every_folder_is_a_set_of_the_game(found):
    assert found.sets, "no set folder found under tests/faq"
    assert [s.code for s in found.sets if s.code not in SET_CODES] == []


def test_every_ruling_that_plays_has_a_main_scenario_and_a_variation(found):
    for s in found.sets:
        for r in s.rulings:
            if r.status in ("scenario", "pending"):
                assert s.scenarios_of(r.id, False) and s.scenarios_of(r.id, True), r.id


def _copy(tmp_path: Path, code: str) -> Path:
    """A tree with the tool's inputs for one set folder (and the waiting list)."""
    (tmp_path / tool.WAITING_PATH).parent.mkdir(parents=True)
    shutil.copy(ROOT / tool.WAITING_PATH, tmp_path / tool.WAITING_PATH)
    shutil.copytree(ROOT / tool.FAQ_DIR / code, tmp_path / tool.FAQ_DIR / code)
    return tmp_path / tool.FAQ_DIR / code


def test_each_kind_of_problem_is_found(tmp_path):
    """The checks themselves: one mistake of each kind gives a problem naming it."""
    folder = tmp_path / tool.FAQ_DIR / "XYZ"
    folder.mkdir(parents=True)
    (tmp_path / tool.WAITING_PATH).parent.mkdir(parents=True)
    (tmp_path / tool.WAITING_PATH).write_text("`x-listed` and `x-played` wait\n", encoding="utf-8")
    ruling = 'id = "{id}"\nsource = "s"\nurl = "u"\nquote = "q"\nstatus = "{status}"\n{extra}'
    rulings = [("x-ok", "scenario", ""), ("x-no-var", "scenario", ""), ("x-pending", "pending", 'why = "w"\n'),
               ("x-ok", "scenario", ""), ("x-unlisted", "waiting", 'why = "w"\n'),
               ("x-listed", "waiting", 'why = "w"\n'),
               ("x-bad", "maybe", ""), ("x-none", "none", ""), ("x-played", "waiting", 'why = "w"\n'),
               ("x-unpending", "pending", 'why = "w"\n')]
    (folder / "rulings.toml").write_text('[set]\ncode = "XYZ"\nname = "Test"\n\n' + "\n".join(
        "[[ruling]]\n" + ruling.format(id=i, status=st, extra=ex) for i, st, ex in rulings), encoding="utf-8")
    header = '[scenario]\ntitle = "t"\nsource = "{source}"\nrulings = {ids}\nvariation = {var}\n'
    scenarios = {"ok": ('["x-ok"]', "false"), "ok--var": ('["x-ok"]', "true"), "no-var": ('["x-no-var"]', "false"),
                 "pend": ('["x-pending"]', "false"), "pend--var": ('["x-pending"]', "true"),
                 "unlisted": ('["x-unpending"]', "false"), "unlisted--var": ('["x-unpending"]', "true"),
                 "ghost": ('["x-ghost"]', "false"), "played": ('["x-played"]', "false")}
    for name, (ids, var) in scenarios.items():
        (folder / f"{name}.scenario.toml").write_text(header.format(source="FAQ", ids=ids, var=var), encoding="utf-8")
    (folder / "nosource.scenario.toml").write_text(header.format(source="", ids='["x-ok"]', var="true"),
                                                  encoding="utf-8")
    (folder / "PENDING").write_text("pend.scenario.toml\nmissing.scenario.toml\nok--var.scenario.toml\n",
                                    encoding="utf-8")
    (tmp_path / tool.FAQ_DIR / "ABC").mkdir()
    (tmp_path / tool.FAQ_DIR / "ABC" / "a.scenario.toml").write_text("[scenario]\n", encoding="utf-8")
    problems = tool.collect(tmp_path).problems
    expected = ["`x-ok` is used twice", "`x-no-var` (scenario) has no variation", "ok--var.scenario.toml` plays "
                "ruling `x-ok` (scenario): it must not be listed", "`x-unpending` is pending, but none",
                "`x-unlisted` is waiting, but",
                "status “maybe”", "`x-none` (none) needs `why`", "`x-played` is “waiting”, yet",
                "names ruling `x-ghost`", "nosource.scenario.toml` needs a `source`", "lists `missing.scenario.toml`",
                "`tests/faq/ABC` has scenarios but no rulings.toml"]
    for piece in expected:
        assert sum(piece in p for p in problems) == 1, (piece, problems)
    assert not any("x-listed" in p for p in problems), problems
    assert len(problems) == len(expected), problems


def test_check_mode_reports_a_stale_doc(tmp_path, capsys):
    code = tool.collect(ROOT).sets[0].code
    _copy(tmp_path, code)
    (tmp_path / tool.DOC_PATH).write_text("stale\n", encoding="utf-8")
    assert tool.main(["--check", "--root", str(tmp_path)]) == 1
    assert "stale" in capsys.readouterr().err
    assert tool.main(["--root", str(tmp_path)]) == 0
    assert tool.main(["--check", "--root", str(tmp_path)]) == 0
    # drop the variations: the page then lists the problem
    for path in (tmp_path / tool.FAQ_DIR / code).glob("*--var.scenario.toml"):
        path.unlink()
    text = tool.render(tmp_path)
    assert "has no variation" in text and "None: every ruling" not in text
