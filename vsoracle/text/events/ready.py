"""Ready: an exhausted character turns upright. "Ready target character", "Whenever ~ becomes
ready", "~ cannot be readied"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from ..ast import Event, Selector
from ..phrases import Be, Children, Pred, Verb, active, passive
from .family import Family

if TYPE_CHECKING:
    from ..tree import Meta


@attrs.frozen(repr=False, eq=False)
class Ready(Event):
    """Ready: "ready NP", "NP becomes readied"."""

    object: Selector | None = None
    agent: Selector | None = None


def cannot_ready(self: Any, meta: Meta, children: Children) -> Pred:
    """"It cannot ready this turn": what "it cannot be readied this turn" says."""
    pred: Pred = self._pred("cannot_be", meta, [Be("pp", Verb(Ready, {}, "object"))] + list(children[1:]))
    return pred


class ReadyText(Family):
    node = Ready
    verb = "ready"
    participle = "readied"
    state = "ready"
    of_character = True
    # "characters your opponents control cannot ready" (an ongoing plot twist of DGL): the subject is what
    # is readied, as in "cannot be readied"; "It cannot ready this turn" (cannot_ready) the same
    rules = {"ready": active(Ready, "object"), "readied": passive(Ready),
             "ready_self": active(Ready, role="object"), "cannot_ready": cannot_ready}

    def leaves(self, e: Any) -> Literal["exhausted"]:
        return "exhausted"
