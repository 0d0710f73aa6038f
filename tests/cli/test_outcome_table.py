"""The outcome table keeps only what it prints: each outcome's figures are worked out one at a time
and kept only where they differ from the first outcome's; the table is what comparing every figure
of every outcome gives."""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path
from types import SimpleNamespace

from vsoracle.cards import default_database
from vsoracle.cli import report
from vsoracle.scenario.load import load_scenario_bytes
from vsoracle.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from explore import a_choice_among  # noqa: E402


def _every_figure_compared(rows: list[dict[str, str]]) -> tuple[list[str], list[list[str]]]:
    """The figures that differ, in first-seen order, and each row's cells for the first eight:
    what the table says, worked out the plain way (every figure of every outcome at once)."""
    labels: dict[str, None] = {}
    for row in rows:
        labels.update(dict.fromkeys(row))
    differ = [k for k in labels if len({row.get(k, "—") for row in rows}) > 1]
    kept = differ[:report.TABLE_FIGURES]
    return differ, [[row.get(k, "—") for k in kept] for row in rows]


def test_figures_that_come_and_go_and_more_than_eight_differ(monkeypatch):
    rows = [
        {"A endurance": "50", "x zone": "in_play", "x ATK/DEF": "3/3", "y zone": "hand", "chain": "empty"},
        {"A endurance": "50", "x zone": "ko_pile", "y zone": "hand", "chain": "empty"},              # x left play
        {"A endurance": "47", "x zone": "in_play", "x ATK/DEF": "4/3", "y zone": "in_play", "y ATK/DEF": "2/2",
         "chain": "empty"},                                                                           # y came in
        {"A endurance": "50", "x zone": "in_play", "x ATK/DEF": "3/3", "y zone": "hand", "chain": "empty",
         "z zone": "—"},                                                                              # "—" is no value
    ]
    rows += [dict(rows[0], **{f"c{i} zone": "removed"}) for i in range(12)]    # twelve more figures that differ
    monkeypatch.setattr(report, "figures", lambda state: rows[state])
    monkeypatch.setattr(report, "choices_said", lambda out: f"choice {out.state}")
    outcomes = [SimpleNamespace(state=i, paths=1, stopped=None) for i in range(len(rows))]
    lines = report.outcome_table(outcomes)
    differ, cells = _every_figure_compared(rows)
    kept = differ[:report.TABLE_FIGURES]
    header = lines[1].split()
    assert header[0] == "#" and " ".join(header[1:]).startswith(" ".join(kept))
    for n, (line, expected) in enumerate(zip(lines[2:], cells)):
        assert line.split()[1:1 + len(expected)] == expected, n
        assert line.rstrip().endswith(f"choice {n}")
    assert "z zone" not in differ and "y ATK/DEF" in differ
    assert lines[-1] == (f"  (and {len(differ) - len(kept)} more figures that differ: "
                         + ", ".join(differ[len(kept):len(kept) + 6]) + ", …)")
    assert len(differ) - len(kept) > 6


def test_the_table_of_many_outcomes_keeps_a_few_figures_each():
    sc = load_scenario_bytes(a_choice_among(100).encode(), "many.toml", default_database())
    result = run_scenario(sc)
    assert len(result.outcomes) == 100
    rows = [report.figures(out.state) for out in result.outcomes]
    differ, cells = _every_figure_compared(rows)
    del rows
    tracemalloc.start()
    try:
        lines = report.outcome_table(result.outcomes)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [line.split()[1:1 + len(cells[0])] for line in lines[2:102]] == cells
    # every figure of every outcome at once was 6.2 MB here (2,400 figures an outcome); a few per outcome is 0.3
    assert peak < 2_000_000, peak
