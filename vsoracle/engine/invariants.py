"""Position invariants, checked on every transition (always on in tests).

Every card is in exactly one zone and, for ordered piles, listed exactly
once in its owner's pile; the chain holds only effects whose cards are on
the chain; two characters never share a slot; ids are unique (the table of
objects is keyed by id). A violation is a vsoracle bug, reported plainly.
"""

from __future__ import annotations

from collections import Counter

from .state import PILES, GameState, Zone

__all__ = ["check_invariants", "check_transition", "InvariantError"]


class InvariantError(AssertionError):
    """The engine produced an impossible position (a bug, not a user error)."""


def check_invariants(state: GameState) -> None:
    """Raise :class:`InvariantError` if ``state`` is impossible."""
    listed: Counter[str] = Counter()
    for p in state.players:
        for zone in PILES:
            for oid in p.pile(zone):
                listed[oid] += 1
                o = state.objects.get(oid)
                if o is None:
                    raise InvariantError(f"{p.id}'s {zone} lists unknown object {oid}")
                if o.zone is not zone or o.owner != p.id:
                    raise InvariantError(f"{oid} is listed in {p.id}'s {zone} but is in {o.owner}'s {o.zone}")
    twice = [oid for oid, n in listed.items() if n > 1]
    if twice:
        raise InvariantError(f"{twice[0]} is listed in two piles")
    links = state.chain + ((state.resolving,) if state.resolving else ())
    chain_sources = Counter(lk.source for lk in links if lk.kind in ("recruit", "play") and lk.source)
    slots: dict[tuple, str] = {}
    for oid, o in state.objects.items():
        if o.id != oid:
            raise InvariantError(f"object {oid} carries id {o.id}")
        if o.zone in PILES and listed[oid] != 1:
            raise InvariantError(f"{oid} is in the {o.zone} but not listed there")
        if o.zone is Zone.CHAIN and chain_sources[oid] != 1:
            raise InvariantError(f"{oid} is on the chain without exactly one effect of its own")
        if o.zone is Zone.IN_PLAY and o.equipped_to is None:
            key = (o.controller, o.area, o.row, o.col)
            if key in slots:
                raise InvariantError(f"{oid} and {slots[key]} share a slot {key}")
            slots[key] = oid
        if o.zone is not Zone.IN_PLAY and (o.stunned or o.equipped_to):
            raise InvariantError(f"{oid} is stunned or equipped outside play")
        if o.equipped_to is not None and o.zone is Zone.IN_PLAY:
            host = state.objects.get(o.equipped_to)
            if host is None or host.zone is not Zone.IN_PLAY:
                raise InvariantError(f"{oid} is equipped to {o.equipped_to}, which is not in play")
    for lk in state.chain:
        if lk.kind == "recruit" and lk.source:
            if state.objects[lk.source].zone is not Zone.CHAIN:
                raise InvariantError(f"recruit effect of {lk.source} whose card is not on the chain")


def check_transition(before: GameState, after: GameState) -> None:
    """Nothing is lost: no rule of the Avengers era creates or removes a card, so every
    transition keeps exactly the same objects, each with the same owner."""
    if before.objects.keys() != after.objects.keys():
        gone = sorted(set(before.objects) - set(after.objects))
        new = sorted(set(after.objects) - set(before.objects))
        raise InvariantError(f"objects changed: lost {gone}, appeared {new}")
    for oid, o in after.objects.items():
        if before.objects[oid].owner != o.owner:
            raise InvariantError(f"{oid} changed owner")
