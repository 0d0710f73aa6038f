"""Remove from the attack (CR 407 [FMS]): an attacker or a defender is no longer in the attack (an
attacker taken out is remembered as removed: it does not ready). "Remove target attacker from the attack"."""

from __future__ import annotations

from typing import Any

from ...text import nodes as n
from ..effects import to_each
from ..game import Game
from ..rules import Cost, Done, EventRule, Result
from ..state import Context, Happening
from ..values import replace


class RemoveFromAttackRule(EventRule):
    node = n.RemoveFromAttack

    def happen(self, g: Game, h: Happening) -> Result:
        """An attacker or a defender leaves the attack under way (nothing for a character not in it)."""
        a = g.state.attack
        oid = h.get("object")
        if a is None or (oid not in a.attackers and oid not in a.defenders):
            return False, []
        a = replace(a, attackers=tuple(x for x in a.attackers if x != oid),
                    defenders=tuple(x for x in a.defenders if x != oid),
                    removed=a.removed + ((oid,) if oid in a.attackers else ()))
        g.set(replace(g.state, attack=a))
        g.note("attack", f"{oid} is removed from the attack", "CR 407 [FMS]", objects=(oid,))
        return True, []

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """"Remove target character from the attack"."""
        return to_each(g, e, ctx, k, "remove from the attack")
