#!/usr/bin/env python3
"""Build ``docs/faq-coverage.md``: every Avengers FAQ entry, its rulings, and the scenarios that check them.

The entry list comes from the FAQ text itself (General Mechanics 1–10 and every card of the
SPECIFIC CARDS section), not from the rulings files, so an entry nobody has written rulings for
shows up as a gap. Rulings come from ``tests/faq/rulings-*.toml``; scenario headers (``faq``,
``rulings``, ``variation``) from ``tests/faq/*.scenario.toml``.

    python tools/faq_coverage.py            # rewrite docs/faq-coverage.md
    python tools/faq_coverage.py --check    # exit 1 if docs/faq-coverage.md is stale

Importable: :func:`render_coverage` returns the document; :func:`collect` the data behind it.
Only the standard library is used.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["FAQ_PATH", "DOC_PATH", "Entry", "Ruling", "ScenarioHeader", "Coverage",
           "faq_entries", "load_rulings", "load_scenarios", "collect", "render_coverage", "main"]

ROOT = Path(__file__).resolve().parent.parent
FAQ_PATH = Path("seeds/003_2469ae3b117db52d.txt")
DOC_PATH = Path("docs/faq-coverage.md")
FAQ_DIR = Path("tests/faq")
SCENARIO_GLOB = "*.scenario.toml"
RULINGS_GLOB = "rulings-*.toml"
SHORT = 110                     # characters of a ruling's text shown in the tables

_CARD_NUMBER = re.compile(r"^[A-Z]{2,4}-\d+$")
_GM_HEADING = re.compile(r"^(\d{1,2})\.\s+(.*\S)\s*$")


@dataclass(frozen=True)
class Entry:
    """One FAQ entry: ``name`` exactly as the FAQ heads it (the value of a scenario's ``faq``)."""

    name: str
    section: str                # "General Mechanics" | "Specific Cards"
    heading: str                # the heading line: the GM title, or the card's type line(s) and number
    line: int                   # 1-based line of the heading in the FAQ


@dataclass(frozen=True)
class Ruling:
    id: str
    entry: str
    text: str
    file: str                   # relative to the root
    index: int                  # position in its file


@dataclass(frozen=True)
class ScenarioHeader:
    file: str                   # relative to the root
    faq: str | None
    rulings: tuple[str, ...]
    variation: bool
    pending: bool
    error: str | None = None    # the file could not be read as TOML, or its header is malformed


@dataclass
class Coverage:
    entries: list[Entry]
    rulings: list[Ruling]
    scenarios: list[ScenarioHeader]
    problems: list[str] = field(default_factory=list)

    # -- derived views -------------------------------------------------
    def rulings_of(self, entry: str) -> list[Ruling]:
        return [r for r in self.rulings if r.entry == entry]

    def scenarios_of(self, ruling_id: str, variation: bool) -> list[ScenarioHeader]:
        return [s for s in self.scenarios if ruling_id in s.rulings and s.variation is variation]

    def scenarios_for_entry(self, entry: str) -> list[ScenarioHeader]:
        return [s for s in self.scenarios if s.faq == entry]

    def entries_without_rulings(self) -> list[Entry]:
        return [e for e in self.entries if not self.rulings_of(e.name)]

    def rulings_without(self, variation: bool) -> list[Ruling]:
        return [r for r in self.rulings if not self.scenarios_of(r.id, variation)]


# ---------------------------------------------------------------------------- reading
def faq_entries(text: str) -> list[Entry]:
    """The FAQ's entries, in FAQ order, read from its text.

    General Mechanics entries are the numbered headings (``1. …``) between GENERAL MECHANICS and
    SPECIFIC CARDS. A specific card entry is a block of consecutive non-blank lines, after
    SPECIFIC CARDS, that contains a card number line (``MAV-069``): its first line is the card's
    title, the entry name.
    """
    lines = text.splitlines()
    try:
        gm_start = next(i for i, line in enumerate(lines) if line.strip() == "GENERAL MECHANICS")
        cards_start = next(i for i, line in enumerate(lines) if line.strip() == "SPECIFIC CARDS")
    except StopIteration:
        raise ValueError("the FAQ text has no GENERAL MECHANICS / SPECIFIC CARDS headings") from None
    entries: list[Entry] = []
    expected = 1
    for i in range(gm_start + 1, cards_start):
        match = _GM_HEADING.match(lines[i])
        if match and int(match.group(1)) == expected:
            entries.append(Entry(f"General Mechanics {expected}", "General Mechanics",
                                 match.group(2), i + 1))
            expected += 1
    block: list[tuple[int, str]] = []
    for i in range(cards_start + 1, len(lines) + 1):
        line = lines[i].strip() if i < len(lines) else ""
        if line:
            block.append((i, line))
            continue
        if block and any(_CARD_NUMBER.match(b) for _, b in block):
            first_line, title = block[0]
            details = " · ".join(b for _, b in block[1:])
            entries.append(Entry(title, "Specific Cards", details, first_line + 1))
        block = []
    return entries


def load_rulings(root: Path, problems: list[str] | None = None) -> list[Ruling]:
    """Every ``[[ruling]]`` of ``tests/faq/rulings-*.toml``, files in name order."""
    out: list[Ruling] = []
    for path in sorted((root / FAQ_DIR).glob(RULINGS_GLOB)):
        rel = path.relative_to(root).as_posix()
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            if problems is not None:
                problems.append(f"`{rel}` is not valid TOML: {error}")
            continue
        for index, table in enumerate(data.get("ruling", [])):
            rid, entry, text = table.get("id"), table.get("entry"), table.get("text")
            if not (isinstance(rid, str) and isinstance(entry, str) and isinstance(text, str)):
                if problems is not None:
                    problems.append(f"`{rel}` ruling #{index + 1} needs string `id`, `entry` and `text`")
                continue
            out.append(Ruling(rid, entry, text, rel, index))
    return out


def _pending(folder: Path) -> frozenset[str]:
    """File names listed in ``PENDING``, read as the pytest plugin reads them."""
    from vsoracle.scenario.plugin import pending

    return pending(str(folder))


def load_scenarios(root: Path) -> list[ScenarioHeader]:
    """The header of every ``tests/faq/*.scenario.toml``, in file-name order."""
    folder = root / FAQ_DIR
    pending = _pending(folder)
    out: list[ScenarioHeader] = []
    for path in sorted(folder.glob(SCENARIO_GLOB)):
        rel = path.relative_to(root).as_posix()
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            out.append(ScenarioHeader(rel, None, (), False, path.name in pending, f"not valid TOML: {error}"))
            continue
        header = data.get("scenario", {})
        error = None
        if not isinstance(header, dict):
            header, error = {}, "[scenario] is not a table"
        faq = header.get("faq")
        rulings = header.get("rulings", [])
        variation = header.get("variation", False)
        if faq is not None and not isinstance(faq, str):
            faq, error = None, "`faq` is not a string"
        if not isinstance(rulings, list) or not all(isinstance(r, str) for r in rulings):
            rulings, error = [], "`rulings` is not a list of strings"
        if not isinstance(variation, bool):
            variation, error = False, "`variation` is not true or false"
        out.append(ScenarioHeader(rel, faq, tuple(rulings), variation, path.name in pending, error))
    return out


def collect(root: Path = ROOT) -> Coverage:
    """Read the FAQ, the rulings and the scenario headers under ``root``; list the problems found."""
    root = Path(root)
    problems: list[str] = []
    entries = faq_entries((root / FAQ_PATH).read_text(encoding="utf-8"))
    rulings = load_rulings(root, problems)
    scenarios = load_scenarios(root)
    names = {e.name for e in entries}
    seen: dict[str, Ruling] = {}
    for r in rulings:
        if r.id in seen:
            problems.append(f"ruling id `{r.id}` is used twice ({seen[r.id].file} and {r.file})")
        else:
            seen[r.id] = r
        if r.entry not in names:
            problems.append(f"ruling `{r.id}` ({r.file}) names entry “{r.entry}”, which is not an FAQ entry")
    for s in scenarios:
        where = f"[{Path(s.file).name}](../{s.file})"
        if s.error:
            problems.append(f"{where}: {s.error}")
        if s.faq is None:
            problems.append(f"{where} has no `faq` entry in its [scenario] header")
        elif s.faq not in names:
            problems.append(f"{where} names entry “{s.faq}”, which is not an FAQ entry")
        if not s.rulings:
            problems.append(f"{where} names no `rulings`")
        for rid in s.rulings:
            ruling = seen.get(rid)
            if ruling is None:
                problems.append(f"{where} names ruling `{rid}`, which no rulings file defines")
            elif s.faq is not None and ruling.entry != s.faq:
                problems.append(f"{where} checks “{s.faq}” but its ruling `{rid}` belongs to “{ruling.entry}”")
    return Coverage(entries, rulings, scenarios, problems)


# ---------------------------------------------------------------------------- rendering
def anchor(name: str) -> str:
    """A stable HTML anchor for an entry (GitHub's own heading slugs mangle ◊ and commas)."""
    match = re.fullmatch(r"General Mechanics (\d+)", name)
    if match:
        return f"gm-{match.group(1)}"
    return re.sub(r"[^a-z0-9]+", "-", name.replace("◊", " ").casefold()).strip("-")


def shorten(text: str, limit: int = SHORT) -> str:
    """The text on one line, cut at a word boundary to at most ``limit`` characters."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:—-")
    return cut + "…"


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|")


def _links(scenarios: list[ScenarioHeader]) -> str:
    if not scenarios:
        return ""
    parts = []
    for s in scenarios:
        name = Path(s.file).name.removesuffix(".scenario.toml")
        parts.append(f"[{name}](../{s.file})" + (" *(pending)*" if s.pending else ""))
    return "<br>".join(parts)


def render_coverage(root: Path = ROOT) -> str:
    """The whole of ``docs/faq-coverage.md`` for the tree at ``root``."""
    cov = collect(Path(root))
    gm = [e for e in cov.entries if e.section == "General Mechanics"]
    cards = [e for e in cov.entries if e.section == "Specific Cards"]
    main_files = [s for s in cov.scenarios if not s.variation]
    var_files = [s for s in cov.scenarios if s.variation]
    pending = [s for s in cov.scenarios if s.pending]
    no_rulings = cov.entries_without_rulings()
    no_main = cov.rulings_without(variation=False)
    no_var = cov.rulings_without(variation=True)
    gap = "⚠"

    out: list[str] = []
    add = out.append
    add("# Avengers FAQ coverage")
    add("")
    add("<!-- Generated by tools/faq_coverage.py: do not edit by hand. -->")
    add("")
    add(f"This file is generated by `tools/faq_coverage.py` from the FAQ itself (`{FAQ_PATH.as_posix()}`), "
        f"the rulings (`{FAQ_DIR.as_posix()}/{RULINGS_GLOB}`) and the `[scenario]` headers of "
        f"`{FAQ_DIR.as_posix()}/{SCENARIO_GLOB}`. Run `python tools/faq_coverage.py` after changing any of "
        "them; `python tools/faq_coverage.py --check` (and `tests/faq/test_coverage.py`) fails while this "
        "file is stale.")
    add("")
    add("How to read it:")
    add("")
    add("- The **entries** are read from the FAQ text, not from the rulings files: General Mechanics 1–10, "
        "then every card of SPECIFIC CARDS in FAQ order. An entry without rulings is a gap.")
    add("- A **ruling** is one FAQ sentence (or example) that states an outcome; its id is what a scenario "
        "names in `rulings = [...]`. The text is shortened here; the rulings files quote it in full.")
    add("- **Main** scenarios (`variation = false`) play the FAQ's own situation; **variations** "
        "(`variation = true`) check the same ruling with other cards, numbers or positions. Every ruling "
        "should have at least one of each.")
    add(f"- {gap} marks a gap; *(pending)* marks a scenario listed in `{FAQ_DIR.as_posix()}/PENDING` "
        "(expected to fail until its rule is implemented).")
    add("")
    add("## Totals")
    add("")
    add("| what | count |")
    add("|---|---:|")
    add(f"| FAQ entries | {len(cov.entries)} ({len(gm)} general mechanics, {len(cards)} specific cards) |")
    add(f"| rulings | {len(cov.rulings)} |")
    add(f"| scenario files | {len(cov.scenarios)} |")
    add(f"| main scenarios (`variation = false`) | {len(main_files)} |")
    add(f"| variations (`variation = true`) | {len(var_files)} |")
    add(f"| pending scenarios | {len(pending)} |")
    add(f"| entries without rulings | {len(no_rulings)} |")
    add(f"| rulings without a main scenario | {len(no_main)} |")
    add(f"| rulings without a variation | {len(no_var)} |")
    add(f"| problems (see the end) | {len(cov.problems)} |")
    add("")
    add("## Entries")
    add("")
    add("| entry | rulings | main scenarios | variations | gaps |")
    add("|---|---:|---:|---:|---|")
    for e in cov.entries:
        rulings = cov.rulings_of(e.name)
        files = cov.scenarios_for_entry(e.name)
        gaps = []
        if not rulings:
            gaps.append(f"{gap} no rulings")
        lacking_main = sum(1 for r in rulings if not cov.scenarios_of(r.id, False))
        lacking_var = sum(1 for r in rulings if not cov.scenarios_of(r.id, True))
        if lacking_main:
            gaps.append(f"{gap} {lacking_main} without main")
        if lacking_var:
            gaps.append(f"{gap} {lacking_var} without variation")
        add(f"| [{_cell(e.name)}](#{anchor(e.name)}) | {len(rulings)} | "
            f"{sum(1 for s in files if not s.variation)} | {sum(1 for s in files if s.variation)} | "
            f"{'; '.join(gaps)} |")
    for title, section in (("General Mechanics", gm), ("Specific Cards", cards)):
        add("")
        add(f"## {title}")
        for e in section:
            add("")
            add(f'<a id="{anchor(e.name)}"></a>')
            add("")
            if e.section == "General Mechanics":
                add(f"### {e.name}: {e.heading}")
            else:
                add(f"### {e.name}")
                add("")
                add(f"*{e.heading}* (FAQ line {e.line})")
            add("")
            rulings = cov.rulings_of(e.name)
            if not rulings:
                add(f"{gap} **No rulings.** Add them to a `{FAQ_DIR.as_posix()}/{RULINGS_GLOB}` file.")
                continue
            add("| ruling | text | main scenarios | variations |")
            add("|---|---|---|---|")
            for r in rulings:
                main = _links(cov.scenarios_of(r.id, False)) or f"{gap} none"
                var = _links(cov.scenarios_of(r.id, True)) or f"{gap} none"
                add(f"| `{r.id}` | {_cell(shorten(r.text))} | {main} | {var} |")
    add("")
    add("## Problems")
    add("")
    if cov.problems:
        for p in cov.problems:
            add(f"- {p}")
    else:
        add("None: every scenario names an FAQ entry and existing rulings of that entry, and every ruling id "
            "is unique and names an FAQ entry.")
    add("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build docs/faq-coverage.md from the FAQ, rulings and scenarios.")
    parser.add_argument("--check", action="store_true", help="exit 1 if the document is stale; write nothing")
    parser.add_argument("--root", type=Path, default=ROOT, help="project root (default: this checkout)")
    args = parser.parse_args(argv)
    doc = args.root / DOC_PATH
    text = render_coverage(args.root)
    current = doc.read_text(encoding="utf-8") if doc.is_file() else None
    if args.check:
        if current != text:
            print(f"{DOC_PATH.as_posix()} is stale: run `python tools/faq_coverage.py`", file=sys.stderr)
            return 1
        print(f"{DOC_PATH.as_posix()} is up to date")
        return 0
    if current != text:
        doc.write_text(text, encoding="utf-8")
        print(f"wrote {DOC_PATH.as_posix()}")
    else:
        print(f"{DOC_PATH.as_posix()} unchanged")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
