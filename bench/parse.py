"""Benchmark: how long the parser takes to load, and to parse each card (warm).

Run ``python bench/parse.py [--repeat N]``. Prints the time to import the parser and its tables
(generated into the package, :mod:`vsoracle.text.parse_tables`) and, with ``--cold``, the time
lark takes to compute them from the grammar (what ``tools/parse_tables.py`` does), then one row
per card with text: the median of N parses of its text, longest first, and the median over all
cards. This is a benchmark, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import statistics
import time


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--repeat", type=int, default=25, help="parses per card (default 25)")
    options.add_argument("--cold", action="store_true", help="also time lark computing the tables from the grammar")
    args = options.parse_args()

    started = time.perf_counter()
    from run import ROOT, parse_times  # bench/run.py, beside this file
    from vsoracle.text import syntax, tables

    tables.packaged()
    print(f"import the parser and its tables: {(time.perf_counter() - started) * 1000:.0f} ms")
    if args.cold:
        import importlib.util

        spec = importlib.util.spec_from_file_location("parse_tables_tool", ROOT / "tools" / "parse_tables.py")
        assert spec is not None and spec.loader is not None
        tool = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(tool)
        started = time.perf_counter()
        tool.lark_tables(tool.lark_parser(syntax.grammar_path().read_text(encoding="utf-8")))
        print(f"the tables computed by lark from the grammar: {(time.perf_counter() - started) * 1000:.0f} ms")

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
