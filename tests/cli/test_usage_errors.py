"""Usage errors in one line (issue 16): the command, what is wrong, what would be right or the help to
read; exit 2, on stderr, never click's three lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vsoracle.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
FILE = str(ROOT / "examples" / "uniqueness-names.toml")

CASES = [
    (["resolve", "--bogus", FILE], "vsoracle resolve: no such option --bogus — see 'vsoracle resolve -h'"),
    (["resolve", FILE, "--outcome", "3"],
     "vsoracle resolve: no such option --outcome — did you mean --outcomes? (see 'vsoracle resolve -h')"),
    (["--bogus"], "vsoracle: no such option --bogus — see 'vsoracle -h'"),
    (["resolve"], "vsoracle resolve: missing FILE... — see 'vsoracle resolve -h'"),
    (["explain"], "vsoracle explain: missing FILE — see 'vsoracle explain -h'"),
    (["cards", "show"], "vsoracle cards show: missing TITLE — see 'vsoracle cards show -h'"),
    (["resolve", FILE, "--budget", "many"],
     "vsoracle resolve: invalid value for --budget: \"many\" is not a whole number — see 'vsoracle resolve -h'"),
    (["resolve", FILE, "--outcomes", "0"],
     "vsoracle resolve: invalid value for --outcomes: 0 is less than 1 — see 'vsoracle resolve -h'"),
    # digits that are not ASCII digits, and more digits than any budget: refused at once (issue 24, 10)
    (["resolve", FILE, "--no-cache", "--budget", "²", "--board"],
     "vsoracle resolve: invalid value for --budget: \"²\" is not a whole number — see 'vsoracle resolve -h'"),
    (["perft", FILE, "--depth", "9" * 5000],
     "vsoracle perft: invalid value for --depth: \"999999999999\"… has more than 100 digits — see 'vsoracle perft -h'"),
    (["show", FILE, "--step", "③"],
     "vsoracle show: invalid value for --step: \"③\" is not a whole number — see 'vsoracle show -h'"),
    (["resolve", FILE, "--bogus\x1b[2J"],
     "vsoracle resolve: no such option --bogus\\u001b[2J — see 'vsoracle resolve -h'"),
    (["cards", "lst\x07"], "vsoracle cards: no such command \"lst\\u0007\" — did you mean 'list'? (see 'vsoracle cards -h')"),
    ([], None),
    (["cards", "list", "--set"], "vsoracle cards list: --set requires a value — see 'vsoracle cards list -h'"),
    (["show", FILE, "extra"], "vsoracle show: unexpected extra arguments (extra) — see 'vsoracle show -h'"),
    (["resolv", FILE], "vsoracle: no such command 'resolv' — did you mean 'resolve'? (see 'vsoracle -h')"),
    (["cards", "lst"], "vsoracle cards: no such command 'lst' — did you mean 'list'? (see 'vsoracle cards -h')"),
    (["xplain"], "vsoracle: no such command 'xplain' — did you mean 'explain'? (see 'vsoracle -h')"),
]


@pytest.mark.parametrize("args, line", CASES, ids=lambda c: " ".join(c) if isinstance(c, list) else "")
def test_a_usage_error_is_one_line(args, line):
    if line is None:  # vsoracle alone: its help, on stderr, as a usage error
        done = runner.invoke(app, args, prog_name="vsoracle")
        assert done.exit_code == 2 and done.stdout == "" and done.stderr.startswith("Usage: vsoracle [OPTIONS] COMMAND")
        return
    done = runner.invoke(app, args, prog_name="vsoracle")
    assert done.exit_code == 2
    assert done.stdout == ""
    assert done.stderr == line + "\n"


def test_an_unknown_command_with_no_likely_one_lists_the_commands():
    done = runner.invoke(app, ["frobnicate"], prog_name="vsoracle")
    assert done.exit_code == 2
    what, _, rest = done.stderr.strip().partition(" — the commands are ")
    assert what == "vsoracle: no such command 'frobnicate'"
    listed = rest.removesuffix(" (see 'vsoracle -h')").split(", ")
    assert listed == sorted(listed) and {"resolve", "cards", "explain"} <= set(listed)


def test_the_suggestion_is_the_likest_name_not_the_first():
    # 'shw' is nearest to 'show', though 'cache' and 'cards' come first in the alphabet
    assert "did you mean 'show'?" in runner.invoke(app, ["shw"], prog_name="vsoracle").stderr
    assert "did you mean 'check'?" in runner.invoke(app, ["cards", "chek"], prog_name="vsoracle").stderr


def test_the_installed_command_names_itself_vsoracle_on_stderr(tmp_path):
    done = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", "--bogus", FILE], capture_output=True,
                          text=True, cwd=ROOT, env={"XDG_CACHE_HOME": str(tmp_path), "PATH": ""}, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "vsoracle resolve: no such option --bogus — see 'vsoracle resolve -h'\n"


def test_one_is_singular_in_what_play_and_a_scripted_answer_say(tmp_path):
    """"1 step", "1 answer": the count of one takes the singular (issue 16's "1 card", not "1 cards")."""
    from vsoracle.cli.play import run_session

    saved, said = tmp_path / "played.toml", []
    typed = iter(["pass = true", "q"])
    run_session(ROOT / "tests" / "cli" / "data" / "play.toml", saved, lambda _prompt: next(typed), said.append)
    assert said[-1] == f"saved 1 step to {saved}"
    extra = tmp_path / "extra.toml"
    extra.write_text('[game]\nphase = "build"\n[[step]]\npass = true\nchoose = [true]\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", str(extra), "--no-cache"], capture_output=True,
                          text=True, cwd=ROOT, env={"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": ""}, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == (f"{extra}:4: step 1 (pass = true) answered 0 decisions but choose has 1 answer"
                                   " — remove the extra answer")
