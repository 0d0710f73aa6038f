#!/usr/bin/env python3
"""Build ``docs/faq-other-sets.md``: the rulings of the other sets' FAQs, per set, and what plays them.

Each set has a folder ``tests/faq/<SET>/`` (its set code, as in ``cards/<SET>.toml``) holding a
``rulings.toml`` — every ruling readable in that set's FAQ and rules columns, quoted, each with a
status — and the scenarios that play them (their ``[scenario]`` header names ``rulings = [id]`` and
``variation``). A ``PENDING`` file in the folder lists the scenarios vsoracle answers wrongly (the
pytest plugin runs them as strict xfail). Statuses:

* ``scenario`` — a main scenario and a variation play the ruling, and pass;
* ``pending``  — they play it, and vsoracle gives another answer than the FAQ: the scenarios that
  show it are in ``PENDING`` (a variation vsoracle already answers right is not);
* ``waiting``  — vsoracle cannot play it yet (a card text that fails or parses only, a rule the
  engine lacks); ``docs/research/faq-rulings-waiting.md`` names it (by id) and says what is missing;
* ``none``     — the source states no outcome to play (cut off before its answer, a legality date);
  ``why`` says what it does state.

    python tools/faq_other_sets.py            # rewrite docs/faq-other-sets.md
    python tools/faq_other_sets.py --check    # exit 1 if it is stale, or on a problem

Importable: :func:`collect` returns the data, :func:`render` the document. Standard library only
(besides reading ``PENDING`` as the pytest plugin does).
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["DOC_PATH", "FAQ_DIR", "WAITING_PATH", "STATUSES", "Ruling", "Scenario", "SetRulings", "Collection",
           "collect", "render", "main"]

ROOT = Path(__file__).resolve().parent.parent
FAQ_DIR = Path("tests/faq")
DOC_PATH = Path("docs/faq-other-sets.md")
WAITING_PATH = Path("docs/research/faq-rulings-waiting.md")
RULINGS_FILE = "rulings.toml"
SCENARIO_GLOB = "*.scenario.toml"
STATUSES = ("scenario", "pending", "waiting", "none")
SHORT = 120


@dataclass(frozen=True)
class Ruling:
    id: str
    source: str
    url: str
    quote: str
    status: str
    why: str
    file: str                   # relative to the root


@dataclass(frozen=True)
class Scenario:
    file: str                   # relative to the root
    title: str
    rulings: tuple[str, ...]
    variation: bool
    pending: bool


@dataclass
class SetRulings:
    code: str
    name: str
    folder: str                 # relative to the root
    rulings: list[Ruling]
    scenarios: list[Scenario]

    def scenarios_of(self, ruling_id: str, variation: bool | None = None) -> list[Scenario]:
        return [s for s in self.scenarios if ruling_id in s.rulings and (variation is None or s.variation is variation)]

    def count(self, status: str) -> int:
        return sum(1 for r in self.rulings if r.status == status)


@dataclass
class Collection:
    sets: list[SetRulings]
    problems: list[str] = field(default_factory=list)


def _pending(folder: Path) -> frozenset[str]:
    """File names listed in ``PENDING``, read as the pytest plugin reads them."""
    path = folder / "PENDING"
    if not path.is_file():
        return frozenset()
    return frozenset(line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines()
                     if line.split("#", 1)[0].strip())


def _read_set(root: Path, folder: Path, problems: list[str]) -> SetRulings | None:
    rel = (folder / RULINGS_FILE).relative_to(root).as_posix()
    try:
        data = tomllib.loads((folder / RULINGS_FILE).read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        problems.append(f"`{rel}` is not valid TOML: {error}")
        return None
    header = data.get("set", {})
    code, name = header.get("code"), header.get("name")
    if code != folder.name or not isinstance(name, str):
        problems.append(f"`{rel}` needs [set] with code = \"{folder.name}\" (its folder) and a name")
        code, name = folder.name, str(name)
    rulings = []
    for index, table in enumerate(data.get("ruling", []), start=1):
        values = {key: table.get(key) for key in ("id", "source", "url", "quote", "status")}
        if not all(isinstance(v, str) and v.strip() for v in values.values()):
            problems.append(f"`{rel}` ruling #{index} needs string `id`, `source`, `url`, `quote` and `status`")
            continue
        why = table.get("why", "")
        if values["status"] not in STATUSES:
            problems.append(f"`{rel}` ruling `{values['id']}` has status “{values['status']}”: "
                            f"one of {', '.join(STATUSES)}")
        if values["status"] in ("waiting", "none", "pending") and not (isinstance(why, str) and why.strip()):
            problems.append(f"`{rel}` ruling `{values['id']}` ({values['status']}) needs `why`")
        rulings.append(Ruling(values["id"], values["source"], values["url"], values["quote"], values["status"],
                              why if isinstance(why, str) else "", rel))
    pending = _pending(folder)
    scenarios = []
    for path in sorted(folder.glob(SCENARIO_GLOB)):
        srel = path.relative_to(root).as_posix()
        try:
            header = tomllib.loads(path.read_text(encoding="utf-8")).get("scenario", {})
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            problems.append(f"`{srel}` is not valid TOML: {error}")
            continue
        ids, variation = header.get("rulings", []), header.get("variation")
        named = isinstance(ids, list) and ids and all(isinstance(i, str) for i in ids)
        if not named or not isinstance(variation, bool):
            problems.append(f"`{srel}` needs `rulings = [...]` (ids of {rel}) and `variation = true|false` "
                            "in [scenario]")
            ids, variation = [], False
        if not str(header.get("source", "")).strip():
            problems.append(f"`{srel}` needs a `source` naming the FAQ and its item")
        scenarios.append(Scenario(srel, str(header.get("title", path.name)), tuple(ids), variation,
                                  path.name in pending))
    for name in sorted(pending - {Path(s.file).name for s in scenarios}):
        problems.append(f"`{folder.relative_to(root).as_posix()}/PENDING` lists `{name}`, "
                        "which is not a scenario there")
    return SetRulings(code, name, folder.relative_to(root).as_posix(), rulings, scenarios)


def collect(root: Path = ROOT) -> Collection:
    """Every set folder under ``tests/faq`` with a ``rulings.toml``; the problems found in them."""
    root = Path(root)
    problems: list[str] = []
    sets = []
    for folder in sorted(p for p in (root / FAQ_DIR).iterdir() if p.is_dir()):
        if (folder / RULINGS_FILE).is_file():
            found = _read_set(root, folder, problems)
            if found is not None:
                sets.append(found)
        elif any(folder.glob(SCENARIO_GLOB)):
            problems.append(f"`{folder.relative_to(root).as_posix()}` has scenarios but no {RULINGS_FILE}")
    waiting_path = root / WAITING_PATH
    waiting_doc = waiting_path.read_text(encoding="utf-8") if waiting_path.is_file() else ""
    seen: dict[str, Ruling] = {}
    for s in sets:
        own = {r.id: r for r in s.rulings}
        for r in s.rulings:
            if r.id in seen:
                problems.append(f"ruling id `{r.id}` is used twice ({seen[r.id].file} and {r.file})")
                continue
            seen[r.id] = r
            files = s.scenarios_of(r.id)
            if r.status in ("scenario", "pending"):
                for variation, what in ((False, "main scenario (`variation = false`)"), (True, "variation")):
                    if not s.scenarios_of(r.id, variation):
                        problems.append(f"ruling `{r.id}` ({r.status}) has no {what} in {s.folder}")
                listed = [f for f in files if f.pending]
                if r.status == "scenario" and listed:
                    problems.append(f"`{listed[0].file}` plays ruling `{r.id}` (scenario): it must not be listed in "
                                    f"{s.folder}/PENDING (or the ruling is “pending”)")
                if r.status == "pending" and files and not listed:
                    problems.append(f"ruling `{r.id}` is pending, but none of its scenarios is listed in "
                                    f"{s.folder}/PENDING")
            elif files:
                problems.append(f"ruling `{r.id}` is “{r.status}”, yet {files[0].file} plays it: "
                                "make it “scenario”")
            if r.status == "waiting" and f"`{r.id}`" not in waiting_doc:
                problems.append(f"ruling `{r.id}` is waiting, but {WAITING_PATH.as_posix()} does not name it "
                                f"(as `{r.id}`)")
        for f in s.scenarios:
            for rid in f.rulings:
                if rid not in own:
                    problems.append(f"`{f.file}` names ruling `{rid}`, which {s.folder}/{RULINGS_FILE} does not define")
    return Collection(sets, problems)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("\\", "\\\\").replace("|", "\\|")


def _short(text: str, limit: int = SHORT) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:—-") + "…"


def _links(files: list[Scenario]) -> str:
    return "<br>".join(f"[{Path(f.file).name.removesuffix('.scenario.toml')}](../{f.file})"
                       + (" *(pending)*" if f.pending else "") for f in files)


def render(root: Path = ROOT) -> str:
    """The whole of ``docs/faq-other-sets.md`` for the tree at ``root``."""
    found = collect(Path(root))
    out: list[str] = []
    add = out.append
    add("# The other sets' FAQs: rulings and the scenarios that play them")
    add("")
    add("<!-- Generated by tools/faq_other_sets.py: do not edit by hand. -->")
    add("")
    add("The Avengers FAQ has its own page ([faq-coverage.md](faq-coverage.md)). This one covers every ruling "
        "readable in the public copies of the other sets' FAQs (their general sections: the stored pages keep "
        "only each page's opening) and in the rules columns and previews that speak for a set, as "
        "[research/other-sets-faq-rulings.md](research/other-sets-faq-rulings.md) quotes them. Each set has a "
        f"folder `{FAQ_DIR.as_posix()}/<SET>/`: its `{RULINGS_FILE}` quotes every ruling with its source and a "
        "status, and its scenarios name the rulings they play (`rulings = [...]`, `variation`). The real cards "
        "the rulings name are in `cards/<SET>.toml` (those vsoracle plays) and `cards/waiting/<SET>.toml` "
        "(those it cannot play yet, outside the card database). Run `python tools/faq_other_sets.py` after "
        "changing any of them; `tests/faq/test_other_sets.py` fails while this page is stale or a ruling "
        "lacks what its status promises.")
    add("")
    add("Statuses: **scenario** — a main scenario (the FAQ's own situation, or the nearest one the cards "
        "allow) and a variation (other cards, numbers or positions, chosen so that the plausible wrong "
        "reading fails) play it, and pass; **pending** — they play it and vsoracle answers otherwise than the "
        "FAQ: the scenarios hold the FAQ's answer, and those vsoracle gets wrong are listed in the folder's "
        "`PENDING` (strict xfail, marked *(pending)* below): each is a finding; **waiting** — vsoracle cannot "
        "play it yet "
        f"([{WAITING_PATH.name}](research/{WAITING_PATH.name}) says what is missing); **none** — the source "
        "states no outcome to play.")
    add("")
    add("## Totals")
    add("")
    add("| set | rulings | scenario | pending | waiting | none | main scenarios | variations |")
    add("|---|---:|---:|---:|---:|---:|---:|---:|")
    totals = [0] * 7
    for s in found.sets:
        row = [len(s.rulings), s.count("scenario"), s.count("pending"), s.count("waiting"), s.count("none"),
               sum(1 for f in s.scenarios if not f.variation), sum(1 for f in s.scenarios if f.variation)]
        totals = [a + b for a, b in zip(totals, row)]
        add(f"| [{s.code}](#{s.code.lower()}) {_cell(s.name)} | " + " | ".join(map(str, row)) + " |")
    add("| **all** | " + " | ".join(f"**{n}**" for n in totals) + " |")
    for s in found.sets:
        add("")
        add(f'<a id="{s.code.lower()}"></a>')
        add("")
        add(f"## {s.code} — {s.name}")
        add("")
        add(f"Rulings: [`{s.folder}/{RULINGS_FILE}`](../{s.folder}/{RULINGS_FILE}).")
        add("")
        add("| ruling | source | status | main scenarios | variations |")
        add("|---|---|---|---|---|")
        for r in s.rulings:
            status = r.status if not r.why else f"{r.status}: {_cell(_short(r.why))}"
            add(f"| `{r.id}` — “{_cell(_short(r.quote))}” | [{_cell(r.source)}]({r.url}) | {status} | "
                f"{_links(s.scenarios_of(r.id, False))} | {_links(s.scenarios_of(r.id, True))} |")
    add("")
    add("## Problems")
    add("")
    if found.problems:
        for p in found.problems:
            add(f"- {p}")
    else:
        add("None: every ruling has what its status promises, and every scenario names rulings of its set.")
    add("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build docs/faq-other-sets.md from tests/faq/<SET>/.")
    parser.add_argument("--check", action="store_true", help="exit 1 if the document is stale; write nothing")
    parser.add_argument("--root", type=Path, default=ROOT, help="project root (default: this checkout)")
    args = parser.parse_args(argv)
    doc = args.root / DOC_PATH
    text = render(args.root)
    current = doc.read_text(encoding="utf-8") if doc.is_file() else None
    if args.check:
        if current != text:
            print(f"{DOC_PATH.as_posix()} is stale: run `python tools/faq_other_sets.py`", file=sys.stderr)
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
