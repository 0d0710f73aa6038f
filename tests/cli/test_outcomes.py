"""Outcomes a person can compare (issue 16): the ruling first, a table of outcomes named by the
decisions they answer, the first few in full, and a failed check naming where it fails."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from vsoracle.cli import _fast_arguments, app
from vsoracle.cli.answer import answer
from vsoracle.engine.game import Decision

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FOUR = EXAMPLES / "four-yes-or-no.toml"        # four "you may" on one plot twist: 16 outcomes


def _lines(path: Path, *args: str) -> tuple[list[str], int]:
    result = runner.invoke(app, ["resolve", str(path), "--no-cache", *args])
    return result.output.splitlines(), result.exit_code


def _failing_copy(tmp_path: Path) -> Path:
    """The example with an every-outcome check that holds in only some of them."""
    text = FOUR.read_text(encoding="utf-8").replace('p.zone = "ko_pile"              # in every outcome',
                                                    "A.endurance = 47")
    path = tmp_path / "q.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_resolve_starts_with_the_ruling_explain_gives():
    lines, code = _lines(FOUR, "-q")
    assert code == 0
    explained = runner.invoke(app, ["explain", str(FOUR)]).output.splitlines()
    assert lines[0] == explained[0]
    assert lines[0] == ("Ruling: Four 'you may' choices on one plot twist give sixteen distinct outcomes — yes: "
                        "all 4 checks hold across 16 distinct outcomes.")


def test_the_table_has_a_row_per_outcome_with_the_figures_that_differ_and_named_choices():
    lines, _ = _lines(FOUR, "-q")
    header = next(i for i, x in enumerate(lines) if x.lstrip().startswith("#  "))
    columns = lines[header].split()
    assert columns[:1] == ["#"] and columns[-1] == "choices"
    head = lines[header]
    for figure in ("A endurance", "A resource points", "A hand", "A deck"):
        assert figure in head                         # they differ between outcomes
    assert "B endurance" not in head and "p zone" not in head   # the same in every outcome
    rows = lines[header + 1:header + 17]
    assert [r.split()[0] for r in rows] == [str(n) for n in range(1, 17)]
    first = rows[0]
    assert first.split()[1:5] == ["47", "2", "1", "1"]
    assert first.endswith("step 2: A may draw a card: yes; A may gain 1 endurance: yes; "
                          "A may gain 2 resource points: yes; A may lose 4 endurance: yes")
    assert "step 2: true" not in "\n".join(lines)
    assert lines[header + 17] == ""


def test_only_the_first_outcomes_in_full_with_a_line_saying_how_to_see_the_rest():
    lines, _ = _lines(FOUR, "-q")
    full = [x for x in lines if x.startswith("  Outcome ")]
    assert [x.split(" — ")[0].strip() for x in full] == ["Outcome 1", "Outcome 2", "Outcome 3"]
    assert (f"  … 13 more outcomes in the table above, not shown in full (resolve {FOUR} --outcomes 16 "
            "shows them all)") in lines
    lines, _ = _lines(FOUR, "-q", "--outcomes", "1")
    assert [x for x in lines if x.startswith("  Outcome ")] == [
        "  Outcome 1 — choices: step 2: A may draw a card: yes; A may gain 1 endurance: yes; "
        "A may gain 2 resource points: yes; A may lose 4 endurance: yes"]
    lines, _ = _lines(FOUR, "-q", "--outcomes", "16")
    assert len([x for x in lines if x.startswith("  Outcome ")]) == 16
    assert not any("more outcome" in x for x in lines)


def test_a_failed_check_names_the_outcomes_where_it_fails_and_their_choices(tmp_path):
    path = _failing_copy(tmp_path)
    lines, code = _lines(path, "-q")
    assert code == 1
    at = next(i for i, x in enumerate(lines) if x.startswith("  ✗ "))
    assert lines[at] == "  ✗ A.endurance = 47 [at the end, line 30] — found 46, 50, 51 in 12 of 16 outcomes:"
    assert lines[at + 1] == ("      outcome 3: found 46 — step 2: A may draw a card: no; A may gain 1 endurance: no; "
                             "A may gain 2 resource points: yes; A may lose 4 endurance: yes")
    assert lines[at + 6] == "      … and 7 more (the outcome table above lists them)"
    assert lines[0].endswith("— no: A.endurance = 47 (found 46, 50, 51 in outcomes 3, 4, 5, 6, 8, … of 16).")


def test_a_check_in_some_outcome_that_holds_in_none_says_so(tmp_path):
    path = tmp_path / "q.toml"
    path.write_text(FOUR.read_text(encoding="utf-8").replace("A.endurance = 47 ", "A.endurance = 99 "),
                    encoding="utf-8")
    lines, code = _lines(path, "-q")
    assert code == 1
    assert ("  ✗ A.endurance = 99 (in some outcome) [at the end, line 33] — found 46, 47, 50, 51 "
            "(it holds in none of the 16 outcomes)") in lines


def test_one_outcome_has_no_table_and_keeps_the_plain_report():
    lines, code = _lines(EXAMPLES / "ultron-when-you-recruit.toml", "-q")
    assert code == 0
    assert lines[0].startswith("Ruling: ") and "Outcomes: 1" in lines
    assert not any(x.lstrip().startswith("#  ") for x in lines)
    assert lines[-1] == "7 of 7 checks hold."


def test_a_decision_is_said_by_what_it_answers():
    order = Decision("A", "order", "A orders triggers: which resolves first?", ("x", "y"))
    assert order.says("x") == "A orders triggers: x first"
    may = Decision("B", "may", "B may draw a card", (True, False))
    assert may.says(False) == "B may draw a card: no"
    target = Decision("B", "target", "B chooses a target for y's triggered effect", ("z",))
    assert target.says("z") == "B chooses a target for y's triggered effect: z"


def test_outcomes_on_the_fast_path_and_in_the_cache_key(tmp_path):
    assert _fast_arguments(["resolve", "f.toml", "--outcomes", "2", "-q"]) == ("f.toml", {"quiet"}, {"outcomes": 2})
    assert _fast_arguments(["resolve", "f.toml", "--outcomes=0"]) is None       # typer reports it
    one, _ = answer(FOUR, quiet=True, no_cache=True, outcomes=1)
    all_, _ = answer(FOUR, quiet=True, no_cache=True, outcomes=16)
    assert one.count("  Outcome ") == 1 and all_.count("  Outcome ") == 16
