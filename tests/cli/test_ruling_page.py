"""The ruling page in a real browser: headless Chromium loads it, the test reads the DOM after
load (the tabs the page's script builds included) and what a person would see, and keeps
screenshots of it on a phone and on a desktop as artifacts (``artifacts/`` at the repository's
root, or ``$VSORACLE_ARTIFACTS``).

Chromium is Debian's package (``apt-get install chromium``; ``.ci/run`` installs it). Without it
the test skips, saying so — unless ``VSORACLE_BROWSER_TESTS=required`` (CI sets it), when a
missing browser fails.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from vsoracle.cards import default_database
from vsoracle.cli.page import ruling_page
from vsoracle.cli.report import run_with_stages as run_for_page
from vsoracle.cli.report import ruling
from vsoracle.scenario.load import load_scenario

from .page_dom import dangling_links, parse

ROOT = Path(__file__).resolve().parents[2]
FOUR = ROOT / "examples" / "four-yes-or-no.toml"
ULTRON = ROOT / "examples" / "ultron-when-you-recruit.toml"
PHONE = (390, 1600)
DESKTOP = (1280, 1600)
#: Where Debian's package puts the browser, if it is not on PATH.
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")


def _browser() -> str:
    found = shutil.which("chromium") or (str(SYSTEM_CHROMIUM) if SYSTEM_CHROMIUM.exists() else None)
    if found:
        return found
    if os.environ.get("VSORACLE_BROWSER_TESTS") == "required":
        pytest.fail("VSORACLE_BROWSER_TESTS=required but no chromium: .ci/run installs it "
                    "(apt-get install -y --no-install-recommends chromium)")
    pytest.skip("no chromium to load the ruling page in: apt-get install -y --no-install-recommends chromium "
                "(Debian), or set VSORACLE_BROWSER_TESTS=required to make this a failure")


def _chromium(tmp_path: Path, *args: str) -> str:
    """Run headless Chromium with a throwaway profile and nothing fetched; its standard output."""
    cmd = [_browser(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--hide-scrollbars", f"--user-data-dir={tmp_path / 'profile'}", *args]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _artifacts() -> Path:
    folder = Path(os.environ.get("VSORACLE_ARTIFACTS") or ROOT / "artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its header (and a check that it is one)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def _write(tmp_path: Path, source: Path, name: str):
    result, stages = run_for_page(load_scenario(source, default_database()))
    page = tmp_path / name
    page.write_text(ruling_page(result, stages, shown_path=f"examples/{source.name}"), encoding="utf-8")
    return result, page


def test_several_outcomes_in_a_browser_tabs_and_what_a_person_sees(tmp_path):
    result, page = _write(tmp_path, FOUR, "four.html")
    dom = parse(_chromium(tmp_path, "--dump-dom", page.as_uri()))
    assert dom.find(id="ruling").find(cls="sentence").text() == ruling(result)
    sections = dom.find_all("section", cls="outcome")
    assert len(sections) == len(result.outcomes) == 16
    tabs = dom.find(cls="tabbar").find_all("button")             # built by the page's script
    assert [t.text() for t in tabs] == [f"Outcome {i}" for i in range(1, 17)]
    assert [t.attrs.get("aria-selected") for t in tabs] == ["true"] + ["false"] * 15
    assert [s.hidden() for s in sections] == [False] + [True] * 15   # one outcome at a time
    shown = sections[0]
    assert len(shown.find_all("svg")) == len(result.scenario.steps) + 1
    assert [li.text() for li in shown.find("ol", cls="choices").find_all("li")][0] == "step 2 A may draw a card: yes"
    assert not dangling_links(dom)
    marks = [li.find(cls="mark").text() for li in dom.find(id="checks").find_all("li")]
    assert marks == ["✓"] * len(result.checks)


def test_the_page_fits_a_phone_and_screenshots_are_kept(tmp_path):
    """At 390 px wide nothing makes the page scroll sideways and the boards fit the screen; the
    screenshots on a phone and on a desktop are kept, and are real images of those sizes."""
    _result, page = _write(tmp_path, ULTRON, "ultron.html")
    probe = tmp_path / "probe.html"
    probe.write_text(f"""<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="{page.name}" style="width:{PHONE[0]}px;height:900px;border:0"></iframe>
<pre id="out"></pre>
<script>
document.getElementById('f').onload = function () {{
  var d = this.contentDocument, e = d.documentElement;
  var boards = [].slice.call(d.querySelectorAll('svg.board')).map(function (s) {{ return s.getBoundingClientRect().right; }});
  document.getElementById('out').textContent = JSON.stringify({{scroll: e.scrollWidth, client: e.clientWidth, boards: boards}});
}};
</script></body></html>""", encoding="utf-8")
    dom = parse(_chromium(tmp_path, "--allow-file-access-from-files", "--dump-dom",
                          probe.as_uri()))
    seen = json.loads(dom.find("pre", id="out").text())
    assert seen["scroll"] <= seen["client"] <= PHONE[0], seen       # no sideways scrolling of the page
    assert seen["boards"] and max(seen["boards"]) <= seen["client"], seen  # every board within the screen
    shots = _artifacts()
    for label, (width, height) in (("phone", PHONE), ("desktop", DESKTOP)):
        shot = shots / f"ruling-page-{label}.png"
        shot.unlink(missing_ok=True)
        _chromium(tmp_path, f"--screenshot={shot}", f"--window-size={width},{height}", page.as_uri())
        assert _png_size(shot) == (width, height)


def test_without_chromium_it_skips_saying_how_to_install_it_or_fails_where_required(monkeypatch, tmp_path):
    import sys

    here = sys.modules[__name__]
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    monkeypatch.setattr(here, "SYSTEM_CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.delenv("VSORACLE_BROWSER_TESTS", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install -y --no-install-recommends chromium"):
        _browser()
    monkeypatch.setenv("VSORACLE_BROWSER_TESTS", "required")
    with pytest.raises(pytest.fail.Exception, match="VSORACLE_BROWSER_TESTS=required"):
        _browser()
