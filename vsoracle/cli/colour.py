"""Colour on a terminal: ✓ green, ✗ red, headings bold — never when the output is piped, redirected,
``NO_COLOR`` is set (https://no-color.org) or ``TERM=dumb``. No typer here: the fast path uses it.

Reports are built as plain lines (the answer cache keeps them so); colour is added as they are
written, so a cached answer on a terminal is coloured and the same answer piped is not."""

from __future__ import annotations

import os
import re
from typing import IO, Mapping

__all__ = ["wants_colour", "paint"]

_GREEN, _RED, _BOLD, _RESET = "\x1b[32m", "\x1b[31m", "\x1b[1m", "\x1b[0m"

#: A heading: a label at the start of a line ("Checks:", "Ruling:", "Outcome 2", "Player A: …").
_HEADING = re.compile(r"^(Ruling:|Scenario:|Log:|Outcomes:|Checks:|How:|Rules consulted:|Assumptions:|"
                      r"Question from:|Board after each step|Final position|Start:|After step \d+|==> .* <==|"
                      r"  Outcome \d+|  #  )")


def wants_colour(stream: IO[str], environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour what goes to ``stream``: a terminal, without ``NO_COLOR`` (any non-empty
    value) or ``TERM=dumb``."""
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR") or env.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


def paint(text: str) -> str:
    """``text`` with ✓ in green, ✗ in red and each heading's label in bold."""
    out = []
    for line in text.split("\n"):
        line = line.replace("✓", f"{_GREEN}✓{_RESET}").replace("✗", f"{_RED}✗{_RESET}")
        found = _HEADING.match(line)
        if found:
            line = (f"{_BOLD}{line}{_RESET}" if found.group(1).startswith("  #")
                    else f"{_BOLD}{found.group(1)}{_RESET}{line[found.end():]}")
        out.append(line)
    return "\n".join(out)
