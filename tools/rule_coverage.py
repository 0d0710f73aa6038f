#!/usr/bin/env python3
"""Build ``docs/rule-coverage.md``: every rule vsoracle can cite, against the scenarios that exercise it.

A rule is what a log line cites (``vsoracle.citations``): a Comprehensive Rules number (every one
in ``vsoracle/citations.toml``), an Avengers FAQ entry, a rules digest section or a keyword rule the
engine's code cites, and every assumption id of ``docs/rules-assumptions.md``. The scenarios that
exercise a rule are found by running every scenario (``tests/**/*.scenario.toml``, ``examples/``)
and reading what its log actually carries: each line's citation and assumption, and the rules a
refusal's reason names ("… (CR 601.3e)"); a scenario whose ``source`` names a rule that no log line
cites (a reading the engine applies without a line of its own, such as A-PRIMARY) counts as
declaring it, and the table says so.

Each rule is listed with the case where it applies (the scenarios citing it) and its **edges**:
the cases next to the plain one where a wrong engine would still pass the plain one (one target
illegal among several, the object back in play, the other player's phase, the shield used up, a
team attack on a player …), written by hand in ``tests/rule-edges.toml`` with the scenario that
plays each. A rule the engine cites only where the game never goes is listed as unreachable there,
with why.

    python tools/rule_coverage.py            # rewrite docs/rule-coverage.md
    python tools/rule_coverage.py --check    # exit 1 if it is stale or a rule lacks its cases

``tests/test_rule_coverage.py`` keeps it true: every rule has a scenario where it applies and an
edge whose scenario cites it, and the document is the one this tool writes.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC_PATH = ROOT / "docs" / "rule-coverage.md"
EDGES_PATH = ROOT / "tests" / "rule-edges.toml"
ASSUMPTIONS_PATH = ROOT / "docs" / "rules-assumptions.md"

__all__ = ["Coverage", "Edge", "universe", "collect", "load_edges", "coverage", "problems", "render", "main"]

_ASSUMPTION = re.compile(r"\bA-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*\b")
_CR_RUN = re.compile(r"\bCR ((?:\d{3}(?:\.\d+[a-z]?)?)(?:(?:, | and |, CR )\d{3}(?:\.\d+[a-z]?)?)*)")
_CR_NUM = re.compile(r"\d{3}(?:\.\d+[a-z]?)?")


@dataclass(frozen=True)
class Edge:
    """One edge of a rule: the case in words and the scenario that plays it."""

    rule: str
    case: str
    scenario: str               # relative to the root


@dataclass
class Coverage:
    """What the tool found: the rules, what each scenario's log cites, what each declares, the edges."""

    rules: dict[str, str]                                   # rule -> what it is, in a few words
    cited: dict[str, set[str]] = field(default_factory=dict)  # scenario -> rules its log carries
    declared: dict[str, set[str]] = field(default_factory=dict)  # scenario -> rules its source names
    edges: list[Edge] = field(default_factory=list)
    unreachable: dict[str, str] = field(default_factory=dict)  # rule -> why no scenario can cite it
    failed: dict[str, str] = field(default_factory=dict)     # scenario -> why it did not run
    pending: set[str] = field(default_factory=set)           # scenarios listed in a PENDING file (strict xfail)

    def citing(self, rule: str) -> list[str]:
        """The scenarios whose log cites ``rule`` (those vsoracle does not answer as their source
        does yet, listed in a PENDING file, last)."""
        return sorted((s for s, rules in self.cited.items() if rule in rules), key=lambda s: (s in self.pending, s))

    def declaring(self, rule: str) -> list[str]:
        """The scenarios whose ``source`` names ``rule`` though no line of their log cites it."""
        return sorted(s for s, rules in self.declared.items() if rule in rules and rule not in self.cited.get(s, ()))

    def exercising(self, rule: str) -> list[str]:
        return self.citing(rule) or self.declaring(rule)


# ------------------------------------------------------------------------------------------- rules

def cite_sites() -> list[tuple[str, int, str]]:
    """Every citation literal in the engine and scenario code that can reach the log (the third
    argument of ``note(...)``, every ``cite=``, the turn's step citations), with the file and line
    it stands on (``tests/test_citations.py`` checks each one)."""
    found: list[tuple[str, int, str]] = []
    pkg = ROOT / "vsoracle"
    for path in sorted((pkg / "engine").rglob("*.py")) + sorted((pkg / "scenario").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            exprs: list[ast.expr] = []
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if name == "note" and len(node.args) >= 3:
                    exprs.append(node.args[2])
                exprs += [kw.value for kw in node.keywords if kw.arg == "cite"]
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "_CITE" for t in node.targets):
                exprs += list(node.value.values) if isinstance(node.value, ast.Dict) else []
            for e in exprs:
                found += [(path.name, e.lineno, value) for value in _strings(e)]
    return found


def _code_cites() -> list[str]:
    """The citation literals of :func:`cite_sites`, without where they stand."""
    return [value for _file, _line, value in cite_sites()]


def _strings(e: ast.expr) -> list[str]:
    """The strings an expression can be: a literal, either side of ``a if c else b``, the
    default of ``h.get("cite", default)``."""
    if isinstance(e, ast.Constant) and isinstance(e.value, str):
        return [e.value]
    if isinstance(e, ast.IfExp):
        return _strings(e.body) + _strings(e.orelse)
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "get" and len(e.args) == 2:
        return _strings(e.args[1])
    return []


def assumptions() -> dict[str, str]:
    """Every assumption id of docs/rules-assumptions.md, with the start of its reading."""
    out: dict[str, str] = {}
    for line in ASSUMPTIONS_PATH.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| (A-[A-Z0-9-]+) \| (.*?) \|", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


def universe() -> dict[str, str]:
    """Every rule vsoracle can cite, with what it is: each CR number vsoracle.citations knows, each
    FAQ entry, digest section and keyword rule the code cites, each documented assumption."""
    from vsoracle.citations import RULES, expand, general_entries, references

    gm = general_entries()
    out: dict[str, str] = {}
    for number, rule in RULES.items():
        out[f"CR {number}"] = rule.subject
    for cite in _code_cites():
        for ref in references(cite):
            if not ref.rule or ref.rule in out:
                continue
            if ref.rule.startswith("FAQ GM "):
                k = int(ref.rule.split()[-1])
                out[ref.rule] = f"Avengers FAQ, General Mechanics {k}: {gm[k - 1][0]}" if k <= len(gm) else ref.rule
            elif ref.rule.startswith("FAQ SC "):
                out[ref.rule] = f"Avengers FAQ, {expand(ref.rule).removeprefix('FAQ ')}"
            elif ref.rule.startswith("keyword "):
                out[ref.rule] = f"the keyword {ref.rule.removeprefix('keyword ')}"
            else:
                out[ref.rule] = f"rules digest {ref.rule.removeprefix('digest ')}"
    for aid, reading in assumptions().items():
        out[aid] = _short(reading)
    return dict(sorted(out.items(), key=lambda kv: _order(kv[0])))


def _short(text: str, most: int = 90) -> str:
    text = re.sub(r"\s+", " ", text.replace("`", "")).strip()
    return text if len(text) <= most else text[: most - 1].rsplit(" ", 1)[0] + " …"


def _order(rule: str) -> tuple[int, tuple[tuple[int, int, str], ...]]:
    kinds = ("CR ", "FAQ GM ", "FAQ SC ", "digest ", "keyword ", "A-")
    kind = next(i for i, k in enumerate(kinds) if rule.startswith(k))
    parts = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.findall(r"\d+|[A-Za-z]+", rule))
    return kind, parts


# --------------------------------------------------------------------------------------- scenarios

def scenario_files() -> list[Path]:
    """Every scenario of the suite and the examples."""
    return sorted((ROOT / "tests").rglob("*.scenario.toml")) + sorted((ROOT / "examples").glob("*.toml"))


def _rules_of(cite: str, text: str, assumption: str | None) -> set[str]:
    from vsoracle.citations import CitationError, references

    found: set[str] = set()
    try:
        found |= {r.rule for r in references(cite) if r.rule}
    except CitationError:
        pass
    if assumption:
        found.add(assumption)
    found |= {f"CR {n}" for run in _CR_RUN.findall(text) for n in _CR_NUM.findall(run)}  # a refusal's reason
    found |= set(_ASSUMPTION.findall(text))
    return found


def _declared(source: str | None) -> set[str]:
    from vsoracle.citations import CitationError, references

    if not source:
        return set()
    found: set[str] = set()
    for part in source.split(";"):  # "CR 301 (characters), 505 (costs …)": every number after "CR"
        if "CR " in part:
            found |= {f"CR {n}" for n in re.findall(r"\b\d{3}(?:\.\d+[a-z]?)?\b", part.split("CR ", 1)[1])}
    found |= set(_ASSUMPTION.findall(source))
    found |= {f"keyword {m}" for m in re.findall(r"\bkeyword ([A-Z][\w—-]*)", source)}  # "keyword Insanity"
    for m in re.finditer(r"\bFAQ (?:GM|SC) \d+\b", source):
        try:
            found |= {r.rule for r in references(m.group(0)) if r.rule}
        except CitationError:
            pass
    for m in re.finditer(r"General Mechanics (\d+)", source):
        found.add(f"FAQ GM {m.group(1)}")
    return found


def collect(files: list[Path] | None = None) -> tuple[dict[str, set[str]], dict[str, set[str]], dict[str, str]]:
    """Run each scenario: the rules each one's log cites, those its source declares, and the
    scenarios that could not run (their error)."""
    os.environ.setdefault("VSORACLE_NO_CACHE", "1")
    from vsoracle.cards import default_database
    from vsoracle.errors import VsOracleError
    from vsoracle.scenario.load import load_scenario
    from vsoracle.scenario.run import run_scenario

    db = default_database()
    cited: dict[str, set[str]] = {}
    declared: dict[str, set[str]] = {}
    failed: dict[str, str] = {}
    for path in files if files is not None else scenario_files():
        rel = path.relative_to(ROOT).as_posix()
        try:
            sc = load_scenario(path, db)
            result = run_scenario(sc)
        except VsOracleError as error:
            # the error as the document shows it: its file named from the repository, not this machine
            failed[rel] = str(error).splitlines()[0].replace(str(ROOT) + "/", "")
            continue
        rules: set[str] = set()
        for outcome in result.outcomes:
            for event in outcome.log:
                if event.kind != "start":
                    rules |= _rules_of(event.cite, event.text, event.assumption)
        cited[rel] = rules
        declared[rel] = _declared(sc.source)
    return cited, declared, failed


# ------------------------------------------------------------------------------------------- edges

def load_edges(path: Path = EDGES_PATH) -> tuple[list[Edge], dict[str, str]]:
    """The edges of tests/rule-edges.toml, and the rules it says no scenario can cite (with why)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    edges: list[Edge] = []
    unreachable: dict[str, str] = {}
    for entry in data.get("rule", []):
        rule = entry["rule"]
        if "unreachable" in entry:
            unreachable[rule] = entry["unreachable"]
        for e in entry.get("edge", []):
            edges.append(Edge(rule, e["case"], e["scenario"]))
    return edges, unreachable


def pending_scenarios() -> set[str]:
    """The scenarios a PENDING file lists (vsoracle answers them otherwise than their source, or
    cannot play them yet: strict expected failures)."""
    from vsoracle.scenario.plugin import pending

    out: set[str] = set()
    for listing in (ROOT / "tests").rglob("PENDING"):
        out |= {(listing.parent / name).relative_to(ROOT).as_posix() for name in pending(str(listing.parent))}
    return out


def coverage(files: list[Path] | None = None) -> Coverage:
    """Everything the table is made of."""
    cited, declared, failed = collect(files)
    edges, unreachable = load_edges()
    return Coverage(universe(), cited, declared, edges, unreachable, failed, pending_scenarios())


def problems(cov: Coverage) -> list[str]:
    """What keeps the table from holding: a rule without a scenario where it applies or without an
    edge, an edge whose scenario does not exist or does not exercise its rule, a rule listed that
    vsoracle cannot cite."""
    out: list[str] = []
    known = set(cov.rules)
    by_rule: dict[str, list[Edge]] = {}
    for e in cov.edges:
        by_rule.setdefault(e.rule, []).append(e)
        if e.rule not in known:
            out.append(f"{e.rule}: not a rule vsoracle can cite (tests/rule-edges.toml)")
        elif not (ROOT / e.scenario).is_file():
            out.append(f"{e.rule}: edge scenario {e.scenario} does not exist")
        elif e.scenario in cov.failed:
            out.append(f"{e.rule}: edge scenario {e.scenario} does not run: {cov.failed[e.scenario]}")
        elif e.rule not in cov.cited.get(e.scenario, set()) | cov.declared.get(e.scenario, set()):
            out.append(f"{e.rule}: edge scenario {e.scenario} neither cites it in its log nor names it in its source")
    for rule in cov.unreachable:
        if rule not in known:
            out.append(f"{rule}: not a rule vsoracle can cite (tests/rule-edges.toml, unreachable)")
        elif cov.citing(rule):
            out.append(f"{rule}: listed as unreachable, but {cov.citing(rule)[0]} cites it")
    for rule in cov.rules:
        if rule in cov.unreachable:
            continue
        if not cov.exercising(rule):
            out.append(f"{rule}: no scenario exercises it")
        if not by_rule.get(rule):
            out.append(f"{rule}: no edge listed in tests/rule-edges.toml")
    return out


# ---------------------------------------------------------------------------------------- document

def _link(scenario: str, pending: set[str] | frozenset[str] = frozenset()) -> str:
    name = scenario.rsplit("/", 1)[-1].removesuffix(".scenario.toml").removesuffix(".toml")
    return f"[{name}](../{scenario})" + (" *(pending: vsoracle answers otherwise)*" if scenario in pending else "")


def render(cov: Coverage) -> str:
    """docs/rule-coverage.md."""
    rules = list(cov.rules)
    by_rule: dict[str, list[Edge]] = {}
    for e in cov.edges:
        by_rule.setdefault(e.rule, []).append(e)
    logged = [r for r in rules if cov.citing(r)]
    declared_only = [r for r in rules if not cov.citing(r) and cov.declaring(r)]
    with_edges = [r for r in rules if by_rule.get(r)]
    lines = [
        "# Rule coverage",
        "",
        "Every rule vsoracle can cite, against the scenarios that exercise it: the case where the rule",
        "applies, and its edges — the cases beside the plain one that a wrong engine could get wrong while",
        "still passing it. Written by `python tools/rule_coverage.py` from what each scenario's log actually",
        "cites (every scenario of `tests/` and `examples/` is run) and from the edges in",
        "[`tests/rule-edges.toml`](../tests/rule-edges.toml); `tests/test_rule_coverage.py` fails when it is",
        "stale, when a rule has no scenario, or when an edge's scenario does not exercise its rule.",
        "",
        "A rule is a Comprehensive Rules number (those in `vsoracle/citations.toml`), an Avengers FAQ entry,",
        "a rules digest section or keyword rule the engine cites, or an assumption of",
        "[rules-assumptions.md](rules-assumptions.md). *Applies*: the number of scenarios whose log cites it",
        "(a rule no log line cites but a scenario's `source` names — a reading applied without a line of",
        "its own — counts those scenarios, marked *declared*), and one of them.",
        "",
        "| | |",
        "|---|---:|",
        f"| rules | {len(rules)} |",
        f"| cited by some scenario's log | {len(logged)} |",
        f"| only declared by a scenario's source | {len(declared_only)} |",
        f"| unreachable (cited only where the game never goes) | {len(cov.unreachable)} |",
        f"| with an edge and its scenario | {len(with_edges)} |",
        f"| edges | {len(cov.edges)} |",
        f"| scenarios run | {len(cov.cited)} (not run: {len(cov.failed)}; pending: {len(cov.pending)}) |",
        "",
        "| rule | what it is | applies | edges |",
        "|---|---|---|---|",
    ]
    for rule in rules:
        citing = cov.citing(rule)
        if rule in cov.unreachable:
            applies = f"unreachable: {cov.unreachable[rule]}"
        elif citing:
            applies = f"{len(citing)}: {_link(_plain_case(citing, cov.pending), cov.pending)}"
        elif cov.declaring(rule):
            d = cov.declaring(rule)
            applies = f"{len(d)} *declared*: {_link(d[0])}"
        else:
            applies = "**none**"
        edges = "<br>".join(f"{e.case}: {_link(e.scenario, cov.pending)}" for e in by_rule.get(rule, [])) or "**none**"
        what = cov.rules[rule].replace("|", "\\|")
        lines.append(f"| {rule} | {what} | {applies} | {edges} |")
    if cov.failed:
        lines += ["", "Scenarios that do not run (pending: vsoracle cannot play them yet):", ""]
        lines += [f"- {_link(s)}: {why}" for s, why in sorted(cov.failed.items())]
    return "\n".join(lines) + "\n"


def _plain_case(citing: list[str], pending: set[str] | frozenset[str]) -> str:
    """One scenario where the rule applies: a rulings or shapes scenario if there is one, else the
    first; one vsoracle answers as its source does before a pending one."""
    for prefix in ("tests/rulings/", "tests/shapes/", "tests/zones/", "tests/faq/", "tests/", "examples/"):
        for s in citing:
            if s.startswith(prefix) and s not in pending:
                return s
    return citing[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the document is stale or a rule lacks its cases")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    cov = coverage()
    text = render(cov)
    found = problems(cov)
    for p in found:
        print(p, file=sys.stderr)
    if args.check:
        stale = DOC_PATH.read_text(encoding="utf-8") != text if DOC_PATH.exists() else True
        if stale:
            print(f"{DOC_PATH.relative_to(ROOT)} is stale: run python tools/rule_coverage.py", file=sys.stderr)
        return 1 if stale or found else 0
    DOC_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {DOC_PATH.relative_to(ROOT)}: {len(cov.rules)} rules, {len(cov.edges)} edges, {len(found)} problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
