"""The ruling page: one self-contained HTML file that answers a scenario at a glance
(``vsoracle resolve FILE --html OUT.html``).

The question, the ruling in one sentence (the one ``resolve`` and ``explain`` print), the checks,
then one section per outcome — the choices that led there, each step's log with every citation
linked to the page's *Sources*, and the board (SVG) after each step of that line of play — and the
sources themselves, from ``citations.toml``. Inline CSS (light and dark), a few lines of inline
JavaScript that turn the outcome sections into tabs (without it, every section shows), nothing
fetched from anywhere. Every text that comes from a file is escaped; nothing volatile (dates,
absolute paths) is written, so the same scenario gives the same page.
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..citations import CitationError, Reference, expand, references
from .boardmodel import board_model
from .output import Stages
from .output import shown_path as _shown
from .report import figures, plural, ruling
from .svg import board_svg

if TYPE_CHECKING:
    from ..engine.log import Event
    from ..engine.state import GameState
    from ..scenario.load import Step
    from ..scenario.run import CheckResult, Outcome, RunResult

__all__ = ["ruling_page"]

#: At most this many differing figures are columns of the outcome table.
TABLE_FIGURES = 6

def ruling_page(result: RunResult, stages: Stages, *, shown_path: str | None = None) -> str:
    """The whole page as text; ``shown_path`` is the file as the footer names it."""
    return _Page(result, stages, shown_path if shown_path is not None else _shown(result.scenario.path)).html()


def _e(text: Any) -> str:
    return escape(str(text), quote=True)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-") or "x"


def _ancestor(stages: Stages, k: int, out: Outcome) -> int | None:
    """The index in ``stages[k]`` of the outcome that ``out``'s line of play went through after step
    k: the one whose choices are ``out``'s up to step k (merging keeps the first line of play's
    choices, and later outcomes extend them, so the match is exact)."""
    if k >= len(stages):
        return None
    prefix = tuple(c for c in out.choices if c[0] <= k)
    return next((i for i, o in enumerate(stages[k]) if o.choices == prefix), None)


class _Sources:
    """The references the page's log links to, in order of first mention, with their sources."""

    def __init__(self) -> None:
        self.rules: dict[str, list[str]] = {}
        self.tags: list[str] = []
        self.assumptions: list[str] = []

    def add(self, ref: Reference) -> None:
        if ref.rule:
            tags = self.rules.setdefault(ref.rule, [])
            tags += [t for t in ref.sources if t not in tags]
        for t in ref.sources:
            if t not in self.tags:
                self.tags.append(t)

    def cite_html(self, cite: str, assumption: str | None) -> str:
        """A citation as links to the page's sources (vsoracle's own parts as plain text)."""
        pieces = []
        for part in filter(None, (p.strip() for p in cite.split(";"))):
            try:
                refs = () if part.startswith(("scenario", "explored")) else references(part)
            except CitationError:
                refs = ()
            if not refs:
                pieces.append(f'<span class="own">{_e(expand(part))}</span>')
                continue
            links = []
            for r in refs:
                self.add(r)
                tags = " ".join(f'<a href="#src-{_slug(t)}">[{_e(t)}]</a>' for t in r.sources)
                rule = f'<a href="#ref-{_slug(r.rule)}">{_e(expand(r.rule))}</a>' if r.rule else ""
                links.append(" ".join(filter(None, (rule, tags))))
            pieces.append(", ".join(links))
        if assumption:
            if assumption not in self.assumptions:
                self.assumptions.append(assumption)
            pieces.append(f'<a href="#assumption-{_slug(assumption)}">assumption {_e(assumption)}</a>')
        return "; ".join(pieces)

    def html(self) -> str:
        from ..citations import KEYWORDS, RULES, SOURCES

        out = ['<section id="sources" class="card"><h2>Sources</h2>',
               '<p class="muted">What each citation in the log means, and where a judge can look it up '
               '(from vsoracle’s citation tables; docs/sources.md lists them all).</p>']
        if not (self.rules or self.tags or self.assumptions):
            out.append('<p>No rule was cited.</p>')
        if self.rules:
            out.append('<h3>Rules</h3><dl class="refs">')
            for rule, tags in self.rules.items():
                said = _rule_said(rule, RULES, self.tags)
                own = list(KEYWORDS.get(rule.removeprefix("keyword "), ())) if rule.startswith("keyword ") else []
                every = own + [t for t in tags if t not in own]
                for t in own:
                    if t not in self.tags:
                        self.tags.append(t)
                stated = (" Stated by " + ", ".join(f'<a href="#src-{_slug(t)}">[{_e(t)}]</a>' for t in every) + "."
                          if every else "")
                out.append(f'<dt id="ref-{_slug(rule)}">{_e(expand(rule))}</dt><dd>{said}{stated}</dd>')
            out.append("</dl>")
        if self.tags:
            out.append('<h3>Where the rules are stated</h3><dl class="refs">')
            for t in self.tags:
                s = SOURCES.get(t)
                if s is None:
                    out.append(f'<dt id="src-{_slug(t)}">[{_e(t)}]</dt><dd>not in the citation tables</dd>')
                    continue
                url = s.url.strip()
                where = (f'<a href="{_e(url)}" rel="noreferrer">{_e(url)}</a>' if re.fullmatch(r"https?://\S+", url)
                         else _e(url))
                out.append(f'<dt id="src-{_slug(t)}">[{_e(t)}] {_e(s.title)}</dt>'
                           f'<dd>{_e(s.says)}. <span class="muted">{_e(s.date)} · {where}</span></dd>')
            out.append("</dl>")
        if self.assumptions:
            out.append('<h3>Assumptions</h3><dl class="refs">')
            for a in self.assumptions:
                out.append(f'<dt id="assumption-{_slug(a)}">assumption {_e(a)}</dt><dd>A reading vsoracle chose '
                           'where the sources are unsure; docs/rules-assumptions.md gives it and its reasons.</dd>')
            out.append("</dl>")
        out.append("</section>")
        return "\n".join(out)


def _tag_links(text: str, tags: list[str]) -> str:
    """``text`` escaped, each ``[KEY]`` of a known source in it a link to that source (added to ``tags``)."""
    from ..citations import SOURCES

    def link(m: re.Match[str]) -> str:
        key = m.group(1)
        if key not in SOURCES:
            return m.group(0)
        if key not in tags:
            tags.append(key)
        return f'<a href="#src-{_slug(key)}">[{key}]</a>'

    return re.sub(r"\[([A-Za-z0-9]+)\]", link, _e(text))


def _rule_said(rule: str, rules: dict[str, Any], tags: list[str]) -> str:
    """What a reference is, for the Sources section (sources it names are added to ``tags``)."""
    if rule.startswith("CR "):
        r = rules.get(rule[3:])
        if r is None:
            return "A rule of the Comprehensive Rules."
        return (f"Comprehensive Rules: {_e(r.subject)}. <span class=\"muted\">Numbering: "
                f"{_tag_links(r.numbering, tags)}.</span>")
    if rule.startswith("FAQ GM "):
        from ..citations import general_entries

        n = rule.removeprefix("FAQ GM ")
        entries = general_entries()
        said = f"The Avengers FAQ, General Mechanics entry {_e(n)}"
        if not (n.isdigit() and 0 < int(n) <= len(entries)):
            return said + "."
        heading, text = entries[int(n) - 1]
        quoted = "".join(f"<p>{_e(para)}</p>" for para in text.split("\n\n"))
        return (f"{said}: {_e(heading)} <details><summary>The entry</summary><blockquote>{quoted}</blockquote>"
                "</details>")
    if rule.startswith("FAQ SC "):
        from ..citations import faq_entries

        n = rule.removeprefix("FAQ SC ")
        said = f"The Avengers FAQ, SPECIFIC CARDS entry {_e(n)}: {_e(expand(rule).removeprefix('FAQ '))}"
        entry = next((e for e in faq_entries() if e.code == f"SC {n}"), None)
        if entry is None:
            return said + "."
        quoted = "".join(f"<p>{_e(para)}</p>" for para in entry.text.split("\n\n"))
        return (f"{said} <details><summary>The entry</summary><blockquote>{quoted}</blockquote></details>"
                f"<span class=\"muted\"> (vsoracle docs faq \"SC {_e(n)}\" prints it)</span>")
    if rule.startswith("keyword "):
        return "A keyword’s rule, where no Comprehensive Rules number for it was retrieved."
    if rule.startswith("digest "):
        return f"Section {_e(rule.removeprefix('digest §'))} of vsoracle’s rules digest (docs/rules-digest.md)."
    return _e(rule)


class _Page:
    """The page of one answer, built section by section; it collects the sources its logs cite."""

    def __init__(self, result: RunResult, stages: Stages, shown_path: str) -> None:
        self.result = result
        self.sc = result.scenario
        self.stages = stages
        self.shown_path = shown_path
        self.sources = _Sources()
        self.svgs: dict[tuple[int, str], str] = {}
        self.kinds = self._check_kinds()

    # -- the whole page -----------------------------------------------------------------------------

    def html(self) -> str:
        sc, r = self.sc, self.result
        outcomes = r.outcomes
        body = [self.header(), self.checks()]
        body.append(self.outcomes_html())
        body.append(self.sources.html())  # after the logs: it lists what they cited
        body.append(f'<footer><p>Made by vsoracle {_e(__version__)} from <code>{_e(self.shown_path)}</code>. '
                    'The page is self-contained: it needs no network.</p></footer>')
        return _TEMPLATE.format(title=_e(sc.title), css=_CSS, script=_SCRIPT if len(outcomes) > 1 else "",
                                body="\n".join(body))

    def header(self) -> str:
        sc, r = self.sc, self.result
        checks = r.checks
        held = sum(1 for c in checks if c.ok)
        verdict, cls = (("No checks", "none") if not checks else ("Yes", "pass") if r.passed else ("No", "fail"))
        facts = [plural(len(r.outcomes), "outcome"), f"{held} of {plural(len(checks), 'check')} "
                 f"hold{'s' if len(checks) == 1 else ''}"]
        out = ['<header>', '<p class="kicker">The question</p>', f'<h1 id="question">{_e(sc.title)}</h1>']
        if sc.source:
            out.append(f'<p class="muted">Asked in: {_e(sc.source)}</p>')
        extra = ([f"FAQ entry {_e(sc.faq)}"] if sc.faq else []) + ([f"rulings {_e(', '.join(sc.rulings))}"]
                                                                  if sc.rulings else [])
        if extra:
            out.append(f'<p class="muted">{" · ".join(extra)}</p>')
        out.append(f'<div class="ruling {cls}" id="ruling"><span class="verdict">{verdict}</span>'
                   f'<p><span class="label">Ruling</span> <span class="sentence">{_e(ruling(r))}</span></p></div>')
        out.append(f'<p class="facts">{" · ".join(_e(f) for f in facts)}'
                   + (" · <strong>the scenario fails</strong>" if checks and not r.passed else "") + "</p>")
        if r.assumptions:
            out.append('<p class="muted">This answer rests on assumptions: ' + ", ".join(
                f'<a href="#assumption-{_slug(a)}">{_e(a)}</a>' for a in r.assumptions) + ".</p>")
            for a in r.assumptions:
                if a not in self.sources.assumptions:
                    self.sources.assumptions.append(a)
        out.append('<nav><a href="#checks">Checks</a><a href="#outcomes">Outcomes</a><a href="#sources">Sources</a></nav>')
        out.append("</header>")
        return "\n".join(out)

    # -- the checks ---------------------------------------------------------------------------------

    def _check_kinds(self) -> list[tuple[str, int | None]] | None:
        """Each check result's kind, in the order the run makes them: ``legality`` (a rejected or
        allowed step), ``step`` (a check after step k) or ``end``; None if they do not line up."""
        kinds: list[tuple[str, int | None]] = []
        for step in self.sc.steps:
            if step.rejected or step.allowed:
                kinds.append(("legality", step.index))
            kinds += [("step", step.index)] * len(step.checks)
        kinds += [("end", None)] * len(self.sc.checks)
        return kinds if len(kinds) == len(self.result.checks) else None

    def checks(self) -> str:
        r = self.result
        out = ['<section id="checks" class="card"><h2>Checks</h2>']
        if not r.checks:
            out.append("<p>The scenario asks no checks.</p></section>")
            return "\n".join(out)
        out.append('<ul class="checks">')
        for c in r.checks:
            when = f"after step {c.step}" if c.step else "at the end"
            if c.line:
                when += f" · line {c.line}"
            if not c.every:
                when += " · in some outcome"
            found = ""
            if not c.ok:
                found = " · found " + _e(", ".join(sorted({_plain(v) for v in c.found})))
                if c.failing and len(r.outcomes) > 1 and c.step is None:
                    found += " in " + ", ".join(f'<a href="#outcome-{n}">outcome {n}</a>' for n, _v, _c in c.failing)
            out.append(f'<li class="{"ok" if c.ok else "bad"}">{_mark(c.ok)}<div><code>{_e(c.description)}</code>'
                       f'<span class="when">{_e(when)}{found}</span></div></li>')
        out.append("</ul>")
        held = sum(1 for c in r.checks if c.ok)
        out.append(f'<p class="tally">{held} of {plural(len(r.checks), "check")} hold'
                   f'{"s" if len(r.checks) == 1 else ""}.' + ("" if r.passed else " The scenario FAILS.") + "</p>")
        out.append("</section>")
        return "\n".join(out)

    def outcome_checks(self, i: int, out: Outcome) -> str:
        """The checks as read off outcome ``i`` (from 1) and the line of play that led to it."""
        r = self.result
        if not r.checks:
            return ""
        rows = []
        for k, c in enumerate(r.checks):
            kind, step = self.kinds[k] if self.kinds else ("end" if c.step is None else "step", c.step)
            mark, found = self._read(kind, step, c, i, out)
            scope = "" if c.every else " (in some outcome)"
            rows.append(f'<li class="{mark}"><span class="mark">{_MARKS[mark]}</span> {_e(c.description + scope)}'
                        f'<span class="muted"> — {_e(found)}</span></li>')
        return '<h3>Checks on this line of play</h3><ul class="outcome-checks">' + "".join(rows) + "</ul>"

    def _read(self, kind: str, step: int | None, c: CheckResult, i: int, out: Outcome) -> tuple[str, str]:
        """Whether ``c`` holds on outcome ``i``'s line of play: (``ok``/``bad``/``no``/``na``, what was found)."""
        if kind == "legality":
            return ("ok" if c.ok else "bad"), ("as expected" if c.ok else ", ".join(map(_plain, c.found)))
        at: int | None
        if kind == "end" or step is None:
            stage, at = self.result.outcomes, i - 1
        else:
            stage, at = self.stages[step], _ancestor(self.stages, step, out)
        if at is None:
            return "na", "not traced"
        if stage[at].stopped is not None:
            return "na", "not read: this line of play stopped"
        numbered = [n for n, o in enumerate(stage) if o.stopped is None]
        value = c.found[numbered.index(at)] if len(c.found) == len(numbered) else None
        bad = any(n == at + 1 for n, _v, _c in c.failing) if c.failing else not c.ok
        where = "" if kind == "end" else f"after step {step}: "
        found = where + ("found " + _plain(value) if value is not None else "")
        if not bad:
            return "ok", found or "holds"
        return ("no" if not c.every else "bad"), found

    # -- the outcomes -------------------------------------------------------------------------------

    def outcomes_html(self) -> str:
        outcomes = self.result.outcomes
        n = len(outcomes)
        out = ['<section id="outcomes" class="card">',
               f'<h2>{"The outcome" if n == 1 else f"{n} outcomes"}</h2>']
        if n > 1:
            out.append('<p class="muted">Every decision the scenario does not script was followed for each '
                       'answer; identical positions are one outcome. Each tab is one outcome, with the choices '
                       'that lead there.</p>')
            out.append(self.table())
        out.append('<div class="outcomes" data-tabs>')
        for i, o in enumerate(outcomes, start=1):
            out.append(self.outcome(i, o, n))
        out.append("</div></section>")
        return "\n".join(out)

    def table(self) -> str:
        """One row per outcome: the answers to its decisions (a column per decision when every outcome
        answers the same ones), then the figures that differ between outcomes."""
        from ..scenario.run import chosen

        outcomes = self.result.outcomes
        rows = [figures(o.state) for o in outcomes]
        labels: dict[str, None] = {}
        for row in rows:
            labels.update(dict.fromkeys(row))
        differ = [k for k in labels if len({row.get(k, "—") for row in rows}) > 1][:TABLE_FIGURES]
        picks = [[(s, *text.rpartition(": ")) for s, text in chosen(o)] for o in outcomes]
        asked = {tuple((s, head) for s, head, _sep, _answer in p) for p in picks}
        by_decision = len(asked) == 1 and all(sep for p in picks for _s, _h, sep, _a in p)
        if by_decision:
            head = "".join(f'<th scope="col">{_e(h)} <span class="muted">(step {s})</span></th>'
                           for s, h in next(iter(asked)))
        else:
            head = '<th scope="col">choices</th>'
        head += "".join(f'<th scope="col">{_e(k)}</th>' for k in differ)
        body = []
        for i, (o, row, p) in enumerate(zip(outcomes, rows, picks), start=1):
            if by_decision:
                said = "".join(f"<td><strong>{_e(answer)}</strong></td>" for _s, _h, _sep, answer in p)
            else:
                said = f'<td class="said">{_e(_choices_text(o) or "no choices")}</td>'
            cells = "".join(f"<td>{_e(row.get(k, '—'))}</td>" for k in differ)
            body.append(f'<tr><th scope="row"><a href="#outcome-{i}">{i}</a></th>{said}{cells}</tr>')
        return ('<div class="scroll"><table class="table"><thead><tr><th scope="col">#</th>' + head
                + "</tr></thead><tbody>" + "".join(body) + "</tbody></table></div>")

    def outcome(self, i: int, o: Outcome, n: int) -> str:
        from ..scenario.run import chosen

        name = "The outcome" if n == 1 else f"Outcome {i} of {n}"
        out = [f'<section class="outcome" id="outcome-{i}" data-tab="Outcome {i}" aria-label="{_e(name)}">']
        if n > 1:
            out.append(f"<h3 class=\"outcome-name\">{_e(name)}</h3>")
        picks = chosen(o)
        if picks:
            out.append('<h3>Choices that lead here</h3><ol class="choices">' + "".join(
                f'<li><span class="step-no">step {s}</span> {_choice_html(text)}</li>' for s, text in picks) + "</ol>")
        elif n > 1:
            out.append('<p class="muted">No choices lead here: it is the line of play as scripted.</p>')
        if o.paths > 1:
            out.append(f'<p class="muted">{o.paths} lines of play end in this same position; the choices shown are '
                       "the first one's.</p>")
        if o.stopped:
            out.append(f'<p class="stopped">Stopped: {_e(o.stopped)}.</p>')
        if n > 1:  # one outcome: the checks above are read off it
            out.append(self.outcome_checks(i, o))
        out.append('<h3>Step by step</h3><ol class="steps">')
        out.append(self.step(0, None, o, i))
        for step in self.sc.steps:
            out.append(self.step(step.index, step, o, i))
        out.append("</ol></section>")
        return "\n".join(out)

    def step(self, k: int, step: Step | None, o: Outcome, i: int) -> str:
        heading = "Start" if step is None else f"Step {k}"
        said = "" if step is None else f' <code>{_e(step.describe())}</code>'
        flags = ""
        if step is not None and step.rejected:
            flags = ' <span class="tag">expected to be rejected</span>'
        elif step is not None and step.allowed:
            flags = ' <span class="tag">expected to be allowed</span>'
        out = [f'<li class="step" id="outcome-{i}-step-{k}"><h4>{heading}{said}{flags}</h4><div class="step-body">']
        if step is not None:
            if k >= len(o.chunks):
                out.append('<p class="muted">Not played: this line of play stopped earlier.</p></div></li>')
                return "\n".join(out)
            events = o.chunks[k]
            out.append('<div class="step-text">')
            if events:
                out.append('<ol class="log">' + "".join(self.event(e) for e in events) + "</ol>")
            elif step.verb is None:
                out.append('<p class="muted">No action: checks are read here.</p>')
            else:
                out.append('<p class="muted">Nothing happened.</p>')
            out.append(self.step_checks(k, i, o))
            out.append("</div>")
        at = _ancestor(self.stages, k, o)
        if at is not None:
            state = self.stages[k][at].state
            label = ("The board at the start" if step is None else f"The board after step {k}")
            out.append(f'<figure>{self.svg(state, label)}<figcaption>{_e(label)}</figcaption></figure>')
        out.append("</div></li>")
        return "\n".join(out)

    def step_checks(self, k: int, i: int, o: Outcome) -> str:
        """The checks read after step ``k`` (and whether the step was refused as expected), as read
        on outcome ``i``'s line of play."""
        if not self.kinds:
            return ""
        rows = []
        for n, (c, (kind, step)) in enumerate(zip(self.result.checks, self.kinds)):
            if step != k or kind == "end":
                continue
            mark, found = self._read(kind, step, c, i, o)
            scope = "" if c.every else " (in some outcome)"
            rows.append(f'<li class="{mark}"><span class="mark">{_MARKS[mark]}</span> <code>{_e(c.description + scope)}'
                        f'</code><span class="muted"> — {_e(found.removeprefix(f"after step {k}: "))}</span></li>')
        return ('<ul class="step-checks" aria-label="checks after this step">' + "".join(rows) + "</ul>") if rows else ""

    def event(self, e: Event) -> str:
        cite = self.sources.cite_html(e.cite, e.assumption) if (e.cite or e.assumption) else ""
        cls = "ev ev-" + _slug(e.kind)
        if e.kind in ("rejected", "refused", "allowed"):
            cls += " ev-legality"
        figures = ""
        if e.figures:  # the values the line decided on, as data (the sentence states them)
            import json

            figures = f' data-figures="{_e(json.dumps(dict(e.figures), ensure_ascii=False))}"'
        return (f'<li class="{cls}"{figures}><span class="ev-text">{_e(e.text)}</span>'
                + (f' <span class="cite">[{cite}]</span>' if cite else "") + "</li>")

    def svg(self, state: GameState, label: str) -> str:
        key = (id(state), label)  # lines of play share positions until they branch: draw each once
        if key not in self.svgs:
            self.svgs[key] = board_svg(board_model(state), label)
        return self.svgs[key]


_MARKS = {"ok": "✓", "bad": "✗", "no": "–", "na": "·"}


def _mark(ok: bool) -> str:
    return f'<span class="mark" title="{"holds" if ok else "fails"}">{"✓" if ok else "✗"}</span>'


def _plain(value: Any) -> str:
    import json

    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def _choices_text(o: Outcome) -> str:
    from ..scenario.run import chosen

    parts, last = [], None
    for s, text in chosen(o):
        parts.append((f"step {s}: " if s != last else "") + text)
        last = s
    return "; ".join(parts)


def _choice_html(text: str) -> str:
    """``A may draw a card: yes`` with the answer in bold (the decision is what precedes the last colon)."""
    head, sep, answer = text.rpartition(": ")
    if not sep:
        return _e(text)
    return f'{_e(head)}: <strong>{_e(answer)}</strong>'


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="vsoracle">
<title>{title} — vsoracle ruling</title>
<style>{css}</style>
</head>
<body>
<main>
{body}
</main>
{script}
</body>
</html>
"""

_CSS = """
:root{--bg:#f6f7f9;--fg:#1c2330;--muted:#5b6576;--card:#fff;--line:#d9dee6;--accent:#2f5fd0;
--good:#137a3b;--good-bg:#e5f5ea;--bad:#b3261e;--bad-bg:#fbe9e7;--warn:#8a5a00;
--b-side:#eef2f8;--b-card:#fff;--b-ex:#e9ecf1;--b-stun:#3a4252;--b-slot:transparent;--b-res-up:#fff8e1;
--b-res-down:#4a5568;--b-link:#fff;--b-top:#fff4d6;--b-chain:#f0f3f8}
@media (prefers-color-scheme:dark){:root{--bg:#12161d;--fg:#e6e9ef;--muted:#9aa4b5;--card:#1b212b;--line:#2e3745;
--accent:#8fb0ff;--good:#6fd394;--good-bg:#17321f;--bad:#ff8a80;--bad-bg:#3a1c1a;--warn:#f0c36a;
--b-side:#202835;--b-card:#2a3342;--b-ex:#232a36;--b-stun:#0d1016;--b-res-up:#3b3520;--b-res-down:#0f131a;
--b-link:#2a3342;--b-top:#3d3520;--b-chain:#1d2430}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,
"Helvetica Neue",Arial,sans-serif;overflow-wrap:anywhere}
main{max-width:1040px;margin:0 auto;padding:16px 14px 40px}
h1{font-size:1.55rem;line-height:1.25;margin:.1rem 0 .4rem}
h2{font-size:1.2rem;margin:0 0 .6rem}
h3{font-size:1rem;margin:1rem 0 .4rem}
h4{font-size:.95rem;margin:0 0 .4rem}
a{color:var(--accent)}
code{font:.88em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--b-chain);padding:.05em .3em;
border-radius:4px}
.kicker{text-transform:uppercase;letter-spacing:.08em;font-size:.75rem;color:var(--muted);margin:0}
.muted{color:var(--muted)}
.card{background:var(--card);border:1px solid var(--line);border-radius:14px;padding:16px;margin:16px 0}
.ruling{display:flex;gap:14px;align-items:flex-start;border-radius:14px;padding:14px 16px;margin:14px 0 8px;
border:2px solid var(--line);background:var(--card)}
.ruling p{margin:0;font-size:1.08rem}
.ruling .label{display:block;font-size:.75rem;text-transform:uppercase;letter-spacing:.08em;color:var(--muted)}
.ruling .verdict{flex:none;font-weight:800;font-size:1.15rem;border-radius:10px;padding:.35rem .7rem}
.ruling.pass{border-color:var(--good);background:var(--good-bg)}.ruling.pass .verdict{background:var(--good);color:var(--card)}
.ruling.fail{border-color:var(--bad);background:var(--bad-bg)}.ruling.fail .verdict{background:var(--bad);color:var(--card)}
.ruling.none .verdict{background:var(--line)}
.facts{margin:.3rem 0;color:var(--muted)}
nav{display:flex;gap:8px;flex-wrap:wrap;margin:10px 0 0}
nav a{padding:.3rem .7rem;border:1px solid var(--line);border-radius:999px;background:var(--card);text-decoration:none}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%}
table{border-collapse:collapse;width:100%;font-size:.92rem}
th,td{text-align:left;vertical-align:top;padding:.4rem .5rem;border-bottom:1px solid var(--line)}
thead th{font-size:.8rem;color:var(--muted);font-weight:600;white-space:nowrap}
table.table td,table.table th{white-space:nowrap}table.table td.said{white-space:normal;min-width:16rem}
table.table thead th{white-space:normal;overflow-wrap:normal;min-width:5.5rem;vertical-align:bottom}
li.ok .mark{color:var(--good)}li.bad .mark{color:var(--bad)}
.tally{font-weight:600;margin:.6rem 0 0}
ul.checks{list-style:none;padding:0;margin:0}
ul.checks li{display:flex;gap:10px;align-items:baseline;padding:.45rem .2rem;border-bottom:1px solid var(--line)}
ul.checks li.bad{background:var(--bad-bg);border-radius:6px}
ul.checks code{background:none;padding:0;font-size:.9rem;overflow-wrap:anywhere}
ul.checks .when{display:block;font-size:.8rem;color:var(--muted)}
.mark{flex:none;font-weight:800}.ok>.mark{color:var(--good)}.bad>.mark{color:var(--bad)}
ul.outcome-checks,ul.step-checks{list-style:none;padding:0;margin:0}
ul.step-checks{margin-top:.5rem;font-size:.9rem}ul.step-checks code{background:none;padding:0}
ul.outcome-checks li{padding:.2rem 0}
ol.choices{margin:0;padding-left:1.4rem}
.step-no{display:inline-block;font-size:.75rem;color:var(--muted);min-width:3.2rem}
.stopped{color:var(--warn);font-weight:600}
ol.steps{list-style:none;padding:0;margin:0}
li.step{border-top:1px solid var(--line);padding:12px 0}
.step-body{display:grid;grid-template-columns:minmax(0,1fr);gap:12px}
@media (min-width:900px){.step-body{grid-template-columns:minmax(0,1fr) minmax(0,440px)}
.step-body>figure:only-child{grid-column:1/-1;max-width:520px}}
ol.log{margin:0;padding-left:1.6rem;font-size:.93rem}
ol.log li{margin:.15rem 0}
.cite{color:var(--muted);font-size:.85em}
.cite a{text-decoration:none;border-bottom:1px dotted}
li.ev-legality{font-weight:600}
.tag{font-size:.72rem;font-weight:600;border:1px solid var(--line);border-radius:999px;padding:.05rem .45rem;
color:var(--warn);vertical-align:middle}
figure{margin:0}
figcaption{font-size:.8rem;color:var(--muted);text-align:center}
svg.board{display:block;width:100%;height:auto;max-width:480px;margin:0 auto}
.tabbar{display:flex;flex-wrap:wrap;gap:6px;padding:2px 0 10px;margin:16px 0 4px;border-bottom:1px solid var(--line)}
.tabbar button{flex:none;font:inherit;font-size:.9rem;padding:.35rem .75rem;border-radius:999px;cursor:pointer;
border:1px solid var(--line);background:var(--bg);color:var(--fg)}
.tabbar button[aria-selected=true]{background:var(--accent);color:var(--card);border-color:var(--accent)}
section.outcome{padding-top:6px}
.js section.outcome+section.outcome{border-top:0}
section.outcome+section.outcome{border-top:2px solid var(--line);margin-top:16px;padding-top:16px}
dl.refs{margin:0}dl.refs dt{font-weight:700;margin-top:.6rem}dl.refs dd{margin:0 0 0 1rem}
details summary{cursor:pointer;color:var(--accent);font-size:.9rem}
blockquote{margin:.4rem 0;padding:.1rem .9rem;border-left:3px solid var(--line);font-size:.92rem;color:var(--fg)}
:target{scroll-margin-top:12px}dl.refs dt:target{background:var(--b-top);border-radius:4px}
footer{color:var(--muted);font-size:.85rem;text-align:center}
@media (max-width:520px){main{padding:10px 8px 32px}.card{padding:12px 10px;border-radius:12px}
h1{font-size:1.35rem}.ruling{padding:12px;gap:10px}ol.log{padding-left:1.3rem}}
@media print{.tabbar{display:none}section.outcome[hidden]{display:block}}
.b-t{fill:var(--fg)}.b-muted{fill:var(--muted)}.b-label{fill:var(--muted);font-weight:600;letter-spacing:.03em}
.b-side{fill:var(--b-side);stroke:var(--line)}.b-lost{stroke:var(--bad);stroke-width:2}.b-won{stroke:var(--good);stroke-width:2}
.b-player{fill:var(--fg);font-weight:700;font-size:15px}.b-endurance{fill:var(--fg);font-weight:800;font-size:18px}
.b-badge-box{fill:var(--line)}.b-badge{fill:var(--fg);font-weight:600}
.b-badge-box.b-prio{fill:var(--accent)}.b-badge.b-prio{fill:var(--card)}
.b-badge-box.b-bad{fill:var(--bad)}.b-badge.b-bad{fill:var(--card)}.b-badge-box.b-good{fill:var(--good)}.b-badge.b-good{fill:var(--card)}
.b-res-up{fill:var(--b-res-up);stroke:var(--line)}.b-res-up-t{fill:var(--fg)}
.b-res-down{fill:var(--b-res-down);stroke:var(--line)}.b-res-down-t{fill:#e6e9ef}
.b-card{fill:var(--b-card);stroke:var(--muted);stroke-width:1}.b-exhausted{fill:var(--b-ex);stroke-dasharray:5 3}
.b-stunned{fill:var(--b-stun);stroke:var(--bad);stroke-width:1.5}
.b-slot{fill:var(--b-slot);stroke:var(--line);stroke-dasharray:4 4}
.b-title{fill:var(--fg);font-weight:700}.b-id{fill:var(--muted);font-family:ui-monospace,Menlo,Consolas,monospace}
.b-stats{fill:var(--fg);font-weight:800}.b-counter{fill:var(--accent);font-weight:600}.b-gear{fill:var(--fg)}
.b-roletext{fill:var(--bad);font-weight:700}
.b-cond{font-weight:700}.b-cond-ready{fill:var(--good)}.b-cond-exhausted{fill:var(--warn)}.b-cond-stunned{fill:var(--bad)}
.b-char-stunned text{fill:#e6e9ef}.b-char-stunned .b-cond{fill:#ff8a80}.b-char-stunned .b-id{fill:#b8c0cc}
.b-row{fill:var(--muted);font-weight:600;letter-spacing:.05em}
.b-chain-empty{fill:var(--b-chain);stroke:var(--line);stroke-dasharray:4 4}
.b-link{fill:var(--b-link);stroke:var(--muted)}.b-top{fill:var(--b-top);stroke:var(--warn);stroke-width:1.5}
.b-resolving{fill:var(--good-bg);stroke:var(--good);stroke-width:1.5}
.b-link-head{fill:var(--fg);font-weight:700}.b-link-no{fill:var(--muted);font-weight:700}
.b-target{fill:var(--bad)}.b-effect{fill:var(--fg);font-style:italic}.b-attack{fill:var(--bad);font-weight:700}
"""

_SCRIPT = """<script>
(function(){
  var box=document.querySelector('[data-tabs]');if(!box)return;
  document.documentElement.classList.add('js');
  var secs=[].slice.call(box.querySelectorAll('section.outcome'));
  var bar=document.createElement('div');bar.className='tabbar';bar.setAttribute('role','tablist');
  secs.forEach(function(s,i){var b=document.createElement('button');b.type='button';b.setAttribute('role','tab');
    b.textContent=s.getAttribute('data-tab');b.onclick=function(){show(i);history.replaceState(null,'','#'+s.id);};
    bar.appendChild(b);});
  box.insertBefore(bar,box.firstChild);
  function show(i){secs.forEach(function(s,j){s.hidden=j!==i;bar.children[j].setAttribute('aria-selected',j===i);});}
  function fromHash(){var i=secs.findIndex(function(s){return '#'+s.id===location.hash;});if(i>=0)show(i);return i;}
  window.addEventListener('hashchange',fromHash);
  if(fromHash()<0)show(0);
})();
</script>"""
