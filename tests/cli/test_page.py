"""The ruling page (``resolve FILE --html OUT.html``) as built, read without a browser: what it
says, that it is self-contained, that a file's text stays text, that its links land.
tests/cli/test_ruling_page.py loads it in a real browser."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from vsoracle.cards import default_database
from vsoracle.cli import app
from vsoracle.cli.page import ruling_page
from vsoracle.cli.report import run_with_stages as run_for_page
from vsoracle.cli.report import ruling
from vsoracle.scenario.load import load_scenario

from .page_dom import dangling_links, parse

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
ULTRON = ROOT / "examples" / "ultron-when-you-recruit.toml"
FOUR = ROOT / "examples" / "four-yes-or-no.toml"
ESCAPE = DATA / "page-escape.toml"
BACKUP = ROOT / "tests" / "rulings" / "backup-build-phase-only.scenario.toml"
ALLOWED = ROOT / "tests" / "rulings" / "power-up-card-from-hand-only.scenario.toml"

#: The committed example page the README's Quick start links, and the file it is made from.
EXAMPLE_PAGE = ROOT / "docs" / "examples" / "ultron-when-you-recruit.html"
EXAMPLE_SOURCE = "examples/ultron-when-you-recruit.toml"


def _page(path: Path, shown: str | None = None):
    sc = load_scenario(path, default_database())
    result, stages = run_for_page(sc)
    html = ruling_page(result, stages, shown_path=shown)
    return result, html, parse(html)


def test_one_outcome_page_says_the_question_the_ruling_and_every_step():
    result, html, dom = _page(ULTRON)
    sc = result.scenario
    assert dom.find("h1", id="question").text() == sc.title
    assert dom.find(id="ruling").find(cls="sentence").text() == ruling(result)  # the sentence resolve prints
    assert "pass" in dom.find(id="ruling").classes and dom.find(cls="verdict").text() == "Yes"
    outcomes = dom.find_all("section", cls="outcome")
    assert len(outcomes) == 1
    steps = outcomes[0].find_all("li", cls="step")
    assert [s.find("h4").text().split(" ", 2)[:2] for s in steps][1:] == [["Step", str(k)] for k in
                                                                          range(1, len(sc.steps) + 1)]
    assert all(len(s.find_all("svg")) == 1 for s in steps)      # the start and a board after every step
    marks = [li.find(cls="mark").text() for li in dom.find(id="checks").find_all("li")]
    assert marks == ["✓"] * len(result.checks)
    after3 = [li.text() for li in steps[3].find("ul", cls="step-checks").find_all("li")]  # read beside its board
    assert after3 == ['✓ chain = ["recruit:ultron", "trigger:ultron"] — found ["recruit:ultron", "trigger:ultron"]',
                      '✓ wtw.zone = "resource_row" — found resource_row', "✓ A.resource_points = 0 — found 0"]


def test_the_board_draws_the_chain_as_a_stack_with_the_top_link_first():
    _result, _html, dom = _page(ULTRON)
    after2 = dom.find("li", id="outcome-1-step-2").find("svg")
    texts = [t.text() for t in after2.find_all("text")]
    assert "Chain: 2 links, the top one resolves first" in texts
    top = texts.index("2 · top")
    bottom = texts.index("1 · bottom")
    assert top < bottom                                        # drawn from the top down
    assert texts[top + 1].startswith("trigger: Ultron") and texts[bottom + 1].startswith("recruit: Ultron")
    assert "“Gain 5 resource points.”" in texts
    assert "◆ priority" in texts and "Resource row (5)" in texts
    assert any(t.startswith("1 ▲ Supreme Sanction") for t in texts)        # face up
    assert any(t.startswith("2 ▼ Walk Through Walls") for t in texts)      # face down


def test_characters_show_their_state_stats_counters_and_equipment():
    _result, _html, dom = _page(DATA / "board.toml")
    svg = dom.find("li", id="outcome-1-step-0").find("svg")
    cards = [g for g in svg.find_all("g", cls="b-char")]
    by_id = {g.find("text", cls="b-id").text(): g for g in cards}
    soldier = " ".join(t.text() for t in by_id["front1"].find_all("text"))   # top to bottom; a long line wraps
    assert soldier.startswith("Test Soldier, Army front1 4 ATK / 7 DEF ready 1 +1 ATK counter 2 +1 DEF counters ⚙")
    assert soldier.endswith("Force Field Belt")
    assert "b-char-exhausted" in by_id["back2"].classes and "b-char-stunned" in by_id["foe"].classes
    assert "STUNNED" in by_id["foe"].text()
    assert len(svg.find_all("text", cls="b-player")) == 2


def _said_for(dom, anchor: str) -> str:
    """The text of the <dd> after the <dt id=anchor> in the Sources."""
    dt = dom.find("dt", id=anchor)
    siblings = [c for c in dt.parent.children if not isinstance(c, str)]
    return siblings[siblings.index(dt) + 1].text()


def test_every_citation_links_to_its_entry_in_the_sources():
    _result, html, dom = _page(ULTRON)
    cites = [a for a in dom.find_all("a") if (a.attrs.get("href") or "").startswith(("#ref-", "#src-"))]
    assert cites and not dangling_links(dom)
    cr216 = dom.find("dt", id="ref-CR-216")
    assert cr216.text() == "CR 216" and _said_for(dom, "ref-CR-216").startswith("Comprehensive Rules: ")
    assert any(a.attrs["href"] == "#ref-FAQ-GM-1" for a in cites)
    gm1 = _said_for(dom, "ref-FAQ-GM-1")                            # the FAQ entry, quoted for a judge
    assert "Reservist cards are character cards" in gm1 and "before you get priority" in gm1
    v27 = dom.find("dt", id="src-V27")                              # a source, with its external address
    assert "Comprehensive Rules v2.7" in v27.text()
    assert any(a.attrs.get("href", "").startswith("https://") for a in dom.find(id="sources").find_all("a"))


def test_the_page_is_self_contained_and_made_for_phones():
    _result, html, dom = _page(FOUR)
    assert dom.find("meta", name="viewport").attrs["content"].startswith("width=device-width")
    assert not dom.find_all("link") and not dom.find_all("img") and not dom.find_all("iframe")
    assert not [n for n in dom.walk() if "src" in n.attrs]                    # nothing loaded from anywhere
    style = dom.find("style").text()
    assert "url(" not in style and "@import" not in style and "prefers-color-scheme" in style
    scripts = dom.find_all("script")
    assert len(scripts) == 1 and "src" not in scripts[0].attrs                # inline, for the tabs only
    assert not re.search(r"/work/|/home/|/tmp/|\b20\d\d-\d\d-\d\d\b", html)     # nothing volatile


def test_several_outcomes_one_section_each_with_the_choices_that_lead_there():
    result, _html, dom = _page(FOUR)
    sections = dom.find_all("section", cls="outcome")
    assert len(sections) == len(result.outcomes) == 16
    assert not any(s.hidden() for s in sections)                  # without JavaScript, every one shows
    for i, (s, out) in enumerate(zip(sections, result.outcomes), start=1):
        assert s.attrs["id"] == f"outcome-{i}"
        picks = [li.text() for li in s.find("ol", cls="choices").find_all("li")]
        assert [p.split(" ", 2)[2] for p in picks] == list(out.said)    # "step 2 A may draw a card: yes"
        assert picks[0].startswith("step 2 A may draw a card: ")
    rows = dom.find("table", cls="table").find_all("tr")[1:]
    assert [r.find("a").attrs["href"] for r in rows] == [f"#outcome-{i}" for i in range(1, 17)]
    # the checks read off each outcome: p.zone holds in all, A.endurance = 47 only in some
    for s, out in zip(sections, result.outcomes):
        marks = {li.text().split(" — ")[0][2:]: li.find(cls="mark").text() for li in s.find("ul", cls="outcome-checks")
                 .find_all("li")}
        assert marks['p.zone = "ko_pile"'] == "✓"
        assert marks["A.endurance = 47 (in some outcome)"] == ("✓" if out.state.player("A").endurance == 47 else "–")


def test_each_outcome_shows_the_boards_of_its_own_line_of_play():
    result, _html, dom = _page(FOUR)
    for i, out in enumerate(result.outcomes, start=1):
        final = dom.find("li", id=f"outcome-{i}-step-2").find("svg")
        endurance = [t.text() for t in final.find_all("text", cls="b-endurance")]
        assert endurance[-1] == str(out.state.player("A").endurance)      # the first player at the bottom
    start = {dom.find("li", id=f"outcome-{i}-step-1").find("svg").text() for i in range(1, 17)}
    assert len(start) == 1                                        # before the choices, one position


def test_text_from_a_file_is_shown_as_text_never_as_markup():
    _result, html, dom = _page(ESCAPE)
    assert not dom.find_all("script") and not dom.find_all("img") and not dom.find_all("b")
    assert "<script>alert('title')</script> & <b>bold</b>" in dom.find("h1").text()
    assert "<img src=x onerror=alert('source')> & Co" in dom.find("header").text()
    log = dom.find("ol", cls="log").text()
    assert "<script>alert('card')</script> & Sons" in log
    assert any("play: <script>alert('card')</script> & Sons (p)" in s.text() for s in dom.find_all("svg"))
    assert "<script" not in html and "<img" not in html


def test_a_rejected_step_and_its_check():
    result, _html, dom = _page(BACKUP)
    last = dom.find("li", id=f"outcome-1-step-{len(result.scenario.steps)}")
    assert "expected to be rejected" in last.find("h4").text()
    assert "is rejected" in last.find("li", cls="ev-legality").text()
    assert last.find_all("svg")                                   # the board stays as it was
    assert "is rejected by the rules" in last.find("ul", cls="step-checks").text()
    rejected = [li for li in dom.find(id="checks").find_all("li") if "is rejected by the rules" in li.text()]
    assert rejected and all(li.find(cls="mark").text() == "✓" for li in rejected)


def test_a_refused_allowed_step_stops_its_line_of_play_and_the_page_says_so(tmp_path):
    text = ALLOWED.read_text(encoding="utf-8")
    wrong = tmp_path / "stops.toml"   # step 1 (power up from the deck) said to be allowed: the rules refuse it
    wrong.write_text(text.replace('with = "in-deck"\nrejected = true', 'with = "in-deck"\nallowed = true', 1),
                     encoding="utf-8")
    result, _html, dom = _page(wrong)
    assert result.outcomes[0].stopped and not result.passed
    assert "Stopped: step 1 was refused" in dom.find(cls="stopped").text()
    assert "was expected to be allowed, but the rules refuse it" in dom.find("li", id="outcome-1-step-1").text()
    assert "Not played" in dom.find("li", id="outcome-1-step-2").text()
    assert not dangling_links(dom) and dom.find(cls="verdict").text() == "No"


def test_a_failing_check_still_writes_the_page_and_exits_1(tmp_path):
    text = (ROOT / "examples" / "uniqueness-names.toml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace('pym.zone = "ko_pile"', 'pym.zone = "in_play"'), encoding="utf-8")
    out = tmp_path / "page.html"
    r = runner.invoke(app, ["resolve", str(wrong), "--html", str(out)])
    assert r.exit_code == 1 and r.stdout.startswith("Ruling:")
    dom = parse(out.read_text(encoding="utf-8"))
    assert "fail" in dom.find(id="ruling").classes and dom.find(cls="verdict").text() == "No"
    bad = [li for li in dom.find(id="checks").find_all("li") if "bad" in li.classes]
    assert [li.find("code").text() for li in bad] == ['pym.zone = "in_play"']
    assert "found ko_pile" in bad[0].text()
    assert "wrong.toml" in dom.find("footer").text() and str(tmp_path) not in out.read_text(encoding="utf-8")


def test_resolve_html_prints_the_report_and_writes_the_page(tmp_path):
    out = tmp_path / "u.html"
    r = runner.invoke(app, ["resolve", str(ULTRON), "--html", str(out), "--quiet"])
    assert r.exit_code == 0
    plain = runner.invoke(app, ["resolve", str(ULTRON), "--quiet", "--no-cache"])
    assert r.stdout == plain.stdout                                  # the same report, and the page besides
    assert parse(out.read_text(encoding="utf-8")).find(id="ruling")


def test_html_with_several_files_is_refused_in_one_line(tmp_path):
    r = runner.invoke(app, ["resolve", str(ULTRON), str(FOUR), "--html", str(tmp_path / "x.html")])
    assert r.exit_code == 2 and not (tmp_path / "x.html").exists()
    assert len(r.stderr.strip().splitlines()) == 1 and "--html writes one page for one file" in r.stderr


def test_html_into_a_folder_that_does_not_exist_is_one_line(tmp_path):
    r = runner.invoke(app, ["resolve", str(ULTRON), "--html", str(tmp_path / "no" / "x.html")])
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1 and "cannot write the ruling page" in r.stderr


def test_the_committed_example_page_is_current():
    """docs/examples/ultron-when-you-recruit.html, which the README links, is what vsoracle writes
    today (regenerate: vsoracle resolve examples/ultron-when-you-recruit.toml --html
    docs/examples/ultron-when-you-recruit.html, from the repository's root)."""
    _result, html, _dom = _page(ROOT / EXAMPLE_SOURCE, shown=EXAMPLE_SOURCE)
    assert EXAMPLE_PAGE.read_text(encoding="utf-8") == html, "regenerate the example page (see this test's docstring)"


def test_a_page_from_standard_input_says_so(tmp_path):
    out = tmp_path / "piped.html"
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", "-", "--html", str(out), "--quiet"],
                       input=ULTRON.read_text(encoding="utf-8"), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert parse(out.read_text(encoding="utf-8")).find("footer").find("code").text() == "standard input"


def test_an_attack_is_drawn_with_who_attacks_and_who_defends():
    _result, _html, dom = _page(ROOT / "tests" / "rulings" / "attacker-stunned-leaves-attack.scenario.toml")
    during = [svg for svg in dom.find_all("svg") if "⚔ Attack by A: r1, r2 → wall" in svg.text()]
    assert during
    cards = {g.find("text", cls="b-id").text(): " ".join(t.text() for t in g.find_all("text"))
             for g in during[0].find_all("g", cls="b-char")}
    assert cards["r1"].endswith("⚔ attacking") and cards["wall"].endswith("defending")
