"""Pinned perft counts (python-chess's ``examples/perft``): from the position after a scenario's
steps, the distinct action sequences and distinct positions to a depth. A mismatch prints the
counts split by first action, to find the action whose line changed."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from attrs import evolve

from typer.testing import CliRunner

from vsoracle.cards import load_database
from vsoracle.cli import app
from vsoracle.engine import moves
from vsoracle.scenario.load import load_scenario
from vsoracle.scenario.run import run_scenario, step_action

ROOT = Path(__file__).resolve().parents[2]

#: (scenario, after its steps? (True: all, False: none, N: the first N), depth, sequences, positions)
PINNED = [
    # the recruit step, an empty chain, plot twists to play and resources to reveal
    ("examples/ultron-when-you-recruit.toml", True, 3, 296, 84),
    # the attack step before an attack: attacks, plot twists in response, passes
    ("tests/faq/gm4-may-respond.scenario.toml", False, 2, 197, 166),
    # the attack step after the FAQ's chain of plot twists has resolved
    ("tests/faq/gm4-may-respond.scenario.toml", True, 3, 40, 10),
    # a trigger waiting on the chain: Ultron's recruit link with his "when you recruit" power above it
    ("tests/faq/gm7-triggers-on-chain.scenario.toml", 1, 3, 265, 50),
]


#: (scenario, its step that waits (taken without its choose after the steps before it), depth,
#: sequences, positions): perft from a waiting position, each answer a move.
WAITING = [
    # four "you may"s on resolution: 2 x 2 x 2 x 2 answers, then the player's one action (pass) each
    ("examples/four-yes-or-no.toml", 1, 4, 16, 16),
    ("examples/four-yes-or-no.toml", 1, 6, 16, 16),
    # two triggers to order as the wrap-up step starts: either first, then one pass each
    ("tests/faq/peace-in-our-time-checked-on-resolution.scenario.toml", 6, 2, 2, 2),
    # which team attacker a defender strikes: three answers that reach one position
    ("tests/faq/quicksilver-once-per-defender--var.scenario.toml", 1, 4, 6, 2),
]


@lru_cache(maxsize=None)
def waiting(file: str, index: int):
    sc = load_scenario(ROOT / file, load_database())
    before = run_scenario(evolve(sc, steps=sc.steps[:index], checks=())).outcomes[0].state
    return moves.take(before, evolve(step_action(sc.steps[index], before), choose=()))


@lru_cache(maxsize=None)
def position(file: str, after: bool | int):
    sc = load_scenario(ROOT / file, load_database())
    if after is False:
        return sc.state
    if after is not True:
        sc = evolve(sc, steps=sc.steps[:after], checks=())
    return run_scenario(sc).outcomes[0].state


def test_the_trigger_position_has_a_trigger_waiting_on_the_chain():
    state = position("tests/faq/gm7-triggers-on-chain.scenario.toml", 1)
    assert [link.label for link in state.chain] == ["recruit:ultron", "trigger:ultron"] and state.priority == "A"


@pytest.mark.parametrize("file, after, depth, sequences, positions", PINNED)
def test_perft_counts(file, after, depth, sequences, positions):
    state = position(file, after)
    found = moves.perft(state, depth)
    if found != (sequences, positions):
        split = "\n".join(f"{seq:>6} {pos:>6}  {a.to_step()}" for a, seq, pos in moves.divide(state, depth))
        pytest.fail(f"perft {depth}: {found}, pinned {(sequences, positions)}; by first action:\n{split}")


def test_split_by_first_action_adds_up():
    state = position("examples/ultron-when-you-recruit.toml", True)
    rows = moves.divide(state, 2)
    assert sum(seq for _a, seq, _pos in rows) == moves.perft(state, 2)[0]
    assert moves.perft(state, 0) == (1, 1)


@pytest.mark.parametrize("file, after, depth, sequences, positions",
                         PINNED + [(f, ("waiting", i), d, seq, pos) for f, i, d, seq, pos in WAITING])
def test_split_counts_once_and_each_row_is_the_perft_below_its_first_move(monkeypatch, file, after, depth,
                                                                          sequences, positions):
    """``perft --split`` expands each position once, as ``perft`` does (the same calls for moves),
    and each first move's row is what a perft after that move counts: its sequences add up to the
    whole; a position reached from two first moves is in both rows, once in the whole."""
    state = waiting(file, after[1]) if isinstance(after, tuple) else position(file, after)
    expected = [(move, *moves.perft(after_it, depth - 1)) for move, after_it in moves.moves_from(state)]
    real, asked = moves.moves_from, []

    def counted(p):
        asked.append(p)
        return real(p)

    monkeypatch.setattr(moves, "moves_from", counted)
    assert moves.perft(state, depth) == (sequences, positions)
    whole = len(asked)
    asked.clear()
    assert moves.perft_split(state, depth) == (sequences, positions, expected)
    assert len(asked) == whole  # counted once: the same positions expanded, none twice
    assert sum(seq for _m, seq, _p in expected) == sequences
    assert max(pos for _m, _s, pos in expected) <= positions <= sum(pos for _m, _s, pos in expected)


def test_the_split_command_counts_once(monkeypatch):
    """``vsoracle perft --split``: the rows and the total from one count (before, the total was
    counted, then each first move's perft again)."""
    real, asked = moves.moves_from, [0]

    def counted(p):
        asked[0] += 1
        return real(p)

    monkeypatch.setattr(moves, "moves_from", counted)
    file = str(ROOT / "tests/faq/gm4-may-respond.scenario.toml")
    whole = CliRunner().invoke(app, ["perft", file, "--depth", "2", "--json"])
    calls, asked[0] = asked[0], 0
    split = CliRunner().invoke(app, ["perft", file, "--depth", "2", "--split", "--json"])
    assert whole.exit_code == split.exit_code == 0, split.output
    assert asked[0] == calls > 1
    import json

    one, other = json.loads(whole.stdout), json.loads(split.stdout)
    assert (one["sequences"], one["positions"]) == (other["sequences"], other["positions"])
    assert sum(row["sequences"] for row in other["split"]) == other["sequences"] and one["split"] == []


@pytest.mark.parametrize("file, index, depth, sequences, positions", WAITING)
def test_perft_counts_from_a_waiting_position(file, index, depth, sequences, positions):
    start = waiting(file, index)
    assert moves.pending(start) is not None
    found = moves.perft(start, depth)
    if found != (sequences, positions):
        split = "\n".join(f"{seq:>6} {pos:>6}  {a!r}" for a, seq, pos in moves.divide(start, depth))
        pytest.fail(f"perft {depth}: {found}, pinned {(sequences, positions)}; by first answer:\n{split}")


def test_from_a_waiting_position_each_legal_answer_is_a_move():
    start = waiting("examples/four-yes-or-no.toml", 1)
    rows = moves.divide(start, 2)
    assert [a for a, _s, _p in rows] == list(moves.pending(start).answers) == [True, False]
    assert all(isinstance(after, moves.Waiting) for _a, after in moves.moves_from(start))
    assert sum(seq for _a, seq, _pos in rows) == moves.perft(start, 2)[0] == 4
    assert moves.perft(start, 1) == (2, 2) and moves.perft(start, 0) == (1, 1)


def test_a_move_is_an_action_with_its_decisions_answered():
    """From a position where someone has priority, an action that asks decisions counts once per
    line of play (python-chess: e7e8q and e7e8n are two moves), never once per decision."""
    sc = load_scenario(ROOT / "examples/four-yes-or-no.toml", load_database())
    state = run_scenario(evolve(sc, steps=sc.steps[:1], checks=())).outcomes[0].state
    assert [a for a in moves.legal_actions(state) if isinstance(a, moves.Pass)] == [moves.Pass("A")]
    resolves = [a for a in moves.legal_actions(state, "B") if isinstance(a, moves.Pass)]
    # B's pass, after A's, resolves the plot twist: its four "you may"s give one move per line of play
    assert len(resolves) == 16 and len({a.choose for a in resolves}) == 16
    assert all(len(a.choose) == 4 for a in resolves)


def test_the_perft_command_counts_from_the_decision_the_last_step_leaves_open():
    file = str(ROOT / "examples/four-yes-or-no.toml")
    result = CliRunner().invoke(app, ["perft", file, "--depth", "2", "--split"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("# the last step waits: A decides (may): A may draw a card")
    assert [line.split()[2:] for line in lines[1:3]] == [["choose", "=", "[true]"], ["choose", "=", "[false]"]]
    assert lines[-1] == "depth 2: 4 sequences, 4 positions"
    assert moves.perft(waiting("examples/four-yes-or-no.toml", 1), 2) == (4, 4)


@pytest.mark.parametrize("file, after", sorted({(f, a) for f, a, *_ in PINNED}, key=str))
def test_each_move_leads_where_applying_it_does(file, after):
    """perft counts the position each accepted try produced: it is the position apply() gives."""
    state = position(file, after)
    pairs = list(moves.moves_from(state))
    assert [a for a, _t in pairs] == list(moves.legal_actions(state)) and pairs
    for action, after_it in pairs:
        assert moves.apply(state, action) == after_it


def test_a_second_perft_call_does_the_same_work_as_the_first():
    """Nothing about positions is kept from one call to the next (the bench's rounds are alike)."""
    import cProfile
    import pstats

    state = position("examples/ultron-when-you-recruit.toml", True)
    moves.perft(state, 2)
    calls = []
    for _ in range(2):
        profile = cProfile.Profile()
        profile.enable()
        moves.perft(state, 2)
        profile.disable()
        calls.append(pstats.Stats(profile).total_calls)
    # Equal up to bounded caches of parsed text and card facts (LRU, shared with the rest of the
    # suite), whose hits can differ by a few dozen calls in a full run; a table of positions kept
    # between calls would cut the second call by far more than 1%.
    assert calls[0] > 10_000 and abs(calls[0] - calls[1]) <= calls[0] // 100, calls


def _broad(state):
    """The plays, uses, power-ups and attacks of the player with priority, before any pruning:
    every plot twist and activated power x every combination of targets of the right kind (x
    and pay over their range), every character x every card in hand, every team x target."""
    import itertools

    from vsoracle.engine.query import query
    from vsoracle.text import nodes as n

    pid = state.priority
    me, q = state.player(pid), query(state)
    chars = [c.id for c in state.characters(pid)]
    for oid in me.hand + me.resources:
        effect = moves._act.plot_twist_effect(state.obj(oid))
        xs = range(me.resource_points + 1) if effect is not None and moves._act._mentions_x(effect) else [None]
        for targets in moves._target_values(state, effect):
            yield from (moves.Play(pid, oid, targets, x=x) for x in xs)
    for o in state.objects.values():
        for i, (node, _line) in enumerate(q.numbered_powers(o)):
            if isinstance(node, n.Activated):
                pays = range(max(me.resource_points, me.endurance) + 1) if moves._pays_x(node.costs) else [None]
                for targets in moves._target_values(state, node.effect):
                    yield from (moves.Use(pid, o.id, i + 1, targets, pay=pay) for pay in pays)
    yield from (moves.PowerUp(pid, c, h) for c in chars for h in me.hand)
    targets = [c.id for other in state.opponents(pid) for c in state.characters(other)] + list(state.opponents(pid))
    for size in range(1, len(chars) + 1):
        for team in itertools.combinations(chars, size):
            yield from (moves.Attack(pid, team, t) for t in targets)


def _pruning_positions():
    start = position("tests/faq/gm4-may-respond.scenario.toml", False)
    return [position(f, a) for f, a, *_ in PINNED] + [t for _a, t in moves.moves_from(start)][:12]


def test_pruning_drops_no_legal_action():
    """Every play, use, power-up and attack the executor accepts, from the broad candidates with
    nothing pruned, is listed (up to its answers): the pruning only skips certain refusals."""
    def key(a):  # team attackers are listed in the order they stand, any order being the same attack
        return (type(a), frozenset(a.attackers), a.target) if isinstance(a, moves.Attack) else evolve(a, choose=())

    tried = legal = 0
    for state in _pruning_positions():
        listed = {key(a) for a in moves.legal_actions(state)}
        for action in _broad(state):
            tried += 1
            if moves.is_legal(state, action):
                legal += 1
                assert key(action) in listed, action
    assert legal > 50 and tried > legal


# -- progress, interruption and memory (issue 26) ----------------------------------------------

def test_progress_reports_the_counts_so_far_and_ends_on_the_answer():
    """perft tells its progress after each position expanded: each depth's counts grow to the
    answer at that depth, and the depths already complete are the answers of smaller perfts."""
    state = position("tests/faq/gm4-may-respond.scenario.toml", False)
    seen: list[moves.PerftProgress] = []
    found = moves.perft(state, 3, seen.append)
    assert found == moves.perft(state, 3) and seen
    last = seen[-1]
    assert (last.depth, last.of, last.expanded, last.level) == (3, 3, last.level, last.level)
    assert (last.sequences, last.positions) == found
    assert list(last.done) == [moves.perft(state, d) for d in (1, 2)]
    for before, after in zip(seen, seen[1:]):  # the counts so far never go back within a depth
        if before.depth == after.depth:
            assert after.expanded == before.expanded + 1
            assert after.sequences >= before.sequences and after.positions >= before.positions
            assert after.sequences <= found[0] * 10 ** 6


@pytest.mark.parametrize("memo", [0, 1, 7])
def test_the_transposition_table_is_bounded_and_changes_no_count(monkeypatch, memo):
    """The moves kept for equal positions met again never pass PERFT_MEMO; a smaller table gives
    the same counts (a position met again is expanded again)."""
    state = position("tests/faq/gm4-may-respond.scenario.toml", True)
    free = moves.perft(state, 3)
    monkeypatch.setattr(moves, "PERFT_MEMO", memo)
    seen: list[moves.PerftProgress] = []
    assert moves.perft(state, 3, seen.append) == free
    assert max(p.kept for p in seen) <= memo


def test_the_last_depth_keeps_no_moves_for_later():
    """The moves from the last depth's positions are never asked for again, so none are kept: a
    one-move perft keeps nothing however many moves there are."""
    state = position("tests/faq/gm4-may-respond.scenario.toml", False)
    seen: list[moves.PerftProgress] = []
    sequences, _positions = moves.perft(state, 1, seen.append)
    assert sequences > 1 and [p.kept for p in seen] == [0]


def _interrupt_after(monkeypatch, calls: int) -> None:
    """Ctrl-C as perft asks for the moves of its ``calls``-th position (the others are counted)."""
    real = moves.moves_from
    asked = [0]

    def moves_from(position):
        asked[0] += 1
        if asked[0] == calls:
            raise KeyboardInterrupt
        return real(position)

    monkeypatch.setattr(moves, "moves_from", moves_from)


@pytest.mark.parametrize("split", [[], ["--split"]], ids=["whole", "split"])
def test_ctrl_c_prints_the_counts_so_far_marked_partial(monkeypatch, split):
    file = str(ROOT / "tests/faq/gm4-may-respond.scenario.toml")
    full = CliRunner().invoke(app, ["perft", file, "--depth", "2"]).output
    state = position("tests/faq/gm4-may-respond.scenario.toml", True)
    one, two = moves.perft(state, 1), moves.perft(state, 2)
    assert full.strip() == f"depth 2: {two[0]} sequences, {two[1]} positions"
    _interrupt_after(monkeypatch, 4)  # the start position, then three at depth 1: the fourth is interrupted
    result = CliRunner().invoke(app, ["perft", file, "--depth", "2", *split])
    assert result.exit_code == 130
    lines = result.output.splitlines()
    assert lines[0] == "# interrupted: partial counts, not the answer for depth 2"
    assert lines[1] == f"depth 1: {one[0]} sequences, {one[1]} positions (complete)"
    assert lines[2].startswith("depth 2: at least ") and f"from 2 of {one[1]} positions at depth 1" in lines[2]
    words = lines[2].split()
    assert 0 < int(words[4]) < two[0] and 0 < int(words[8]) <= two[1]
    assert "Traceback" not in result.output


def test_ctrl_c_before_anything_is_counted_says_so_and_json_keeps_stdout_for_json(monkeypatch):
    file = str(ROOT / "tests/faq/gm4-may-respond.scenario.toml")
    _interrupt_after(monkeypatch, 1)
    result = CliRunner().invoke(app, ["perft", file, "--depth", "2"])
    assert result.exit_code == 130
    assert result.output.splitlines() == ["# interrupted: partial counts, not the answer for depth 2",
                                          "# nothing was counted yet"]
    monkeypatch.undo()
    _interrupt_after(monkeypatch, 3)
    result = CliRunner().invoke(app, ["perft", file, "--depth", "2", "--json"])
    assert result.exit_code == 130 and result.stdout == ""
    assert result.stderr.startswith("# interrupted: partial counts")


def test_progress_shows_on_a_terminal_only():
    """The progress line goes to standard error when it is a terminal, and is wiped before the answer."""
    import io

    from vsoracle.cli.moves import PerftWatch

    quiet = PerftWatch(False)
    state = position("tests/faq/gm4-may-respond.scenario.toml", True)
    moves.perft(state, 2, quiet)
    assert quiet.last is not None and quiet.drawn == 0.0

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    import sys

    err, real = Tty(), sys.stderr
    sys.stderr = err
    try:
        live = PerftWatch(True)
        moves.perft(state, 2, live)
        live.clear()
    finally:
        sys.stderr = real
    shown = err.getvalue()
    assert shown.startswith("\r\x1b[Kperft: depth 1 of 2: 1 of 1 positions expanded;")
    assert shown.endswith("\r\x1b[K")
