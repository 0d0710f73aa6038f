"""Moving cards between zones (CR 212/213): one function, so no card is ever lost.

A card is removed from exactly the pile it is in and added to exactly one
other. Leaving play resets what only in-play objects have (state, position,
counters, attachments); a resource turned face down forgets its choices.
"""

from __future__ import annotations

from .values import replace

from .state import PILES, GameState, Zone

__all__ = ["move_card", "remove_from_piles"]


def remove_from_piles(state: GameState, oid: str) -> GameState:
    """The state without ``oid`` in its owner's pile (the one its zone names)."""
    o = state.objects.get(oid)
    if o is not None and o.zone in PILES:
        p = state.player(o.owner)
        ids = p.pile(o.zone)
        if oid in ids:
            return state.with_player(p.with_pile(o.zone, tuple(i for i in ids if i != oid)))
    for p in state.players:
        for zone in PILES:
            ids = p.pile(zone)
            if oid in ids:
                state = state.with_player(p.with_pile(zone, tuple(i for i in ids if i != oid)))
                p = state.player(p.id)
    return state


def move_card(state: GameState, oid: str, zone: Zone, *, controller: str | None = None,
              bottom: bool = False, index: int | None = None, face_up: bool | None = None,
              area: str | None = None, row: str | None = None, col: int | None = None) -> GameState:
    """Put object ``oid`` into ``zone`` (its owner's pile, or in play under ``controller``).

    Leaving play: the object readies, recovers, loses counters and position, and
    any equipment on it goes to its owner's KO'd pile (assumption A-EQUIP-LEAVES).
    """
    o = state.obj(oid)
    was_in_play = o.zone is Zone.IN_PLAY
    state = remove_from_piles(state, oid)
    if zone is Zone.IN_PLAY:
        o = replace(o, zone=zone, controller=controller or o.controller, face_up=True,
                   area=area or "visible", row=row or "front", col=col, revealed=False)
    else:
        o = replace(o, zone=zone, controller=o.owner if zone is not Zone.CHAIN else (controller or o.controller),
                   exhausted=False if zone is not Zone.RESOURCE_ROW else o.exhausted, stunned=False,
                   area=None, row=None, col=None, counters=(0, 0), equipped_to=None, revealed=False,
                   face_up=(face_up if face_up is not None else zone is not Zone.RESOURCE_ROW),
                   bindings=o.bindings if zone is Zone.CHAIN else type(o.bindings)())
        if zone in PILES:
            p = state.player(o.owner)
            ids = p.pile(zone)
            if index is not None:
                ids = ids[:index] + (oid,) + ids[index:]
            elif bottom or zone is not Zone.DECK:
                ids = ids + (oid,)
            else:
                ids = (oid,) + ids
            state = state.with_player(p.with_pile(zone, ids))
    state = state.with_object(o)
    if was_in_play and zone is not Zone.IN_PLAY:
        for other in list(state.objects.values()):
            if other.equipped_to == oid and other.zone is Zone.IN_PLAY:
                state = move_card(state, other.id, Zone.KO_PILE)
    return state
