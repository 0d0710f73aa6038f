"""Exploration has a bounded cost (issue 14): the figures asserted are counts of work
(replays, transitions, lines printed), never times.

- Simultaneous identical triggers have one order: n copies cost one line of play, not n!.
- Two different triggers of one source are two answers (``ID`` and ``ID#2``), both explored.
- An unscripted choice among N candidates costs work linear in N, and so does its report.
- Past the budget (or too many outcomes) the error names the decision and how to script it;
  ``--budget`` raises it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from vsoracle.cards import default_database
from vsoracle.cli.report import report_lines
from vsoracle.errors import LimitExceededError
from vsoracle.scenario import run
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario

ROOT = Path(__file__).resolve().parents[2]


def identical_triggers(n: int) -> str:
    """One character whose card prints the same triggered power ``n`` times; it attacks."""
    lines = "\n".join(["Whenever Drummer attacks, you gain 1 endurance."] * n)
    return f'''
[[card]]
name = "Drummer"
type = "character"
cost = 1
atk = 9
def = 9
affiliations = ["Avengers"]
text = """
{lines}
"""

[game]
phase = "combat"

[players.A]
characters = [{{ card = "Drummer", id = "d" }}]

[[step]]
attack = ["d"]
target = "B"

[[step]]
resolve = "all"

[check]
A.endurance = {50 + n}
'''


def copies_triggering_at_the_start(n: int) -> str:
    """``n`` Army copies, each with an "at the start of your formation step" power: the orders
    differ on the chain and all resolve within the one advance step."""
    chars = "\n".join(f'[[players.A.characters]]\ncard = "Drummer"\nid = "d{i}"\ncol = {i + 1}\n' for i in range(n))
    return f'''
[[card]]
name = "Drummer"
version = "Army"
type = "character"
cost = 1
atk = 1
def = 1
affiliations = ["Avengers"]
text = "At the start of your formation step, you gain 1 endurance."

[game]
phase = "build"
step = "recruit"

{chars}
[players.B]

[[step]]
advance = "combat"
CHOOSE

[check]
A.endurance = {50 + n}
'''


def a_choice_among(n: int) -> str:
    chars = "\n".join(f'[[players.A.characters]]\ncard = "Trooper"\nid = "t{i}"\ncol = {i + 1}\n' for i in range(n))
    return f'''
[[card]]
name = "Trooper"
version = "Army"
type = "character"
cost = 1
atk = 1
def = 1
affiliations = ["Squadron Supreme"]

[[card]]
name = "Rally"
type = "plot twist"
cost = 0
text = "Choose a Squadron Supreme character you control. It gets +1 ATK this turn."

[game]
phase = "build"
step = "recruit"

[players.A]
hand = [{{ card = "Rally", id = "r" }}]

{chars}
[[step]]
play = "r"

[[step]]
resolve = "top"

[check]
r.zone = "ko_pile"
'''


def _run(text: str, **options):
    return run_scenario(parse_scenario(text, default_database(), "t.toml"), **options)


@pytest.mark.parametrize("n", [2, 5, 9])
def test_identical_triggers_have_one_order(n):
    result = _run(identical_triggers(n))
    assert result.passed
    assert len(result.outcomes) == 1 and result.outcomes[0].paths == 1
    assert result.replays == 2, "one line of play per step: n! before"
    assert sum(1 for e in result.outcomes[0].log if e.kind == "trigger") == n


def test_a_scripted_order_of_identical_triggers_is_still_taken():
    """A file written when identical triggers were asked about still loads: the forced answer takes it."""
    text = identical_triggers(3).replace('target = "B"', 'target = "B"\nchoose = ["d", "d"]')
    assert _run(text).passed


def test_two_different_triggers_of_one_source_are_both_ordered():
    text = identical_triggers(1).replace('you gain 1 endurance.\n"""', 'you gain 1 endurance.\n'
                                         'Whenever Drummer attacks, you lose 2 endurance.\n"""')
    assert "lose 2" in text
    text = text.replace('[[step]]\nresolve = "all"', '[[step]]\nresolve = "top"').replace("A.endurance = 51", "")
    result = _run(text)
    assert sorted(o.state.player("A").endurance for o in result.outcomes) == [48, 51]
    second_first = _run(text.replace('target = "B"', 'target = "B"\nchoose = ["d#2"]'))
    assert [o.state.player("A").endurance for o in second_first.outcomes] == [48], \
        "d#2 (lose 2 endurance) is chosen to resolve first: the top of the chain resolves it"


def test_orders_that_meet_again_are_one_outcome_and_their_paths_add_up():
    result = _run(copies_triggering_at_the_start(4).replace("CHOOSE", ""))
    assert result.passed
    assert len(result.outcomes) == 1 and result.outcomes[0].paths == 24


def test_a_choice_among_n_costs_linear_work_and_a_linear_report():
    figures = {}
    for n in (10, 20, 40):
        result = _run(a_choice_among(n))
        assert len(result.outcomes) == n and result.passed
        figures[n] = (result.replays, result.transitions, len(report_lines(result, show_log=False)))
    for i in range(3):
        small, middle, large = figures[10][i], figures[20][i], figures[40][i]
        assert large - middle == 2 * (middle - small), (i, figures)  # a straight line in n: no n² term


def test_past_the_budget_the_error_names_the_decision_and_how_to_script_it():
    text = copies_triggering_at_the_start(5)
    with pytest.raises(LimitExceededError) as error:
        _run(text.replace("CHOOSE", ""), budget=500)
    line = str(error.value)
    assert line.startswith("t.toml:") and "\n" not in line
    assert 'step 1 (advance = "combat") needs more than the exploration budget of 500 transitions: the decision ' \
           'that multiplies the lines of play is step 1\'s "A orders triggers: which resolves first?", asked with up ' \
           'to 5 answers' in line
    assert 'script it: choose = ["d0", …] on step 1 answers' in line and "--budget 5000" in line
    assert _run(text.replace("CHOOSE", "")).passed, "within the default budget"
    assert _run(text.replace("CHOOSE", 'choose = ["d0", "d1", "d2", "d3"]'), budget=500).passed, "scripted"


def test_too_many_outcomes_names_the_decision_too(monkeypatch):
    monkeypatch.setattr(run, "MAX_OUTCOMES", 8)
    with pytest.raises(LimitExceededError, match=r'more than 8 distinct outcomes after step 2: the decision that '
                                                 r'multiplies the lines of play is step 2\'s "A chooses a Squadron Supreme character you control"'):
        _run(a_choice_among(20))


def test_the_budget_flag_raises_the_budget(tmp_path, capsys, monkeypatch):
    from vsoracle.cli import _fast_resolve
    from vsoracle.cli.application import app
    from vsoracle.cli.common import run_guarded

    monkeypatch.setenv("VSORACLE_NO_CACHE", "1")
    path = tmp_path / "q.toml"
    path.write_text(copies_triggering_at_the_start(5).replace("CHOOSE", ""), encoding="utf-8")
    assert _fast_resolve(["resolve", str(path), "--budget", "500"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"{path}:") and "--budget 5000" in err
    assert _fast_resolve(["resolve", str(path), "--quiet", "--budget=500"]) == 2
    assert _fast_resolve(["resolve", str(path), "--budget", "50000"]) == 0
    assert _fast_resolve(["resolve", str(path), "--budget", "0"]) is None, "typer reports a budget below 1"
    monkeypatch.setattr(sys, "argv", ["vsoracle", "explain", str(path), "--budget", "500"])
    with pytest.raises(SystemExit) as done:
        run_guarded(app)
    assert done.value.code == 2 and "--budget 5000" in capsys.readouterr().err


def test_the_help_states_the_default_budget():
    from vsoracle.cli.resolve import BUDGET_HELP

    assert f"(default {run.BUDGET:,})" in BUDGET_HELP
