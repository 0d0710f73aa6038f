"""The rules engine: immutable game state, the chain, modifiers, combat and the turn.

Every rule function opens with the rule and its citation (CR number, FAQ entry,
or an assumption id from ``docs/rules-assumptions.md``); its log event carries
the same citation.
"""

from . import events as _events  # noqa: E402,F401 — every event family's rule registers itself
