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
    "json": "the JSON contract: every --json document, its schema, errors and exit codes",
    "faq-coverage": "every Avengers FAQ ruling and the scenarios that check it",
    "faq-other-sets": "the other sets' FAQ rulings, per set: the scenarios that play them, those that wait",
    "rule-coverage": "every rule vsoracle cites against the scenarios that exercise it, and its edges",
    "keywords": "every keyword and set mechanic of the game, by set: its rule, its source, its scenario",
    "architecture": "how the engine works: state, decisions, the chain, modifiers",
}

#: The topic that lists the example scenarios.
EXAMPLES = "examples"


def _folder(name: str) -> Path:
    from ..resources import data_path

    return data_path(name)


def topic_path(topic: str) -> Path:
    """The file of ``topic`` (``examples``: the folder of example scenarios); an unknown topic is an
    error naming the likest one."""
    from ..errors import VsOracleError

    if topic == EXAMPLES:
        return _folder("examples")
    if topic.endswith(".md"):
        topic = topic[:-3]
    if topic not in TOPICS:
        names = [*TOPICS, EXAMPLES]
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


def docs_command(
    topic: Optional[str] = typer.Argument(None, metavar="TOPIC",
                                          help="A topic (scenario-format, card-text, rules-assumptions, sources, "
                                               "rules-digest, moves, faq-coverage, keywords, architecture) or examples."),
    path: bool = typer.Option(False, "--path", help="Print where the page is (no TOPIC: the folder of the pages and "
                                                    "of the JSON Schemas for editors)."),
) -> None:
    """Read the documentation that comes with vsoracle: the list of topics, a page, or the examples.

    vsoracle docs scenario-format prints the scenario format; vsoracle docs examples lists the example
    scenarios with their paths (vsoracle resolve PATH answers one; copy one to start a scenario of your own).
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
        emit("\n".join(["vsoracle docs TOPIC prints a page:", *lines,
                              f"The pages are in {_folder('docs')} (vsoracle docs --path TOPIC: one page's file)."]))
        return
    try:
        where = topic_path(topic)
    except VsOracleError as error:
        raise fail(error) from None
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
