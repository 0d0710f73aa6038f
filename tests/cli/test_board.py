"""The board drawn in text (``vsoracle show``, ``resolve --board``, ``explain``): what a person reads."""

from __future__ import annotations

import json

from pathlib import Path

import attrs
from typer.testing import CliRunner

from vsoracle.cards import default_database
from vsoracle.cli import app
from vsoracle.cli.board import WIDTH, board_lines
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import run_scenario

runner = CliRunner()
DATA = Path(__file__).parent / "data"
BOARD = DATA / "board.toml"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _position(path: Path, steps: int | None = None):
    sc = load_scenario(path, default_database())
    if steps is not None:
        sc = attrs.evolve(sc, steps=sc.steps[:steps], checks=())
    return run_scenario(sc).outcomes[0].state


def _row(lines: list[str], label: str, start: int = 0) -> int:
    """The index of the first line at or after ``start`` that begins the row ``label``."""
    return next(i for i in range(start, len(lines)) if lines[i].startswith(f"  {label} "))


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.split("│")[1:-1]]


def test_rows_by_column_with_state_stats_counters_and_equipment():
    lines = board_lines(_position(BOARD))
    me = next(i for i, x in enumerate(lines) if x.startswith("Player A"))
    front = _row(lines, "front", me)
    assert _cells(lines[front]) == ["Test Soldier, Army", "·"]       # column 1 taken, column 2 empty
    below = [_cells(x)[0] for x in lines[front + 1:front + 7]]
    assert below == ["[front1]", "ready", "4 ATK / 7 DEF", "1 +1 ATK counter", "2 +1 DEF counters",
                     "⚙ Force Field Belt"]                                # 3/4 + counters + the belt's +1 DEF
    support = _row(lines, "support", me)
    assert _cells(lines[support]) == ["·", "Test Scout"]
    assert [_cells(x)[1] for x in lines[support + 1:support + 4]] == ["[back2]", "exhausted", "1 ATK / 2 DEF"]


def test_hidden_area_is_its_own_grid_under_the_visible_one():
    lines = board_lines(_position(BOARD))
    me = next(i for i, x in enumerate(lines) if x.startswith("Player A"))
    visible = lines.index("  Visible area", me)
    hidden = lines.index("  Hidden area", me)
    assert visible < hidden
    front = _row(lines, "front", hidden)
    assert _cells(lines[front]) == ["Test Scout"] and _cells(lines[front + 1]) == ["[lurker]"]


def test_opponent_sits_across_the_table_with_rows_mirrored():
    lines = board_lines(_position(BOARD))
    b = next(i for i, x in enumerate(lines) if x.startswith("Player B"))
    chain = next(i for i, x in enumerate(lines) if x.startswith("  Chain"))
    a = next(i for i, x in enumerate(lines) if x.startswith("Player A"))
    assert b < chain < a
    assert _row(lines, "support", b) < _row(lines, "front", b) < chain      # his front row faces the middle
    assert _cells(lines[_row(lines, "front", b) + 2]) == ["STUNNED, face down"]


def test_chain_from_bottom_to_top_with_source_kind_controller_and_targets():
    lines = board_lines(_position(BOARD))
    assert "  Chain, bottom to top (1 link):" in lines
    text = " ".join(x.strip() for x in lines)
    assert ("1. (top) play: Test Boost (boost) by A — targets Test Soldier, Army (foe): “Target character gets "
            "+2 ATK this turn.”") in text
    start = board_lines(_position(BOARD, steps=0))
    assert "  Chain: empty" in start


def test_totals_resources_header_and_width():
    lines = board_lines(_position(BOARD))
    assert lines[0] == "Turn 2 · build phase · A's recruit step · initiative: A · priority: A"
    assert "Player A: endurance 37 · resource points 2 · hand 1 · deck 3 · KO'd pile 1" in lines
    assert "Player B: endurance 44 · resource points 0 · hand 0 · deck 0 · KO'd pile 0" in lines
    assert ("  Resource row (2): 1. Test Soldier, Army (down, ▼ face down) · 2. Test Boost (up, ▲ face up)"
            in lines)
    revealed = board_lines(_position(EXAMPLES / "ultron-when-you-recruit.toml", steps=1))
    assert any("2. Ultron ◊ Ultron 5 (ultron, ▼ face down, revealed) ·" in x for x in revealed)
    assert all(len(x) <= WIDTH for x in revealed)
    assert "  Resource row: (empty)" in lines                                  # B's
    assert all(len(x) <= WIDTH for x in lines)


def test_attack_roles_and_the_attack_line():
    lines = board_lines(_position(EXAMPLES / "might-makes-right.toml", steps=1))
    assert "  Attack by A: qs → guard" in lines
    assert "    1. (top) attack: Quicksilver, Mutant Avenger (qs) by A" in lines
    text = "\n".join(lines)
    assert "⚔ attacking" in text and "⛨ defending" in text


def test_many_columns_wrap_into_bands_within_the_width(tmp_path):
    many = "".join(f'\n[[players.A.characters]]\ncard = "Test Scout"\nid = "s{c}"\nrow = "front"\ncol = {c}\n'
                   for c in range(1, 7))
    text = BOARD.read_text(encoding="utf-8").replace("[players.B]", many + "\n[players.B]", 1)
    text = text.replace('row = "front"\ncol = 1\ncounters', 'row = "support"\ncol = 1\ncounters')
    path = tmp_path / "wide.toml"
    path.write_text(text, encoding="utf-8")
    lines = board_lines(_position(path))
    assert all(len(x) <= WIDTH for x in lines)
    heads = [x.split() for x in lines if x.strip().startswith("col ")]
    assert ["col", "5", "col", "6"] in heads and ["col", "1", "col", "2", "col", "3", "col", "4"] in heads


def test_show_draws_after_step_n_or_after_all():
    result = runner.invoke(app, ["show", str(BOARD), "--step", "0"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == ["A board to draw", "Start:"]
    assert "Player A: endurance 37 · resource points 2 · hand 2 · deck 3 · KO'd pile 1" in lines
    result = runner.invoke(app, ["show", str(BOARD)])
    assert result.exit_code == 0
    assert result.output.splitlines()[1] == 'After step 1 (play = "boost"):'


def test_show_a_step_that_does_not_exist_is_one_line_and_exit_2():
    for bad in ("2", "-1"):
        result = runner.invoke(app, ["show", str(BOARD), "--step", bad])
        assert result.exit_code == 2
        assert result.output == (f"{BOARD}: --step {bad}: the scenario has 1 step — "
                                 "use --step 0 (the start) to --step 1\n")


def test_resolve_board_draws_every_step_and_explain_the_last():
    path = EXAMPLES / "might-makes-right.toml"
    result = runner.invoke(app, ["resolve", str(path), "--board", "--no-cache"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    headings = [x for x in lines if x.startswith(("Start:", "After step "))]
    assert headings == ["Start:", 'After step 1 (attack = ["qs"]):', 'After step 2 (play = "mmr"):',
                        'After step 3 (resolve = "top"):', "After step 4 (checks):", 'After step 5 (resolve = "all"):']
    assert lines.index("Checks:") < lines.index("Start:")
    result = runner.invoke(app, ["explain", str(path)])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    final = lines.index("Final position:")
    assert lines[final + 1].startswith("Turn 4 · combat phase")
    assert lines[0].startswith("Ruling: ")


def test_resolve_board_with_json_is_refused_in_one_line():
    result = runner.invoke(app, ["resolve", str(BOARD), "--board"])
    assert result.exit_code == 0
    result = runner.invoke(app, ["resolve", str(BOARD), "--board", "--json"])
    assert result.exit_code == 2 and result.stderr == ""  # under --json, the error document (docs/json.md)
    error = json.loads(result.stdout)["error"]
    assert "--board" in error["message"] and len(error["text"].splitlines()) == 1
