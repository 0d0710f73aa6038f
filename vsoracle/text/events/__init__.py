"""The event families of the card-text language, one module each: the node, its grammar rules
and its words (:class:`~vsoracle.text.events.family.Family`).

A new event is a new module here (and its forms in the grammar, and its rules in
:mod:`vsoracle.engine.events`): every module of this package is imported, in name order, when the
package is, so defining its family registers it. ``docs/card-text.md`` *Adding a verb* says how.
"""

from __future__ import annotations

import importlib
import pkgutil

from .family import FAMILIES, Conjugate, Family, RenderError, family, family_rules

__all__ = ["FAMILIES", "Conjugate", "Family", "RenderError", "family", "family_rules", "MODULES"]


def _import_all() -> tuple[str, ...]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name != "family")
    for name in names:
        importlib.import_module(f"{__name__}.{name}")
    return tuple(names)


#: The family modules, in the order they were imported.
MODULES = _import_all()
