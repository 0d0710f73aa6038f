"""Play a plot twist (CR 300, 505): the player puts it on the chain (actions.play). "Whenever an
opponent plays a plot twist", "you cannot play plot twists"."""

from __future__ import annotations

from ...text import nodes as n
from ..rules import Signal
from ..state import Happening


class PlayRule(Signal):
    node = n.Play
    permitted = True  # "You can play this card from your KO'd pile." (DWF; assumption A-RECRUIT-FROM)

    def what(self, h: Happening) -> str:
        return f"{h.get('agent')} playing {h.get('object')}"
