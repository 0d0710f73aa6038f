"""Gain control of a character (CR 408): it moves to its new controller's side (assumption
A-CONTROL-PLACE); gained "this turn", control returns as the turn ends."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import doer, perform, record, step_objects
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening, Zone
from ..values import replace
from ..zones import free_col, with_gear


class GainControlRule(EventRule):
    node = n.GainControl

    def happen(self, g: Game, h: Happening) -> Result:
        """Gain control of a character: it moves to its new controller's side, same row and area,
        the first empty column (assumption A-CONTROL-PLACE)."""
        oid, pid = h.get("object"), h.get("agent")
        o = g.state.obj(oid)
        if o.zone is not Zone.IN_PLAY or o.controller == pid:
            return False, []
        col = free_col(g.state, pid, o.area or "visible", o.row or "front", exclude=oid)
        g.set(with_gear(g.state, oid, controller=pid, col=col))
        why = f"; {h.get('why')}" if h.get("why") else ""
        g.note("control", f"{pid} gains control of {oid} ({o.row} row, column {col}{why})", h.get("cite", "CR 508"),
               "A-CONTROL-PLACE", (oid,))
        for p in g.state.players:  # "until it … stops being opposed to you" (MEV hunter, FAQ 3 [FEV])
            if p.hunting is not None and p.hunting[0] == oid and pid not in g.state.opponents(p.id):
                g.set(g.state.with_player(replace(p, hunting=None)))
                g.note("hunt", f"{oid} stops being hunted by {p.id}: it is no longer opposed to {p.id}",
                       "keyword Hunter [FEV, HUNTW]", objects=(oid,))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Gain control of target character [this turn]": the player the text names (else the one
        acting) gains control of each character; for "this turn", the character remembers whose it
        was, and control returns to him as the turn ends (turn._return_control)."""
        q = query(g.state)
        pid = doer(q, e.agent, ctx)
        done: list[str] = []
        for oid in step_objects(g, e.object, ctx, pid, f"{pid} chooses a character"):
            before = g.state.obj(oid).controller
            if perform(g, happening(n.GainControl, agent=pid, object=oid), ctx):
                done.append(oid)
                if e.span == "turn":
                    o = g.state.obj(oid)
                    g.set(g.state.with_object(replace(o, bindings=o.bindings.set("control_returns", before))))
                    g.note("control", f"{pid} controls {oid} this turn; control returns to {before} as the turn ends",
                           "CR 408")
        return bool(done), record(ctx, k, done)
