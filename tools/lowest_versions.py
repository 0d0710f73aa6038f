"""Print the lowest version of every dependency ``pyproject.toml`` declares, as pip requirements.

CI installs these into a second environment and runs the CLI tests there (``.ci/run``): a lower
bound in ``pyproject.toml`` is a promise that that version works, and this is how it is kept.

    python tools/lowest_versions.py [EXTRA ...]   # the runtime dependencies and the extras named
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_LOWER = re.compile(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*>=\s*([0-9][0-9A-Za-z.]*)\s*(?:,.*)?$")


def lowest(requirements: list[str]) -> list[str]:
    """``name>=X`` → ``name==X`` for each requirement; one without a lower bound is an error."""
    pinned = []
    for requirement in requirements:
        match = _LOWER.match(requirement)
        if match is None:
            raise SystemExit(f"pyproject.toml: {requirement!r} has no lower bound — write it as name>=VERSION")
        pinned.append(f"{match.group(1)}=={match.group(2)}")
    return pinned


def main(extras: list[str]) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    for extra in extras:
        requirements += project["optional-dependencies"][extra]
    print("\n".join(lowest(requirements)))


if __name__ == "__main__":
    main(sys.argv[1:])
