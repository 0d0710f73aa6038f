"""Row 8b counted in instructions instead of seconds (issue 26): reproducible where wall times are not.

    python bench/instructions.py [--json]          # needs valgrind (Debian: apt install valgrind)

Row 8b divides vsoracle's perft rate (distinct positions per second at depth 3 on gm4) by
python-chess counting as vsoracle counts. On a shared machine both rates swing by a third from
run to run, more than the margin a target is judged by. Here each side's work is counted by
callgrind in instructions (``PYTHONHASHSEED=0``: a string's hash, and with it the instructions,
changes from run to run otherwise), its setup (imports, loading the scenario or the board)
counted alone and taken off, and the row is

    (vsoracle's positions / vsoracle's instructions) / (python-chess's positions / its instructions)

the same ratio as row 8b with instructions in place of seconds: the same figure on every machine
with the same Python and python-chess, whatever else runs beside it. Each of the four counts runs
a process under callgrind (about a minute for vsoracle's, a few seconds for python-chess's).
``--root`` counts another checkout's vsoracle with this file, so a claim such as "tripled since a
commit" can be checked by anyone: ``git worktree add /tmp/then COMMIT`` and
``python bench/instructions.py --root /tmp/then`` (vsoracle's bytecode is written first in each,
as bench/run.py does, so that no count includes compiling a module).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEPTH = 3
SCENARIO = "tests/faq/gm4-may-respond.scenario.toml"


def _vsoracle(work: bool, root: Path) -> int:
    """Load gm4 (and with ``work``, count its perft): the distinct positions at :data:`DEPTH`."""
    sys.path.insert(0, str(root))
    from vsoracle.cards import load_database
    from vsoracle.engine import moves
    from vsoracle.scenario.load import load_scenario

    state = load_scenario(root / SCENARIO, load_database()).state
    return moves.perft(state, DEPTH)[1] if work else 0


def _chess(work: bool, root: Path) -> int:
    """python-chess counting as vsoracle counts (bench/run.py's :func:`chess_distinct`): every move
    made, each distinct position through its transposition key, each expanded once."""
    import chess  # noqa: F401  (imported in the setup: its import is not the work)
    from run import chess_distinct  # bench/run.py, beside this file

    return chess_distinct(DEPTH) if work else 0


SIDES = {"vsoracle": _vsoracle, "chess": _chess}


def _counted(side: str, work: bool, root: Path) -> tuple[int, int]:
    """Instructions of one process doing ``side``'s setup (and with ``work``, its count), and the
    positions it counted."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
               str(Path(__file__).resolve()), "--side", side, "--root", str(root)] + (["--work"] if work else [])
        env = dict(os.environ, PYTHONHASHSEED="0")
        done = subprocess.run(cmd, cwd=root, capture_output=True, text=True, env=env)
        collected = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode != 0 or collected is None:
            raise SystemExit(f"bench/instructions.py: callgrind of {side} failed — {done.stderr.strip()[-300:]}")
        return int(collected.group(1)), int(done.stdout.strip() or 0)


def measure(root: Path = ROOT) -> dict[str, float]:
    """The four counts and the ratio for the checkout ``root`` (see the module's docstring)."""
    import compileall

    compileall.compile_dir(str(root / "vsoracle"), quiet=1)
    figures: dict[str, float] = {}
    for side in SIDES:
        # once uncounted first: the setup fills the caches (the card database) it reads, so that neither
        # count includes writing them — a checkout whose cache format differs from the last one run
        # would otherwise be charged the rebuild in its first count only
        subprocess.run([sys.executable, str(Path(__file__).resolve()), "--side", side, "--root", str(root)],
                       cwd=root, capture_output=True, env=dict(os.environ, PYTHONHASHSEED="0"))
        total, positions = _counted(side, True, root)
        setup, _ = _counted(side, False, root)
        figures[f"{side}_instructions"] = total - setup
        figures[f"{side}_positions"] = positions
    ours = figures["vsoracle_positions"] / figures["vsoracle_instructions"]
    theirs = figures["chess_positions"] / figures["chess_instructions"]
    figures["ratio"] = ours / theirs
    return figures


def row() -> tuple[float, str] | None:
    """bench/run.py's row 8c, or ``None`` without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    f = measure()
    return f["ratio"], (f"vsoracle {f['vsoracle_instructions'] / 1e6:,.0f}M instructions for {f['vsoracle_positions']:,.0f} "
                        f"positions vs python-chess {f['chess_instructions'] / 1e6:,.0f}M for "
                        f"{f['chess_positions']:,.0f} (callgrind, PYTHONHASHSEED=0, setup taken off)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the counts and the ratio as JSON")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose vsoracle is counted (default: this one)")
    parser.add_argument("--side", choices=sorted(SIDES), help=argparse.SUPPRESS)  # one counted process
    parser.add_argument("--work", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        print(SIDES[args.side](args.work, args.root.resolve()))
        return 0
    if shutil.which("valgrind") is None:
        print("bench/instructions.py: valgrind is not installed — apt install valgrind", file=sys.stderr)
        return 2
    if not (args.root / "vsoracle").is_dir():
        print(f"bench/instructions.py: {args.root} holds no vsoracle package — give a checkout of vsoracle", file=sys.stderr)
        return 2
    figures = measure(args.root.resolve())
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for name, value in figures.items():
            print(f"{name:24} {value:,.4f}" if name == "ratio" else f"{name:24} {value:,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
