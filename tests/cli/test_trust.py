"""Issue 24, "Trust, round two", at the command line: what a file, a terminal or another user could
still do to vsoracle, each case answered as the project promises — one clean line and exit 2 for
bad input, nothing raw reaching the terminal, files written safely, a session never lost.

Each test names its case. The commands run in this process through the console entry
(``vsoracle.cli.main``: the fast path, then typer), as a person runs them.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from vsoracle import caches
from vsoracle.cli import main
from vsoracle.cli.lines import emit, printable

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
EXAMPLE = ROOT / "examples" / "uniqueness-names.toml"

#: Every raw character a terminal acts on (what must never be printed): C0 but the line feed,
#: DEL, C1, the line separators and the bidirectional controls.
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")

#: An escape sequence of each kind: a window title (OSC, ended by BEL), a colour (CSI), a one-byte
#: CSI (C1) that clears the screen, a carriage return that prints over the line, a backspace, DEL,
#: a right-to-left override.
EVIL = "\x1b]0;owned\x07\x1b[31m\x9b2J\r\b\x7f\u202e"
EVIL_TOML = "\\u001b]0;owned\\u0007\\u001b[31m\\u009b2J\\r\\b\\u007f\\u202e"
EVIL_SHOWN = "\\u001b]0;owned\\u0007\\u001b[31m\\u009b2J\\r\\b\\u007f\\u202e"
#: In an error line: a message is one line, so its line breaks (and carriage returns) are spaces.
EVIL_IN_ERRORS = EVIL_SHOWN.replace("\\r", " ")


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("VSORACLE_NO_CACHE", raising=False)
    monkeypatch.setenv("COLUMNS", "120")


def vsoracle(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    """``vsoracle ARGS`` in this process, as the console entry runs it: (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["vsoracle", *args])
    capsys.readouterr()
    with pytest.raises(SystemExit) as done:
        main()
    out, err = capsys.readouterr()
    code = done.value.code
    return (0 if code is None else int(code)), out, err


# -- case 2: nothing vsoracle prints carries a raw control character -------------------------------

def test_printable_escapes_each_control_as_json_does_and_keeps_the_rest() -> None:
    assert printable(EVIL) == EVIL_SHOWN
    assert printable("a\tb\nc", tabs=True) == "a\tb\nc" and printable("a\tb\nc") == "a\\tb\nc"
    assert printable("Hank Pym ◊ Goliath — “KO’d” é ✓") == "Hank Pym ◊ Goliath — “KO’d” é ✓"
    assert printable(printable(EVIL)) == printable(EVIL)  # escaping twice changes nothing
    assert not RAW.search(printable("".join(map(chr, range(0x2100)))))


def test_colour_is_added_after_escaping(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal, vsoracle's own colour reaches it; the file's escape sequences do not."""
    class Terminal:
        def __init__(self) -> None:
            self.text = ""

        def isatty(self) -> bool:
            return True

        def write(self, text: str) -> None:
            self.text += text

        def flush(self) -> None:
            pass

    term = Terminal()
    monkeypatch.setattr(sys, "stdout", term)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    emit(f"  ✓ {EVIL}", colour=True)
    assert term.text == f"  \x1b[32m✓\x1b[0m {EVIL_SHOWN}\n"


def _evil_scenario(tmp_path: Path) -> Path:
    """The example with the escapes in its title, in a card's name and in a player's name."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace('title = "Recruiting', f'title = "{EVIL_TOML}Recruiting')
    text = text.replace('name = "Yellowjacket"', f'name = "Yellow{EVIL_TOML}jacket"')
    text = text.replace('"Yellowjacket, Rita DeMara"', f'"Yellow{EVIL_TOML}jacket, Rita DeMara"')
    path = tmp_path / "evil.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["resolve"], ["resolve", "--no-cache"], ["resolve", "--board"],
                                     ["resolve", "--json"], ["explain"], ["show"], ["moves"],
                                     ["perft", "--depth", "1"]])
def test_a_title_or_a_card_name_with_escapes_is_printed_escaped(command: list[str], tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    file = _evil_scenario(tmp_path)
    for _ in range(2):  # worked out, then (resolve) from the answer cache
        code, out, err = vsoracle(capsys, monkeypatch, command[0], str(file), *command[1:])
        assert code == 0, err
        assert not RAW.search(out + err), repr(RAW.search(out + err))
    if command[0] in ("resolve", "explain", "show") and "--json" not in command:
        assert EVIL_SHOWN in out


@pytest.mark.parametrize("edit, quoted", [
    (lambda t: t.replace("[game]", f'[game]\n"bad{EVIL_TOML}key" = 1'), f"unknown key 'bad{EVIL_IN_ERRORS}key'"),
    (lambda t: t.replace('card = "Hank Pym ◊ Yellowjacket"', f'card = "Hank{EVIL_TOML}"'),
     f"unknown card 'Hank{EVIL_IN_ERRORS}'"),
    (lambda t: t.replace('rita.zone = "in_play"', f'rita."zo{EVIL_TOML}ne" = "in_play"'),
     f"unknown property 'zo{EVIL_IN_ERRORS}ne'"),
], ids=["key", "card-title", "check-property"])
def test_an_error_line_quotes_the_file_escaped(edit: Callable[[str], str], quoted: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "bad.toml"
    file.write_text(edit(EXAMPLE.read_text(encoding="utf-8")), encoding="utf-8")
    for args in (["resolve", str(file)], ["explain", str(file)]):
        code, out, err = vsoracle(capsys, monkeypatch, *args)
        assert (code, out, err.count("\n")) == (2, "", 1), err
        assert quoted in err and not RAW.search(err)


def test_a_file_name_with_escapes_is_printed_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    missing = str(tmp_path / f"no{EVIL}such.toml")
    code, out, err = vsoracle(capsys, monkeypatch, "resolve", missing, str(EXAMPLE))
    assert code == 2 and not RAW.search(out + err)
    assert f"no{EVIL_IN_ERRORS}such.toml: no such file" in err and f"==> {printable(missing)} <==" in out


@pytest.mark.parametrize("args", [["resolve", f"--bogus{EVIL}"], [f"co{EVIL}mmand"], ["resolve", "--json", f"--x{EVIL}"],
                                  ["cards", "show", f"Thor{EVIL}"], ["resolve", str(EXAMPLE), "--budget", EVIL]],
                         ids=["option", "command", "option-json", "title", "number"])
def test_what_typer_prints_itself_is_escaped_too(args: list[str], capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A usage error quotes the argument; the console entry guards the streams for typer's own
    lines (vsoracle.cli.lines.guarded_streams)."""
    code, out, err = vsoracle(capsys, monkeypatch, *args)
    assert code == 2 and (out + err).count("\n") >= 1 and not RAW.search(out + err), repr(out + err)
    assert "\\u001b]0;owned" in out + err or "--budget" in args  # a bad number is not quoted back


def test_card_text_and_a_card_file_with_escapes_are_printed_escaped(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = vsoracle(capsys, monkeypatch, "parse", f"Stun {EVIL}.")
    assert code == 2 and not RAW.search(out + err)
    caret = err.splitlines()[1:3]
    assert caret[1].index("^") == caret[0].index("\\u001b")  # the caret under the escaped character
    cards = tmp_path / "cards.toml"
    cards.write_text(f'[set]\ncode = "EVL"\nname = "Evil"\n\n[[card]]\nname = "Ba{EVIL_TOML}d"\ntype = "plot twist"\n'
                     f'cost = 0\ntext = "Stun {EVIL_TOML}."\n', encoding="utf-8")
    code, out, err = vsoracle(capsys, monkeypatch, "cards", "check", str(cards))
    assert code == 1 and not RAW.search(out + err) and f"card 'Ba{EVIL_SHOWN}d' fails" in out


def test_play_prints_a_session_with_escapes_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vsoracle.cli.play import run_session

    file = tmp_path / "p.toml"
    file.write_text((DATA / "play.toml").read_text(encoding="utf-8").replace(
        'id = "squire"', f'id = "squ{EVIL_TOML}ire"'), encoding="utf-8")
    typed = iter(["1", f"play = \"{EVIL_TOML}\"", f"dance{EVIL}", "q!"])
    capsys.readouterr()
    assert run_session(file, None, lambda _prompt: next(typed), emit) == 0   # emit: what the command prints with
    out = capsys.readouterr().out
    assert f"squ{EVIL_SHOWN}ire" in out and not RAW.search(out)


def test_only_lines_emit_writes_to_the_terminal() -> None:
    """The one place output leaves vsoracle: no module of the command prints any other way
    (typer.echo, click.echo, print, sys.stdout.write), so nothing can skip the escaping. The
    lead's files that build the application (help, completion, application) print only
    vsoracle's own text and typer's usage lines."""
    exempt = {"lines.py", "help.py", "completion.py", "application.py"}
    pattern = re.compile(r"typer\.echo\(|click\.echo\(|(?<![\w.])print\(|sys\.std(out|err)\.write\(|\becho\(")
    found = [f"{path.name}:{n}" for path in sorted((ROOT / "vsoracle" / "cli").glob("*.py")) if path.name not in exempt
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert found == []


# -- cases 6, 7, 8: play's inputs and saves --------------------------------------------------------

def _session(file: Path, lines: list[str], save: Path | None = None) -> tuple[int, list[str]]:
    from vsoracle.cli.play import run_session

    said: list[str] = []
    typed = iter(lines)

    def read(_prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    return run_session(file, save, read, said.append), said


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    file = tmp_path / "p.toml"
    file.write_text((DATA / "play.toml").read_text(encoding="utf-8"), encoding="utf-8")
    return file


@pytest.mark.parametrize("typed, refusal", [
    ("²", "refused: '²': not a command"),
    ("③", "refused: '③': not a command"),
    ("①", "refused: '①': not a command"),
    ("9" * 5000, "refused: " + "9" * 20 + "… (5,000 characters) is not one of the numbers shown — 1 to 4"),
    ("pass = " + "[" * 2000 + "]" * 2000, "refused: not a step: invalid TOML: arrays or tables are nested too deeply"),
    ("x = " + "9" * 5000, "refused: not a step: invalid TOML: a number of more than 4,300 digits"),
    ("a" + ".b" * 10_000 + " = 1", "refused: not a step: 'a.b.b' is nested more than 24 levels deep"),
    ('x = "' + "a" * 60_000 + '"', "refused: not a step: 60,006 characters — a step is a line of at most 50,000 "
                                        "characters"),
], ids=["superscript", "circled-3", "circled-1", "5000-digits", "nested-2000", "number-5000-digits",
        "key-of-10000-parts", "long-line"])
def test_what_play_cannot_take_is_refused_in_one_line_and_the_session_goes_on(typed: str, refusal: str,
                                                                              scenario: Path) -> None:
    """Case 6: each was exit 3 (int() refuses what isdigit accepts; tomllib's RecursionError and
    ValueError)."""
    code, said = _session(scenario, [typed, "q"])
    assert code == 0
    refused = [s for s in said if s.startswith("refused:")]
    assert len(refused) == 1 and refused[0].startswith(refusal) and "\n" not in refused[0], refused
    assert said[-1] == "nothing played: nothing saved"


@pytest.mark.parametrize("target, why", [
    ("/nonexistent/x.toml", "cannot write the session: the folder /nonexistent does not exist — name a file in a "
                            "folder that exists"),
    (".", "cannot write the session: this is a folder — name a file in it"),
    ("/dev/full", "cannot write the session: this is a character device (such as a terminal or /dev/zero) — name a "
                  "regular file"),
])
def test_a_save_that_fails_says_why_and_the_session_goes_on(target: str, why: str, scenario: Path) -> None:
    """Case 7: a failed save was exit 3, and every step played was lost."""
    code, said = _session(scenario, ["pass = true", f"s {target}", "q"])
    assert f"not saved: {target}: {why}" in said
    assert code == 0 and said[-1] == f"saved 1 step to {scenario.with_name('p-played.toml')}"


def test_q_that_cannot_save_keeps_the_session_and_the_end_of_input_prints_the_steps(scenario: Path) -> None:
    code, said = _session(scenario, ["pass = true", "q"], save=Path("/nonexistent/out.toml"))
    refused = said.index("the session goes on: s FILE saves it elsewhere, q! quits without saving")
    assert said[refused - 1].startswith("not saved: /nonexistent/out.toml: cannot write the session")
    assert said[-2].startswith("not saved: /nonexistent/out.toml: cannot write the session")  # at the end of input
    assert code == 2 and said[-1].startswith("the input ended, so the session cannot go on: the steps played")
    assert "[[step]]\npass = true\nby = \"A\"" in said[-1]


def test_q_bang_quits_without_saving(scenario: Path) -> None:
    code, said = _session(scenario, ["pass = true", "q!"])
    assert (code, said[-1]) == (0, "quit without saving")
    assert not scenario.with_name("p-played.toml").exists()


def test_the_default_save_never_follows_a_planted_link_nor_replaces_a_file(scenario: Path, tmp_path: Path) -> None:
    """Case 8: another user plants p-played.toml → the victim's file in a folder both can write; the
    victim plays p.toml and quits. The link is left as it is, and so is a file already there."""
    precious = tmp_path / "precious"
    precious.write_text("precious\n", encoding="utf-8")
    scenario.with_name("p-played.toml").symlink_to(precious)
    scenario.with_name("p-played-2.toml").write_text("an earlier session\n", encoding="utf-8")
    code, said = _session(scenario, ["pass = true", "s", "pass = true", "q"])
    third = scenario.with_name("p-played-3.toml")
    assert said[-1] == f"saved 2 steps to {third}" and f"saved 1 step to {third}" in said  # its own file, again
    assert code == 0 and precious.read_text(encoding="utf-8") == "precious\n"
    assert scenario.with_name("p-played-2.toml").read_text(encoding="utf-8") == "an earlier session\n"
    assert third.read_text(encoding="utf-8").count("[[step]]") == 2


def test_a_file_named_explicitly_is_replaced_and_a_link_there_is_replaced_not_followed(scenario: Path,
                                                                                       tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.write_text("precious\n", encoding="utf-8")
    out = tmp_path / "out.toml"
    out.symlink_to(precious)
    code, said = _session(scenario, ["pass = true", "q"], save=out)
    assert (code, said[-1]) == (0, f"saved 1 step to {out}")
    assert not out.is_symlink() and "[[step]]" in out.read_text(encoding="utf-8")
    assert precious.read_text(encoding="utf-8") == "precious\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_full_disk_leaves_the_file_as_it_was_and_no_temporary_file(scenario: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out.toml"
    out.write_text("the earlier save\n", encoding="utf-8")

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    code, said = _session(scenario, ["pass = true", f"s {out}", "q!"])
    assert f"not saved: {out}: cannot write the session (No space left on device) — free some space, or name a " \
           "file elsewhere" in said
    assert out.read_text(encoding="utf-8") == "the earlier save\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.toml", "p.toml"]


def test_the_ruling_page_replaces_a_link_at_its_name_without_following_it(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str],
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    precious = tmp_path / "precious"
    precious.write_text("precious\n", encoding="utf-8")
    page = tmp_path / "page.html"
    page.symlink_to(precious)
    code, out, err = vsoracle(capsys, monkeypatch, "resolve", str(EXAMPLE), "--html", str(page))
    assert code == 0 and err == f"Ruling page: {page}\n"
    assert not page.is_symlink() and page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert precious.read_text(encoding="utf-8") == "precious\n"
    code, out, err = vsoracle(capsys, monkeypatch, "resolve", str(EXAMPLE), "--html", str(tmp_path))
    assert (code, out) == (2, "") and err == f"{tmp_path}: cannot write the ruling page: this is a folder — name a " \
                                             "file in it\n"


# -- case 9: a cache record edited and sealed again by its owner -----------------------------------

def test_card_text_records_sealed_again_with_wrong_types_are_misses(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import vsoracle.text.store as store

    file = ROOT / "examples" / "four-yes-or-no.toml"
    monkeypatch.setattr(store, "_known", {})  # parse (and store) the texts afresh, in this test's cache
    truth = vsoracle(capsys, monkeypatch, "resolve", str(file), "--no-cache")
    records = list((tmp_path / "cache" / "vsoracle").glob("card-texts-*/*.json"))
    assert records
    for path in records:
        record = json.loads(path.read_text(encoding="utf-8"))

        def spoil(value: Any) -> Any:  # every number a string, every string a number
            if isinstance(value, dict):
                return {k: (v if k == "node" else spoil(v)) for k, v in value.items()}
            if isinstance(value, list):
                return [spoil(v) for v in value]
            return str(value) if isinstance(value, int) and not isinstance(value, bool) else \
                7 if isinstance(value, str) else value

        caches.write_record(path, record["kind"], record["key"], spoil(record["data"]))
    monkeypatch.setattr(store, "_known", {})
    assert vsoracle(capsys, monkeypatch, "resolve", str(file), "--no-cache") == truth


# -- case 10: numbers on the command line -----------------------------------------------------------

@pytest.mark.parametrize("args", [["--budget", "²"], ["--outcomes", "³"], ["--budget", "9" * 5000],
                                  ["--budget=①"], ["--outcomes", "9" * 19 + "x"]])
def test_a_number_on_the_command_line_is_refused_in_one_line(args: list[str], capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = vsoracle(capsys, monkeypatch, "resolve", str(EXAMPLE), *args)
    assert (code, out, err.count("\n")) == (2, "", 1) and "Traceback" not in err
    assert err.startswith("vsoracle resolve: invalid value for --")


def test_a_large_number_on_the_command_line_is_read(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = vsoracle(capsys, monkeypatch, "resolve", str(EXAMPLE), "--budget", "9" * 25, "-q")
    assert (code, err) == (0, "") and out.endswith("5 of 5 checks hold.\n")


# -- case 11: one check, answered from the cache ----------------------------------------------------

def test_a_scenario_with_one_check_is_answered_from_the_cache(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "one.toml"  # its one check: A.hand = 2
    file.write_text((DATA / "play.toml").read_text(encoding="utf-8"), encoding="utf-8")
    first = vsoracle(capsys, monkeypatch, "resolve", str(file))
    assert first[0] == 0 and first[1].endswith("1 of 1 check holds.\n")
    import vsoracle.scenario.run as run

    monkeypatch.setattr(run, "run_scenario", lambda *a, **k: pytest.fail("worked out again"))
    assert vsoracle(capsys, monkeypatch, "resolve", str(file)) == first
    failing = tmp_path / "one-fails.toml"
    failing.write_text(file.read_text(encoding="utf-8").replace("A.hand = 2", "A.hand = 3"), encoding="utf-8")
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    fails = vsoracle(capsys, monkeypatch, "resolve", str(failing))
    assert fails[0] == 1 and fails[1].endswith("0 of 1 check holds. The scenario FAILS.\n")
    monkeypatch.setattr(run, "run_scenario", lambda *a, **k: pytest.fail("worked out again"))
    assert vsoracle(capsys, monkeypatch, "resolve", str(failing)) == fails


# -- case 12: perft past the end -------------------------------------------------------------------

def test_perft_past_the_last_move_ends(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    file = str(ROOT / "examples" / "four-yes-or-no.toml")
    code, out, err = vsoracle(capsys, monkeypatch, "perft", file, "--depth", "99999999999999999999")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "depth 99999999999999999999: 0 sequences, 0 positions"


def test_perft_counts_the_same_past_the_last_move_whatever_the_depth() -> None:
    from attrs import evolve

    from vsoracle.cards import default_database
    from vsoracle.engine import moves
    from vsoracle.scenario.load import load_scenario
    from vsoracle.scenario.run import run_scenario, step_action

    sc = load_scenario(ROOT / "examples" / "four-yes-or-no.toml", default_database())
    before = run_scenario(evolve(sc, steps=sc.steps[:1], checks=())).outcomes[0].state
    position = moves.take(before, evolve(step_action(sc.steps[1], before), choose=()))
    assert moves.perft(position, 4) == (16, 16)
    assert moves.perft(position, 10 ** 20) == moves.perft(position, 1000)


# -- case 14: cache --clear ------------------------------------------------------------------------

def test_cache_clear_leaves_a_file_where_the_folder_should_be_and_says_so(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str],
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "cache").mkdir()
    in_the_way = tmp_path / "cache" / "vsoracle"
    in_the_way.write_text("mine\n", encoding="utf-8")
    code, out, err = vsoracle(capsys, monkeypatch, "cache", "--clear")
    assert (code, err) == (0, "")
    assert out == (f"removed nothing: {in_the_way} is a file, not the cache folder (vsoracle never writes a file there; "
                   "remove it yourself if you do not need it)\n")
    assert in_the_way.read_text(encoding="utf-8") == "mine\n"
    assert json.loads(vsoracle(capsys, monkeypatch, "cache", "--clear", "--json")[1])["cleared"] == \
        {"files": 0, "bytes": 0}


def test_cache_clear_counts_what_it_removed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    vsoracle(capsys, monkeypatch, "resolve", str(EXAMPLE))
    folder = tmp_path / "cache" / "vsoracle"
    files = [p for p in folder.rglob("*") if p.is_file()]
    code, out, err = vsoracle(capsys, monkeypatch, "cache", "--clear")
    assert files and code == 0 and not folder.exists()
    assert out.startswith(f"removed {len(files)} file{'s' if len(files) != 1 else ''} (")
