"""The bundled examples answer their questions (the README's main command runs one)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from vsoracle.cards import load_database
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_holds(path):
    result = run_scenario(load_scenario(path, load_database()))
    assert result.checks and result.passed, [c for c in result.checks if not c.ok]


def test_readme_main_command_answers_the_ultron_question():
    out = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", "examples/ultron-when-you-recruit.toml",
                          "--json"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["passed"] is True
    log = [e["text"] for e in report["outcomes"][0]["log"]]
    trigger = next(i for i, t in enumerate(log) if t.startswith("A gains 5 resource points"))
    arrives = next(i for i, t in enumerate(log) if t.startswith("ultron comes into play"))
    assert trigger < arrives, "the 'when you recruit' trigger resolves before Ultron comes into play"


def test_a_failing_check_exits_1(tmp_path):
    text = (ROOT / "examples" / "uniqueness-names.toml").read_text(encoding="utf-8")
    path = tmp_path / "wrong.toml"
    path.write_text(text.replace('pym.zone = "ko_pile"', 'pym.zone = "in_play"'), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", str(path)], capture_output=True, text=True)
    assert out.returncode == 1
    assert "✗ pym.zone = \"in_play\"" in out.stdout and "found ko_pile" in out.stdout


def test_the_readme_scenario_holds():
    """The scenario the README shows is a real one: it loads and its checks hold."""
    from vsoracle.scenario.load import parse_scenario

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```toml\n", 1)[1].split("```", 1)[0]
    result = run_scenario(parse_scenario(block, load_database(), "README.md"))
    assert result.checks and result.passed


def test_the_readme_shows_the_ruling_resolve_prints():
    """The Quick start's ruling line is the first line vsoracle resolve prints for the example."""
    from typer.testing import CliRunner

    from vsoracle.cli import app

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = "$ vsoracle resolve examples/ultron-when-you-recruit.toml\n"
    shown = readme.split(command, 1)[1].splitlines()[0]
    result = CliRunner().invoke(app, ["resolve", str(ROOT / "examples" / "ultron-when-you-recruit.toml"), "--no-cache"])
    assert result.exit_code == 0 and result.stdout.splitlines()[0] == shown
