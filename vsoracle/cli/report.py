"""What ``vsoracle resolve`` and ``explain`` print: the report, the JSON document, the ruling.

No typer here: ``vsoracle resolve FILE`` is answered through this module alone, so the
everyday question does not pay for building the command-line application.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from .output import Stages

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..scenario.load import Scenario
    from ..scenario.run import CheckResult, Outcome, RunResult

__all__ = ["report_lines", "report_json", "explain_json", "explain_lines", "ruling", "board_pages", "run_with_stages",
           "outcome_table", "figures", "plural", "SHOWN_OUTCOMES"]


#: How many outcomes ``resolve`` shows in full unless ``--outcomes N`` says otherwise.
SHOWN_OUTCOMES = 3

#: At most this many differing figures are columns of the outcome table.
TABLE_FIGURES = 8


def report_lines(result: RunResult, *, show_log: bool = True, shown: int | None = SHOWN_OUTCOMES) -> list[str]:
    """The human report: the ruling, the log (one line per event, with its citation), the outcomes
    (a table of them, then the first ``shown`` in full; ``None``: all), the checks."""
    from ..engine.show import describe_state

    sc = result.scenario
    lines = [f"Ruling: {ruling(result)}", "", f"Scenario: {sc.title}" + (f"  ({sc.source})" if sc.source else "")]
    if sc.state.rules is not None:
        lines.append(rules_said(sc.state.rules))
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
    if len(outcomes) > 1:
        lines += outcome_table(outcomes)
        lines.append("")
    full = len(outcomes) if shown is None else min(shown, len(outcomes))
    for i, out in enumerate(outcomes[:full], start=1):
        said = choices_said(out)
        lines.append(f"  Outcome {i}" + (" — choices: " + said if said else "")
                     + (f" — stopped: {out.stopped}" if out.stopped else ""))
        if show_log and i > 1:
            common = 0
            while common < min(len(first), len(out.log)) and first[common] == out.log[common]:
                common += 1
            for n, event in enumerate(out.log[common:], start=common + 1):
                lines.append(f"      {n:>3}. {event}")
        position = describe_state(out.state)
        if i == 1:
            shown_lines = position
            first_position = position
        else:
            shown_lines = _differences(position, first_position)
            lines.append("      as outcome 1, except:" if shown_lines else
                         "      as outcome 1 in everything shown here")
        for text in shown_lines:
            lines.append(f"      {text}")
    if full < len(outcomes):
        more = len(outcomes) - full
        lines.append(f"  … {plural(more, 'more outcome')} in the table above, not shown in full "
                     f"(resolve {'-' if sc.path == '<stdin>' else sc.path} --outcomes {len(outcomes)} shows them all)")
    assumptions = result.assumptions
    if assumptions:
        lines.append("")
        lines.append("This answer rests on assumptions: " + ", ".join(assumptions)
                     + " (see vsoracle docs rules-assumptions)")
    lines.append("")
    lines.append("Checks:")
    if not result.checks:
        lines.append("  (none)")
    for c in result.checks:
        lines += _check_lines(c, len(outcomes))
    passed = sum(1 for c in result.checks if c.ok)
    lines.append("")
    total = len(result.checks)
    lines.append(f"{passed} of {plural(total, 'check')} hold{'s' if total == 1 else ''}."
                 + ("" if result.passed else " The scenario FAILS."))
    return lines


def plural(n: int, noun: str) -> str:
    """``1 card``, ``2 cards``: a count and its noun, singular for one."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _shown(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


#: At most this many failing outcomes are named under a failed check.
FAILING_NAMED = 5


def _check_lines(c: CheckResult, outcomes: int) -> list[str]:
    """A check: ✓ or ✗, what it asks, where; a failed one, what was found and — when there were
    several lines of play — the outcomes where it fails and the choices that lead there."""
    mark = "✓" if c.ok else "✗"
    where = f"line {c.line}" if c.line else ""
    scope = "" if c.every else " (in some outcome)"
    at = f"after step {c.step}" if c.step else "at the end"
    found = ""
    if not c.ok:
        found = f" — found {', '.join(sorted({_shown(v) for v in c.found}))}"
    head = f"  {mark} {c.description}{scope} [{at}{', ' + where if where else ''}]{found}"
    if c.ok or not c.failing or (len(c.found) == 1 and not c.failing[0][2]):
        return [head]
    read = len(c.found)
    if not c.every:
        return [head + f" (it holds in none of the {read} "
                + ("outcomes)" if c.step is None else f"lines of play after step {c.step})")]
    wrong = ", ".join(sorted({_shown(v) for _n, v, _c in c.failing}))
    head = (f"  {mark} {c.description}{scope} [{at}{', ' + where if where else ''}] — found {wrong} in "
            f"{len(c.failing)} of {read} " + ("outcomes:" if c.step is None else f"lines of play after step {c.step}:"))
    lines = [head]
    for n, value, chosen in c.failing[:FAILING_NAMED]:
        label = f"outcome {n}" if c.step is None else "where"
        lines.append(f"      {label}: found {_shown(value)}"
                     + (" — " + _said(chosen) if chosen else " — with no choices made"))
    if len(c.failing) > FAILING_NAMED:
        lines.append(f"      … and {len(c.failing) - FAILING_NAMED} more (the outcome table above lists them)")
    return lines


def _said(chosen: Any) -> str:
    """Choices as ``step 2: A may draw 1 card: yes; A may gain 1 endurance: no; step 3: …``."""
    parts: list[str] = []
    last = None
    for step, text in chosen:
        parts.append((f"step {step}: " if step != last else "") + text)
        last = step
    return "; ".join(parts)


def choices_said(out: Outcome) -> str:
    """The choices that lead to an outcome, each named by the decision it answers."""
    from ..scenario.run import chosen

    return _said(chosen(out))


def figures(state: GameState) -> dict[str, str]:
    """The figures a person compares between outcomes, by label: each player's endurance, resource
    points and pile sizes, each card's zone and, in play, its place, state, ATK/DEF and counters."""
    from ..engine.query import query
    from ..engine.state import Zone

    q = query(state)
    out: dict[str, str] = {}
    for p in state.players:
        out[f"{p.id} endurance"] = str(p.endurance)
        out[f"{p.id} resource points"] = str(p.resource_points)
        for label, pile in (("hand", p.hand), ("deck", p.deck), ("resources", p.resources),
                            ("KO'd pile", p.ko_pile), ("removed", p.removed)):
            out[f"{p.id} {label}"] = str(len(pile))
        out[f"{p.id} result"] = "lost" if p.lost else "won" if p.won else "—"
    for o in state.objects.values():
        out[f"{o.id} zone"] = o.zone.value
        if o.zone is Zone.IN_PLAY and o.card.atk is not None:
            out[f"{o.id} place"] = f"{o.area or ''} {o.row or ''} {o.col or ''}".strip()
            out[f"{o.id} state"] = "stunned" if o.stunned else "exhausted" if o.exhausted else "ready"
            out[f"{o.id} ATK/DEF"] = f"{q.atk(o)}/{q.defense(o)}"
            out[f"{o.id} counters"] = f"{o.counters[0]:+d}/{o.counters[1]:+d}"
    out["chain"] = ", ".join(lk.label for lk in state.chain) or "empty"
    out["priority"] = state.priority or "—"
    return out


def outcome_table(outcomes: Sequence[Outcome]) -> list[str]:
    """One row per outcome: its number, the figures that differ between outcomes (at most
    :data:`TABLE_FIGURES`), its lines of play when several merged into it, and its choices.

    The figures are worked out one outcome at a time and each is kept only where it differs from
    the first outcome's: 400 outcomes of 400 characters keep a few figures each, not 960,000."""
    first: dict[str, str] = {}
    seen: dict[str, None] = {}     # every figure's label, in first-seen order (a dict: fast membership)
    differ: dict[str, None] = {}   # the labels whose value is not the same in every outcome
    changes: list[dict[str, str]] = []  # per outcome, the figures whose value is not the first outcome's
    for n, out in enumerate(outcomes):
        row = figures(out.state)
        if n == 0:
            first = row
            seen.update(dict.fromkeys(row))
            changes.append({})
            continue
        # (set differences of the items and keys run in C: most figures equal the first outcome's)
        changed = {k: v for k, v in row.items() - first.items() if v != "—" or k in first}
        changed.update({k: "—" for k in first.keys() - row.keys() if first[k] != "—"})
        if row.keys() - seen.keys():
            seen.update(dict.fromkeys(row))
        differ.update(dict.fromkeys(changed))
        changes.append(changed)
    differ_in_order = [k for k in seen if k in differ]
    kept = differ_in_order[:TABLE_FIGURES]
    header = ["#"] + kept + (["lines of play"] if any(out.paths > 1 for out in outcomes) else []) + ["choices"]
    table = [header]
    for i, (out, changed) in enumerate(zip(outcomes, changes), start=1):
        cells = [str(i)] + [changed.get(k, first.get(k, "—")) for k in kept]
        if "lines of play" in header:
            cells.append(str(out.paths))
        said = choices_said(out)
        cells.append((said or "no choices") + (f" (stopped: {out.stopped})" if out.stopped else ""))
        table.append(cells)
    widths = [max(len(r[j]) for r in table) for j in range(len(header) - 1)]
    lines = [""]
    lines += ["  " + "  ".join(cell.ljust(w) for cell, w in zip(r, widths)) + "  " + r[-1] for r in table]
    if not differ_in_order:
        lines.append("  (no figure shown here differs: the outcomes differ in what the game remembers)")
    elif len(differ_in_order) > len(kept):
        rest = differ_in_order[len(kept):]
        lines.append(f"  (and {plural(len(rest), 'more figure')} that differ: "
                     + ", ".join(rest[:6]) + (", …" if len(rest) > 6 else "") + ")")
    return lines


def report_json(result: RunResult) -> dict[str, Any]:
    """The ``resolve`` document (docs/json/resolve.schema.json): the scenario, the ruling, whether
    every check holds, each outcome in full (its choices, log and position), the assumptions, the checks."""
    from .jsondoc import check_json, choices_json, document, event_json, scenario_json, state_json

    return document(
        "resolve",
        scenario=scenario_json(result.scenario),
        ruling=ruling(result),
        passed=result.passed,
        outcomes=[{"outcome": n, "choices": choices_json(out), "paths": out.paths, "stopped": out.stopped,
                   "log": [event_json(e) for e in out.log], "state": state_json(out.state)}
                  for n, out in enumerate(result.outcomes, start=1)],
        assumptions=list(result.assumptions),
        checks=[check_json(c) for c in result.checks],
    )


def explain_json(result: RunResult) -> dict[str, Any]:
    """The ``explain`` document (docs/json/explain.schema.json): the ruling, the events that led to
    it (the first outcome's, without passes, phases and the start), the rules consulted, the
    assumptions, where the question is from, and the final position (the first outcome's)."""
    from ..citations import consulted
    from .jsondoc import citation_json, document, event_json, scenario_json, state_json

    first = result.outcomes[0] if result.outcomes else None
    cites = [e.cite for out in result.outcomes for e in out.log if e.kind != "start"]
    return document(
        "explain",
        scenario=scenario_json(result.scenario),
        ruling=ruling(result),
        passed=result.passed,
        events=[event_json(e) for e in first.log if e.kind not in _QUIET_KINDS] if first else [],
        consulted=[citation_json(r) for r in consulted(cites)],
        assumptions=list(result.assumptions),
        outcomes=len(result.outcomes),
        state=state_json(first.state) if first else None,
    )


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


def explain_lines(result: RunResult) -> list[str]:
    """The ruling in one line, the numbered events that led to it, the rules consulted."""
    from ..citations import consulted, describe

    lines = [f"Ruling: {ruling(result)}", "", "How:"]
    events = [e for e in result.outcomes[0].log if e.kind not in _QUIET_KINDS] if result.outcomes else []
    for i, event in enumerate(events, start=1):
        lines.append(f"  {i:>2}. {event}")
    # each rule once, with every source cited for it; the question's own source is said below
    cites = [e.cite for out in result.outcomes for e in out.log if e.kind != "start"]
    lines += ["", "Rules consulted: " + "; ".join(describe(r) for r in consulted(cites))]
    assumptions = result.assumptions
    if assumptions:
        lines.append("Assumptions: " + ", ".join(assumptions) + " (vsoracle docs rules-assumptions)")
    if result.scenario.state.rules is not None:
        lines.append(rules_said(result.scenario.state.rules))
    if result.scenario.source:
        lines.append(f"Question from: {result.scenario.source}")
    return lines


def rules_said(day: str) -> str:
    """The line that says a scenario is played by a later day's rules ([game] rules)."""
    return (f"Rules: those in force on {day}, not the Avengers FAQ's (the rule changes vsoracle knows: vsoracle "
            "docs scenario-format, Game keys)")


def ruling(result: RunResult) -> str:
    """The ruling in one sentence: the question, yes or no, and what did not hold."""
    sc = result.scenario
    holds = sum(1 for c in result.checks if c.ok)
    n = len(result.outcomes)
    spread = "in the only outcome" if n == 1 else f"across {n} distinct outcomes"
    if not result.checks:
        verdict = f"{sc.title}: no checks asked ({spread})."
    elif result.passed:
        verdict = f"{sc.title} — yes: " + ("the check holds" if holds == 1 else f"all {holds} checks hold") + f" {spread}."
    else:
        failed = "; ".join(f"{c.description} ({_where_it_fails(c)})" for c in result.checks if not c.ok)
        verdict = f"{sc.title} — no: {failed}."
    return verdict


def _where_it_fails(c: CheckResult) -> str:
    """What a failed check found, and where: ``found 46, 50 in outcomes 2, 5 of 16`` for a check read
    off several outcomes at the end, ``found 46`` otherwise."""
    if c.step is not None or not c.every or len(c.found) < 2 or not c.failing:
        return "found " + ", ".join(sorted({_shown(v) for v in c.found}))
    numbers = [str(n) for n, _value, _chosen in c.failing]
    shown = ", ".join(numbers[:FAILING_NAMED]) + (", …" if len(numbers) > FAILING_NAMED else "")
    return (f"found {', '.join(sorted({_shown(v) for _n, v, _c in c.failing}))} in "
            f"outcome{'s' if len(numbers) > 1 else ''} {shown} of {len(c.found)}")


def run_with_stages(sc: Scenario, *, budget: int | None = None) -> tuple[RunResult, Stages]:
    """Run ``sc`` and keep every outcome after every step: ``(result, stages)``, ``stages[0]`` the
    start and ``stages[k]`` the outcomes after step k (the board pages and the ruling page draw them)."""
    from ..scenario.run import run_scenario

    stages: Stages = []
    result = run_scenario(sc, budget=budget, before_step=lambda _step, outs: stages.append(outs))
    stages.append(result.outcomes)
    return result, stages


def board_pages(sc: Scenario, positions: Sequence[GameState]) -> list[str]:
    """The board after each step, each headed by the step it follows (the first outcome's)."""
    from .board import board_lines

    lines = ["", "Board after each step (the first outcome at that step; later steps may branch):"]
    for k, state in enumerate(positions):
        step = sc.steps[k - 1] if k else None
        heading = "Start" if step is None else f"After step {k} ({step.describe()})"
        lines += ["", heading + ":"] + board_lines(state)
    return lines
