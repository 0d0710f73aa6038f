"""Recover (CR 408): a stunned character turns face up, exhausted. "Recover target character",
"At the start of the recovery phase this turn, recover ~", "Whenever ~ becomes recovered"."""

from __future__ import annotations

from typing import Any, Literal

import attrs

from ..ast import Event, Selector
from ..phrases import active, passive
from .family import Family


@attrs.frozen(repr=False, eq=False)
class Recover(Event):
    """Recover a stunned character (CR 408): "recover NP", "NP becomes recovered"."""

    object: Selector | None = None
    agent: Selector | None = None


class RecoverText(Family):
    node = Recover
    verb = "recover"
    participle = "recovered"
    of_character = True
    # "characters your opponents control cannot recover" (an ongoing plot twist of DGL): the subject is what
    # is recovered, as in "cannot be recovered"
    rules = {"recover": active(Recover, "object"), "recovered": passive(Recover),
             "recover_self": active(Recover, role="object")}

    def leaves(self, e: Any) -> Literal["stunned"]:
        return "stunned"
