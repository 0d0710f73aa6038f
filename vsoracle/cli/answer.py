"""``vsoracle resolve``'s answer: a scenario run once, written in each format asked for by that
format's writer (:data:`WRITERS`: the report for a person, the JSON document, the ruling page)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

from .output import Answer, Format, Stages, shown_path
from .report import SHOWN_OUTCOMES, board_pages, report_json, report_lines, run_with_stages

__all__ = ["answer", "written", "WRITERS"]


def _text(a: Answer) -> str:
    lines = report_lines(a.result, show_log=not a.quiet, shown=a.outcomes or SHOWN_OUTCOMES)
    if a.board:
        lines += board_pages(a.scenario, a.positions())
    return "\n".join(lines)


def _json(a: Answer) -> str:
    from .jsondoc import dumps

    return dumps(report_json(a.result))


def _html(a: Answer) -> str:
    from .page import ruling_page

    if a.stages is None:
        raise ValueError("the ruling page draws every step: run the scenario with its stages")
    return ruling_page(a.result, a.stages, shown_path=a.shown_path)


#: Each format's writer of an answer; a format with none is an error, never a default.
WRITERS: dict[Format, Callable[[Answer], str]] = {Format.TEXT: _text, Format.JSON: _json, Format.HTML: _html}


def written(a: Answer, fmt: Format) -> str:
    """The answer in ``fmt``."""
    return WRITERS[fmt](a)


def answer(file: Path | str, *, fmt: Format = Format.TEXT, quiet: bool = False, no_cache: bool = False,
           budget: int | None = None, board: bool = False, outcomes: int = SHOWN_OUTCOMES,
           page: Path | None = None, cards: Sequence[Path] | None = None) -> tuple[str, int]:
    """What ``vsoracle resolve FILE`` prints in ``fmt``, and its exit code (0 checks hold, 1 one
    fails); with ``page``, the ruling page (:data:`Format.HTML`) is written there too.

    The file (``-``: standard input) is read once (:func:`vsoracle.files.read_input`): the
    answer and its cache key come from those same bytes. A regular file answered before is
    answered from the cache (:mod:`vsoracle.cli.cache`); a pipe is always worked out, and so is
    an answer with a page (the page needs every step's outcomes). ``budget``: the exploration
    budget in transitions (:data:`vsoracle.scenario.run.BUDGET`); ``outcomes``: how many outcomes
    the report shows in full (all of them are in its table)."""
    from ..errors import ScenarioError
    from ..files import read_input

    read = read_input(str(file), ScenarioError)
    from .jsondoc import FORMAT

    options = (("resolve", f"json{FORMAT}" if fmt is Format.JSON else fmt.value, "quiet" if quiet else "log")
               + (("board",) if board else ())
               + ((f"outcomes={outcomes}",) if outcomes != SHOWN_OUTCOMES and fmt is not Format.JSON else ()))
    key = None
    if not no_cache and read.regular and page is None:
        from . import cache

        files = cache.card_files_part(read.data, read.name, tuple(cards or ()))
        key = cache.key(read.data, read.name, options, files) if files is not None else None
        hit = cache.lookup(key) if key is not None else None
        if hit is not None:
            return hit
    from ..scenario.load import load_scenario_bytes
    from ..scenario.run import run_scenario
    from .common import card_database

    sc = load_scenario_bytes(read.data, read.name, card_database(cards))
    stages: Stages | None = None
    if page is not None or (board and fmt is Format.TEXT):
        result, stages = run_with_stages(sc, budget=budget)
    else:
        result = run_scenario(sc, budget=budget)
    said = Answer(sc, result, stages, quiet, board and fmt is Format.TEXT, outcomes, shown_path(file))
    if page is not None:
        from ..files import write_file

        # named by the person, so an existing page is replaced — through a temporary file and a
        # rename: never through a link planted at the name, never half-written (files.write_file)
        write_file(str(page), written(said, Format.HTML).encode("utf-8"), ScenarioError, replace=True,
                   what="the ruling page")
    output = written(said, fmt)
    if key is not None:
        cache.store(key, output, said.code)
    return output, said.code
