"""``vsoracle selfplay DECK_A DECK_B --games N --seed S``: games of two decks played to their end
by agents, counted; every failure written out as a scenario that reproduces it (docs/decks.md)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, List, Optional

import typer

from ..errors import ScenarioError, VsOracleError
from .common import cards_option, fail
from .help import WholeNumber
from .jsondoc import document, dumps
from .lines import emit
from .output import Format

__all__ = ["register", "selfplay_document"]


def selfplay_document(deck_a: Path, deck_b: Path, games: int, seed: int, jobs: int = 1, agent: str = "random",
                      max_turns: int | None = None, errors_dir: Path = Path("selfplay-errors"),
                      cards: Optional[List[Path]] = None, dask: str | None = None) -> dict[str, Any]:
    """Play the games; the ``selfplay`` document, each error's scenario written in ``errors_dir``."""
    from ..engine.match import MAX_TURNS
    from ..files import write_file
    from ..scenario.selfplay import selfplay

    kind: Any = agent
    summary = selfplay((str(deck_a), str(deck_b)), games, seed, jobs=jobs, cards=[str(c) for c in cards or ()],
                       agents=(kind, kind), max_turns=max_turns or MAX_TURNS, dask=dask)
    errors = []
    for g in summary.errors:
        written = None
        if g.scenario is not None:
            os.makedirs(errors_dir, exist_ok=True)
            written = str(errors_dir / f"selfplay-seed{seed}-game{g.index}.toml")
            write_file(written, g.scenario.encode("utf-8"), ScenarioError, replace=True, what="the error's scenario")
        errors.append({"game": g.index, "error": g.error, "scenario": written})
    return document("selfplay", decks=[str(deck_a), str(deck_b)], seed=seed, agent=agent,
                    max_turns=max_turns or MAX_TURNS, games=len(summary.games), wins=summary.wins,
                    draws=summary.draws, capped=summary.capped, turns=summary.turns, mean_turns=summary.mean_turns,
                    moves=summary.moves, transitions=summary.transitions, errors=errors,
                    results=[{"game": g.index, "winner": g.winner, "turns": g.turns, "moves": g.moves,
                              "transitions": g.transitions, "capped": g.capped} for g in summary.games])


def register(app: typer.Typer) -> None:
    """Add ``selfplay`` to ``app``."""

    @app.command("selfplay")
    def selfplay(
        deck_a: Path = typer.Argument(..., help="Player A's deck file (TOML: vsoracle docs decks)."),
        deck_b: Path = typer.Argument(..., help="Player B's deck file."),
        games: int = typer.Option(10, "--games", parser=WholeNumber(1), metavar="N", help="How many games."),
        seed: int = typer.Option(1, "--seed", parser=WholeNumber(0), metavar="S",
                                 help="The seed: game i of seed S is always the same game."),
        jobs: int = typer.Option(1, "--jobs", parser=WholeNumber(1), metavar="J",
                                 help="Local processes to play the games on (the output does not change)."),
        agent: str = typer.Option("random", "--agent", metavar="random|first",
                                  help="Who plays both sides: random legal moves (seeded) or the first legal move."),
        max_turns: Optional[int] = typer.Option(None, "--max-turns", parser=WholeNumber(1), metavar="T",
                                                help="A game not over after T turns is a draw (assumption A-GAME-CAP)."),
        dask: Optional[str] = typer.Option(None, "--dask", metavar="local|ADDRESS",
                                           help="Play the same shards on a Dask cluster: a local one of J workers, or "
                                                "the scheduler at ADDRESS (the dask extra: pip install 'vsoracle[dask]')."),
        errors_dir: Path = typer.Option(Path("selfplay-errors"), "--errors", metavar="DIR",
                                        help="Where each failed game's scenario is written."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON document (schema: json/selfplay.schema.json "
                                     "in vsoracle docs --path; the contract: vsoracle docs json): errors too, on stdout."),
        cards: Optional[List[Path]] = cards_option(),
    ) -> None:
        """Play N games of DECK_A (player A) against DECK_B (player B) from setup to the end, and
        count wins, draws, turns, transitions and errors: an exception or a broken invariant, each
        written out as a scenario file that reproduces it.

        Exit status: 0 if no game failed, 1 if one did, 2 if a deck or an option is invalid.
        """
        fmt = Format.of(as_json)
        try:
            if agent not in ("random", "first"):
                raise VsOracleError(f"unknown agent '{agent}'", hint="--agent random or --agent first")
            doc = selfplay_document(deck_a, deck_b, games, seed, jobs, agent, max_turns, errors_dir, cards, dask)
        except VsOracleError as error:
            raise fail(error, fmt) from None
        if fmt is Format.JSON:
            emit(dumps(doc))
        else:
            emit(selfplay_text(doc), nl=False)
        if doc["errors"]:
            raise typer.Exit(1)


def selfplay_text(doc: dict[str, Any]) -> str:
    """The summary as ``vsoracle selfplay`` prints it."""
    wins = ", ".join(f"{pid} {n}" for pid, n in doc["wins"].items())
    lines = [f"{doc['games']} games (seed {doc['seed']}, {doc['agent']} agents, {doc['decks'][0]} vs {doc['decks'][1]})",
             f"wins: {wins}; draws: {doc['draws']} ({doc['capped']} at the {doc['max_turns']}-turn cap)",
             f"turns: {doc['turns']} (mean {doc['mean_turns']}); moves: {doc['moves']}; transitions: {doc['transitions']}",
             f"errors: {len(doc['errors'])}"]
    for e in doc["errors"]:
        lines.append(f"  game {e['game']}: {e['error']}" + (f" -> {e['scenario']}" if e["scenario"] else ""))
    return "\n".join(lines) + "\n"
