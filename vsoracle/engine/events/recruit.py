"""Recruit (CR 301.4, 404): a player recruits a character or an equipment, a game-based effect on
the chain (actions.recruit). "When you recruit ~", "you cannot recruit characters this turn", and the
one permission vsoracle plays: "you may recruit ~ from your KO'd pile" (assumption A-RECRUIT-FROM)."""

from __future__ import annotations

from ...text import nodes as n
from ..rules import Signal


class RecruitRule(Signal):
    node = n.Recruit
    permitted = True
