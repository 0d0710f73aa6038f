"""Random steps from real positions never crash vsoracle nor break a position invariant.

Starting positions are the FAQ scenarios (with or without their own steps and checks);
random ``[[step]]`` tables over the position's ids and players are appended (pass, resolve,
advance to every target, attack, recruit, play, use, …), and the scenario runs with invariants
on: the outcome must be a result or a ``VsOracleError``. An ``InvariantError`` (an impossible
position, ``vsoracle/engine/invariants.py``) or any other exception is a bug.
Budget: see ``strategies.py`` (``HYPOTHESIS_PROFILE=long`` for a long run).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from hypothesis import given, note, strategies as st

from vsoracle.cards import CardType
from vsoracle.engine.state import GameState, Zone
from vsoracle.errors import VsOracleError
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import RunResult

from .strategies import ROOT, FUZZ, step_tables, without_steps_and_checks
from .test_mutated_scenarios import database, load_and_run

#: Starting positions every fuzz run must have: every phase and step, recruiting from hand and
#: resource row, equipment, activated and leader powers, team attacks, reinforcement, formation
#: moves, a deck to draw from. Every other FAQ scenario that loads is a starting position too.
CORE_STARTS = (
    "gm8-advance-recon",
    "gm7-ultron-supreme-sanction",
    "force-field-belt-counters-on-character",
    "melissa-gold-can-reinforce",
    "monica-rambeau-readies-adjacent-team-attackers",
    "gm9-ransom-hide-and-exhaust",
    "egghead-flagged-on-resolution",
    "two-worlds-draw-from-hand",
    "quicksilver-once-per-defender",
    "hibernaculum-return-any-character",
    "karla-sofen-cannot-win-any-means",
)


class Start(NamedTuple):
    name: str
    text: str              # the FAQ scenario as written
    position: str          # the same without its steps and checks
    ids: tuple[str, ...]
    players: tuple[str, ...]
    pools: dict[str, tuple[str, ...]]   # verb -> the ids it most likely fits in the starting position


def verb_pools(state: GameState) -> dict[str, tuple[str, ...]]:
    """For each verb, the objects of ``state`` it may well apply to."""
    def ids(keep) -> tuple[str, ...]:
        return tuple(sorted(oid for oid, o in state.objects.items() if keep(o)))

    kind = lambda o: o.card.type                                       # noqa: E731
    in_hand_or_row = lambda o: o.zone in (Zone.HAND, Zone.RESOURCE_ROW)  # noqa: E731
    in_play = lambda o: o.zone is Zone.IN_PLAY                           # noqa: E731
    return {
        "recruit": ids(lambda o: in_hand_or_row(o) and kind(o) in (CardType.CHARACTER, CardType.EQUIPMENT)),
        "play": ids(lambda o: in_hand_or_row(o) and kind(o) is CardType.PLOT_TWIST),
        "use": ids(lambda o: in_play(o) or (o.zone is Zone.RESOURCE_ROW and o.face_up)),
        "attack": ids(lambda o: in_play(o) and kind(o) is CardType.CHARACTER),
        "move": ids(lambda o: in_play(o) and kind(o) is CardType.CHARACTER),
        "reinforce": ids(lambda o: in_play(o) and kind(o) is CardType.CHARACTER),
        "transfer": ids(lambda o: in_play(o) and kind(o) is CardType.EQUIPMENT),
        "flip": ids(lambda o: o.zone is Zone.RESOURCE_ROW),
        "resource": ids(lambda o: o.zone is Zone.HAND),
    }


@lru_cache(maxsize=1)
def starts() -> tuple[Start, ...]:
    """Every FAQ scenario that loads today (a file someone is editing may not)."""
    out = []
    for path in sorted((ROOT / "tests" / "faq").glob("*.scenario.toml")):
        text = path.read_text(encoding="utf-8")
        try:
            sc = load_scenario(path, database())
        except VsOracleError:
            continue
        out.append(Start(path.name.removesuffix(".scenario.toml"), text, without_steps_and_checks(text),
                         tuple(sc.ids), tuple(p.id for p in sc.state.players), verb_pools(sc.state)))
    return tuple(out)


def test_the_core_starting_positions_load_and_run():
    loaded = {s.name: s for s in starts()}
    assert len(loaded) > 100
    missing = [name for name in CORE_STARTS if name not in loaded]
    assert len(missing) <= 3, f"{missing} do not load"
    for name in CORE_STARTS:
        if name in loaded:
            assert isinstance(load_and_run(loaded[name].position), RunResult), name


@st.composite
def random_runs(draw) -> tuple[str, str]:
    start = draw(st.sampled_from(starts()))
    head = start.text if draw(st.booleans()) else start.position
    return start.name, head.rstrip("\n") + "\n\n" + draw(step_tables(start.ids, start.players, start.pools))


@FUZZ
@given(random_runs())
def test_random_steps_give_a_result_or_an_error_for_a_person(sample):
    name, text = sample
    note(f"start: {name}\n--- scenario ---\n{text}--- end ---")
    outcome = load_and_run(text)
    assert isinstance(outcome, (RunResult, VsOracleError))
