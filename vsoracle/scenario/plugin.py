"""A pytest plugin: scenario files are test items (entry point ``pytest11``).

Every file matching ``vsoracle_scenario_glob`` (ini option; default
``*.scenario.toml``) under the test paths is collected and run; a failure
shows the checks that failed and the log lines that led there, not a Python
traceback. A file that cannot be loaded fails with its one-line error.

Scenarios listed in a ``PENDING`` file beside them (one file name per line,
``#`` comments) are expected to fail (strict xfail): they name rulings whose
rules are not implemented yet, and pass the day they are.
"""

from __future__ import annotations

import fnmatch
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr  # what Item.repr_failure returns (pytest exports no name for it)

    from .run import RunResult

__all__ = ["ScenarioItem", "ScenarioFile", "pending"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("vsoracle_scenario_glob", "file name pattern of vsoracle scenario files",
                  default="*.scenario.toml")


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> ScenarioFile | None:
    pattern = parent.config.getini("vsoracle_scenario_glob") or "*.scenario.toml"
    if fnmatch.fnmatch(file_path.name, pattern):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


@lru_cache(maxsize=64)
def pending(folder: str) -> frozenset[str]:
    """The scenario file names listed in ``folder/PENDING`` (one a line, ``#`` comments)."""
    from .rulings import pending_names

    return pending_names(Path(folder))


class ScenarioFailure(Exception):
    """The scenario ran and a check failed."""

    def __init__(self, result: RunResult) -> None:
        super().__init__("scenario checks failed")
        self.result = result


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[ScenarioItem]:
        item = ScenarioItem.from_parent(self, name=self.path.name)
        if self.path.name in pending(str(self.path.parent)):
            item.add_marker(pytest.mark.xfail(reason="listed in PENDING: rules not implemented yet", strict=True))
        yield item


class ScenarioItem(pytest.Item):
    """One scenario file as a test."""

    def runtest(self) -> None:
        from ..scenario.load import load_scenario
        from ..scenario.run import run_scenario
        from ..cards import default_database

        result = run_scenario(load_scenario(self.path, default_database()))
        self.user_properties.append(("outcomes", len(result.outcomes)))
        if not result.passed:
            raise ScenarioFailure(result)

    def repr_failure(self, excinfo: Any, style: Any = None) -> str | TerminalRepr:
        from ..errors import VsOracleError
        error = excinfo.value
        if isinstance(error, ScenarioFailure):
            return _explain(error.result)
        if isinstance(error, VsOracleError):
            return f"{error}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Any, int, str]:
        return self.path, 0, f"scenario: {self.path.name}"


def _explain(result: RunResult) -> str:
    lines = [f"scenario failed: {result.scenario.title}"]
    for c in result.checks:
        if not c.ok:
            at = f"after step {c.step}" if c.step else "at the end"
            lines.append(f"  ✗ {c.description} [{at}, line {c.line}] — found {', '.join(map(str, sorted(set(map(str, c.found)))))}")
    lines.append(f"  {len(result.outcomes)} outcome(s); log of outcome 1 (last 25 events):")
    log = result.outcomes[0].log if result.outcomes else ()
    for n, event in list(enumerate(log, start=1))[-25:]:
        lines.append(f"    {n:>3}. {event}")
    return "\n".join(lines)
