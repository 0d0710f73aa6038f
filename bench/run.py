"""vsoracle's benchmarks, each a ratio against a reference measured in the same run.

    pip install -e '.[test,bench]' && python bench/run.py [--quick]

Ratios, not seconds, so that the figures hold on a noisy machine:

1. CLI latency: median wall time of ``vsoracle resolve examples/…`` over N runs, divided by
   that of ``python -c "import lark, typer, attrs, tomllib"``. Target ≤ 1.5. Measured twice:
   as a user runs it (a file answered before comes from the answer cache) and with
   ``--no-cache`` (the answer worked out every time).
2. Parse throughput: per-card median parse time over all of ``cards/`` (warm parser). Target ≤ 5 ms.
3. Engine throughput: state transitions per second on a long scripted game (bench/long-game.toml),
   divided by python-chess push+pop per second. Target ≥ 0.25.
4. Exploration: exploring 4 independent binary decisions (16 outcomes), divided by one fully
   scripted run of the same scenario. Target ≤ 10.
5. The whole test suite's wall time. Target < 60 s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "examples/ultron-when-you-recruit.toml"


def _wall(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _compile_bytecode() -> None:
    """Write vsoracle's bytecode, as ``pip install .`` does: an editable install under
    ``PYTHONDONTWRITEBYTECODE=1`` would otherwise compile every module on every run, while the
    reference's packages are compiled at install."""
    import compileall

    compileall.compile_dir(str(ROOT / "vsoracle"), quiet=1)


def cli_latency(runs: int, cold: bool = False) -> tuple[float, str]:
    """Median wall time of ``vsoracle resolve`` over ``runs``, as a ratio to the reference imports.
    ``cold``: with ``--no-cache``, so the answer is worked out every time (card texts still come
    from the parsed-text store, as they do for any card parsed before)."""
    _compile_bytecode()
    cmd = [sys.executable, "-m", "vsoracle", "resolve", EXAMPLE, "--quiet"] + (["--no-cache"] if cold else [])
    subprocess.run(cmd, cwd=ROOT, capture_output=True, check=False)  # fill the caches once
    vsoracle = _wall(cmd, runs)
    reference = _wall([sys.executable, "-c", "import lark, typer, attrs, tomllib"], runs)
    return vsoracle / reference, f"{vsoracle * 1000:.0f} ms vs {reference * 1000:.0f} ms"


def parse_throughput() -> tuple[float, str]:
    from vsoracle.cards import load_database
    from vsoracle.text import parse_card_text

    cards = [c for c in load_database() if c.text.strip()]
    for c in cards:
        parse_card_text(c.text, c.name)  # warm
    per_card = []
    for c in cards:
        times = []
        for _ in range(5):
            start = time.perf_counter()
            parse_card_text(c.text, c.name)
            times.append(time.perf_counter() - start)
        per_card.append(statistics.median(times))
    median = statistics.median(per_card)
    return median * 1000, f"{len(cards)} cards, slowest {max(per_card) * 1000:.2f} ms"


def _chess_rate() -> float:
    import chess

    board = chess.Board()
    moves = list(board.legal_moves)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        for move in moves:
            board.push(move)
            board.pop()
            count += 1
    return count / (time.perf_counter() - start)


def engine_throughput() -> tuple[float, str]:
    from vsoracle.cards import load_database
    from vsoracle.scenario.load import load_scenario
    from vsoracle.scenario.run import run_scenario

    sc = load_scenario(ROOT / "bench" / "long-game.toml", load_database())
    run_scenario(sc, invariants=False)  # warm the parser caches
    transitions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        transitions += run_scenario(sc, invariants=False).transitions
    rate = transitions / (time.perf_counter() - start)
    chess_rate = _chess_rate()
    return rate / chess_rate, f"{rate:,.0f} transitions/s vs {chess_rate:,.0f} push+pop/s"


def exploration() -> tuple[float, str]:
    from vsoracle.cards import load_database
    from vsoracle.scenario.load import parse_scenario
    from vsoracle.scenario.run import run_scenario

    db = load_database()
    text = (ROOT / "examples" / "four-yes-or-no.toml").read_text(encoding="utf-8")
    explored = parse_scenario(text, db)
    scripted = parse_scenario(text.replace('resolve = "top"', 'resolve = "top"\nchoose = [true, true, true, true]'), db)

    def timed(sc, n: int = 30) -> float:
        run_scenario(sc, invariants=False)
        times = []
        for _ in range(n):
            start = time.perf_counter()
            result = run_scenario(sc, invariants=False)
            times.append(time.perf_counter() - start)
        assert len(result.outcomes) in (1, 16)
        return statistics.median(times)

    t_explore, t_scripted = timed(explored), timed(scripted)
    return t_explore / t_scripted, f"{t_explore * 1000:.1f} ms vs {t_scripted * 1000:.1f} ms"


def suite() -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=ROOT,
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "no output"
    return wall, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="CLI runs per median (default 20)")
    parser.add_argument("--quick", action="store_true", help="skip the test suite run")
    args = parser.parse_args()
    rows = [
        ("1. CLI latency (ratio)", "≤ 1.5", *cli_latency(args.runs), lambda v: v <= 1.5),
        ("1b. CLI latency, --no-cache (ratio)", "≤ 1.5", *cli_latency(args.runs, cold=True), lambda v: v <= 1.5),
        ("2. parse, ms per card (median)", "≤ 5", *parse_throughput(), lambda v: v <= 5),
        ("3. engine vs python-chess (ratio)", "≥ 0.25", *engine_throughput(), lambda v: v >= 0.25),
        ("4. exploration 16 / scripted 1 (ratio)", "≤ 10", *exploration(), lambda v: v <= 10),
    ]
    if not args.quick:
        rows.append(("5. test suite wall time (s)", "< 60", *suite(), lambda v: v < 60))
    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark'.ljust(width)}  {'value':>8}  target   ok  detail")
    for name, target, value, detail, ok in rows:
        print(f"{name.ljust(width)}  {value:>8.2f}  {target:<7}  {'✓' if ok(value) else '✗'}   {detail}")


if __name__ == "__main__":
    main()
