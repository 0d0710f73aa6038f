"""The engine's piece of every event family, one module each
(:class:`~vsoracle.engine.rules.EventRule`): what the event changes, how it is done as an effect
and paid as a cost, how the log says it, and where card text can use it.

A new event is a new module here (with its node and words in :mod:`vsoracle.text.events`, and its
forms in the grammar): every module of this package is imported, in name order, when the package
is — :mod:`vsoracle.engine` imports it — so defining its rule registers it.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..rules import RULES, EventRule, rule

__all__ = ["RULES", "EventRule", "rule", "MODULES"]


def _import_all() -> tuple[str, ...]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__))
    for name in names:
        importlib.import_module(f"{__name__}.{name}")
    return tuple(names)


#: The family modules, in the order they were imported.
MODULES = _import_all()
