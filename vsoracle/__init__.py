"""vsoracle: a rules oracle for the Vs. System trading card game.

Card text is the program: a lark grammar turns card text into an effect AST,
and the engine plays that AST by the rules, logging every rule it applies.
The layers depend one way: cards -> text -> engine -> scenario -> cli.

The Python API (docs/api.md) is here, imported on first use so that ``import vsoracle`` stays
fast::

    import vsoracle
    game = vsoracle.load("examples/four-yes-or-no.toml")   # its steps played
    game.pending()                                          # the decision that waits
    game.answer(True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what a type checker sees; at run time each is imported on first use (below)
    from .engine.positions import position_from_json, position_to_json
    from .errors import IllegalActionError, IllegalAnswerError, PositionError, ScenarioError, VsOracleError
    from .scenario.session import Game, from_json, load, loads

__version__ = "0.1.0"

__all__ = ["__version__", "Game", "load", "loads", "from_json", "position_to_json", "position_from_json",
           "VsOracleError", "IllegalActionError", "IllegalAnswerError", "PositionError", "ScenarioError"]

#: Each name of the API and the module it comes from (imported when first asked for). The same
#: imports are written for type checkers above, so ``vsoracle.load(...)`` is typed (``py.typed``).
_LAZY = {
    "Game": "vsoracle.scenario.session", "load": "vsoracle.scenario.session", "loads": "vsoracle.scenario.session",
    "from_json": "vsoracle.scenario.session",
    "position_to_json": "vsoracle.engine.positions", "position_from_json": "vsoracle.engine.positions",
    "VsOracleError": "vsoracle.errors", "IllegalActionError": "vsoracle.errors",
    "IllegalAnswerError": "vsoracle.errors", "PositionError": "vsoracle.errors", "ScenarioError": "vsoracle.errors",
}

def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'vsoracle' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
