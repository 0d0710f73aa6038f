"""Hunted (MEV, hunter): "That character becomes hunted by you." — a player hunts one character at a
time; "a character hunted by you", "target hunted character" (:class:`~vsoracle.text.ast.Hunted`)
name the one he hunts now. "Whenever a character becomes hunted by you", "if that character is hunted
by you"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

import attrs

from ..ast import Event, Hunted, Qualifier, Selector
from ..phrases import passive
from .family import Conjugate, Family

if TYPE_CHECKING:
    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Hunt(Event):
    """"NP becomes hunted by P": ``agent`` (a player) hunts ``object`` (a character) from now on,
    and no other character."""

    object: Selector | None = None
    agent: Selector | None = None


class HuntText(Family):
    node = Hunt
    participle = "hunted"
    intransitive = True  # said of what is hunted: "that character becomes hunted by you"
    object_subject = True
    of_character = True
    rules = {"hunted": passive(Hunt)}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        return f"{v('become')} {self.passive(say, e)}"

    def passive(self, say: Speech, e: Any) -> str:
        """"hunted by you": who hunts it is said, whoever it is."""
        return "hunted" + (f" by {say.np(e.agent, 'object')}" if e.agent is not None else "")

    def qualifier(self, fields: Mapping[str, Any]) -> Qualifier | None:
        """"is hunted by you": hunted by that player now (not "was ever")."""
        return Hunted(fields.get("agent"))
