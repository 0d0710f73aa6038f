"""What ``vsoracle resolve`` and ``explain`` print: the report, the JSON document, the ruling.

No typer here: ``vsoracle resolve FILE`` is answered through this module alone, so the
everyday question does not pay for building the command-line application.
"""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["report_lines", "report_json", "explain_lines", "answer", "board_pages", "run_with_boards"]


def report_lines(result, *, show_log: bool = True) -> list[str]:
    """The human report: log (one line per event, with its citation), outcomes, checks."""
    from ..engine.show import describe_state

    sc = result.scenario
    lines = [f"Scenario: {sc.title}" + (f"  ({sc.source})" if sc.source else "")]
    outcomes = result.outcomes
    first = outcomes[0].log if outcomes else ()
    if show_log:
        lines.append("")
        lines.append("Log:")
        for n, event in enumerate(first, start=1):
            lines.append(f"  {n:>3}. {event}")
    lines.append("")
    lines.append(f"Outcomes: {len(outcomes)}" + (" (every unscripted decision explored; identical positions merged)"
                                                  if len(outcomes) > 1 else ""))
    for i, out in enumerate(outcomes, start=1):
        lines.append(f"  Outcome {i}" + (" — choices: " + "; ".join(f"step {s}: {a}" for s, _p, a in out.choices)
                                         if out.choices else "")
                     + (f" — stopped: {out.stopped}" if out.stopped else ""))
        if show_log and i > 1:
            common = 0
            while common < min(len(first), len(out.log)) and first[common] == out.log[common]:
                common += 1
            for n, event in enumerate(out.log[common:], start=common + 1):
                lines.append(f"      {n:>3}. {event}")
        position = describe_state(out.state)
        if i == 1:
            shown = position
            first_position = position
        else:
            shown = _differences(position, first_position)
            lines.append("      as outcome 1, except:" if shown else
                         "      as outcome 1 in everything shown here")
        for text in shown:
            lines.append(f"      {text}")
    assumptions = result.assumptions
    if assumptions:
        lines.append("")
        lines.append("This answer rests on assumptions: " + ", ".join(assumptions)
                     + " (see docs/rules-assumptions.md)")
    lines.append("")
    lines.append("Checks:")
    if not result.checks:
        lines.append("  (none)")
    for c in result.checks:
        mark = "✓" if c.ok else "✗"
        where = f"line {c.line}" if c.line else ""
        scope = "" if c.every else " (in some outcome)"
        found = ""
        if not c.ok:
            shown = sorted({json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v for v in c.found})
            found = f" — found {', '.join(shown)}"
        at = f"after step {c.step}" if c.step else "at the end"
        lines.append(f"  {mark} {c.description}{scope} [{at}{', ' + where if where else ''}]{found}")
    passed = sum(1 for c in result.checks if c.ok)
    lines.append("")
    lines.append(f"{passed} of {len(result.checks)} checks hold." + ("" if result.passed else " The scenario FAILS."))
    return lines


def report_json(result) -> dict:
    from ..engine.show import state_json

    sc = result.scenario
    return {
        "scenario": {"file": sc.path, "title": sc.title, "source": sc.source, "faq": sc.faq,
                     "rulings": list(sc.rulings)},
        "outcomes": [{"choices": [{"step": s, "decision": p, "answer": a} for s, p, a in out.choices],
                      "paths": out.paths, "stopped": out.stopped,
                      "log": [e.as_json() for e in out.log], "state": state_json(out.state)}
                     for out in result.outcomes],
        "assumptions": list(result.assumptions),
        "checks": [{"check": c.description, "ok": c.ok, "line": c.line, "step": c.step, "every": c.every,
                    "found": list(c.found)} for c in result.checks],
        "passed": result.passed,
    }


def _blocks(position: list[str]) -> list[list[str]]:
    """A position's lines in blocks: a line that is not indented, with the indented lines under it."""
    blocks: list[list[str]] = []
    for text in position:
        if text.startswith(" ") and blocks:
            blocks[-1].append(text)
        else:
            blocks.append([text])
    return blocks


def _differences(position: list[str], first: list[str]) -> list[str]:
    """What a later outcome's position shows that the first's does not: each block that differs,
    its heading and the lines that changed (so N outcomes of N characters print N lines, not N²)."""
    theirs = _blocks(first)
    out: list[str] = []
    for n, block in enumerate(_blocks(position)):
        other = theirs[n] if n < len(theirs) else []
        if block == other:
            continue
        known = set(other[1:])
        out.append(block[0])
        out += [text for text in block[1:] if text not in known]
    return out


_QUIET_KINDS = {"pass", "phase", "start"}


def explain_lines(result) -> list[str]:
    """The ruling in one line, the numbered events that led to it, the rules consulted."""
    from ..citations import consulted, describe

    sc = result.scenario
    holds = sum(1 for c in result.checks if c.ok)
    n = len(result.outcomes)
    spread = "in the only outcome" if n == 1 else f"across {n} distinct outcomes"
    if not result.checks:
        verdict = f"{sc.title}: no checks asked ({spread})."
    elif result.passed:
        verdict = f"{sc.title} — yes: all {holds} checks hold {spread}."
    else:
        failed = "; ".join(f"{c.description} (found {', '.join(map(str, sorted(set(map(str, c.found)))))})"
                           for c in result.checks if not c.ok)
        verdict = f"{sc.title} — no: {failed}."
    lines = [f"Ruling: {verdict}", "", "How:"]
    events = [e for e in result.outcomes[0].log if e.kind not in _QUIET_KINDS] if result.outcomes else []
    for i, event in enumerate(events, start=1):
        lines.append(f"  {i:>2}. {event}")
    # each rule once, with every source cited for it; the question's own source is said below
    cites = [e.cite for out in result.outcomes for e in out.log if e.kind != "start"]
    lines += ["", "Rules consulted: " + "; ".join(describe(r) for r in consulted(cites))]
    assumptions = result.assumptions
    if assumptions:
        lines.append("Assumptions: " + ", ".join(assumptions) + " (docs/rules-assumptions.md)")
    if sc.source:
        lines.append(f"Question from: {sc.source}")
    return lines


def run_with_boards(sc, *, budget: int | None = None):
    """Run ``sc`` and keep the first outcome's position after every step: (result, positions),
    positions[0] the start and positions[k] the first outcome after step k."""
    from ..scenario.run import run_scenario

    positions = []
    result = run_scenario(sc, budget=budget, before_step=lambda _step, outs: positions.append(outs[0].state))
    if result.outcomes:
        positions.append(result.outcomes[0].state)
    return result, positions


def board_pages(sc, positions) -> list[str]:
    """The board after each step, each headed by the step it follows (the first outcome's)."""
    from .board import board_lines

    lines = ["", "Board after each step (the first outcome at that step; later steps may branch):"]
    for k, state in enumerate(positions):
        step = sc.steps[k - 1] if k else None
        heading = "Start" if step is None else f"After step {k} ({step.describe()})"
        lines += ["", heading + ":"] + board_lines(state)
    return lines


def answer(file: Path | str, *, as_json: bool = False, quiet: bool = False, no_cache: bool = False,
           budget: int | None = None, board: bool = False) -> tuple[str, int]:
    """What ``vsoracle resolve FILE`` prints, and its exit code (0 checks hold, 1 one fails).

    The file (``-``: standard input) is read once (:func:`vsoracle.files.read_input`): the
    answer and its cache key come from those same bytes. A regular file answered before is
    answered from the cache (:mod:`vsoracle.cli.cache`); a pipe is always worked out.
    ``budget``: the exploration budget in transitions (:data:`vsoracle.scenario.run.BUDGET`)."""
    from ..errors import ScenarioError
    from ..files import read_input

    read = read_input(str(file), ScenarioError)
    options = ("resolve", "json" if as_json else "text", "quiet" if quiet else "log") + (("board",) if board else ())
    key = None
    if not no_cache and read.regular:
        from . import cache

        key = cache.key(read.data, read.name, options)
        hit = cache.lookup(key) if key is not None else None
        if hit is not None:
            return hit
    from ..scenario.load import load_scenario_bytes
    from ..scenario.run import run_scenario

    from ..cards import default_database

    sc = load_scenario_bytes(read.data, read.name, default_database())
    positions = []
    if board and not as_json:
        result, positions = run_with_boards(sc, budget=budget)
    else:
        result = run_scenario(sc, budget=budget)
    if as_json:
        output = json.dumps(report_json(result), ensure_ascii=False, indent=2, default=str)
    else:
        output = "\n".join(report_lines(result, show_log=not quiet)
                           + (board_pages(sc, positions) if board else []))
    code = 0 if result.passed else 1
    if key is not None:
        cache.store(key, output, code)
    return output, code
