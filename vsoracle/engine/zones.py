"""Moving cards between zones (CR 212/213): one function, so no card is ever lost.

A card is removed from exactly the pile it is in and added to exactly one
other. Leaving play resets what only in-play objects have (state, position,
counters, attachments); a resource turned face down forgets its choices.
"""

from __future__ import annotations

from typing import Iterable

from ..text import nodes as n
from .query import query
from .values import replace

from .state import (_PILE_FIELD, CHAIN, DECK, IN_PLAY, KO_PILE, PILES, RESOURCE_ROW, Area, ChainLink, GameObject, GameState,
                    Modifier, Player, Replacement, Row, Zone)

__all__ = ["move_card", "with_gear", "attach", "free_col", "team_equipment_problem", "equipment_areas",
           "equip_limit_problem", "transfer_problem", "targets_only", "gone_since_targeted"]


def _take_out(players: tuple[Player, ...], o: GameObject) -> tuple[Player, ...]:
    """The players with ``o`` taken out of its owner's pile (the one its zone names); a card
    found nowhere it should be is looked for in every pile, so that it is never in two."""
    if o.zone in PILES:
        for i, p in enumerate(players):
            ids = p.pile(o.zone)
            if p.id == o.owner and o.id in ids:
                return players[:i] + (p.with_pile(o.zone, _without(ids, o.id)),) + players[i + 1:]
    out = []
    for p in players:
        for zone in PILES:
            ids = p.pile(zone)
            if o.id in ids:
                p = p.with_pile(zone, _without(ids, o.id))
        out.append(p)
    return tuple(out)


def _without(ids: tuple[str, ...], oid: str) -> tuple[str, ...]:
    """The pile ``ids`` without ``oid`` (every copy of it, should a pile ever hold two)."""
    i = ids.index(oid)
    rest = ids[:i] + ids[i + 1:]
    return _without(rest, oid) if oid in rest else rest


def _repiled(players: tuple[Player, ...], o: GameObject, zone: Zone, *, top: bool,
              index: int | None) -> tuple[Player, ...]:
    """The players with ``o`` taken out of the pile it is in and, if ``zone`` is a pile, added to
    its owner's (at ``index``, on top or at the bottom). A card moves between its owner's piles:
    that player is copied once, with both piles changed."""
    oid = o.id
    for i, p in enumerate(players):
        if p.id == o.owner:
            break
    else:
        return _take_out(players, o)  # (an owner who is no player: nothing to put in)
    changes: dict[str, tuple[str, ...]] = {}
    field = _PILE_FIELD.get(o.zone)
    if field is not None and oid in (ids := getattr(p, field)):
        changes[field] = _without(ids, oid)
    else:  # a card out of its owner's piles (in play, on the chain), or found where it should not be
        players = _take_out(players, o)
        p = players[i]
    to = _PILE_FIELD.get(zone)
    if to is not None:
        ids = changes[to] if to in changes else getattr(p, to)
        if index is not None:
            ids = ids[:index] + (oid,) + ids[index:]
        else:
            ids = (oid,) + ids if top else ids + (oid,)
        changes[to] = ids
    if not changes:
        return players
    return players[:i] + (replace(p, **changes),) + players[i + 1:]


def move_card(state: GameState, oid: str, zone: Zone, *, controller: str | None = None,
              bottom: bool = False, index: int | None = None, face_up: bool | None = None,
              area: Area | None = None, row: Row | None = None, col: int | None = None) -> GameState:
    """Put object ``oid`` into ``zone`` (its owner's pile, or in play under ``controller``).

    Leaving play: the object readies, recovers, loses counters and position, and
    any equipment on it goes to its owner's KO'd pile (assumption A-EQUIP-LEAVES).
    One new state: the piles and the object change together.
    """
    o = state.obj(oid)
    was_in_play = o.zone is IN_PLAY
    # The deck takes a card on top unless told otherwise; other piles at the bottom.
    players = _repiled(state.players, o, zone, top=zone is DECK and not bottom, index=index)
    if zone is IN_PLAY:
        o = replace(o, zone=zone, controller=controller or o.controller, face_up=True,
                    area=area or "visible", row=row or "front", col=col, revealed=False,
                    incarnation=o.incarnation if was_in_play else o.incarnation + 1)  # a new object (CR 212.5e)
    else:
        o = replace(o, zone=zone, controller=o.owner if zone is not CHAIN else (controller or o.controller),
                    exhausted=False if zone is not RESOURCE_ROW else o.exhausted, stunned=False,
                    area=None, row=None, col=None, counters=(0, 0), equipped_to=None, revealed=False,
                    face_up=(face_up if face_up is not None else zone is not RESOURCE_ROW),
                    bindings=o.bindings if zone is CHAIN else type(o.bindings)())
    state = replace(state, players=players, objects=state.objects.set(oid, o))
    if was_in_play and zone is not IN_PLAY:
        state = _forget(state, oid)
        for other in list(state.objects.values()):
            if other.equipped_to == oid and other.zone is IN_PLAY:
                state = move_card(state, other.id, KO_PILE)
    return state


def targets_only(m: Modifier | Replacement, oid: str) -> bool:
    """Is ``m`` a modifier that matches at each moment (or a replacement modifier) whose targets
    are all ``oid``?"""
    if isinstance(m, Modifier) and (m.flagged is not None or m.player_subject):
        return False
    values = _flat(m.context.targets)
    return bool(values) and all(v == oid for v in values)


def _flat(values: Iterable[object]) -> list[object]:
    return [v for t in values for v in (t if isinstance(t, (tuple, list, frozenset)) else (t,))]


def _lost_target(link: ChainLink, oid: str) -> ChainLink:
    """A chain link that targets ``oid`` (or powers it up, equips it, or was paid by exhausting it
    to reinforce) notes that it has left play: its card, should it come back, is a new object and
    no longer that target (CR 212.5e; CR 508 [C8])."""
    named = _flat(link.context.targets if link.context else ()) + [link.details.get(k) for k in
                                                                   ("character", "equip", "supporter")]
    if oid not in named:
        return link
    return replace(link, details=link.details.set("gone", frozenset(link.details.get("gone", ())) | {oid}))


def gone_since_targeted(link: ChainLink, value: object) -> bool:
    """Has target ``value`` of ``link`` left play since it was targeted (see :func:`_lost_target`)?"""
    return value in link.details.get("gone", ())


def _forget(state: GameState, oid: str) -> GameState:
    """An object that leaves play is gone: if its card comes back it is a new object (CR 212.5e,
    "a card becomes an object as it is put into the in-play zone"), which the modifiers made for
    the old one do not affect — one that flagged it (the quality rule, FAQ SC 4, SC 13) no longer
    lists it, one whose targets were only it ("target character cannot be stunned this turn")
    ends (a replacement modifier likewise), and its powers' "only once per turn" uses are not the
    new object's."""
    kept = []
    for m in state.modifiers:
        if m.flagged is not None and oid in m.flagged:
            m = replace(m, flagged=m.flagged - {oid})
        elif targets_only(m, oid):
            continue
        kept.append(m)
    chain = tuple(_lost_target(link, oid) for link in state.chain)
    if any(a is not b for a, b in zip(chain, state.chain)):
        state = replace(state, chain=chain)
    replacements = tuple(r for r in state.replacements if not targets_only(r, oid))
    if len(replacements) != len(state.replacements):
        state = replace(state, replacements=replacements)
    # a power's uses are (object, power, n); other keys ("end", step), (player, "resource", 0) stay
    used = frozenset(k for k in state.used_powers if not (len(k) == 3 and k[0] == oid and k[1] != "resource"))
    if used != state.used_powers:
        state = replace(state, used_powers=used)  # "only once per turn" counts this object's uses
    return replace(state, modifiers=tuple(kept)) if len(kept) != len(state.modifiers) or any(
        a is not b for a, b in zip(kept, state.modifiers)) else state


def with_gear(state: GameState, oid: str, **changes: object) -> GameState:
    """The state with ``changes`` made to object ``oid`` and to each equipment attached to it:
    equipment stays with its character wherever it goes, and under whoever controls it (CR 302)."""
    state = state.with_object(replace(state.obj(oid), **changes))
    for eq in list(state.in_play()):
        if eq.equipped_to == oid:
            state = state.with_object(replace(eq, **changes))
    return state


def attach(state: GameState, eid: str, host: str) -> GameState:
    """The state with equipment ``eid`` attached to character ``host``, in its position (CR 302)."""
    h = state.obj(host)
    return state.with_object(replace(state.obj(eid), equipped_to=host, area=h.area, row=h.row, col=h.col))


def team_equipment_problem(state: GameState, eid: str, host: str) -> str | None:
    """Why team equipment (printed with a team affiliation) cannot attach to ``host``, or ``None``:
    it cannot be attached to a character lacking that affiliation by any means — recruited,
    transferred, put into play equipped (CR 302; rules digest §3.3 [S:CH])."""
    teams = state.obj(eid).card.affiliations
    if not teams:
        return None
    has = {a.casefold() for a in query(state).affiliations(state.obj(host))}
    if has & {t.casefold() for t in teams}:
        return None
    return f"{eid} is {' / '.join(teams)} equipment and {host} has no such affiliation"


def equipment_areas(state: GameState, eid: str) -> frozenset[Area]:
    """The kinds of area a character must be in for equipment ``eid`` to be attached to it: the
    visible area ("All equipment comes into play attached to a character in a visible area", CR
    212.5e [FMK]; "Equipment can only be equipped to a visible character unless a card says
    otherwise", [CMK]); equipment with concealed—optional either ("can be equipped on a hidden or
    visible character, and is not lost when the character is transferred from one area to the
    other", [SH2]); equipment with concealed only the hidden one (assumption A-CONCEALED-EQUIPMENT)."""
    kw = query(state).keywords(state.obj(eid))
    if "concealed-optional" in kw:
        return frozenset({"visible", "hidden"})
    if "concealed" in kw:
        return frozenset({"hidden"})
    return frozenset({"visible"})


def equip_limit_problem(state: GameState, eid: str, host: str) -> str | None:
    """Why ``host`` cannot hold equipment ``eid`` besides what it holds, or ``None``: a character
    holds one equipment — one already equipped is "an illegal target" for a second (Cerebro XXIX
    [C29]) — unless a card lets it hold more ("can be equipped with any number of Fate Artifacts"):
    the equipment such a change names do not count, as many as it says (assumption A-EQUIP-LIMIT)."""
    worn = [e for e in state.in_play() if e.equipped_to == host and e.id != eid]
    if not worn:
        return None
    q = query(state)
    free = worn + [state.obj(eid)]
    for change, mod in q.changes_on(state.obj(host), n.EquipLimit):
        sel = change.equipment
        room = len(free)
        if isinstance(sel, n.Filter) and sel.quantity is not None and sel.quantity.op != "any number" \
                and sel.quantity.n is not None:
            room = q.amount(sel.quantity.n, mod.ctx)
        covered = [e for e in free if q.matches(sel, e, mod.ctx)][:room]
        free = [e for e in free if e not in covered]
    if len(free) <= 1:
        return None
    held = ", ".join(e.id for e in worn)
    return f"{host} is already equipped with {held}: a character holds one equipment (Cerebro XXIX [C29]; " \
           f"assumption A-EQUIP-LIMIT)"


def transfer_problem(state: GameState, eid: str, host: str) -> str | None:
    """Why equipment ``eid`` cannot be transferred to ``host`` (a character its controller
    controls), or ``None``: not to a character in another kind of area than its own ("Equipment
    can't be transferred to a character in a different kind of area", [CMK]), not team equipment
    to a character without its team (CR 302 [CH]), not to a character that holds one already
    (:func:`equip_limit_problem`) — whichever way it is transferred."""
    e, h = state.obj(eid), state.obj(host)
    if h.area != e.area:
        return f"{eid} is in the {e.area} area: equipment cannot be transferred to a character in a different " \
               f"kind of area ({host} is {h.area}) [CMK]"
    if (why := team_equipment_problem(state, eid, host)) is not None:
        return f"{why} (CR 302 [CH])"
    return equip_limit_problem(state, eid, host)


def free_col(state: GameState, controller: str, area: Area, row: Row, prefer: int | None = None,
             exclude: str | None = None) -> int:
    """The column ``prefer`` of ``controller``'s row in an area if no character holds it (``exclude``
    aside), else the first free one."""
    taken = {c.col for c in state.characters(controller) if c.area == area and c.row == row and c.id != exclude}
    col = prefer if prefer is not None else 1
    if col not in taken:
        return col
    col = 1
    while col in taken:
        col += 1
    return col
