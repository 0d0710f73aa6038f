"""``vsoracle selfplay`` as a person runs it: the summary, and a failed game's scenario written
out with exit status 1 (a planted engine bug), which ``vsoracle resolve`` then loads."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from vsoracle.cli import app
from vsoracle.engine import match
from vsoracle.engine.invariants import InvariantError

ROOT = Path(__file__).resolve().parents[2]
DECKS = [str(ROOT / "examples/decks/avengers-and-friends.toml"), str(ROOT / "examples/decks/squadron-and-masters.toml")]
runner = CliRunner()


def test_the_summary(tmp_path):
    result = runner.invoke(app, ["selfplay", *DECKS, "--games", "2", "--seed", "4", "--max-turns", "2",
                                 "--errors", str(tmp_path)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("2 games (seed 4, random agents, ")
    assert lines[1] == "wins: A 0, B 0; draws: 2 (2 at the 2-turn cap)"
    assert lines[2].startswith("turns: 4 (mean 2.0); moves: ") and lines[3] == "errors: 0"
    assert not any(tmp_path.iterdir())


def test_a_failed_game_is_written_out_and_exits_1(tmp_path, monkeypatch):
    def broken(before, after):
        if after.turn == 2:
            raise InvariantError("planted: turn 2")
    monkeypatch.setattr(match, "check_change", broken)
    result = runner.invoke(app, ["selfplay", *DECKS, "--games", "1", "--seed", "4", "--errors", str(tmp_path)])
    assert result.exit_code == 1, result.output
    written = tmp_path / "selfplay-seed4-game0.toml"
    assert f"  game 0: InvariantError: planted: turn 2 -> {written}" in result.stdout
    monkeypatch.undo()
    ran = runner.invoke(app, ["resolve", str(written), "--no-cache"])
    assert ran.exit_code in (0, 1), ran.output  # it loads and plays: without the planted bug, no error
    assert "Traceback" not in ran.output
