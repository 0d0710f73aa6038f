"""``legal_actions`` and the executors agree, over positions reached in the FAQ and example
scenarios: every generated action is taken without refusal (the invariants checked on every
transition), and mutated ones — a wrong id, a taken place, an illegal target, a wrong player —
get a reason from ``why_not``. Budget: the fuzz profile (``HYPOTHESIS_PROFILE=long``)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from attrs import evolve
from hypothesis import given, note, strategies as st

from vsoracle.cards import load_database
from vsoracle.engine import moves
from vsoracle.engine.invariants import check_change, check_invariants
from vsoracle.engine.moves import Attack, Flip, Play, PlaceResource, PowerUp, Recruit, Use
from vsoracle.errors import VsOracleError
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import run_scenario

from .strategies import FUZZ
from .test_random_steps import CORE_STARTS

ROOT = Path(__file__).resolve().parents[2]
#: Every example, the fuzz tests' core starting positions (every phase and step, the chain,
#: attacks, reinforcement, formation) and every eighth FAQ scenario.
FILES = sorted(set(ROOT.glob("examples/*.toml")) | {ROOT / "tests" / "faq" / f"{name}.scenario.toml" for name in CORE_STARTS}
               | set(sorted(ROOT.glob("tests/faq/*.scenario.toml"))[::8]))


@lru_cache(maxsize=1)
def positions() -> tuple:
    """Each position a step of these scenarios starts from, and each final one (distinct)."""
    db = load_database()
    found: dict = {}
    for path in FILES:
        try:
            sc = load_scenario(path, db)
            result = run_scenario(sc, before_step=lambda _step, outs: found.update(
                {o.state: path.name for o in outs if o.stopped is None}))
        except VsOracleError:
            continue
        found.update({o.state: path.name for o in result.outcomes if o.stopped is None})
    return tuple(found.items())


@lru_cache(maxsize=1024)
def legal(state, player=None) -> tuple:
    return tuple(moves.legal_actions(state, player))


def test_there_are_positions_and_actions_of_every_common_kind():
    seen = {type(a) for state, _name in positions() for p in state.player_ids for a in legal(state, p)}
    assert len(positions()) > 40
    assert {Recruit, Play, Use, Attack, moves.Pass, moves.Reinforce, moves.Move} <= seen


@FUZZ
@given(st.data())
def test_every_generated_action_is_taken_without_refusal(data):
    state, name = data.draw(st.sampled_from(positions()), label="position")
    player = data.draw(st.sampled_from((None,) + state.player_ids), label="player")
    found = legal(state, player)
    note(name)
    if not found:
        return
    action = data.draw(st.sampled_from(found), label="action")
    check_invariants(state)
    after = moves.apply(state, action, check_change)
    assert moves.why_not(state, action) is None
    for follow in legal(after)[:3]:
        moves.apply(after, follow, check_change)


def _mutations(state, action):
    """Illegal variants of a legal action, each with what makes it illegal."""
    yield evolve(action, player="nobody"), "a player who is not in the game"
    if hasattr(action, "card"):
        yield evolve(action, card="no-such-card"), "an id that is not in the position"
    if isinstance(action, Recruit) and action.row is not None:
        taken = [c.col for c in state.characters(action.player) if c.row == action.row and c.area == "visible"]
        if taken and "concealed" not in str(action.choose):
            yield evolve(action, col=taken[0]), "a taken place"
    if isinstance(action, (Play, Use)) and action.targets:
        legal_targets = {a.targets for a in legal(state) if type(a) is type(action) and a.card == action.card
                         and getattr(a, "power", None) == getattr(action, "power", None)}
        for oid in sorted(state.objects):
            wrong = (oid,) + action.targets[1:]
            if wrong not in legal_targets:
                yield evolve(action, targets=wrong, choose=()), "a target that is not legal"
                break
    if isinstance(action, (Recruit, Play, PlaceResource, Flip, PowerUp)):
        for other in state.opponents(action.player):
            yield evolve(action, player=other, choose=()), "a player who does not own the card"


@FUZZ
@given(st.data())
def test_mutated_actions_get_a_reason(data):
    state, name = data.draw(st.sampled_from(positions()), label="position")
    found = [a for a in legal(state) if not isinstance(a, moves.Pass)]
    note(name)
    if not found:
        return
    action = data.draw(st.sampled_from(found), label="action")
    for wrong, what in _mutations(state, action):
        note(f"{what}: {wrong!r}")
        reason = moves.why_not(state, wrong)
        assert reason, f"{what} was not refused"
        assert wrong not in legal(state)
