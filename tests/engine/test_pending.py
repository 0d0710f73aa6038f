"""Positions that wait (issue 15): every kind of decision the engine asks is a :class:`Waiting`
position whose ``pending`` question lists its legal answers; answering each gives a position;
a wrong answer is refused with a reason; while a decision waits, no action is legal."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
from attrs import evolve

from vsoracle.cards import default_database
from vsoracle.engine import moves
from vsoracle.engine.invariants import check_change
from vsoracle.engine.state import GameState
from vsoracle.errors import IllegalActionError, IllegalAnswerError
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import run_scenario, step_action

ROOT = Path(__file__).resolve().parents[2]

#: For each kind of decision: a scenario, the step whose action asks it once its ``choose`` (and
#: the keys named) are taken away.
CASES = {
    "choose": ("tests/faq/chaos-magic-choose-on-resolution.scenario.toml", 4, ()),
    "may": ("examples/four-yes-or-no.toml", 2, ()),
    "order": ("tests/faq/egghead-flagged-on-resolution.scenario.toml", 3, ()),
    "place": ("examples/walk-through-walls-recovery.toml", 2, ()),
    "recover": ("tests/shapes/wrap-up-trigger-waits.scenario.toml", 1, ()),
    "replacement": ("examples/arcanna-advance-recon.toml", 3, ()),
    "search": ("tests/faq/gm3-beast-any-team-up.scenario.toml", 2, ()),
    "strike": ("tests/faq/gm8-cannot-cause-breakthrough.scenario.toml", 3, ()),
    "swap": ("tests/faq/gm1-swap-optional.scenario.toml", 1, ()),
    "target": ("tests/faq/egghead-flagged-on-resolution.scenario.toml", 3, ()),
    "transfer": ("tests/faq/force-field-belt-counters-remain.scenario.toml", 5, ()),
    "pay": ("tests/faq/force-field-belt-counters-on-character.scenario.toml", None, ("pay",)),
    "random": ("tests/shapes/at-random.scenario.toml", 2, ()),
}


def _asked_kinds() -> set[str]:
    """Every kind of decision the engine's source asks (``Decision(player, "kind", …)``)."""
    found = set()
    for path in (ROOT / "vsoracle" / "engine").rglob("*.py"):
        found |= set(re.findall(r'Decision\(\s*[\w.]+,\s*"(\w+)"', path.read_text(encoding="utf-8")))
    return found


@lru_cache(maxsize=None)
def _before(file: str, index: int | None) -> tuple[GameState, object]:
    """The first position step ``index`` starts from (``None``: the step with ``pay``), and the step."""
    sc = load_scenario(ROOT / file, default_database())
    seen: dict = {}

    def before(step, outs):
        wanted = step.index == index if index is not None else "pay" in step.keys
        if wanted and "state" not in seen:
            seen["state"], seen["step"] = outs[0].state, step

    run_scenario(sc, before_step=before)
    return seen["state"], seen["step"]


def waiting(kind: str) -> moves.Waiting:
    """A position waiting for a decision of ``kind``: the step's action taken without its answers,
    following the first answer of earlier decisions."""
    file, index, strip = CASES[kind]
    state, step = _before(file, index)
    action = evolve(step_action(step, state), choose=(), **{key: None for key in strip})
    position = moves.take(state, action, check_change)
    for _ in range(8):
        question = moves.pending(position)
        assert question is not None, f"{kind}: no decision of this kind waits"
        if question.kind == kind:
            return position
        position = moves.answer(position, question.answers[0])
    raise AssertionError(f"{kind}: not asked within 8 decisions")


def test_the_cases_cover_every_kind_of_decision_the_engine_asks():
    assert _asked_kinds() == set(CASES)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_every_kind_of_decision_waits_and_each_answer_gives_a_position(kind):
    position = waiting(kind)
    question = moves.pending(position)
    assert question.player in position.before.player_ids and question.prompt and len(question.answers) >= 1
    assert list(moves.legal_actions(position)) == []  # while it waits, the answers are the only moves
    for value in question.answers:
        after = moves.answer(position, value, check_change)
        assert isinstance(after, (GameState, moves.Waiting))
        assert moves.why_not_answer(position, value) is None


def test_answering_every_decision_reaches_the_position_apply_gives():
    position = waiting("order")
    while moves.pending(position) is not None:
        last = position
        position = moves.answer(position, moves.pending(position).answers[-1])
    assert isinstance(position, GameState)
    done = evolve(last.action, choose=last.action.choose + (moves.pending(last).answers[-1],))
    assert moves.apply(last.before, done) == position


def test_a_wrong_answer_is_refused_with_a_reason():
    position = waiting("may")
    reason = moves.why_not_answer(position, "nobody")
    assert reason.startswith("nobody is not a legal answer to: ") and "answers: true, false" in reason
    with pytest.raises(IllegalAnswerError, match="is not a legal answer"):
        moves.answer(position, "nobody")
    with pytest.raises(IllegalAnswerError, match="is not a legal answer"):
        moves.answer(position, 0)  # 0 is not false: numbers do not answer yes/no decisions
    assert moves.why_not_answer(position.before, True) == "no decision waits in this position"
    with pytest.raises(IllegalAnswerError, match="no decision waits"):
        moves.answer(position.before, True)


def test_a_position_with_priority_waits_for_nothing():
    state, _step = _before(*CASES["may"][:2])
    assert moves.pending(state) is None
    assert list(moves.legal_actions(state))


def test_a_scenario_spelling_of_an_answer_is_taken():
    position = waiting("choose")
    question = moves.pending(position)
    value = question.answers[0]
    spelled = list(value) if isinstance(value, tuple) else str(value)
    assert moves.answer(position, spelled) == moves.answer(position, value)
    assert question.toml(value) and question.describe(value)


def test_an_action_refused_before_any_decision_is_refused_by_take():
    state, step = _before(*CASES["may"][:2])
    with pytest.raises(IllegalActionError):
        moves.take(state, moves.Play(state.priority, "no-such-card"))


def test_waiting_positions_are_values():
    a, b = waiting("swap"), waiting("swap")
    assert a == b and hash(a) == hash(b) and a is not b
    assert moves.answer(a, moves.pending(a).answers[0]) == moves.answer(b, moves.pending(b).answers[0])


def test_the_example_in_docs_moves_md_runs(monkeypatch, capsys):
    text = (ROOT / "docs" / "moves.md").read_text(encoding="utf-8")
    code = text.split("## Positions that wait", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    exec(compile(code, "docs/moves.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "no decision waits in this position"
    assert printed[1] == "A may A may draw a card (True, False)" and printed[-1] == "47 1"
