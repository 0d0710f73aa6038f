"""A card changes place (CR 212): one event, whatever the verb that asks for it — "move NP to
…", "put NP into …" / "on top of …" / "into play", "return NP to …", "remove NP from the game",
"shuffle NP into …"; "Whenever a card is put into your KO'd pile from your deck", "If ~ would be
returned to your hand, instead, it stays in play"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import attrs

from ..ast import Affected, Event, OwnerOf, Place, Selector, Zone, display
from ..phrases import Be, Children, Verb, trees
from .family import Conjugate, Family, RenderError

if TYPE_CHECKING:
    from ..tree import Meta

    from ..render import Speech


@attrs.frozen(repr=False, eq=False)
class Move(Event):
    """A card changes place (CR 212): "move NP to …", "put NP into …", "return NP to …",
    "remove NP from the game", "shuffle NP into …", "put NP into play" (the zone "play").
    ``word`` is the verb the card uses."""

    object: Selector | None = None
    to: Place | None = None
    agent: Selector | None = None
    face: str | None = None  # "down" | "up" | None
    any_order: bool = False
    exhausted: bool = False  # "into play exhausted"
    origin: "Zone | None" = None  # in a pattern: where the card was ("is put into your KO'd pile from your deck")
    word: str = display("put")


#: A zone said of each of several owners: "return all stunned characters to their owners' hands".
_PLURAL_ZONES = {"hand": "hands", "deck": "decks", "ko pile": "KO'd piles", "resource row": "resource rows"}


# -- grammar rules ---------------------------------------------------------------------------

def move(self: Any, meta: Meta, children: Children) -> Verb:
    obj, place = trees(children)
    return Verb(Move, {"object": obj, "to": place, "word": "move"})


def put(self: Any, meta: Meta, children: Children) -> Verb | tuple[Literal["several"], tuple[Verb, ...]]:
    """"Put NP into …[ and NP into …]": one move per item (several: "several" verbs)."""
    items = [c for c in children if isinstance(c, tuple)]
    verbs = [Verb(Move, {"object": obj, "to": attrs.evolve(place, word="into") if place.word == "into exhausted"
                         else place, "face": face, "word": "put", "exhausted": place.word == "into exhausted"})
             for obj, face, place in items]
    return verbs[0] if len(verbs) == 1 else ("several", tuple(verbs))


def remove_from_game(self: Any, meta: Meta, children: Children) -> Verb:
    (obj,) = trees(children)
    return Verb(Move, {"object": obj, "to": Place(Zone(("removed",)), word="from the game"), "word": "remove"})


def return_to_play(self: Any, meta: Meta, children: Children) -> Verb:
    parts = trees(children)
    return Verb(Move, {"object": parts[0], "to": Place(Zone(("play",)), word="to"), "word": "return",
                       "exhausted": len(parts) > 1})


def return_(self: Any, meta: Meta, children: Children) -> Verb:
    obj, zone = trees(children)
    return Verb(Move, {"object": obj, "to": Place(zone, word="to"), "word": "return"})


def shuffle_into(self: Any, meta: Meta, children: Children) -> Verb:
    """"Shuffle target card … into your deck": it goes into the deck, which is shuffled."""
    obj, zone = trees(children)
    return Verb(Move, {"object": obj, "to": Place(zone, "shuffled", word="into"), "word": "shuffle"})


def returned(self: Any, meta: Meta, children: Children) -> Be:
    return Be("pp", Verb(Move, {"to": Place(trees(children)[0], word="to"), "word": "return"}, "object"))


def put_pp(self: Any, meta: Meta, children: Children) -> Be:
    """"is put into your KO'd pile [from your deck]"."""
    parts = trees(children)
    return Be("pp", Verb(Move, {"to": parts[0], "origin": parts[1] if len(parts) > 1 else None}, "object"))


def put_pp_from_play(self: Any, meta: Meta, children: Children) -> Be:
    """"is put into your KO'd pile from play": the card was in play."""
    return Be("pp", Verb(Move, {"to": trees(children)[0], "origin": Zone(("play",))}, "object"))


def moved_pp(self: Any, meta: Meta, children: Children) -> Be:
    parts = trees(children)
    return Be("pp", Verb(Move, {"to": Place(parts[0], word="to"), "origin": parts[1] if len(parts) > 1 else None,
                                "word": "move"}, "object"))


def removed(self: Any, meta: Meta, children: Children) -> Be:
    return Be("pp", Verb(Move, {"to": Place(Zone(("removed",)), word="from the game"), "word": "remove"}, "object"))


# -- words -----------------------------------------------------------------------------------

class MoveText(Family):
    node = Move
    participle = "put"
    aux = "is"
    rules = {"move": move, "put": put, "remove_from_game": remove_from_game, "return_to_play": return_to_play,
             "return": return_, "shuffle_into": shuffle_into, "returned": returned, "put_pp": put_pp,
             "put_pp_from_play": put_pp_from_play,
             "moved_pp": moved_pp, "removed": removed}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        obj = say.np(e.object, "object")
        place = e.to
        face = f" face {e.face}" if e.face else ""
        order = " in any order" if e.any_order else ""
        if place is None:
            raise RenderError("a move needs a place")
        if place.position == "back":
            return f"{v('put')} {obj} back{order}"
        if place.position == "shuffled" and place.zone is not None:
            return f"{v('shuffle')} {obj} into {say.zone(place.zone)}"
        zone = place.zone
        if zone is not None and zone.names == ("removed",):
            return f"{v('remove')} {obj} from the game"
        if zone is not None and zone.names == ("play",):
            exhausted = " exhausted" if e.exhausted else ""
            if e.word == "return":
                return f"{v('return')} {obj} to play{exhausted}"
            if zone.owner is not None:  # "into play under its owner's control"
                return f"{v('put')} {obj} into play under {say.zone(zone).removesuffix(' play')} control"
            return f"{v('put')} {obj} into play{exhausted}"
        where = say.zone(zone) if zone is not None else ""
        if e.word == "return" and zone is not None and zone.owner == OwnerOf(Affected()) and say.plural(e.object) \
                and len(zone.names) == 1:  # "return all stunned characters to their owners' hands"
            names = _PLURAL_ZONES.get(zone.names[0], zone.names[0])
            return f"{v('return')} {obj}{face} to their owners' {names}{order}"
        if e.word == "return":
            return f"{v('return')} {obj}{face} to {where}{order}"
        if e.word == "move":
            if place.position == "empty":
                return f"{v('move')} {obj}{face} to an empty position in {where}{order}"
            return f"{v('move')} {obj}{face} to {where}{order}"
        if place.position == "top":
            return f"{v('put')} {obj}{face} on top of {where}{order}"
        if place.position == "bottom":
            return f"{v('put')} {obj}{face} on the bottom of {where}{order}"
        if place.position == "empty":
            return f"{v('move')} {obj}{face} to an empty position in {where}{order}"
        if place.word == "to":
            return f"{v('move')} {obj}{face} to {where}{order}"
        return f"{v('put')} {obj}{face} into {where}{order}"

    def passive(self, say: Speech, e: Any) -> str:
        """"removed from the game", "returned to your hand", "put into your KO'd pile from your deck"."""
        if e.to is None or e.to.zone is None:
            raise RenderError(f"no passive for {type(e).__name__}")
        if e.to.zone.names == ("removed",):
            return "removed from the game"
        origin = f" from {say.zone(e.origin)}" if e.origin is not None else ""
        if e.origin is not None and e.origin.names == ("play",):
            origin = " from play"
        if e.to.zone.names == ("play",):
            under = f" under {say.zone(e.to.zone).removesuffix(' play')} control" if e.to.zone.owner is not None else ""
            return f"{'returned to' if e.word == 'return' else 'put into'} play{under}{origin}"
        if e.word == "return":
            return f"returned to {say.zone(e.to.zone)}"
        if e.word == "move":
            return f"moved to {say.zone(e.to.zone)}{origin}"
        where = {"top": "on top of", "bottom": "on the bottom of"}.get(e.to.position or "", "into")
        return f"put {where} {say.zone(e.to.zone)}{origin}"

    def leaves(self, e: Any) -> Literal["play"] | None:
        """A card moved to any zone but play leaves play (if it was in play)."""
        moved_out = e.to is not None and e.to.zone is not None and "play" not in e.to.zone.names
        return "play" if moved_out else None
