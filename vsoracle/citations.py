"""Citations: what the log's rule references mean, and where a judge can look them up.

Every rule the engine applies is logged with a citation made of these parts, joined by ``;``:

* ``CR 407``, ``CR 507.1c``, ``CR 301.4, 212.5e`` — a section or rule of the Comprehensive
  Rules (:data:`RULES` says which version's numbering and which source quotes it);
* ``FAQ GM 8``, ``FAQ SC 13``, ``FAQ SC 1, GM 9`` — an entry of the Avengers FAQ (``seeds/``):
  General Mechanics n, or the n-th entry of SPECIFIC CARDS (code cites entries by number, so no
  card's name appears in the rules; :func:`expand` writes the entry's title for people);
* ``keyword Boost`` — a keyword's rule where no CR number for it was retrieved;
* ``digest §2.4`` — a section of the rules digest (``docs/rules-digest.md``);
* ``[CYC]``, ``[S:FML]``, ``[S-CR:FMK]`` — the source that states it (:data:`SOURCES`), after a
  reference or alone; ``S:`` and ``S-CR:`` are the digest's provenance marks (stated by the
  source; a CR text the source quotes) and name the same source.

``scenario …``, ``answer`` and ``explored …`` parts are vsoracle's own doing (a scripted answer, an
answer a program or a player gave, a default), not rules. :func:`references` reads a citation into :class:`Reference` values, and refuses a part
it does not know — ``tests/test_citations.py`` reads every citation the engine can log that way.
The tables are data (``citations.toml`` beside this module); ``docs/sources.md`` is written
from them (``python -m vsoracle.citations > docs/sources.md``).
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

import attrs

from .resources import data_path

__all__ = ["RULES", "SOURCES", "KEYWORDS", "Reference", "CitationError", "expand", "references",
           "consulted", "specific_entries", "general_entries", "FaqEntry", "faq_entries", "find_entries",
           "card_entries", "sources_document"]


@attrs.frozen
class Source:
    """A source the rules digest drew on: its title, where it is, when, and what it says."""

    title: str
    url: str
    date: str
    says: str


@attrs.frozen
class Rule:
    """A CR section or rule vsoracle cites: its subject, and where the number comes from."""

    subject: str
    numbering: str


@attrs.frozen
class _Tables:
    sources: dict[str, Source]
    rules: dict[str, Rule]
    keywords: dict[str, tuple[str, ...]]


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    """``citations.toml`` beside this module (data shipped with vsoracle, not a user's file), read
    the first time a citation is read or shown — not on every start of the command line."""
    data = tomllib.loads((Path(__file__).resolve().parent / "citations.toml").read_text(encoding="utf-8"))
    return _Tables({k: Source(**v) for k, v in data["source"].items()},
                   {k: Rule(**v) for k, v in data["rule"].items()},
                   {k: tuple(v) for k, v in data["keyword"].items()})


def __getattr__(name: str) -> Any:
    """``SOURCES`` (the sources a citation may name, by the digest's keys: docs/rules-digest.md
    §18.1, §19's rulings under keys of their own), ``RULES`` (every CR number vsoracle cites, with
    where its number comes from: digest §1.2), ``KEYWORDS`` (keywords whose CR number was not
    retrieved, with the sources of their rule: digest §14)."""
    if name in ("SOURCES", "RULES", "KEYWORDS"):
        return getattr(_tables(), name.lower())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class CitationError(ValueError):
    """A citation part vsoracle does not know."""


@attrs.frozen
class Reference:
    """One thing a citation points at: ``CR 407``, ``FAQ GM 8``, ``keyword Boost``,
    ``digest §2.4``, or a source alone (``rule`` empty); ``sources`` are the tags after it."""

    rule: str
    sources: tuple[str, ...] = ()

    def __str__(self) -> str:
        tags = f"[{', '.join(self.sources)}]" if self.sources else ""
        return f"{self.rule} {tags}".strip()


_TAGS = re.compile(r"\s*\[([^\]]*)\]\s*$")
_CR = re.compile(r"(?:CR )?(\d{3}(?:\.\d+[a-z]?)?)$")
_FAQ = re.compile(r"(?:FAQ )?(GM|SC) (\d+)$")
_DIGEST = re.compile(r"(?:digest )?§(\d+(?:\.\d+)?)$")
_OWN = ("scenario", "explored", "answer")


def _tags(text: str) -> tuple[str, tuple[str, ...]]:
    m = _TAGS.search(text)
    if not m:
        return text.strip(), ()
    tags = []
    for raw in m.group(1).split(","):
        tag = raw.strip().removeprefix("S-CR:").removeprefix("S:")
        if tag not in _tables().sources:
            raise CitationError(f"unknown source [{raw.strip()}] — vsoracle docs sources lists the sources")
        tags.append(tag)
    return text[:m.start()].strip(), tuple(tags)


@lru_cache(maxsize=2048)
def references(cite: str) -> tuple[Reference, ...]:
    """The references of ``cite``, in order; vsoracle's own parts (``scenario …``) are left out.
    Raises :class:`CitationError` on a part that is not one of the module's forms."""
    out: list[Reference] = []
    for part in filter(None, (p.strip() for p in cite.split(";"))):
        if part.startswith(_OWN):
            continue
        body, tags = _tags(part)
        if not body:
            out.append(Reference("", tags))
            continue
        if body.startswith("keyword "):
            name = body.removeprefix("keyword ")
            known = _tables().keywords
            if name not in known:
                raise CitationError(f"unknown keyword citation {part!r} — known: {', '.join(sorted(known))}")
            out.append(Reference(body, tags))
            continue
        items = [i.strip() for i in body.split(",")]
        kind = body.split(" ", 1)[0]
        refs = []
        for item in items:
            if kind == "CR" and (m := _CR.match(item)):
                if m.group(1) not in _tables().rules:
                    raise CitationError(f"CR {m.group(1)} is not a rule vsoracle knows — add it to citations.toml "
                                        "with where its number comes from")
                refs.append(f"CR {m.group(1)}")
            elif kind == "FAQ" and (m := _FAQ.match(item)):
                refs.append(f"FAQ {m.group(1)} {m.group(2)}")
            elif kind == "digest" and (m := _DIGEST.match(item)):
                refs.append(f"digest §{m.group(1)}")
            else:
                raise CitationError(f"cannot read citation part {part!r} — write 'CR 407', 'FAQ GM 8', "
                                    "'keyword Boost', 'digest §2.4' or a source such as '[CYC]'")
        out.extend(Reference(r, tags) for r in refs)
    return tuple(out)


def consulted(cites: list[str]) -> list[Reference]:
    """The rules a list of citations consulted, each once, in order of first mention; a rule
    cited with different sources is listed once with all of them. A part that is not a rule
    (vsoracle's own, or free text such as a scenario's ``source``) is left out."""
    found: dict[str, list[str]] = {}
    for cite in cites:
        try:
            refs = references(cite)
        except CitationError:
            continue
        for r in refs:
            if r.rule:
                tags = found.setdefault(r.rule, [])
                tags += [t for t in r.sources if t not in tags]
            else:
                for t in r.sources:
                    found.setdefault(f"[{t}]", [])
    return [Reference("", (k[1:-1],)) if k.startswith("[") else Reference(k, tuple(v)) for k, v in found.items()]


def describe(ref: Reference) -> str:
    """``CR 407 (Attack Step) [CYC]``, ``FAQ`` and a SPECIFIC CARDS entry's title: a reference as a
    judge reads it."""
    tags = f" [{', '.join(ref.sources)}]" if ref.sources else ""
    if not ref.rule:
        return tags.strip()
    if ref.rule.startswith("CR "):
        rule = _tables().rules.get(ref.rule[3:])
        return f"{ref.rule} ({rule.subject}){tags}" if rule else ref.rule + tags
    if ref.rule.startswith("keyword "):
        own = _tables().keywords.get(ref.rule.removeprefix("keyword "), ())
        all_tags = list(own) + [t for t in ref.sources if t not in own]
        return ref.rule + (f" [{', '.join(all_tags)}]" if all_tags else "")
    return expand(ref.rule) + tags


# =============================================================================================
# The Avengers FAQ's entries


_SC = re.compile(r"\bSC (\d+)\b")
_TYPES = {"Character", "Plot Twist", "Equipment", "Location"}
_VERSIONS = {"Team-Up", "Construct"}


@lru_cache(maxsize=1)
def specific_entries() -> tuple[str, ...]:
    """The titles of the FAQ's SPECIFIC CARDS entries, in order (``SC 1`` is the first)."""
    folder = data_path("seeds")
    files = sorted(folder.glob("*.txt")) if folder.is_dir() else []
    if not files:
        return ()
    text = files[0].read_text(encoding="utf-8")
    part = text.split("SPECIFIC CARDS", 1)[-1].splitlines()
    titles = []
    for i, line in enumerate(part):
        if line.strip() in _TYPES and i > 0 and part[i - 1].strip():
            j = i - 1
            if part[j].strip() in _VERSIONS:
                j -= 1
            titles.append(part[j].strip())
    return tuple(titles)


_GM = re.compile(r"^(\d+)\. (.+)$")


@lru_cache(maxsize=1)
def general_entries() -> tuple[tuple[str, str], ...]:
    """The FAQ's GENERAL MECHANICS entries, in order (``GM 1`` is the first): (heading, text),
    the text's paragraphs separated by blank lines."""
    folder = data_path("seeds")
    files = sorted(folder.glob("*.txt")) if folder.is_dir() else []
    if not files:
        return ()
    text = files[0].read_text(encoding="utf-8")
    part = text.split("GENERAL MECHANICS", 1)[-1].split("SPECIFIC CARDS", 1)[0]
    entries: list[tuple[str, list[str]]] = []
    for line in part.splitlines():
        m = _GM.match(line.strip())
        if m and int(m.group(1)) == len(entries) + 1:  # the next entry's heading, not a numbered line in one
            entries.append((m.group(2).strip(), []))
        elif entries and line.strip():
            entries[-1][1].append(line.strip())
    return tuple((heading, "\n\n".join(body)) for heading, body in entries)


@attrs.frozen
class FaqEntry:
    """One entry of the Avengers FAQ: ``code`` as citations write it (``GM 8``, ``SC 12``), its
    title (the card's title, or the general entry's heading) and its text as the FAQ prints it."""

    code: str
    title: str
    text: str


@lru_cache(maxsize=1)
def specific_bodies() -> tuple[str, ...]:
    """The text of each SPECIFIC CARDS entry, in order (the card as printed, then the rulings)."""
    folder = data_path("seeds")
    files = sorted(folder.glob("*.txt")) if folder.is_dir() else []
    if not files:
        return ()
    part = files[0].read_text(encoding="utf-8").split("SPECIFIC CARDS", 1)[-1].splitlines()
    starts = []
    for i, line in enumerate(part):
        if line.strip() in _TYPES and i > 0 and part[i - 1].strip():
            j = i - 1
            if part[j].strip() in _VERSIONS:
                j -= 1
            starts.append(j)
    bodies = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(part)
        bodies.append("\n".join(line.rstrip() for line in part[start:end]).strip())
    return tuple(bodies)


@lru_cache(maxsize=1)
def faq_entries() -> tuple[FaqEntry, ...]:
    """Every entry of the Avengers FAQ: the general mechanics (``GM n``), then the cards (``SC n``)."""
    general = [FaqEntry(f"GM {i}", heading, f"{i}. {heading}\n\n{text}")
               for i, (heading, text) in enumerate(general_entries(), 1)]
    cards = [FaqEntry(f"SC {i}", title, body)
             for i, (title, body) in enumerate(zip(specific_entries(), specific_bodies()), 1)]
    return tuple(general + cards)


def _folded(text: str) -> str:
    """Text compared without case, quotes' shapes or the ◊ written as <>."""
    return (text.casefold().replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
            .replace("<>", "◊"))


def find_entries(words: str) -> list[FaqEntry]:
    """The entries ``words`` names: a code (``GM 8``, ``SC 12``, ``General Mechanics 8``), else
    the entries whose title holds the words (an exact title first), else those whose text does."""
    key = _folded(" ".join(words.split()))
    entries = faq_entries()
    code = re.fullmatch(r"(gm|sc|general mechanics)\s*(\d+)", key)
    if code:
        kind = "SC" if code.group(1) == "sc" else "GM"
        return [e for e in entries if e.code == f"{kind} {int(code.group(2))}"]
    exact = [e for e in entries if _folded(e.title) == key]
    if exact:
        return exact
    titled = [e for e in entries if key in _folded(e.title)]
    return titled or [e for e in entries if key in _folded(e.text)]


def card_entries(title: str, name: str) -> list[tuple[FaqEntry, bool]]:
    """The FAQ entries that name a card: the entry about it (its title, ``True``) first, then those
    whose text names its title or its name (``False``)."""
    whole, short = _folded(title), _folded(name)
    about = [(e, True) for e in faq_entries() if _folded(e.title) == whole]
    said = re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in {whole, short} if w) + r")(?!\w)")
    named = [(e, False) for e in faq_entries()
             if _folded(e.title) != whole and said.search(_folded(e.text)) is not None] if whole or short else []
    return about + named


def expand(cite: str) -> str:
    """``"FAQ SC 1"`` → ``"FAQ "`` + the title of the first SPECIFIC CARDS entry (unknown numbers
    are left as they are)."""
    if "SC " not in cite:
        return cite
    titles = specific_entries()

    def title(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return titles[n - 1] if 0 < n <= len(titles) else match.group(0)

    return _SC.sub(title, cite)


# =============================================================================================
# docs/sources.md


def sources_document() -> str:
    """The text of ``docs/sources.md``, from :data:`RULES`, :data:`KEYWORDS` and :data:`SOURCES`."""
    lines = [
        "# Sources: what the log's citations mean",
        "",
        "<!-- Written by `python -m vsoracle.citations > docs/sources.md` from vsoracle/citations.py;",
        "     tests/test_citations.py checks it is up to date. -->",
        "",
        "Every rule vsoracle applies is logged with a citation. A citation is one or more of these,",
        "joined by `;`:",
        "",
        "| Form | Means | Where to look |",
        "|---|---|---|",
        "| `CR 407`, `CR 507.1c` | a section or rule of the Comprehensive Rules | the table below says "
        "which version's numbering and which source quotes it |",
        "| `FAQ GM 8` | General Mechanics entry 8 of the Avengers FAQ | `seeds/003_2469ae3b117db52d.txt` |",
        "| `FAQ SC 13` | the 13th SPECIFIC CARDS entry of the Avengers FAQ (the log writes its title) | "
        "`seeds/003_2469ae3b117db52d.txt` |",
        "| `keyword Boost` | a keyword's rule, where its CR number was not retrieved | the keyword table below |",
        "| `digest §2.4` | a section of the rules digest | [rules-digest.md](rules-digest.md) |",
        "| `[CYC]` | the source that states it (`[S:CYC]`, `[S-CR:CYC]`: the same source, as the digest "
        "marks it: stated by it; a CR text it quotes) | the source table below |",
        "| `[I]`, `[K]` (in the digest and in rules-assumptions.md) | the digest's certainty marks: inferred "
        "from sources; general knowledge, unconfirmed for Vs. System — not sources | "
        "[rules-digest.md](rules-digest.md), *How far to trust this digest* |",
        "| `A-REINFORCE` (in the log's *assumption* field) | a reading vsoracle chose where the sources are "
        "unsure | [rules-assumptions.md](rules-assumptions.md) |",
        "",
        "`explain` lists each rule a ruling consulted once, with every source cited for it.",
        "Parts that begin `scenario`, `answer` or `explored` are vsoracle's own doing (a scenario's",
        "scripted answer, an answer a program or a player gave, a default it took, the exploration of a",
        "decision), not rules.",
        "",
        "The Comprehensive Rules' text was mostly not retrievable (digest §18.2): where a number is",
        "cited, its section title comes from the v2.7 table of contents, and its substance from the",
        "sources tagged beside it. The numbers of the zones (the 200s), of modifiers (past 510) and",
        "of keywords (the 700s) moved between versions (digest §1.2); those below are the older",
        "numbers the sources quote.",
        "",
        "## Comprehensive Rules numbers vsoracle cites",
        "",
        "| Citation | Subject | Numbering |",
        "|---|---|---|",
    ]
    for number, rule in _tables().rules.items():
        lines.append(f"| CR {number} | {rule.subject} | {rule.numbering} |")
    lines += ["", "## Keywords without a retrieved CR number", "", "| Citation | Sources of its rule |", "|---|---|"]
    for name, tags in _tables().keywords.items():
        said = ", ".join(f"[{t}]" for t in tags) or "none retrieved: see its assumption in rules-assumptions.md"
        lines.append(f"| keyword {name} | {said} |")
    lines += ["", "## Sources", "", "Keys as in the rules digest (§18.1; §19's rulings under keys of their own).",
              "Dates are the source's own where known; a FAQ reposted later gives the set's year.", "",
              "| Key | Source | Where | Date | What vsoracle takes from it |", "|---|---|---|---|---|"]
    for key, s in _tables().sources.items():
        lines.append(f"| [{key}] | {s.title} | {s.url} | {s.date} | {s.says} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(sources_document(), end="")
