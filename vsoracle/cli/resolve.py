"""``vsoracle resolve`` and ``vsoracle explain``: play a scenario file and answer."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..cards import default_database
from .report import answer, explain_lines

__all__ = ["register"]


BUDGET_HELP = ("Exploration budget: how many transitions (state changes) exploring the unscripted "
               "decisions may make, every replay counted (default 100,000). Past it the error names the "
               "decision that explodes and how to script it with choose = [...].")


def register(app: typer.Typer) -> None:
    """Add ``resolve`` and ``explain`` to ``app``."""

    @app.command("explain")
    def explain(
        file: Path = typer.Argument(..., help="A scenario file (TOML), or - to read it from standard input."),
        budget: Optional[int] = typer.Option(None, "--budget", min=1, metavar="TRANSITIONS", help=BUDGET_HELP),
    ) -> None:
        """Explain a scenario's answer: the ruling in one line, the events that led to it, the rules consulted.

        Exit status as for resolve: 0 the checks hold, 1 one fails, 2 the file is invalid.
        """
        from ..scenario.load import load_scenario
        from ..scenario.run import run_scenario

        result = run_scenario(load_scenario(file, default_database()), budget=budget)
        typer.echo("\n".join(explain_lines(result)))
        raise typer.Exit(code=0 if result.passed else 1)

    @app.command("resolve")
    def resolve(
        file: Path = typer.Argument(..., help="A scenario file (TOML; see docs/scenario-format.md), at most 1 MB, "
                                    "or - to read it from standard input (a pipe is never answered from the cache)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON document instead of the report."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="Only the outcomes and the checks, no log."),
        no_cache: bool = typer.Option(False, "--no-cache",
                                      help="Work the answer out even if this exact file was answered before."),
        budget: Optional[int] = typer.Option(None, "--budget", min=1, metavar="TRANSITIONS", help=BUDGET_HELP),
    ) -> None:
        """Play a scenario: load the position, play the steps, resolve the chain, and check.

        Exit status: 0 every check holds, 1 a check fails, 2 the file is invalid or exploring it needs more than the budget.
        """
        output, code = answer(file, as_json=as_json, quiet=quiet, no_cache=no_cache, budget=budget)
        typer.echo(output)
        raise typer.Exit(code=code)
