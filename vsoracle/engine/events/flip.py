"""Flipping a location (CR 303; assumption A-FLIP: no chain): the flip step (actions.flip) makes it
happen, so "When you flip ~" triggers and a "cannot" could forbid it. As it is flipped, its
uniqueness is checked (The Coming of Galactus FAQ 4 [FCG]; [CO7])."""

from __future__ import annotations

from ...cards import CardType
from ...text.events.flip import Flip
from ..game import Game
from ..primitives import left_the_row
from ..query import query
from ..rules import EventRule, Result, into_pile
from ..state import Happening, Zone
from ..values import replace
from ..zones import move_card


class FlipRule(EventRule):
    node = Flip
    gerund = "flipping"

    def happen(self, g: Game, h: Happening) -> Result:
        """The location turns face up; every other face-up location of its name in its player's
        resource row goes to its owner's KO'd pile, unless it is not unique."""
        pid, oid = h.get("agent"), h.get("object")
        o = g.state.obj(oid)
        if o.zone is not Zone.RESOURCE_ROW or o.face_up or o.card.type is not CardType.LOCATION:
            return False, []
        g.set(g.state.with_object(replace(o, face_up=True)))
        g.note("flip", f"{pid} flips location {oid} face up", "CR 303", "A-FLIP")
        return True, _location_uniqueness(g, pid, oid)


def _location_uniqueness(g: Game, pid: str, oid: str) -> list[Happening]:
    """A location's uniqueness is checked as it is flipped: every other face-up location with the
    same name in its player's resource row goes to its owner's KO'd pile (not KO'd; a resource
    fewer); a location that is not unique ("~ is not unique") checks nothing, and one gained
    control of is not checked, since none was just flipped. Names only, not versions (The Coming
    of Galactus FAQ 4 [FCG]; the cogonline answer [CO7]; as for characters, CR 705.1). Each is put
    into its owner's KO'd pile: the moves that follow (assumption A-INTO-PILE)."""
    s = g.state
    o = s.obj(oid)
    if not query(s).is_unique(o):
        g.note("unique", f"{oid} is not unique: no uniqueness check as it is flipped", "CR 705.1 [FCG]")
        return []
    same = [s.obj(r) for r in s.player(pid).resources if r != oid and s.obj(r).face_up
            and s.obj(r).card.type is CardType.LOCATION and s.obj(r).card.name.casefold() == o.card.name.casefold()]
    if not same:
        g.note("unique", f"uniqueness: {pid} has no other face-up location named '{o.card.name}' (a version or "
               "another name does not count)", "CR 705.1 [FCG, CO7]")
    follow = []
    for other in same:
        follow.append(into_pile(g.state, other.id, Zone.KO_PILE))
        g.set(move_card(g.state, other.id, Zone.KO_PILE))
        g.note("unique", f"uniqueness: {other.id} ({other.card.title}) shares the name '{o.card.name}' with the "
               f"location {oid} just flipped and is put into the KO'd pile (not KO'd)", "CR 705.1 [FCG, CO7]",
               objects=(other.id,))
        left_the_row(g, other)
    return follow
