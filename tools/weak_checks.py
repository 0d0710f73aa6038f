#!/usr/bin/env python3
"""Find checks that prove nothing: checks that already hold before the scenario does anything.

    python tools/weak_checks.py                  # every scenario under tests/
    python tools/weak_checks.py tests/faq        # a folder, or some files
    python tools/weak_checks.py --all            # list acknowledged ones too
    python tools/weak_checks.py --summary        # the counts only

A check is **weak** when it holds before the steps that should make it true:

* (a) a final ``[check]`` (or ``[check_some]``) that already holds on the starting position, as
  the position is written: a derived value (``atk``, ``def``, ``has``, ``affiliations``,
  ``reinforced``) that a rule already changes there (a leader's +1 ATK) is not weak, it checks the
  position's rule — it is counted apart, as (a');
* (b) a step's ``check.…`` that already holds before the step (for a step with only checks,
  before the last step that does something), in every line of play. A check on a step that is
  ``rejected`` reads a position the step left alone by design: counted apart, the step's own
  legality check is the one that proves something. A final check whose property a step check saw
  with another value (hidden after step 2, visible at the end) came back: not weak either.

A weak check still passes when the rule is misapplied in a way that does nothing, so alone it
proves nothing. Some are the point of the ruling ("it is NOT KO'd"); such a check is
**acknowledged** by a comment that starts with ``unchanged``, on its line
(``qs.zone = "in_play"   # unchanged: the stun was replaced, nothing KOs her``) or on a comment line
above it in the same paragraph (it covers every check under it up to a blank line), saying why the
unchanged value is the ruling; better still, the scenario also has a check that changes (what
happened instead). A scenario in which nothing changes — no check that changes, no step asserting
its legality (``rejected``/``allowed``), and a weak check nobody acknowledged — is flagged on its
own.

Also listed (not weak): (c) a ``[check_some]`` that holds in every outcome, where a ``[check]``
would say more.

A scenario that cannot be loaded or run is reported and skipped (listed as pending when its
folder's ``PENDING`` lists it: vsoracle cannot play it yet, a strict expected failure); a check
that fails at the end (a PENDING scenario) is not judged.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from vsoracle.cards import default_database  # noqa: E402
from vsoracle.errors import VsOracleError  # noqa: E402
from typing import Any  # noqa: E402

from vsoracle.engine.powers import keywords_printed  # noqa: E402
from vsoracle.engine.query import printed_stat  # noqa: E402
from vsoracle.engine.state import GameState, Zone  # noqa: E402
from vsoracle.scenario.checks import actual, holds  # noqa: E402
from vsoracle.scenario.load import Check, Scenario, Step, load_scenario  # noqa: E402
from vsoracle.scenario.plugin import pending  # noqa: E402
from vsoracle.scenario.run import Outcome, run_scenario  # noqa: E402

__all__ = ["Weak", "Report", "weak_checks", "scan", "main"]

ACK = re.compile(r"#\s*unchanged\b", re.IGNORECASE)


@dataclass(frozen=True)
class Weak:
    """One check that already held before the steps that should make it true."""

    path: str
    line: int | None
    check: str
    kind: str                 # "final" (a), "step" (b); not weak: "static" (a'), "returned", "rejected step",
    #                           "could be [check]" (c)
    step: int | None          # the step of a step check
    acknowledged: bool

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        if self.kind == "final":
            what = "holds on the starting position"
        elif self.kind == "step":
            what = f"holds before step {self.step}"
        elif self.kind == "rejected step":
            what = f"holds before step {self.step}, which is rejected"
        elif self.kind == "returned":
            what = "holds on the starting position, but a step check saw it change in between"
        elif self.kind == "static":
            what = "holds on the starting position, by a rule of the position (not the printed value)"
        else:
            what = "holds in every outcome: a [check] would say more"
        return f"{where}: {self.check} {what}" + (" (acknowledged)" if self.acknowledged else "")


@dataclass
class Report:
    """What one scenario's checks prove: its weak checks, and how many change."""

    path: str
    checks: int = 0
    changing: int = 0
    changed: list[Check] = field(default_factory=list)   # the checks that change (or fail: not judged)
    legality: int = 0         # steps that assert rejected / allowed: checks of their own
    weak: list[Weak] = field(default_factory=list)
    notes: list[Weak] = field(default_factory=list)   # (a'), rejected steps', (c): not weak
    error: str | None = None
    pending: bool = False     # listed in its folder's PENDING: not judged

    @property
    def nothing_changes(self) -> bool:
        return self.error is None and not self.pending and self.changing == 0 and self.legality == 0 and \
            any(not w.acknowledged for w in self.weak)


def _holds(outcomes: tuple[Outcome, ...] | list, check: Check) -> bool:
    """Whether ``check`` holds in the states (all of them for a check, one for check_some)."""
    oks = []
    for out in outcomes:
        state = out.state if isinstance(out, Outcome) else out
        try:
            ok, _found = holds(state, check)
        except KeyError:
            ok = False
        oks.append(ok)
    return bool(oks) and (all(oks) if check.every else any(oks))


#: Properties whose value a rule derives: the printed value is what holds when no rule applies.
DERIVED = ("atk", "def", "willpower", "has", "affiliations", "reinforced")


def _returned(check: Check, changed: list[Check]) -> bool:
    """Whether a step check that changed showed the same property with another value: the value
    at the end came back (hidden, then visible again), it did not just stay."""
    return any(c.subject == check.subject and c.prop == check.prop and c.expected != check.expected
               for c in changed)


def _by_a_rule(state: GameState, check: Check) -> bool:
    """Whether a derived property of an object in play differs, in ``state``, from the card as
    printed: a rule of the position (a static power, a leader) already changed it."""
    if check.prop not in DERIVED or check.subject not in state.objects:
        return False
    o = state.obj(check.subject)
    if o.zone is not Zone.IN_PLAY:
        return False
    found = actual(state, check)
    printed: Any = {"atk": o.card.atk, "def": o.card.defense, "reinforced": False,
                    "willpower": printed_stat(o, "willpower"),
                    "affiliations": sorted(o.card.affiliations),
                    "has": sorted(keywords_printed(o.card))}[check.prop]
    if check.prop in ("has", "affiliations"):
        return sorted(x.casefold() for x in found) != sorted(x.casefold() for x in printed)
    return found != printed


def _acknowledged(lines: list[str], line: int | None) -> bool:
    """An ``# unchanged`` comment on the check's line, or on a comment line above it in the same
    paragraph (no blank line or table header between): it covers the checks under it."""
    if not line or line > len(lines):
        return False
    if ACK.search(lines[line - 1]):
        return True
    for above in reversed(lines[: line - 1]):
        text = above.strip()
        if not text or text.startswith("["):
            return False
        if text.startswith("#") and ACK.search(text):
            return True
    return False


def weak_checks(sc: Scenario, text: str = "") -> Report:
    """Run ``sc`` and judge each of its checks against the position before its steps."""
    report = Report(sc.path)
    lines = text.splitlines()
    before: dict[int, tuple[Outcome, ...]] = {}

    def see(step: Step, outcomes: tuple[Outcome, ...]) -> None:
        before[step.index] = tuple(o for o in outcomes if o.stopped is None)

    result = run_scenario(sc, before_step=see)
    start = (sc.state,)
    baseline: dict[int, tuple] = {}
    last: tuple = start
    rejected: set[int] = set()      # steps whose checks read the position a rejected step left alone
    last_rejected = False
    for step in sc.steps:
        if step.verb is not None:
            last = before[step.index]
            last_rejected = step.rejected
        baseline[step.index] = last
        if step.rejected or step.allowed:
            report.legality += 1
        if last_rejected:
            rejected.add(step.index)
    ok_at_end = {(c.line, c.description, c.step): c.ok for c in result.checks}
    judged = [(c, step.index) for step in sc.steps for c in step.checks]
    for check, index in judged + [(c, None) for c in sc.checks]:
        report.checks += 1
        if not ok_at_end.get((check.line, str(check), index), False):
            report.changing += 1  # fails at the end (pending): not judged, not counted as weak
            continue
        earlier = baseline[index] if index is not None else start
        ack = _acknowledged(lines, check.line)
        if not _holds(earlier, check):
            report.changing += 1
            report.changed.append(check)
        elif index is None and _by_a_rule(sc.state, check):
            report.changing += 1
            report.changed.append(check)
            report.notes.append(Weak(sc.path, check.line, _label(check, index), "static", None, ack))
        elif index is None and _returned(check, report.changed):
            report.changing += 1
            report.changed.append(check)
            report.notes.append(Weak(sc.path, check.line, _label(check, index), "returned", None, ack))
        elif index in rejected:
            report.notes.append(Weak(sc.path, check.line, _label(check, index), "rejected step", index, ack))
        else:
            report.weak.append(Weak(sc.path, check.line, _label(check, index), "final" if index is None else "step",
                                    index, ack))
        if index is None and not check.every and _holds(tuple(result.outcomes), Check(
                check.subject, check.prop, check.expected, check.line, True)) and len(result.outcomes) > 1:
            report.notes.append(Weak(sc.path, check.line, _label(check, index), "could be [check]", None,
                                     _acknowledged(lines, check.line)))
    return report


def _label(check: Check, step: int | None) -> str:
    block = f"step {step} check" if step is not None else ("[check]" if check.every else "[check_some]")
    return f"{block} {check}"


def scan(paths: list[Path]) -> list[Report]:
    """Every ``*.scenario.toml`` under ``paths`` (files or folders), judged."""
    db = default_database()
    files: list[Path] = []
    for path in paths:
        files += sorted(path.rglob("*.scenario.toml")) if path.is_dir() else [path]
    reports = []
    for file in files:
        shown = _shown(file)
        try:
            sc = load_scenario(file, db)
            sc = _renamed(sc, shown)
            reports.append(weak_checks(sc, file.read_text(encoding="utf-8")))
        except VsOracleError as error:
            if file.name in pending(str(file.parent)):  # vsoracle cannot play it yet: expected
                reports.append(Report(shown, pending=True))
                continue
            reports.append(Report(shown, error=str(error).splitlines()[0]))
    return reports


def _shown(file: Path) -> str:
    try:
        return file.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return file.as_posix()


def _renamed(sc: Scenario, path: str) -> Scenario:
    from attrs import evolve
    return evolve(sc, path=path)


def _count(reports: list[Report], kind: str) -> int:
    return sum(1 for r in reports for w in r.notes if w.kind == kind)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="scenario files or folders (default: tests/)")
    parser.add_argument("--all", action="store_true", help="list acknowledged weak checks too")
    parser.add_argument("--summary", action="store_true", help="print the counts only")
    args = parser.parse_args(argv)
    reports = scan(args.paths or [ROOT / "tests"])
    out: list[str] = []
    for r in reports:
        if r.error:
            out.append(f"{r.path}: not judged: {r.error}")
            continue
        if r.pending:
            out.append(f"{r.path}: not judged: listed in PENDING")
            continue
        for w in r.weak:
            if args.all or not w.acknowledged:
                out.append(str(w))
        if r.nothing_changes:
            out.append(f"{r.path}: NOTHING CHANGES: every check holds before its steps")
        for w in r.notes:
            if args.all or w.kind == "could be [check]":
                out.append(str(w))
    weak = [w for r in reports for w in r.weak]
    final = sum(1 for w in weak if w.kind == "final")
    step = sum(1 for w in weak if w.kind == "step")
    acked = sum(1 for w in weak if w.acknowledged)
    total = sum(r.checks for r in reports)
    summary = [
        f"{len(reports)} scenarios, {total} checks; {sum(1 for r in reports if r.error or r.pending)} not judged",
        f"(a) final checks that hold on the starting position: {final}",
        f"(b) step checks that hold before their step: {step}",
        f"weak checks acknowledged (# unchanged: …): {acked}; not acknowledged: {len(weak) - acked}",
        f"scenarios in which nothing changes: {sum(1 for r in reports if r.nothing_changes)}",
        "not weak:",
        f"  (a') final checks that hold on the starting position by a rule of it: {_count(reports, 'static')}",
        f"  final checks that hold at the start, a step check having seen them change: {_count(reports, 'returned')}",
        f"  checks on a rejected step (the position it left alone): {_count(reports, 'rejected step')}",
        f"  (c) [check_some] that hold in every outcome: {_count(reports, 'could be [check]')}",
    ]
    if not args.summary:
        print("\n".join(out + [""]))
    print("\n".join(summary))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
