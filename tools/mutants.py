"""Plant rules bugs in the engine, one at a time, and see whether the suite catches each one.

    python tools/mutants.py [--sample N] [--seed S] [--jobs J] [--only FILE] [--list]
    python tools/mutants.py --planted tools/planted_bugs.toml

Two kinds of mutant:

* **generic** (the default): small changes at every place in ``vsoracle/engine/*.py`` where one
  makes sense — a comparison turned around (``<`` ↔ ``<=``, ``==`` ↔ ``!=``), ``and`` ↔ ``or``, a
  ``not`` dropped, ``True`` ↔ ``False``, a whole number ± 1, a ``return`` of a value made to return
  its opposite. ``--sample N`` takes N of them at random (``--seed``), for a run that fits in a
  coffee break; without it every one is tried.
* **planted**: plausible rules bugs written by hand (``--planted FILE``: a TOML list of
  ``[[bug]] name, file, find, replace``), each a text replacement that must apply exactly once.

Each mutant is applied to a copy of a snapshot of the checkout and the rules suite is run on it
(``tests/faq``, ``tests/rulings``, ``tests/shapes``, ``tests/zones``, ``tests/engine``, the example
scenarios, ``-x``, with a time limit). A mutant the
suite fails is **killed**; one it passes **survived** — a rules bug the suite would let through,
or a change that does not change behaviour (an equivalent mutant: judge it, and say so). The
report lists the survivors with their place, and the kill rate. It is a benchmark-like run, not
part of the test suite.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterator, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
#: The checkout the mutants are made from and applied to: a snapshot of ROOT taken as the run
#: starts, so editing the working tree during a long run changes nothing of it.
SOURCE = ROOT
SUITE = ["tests/faq", "tests/rulings", "tests/shapes", "tests/zones", "tests/engine", "tests/test_examples.py"]
TIMEOUT = 300


class Mutant(NamedTuple):
    """One change: in ``file`` (relative to the checkout), the text ``find`` at ``offset`` becomes
    ``replace``; ``where`` says it for people."""

    name: str
    file: str
    offset: int
    find: str
    replace: str
    where: str


_FLIPS = {ast.Lt: "<=", ast.LtE: "<", ast.Gt: ">=", ast.GtE: ">", ast.Eq: "!=", ast.NotEq: "=="}
_SPELL = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}


def _offset(lines: list[str], lineno: int, col: int) -> int:
    """The character offset of ``ast``'s (line, UTF-8 byte column)."""
    return sum(len(x) for x in lines[: lineno - 1]) + len(lines[lineno - 1].encode("utf-8")[:col].decode("utf-8"))


def generic_mutants(path: Path) -> Iterator[Mutant]:
    """The generic mutants of one engine module."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    rel = str(path.relative_to(SOURCE))
    tree = ast.parse(text)
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}

    def at(node: ast.AST) -> int:
        return _offset(lines, node.lineno, node.col_offset)

    for node in ast.walk(tree):
        where = f"{rel}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _FLIPS:
            left_end = _offset(lines, node.left.end_lineno, node.left.end_col_offset)
            right_start = at(node.comparators[0])
            between = text[left_end:right_start]
            op = _SPELL[type(node.ops[0])]
            if between.count(op) == 1:
                yield Mutant(f"{op} → {_FLIPS[type(node.ops[0])]}", rel, left_end + between.index(op), op,
                             _FLIPS[type(node.ops[0])], where)
        elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
            a_end = _offset(lines, node.values[0].end_lineno, node.values[0].end_col_offset)
            b_start = at(node.values[1])
            between = text[a_end:b_start]
            word, other = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
            if between.strip() == word:
                yield Mutant(f"{word} → {other}", rel, a_end + between.index(word), word, other, where)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            start = at(node)
            if text.startswith("not ", start):
                yield Mutant("not dropped", rel, start, "not ", "", where)
        elif isinstance(node, ast.Constant) and id(node) not in docstrings:
            start = at(node)
            if node.value is True and text.startswith("True", start):
                yield Mutant("True → False", rel, start, "True", "False", where)
            elif node.value is False and text.startswith("False", start):
                yield Mutant("False → True", rel, start, "False", "True", where)
            elif type(node.value) is int and text[start:start + len(str(node.value))] == str(node.value):
                yield Mutant(f"{node.value} → {node.value + 1}", rel, start, str(node.value), str(node.value + 1),
                             where)
        elif isinstance(node, ast.Return) and node.value is not None and isinstance(node.value, ast.Name) \
                and node.value.id in ("done", "ok", "found"):
            start = at(node.value)
            yield Mutant(f"return {node.value.id} → return not {node.value.id}", rel, start, node.value.id,
                         f"not {node.value.id}", where)


def planted_mutants(spec: Path) -> Iterator[Mutant]:
    """The hand-written bugs of a TOML file, each applying exactly once."""
    for bug in tomllib.loads(spec.read_text(encoding="utf-8")).get("bug", []):
        path = SOURCE / bug["file"]
        text = path.read_text(encoding="utf-8")
        count = text.count(bug["find"])
        if count != 1:
            print(f"skipped {bug['name']!r}: its text is found {count} times in {bug['file']}", file=sys.stderr)
            continue
        offset = text.index(bug["find"])
        yield Mutant(bug["name"], bug["file"], offset, bug["find"], bug["replace"],
                     f"{bug['file']}:{text.count(chr(10), 0, offset) + 1}")


_IGNORED = shutil.ignore_patterns(".git", ".ci-venv", ".venv", ".mypy_cache", ".hypothesis", "__pycache__", "*.egg-info")


def run(m: Mutant, workdir: Path, python: str) -> tuple[Mutant, str, float]:
    """Apply ``m`` in a copy and run the suite: "killed", "survived" or "timeout"."""
    copy = workdir / f"m{os.getpid()}-{abs(hash(m)) % 10**9}"
    shutil.copytree(SOURCE, copy, ignore=_IGNORED)
    try:
        target = copy / m.file
        text = target.read_text(encoding="utf-8")
        assert text[m.offset:m.offset + len(m.find)] == m.find
        target.write_text(text[:m.offset] + m.replace + text[m.offset + len(m.find):], encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(copy), VSORACLE_NO_CACHE="1", PYTHONDONTWRITEBYTECODE="1")
        start = time.perf_counter()
        try:
            proc = subprocess.run([python, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *SUITE],
                                  cwd=copy, env=env, capture_output=True, timeout=TIMEOUT)
            outcome = "survived" if proc.returncode == 0 else "killed"
        except subprocess.TimeoutExpired:
            outcome = "timeout"
        return m, outcome, time.perf_counter() - start
    finally:
        shutil.rmtree(copy, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, help="try this many generic mutants, chosen at random")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", help="only this engine module (e.g. combat.py)")
    parser.add_argument("--planted", type=Path, help="a TOML file of hand-written bugs instead")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    args = parser.parse_args()
    global SOURCE
    snapshot = tempfile.TemporaryDirectory()
    SOURCE = Path(snapshot.name) / "checkout"
    shutil.copytree(ROOT, SOURCE, ignore=_IGNORED)
    if args.planted:
        mutants = list(planted_mutants(args.planted))
    else:
        files = sorted((SOURCE / "vsoracle" / "engine").rglob(args.only or "*.py"))
        mutants = [m for f in files for m in generic_mutants(f)]
        if args.sample and args.sample < len(mutants):
            mutants = random.Random(args.seed).sample(mutants, args.sample)
    if args.list:
        for m in mutants:
            print(f"{m.where}  {m.name}")
        print(f"{len(mutants)} mutants")
        return 0
    results = {"killed": [], "survived": [], "timeout": []}
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(args.jobs) as pool:
        for i, (m, outcome, seconds) in enumerate(pool.map(lambda m: run(m, Path(tmp), sys.executable), mutants), 1):
            results[outcome].append(m)
            print(f"[{i}/{len(mutants)}] {outcome:8} {seconds:5.1f} s  {m.where}  {m.name}", flush=True)
    killed = len(results["killed"]) + len(results["timeout"])
    print(f"\n{killed} of {len(mutants)} killed ({100 * killed / max(1, len(mutants)):.0f}%); "
          f"{len(results['survived'])} survived:")
    for m in results["survived"]:
        print(f"  {m.where}  {m.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
