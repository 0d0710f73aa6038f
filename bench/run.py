"""vsoracle's benchmarks, each a ratio against a reference measured in the same run.

    pip install -e '.[test,bench]' && python bench/run.py [--quick] [--json] [--runs N]

Exit code 0 when every target is met, 1 when one is missed.

Ratios, not seconds, so that the figures hold on a noisy machine:

1. CLI latency: median wall time of ``vsoracle resolve examples/…`` over N runs, divided by
   that of ``python -c "import lark, typer, attrs, tomllib"``. Target ≤ 1.5. Measured twice:
   as a user runs it (a file answered before comes from the answer cache) and with
   ``--no-cache`` (the answer worked out every time).
2. Parse throughput: per-card median parse time over all of ``cards/`` (warm parser). Target ≤ 5 ms.
3. Engine throughput: state transitions per second on a long scripted game (bench/long-game.toml),
   divided by python-chess push+pop per second. Target ≥ 0.33 (issue 26; issue 8 asked 0.25).
4. Exploration: exploring 4 independent binary decisions (16 outcomes), divided by one fully
   scripted run of the same scenario. Target ≤ 10.
5. The whole test suite's wall time. Target < 180 s: the guide asks it well under the five minutes CI
   allows (it was < 60 s when the suite held a tenth of today's scenarios).
6. Identical triggers: ``vsoracle resolve`` of a card printing one triggered power 80 times,
   divided by 10 times (each in a process of its own; bench/explore.py). Target ≤ 2: they
   have one order, so the count hardly matters (before issue 14: 10 took 8 s to fail).
7. An unscripted choice among 400 characters divided by one among 50. Target ≤ 8, the ratio
   of the sizes: about linear (before issue 14: 19x at 200/50 and 114x at 400/50). The details
   give each size's time and peak memory.
8. perft: distinct positions per second of ``moves.perft`` at depth 3 from an attack-step FAQ
   position (tests/faq/gm4-may-respond.scenario.toml: 1,824 sequences, 1,040 positions), divided
   by python-chess perft nodes per second from the starting position at depth 3 (leaves
   bulk-counted at the last ply), medians of rounds taken in turn; the details add
   ``legal_actions`` time per call on the same position, and the like-for-like reference:
   python-chess counting as vsoracle does (every move made, distinct positions through a
   transposition table), which is itself about an eighth of its bulk-counted perft. Target ≥ 0.2
   (issue 15). Each round is as cold as the first: perft keeps nothing about positions from one
   call to the next.
8b. perft like for like: the same vsoracle figure divided by python-chess counting as vsoracle
   does (row 8's like-for-like reference). Target ≥ 0.10: issue 26 asks it tripled from 0.034.
8c. (with ``--instructions``; needs valgrind) row 8b counted in instructions instead of seconds
   (bench/instructions.py): each side's work counted by callgrind with its setup taken off, the
   same figure on any machine with the same Python and python-chess. No target of its own: it
   makes row 8b's progress reproducible.
9. A new text: median wall time of ``vsoracle parse "<a text no run has seen>"`` divided by that
   of the import floor, ``vsoracle --version`` (Python, ``vsoracle.cli`` and the typer
   application: what every typer command pays before it does anything), run in turn. Target
   ≤ 2 (issue 22; before the tables were generated into the package: about 7 to 11). A new text
   imports vsoracle's parser, tree and node classes, never lark. In instructions (callgrind),
   with typer 0.17.5 about 1.9; with typer 0.29, whose parameters are converted by pydantic,
   about 2.6 (importing pydantic is most of the difference).
10. A first ``vsoracle resolve`` of a scenario whose card text no run has seen (the Ultron
   example with the card renamed, a new file each run: an answer-cache miss, the text parsed),
   divided by the same floor. Target ≤ 2. In instructions about 2.2 (936M vs 421M): the new
   text costs about 160M of it (importing the parser, and the parse); the rest, 774M, is what
   any resolve that works its answer out pays, creating the node classes (``text/ast.py``'s
   attrs classes, about 220M) among it. Rows 9 and 10 run in a cache folder of their own,
   filled once (the card database), so that the user's cache does not collect their texts.
11. Self-play: transitions per second of seeded random games between the two example decks
   (``examples/decks/``, four turns each, as ``vsoracle selfplay`` plays them: setup, agents
   choosing among the legal actions, invariants off), divided by python-chess push+pop per
   second, taken in turn; the details give games per second. A measurement (issue 26): no
   target yet — choosing among every legal action at each priority is most of its cost.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "examples/ultron-when-you-recruit.toml"


def _walls(commands: list[list[str]], runs: int) -> list[float]:
    """Median wall time of each command over ``runs``, the commands taking turns run by run
    so that a machine whose speed drifts slows them alike."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for cmd, spent in zip(commands, times):
            start = time.perf_counter()
            subprocess.run(cmd, cwd=ROOT, capture_output=True, check=False)
            spent.append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]


def _compile_bytecode() -> None:
    """Write vsoracle's bytecode, as ``pip install .`` does: an editable install under
    ``PYTHONDONTWRITEBYTECODE=1`` would otherwise compile every module on every run, while the
    reference's packages are compiled at install."""
    import compileall

    compileall.compile_dir(str(ROOT / "vsoracle"), quiet=1)


def cli_latency(runs: int, cold: bool = False) -> tuple[float, str]:
    """Median wall time of ``vsoracle resolve`` over ``runs``, as a ratio to the reference imports
    (vsoracle's bytecode written first: :func:`_compile_bytecode`).
    ``cold``: with ``--no-cache``, so the answer is worked out every time (the card database and
    card texts still come from their caches, as they do for any run after the first)."""
    cmd = [sys.executable, "-m", "vsoracle", "resolve", EXAMPLE, "--quiet"] + (["--no-cache"] if cold else [])
    subprocess.run(cmd, cwd=ROOT, capture_output=True, check=False)  # fill the caches once
    vsoracle, reference = _walls([cmd, [sys.executable, "-c", "import lark, typer, attrs, tomllib"]], runs)
    return vsoracle / reference, f"{vsoracle * 1000:.0f} ms vs {reference * 1000:.0f} ms"


#: The import floor of rows 9 and 10.
FLOOR = [sys.executable, "-m", "vsoracle", "--version"]


def _walls_each(makers: list[Any], runs: int, env: dict[str, str]) -> list[float]:
    """As :func:`_walls`, for commands that differ from run to run (``maker(i)`` gives run
    ``i``'s)."""
    times: list[list[float]] = [[] for _ in makers]
    for i in range(runs):
        for make, spent in zip(makers, times):
            cmd = make(i)
            start = time.perf_counter()
            subprocess.run(cmd, cwd=ROOT, capture_output=True, check=False, env=env)
            spent.append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]


def new_texts(runs: int) -> tuple[tuple[float, str], tuple[float, str]]:
    """Rows 9 and 10: ``vsoracle parse`` of a new text, and a first ``resolve`` of a scenario with
    a new card text, each against the import floor (:data:`FLOOR`)."""
    import os
    import tempfile

    seed = time.time_ns() % 1_000_000_000  # texts no run (of this or an earlier bench) has parsed
    example = (ROOT / EXAMPLE).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="vsoracle-bench-") as folder:
        env = {**os.environ, "XDG_CACHE_HOME": str(Path(folder) / "cache")}
        env.pop("VSORACLE_NO_CACHE", None)

        def parse(i: int) -> list[str]:
            return [sys.executable, "-m", "vsoracle", "parse", f"Target character you control gets +{seed + i} ATK."]

        def resolve(i: int) -> list[str]:
            path = Path(folder) / f"new-{i}.toml"
            path.write_text(example.replace("Ultron", f"Ultron Mark {seed + i}"), encoding="utf-8")
            return [sys.executable, "-m", "vsoracle", "resolve", str(path), "--quiet"]

        done = subprocess.run(resolve(-1), cwd=ROOT, capture_output=True, text=True, env=env)  # the card database
        if done.returncode != 0:
            raise SystemExit(f"bench: the renamed example does not resolve: {done.stdout}{done.stderr}")
        floor, parsed, resolved = _walls_each([lambda i: FLOOR, parse, resolve], runs, env)
    where = f"(medians of {runs}; floor: vsoracle --version)"
    return ((parsed / floor, f"{parsed * 1000:.0f} ms vs {floor * 1000:.0f} ms {where}"),
            (resolved / floor, f"{resolved * 1000:.0f} ms vs {floor * 1000:.0f} ms {where}"))


def parse_times(repeat: int) -> list[tuple[float, Any]]:
    """Each card with text in ``cards/``: the median of ``repeat`` parses of its text in ms
    (the parser warmed first), with the card."""
    from vsoracle.cards import load_database
    from vsoracle.text import parse_card_text

    cards = [c for c in load_database() if c.text.strip()]
    for c in cards:
        parse_card_text(c.text, c.name)  # warm
    rows = []
    for c in cards:
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            parse_card_text(c.text, c.name)
            times.append(time.perf_counter() - start)
        rows.append((statistics.median(times) * 1000, c))
    return rows


def parse_throughput() -> tuple[float, str]:
    per_card = [ms for ms, _ in parse_times(5)]
    return statistics.median(per_card), f"{len(per_card)} cards, slowest {max(per_card):.2f} ms"


def _interleaved(a, b, rounds: int) -> tuple[float, float, float]:
    """Rates of ``a`` and ``b`` measured in alternating slices, and the median of their ratios.

    Each round measures both within a fraction of a second, so a machine whose speed drifts
    (other jobs on a shared 2-core host) slows both sides of a ratio alike."""
    ratios, rates_a, rates_b = [], [], []
    for _ in range(rounds):
        ra, rb = a(), b()
        rates_a.append(ra)
        rates_b.append(rb)
        ratios.append(ra / rb)
    return statistics.median(ratios), statistics.median(rates_a), statistics.median(rates_b)


def _chess_slice(seconds: float = 0.1):
    """python-chess push+pop per second over one short slice."""
    import chess

    board = chess.Board()
    moves = list(board.legal_moves)

    def rate() -> float:
        count = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for move in moves:
                board.push(move)
                board.pop()
                count += 1
        return count / (time.perf_counter() - start)

    return rate


def engine_throughput(rounds: int = 15) -> tuple[float, str]:
    from vsoracle.cards import load_database
    from vsoracle.scenario.load import load_scenario
    from vsoracle.scenario.run import run_scenario

    sc = load_scenario(ROOT / "bench" / "long-game.toml", load_database())
    run_scenario(sc, invariants=False)  # warm the parser caches

    def engine_rate(seconds: float = 0.15) -> float:
        transitions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            transitions += run_scenario(sc, invariants=False).transitions
        return transitions / (time.perf_counter() - start)

    ratio, rate, chess_rate = _interleaved(engine_rate, _chess_slice(), rounds)
    return ratio, f"{rate:,.0f} transitions/s vs {chess_rate:,.0f} push+pop/s (medians of {rounds} rounds)"


def selfplay_throughput(rounds: int = 7) -> tuple[float, str]:
    from vsoracle.cards import default_database
    from vsoracle.scenario.decks import load_deck
    from vsoracle.scenario.selfplay import play_one

    db = default_database()
    decks = tuple(load_deck(ROOT / "examples" / "decks" / name, db)
                  for name in ("avengers-and-friends.toml", "squadron-and-masters.toml"))
    played = {"games": 0, "seconds": 0.0}

    def selfplay_rate(seconds: float = 0.5) -> float:
        transitions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            result, _record = play_one((decks[0], decks[1]), 1, played["games"], max_turns=4)
            transitions += result.transitions
            played["games"] += 1
        spent = time.perf_counter() - start
        played["seconds"] += spent
        return transitions / spent

    ratio, rate, chess_rate = _interleaved(selfplay_rate, _chess_slice(), rounds)
    games = played["games"] / played["seconds"] if played["seconds"] else 0.0
    return ratio, (f"{rate:,.0f} transitions/s, {games:.1f} games/s vs {chess_rate:,.0f} push+pop/s "
                   f"(medians of {rounds} rounds)")


def exploration(rounds: int = 31) -> tuple[float, str]:
    from vsoracle.cards import load_database
    from vsoracle.scenario.load import parse_scenario
    from vsoracle.scenario.run import run_scenario

    db = load_database()
    text = (ROOT / "examples" / "four-yes-or-no.toml").read_text(encoding="utf-8")
    explored = parse_scenario(text, db)
    scripted = parse_scenario(text.replace('resolve = "top"', 'resolve = "top"\nchoose = [true, true, true, true]'), db)
    assert len(run_scenario(explored, invariants=False).outcomes) == 16
    assert len(run_scenario(scripted, invariants=False).outcomes) == 1

    def timer(sc, n: int = 5):
        def rate() -> float:  # runs per second over n runs
            start = time.perf_counter()
            for _ in range(n):
                run_scenario(sc, invariants=False)
            return n / (time.perf_counter() - start)
        return rate

    # rate(scripted) / rate(explored) = time(explored) / time(scripted)
    ratio, scripted_rate, explored_rate = _interleaved(timer(scripted), timer(explored), rounds)
    return ratio, f"{1000 / explored_rate:.1f} ms vs {1000 / scripted_rate:.2f} ms (medians of {rounds} rounds)"


def _chess_perft(depth: int = 3):
    """python-chess perft from the starting position: leaf nodes per second."""
    import chess

    def count(board: "chess.Board", d: int) -> int:
        if d == 1:
            return board.legal_moves.count()
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += count(board, d - 1)
            board.pop()
        return total

    def rate() -> float:
        start = time.perf_counter()
        nodes = count(chess.Board(), depth)
        return nodes / (time.perf_counter() - start)

    return rate


def chess_distinct(depth: int = 3) -> int:
    """python-chess counting as vsoracle's perft counts: every move made (no bulk count at the
    last ply), equal positions expanded once (a transposition table for the call): the distinct
    positions at ``depth`` (also counted in instructions by bench/instructions.py)."""
    import chess

    board, expanded, leaves = chess.Board(), set(), set()

    def walk(d: int) -> None:
        for move in board.legal_moves:
            board.push(move)
            key = board._transposition_key()
            if d == 1:
                leaves.add(key)
            elif (key, d) not in expanded:
                expanded.add((key, d))
                walk(d - 1)
            board.pop()

    walk(depth)
    return len(leaves)


def _chess_distinct(depth: int = 3):
    """:func:`chess_distinct`'s positions per second — the like-for-like reference for row 8."""

    def rate() -> float:
        start = time.perf_counter()
        positions = chess_distinct(depth)
        return positions / (time.perf_counter() - start)

    return rate


def perft_throughput(rounds: int = 5, depth: int = 3) -> tuple[tuple[float, str], tuple[float, str]]:
    """Row 8: vsoracle perft (distinct positions at depth 3 per second) on an attack-step FAQ
    position with plot twists in hand, against python-chess perft nodes per second, and
    legal_actions per call."""
    from vsoracle.cards import load_database
    from vsoracle.engine import moves
    from vsoracle.scenario.load import load_scenario

    state = load_scenario(ROOT / "tests" / "faq" / "gm4-may-respond.scenario.toml", load_database()).state
    sequences, positions = moves.perft(state, depth)  # warm

    def rate() -> float:
        start = time.perf_counter()
        moves.perft(state, depth)
        return positions / (time.perf_counter() - start)

    ratio, ours, theirs = _interleaved(rate, _chess_perft(depth), rounds)
    like, _ours, distinct = _interleaved(rate, _chess_distinct(depth), rounds)
    start = time.perf_counter()
    calls = 0
    while time.perf_counter() - start < 0.3:
        list(moves.legal_actions(state))
        calls += 1
    per_call = (time.perf_counter() - start) / calls * 1000
    return ((ratio, f"{ours:,.0f} positions/s ({sequences} sequences, {positions} positions) vs {theirs:,.0f} "
                    f"python-chess perft nodes/s; legal_actions {per_call:.2f} ms per call"),
            (like, f"python-chess making every move and counting distinct positions does {distinct:,.0f}/s "
                   f"({distinct / theirs:.2f} of its own perft)"))


def suite() -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider"], cwd=ROOT,
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "no output"
    return wall, last


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="CLI runs per median (default 20)")
    parser.add_argument("--quick", action="store_true", help="skip the test suite run")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON (for tracking figures over time)")
    parser.add_argument("--instructions", action="store_true",
                        help="add row 8c: row 8b counted in instructions by callgrind (needs valgrind; about 3 minutes)")
    args = parser.parse_args()
    _compile_bytecode()
    rows = [
        ("1. CLI latency (ratio)", "≤ 1.5", *cli_latency(args.runs), lambda v: v <= 1.5),
        ("1b. CLI latency, --no-cache (ratio)", "≤ 1.5", *cli_latency(args.runs, cold=True), lambda v: v <= 1.5),
        ("2. parse, ms per card (median)", "≤ 5", *parse_throughput(), lambda v: v <= 5),
        ("3. engine vs python-chess (ratio)", "≥ 0.33", *engine_throughput(), lambda v: v >= 0.33),
        ("4. exploration 16 / scripted 1 (ratio)", "≤ 10", *exploration(), lambda v: v <= 10),
    ]
    perft_row, like_row = perft_throughput()
    rows += [
        ("8. perft depth 3 vs python-chess perft (ratio)", "≥ 0.2", *perft_row, lambda v: v >= 0.2),
        ("8b. perft like for like (ratio)", "≥ 0.10", *like_row, lambda v: v >= 0.10),
        ("11. self-play vs python-chess (ratio)", "—", *selfplay_throughput(), lambda v: True),
    ]
    if args.instructions:
        from instructions import row as counted  # bench/instructions.py, beside this file

        found = counted()
        rows.append(("8c. perft like for like, instructions (ratio)", "—",
                     *(found or (0.0, "valgrind is not installed: apt install valgrind")), lambda v: True))
    parsed, resolved = new_texts(args.runs)
    rows += [
        ("9. parse a new text / vsoracle --version (ratio)", "≤ 2", *parsed, lambda v: v <= 2),
        ("10. first resolve, a new card text / vsoracle --version (ratio)", "≤ 2", *resolved, lambda v: v <= 2),
    ]
    if not args.quick:
        rows.append(("5. test suite wall time (s)", "< 180", *suite(), lambda v: v < 180))
    from explore import rows as exploration_cost  # bench/explore.py, beside this file

    rows += exploration_cost()
    missed = [name for name, _, value, _, ok in rows if not ok(value)]
    if args.json:
        print(json.dumps([{"benchmark": name, "value": round(value, 3 if abs(value) >= 0.1 else 5), "target": target,
                           "ok": ok(value), "detail": detail} for name, target, value, detail, ok in rows],
                         ensure_ascii=False, indent=2))
    else:
        width = max(len(r[0]) for r in rows)
        print(f"{'benchmark'.ljust(width)}  {'value':>8}  target   ok  detail")
        for name, target, value, detail, ok in rows:
            shown = f"{value:>8.2f}" if abs(value) >= 0.1 or value == 0 else f"{value:>8.4f}"  # a small ratio's digits
            print(f"{name.ljust(width)}  {shown}  {target:<7}  {'✓' if ok(value) else '✗'}   {detail}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
