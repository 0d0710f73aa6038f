"""Position invariants, checked on every transition (always on in tests).

Every card is in exactly one zone and, for ordered piles, listed exactly
once in its owner's pile; the chain holds only effects whose cards are on
the chain; two characters never share a slot; ids are unique (the table of
objects is keyed by id). A violation is a vsoracle bug, reported plainly.

:func:`check_invariants` checks a whole position; :func:`check_change` checks a transition
from a position that holds them by looking only at what changed (the objects, piles and chain
that are not the same values as before), so checking every transition of an exploration costs
what the transitions changed, not the size of the position each time.
"""

from __future__ import annotations

from collections import Counter

from .state import PILES, GameState, Zone

__all__ = ["check_invariants", "check_transition", "check_change", "InvariantError"]


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
    slots: dict[tuple[str, str | None, str | None, int | None], str] = {}
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
    if before.objects is after.objects:
        return
    if before.objects.keys() != after.objects.keys():
        gone = sorted(set(before.objects) - set(after.objects))
        new = sorted(set(after.objects) - set(before.objects))
        raise InvariantError(f"objects changed: lost {gone}, appeared {new}")
    for oid, o in after.objects.items():
        was = before.objects[oid]
        if was is not o and was.owner != o.owner:
            raise InvariantError(f"{oid} changed owner")


def check_change(before: GameState, after: GameState) -> None:
    """:func:`check_transition`, and :func:`check_invariants` of ``after`` given that ``before``
    holds them: every invariant a transition can break is checked on what it changed."""
    check_transition(before, after)
    objs, old = after.objects, before.objects
    changed = [] if objs is old else objs.changed_from(old)
    for oid, o in changed:
        was = old.get(oid)
        if was is not None and was.card is not o.card:
            raise InvariantError(f"{oid} became another card")  # powers.holders relies on it
    players = after.players
    if len(players) != len(before.players):
        raise InvariantError("the players changed")
    links = after.chain + ((after.resolving,) if after.resolving else ())
    chain_changed = after.chain is not before.chain or after.resolving is not before.resolving
    sources: Counter[str]  # counted, and read, only where the chain or a card on it changed
    if chain_changed or any(o.zone is Zone.CHAIN or old[oid].zone is Zone.CHAIN for oid, o in changed):
        sources = Counter(lk.source for lk in links if lk.kind in ("recruit", "play") and lk.source)

    # Where each object is listed: counted in the piles for the first few objects a transition
    # changed, then read off one tally of every pile, so a transition that moves many cards of a
    # large deck costs the size of the piles once, not once per card.
    tally: dict[str, list[tuple[str, Zone]]] | None = None
    asked = 0

    def listings(oid: str) -> list[tuple[str, Zone]]:
        nonlocal tally, asked
        if tally is None:
            asked += 1
            if asked <= 8:
                return [(p.id, zone) for p in players for zone in PILES for _ in range(p.pile(zone).count(oid))]
            tally = {}
            for p in players:
                for zone in PILES:
                    for listed in p.pile(zone):
                        tally.setdefault(listed, []).append((p.id, zone))
        return tally.get(oid, [])

    def pile_ok(oid: str) -> None:
        """``oid`` is listed exactly where its object is, once (or nowhere, outside the piles)."""
        o = objs.get(oid)
        if o is None:
            raise InvariantError(f"a pile lists unknown object {oid}")
        found = listings(oid)
        n = len(found)
        if o.zone in PILES:
            if n != 1 or found[0] != (o.owner, o.zone):
                raise InvariantError(f"{oid} is in {o.owner}'s {o.zone} but listed {n} times"
                                     + ("" if n != 1 else " elsewhere"))
        elif n:
            raise InvariantError(f"{oid} is listed in a pile but is in the {o.zone}")

    for oid, o in changed:
        if o.id != oid:
            raise InvariantError(f"object {oid} carries id {o.id}")
        was = old[oid]
        pile_ok(oid)
        if o.zone is not Zone.IN_PLAY and (o.stunned or o.equipped_to):
            raise InvariantError(f"{o.id} is stunned or equipped outside play")
        if o.zone is Zone.IN_PLAY and o.equipped_to is not None:
            host = objs.get(o.equipped_to)
            if host is None or host.zone is not Zone.IN_PLAY:
                raise InvariantError(f"{o.id} is equipped to {o.equipped_to}, which is not in play")
        if o.zone is Zone.IN_PLAY and o.equipped_to is None:
            key = (o.controller, o.area, o.row, o.col)
            if was.zone is not Zone.IN_PLAY or was.equipped_to is not None or key != (was.controller, was.area,
                                                                                       was.row, was.col):
                for other in after.in_play():
                    if other is not o and other.equipped_to is None and \
                            (other.controller, other.area, other.row, other.col) == key:
                        raise InvariantError(f"{o.id} and {other.id} share a slot {key}")
        if was.zone is Zone.IN_PLAY and o.zone is not Zone.IN_PLAY:  # equipment cannot stay on a host that left
            for other in after.in_play():
                if other.equipped_to == o.id:
                    raise InvariantError(f"{other.id} is equipped to {o.id}, which is not in play")
        if o.zone is Zone.CHAIN and sources[o.id] != 1:
            raise InvariantError(f"{o.id} is on the chain without exactly one effect of its own")
    for p, q in zip(players, before.players):
        if p is q:
            continue
        for zone in PILES:
            listed, listed_before = p.pile(zone), q.pile(zone)
            if listed is not listed_before:  # the objects listed a different number of times than before
                now, then = Counter(listed), Counter(listed_before)
                for oid in now.keys() | then.keys():
                    if now[oid] != then[oid]:
                        pile_ok(oid)
    if chain_changed:
        before_links = before.chain + ((before.resolving,) if before.resolving else ())
        for lk in links + before_links:
            if lk.kind in ("recruit", "play") and lk.source and lk.source in objs:
                if objs[lk.source].zone is Zone.CHAIN and sources[lk.source] != 1:
                    raise InvariantError(f"{lk.source} is on the chain without exactly one effect of its own")
    if chain_changed or changed:
        for lk in after.chain:
            if lk.kind == "recruit" and lk.source and objs[lk.source].zone is not Zone.CHAIN:
                raise InvariantError(f"recruit effect of {lk.source} whose card is not on the chain")
