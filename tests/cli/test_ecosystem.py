"""A CLI that fits the ecosystem (issue 16): -h, help without type noise, colour only on a terminal,
cards list for grep, several files and standard input, a byte-order mark, known sets, suggestions
by likeness, "1 card"."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vsoracle.cards import default_database, known_set_codes
from vsoracle.cli import app
from vsoracle.cli.colour import paint, wants_colour
from vsoracle.errors import UnknownCardError

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PASSING = EXAMPLES / "uniqueness-names.toml"
FOUR = EXAMPLES / "four-yes-or-no.toml"
COMMANDS = [[], ["resolve"], ["explain"], ["show"], ["parse"], ["cache"], ["cards"], ["cards", "list"],
            ["cards", "show"], ["cards", "check"]]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"}
    env.update(extra)
    return env


def _run(tmp_path: Path, *args: str, stdin: str | bytes | None = None, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vsoracle", *args], input=stdin, capture_output=True,
                          cwd=ROOT, env=_env(tmp_path, **env), timeout=120)


def _on_a_terminal(tmp_path: Path, *args: str, **env: str) -> str:
    """What the command writes when its standard output is a terminal (a pseudo-terminal)."""
    main, side = pty.openpty()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "vsoracle", *args], stdout=side, stderr=subprocess.DEVNULL,
                                stdin=subprocess.DEVNULL, cwd=ROOT, env=_env(tmp_path, **env))
        os.close(side)
        chunks = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal closed: the command is done
                break
            if not chunk:
                break
            chunks.append(chunk)
        proc.wait(timeout=120)
    finally:
        os.close(main)
    return b"".join(chunks).decode("utf-8")


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "vsoracle")
def test_dash_h_is_help_and_the_help_shows_names_not_types(command):
    short = runner.invoke(app, command + ["-h"])
    long = runner.invoke(app, command + ["--help"])
    assert short.exit_code == 0 and short.output == long.output
    assert short.output.startswith("Usage: ")
    for noise in ("<bool>", "<list", "<path>", "<str>", "{", "╭"):
        assert noise not in short.output, noise


def test_the_usage_lines_name_the_files():
    usage = lambda *c: runner.invoke(app, [*c, "-h"]).output.splitlines()[0]
    # FILE may be left out for --position FILE.json (issue 26), so it is shown in brackets
    assert usage("resolve").endswith("resolve [OPTIONS] [FILE...]")
    assert usage("explain").endswith("explain [OPTIONS] [FILE]")
    assert usage("cards", "check").endswith("check [OPTIONS] [FILE...]")


def test_colour_on_a_terminal_and_never_when_piped_or_no_color(tmp_path):
    coloured = _on_a_terminal(tmp_path, "resolve", str(PASSING), "-q")
    assert "\x1b[32m✓\x1b[0m" in coloured and "\x1b[1mChecks:\x1b[0m" in coloured
    assert "\x1b[1mRuling:\x1b[0m" in coloured
    assert "\x1b[" not in _on_a_terminal(tmp_path, "resolve", str(PASSING), "-q", NO_COLOR="1")
    piped = _run(tmp_path, "resolve", str(PASSING), "-q")
    assert piped.returncode == 0 and b"\x1b[" not in piped.stdout and "✓".encode() in piped.stdout
    assert "\x1b[" not in _on_a_terminal(tmp_path, "resolve", str(PASSING), "--json")
    explained = _on_a_terminal(tmp_path, "explain", str(PASSING))
    assert "\x1b[1mRuling:\x1b[0m" in explained


def test_paint_marks_only_checks_and_headings():
    text = "Checks:\n  ✓ a [at the end]\n  ✗ b [at the end]\nplain line"
    painted = paint(text).split("\n")
    assert painted[0] == "\x1b[1mChecks:\x1b[0m"
    assert painted[1] == "  \x1b[32m✓\x1b[0m a [at the end]" and painted[2] == "  \x1b[31m✗\x1b[0m b [at the end]"
    assert painted[3] == "plain line"

    class Terminal:
        def isatty(self):
            return True

    assert wants_colour(Terminal(), {}) and not wants_colour(Terminal(), {"NO_COLOR": "1"})
    assert not wants_colour(Terminal(), {"TERM": "dumb"}) and wants_colour(Terminal(), {"NO_COLOR": ""})


def test_cards_list_piped_is_one_full_tab_separated_line_a_card(tmp_path):
    done = _run(tmp_path, "cards", "list")
    assert done.returncode == 0
    lines = done.stdout.decode("utf-8").splitlines()
    cards = default_database().select()
    assert len(lines) == len(cards)                             # no header, no count: grep keeps every line whole
    by_number = {line.split("\t")[0]: line.split("\t") for line in lines}
    soldier = next(c for c in cards if c.number and c.atk is not None)
    fields = by_number[soldier.number]
    assert fields[:5] == [soldier.number, soldier.title, str(soldier.type), str(soldier.cost),
                          f"{soldier.atk}/{soldier.defense}"]
    longest = max(cards, key=lambda c: len(c.title))
    assert any(line.split("\t")[1] == longest.title for line in lines)   # never cut to a terminal's width


def test_an_unknown_set_or_type_is_one_line_with_what_is_known():
    done = runner.invoke(app, ["cards", "list", "--set", "XYZ"])
    assert done.exit_code == 2
    sets = known_set_codes(default_database())
    assert done.output.strip() == "error: --set XYZ: no such set — the known sets: " + ", ".join(sets)
    done = runner.invoke(app, ["cards", "list", "--type", "hero"])
    assert done.exit_code == 2 and done.output.strip().startswith("error: --type hero: no such card type — use ")
    known = runner.invoke(app, ["cards", "list", "--set", sets[0].lower(), "--json"])
    assert known.exit_code == 0


def test_several_files_each_answered_and_counted(tmp_path):
    failing = tmp_path / "failing.toml"
    failing.write_text(PASSING.read_text(encoding="utf-8").replace('pym.zone = "ko_pile"', 'pym.zone = "in_play"'),
                       encoding="utf-8")
    done = runner.invoke(app, ["resolve", str(PASSING), str(FOUR), str(failing), "-q", "--no-cache"])
    assert done.exit_code == 1
    lines = done.output.splitlines()
    assert lines[0] == f"==> {PASSING} <==" and f"==> {failing} <==" in lines
    assert lines[-1] == "3 scenarios: 2 hold, 1 fails"
    invalid = tmp_path / "invalid.toml"
    invalid.write_text('[scenario]\ntitle = "x"\n[game]\nphase = "build"\nbogus = 1\n', encoding="utf-8")
    done = runner.invoke(app, ["resolve", str(invalid), str(PASSING), "-q"])
    assert done.exit_code == 2
    assert done.output.splitlines()[-1] == "2 scenarios: 1 holds, 0 fail, 1 is invalid"
    assert f"{invalid}:5: unknown key 'bogus' in [game]" in done.output     # its one line, and the others go on
    assert runner.invoke(app, ["resolve", str(PASSING), str(FOUR), "--json"]).exit_code == 2


def test_standard_input_alone_and_among_files(tmp_path):
    text = PASSING.read_text(encoding="utf-8")
    alone = _run(tmp_path, "resolve", "-", "-q", stdin=text.encode("utf-8"))             # the fast path
    assert alone.returncode == 0 and b"5 of 5 checks hold." in alone.stdout
    among = _run(tmp_path, "resolve", str(FOUR), "-", "-q", stdin=text.encode("utf-8"))  # through typer
    out = among.stdout.decode("utf-8")
    assert among.returncode == 0 and "==> - <==" in out and out.rstrip().endswith("2 scenarios: 2 hold, 0 fail")


def test_a_byte_order_mark_on_standard_input_and_in_a_card_file(tmp_path):
    text = PASSING.read_text(encoding="utf-8")
    piped = _run(tmp_path, "resolve", "-", "-q", stdin="\ufeff".encode("utf-8") + text.encode("utf-8"))
    assert piped.returncode == 0 and b"5 of 5 checks hold." in piped.stdout
    cards = tmp_path / "mine.toml"
    cards.write_bytes("\ufeff".encode("utf-8") + b'[[card]]\nnumber = "EXM-001"\nname = "Crossroads"\n'
                      b'type = "plot twist"\ncost = 0\ntext = "You may draw a card."\n')
    done = runner.invoke(app, ["cards", "check", str(cards)])
    assert done.exit_code == 0 and done.output.strip() == "1 card: 1 runs, 0 parse only, 0 fail"


def test_did_you_mean_suggests_the_likest_titles():
    db = default_database()
    for wrong, meant in (("Quiksilver", "Quicksilver, Mutant Avenger"), ("Ultorn", "Ultron ◊ Ultron 5"),
                         ("Captian Marvel", "Monica Rambeau ◊ Captain Marvel, Lady of Light")):
        with pytest.raises(UnknownCardError) as error:
            db.find(wrong)
        assert error.value.hint == f"did you mean '{meant}'?", wrong
    assert [c.title for c in db.nearest("Walk Thru Walls")][:1] == ["Walk Through Walls"]
    with pytest.raises(UnknownCardError) as error:
        db.find("zzzz")
    assert "did you mean" not in error.value.hint


def test_one_card_is_one_card(tmp_path):
    one = sorted({c.set_code for c in default_database() if c.set_code},
                 key=lambda s: len(default_database().select(s)))[0]
    count = len(default_database().select(one))
    shown = _on_a_terminal(tmp_path, "cards", "list", "--set", one)
    assert shown.rstrip().splitlines()[-1] == (f"{count} card" if count == 1 else f"{count} cards")
    assert "1 resource points" not in runner.invoke(app, ["resolve", str(EXAMPLES / "ultron-when-you-recruit.toml"),
                                                          "--no-cache"]).output
