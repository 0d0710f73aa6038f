"""``vsoracle play`` driven as a person drives it, through a pseudo-terminal: recruit by number,
play a plot twist typed as TOML, answer the decision it asks on resolution, undo, save; the saved
scenario passes ``vsoracle resolve``."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal needs a Unix")


class Terminal:
    """A ``vsoracle`` process on a pseudo-terminal: what it printed, and typing a line into it."""

    def __init__(self, *args: str) -> None:
        import pty  # noqa: F401  (Unix only; os.openpty is the same call)

        master, slave = os.openpty()
        env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="120")
        self.proc = subprocess.Popen([sys.executable, "-m", "vsoracle", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.fd = master
        self.seen = ""

    def screen(self, timeout: float = 60.0) -> str:
        """Everything printed up to the next prompt (``> ``), or to the end."""
        start, chunk = len(self.seen), ""
        deadline = time.monotonic() + timeout
        while len(self.seen) == start or not self.seen.endswith("> "):
            left = deadline - time.monotonic()
            assert left > 0, f"no prompt within {timeout} s; printed:\n{self.seen[start:]}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536).decode("utf-8", errors="replace")
            except OSError:  # the process ended: the terminal is closed
                break
            if not chunk:
                break
            self.seen += chunk.replace("\r\n", "\n")
        return self.seen[start:]

    def type(self, line: str) -> str:
        os.write(self.fd, (line + "\n").encode("utf-8"))
        return self.screen()

    def close(self) -> int:
        """The exit status (a process still running after a minute is killed: status -9)."""
        try:
            return self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()
        finally:
            os.close(self.fd)


def number(screen: str, text: str) -> str:
    """The number the screen gives the choice written ``text``."""
    found = re.findall(rf"^\s+(\d+)\. {re.escape(text)}$", screen, re.M)
    assert len(found) == 1, f"{text!r} is not listed once in:\n{screen}"
    return found[0]


def test_a_session_recruits_plays_answers_undoes_and_saves_a_scenario_resolve_passes(tmp_path):
    out = tmp_path / "played.toml"
    term = Terminal("play", str(DATA / "play.toml"), "--save", str(out))
    try:
        screen = term.screen()
        assert "A has priority: 4 legal actions" in screen and "Player A" in screen
        screen = term.type(number(screen, 'recruit = "squire", row = "front", col = 1'))
        assert "A recruits squire" in screen and "recruit: Squire (squire) by A" in screen
        screen = term.type('play = "thoughts"')               # a step typed as TOML
        assert "A plays thoughts" in screen
        screen = term.type(number(screen, "pass = true"))     # A passes, then B
        screen = term.type(number(screen, "pass = true"))     # successive passes: the plot twist resolves
        assert "A decides (may): A may draw a card" in screen
        screen = term.type(number(screen, "true"))
        assert "A draws a card" in screen
        screen = term.type("u")                               # undo the answer: the decision waits again
        assert "undone" in screen and "A decides (may): A may draw a card" in screen
        screen = term.type(number(screen, "false"))
        assert "A draws a card" not in screen and "thoughts goes to A's KO'd pile" in screen
        screen = term.type(number(screen, "pass = true"))
        screen = term.type("u")                               # undo that pass
        assert "undone" in screen
        screen = term.type(f"s {out}")
        assert f"saved 4 steps to {out}" in screen
        term.type("q")
    finally:
        code = term.close()
    assert code == 0, term.seen[-2000:]
    saved = out.read_text(encoding="utf-8")
    assert saved.count("[[step]]") == 4 and "choose = [false]" in saved
    assert "# [check]\n# A.hand = 2" in saved           # the scenario's own checks held before the steps played
    result = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", str(out), "--no-cache"], capture_output=True,
                            text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "A.hand = 0" in result.stdout and "chain = [\"recruit:squire\"]" in result.stdout


def test_wrong_input_is_refused_in_one_line_and_the_session_goes_on(tmp_path):
    term = Terminal("play", str(DATA / "play.toml"), "--save", str(tmp_path / "x.toml"))
    try:
        term.screen()
        assert "refused: 9 is not one of the numbers shown — 1 to 4" in term.type("9")
        assert 'refused: unknown id "nope"' in term.type('recruit = "nope"')
        assert "refused: 'dance': not a command" in term.type("dance")
        assert "nothing to undo" in term.type("u")
        assert "nothing played: nothing saved" in term.type("q")
    finally:
        code = term.close()
    assert code == 0 and "Traceback" not in term.seen and not (tmp_path / "x.toml").exists()


def _refused(file):
    result = subprocess.run([sys.executable, "-m", "vsoracle", "play", str(file)],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    return result.stderr.strip()


def test_a_scenario_with_several_outcomes_is_refused_in_one_line_naming_the_open_step():
    message = _refused(ROOT / "examples/four-yes-or-no.toml")
    assert message.startswith(f"{ROOT / 'examples/four-yes-or-no.toml'}:27: step 2 (resolve = \"top\") leaves a "
                              "decision open: A may draw a card; the steps lead to 16 positions, and play needs one — "
                              "answer it with choose = [...] in that step (vsoracle moves FILE lists its answers)")


def test_an_earlier_step_that_leaves_a_decision_open_is_named(tmp_path):
    text = (ROOT / "examples/four-yes-or-no.toml").read_text(encoding="utf-8")
    file = tmp_path / "early.toml"
    file.write_text(text.replace("[check]", "[[step]]\npass = true\n\n[check]", 1), encoding="utf-8")
    message = _refused(file)
    assert message.endswith(":27: step 2 (resolve = \"top\") leaves a decision open: A may draw a card; the "
                            "steps lead to 16 positions, and play needs one — answer it with choose = [...] in "
                            "that step")


# ----------------------------------------------------------------------------- a position (JSON)

def _position_file(tmp_path: Path, scenario: Path, name: str) -> Path:
    import json

    import vsoracle

    out = tmp_path / name
    out.write_text(json.dumps(vsoracle.load(scenario).to_json()), encoding="utf-8")
    return out


def test_a_position_a_scenario_can_state_is_played_and_saved_as_a_scenario_resolve_passes(tmp_path):
    """``play FILE.json`` plays on from a position as from a scenario; its start is written as a
    scenario's setup (as ``Game.to_scenario`` writes it), so ``q`` saves a scenario that passes."""
    position = _position_file(tmp_path, DATA / "play.toml", "start.json")
    term = Terminal("play", "--position", str(position))
    try:
        screen = term.screen()
        assert "A has priority: 4 legal actions" in screen
        screen = term.type(number(screen, 'recruit = "squire", row = "front", col = 1'))
        assert "A recruits squire" in screen
        screen = term.type('play = "thoughts"')                # a step typed as TOML, read as a scenario's
        assert "A plays thoughts" in screen
        assert "saved 2 steps to " in term.type("q")
    finally:
        code = term.close()
    assert code == 0, term.seen[-2000:]
    saved = tmp_path / "start-played.toml"
    assert saved.read_text(encoding="utf-8").count("[[step]]") == 2
    result = subprocess.run([sys.executable, "-m", "vsoracle", "resolve", str(saved), "--no-cache"], capture_output=True,
                            text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert 'chain = ["recruit:squire", "play:thoughts"]' in result.stdout


def test_a_position_that_waits_is_played_from_its_decision_and_saved_as_json(tmp_path):
    """A position that waits starts at its decision. Its start holds a chain, which a scenario's
    setup cannot state: a save as a scenario is refused in one line, and ``q`` writes the position
    reached as JSON — the position the Python API reaches by the same answers and step, equal."""
    import vsoracle

    position = _position_file(tmp_path, ROOT / "examples/four-yes-or-no.toml", "four.json")
    term = Terminal("play", str(position))
    try:
        screen = term.screen()
        assert "A decides (may): A may draw a card" in screen
        screen = term.type(number(screen, "true"))
        assert "A draws a card" in screen and "A may gain 1 endurance" in screen
        for _ in range(3):
            screen = term.type(number(screen, "false"))
        assert "A has priority" in screen
        assert "not saved: a scenario cannot state this position's start (it came as JSON)" in term.type(
            f"s {tmp_path / 'x.toml'}")
        screen = term.type("pass = true")                      # a step typed as TOML, read as the API reads one
        assert "refused" not in screen, screen
        assert "saved the position to " in term.type("q")
    finally:
        code = term.close()
    assert code == 0, term.seen[-2000:]
    game = vsoracle.from_json(position.read_text(encoding="utf-8"))
    for value in (True, False, False, False):
        game.answer(value)
    game.take({"pass": True})
    saved = vsoracle.from_json((tmp_path / "four-played.json").read_text(encoding="utf-8"))
    assert saved.position == game.position and not (tmp_path / "x.toml").exists()


def test_a_position_that_is_not_one_is_refused_in_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "vsoracle-position", "version": 1}', encoding="utf-8")
    message = _refused(bad)
    assert message.startswith(f"{bad}: ") and "Traceback" not in message
