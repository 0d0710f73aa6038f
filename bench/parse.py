"""Benchmark: how long the parser takes to load, and to parse each card (warm).

Run ``python bench/parse.py [--repeat N]``. Prints the parser's load time (from the cache file
and, with ``--cold``, built from the grammar), then one row per card with text: the median of N
parses of its text (the parser already built), longest first, and the median over all cards.
This is a benchmark, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import statistics
import time


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--repeat", type=int, default=25, help="parses per card (default 25)")
    options.add_argument("--cold", action="store_true", help="also time a build without the cache")
    args = options.parse_args()

    started = time.perf_counter()
    from run import parse_times  # bench/run.py, beside this file
    from vsoracle.text import syntax as parser

    parser.get_parser()
    print(f"import + parser from cache: {(time.perf_counter() - started) * 1000:.0f} ms")
    if args.cold:
        started = time.perf_counter()
        parser._build()
        print(f"parser built from the grammar: {(time.perf_counter() - started) * 1000:.0f} ms")

    rows = sorted(((ms, len(card.text), card.title) for ms, card in parse_times(args.repeat)), reverse=True)
    width = max(len(title) for _, _, title in rows)
    print(f"\n{'card':<{width}}  {'chars':>5}  {'median ms':>9}")
    for ms, chars, title in rows:
        print(f"{title:<{width}}  {chars:>5}  {ms:>9.3f}")
    all_ms = [ms for ms, _, _ in rows]
    print(f"\n{len(rows)} cards: median {statistics.median(all_ms):.3f} ms, max {max(all_ms):.3f} ms, "
          f"total {sum(all_ms):.1f} ms per pass")


if __name__ == "__main__":
    main()
