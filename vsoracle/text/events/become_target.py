"""A card becomes the target of an effect: "Whenever ~ becomes the target of a plot twist
effect", "Whenever a plot twist effect targets ~", "~ cannot be the target of effects your
opponents control", "If ~ would be targeted, …"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector
from ..phrases import Be, Children, Pred, Verb, active, passive, trees
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class BecomeTarget(Event):
    """"NP becomes the target of NP" (an effect), "NP cannot be the target of NP"."""

    object: Selector | None = None
    agent: Selector | None = None


def target_of(self: Any, meta: Meta, children: Children) -> Be:
    """"is the target of NP"."""
    return Be("pp", Verb(BecomeTarget, {"agent": trees(children)[-1]}, "object"))


def would_target(self: Any, meta: Meta, children: Children) -> Pred:
    """"If a plot twist effect would target ~": the effect is the subject."""
    parts = trees(children)
    return Pred("would", Verb(BecomeTarget, {"object": parts[0]}, "agent"), tuple(parts[1:]), meta.start_pos)


class BecomeTargetText(Family):
    node = BecomeTarget
    participle = "targeted"
    object_subject = True
    doer_verb = "target"
    rules = {"become_target": active(BecomeTarget, "agent", role="object"),
             "target_vp": active(BecomeTarget, "object"),  # "Whenever a plot twist effect targets ~"
             "would_target": would_target, "targeted": passive(BecomeTarget), "target_of": target_of}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('become')} the target of {say.np(e.agent, 'object')}"

    def be(self, say: Speech, e: Any) -> str:
        return f"the target of {say.np(e.agent, 'object')}"
