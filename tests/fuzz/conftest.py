"""Fuzz tests run with smaller exploration limits, so one example that explodes stays cheap.

The limits only bound how long an example may run: going over them is a ``LimitExceededError``
(a ``VsOracleError``), which the fuzz properties accept like any other error for a person.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="module")
def _small_exploration_limits():
    import vsoracle.scenario.run as run

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(run, "BUDGET", 20_000)
        patch.setattr(run, "MAX_OUTCOMES", 64)
        yield
