"""``vsoracle resolve``, ``explain`` and ``show``: play a scenario file and answer, or draw its board."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from .help import WholeNumber
from .output import Format
from .common import card_database, cards_option, fail, position_option, reported, scenario_or_position
from .lines import emit, error_line
from .answer import answer
from .report import SHOWN_OUTCOMES, explain_lines, plural

__all__ = ["register"]


#: The help of every ``--json`` option: the document, its schema, the contract.
JSON_HELP = "Print one JSON document (schema: json/{0}.schema.json in vsoracle docs --path; the contract: vsoracle docs json): errors too, on stdout."

BUDGET_HELP = ("Exploration budget: how many transitions (state changes) exploring the unscripted "
               "decisions may make, every replay counted (default 100,000); in a scenario of more than 100 cards "
               "each counts once more per 100 cards. Past it the error names the "
               "decision that explodes and how to script it with choose = [...]. At least 1.")


def _exported(file: Path, step: int | None, export: str, cards: Optional[List[Path]]) -> str:
    """``show FILE --step N --export scenario|json``: the position after step N as a scenario or as JSON."""
    import json

    from ..errors import ScenarioError, VsOracleError
    from ..scenario import session

    if export not in ("scenario", "json"):
        raise ScenarioError(f"--export {export}: no such format", hint="use --export scenario or --export json")
    if str(file) == "-":
        raise ScenarioError("--export reads the scenario from a file, not standard input", hint="vsoracle show FILE --export json")
    try:
        game = session.load(file, steps=True if step is None else step, cards=card_database(cards))
        if export == "json":
            return json.dumps(game.to_json(), ensure_ascii=False, indent=1) + "\n"
        return game.to_scenario()
    except VsOracleError as error:
        raise error.located(str(file), None) from None


def register(app: typer.Typer) -> None:
    """Add ``resolve``, ``explain`` and ``show`` to ``app``."""

    @app.command("explain")
    def explain(
        ctx: typer.Context,
        file: Optional[Path] = typer.Argument(None, metavar="FILE", help="A scenario file (TOML), or - to read it from standard input."),
        budget: Optional[int] = typer.Option(None, "--budget", parser=WholeNumber(1), metavar="TRANSITIONS", help=BUDGET_HELP),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP.format("explain")),
        position: Optional[Path] = position_option(),
        cards: Optional[List[Path]] = cards_option(),
    ) -> None:
        """Explain a scenario's answer: the ruling in one line, the events that led to it, the rules consulted.

        Exit status as for resolve: 0 the checks hold, 1 one fails, 2 the file is invalid.
        """
        fmt = Format.of(as_json)
        from ..scenario.load import load_scenario
        from ..scenario.run import run_scenario

        from .board import board_lines

        file = scenario_or_position(ctx, file, position, fmt)
        with reported(fmt):
            result = run_scenario(load_scenario(file, card_database(cards)), budget=budget)
        if fmt is Format.JSON:
            from .jsondoc import dumps
            from .report import explain_json

            emit(dumps(explain_json(result)))
            raise typer.Exit(code=0 if result.passed else 1)
        lines = explain_lines(result)
        if result.outcomes:
            n = len(result.outcomes)
            lines += ["", "Final position" + (f" (outcome 1 of {n}):" if n > 1 else ":")]
            lines += board_lines(result.outcomes[0].state)
        text = "\n".join(lines)
        emit(text, colour=True)
        raise typer.Exit(code=0 if result.passed else 1)

    @app.command("show")
    def show(
        ctx: typer.Context,
        file: Optional[Path] = typer.Argument(None, metavar="FILE", help="A scenario file (TOML), or - to read it from standard input."),
        step: Optional[int] = typer.Option(None, "--step", parser=WholeNumber(None), metavar="N",
                                           help="Draw the position after step N (0: the start; default: after the last step; vsoracle resolve --board draws every step)."),
        export: Optional[str] = typer.Option(None, "--export", metavar="scenario|json",
                                             help="Print the position instead of drawing it: as a scenario (TOML: the file "
                                             "as far as step N, its checks commented out) or as JSON (the whole state, "
                                             "read back equal; vsoracle docs api). It must be one position."),
        position: Optional[Path] = position_option(),
        budget: Optional[int] = typer.Option(None, "--budget", parser=WholeNumber(1), metavar="TRANSITIONS", help=BUDGET_HELP),
        cards: Optional[List[Path]] = cards_option(),
    ) -> None:
        """Draw a scenario's board: rows by column, areas, resources, counts, the chain, priority.

        With several outcomes, the first is drawn and the heading says how many there are.
        """
        import attrs

        from ..errors import ScenarioError
        from ..scenario.load import load_scenario
        from ..scenario.run import run_scenario
        from .board import board_lines

        file = scenario_or_position(ctx, file, position)
        if export is not None:
            with reported(Format.TEXT):
                emit(_exported(file, step, export, cards), nl=False)
            return
        sc = load_scenario(file, card_database(cards))
        total = len(sc.steps)
        if step is not None and not 0 <= step <= total:
            raise fail(ScenarioError(f"--step {step}: the scenario has {total} step{'s' if total != 1 else ''}",
                                file=sc.path, hint=f"use --step 0 (the start) to --step {total}"))
        upto = total if step is None else step
        result = run_scenario(attrs.evolve(sc, steps=sc.steps[:upto], checks=()), budget=budget)
        n = len(result.outcomes)
        heading = "Start" if upto == 0 else f"After step {upto} ({sc.steps[upto - 1].describe()})"
        emit("\n".join([f"{sc.title}", heading + (f", outcome 1 of {n}" if n > 1 else "") + ":"]
                              + board_lines(result.outcomes[0].state)))

    @app.command("resolve")
    def resolve(
        ctx: typer.Context,
        files: Optional[List[Path]] = typer.Argument(None, metavar="FILE...", help="Scenario files (TOML; see vsoracle docs scenario-format), "
                                           "each at most 1 MB, or - to read one from standard input (a pipe is never "
                                           "answered from the cache)."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP.format("resolve") + " One file."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="Only the outcomes and the checks, no log."),
        no_cache: bool = typer.Option(False, "--no-cache",
                                      help="Work the answer out even if this exact file was answered before."),
        budget: Optional[int] = typer.Option(None, "--budget", parser=WholeNumber(1), metavar="TRANSITIONS", help=BUDGET_HELP),
        board: bool = typer.Option(False, "--board", help="Draw the board after every step (the first outcome)."),
        outcomes: int = typer.Option(SHOWN_OUTCOMES, "--outcomes", parser=WholeNumber(1), metavar="N",
                                     help="Show the first N outcomes in full (all are in the outcome table); N at least 1."),
        html: Optional[Path] = typer.Option(None, "--html", metavar="OUT.html",
                                            help="Also write the ruling page: one self-contained HTML file with the "
                                            "ruling, the checks, each outcome's steps, log and board (one file)."),
        position: Optional[Path] = position_option(),
        cards: Optional[List[Path]] = cards_option(),
    ) -> None:
        """Play a scenario: load the position, play the steps, resolve the chain, and check.

        With several files, each answer is headed ==> FILE <== and a last line counts them.
        --html OUT.html writes the ruling page for one file (the report is printed as usual).
        Exit status: 0 every check holds, 1 a check fails, 2 a file is invalid or exploring it needs more
        than the budget.
        """
        from ..errors import ScenarioError, VsOracleError

        fmt = Format.of(as_json)
        if position is not None or not files:
            from .lines import UsageProblem

            if not files and position is None:
                raise UsageProblem(ctx.command_path, "missing FILE...", None)
            files = [scenario_or_position(ctx, files[0] if files else None, position, fmt)]
        if board and fmt is Format.JSON:
            raise fail(ScenarioError("--board draws text and --json prints data", file=str(files[0]),
                                     hint="use one of them"), fmt)
        if fmt is Format.JSON and len(files) > 1:
            raise fail(ScenarioError(f"--json answers one file at a time, and {len(files)} were given",
                                     hint="run vsoracle resolve --json once per file"), fmt)
        if html is not None and len(files) > 1:
            raise fail(ScenarioError(f"--html writes one page for one file, and {len(files)} were given",
                                     hint="run vsoracle resolve FILE --html OUT.html once per file"), fmt)
        if len(files) == 1:
            with reported(fmt):
                output, code = answer(files[0], fmt=fmt, quiet=quiet, no_cache=no_cache, budget=budget, cards=cards,
                                      board=board, outcomes=outcomes, page=html)
            emit(output, colour=fmt.coloured)
            if html is not None:
                emit(f"Ruling page: {html}", err=True)
            raise typer.Exit(code=code)
        held = failed = invalid = 0
        for n, file in enumerate(files):
            heading = f"==> {file} <=="
            emit(("\n" if n else "") + heading, colour=True)
            try:
                output, code = answer(file, quiet=quiet, no_cache=no_cache, budget=budget, board=board, cards=cards,
                                      outcomes=outcomes)
            except VsOracleError as error:
                sys.stdout.flush()
                emit(error_line(error), err=True)
                invalid += 1
                continue
            emit(output, colour=True)
            held += code == 0
            failed += code != 0
        parts = [f"{held} hold{'s' if held == 1 else ''}", f"{failed} fail{'s' if failed == 1 else ''}"]
        if invalid:
            parts.append(f"{invalid} {'is' if invalid == 1 else 'are'} invalid")
        emit(f"\n{plural(len(files), 'scenario')}: " + ", ".join(parts))
        raise typer.Exit(code=2 if invalid else 1 if failed else 0)
