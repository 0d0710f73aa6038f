"""Following legal actions and pending answers at random never raises: from positions reached in
the FAQ and example scenarios, a few plies, each an action taken without its answers
(``moves.take``, which may leave the position waiting) or an answer to the decision that waits
(``moves.answer``), with the invariants checked on every transition."""

from __future__ import annotations

from attrs import evolve
from hypothesis import given, note, settings, strategies as st

from vsoracle.engine import moves
from vsoracle.engine.invariants import check_change
from vsoracle.errors import LimitExceededError

from .strategies import FUZZ
from .test_legal_actions import legal, positions

PLIES = 4

#: Each example plays several plies, so it runs a sixth of the profile's examples: 40 under the
#: default profile (250), 1,600 under HYPOTHESIS_PROFILE=long (10,000) — it grows with the profile
#: (it was fixed at 40, so the long run did not run it longer: issue 24).
EXAMPLES = max(1, FUZZ.max_examples * 4 // 25)


@settings(FUZZ, max_examples=EXAMPLES)
@given(st.data())
def test_following_actions_and_answers_at_random_never_raises(data):
    position, name = data.draw(st.sampled_from(positions()), label="position")
    note(name)
    for _ in range(PLIES):
        question = moves.pending(position)
        if question is not None:
            assert list(moves.legal_actions(position)) == []
            value = data.draw(st.sampled_from(question.answers), label=question.prompt)
            position = moves.answer(position, value, check_change)
            continue
        # Each action once, without its answers: its decisions are asked as it is taken.
        bare = list(dict.fromkeys(evolve(a, choose=()) for a in legal(position)))
        if not bare:
            return
        action = data.draw(st.sampled_from(bare), label="action")
        try:
            position = moves.take(position, action, check_change)
        except LimitExceededError:
            return  # a person would script such an action; the limit is an error for a person
