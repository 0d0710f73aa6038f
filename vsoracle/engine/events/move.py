"""Move: a card goes somewhere (CR 212) — into a pile (on top, at the bottom, face down into a
resource row), out of the game, to an area or a row, or into play. "Return target character to its
owner's hand", "put the top card of your deck into your KO'd pile", "move target character to
your support row", "look at … put them back in any order", "shuffle … into your deck"; as a cost,
"Remove ~ from the game >>> …" (the card itself also from the hand: assumption A-HAND-POWER),
"Put the top two cards of your deck into your KO'd pile >>> …"."""

from __future__ import annotations

import itertools
from typing import Any, cast

from ...cards import CardType
from ...errors import IllegalActionError
from ...text import nodes as n
from ..effects import (at_once, cost_candidates, cost_count, cost_pick, doer, each_doer_picks, effect_roles,
                       pay_event, perform, record)
from ..game import Decision, Game
from ..primitives import entry_area, happening, leaving, left_the_row, object_in_play
from ..query import AREAS, ZONES, Query, query
from ..patterns import names_no_character
from ..rules import DONE, Cost, Done, EventRule, Mode, Result, into_pile, origin_of
from ..state import ROWS, Area, Context, GameObject, GameState, Happening, Row, Zone
from ..values import replace
from ..words import say
from ..zones import equipment_areas, free_col, move_card, with_gear


#: Places in play that hold characters only.
_CHARACTER_PLACES = frozenset({"front row", "support row", "hidden area", "visible area"})


class MoveRule(EventRule):
    node = n.Move
    gerund = "moving"
    payable = True
    from_hand = True

    def happen(self, g: Game, h: Happening) -> Result:
        """A card goes somewhere (CR 212): into a pile (on top, at the bottom, face down into a
        resource row), out of the game, to an area or row (a character in play takes its same
        position or any empty one, FAQ GM 9, SC 36; assumption A-MOVE-POSITION), or into play."""
        s = g.state
        oid = h.get("object")
        o = s.obj(oid)
        dest, owner = h.get("to")
        position = h.get("position")
        follow: list[Happening] = []
        cite = h.get("cite", "CR 508")
        if dest == "play":
            return _into_play(g, h, o, owner, cite)
        if dest in AREAS:
            where = AREAS[dest]  # ("area", an area) or ("row", a row)
            if o.zone is Zone.IN_PLAY:
                if o.card.type is not CardType.CHARACTER or o.controller != owner:
                    return False, []
                if where[0] == "area":
                    # already there: it moves within the area, to its position or an empty one (FAQ GM 9)
                    to_area = where[1]
                    options = places(g, oid, to_area)
                    place = g.ask(Decision(o.controller, "place", f"{o.controller} chooses where {oid} goes in the "
                                           f"{to_area} area", options))
                    row, col = row_col(place)
                    g.set(with_gear(g.state, oid, area=to_area, row=row, col=col))
                    g.note("move", f"{oid} moves to {o.controller}'s {to_area} area ({row} row, column {col})",
                           "CR 512.3", "A-MOVE-POSITION", (oid,))
                    if to_area != o.area:
                        follow += _falls_off(g, s, oid, to_area)
                else:
                    to_row = where[1]
                    if o.row == to_row:
                        return False, []
                    options = places(g, oid, o.area or "visible", to_row)
                    place = g.ask(Decision(o.controller, "place", f"{o.controller} chooses where {oid} goes in the "
                                           f"{to_row} row", options))
                    col = row_col(place)[1]
                    g.set(with_gear(g.state, oid, row=to_row, col=col))
                    g.note("move", f"{oid} moves to {o.controller}'s {to_row} row, column {col}", "CR 512.3",
                           "A-MOVE-POSITION", (oid,))
                return True, follow
            if o.card.type is not CardType.CHARACTER:
                return False, []
            row = where[1] if where[0] == "row" else "front"
            area = where[1] if where[0] == "area" else "visible"
            col = free_col(s, owner, area, row, exclude=oid)
            g.set(move_card(s, oid, Zone.IN_PLAY, controller=owner, row=row, area=area, col=col))
            g.note("zone", f"{oid} comes into play in {owner}'s {area} area, {row} row, column {col}", cite,
                   objects=(oid,))
            return True, [happening(n.EnterPlay, object=oid)]
        zone = ZONES.get(dest)
        if zone is None:
            return False, []
        if o.zone is zone and position not in ("top", "bottom"):
            return False, []
        was_in_play = o.zone is Zone.IN_PLAY
        face = h.get("face")
        face_up = None if zone is not Zone.RESOURCE_ROW else face != "down" if face else False
        g.set(move_card(s, oid, zone, bottom=position == "bottom", face_up=face_up))
        pile = str(zone).replace("_", " ").replace("ko pile", "KO'd pile")
        if zone is Zone.DECK:
            text = f"{oid} is put on the {'bottom' if position == 'bottom' else 'top'} of {o.owner}'s deck"
        elif zone is Zone.REMOVED:
            text = f"{oid} is removed from the game"
        else:
            text = f"{oid} is put into {o.owner}'s {pile}"
        if zone is Zone.RESOURCE_ROW:
            text += " face down" if not face_up else " face up"
        g.note("zone", text + (f" ({h.get('why')})" if h.get("why") else ""), cite, objects=(oid,))
        left_the_row(g, o)
        if was_in_play:
            follow += leaving(g, s, oid)
        return True, follow

    def do(self, g: Game, e: Any, ctx: Context, k: int | None, cost: Cost | None = None) -> Done:
        """Put, move, return or remove cards (CR 212): each to the place the text names; "in any
        order" asks the order; "back" puts looked-at cards back on top; as a cost, the card
        itself, the top cards of the deck, or the cards the step names or the payer picks."""
        if cost is not None:
            return self._pay(g, e, ctx, cost)
        q = query(g.state)
        pairs = each_doer_picks(g, e, ctx, "a card")
        picked = [oid for _pid, oid in pairs]
        pid = pairs[0][0] if pairs else doer(q, e.agent, ctx)  # who orders them ("in any order")
        place = e.to
        if place is None:
            raise IllegalActionError("a move needs a place")
        if place.position == "back":
            return _put_back(g, pid, picked, ctx, k, e.any_order)
        if place.position == "shuffled":
            return _shuffle_in(g, e, picked, ctx, k)
        if e.any_order and len(picked) > 1:
            orders = tuple(itertools.permutations(picked))
            picked = list(g.ask(Decision(pid, "order", f"{pid} chooses the order ({say(e)})", orders)))
        done: list[str] = []
        happened: list[Happening] = []
        picture = at_once(g, picked)
        for oid in picked:
            zone = place.zone
            if zone is None:
                continue
            owner = zone_owner(q, zone, oid, ctx)
            h = happening(n.Move, object=oid, to=(zone.names[0], owner), position=place.position, face=e.face,
                          origin=origin_of(g.state, oid),
                          exhausted=e.exhausted or None, **effect_roles(ctx))
            if perform(g, h, ctx, before=picture):
                done.append(oid)
                happened.append(h)
        if not picked:
            g.note("zone", "no card to put there", "CR 508")
        return bool(done), record(ctx, k, done, happened, moved=done)

    def leaves_play(self, s: GameState, h: Happening) -> str | None:
        """A card in play put into a pile or out of the game leaves play (not one moved to a row or an area)."""
        dest = h.get("to")
        if dest is None or dest[0] in AREAS or dest[0] not in ZONES:
            return None
        return object_in_play(s, h)

    def refusal(self, e: Any, mode: Mode, words: str) -> str | None:
        """Rows and areas hold characters (digest §4; equipment goes where its character goes),
        and only a character card is put into play (assumption A-INTO-PLAY: what equipment would
        attach to is unsaid). Seen, forbidden or replaced, a card "put into" a hand or play is
        refused: whether a drawn card is put into its hand, or a recruited one into play (CR
        212.5e: a card "is put into the in-play zone" as it comes into play), is unsaid, and
        every other way into a pile is read as a move there (assumption A-INTO-PILE)."""
        if mode not in DONE and e.to is not None and e.to.zone is not None and e.word == "put" \
                and e.to.zone.names in (("hand",), ("play",)):
            what = "a drawn card" if e.to.zone.names == ("hand",) else "a recruited card"
            return f"\"{words}\" (whether {what} is put there is unsaid)"
        if mode not in DONE or e.to is None or e.to.zone is None or not names_no_character(e.object):
            return None
        if set(e.to.zone.names) & _CHARACTER_PLACES:
            return f"\"{words}\" (only a character can be moved to a row or an area)"
        if mode != "cost" and e.to.zone.names == ("play",):
            return f"the effect \"{words}\" (putting a card that is not a character into play)"
        return None

    def _pay(self, g: Game, e: Any, ctx: Context, cost: Cost) -> Done:
        """Every part's cards are picked first ("~ and the top card of your deck"), then moved one by one."""
        pid = cost.payer
        q = query(g.state)
        parts = e.object.parts if isinstance(e.object, n.Together) else (e.object,)
        moving: list[str] = []
        for part in parts:
            if isinstance(part, n.Self):
                moving.append(cost.source)
                continue
            if isinstance(part, n.TopCards):
                cards = q.select(part, ctx)
                need = q.amount(part.count, ctx)
                if len(cards) < need:
                    raise IllegalActionError(f"{pid} cannot pay the cost: not enough cards in the deck")
                moving += cards
                continue
            found = [x for x in cost_candidates(g, cost, part, ctx) if x not in moving]
            moving += cost_pick(g, cost, found, cost_count(q, part, ctx), e.word)
        place = e.to
        if place is None or place.zone is None:
            raise IllegalActionError("this cost moves a card nowhere")
        zone = place.zone
        for x in moving:
            owner = g.state.obj(x).owner
            if zone.owner is not None:
                found_owner = q.players(zone.owner, ctx.bind(affected=x))
                owner = found_owner[0] if found_owner else owner
            h = happening(n.Move, object=x, to=(zone.names[0], owner), position=place.position, face=e.face,
                          origin=origin_of(g.state, x), why="a cost", cite="CR 505")
            pay_event(g, cost, ctx, h, f"{x} cannot be moved")
        return True, ctx


def _falls_off(g: Game, before: GameState, oid: str, area: Area) -> list[Happening]:
    """A character has moved to the other kind of area: each equipment attached to it that cannot
    be attached to a character there (zones.equipment_areas) is placed in its owner's KO'd pile,
    once the character is moving, not "when it tries to move" ([CMK]); it leaves play, as equipment
    that falls off does (assumption A-EQUIP-LEAVES)."""
    out: list[Happening] = []
    for e in before.in_play():
        if e.equipped_to != oid or area in equipment_areas(g.state, e.id):
            continue
        out.append(into_pile(g.state, e.id, Zone.KO_PILE))
        g.set(move_card(g.state, e.id, Zone.KO_PILE))
        g.note("equip", f"{e.id} was attached to {oid}, which moved to the {area} area: it falls off into "
               f"{e.owner}'s KO'd pile", "CR 212.5e [CMK]", "A-CONCEALED-EQUIPMENT", (e.id,))
        out += leaving(g, before, e.id)
    return out


def places(g: Game, oid: str, area: Area, row: Row | None = None) -> tuple[str, ...]:
    """Where a character can go in its controller's area: its same position (if it is free there)
    first, then every empty position, up to one column past the widest one used (assumption
    A-MOVE-POSITION); ``row`` keeps it in one row."""
    o = g.state.obj(oid)
    taken = {(c.row, c.col) for c in g.state.characters(o.controller) if c.area == area and c.id != oid}
    widest = max([c for _, c in taken if c is not None] + [o.col or 1])  # (in play, every column is a number)
    out: list[str] = []
    if (o.row, o.col) not in taken and o.col is not None and (row is None or row == o.row):
        out.append(f"{o.row}:{o.col}")
    for r in ((row,) if row else ROWS):
        for col in range(1, widest + 2):
            label = f"{r}:{col}"
            if (r, col) not in taken and label not in out:
                out.append(label)
    return tuple(out)


def row_col(place: str) -> tuple[Row, int]:
    """A place a decision names, "front:2": its row and column."""
    row, col = place.split(":")
    return cast(Row, row), int(col)  # the places offered are written from rows (places, _into_play)


def _into_play(g: Game, h: Happening, o: GameObject, owner: str, cite: str) -> Result:
    """"Put target character card from your KO'd pile into play [exhausted]": it comes into play
    under its owner's control, in the hidden area if it has concealed (CR 212.5e; concealed—optional:
    its controller may), in the row and column its controller chooses among the first free one of
    each row (as a recruited character's place is his choice, CR 301.4; assumption A-INTO-PLAY)."""
    if o.zone is Zone.IN_PLAY or o.card.type is not CardType.CHARACTER:
        return False, []
    area = entry_area(g, owner, o, None) or "visible"
    s = g.state
    options = tuple(f"{row}:{free_col(s, owner, area, row, exclude=o.id)}" for row in ROWS)
    row, col = row_col(g.ask(Decision(owner, "place", f"{owner} chooses where {o.id} comes into play", options)))
    g.set(move_card(s, o.id, Zone.IN_PLAY, controller=owner, row=row, area=area, col=col))
    if h.get("exhausted"):
        g.set(g.state.with_object(replace(g.state.obj(o.id), exhausted=True)))
    g.note("zone", f"{o.id} comes into play in {owner}'s {area} area, {row} row, column {col}"
           + (", exhausted" if h.get("exhausted") else ""), cite, "A-INTO-PLAY", objects=(o.id,))
    return True, [happening(n.EnterPlay, object=o.id)]


def zone_owner(q: Query, zone: n.Zone, obj: str | None, ctx: Context) -> str:
    """Whose zone a card goes to: the player the text names ("its owner's hand"), else its owner
    (for a row or an area, its controller)."""
    if zone.owner is None:
        if obj and zone.names[0] in AREAS:  # "move it to the front row": its controller's rows
            return q.controller_of(q.s.obj(obj))
        return q.s.obj(obj).owner if obj else ctx.controller
    octx = ctx.bind(affected=obj) if obj else ctx
    found = q.players(zone.owner, octx)
    if found:
        return found[0]
    return q.s.obj(obj).owner if obj else ctx.controller


def _shuffle_in(g: Game, e: n.Move, picked: list[str], ctx: Context, k: int | None) -> Done:
    """"Shuffle target card from your KO'd pile into your deck": each card goes into the deck, then
    that deck is shuffled (its owner shuffles; vsoracle keeps the order, assumption A-SHUFFLE)."""
    q = query(g.state)
    done: list[str] = []
    decks: list[str] = []
    for oid in picked:
        owner = zone_owner(q, e.to.zone, oid, ctx) if e.to is not None and e.to.zone is not None else \
            g.state.obj(oid).owner
        if perform(g, happening(n.Move, object=oid, to=("deck", owner), position="bottom",
                                origin=origin_of(g.state, oid), **effect_roles(ctx)), ctx):
            done.append(oid)
            decks.append(owner)
    for owner in dict.fromkeys(decks):
        perform(g, happening(n.Shuffle, agent=owner), ctx)
    if not picked:
        g.note("zone", "no card to shuffle in", "CR 508")
    return bool(done), record(ctx, k, done, moved=done)


def _put_back(g: Game, pid: str, picked: list[str], ctx: Context, k: int | None, any_order: bool) -> Done:
    """"look at the top three cards of your deck and put them back in any order"."""
    if not picked:
        return False, ctx
    o = g.state.obj(picked[0])
    owner = o.owner
    order = list(picked)
    if any_order and len(picked) > 1:
        orders = tuple(itertools.permutations(picked))
        order = list(g.ask(Decision(pid, "order", f"{pid} chooses the order of the cards, top first", orders)))
    p = g.state.player(owner)
    rest = tuple(x for x in p.deck if x not in order)
    g.set(g.state.with_player(replace(p, deck=tuple(order) + rest)))
    g.note("zone", f"{pid} puts {', '.join(order)} back on top of the deck in that order", "CR 508")
    return True, record(ctx, k, order)
