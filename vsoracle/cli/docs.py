"""``vsoracle docs [TOPIC]``: the user documentation, for whoever installed the wheel as well as for a
checkout.

The pages are the repository's ``docs/*.md`` and the scenarios ``examples/*.toml``; the wheel
ships them under ``vsoracle/_data/`` (``pyproject.toml``, force-include), a checkout reads them
where they are (:func:`vsoracle.resources.data_path`), so they are kept once, in git. Help texts
and error hints name ``vsoracle docs TOPIC``, never a repository path a wheel user does not have."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Optional

import typer

from .lines import emit

__all__ = ["register", "TOPICS", "topic_path", "examples"]

#: Each page by its topic (the file's name without ``.md``), with what it is for.
TOPICS = {
    "scenario-format": "scenario and card files: every key, verb, check and default",
    "card-text": "the card-text language by family, its AST, and how to add a verb",
    "rules-assumptions": "where the sources are silent: the readings vsoracle takes, by id",
    "sources": "what the log's citations mean: every CR number, keyword and source tag",
    "rules-digest": "the rules digest the citations 'digest §n' point into",
    "moves": "legal actions and positions that wait; vsoracle moves, play, perft",
    "decks": "deck files, the game's setup, agents, complete games and vsoracle selfplay",
    "json": "the JSON contract: every --json document, its schema, errors and exit codes",
    "faq-coverage": "every Avengers FAQ ruling and the scenarios that check it",
    "faq-other-sets": "the other sets' FAQ rulings, per set: the scenarios that play them, those that wait",
    "rule-coverage": "every rule vsoracle cites against the scenarios that exercise it, and its edges",
    "keywords": "every keyword and set mechanic of the game, by set: its rule, its source, its scenario",
    "protocol": "vsoracle engine: the JSON-lines protocol for programs, every message and its schema",
    "api": "the Python API: load a scenario or a position, legal actions, take, answer, undo, JSON and TOML out",
    "architecture": "how the engine works: state, decisions, the chain, modifiers",
}

#: The topic that lists the example scenarios.
EXAMPLES = "examples"
#: The topic that lists the Avengers FAQ's entries, or prints one.
FAQ = "faq"


def _folder(name: str) -> Path:
    from ..resources import data_path

    return data_path(name)


def topic_path(topic: str) -> Path:
    """The file of ``topic`` (``examples``: the folder of example scenarios); an unknown topic is an
    error naming the likest one."""
    from ..errors import VsOracleError

    if topic == EXAMPLES:
        return _folder("examples")
    if topic == FAQ:
        found = sorted(_folder("seeds").glob("*.txt"))
        return found[0] if found else _folder("seeds")
    if topic.endswith(".md"):
        topic = topic[:-3]
    if topic not in TOPICS:
        names = [*TOPICS, EXAMPLES, FAQ]
        near = difflib.get_close_matches(topic, names, n=1, cutoff=0.6)
        raise VsOracleError(f"no such topic '{topic}'",
                            hint=(f"did you mean '{near[0]}'? (" if near else "") + "vsoracle docs lists the topics"
                                 + (")" if near else ""))
    return _folder("docs") / f"{topic}.md"


def examples() -> list[tuple[Path, str]]:
    """The example scenarios, each with its title."""
    import tomllib

    out = []
    for path in sorted(_folder("examples").glob("*.toml")):
        try:
            title = tomllib.loads(path.read_text(encoding="utf-8")).get("scenario", {}).get("title", "")
        except (OSError, ValueError):
            title = ""
        out.append((path, title))
    return out


def faq_text(words: str | None) -> str:
    """``vsoracle docs faq [ENTRY]``: the Avengers FAQ's entries, one a line, or the entries
    ``words`` names (a code such as ``GM 8`` or ``SC 4``, or words of a title) in full; words
    that title no entry list the entries whose text holds them."""
    from ..citations import faq_entries, find_entries
    from ..errors import VsOracleError

    entries = faq_entries()
    if not entries:
        raise VsOracleError("the FAQ's text is not installed", hint="reinstall vsoracle")
    if words is None or not words.strip():
        width = max(len(e.code) for e in entries)
        lines = ["The Avengers FAQ (vsoracle docs faq ENTRY prints one; a log's 'FAQ GM 8' is entry GM 8):"]
        for e in entries:
            title = e.title if len(e.title) <= 90 else e.title[:89] + "…"
            lines.append(f"  {e.code:<{width}}  {title}")
        return "\n".join(lines)
    found = find_entries(words)
    if not found:
        import difflib

        titles = {t: e.title for e in entries for t in (e.title, e.title.split(",")[0])}
        near = [titles[t] for t in difflib.get_close_matches(words, list(titles), n=1, cutoff=0.6)]
        raise VsOracleError(f"no FAQ entry names '{words}'",
                            hint=(f"did you mean '{near[0]}'? (" if near else "")
                                 + "vsoracle docs faq lists the entries" + (")" if near else ""))
    titled = [e for e in found if " ".join(words.split()).casefold() in e.title.casefold()
              or e.code.casefold() == " ".join(words.split()).casefold()]
    if titled or len(found) == 1:
        shown = titled or found
        return "\n\n".join(f"Avengers FAQ, {e.code}: {e.title}\n\n{e.text}" for e in shown)
    width = max(len(e.code) for e in found)
    return "\n".join([f"No FAQ entry is titled '{words}'; these entries mention it (vsoracle docs faq CODE "
                      "prints one):"] + [f"  {e.code:<{width}}  {e.title[:90]}" for e in found])


def docs_command(
    topic: Optional[str] = typer.Argument(None, metavar="TOPIC",
                                          help="A topic (scenario-format, card-text, rules-assumptions, sources, "
                                               "rules-digest, moves, faq-coverage, keywords, architecture), "
                                               "examples, or faq."),
    entry: Optional[str] = typer.Argument(None, metavar="ENTRY",
                                          help="With faq: an entry to print — its code as the log cites it "
                                               "(GM 8, SC 4) or words of its title (a card's name)."),
    path: bool = typer.Option(False, "--path", help="Print where the page is (no TOPIC: the folder of the pages and "
                                                    "of the JSON Schemas for editors)."),
) -> None:
    """Read the documentation that comes with vsoracle: the list of topics, a page, or the examples.

    vsoracle docs scenario-format prints the scenario format; vsoracle docs examples lists the example
    scenarios with their paths (vsoracle resolve PATH answers one; copy one to start a scenario of your own);
    vsoracle docs faq lists the Avengers FAQ's entries and vsoracle docs faq "GM 8" (or a card's name) prints one.
    """
    from ..errors import VsOracleError
    from .common import fail

    if topic is None:
        if path:
            emit(str(_folder("docs")))
            return
        width = max(len(t) for t in [*TOPICS, EXAMPLES])
        lines = [f"  {name:<{width}}  {what}" for name, what in TOPICS.items()]
        lines.append(f"  {EXAMPLES:<{width}}  the example scenarios, with their paths")
        lines.append(f"  {FAQ:<{width}}  the Avengers FAQ: its entries; vsoracle docs faq ENTRY prints one")
        emit("\n".join(["vsoracle docs TOPIC prints a page:", *lines,
                              f"The pages are in {_folder('docs')} (vsoracle docs --path TOPIC: one page's file)."]))
        return
    try:
        where = topic_path(topic)
        if entry is not None and topic != FAQ:
            raise VsOracleError(f"'{topic}' takes no ENTRY", hint="only vsoracle docs faq ENTRY prints a part of a page")
        text = faq_text(entry) if topic == FAQ and not path else None
    except VsOracleError as error:
        raise fail(error) from None
    if text is not None:
        emit(text)
        return
    if path:
        emit(str(where))
        return
    if topic == EXAMPLES:
        found = examples()
        width = max((len(p.name) for p, _ in found), default=0)
        emit("\n".join([f"Example scenarios in {where} (vsoracle resolve PATH answers one):"]
                             + [f"  {p.name:<{width}}  {title}" for p, title in found]))
        return
    emit(where.read_text(encoding="utf-8"), nl=False)


def register(app: typer.Typer) -> None:
    """Add ``docs`` to ``app``."""
    app.command("docs")(docs_command)
