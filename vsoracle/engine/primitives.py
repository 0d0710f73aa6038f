"""Under the event pipeline: doing an event, and what the primitives of several families share.

Every change of state an effect, a cost, combat or the turn makes is a
:class:`~vsoracle.engine.state.Happening` that goes through one pipeline
(:func:`vsoracle.engine.effects.perform`): prohibitions ("cannot"), then replacements ("would
… instead"), then the event's primitive — its family's :meth:`~vsoracle.engine.rules.EventRule.happen`
(:mod:`vsoracle.engine.events`), which :func:`apply` finds — then the triggers it sets off. A
primitive changes the state, logs what happened with its rule, and says whether it was done and
which events follow from it (a stun's endurance loss, a character leaving play); it never asks
who is affected by "cannot" or "instead" — the pipeline did. Here: :func:`happening`, and the
parts primitives share (a card leaving play or a resource row, a character leaving the attack,
exhausting and readying, the area a card comes into play in).
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalActionError
from ..text import nodes as n
from .fmap import owning
from .game import Decision, Game
from .query import query
from .log import LogKind
from .state import IN_PLAY, RESOURCE_ROW, Area, GameObject, GameState, Happening, Modifier, Replacement, Zone
from .rules import RULES, EventRule, Result, into_pile, unplayable
from .values import replace
from .zones import targets_only

__all__ = ["happening", "apply", "leaving_play", "object_in_play", "leaving", "out_of_the_attack", "exhausted",
           "left_the_row", "ZONE_WORDS"]



def happening(kind: type[n.Event], /, **roles: Any) -> Happening:
    """A happening of ``kind`` with the roles given (``None`` roles are left out)."""
    if None in roles.values():  # (most events are given no empty role)
        roles = {k: v for k, v in roles.items() if v is not None}
    return Happening(kind, owning(roles))  # (``roles``: a dict made for this call)


def leaving_play(s: GameState, h: Happening) -> str | None:
    """The object this event would take out of play (a KO, or a move from play into a pile or
    out of the game), if any: that event is also its leaving play (the family says)."""
    return RULES[h.kind].leaves_play(s, h)


def object_in_play(s: GameState, h: Happening) -> str | None:
    """The event's object, if it is an object in play."""
    oid = h.get("object")
    if not isinstance(oid, str) or oid not in s.objects or s.obj(oid).zone is not IN_PLAY:
        return None
    return oid


def apply(g: Game, h: Happening, family: EventRule | None = None) -> Result:
    """Do the event: its family's primitive (no prohibition or replacement is looked at here);
    ``family``: its family, when the caller has it already."""
    family = family or RULES.get(h.kind)
    if family is None:
        raise unplayable(h.kind)
    return family.happen(g, h)  # (one that does not happen refuses itself: EventRule.happen)


# -- characters' states ---------------------------------------------------------------------

def out_of_the_attack(g: Game, h: Happening) -> None:
    """A character stunned during an attack is no longer in it ([M481]: "a stunned
    defender is no longer in the attack and does not strike back"; an attacker likewise,
    assumption A-LEFT-ATTACK). The stuns of the attack's own comparison are simultaneous and
    leave the attack as it is until it has concluded."""
    if not h.get("comparison"):
        _leave_the_attack(g, h.get("object"), "is stunned", "CR 407 [M481, CO6]")


def _leave_the_attack(g: Game, oid: str, why: str, cite: str) -> None:
    """``oid`` is no longer an attacker or a defender of the attack under way, if it was one
    (an attacker taken out is remembered as removed: it does not ready; A-LEFT-ATTACK)."""
    a = g.state.attack
    if a is None or (oid not in a.attackers and oid not in a.defenders):
        return
    role = "attacker" if oid in a.attackers else "defender"
    g.set(replace(g.state, attack=replace(a, attackers=tuple(x for x in a.attackers if x != oid),
                                          defenders=tuple(x for x in a.defenders if x != oid),
                                          removed=a.removed + ((oid,) if oid in a.attackers else ()))))
    g.note("attack", f"{oid} {why}: it is no longer in the attack (no longer a{'n' if role == 'attacker' else ''} "
           f"{role})", cite, "A-LEFT-ATTACK", (oid,))


def exhausted(g: Game, h: Happening, value: bool, word: LogKind) -> Result:
    """A card in play or in a resource row becomes exhausted (``value``) or ready: nothing
    happens if it is so already."""
    s = g.state
    oid = h.get("object")
    o = s.obj(oid)
    if (o.zone is not IN_PLAY and o.zone is not RESOURCE_ROW) or o.exhausted == value:
        return False, []
    g.set(s.with_object(replace(o, exhausted=value)))
    if g.logged:  # (a line tried only for where it leads keeps no log: its words are not worth making)
        g.note(word, f"{oid} is {word} ({h.get('why', 'an effect')})", h.get("cite", "CR 508"), objects=(oid,))
    return True, []


# -- cards changing place -------------------------------------------------------------------

def left_the_row(g: Game, o: GameObject) -> None:
    """A card that left its resource row is one resource fewer from now on; the resource points
    already gained stay (assumption A-RESOURCE-LEAVES)."""
    if o.zone is not RESOURCE_ROW or g.state.obj(o.id).zone is RESOURCE_ROW:
        return
    have = len(g.state.player(o.owner).resources)
    g.note("resource", f"{o.owner} has {have} resource{'s' if have != 1 else ''} now", "CR 212",
           "A-RESOURCE-LEAVES", (o.id,))


ZONE_WORDS = {Zone.HAND: "hand", Zone.DECK: "deck", Zone.KO_PILE: "KO'd pile", Zone.REMOVED: "removed-from-game zone",
               Zone.CHAIN: "chain"}


def leaving(g: Game, before: GameState, oid: str) -> list[Happening]:
    """``oid`` has left play: it leaves play, and so does each equipment that was attached to it
    (it goes to its owner's KO'd pile, assumption A-EQUIP-LEAVES)."""
    out = [happening(n.LeavePlay, object=oid)]
    # gone from play, it is no longer in the attack — and if its card comes back into play it is
    # a new object, not an attacker or a defender (assumption A-LEFT-ATTACK; CR 212.5e)
    _leave_the_attack(g, oid, "has left play", "CR 407 [M481]; CR 212.5e")
    # by identity, not by value: hashing would fill the modifiers' hash caches (a perft test checks
    # that nothing is kept from one run to the next)
    gone: list[Modifier | Replacement] = [
        m for m in before.modifiers if (oid in (m.flagged or ()) or targets_only(m, oid))
        and not any(m is x for x in g.state.modifiers)]
    gone += [r for r in before.replacements if targets_only(r, oid) and not any(r is x for x in g.state.replacements)]
    if gone:
        g.note("modifier", f"{oid} has left play: {len(gone)} modifier(s) on it no longer apply (if the card comes "
               "back, it is a new object)", "CR 212.5e", objects=(oid,))
    for e in before.in_play():
        if e.equipped_to == oid and g.state.obj(e.id).zone is not Zone.IN_PLAY:
            g.note("equip", f"{e.id} was attached to {oid}: it goes to {e.owner}'s KO'd pile", "CR 302",
                   "A-EQUIP-LEAVES", (e.id,))
            out.append(happening(n.LeavePlay, object=e.id))
            out.append(into_pile(before, e.id, Zone.KO_PILE))  # put into that pile (A-INTO-PILE)
    return out


def entry_area(g: Game, pid: str, o: GameObject, area: Area | None) -> Area | None:
    """The area ``o`` comes into play in (CR 212.5e): concealed, the hidden one (707.9); with
    concealed—optional, the one ``area`` names or else the one its player chooses; otherwise
    the visible one (``area`` as given, ``None`` left unsaid). An area the card cannot come into
    play in is refused."""
    kw = query(g.state).keywords(o)
    if "concealed" in kw:
        if area == "visible":
            raise IllegalActionError(f"{o.id} is concealed: it comes into play in the hidden area")
        return "hidden"
    if "concealed-optional" in kw:
        if area is None:
            hidden = g.ask(Decision(pid, "may", f"{pid} may have {o.id} come into play in the hidden area",
                                    (True, False)))
            return "hidden" if hidden else "visible"
        return area
    if area == "hidden":
        raise IllegalActionError(f"{o.id} is not concealed: it comes into play in the visible area")
    return area
