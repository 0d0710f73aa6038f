"""Reinforcement: a character in the support row helps the defender. "Whenever ~
reinforces a character", "~ cannot be reinforced", "reinforced characters"."""

from __future__ import annotations

import attrs

from ..ast import Event, Selector
from ..phrases import active, passive
from .family import Family


@attrs.frozen(repr=False, eq=False)
class Reinforce(Event):
    """Reinforcement: "NP reinforces NP", "NP is reinforced"."""

    agent: Selector | None = None
    object: Selector | None = None


class ReinforceText(Family):
    node = Reinforce
    verb = "reinforce"
    participle = "reinforced"
    aux = "is"
    state = "reinforced"
    of_character = True
    rules = {"reinforce": active(Reinforce, "object"), "reinforced": passive(Reinforce)}
