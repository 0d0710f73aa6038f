"""Hunted (MEV, hunter): "That character becomes hunted by you." A player hunts one character at a
time: "As a character becomes hunted by you, all other characters stop being hunted by you." It
stays hunted "until it leaves play, stops being opposed to you, or another character becomes hunted
by you; even if it becomes stunned or loses its powers; whether or not there are any hunters in
play" (Marvel Evolution FAQ 3 [FEV]; the wiki's CR wording agrees [HUNTW]) — what the player
remembers is the object, and :meth:`vsoracle.engine.query.Query.hunters` reads the rest."""

from __future__ import annotations

from typing import Any

from ...cards import CardType
from ...text import nodes as n
from ..effects import acting, perform, record, step_objects
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule, Mode, Result, only_characters
from ..state import Context, Happening, Zone
from ..values import replace


class HuntRule(EventRule):
    node = n.Hunt
    gerund = "hunting"

    def happen(self, g: Game, h: Happening) -> Result:
        """``agent`` (a player) hunts ``object``, an opposing character in play, and no other."""
        pid, oid = h.get("agent"), h.get("object")
        s = g.state
        o = s.obj(oid)
        if pid not in s.player_ids or o.zone is not Zone.IN_PLAY or o.card.type is not CardType.CHARACTER \
                or o.controller not in s.opponents(pid):
            return False, []
        p = s.player(pid)
        before = p.hunting
        g.set(s.with_player(replace(p, hunting=(oid, o.incarnation))))
        stops = f"; {before[0]} stops being hunted by {pid}" if before is not None and before[0] != oid else ""
        g.note("hunt", f"{oid} becomes hunted by {pid}{stops}", "keyword Hunter [FEV, HUNTW]", objects=(oid,))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"That character becomes hunted by you": by each player the text names (you: the acting player)."""
        q = query(g.state)
        hunters = q.players(e.agent, ctx) if e.agent is not None else (acting(ctx),)
        done: list[str] = []
        happened: list[Happening] = []
        picked = step_objects(g, e.object, ctx, acting(ctx), f"{acting(ctx)} chooses a character to hunt")
        for pid in hunters:
            for oid in picked:
                h = happening(n.Hunt, object=oid, agent=pid)
                if perform(g, h, ctx):
                    done.append(oid)
                    happened.append(h)
        if not picked:
            g.note("hunt", "no character to hunt", "CR 508")
        return bool(done), record(ctx, k, done, happened)

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """Only a character is hunted, and only by a player."""
        if mode in ("cost", "unless"):
            return f"the cost \"{words}\""
        return only_characters(e, mode, words, "hunted")
