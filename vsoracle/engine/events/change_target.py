"""Change the target of an effect on the chain (FAQ SC 3): "Change the target of target effect …
to another character …". Only an effect: what happens is the new target's becoming the target."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import choose_objects, doer, perform, target_ok, targets_of
from ..game import Game
from ..primitives import happening
from ..query import query
from ..rules import Cost, Done, EventRule
from ..state import Context
from ..values import replace


class ChangeTargetRule(EventRule):
    node = n.ChangeTarget

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Change the target of an effect … to another character …" (FAQ SC 3): the effect must
        have a legal new target, or this does nothing."""
        q = query(g.state)
        links = [x for x in q.select(e.object, ctx) if isinstance(x, int)]
        if not links:
            g.note("target", "no such effect: this resolves but does nothing", "FAQ SC 3")
            return False, ctx
        pid = doer(q, e.agent, ctx)
        link_id = choose_objects(g, pid, links, 1, f"{pid} chooses an effect")[0]
        lk = g.state.link(link_id)
        assert lk is not None and lk.context is not None  # an effect on the chain (every one has its context)
        old = lk.targets[0]
        nodes_ = targets_of(lk.effect)
        target_node = nodes_[0] if nodes_ else None
        cctx = ctx.bind(current_target=old)
        candidates = []
        for x in q.select(e.to, cctx):
            if x in g.state.objects and (target_node is None or target_ok(g, target_node, x, lk)):
                candidates.append(x)
        if not candidates:
            g.note("target", f"no other legal target for {lk.label}: this resolves but does nothing", "FAQ SC 3")
            return False, ctx
        new = choose_objects(g, pid, candidates, 1, f"{pid} chooses the new target")[0]
        nctx = replace(lk.context, targets=(new,) + lk.context.targets[1:])
        g.set(replace(g.state, chain=tuple(replace(x, context=nctx) if x.id == lk.id else x for x in g.state.chain)))
        g.note("target", f"the target of {lk.label} changes from {old} to {new}", "FAQ SC 3", objects=(new,))
        perform(g, happening(n.BecomeTarget, object=new, effect=lk.id, agent=lk.source), ctx)
        return True, ctx
