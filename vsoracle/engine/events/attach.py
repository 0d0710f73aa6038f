"""Attaching equipment by an effect (CR 302): "Attach target equipment you control to another
target character you control". It moves as a transfer does: to a character its controller
controls, in the same kind of area [CMK], of its team if it is team equipment (CR 302 [CH]), that
holds no other equipment unless a card says it may (assumption A-EQUIP-LIMIT); its counters stay
where they are (FAQ SC 6)."""

from __future__ import annotations

import re
from typing import Any

from ...cards.model import CardType
from ...text import nodes as n
from ...text.events.attach import Attach
from ..effects import acting, perform, record, step_objects
from ..game import Game
from ..primitives import happening
from ..rules import DONE, Cost, Done, EventRule, Mode, Result, names_several
from ..state import Context, Happening, Zone
from ..zones import attach, transfer_problem


class AttachRule(EventRule):
    node = Attach
    gerund = "attaching"

    def happen(self, g: Game, h: Happening) -> Result:
        """The equipment is attached to the character, if the rules let it go there; else it stays
        where it is, and the log says why."""
        s = g.state
        eid, host = h.get("object"), h.get("to")
        e, c = s.obj(eid), s.obj(host)
        why: str | None = None
        if e.zone is not Zone.IN_PLAY or e.card.type is not CardType.EQUIPMENT:
            why = f"{eid} is not equipment in play"
        elif c.zone is not Zone.IN_PLAY or c.card.type is not CardType.CHARACTER or c.controller != e.controller:
            why = f"{host} is not a character {e.controller} controls"
        elif e.equipped_to == host:
            why = f"{eid} is attached to {host} already"
        else:
            why = transfer_problem(s, eid, host)
        if why is not None:
            named = re.search(r"\bA-[A-Z-]+[A-Z]\b", why)  # the assumption the reason rests on, if it names one
            g.note("equip", f"{eid} stays where it is: {why}", "CR 302", named.group(0) if named else None,
                   objects=(eid, host))
            return False, []
        g.set(attach(s, eid, host))
        g.note("equip", f"{eid} is attached to {host}; counters stay where they are", "CR 302; FAQ SC 6",
               objects=(eid, host))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Attach NP to NP": each equipment the first names, to the character the second names
        ("another character" there: other than the one the equipment is on now)."""
        pid = acting(ctx)
        moved: list[str] = []
        for eid in step_objects(g, e.object, ctx, pid, f"{pid} chooses equipment to attach"):
            host = g.state.obj(eid).equipped_to
            to = step_objects(g, e.to, ctx.bind(affected=host or eid), pid,
                              f"{pid} chooses a character to attach {eid} to")
            if to and perform(g, happening(Attach, object=eid, to=to[0], agent=pid), ctx):
                moved.append(eid)
        if not moved:
            g.note("equip", "no equipment to attach: this does nothing", "FAQ SC 18")
        return bool(moved), record(ctx, k, moved)

    def what(self, h: Happening) -> str:
        return f"attaching {h.get('object')} to {h.get('to')}"

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """Equipment goes on one character: "to each character …" says where none goes."""
        if mode in DONE and names_several(e.to):
            return f"\"{words}\" (equipment is attached to one character, not to several)"
        if mode in DONE and isinstance(e.object, n.Filter) and e.object.kind not in ("equipment", "card"):
            return f"\"{words}\" (only equipment is attached)"
        return None
