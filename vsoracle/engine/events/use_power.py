"""Use a power: only ever forbidden ("you cannot use activated powers", "~'s powers cannot be
used"); using one is an action (actions.use, CR 501), which asks whether a "cannot" forbids it.
Nothing sees a power's use happen."""

from __future__ import annotations

from ...text import nodes as n
from ..rules import EventRule


class UsePowerRule(EventRule):
    node = n.UsePower
    prohibitable = True
