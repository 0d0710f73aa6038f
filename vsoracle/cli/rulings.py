"""``vsoracle rulings [CARD|WORD] [--set SET] [--run] [--json]``: the FAQ ruling suite that ships
with vsoracle, searched and run — so a judge can ask "what does the FAQ say about this card?" and
see each ruling hold (:mod:`vsoracle.scenario.rulings`)."""

from __future__ import annotations

from typing import Any, Optional

import typer

from .lines import emit
from .output import Format

__all__ = ["register"]


def rulings_command(
    words: Optional[str] = typer.Argument(None, metavar="CARD|WORD",
                                          help="A card's title or name, a keyword or any word: the rulings whose "
                                               "scenario or quoted ruling mentions it (none: every ruling)."),
    set_code: Optional[str] = typer.Option(None, "--set", metavar="SET",
                                           help="Only this set's FAQ (MAV: the Avengers FAQ; MXM, DJL, …)."),
    run: bool = typer.Option(False, "--run", help="Run each ruling's scenario and say whether it holds (as the "
                                                  "test suite does: one listed as PENDING is expected to fail)."),
    as_json: bool = typer.Option(False, "--json", help="Print the rulings (and with --run, their results) as one "
                                                       "JSON document (schema: json/rulings.schema.json in vsoracle "
                                                       "docs --path; the contract: vsoracle docs json)."),
) -> None:
    """List the FAQ rulings that mention a card or a word: the FAQ item, the scenario's title, its file.

    vsoracle rulings CARD lists what the FAQ rules about a card (its title or name), each as a scenario that
    checks it; vsoracle rulings CARD --run plays them and says whether each holds (exit 1 if one does not);
    vsoracle resolve FILE shows one in full. The scenarios ship with vsoracle (vsoracle rulings --set MXM:
    the X-Men FAQ's).
    """
    from ..cards import known_set_codes
    from ..errors import VsOracleError
    from ..scenario.rulings import folder, search, suite
    from .common import reported
    from .jsondoc import document, dumps

    fmt = Format.of(as_json)
    with reported(fmt):
        codes = sorted({r.set for r in suite()})
        if set_code is not None and set_code.upper() not in codes:
            known = ", ".join(codes)
            raise VsOracleError(f"no rulings of the set '{set_code}'" +
                                (" (a set vsoracle knows, with no FAQ scenarios yet)"
                                 if set_code.upper() in known_set_codes([]) else ""),
                                hint=f"the sets with rulings are {known}")
        found = search(words, set_code)
        if not found and words:
            raise VsOracleError(f"no ruling mentions '{words}'",
                                hint="try the card's name alone, or vsoracle rulings to list them all")
    results: list[bool | None] = [_run(r) for r in found] if run else [None] * len(found)
    failed = sum(1 for r, ok in zip(found, results) if ok is not None and ok == r.pending)
    if fmt is Format.JSON:
        emit(dumps(document("rulings", folder=str(folder()), words=words, set=set_code.upper() if set_code else None,
                            rulings=[_json(r, ok) for r, ok in zip(found, results)],
                            ran=run, failed=failed if run else None)))
    else:
        emit(_text(found, results, words, run, failed), colour=True)
    if run and failed:
        raise typer.Exit(code=1)


def _run(ruling: Any) -> bool:
    """Does the scenario's every check hold (a scenario that cannot be loaded does not)?"""
    from ..cards import default_database
    from ..errors import VsOracleError
    from ..scenario.load import load_scenario
    from ..scenario.run import run_scenario

    try:
        return run_scenario(load_scenario(ruling.path, default_database())).passed
    except VsOracleError:
        return False


def _json(ruling: Any, ok: bool | None) -> dict[str, Any]:
    return {"set": ruling.set, "item": ruling.item, "title": ruling.title, "file": str(ruling.path),
            "rulings": list(ruling.rulings), "variation": ruling.variation, "pending": ruling.pending,
            "holds": ok}


def _text(found: list[Any], results: list[bool | None], words: str | None, run: bool, failed: int) -> str:
    about = f" mentioning '{words}'" if words else ""
    lines = [f"{len(found)} FAQ ruling scenario{'s' if len(found) != 1 else ''}{about} "
             "(vsoracle resolve FILE shows one):"]
    item = None
    for r, ok in zip(found, results):
        if (r.set, r.item) != item:
            item = (r.set, r.item)
            lines.append(f"{r.item or r.set}")
        mark = ""
        if ok is not None:
            if r.pending:
                mark = "✗ waits (PENDING) " if not ok else "✗ PENDING but holds — take it out of PENDING "
            else:
                mark = "✓ " if ok else "✗ "
        kind = " (variation)" if r.variation else ""
        lines.append(f"  {mark}{r.title}{kind}")
        lines.append(f"      {_shown(r.path)}")
    if run:
        waiting = sum(1 for r in found if r.pending)
        held = sum(1 for r, ok in zip(found, results) if ok and not r.pending)
        lines.append(f"\n{held} of {len(found) - waiting} hold" + (f"; {waiting} wait on rules not played yet"
                                                                  if waiting else "")
                     + (f"; {failed} do not behave as the suite expects" if failed else "") + ".")
    return "\n".join(lines)


def _shown(path: Any) -> str:
    """A scenario's path as a person types it: relative to the current folder when it is under it."""
    from pathlib import Path

    try:
        return str(Path(path).relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def register(app: typer.Typer) -> None:
    """Add ``rulings`` to ``app``."""
    app.command("rulings")(rulings_command)
