"""Which kinds of event anything in a game could forbid, replace or be set off by.

An event goes through prohibitions ("cannot", FAQ SC 13), replacement modifiers ("If … would …,
instead", FAQ GM 8) and triggered powers ("Whenever …", CR 502) before and after it happens
(:func:`~vsoracle.engine.effects.perform`). Each of those names the kinds of event it waits for
(:func:`~vsoracle.engine.patterns.event_kinds`), and each stands in one of two places: a printed
power of a card of the game — a continuous power (its "cannot", a power it gives, quoted), a
triggered power's trigger, a replacement power's event — or what an effect has made, which the
position holds: its modifiers (with the powers they give), replacement modifiers and delayed
triggers. An event of a kind none of them names is forbidden, replaced and noticed by nothing, in
this position and whatever the objects' zones and states: :func:`heeded` says so without working
out which powers are active now. (An effect's text is not read: until it resolves, what it will
make forbids nothing.)

The cards of a game never change (an object's card is fixed; CR 212.5e makes a new object, not a
new card), so the kinds their printed powers name are worked out once per table of objects and the
tables made from it (:meth:`~vsoracle.engine.fmap.FrozenMap.lineage`). A power that gives a keyword
whose rule is a power ("have energize") or another card's keywords names kinds the engine's
keyword rules hold: then every kind is heeded.
"""

from __future__ import annotations

from typing import Any

from ..text import nodes as n
from .keywords import KEYWORD_RULES
from .patterns import event_kinds
from .powers import powers
from .state import Delayed, GameState, Modifier, Replacement

__all__ = ["heeded", "timed"]

#: Every kind: something may give a power whose kinds no card text names.
_ALL = None


#: The table lineage last asked about (:meth:`~vsoracle.engine.fmap.FrozenMap.lineage`, kept alive
#: here: asked by identity; a dict no table has to begin with) and what its cards name (:func:`_printed`).
_asked: list[Any] = [{}, None]


def heeded(s: GameState, kind: type) -> bool:
    """Could anything in ``s``'s game forbid, replace or be set off by an event of ``kind``?
    ``False`` only when no text of its cards and no modifier, replacement or delayed trigger of
    the position names that kind."""
    # (a table of the lineage last asked about, nearly every one: the answer read without a call;
    # the table's own lineage memo read as it stands, ``None`` until made)
    printed = (_asked[1] if s.objects._lineage is _asked[0] else _printed(s))[0]
    if printed is _ALL or kind in printed:
        return True
    if not (s.modifiers or s.replacements or s.delayed):
        return False
    for held in (s.modifiers, s.replacements, s.delayed):
        if held:
            kinds = _held(held)
            if kinds is _ALL or kind in kinds:
                return True
    return False


def timed(s: GameState) -> bool:
    """Could anything in ``s``'s game trigger at the start or end of a phase or step ("At the
    start of your recruit step", CR 502)? ``False`` only when no text of its cards names such a
    trigger, nothing may give a keyword whose rule is a power, and the position holds no delayed
    trigger."""
    if s.delayed:
        return True
    return _printed(s)[1]


def _printed(s: GameState) -> tuple[frozenset[type] | None, bool]:
    """What the game's cards' standing powers name (once per table lineage; the last lineage's
    kept at hand): the kinds of event, and whether a trigger at a phase or step (:func:`timed`)."""
    objects = s.objects
    lineage = objects.lineage()
    if lineage is _asked[0]:
        last: tuple[frozenset[type] | None, bool] = _asked[1]
        return last
    known: tuple[frozenset[type] | None, bool] | None = lineage.get("heeded")
    if known is None:
        found: set[type] = set()
        everything = False
        at_times = False
        for card in {o.card for o in objects.values()}:
            for line in powers(card):
                standing = _standing(line.node, found)
                if not _names(standing, found):
                    everything = True
                at_times = at_times or any(isinstance(x, (n.AtStart, n.AtEnd)) for x in n.descendants(standing))
        known = lineage["heeded"] = (_ALL if everything else frozenset(found), at_times or everything)
    _asked[0], _asked[1] = lineage, known
    return known


def _standing(power: n.Power, found: set[type]) -> tuple[n.Node, ...]:
    """What of a printed power forbids, replaces or waits while its card is the game's: all of a
    continuous power (its "cannot", the powers it gives); a triggered power's trigger; a
    replacement power's event (added to ``found``). What an effect does — a modifier, a
    replacement or a delayed trigger it makes — acts once it is made, from the position's
    modifiers, replacements and delayed triggers (:func:`_held`), so an effect's text is not read
    here."""
    if isinstance(power, n.Static):
        return (power,)
    if isinstance(power, n.Triggered):
        return (power.trigger,)
    if isinstance(power, n.Replacement):
        found |= event_kinds(power.instead.event)
    return ()


#: The kinds named by the modifiers, replacements and delayed triggers of the last position asked
#: (each by the very tuple: most transitions keep it).
_last: dict[str, tuple[Any, frozenset[type] | None]] = {}


def _held(held: tuple[Modifier, ...] | tuple[Replacement, ...] | tuple[Delayed, ...]) -> frozenset[type] | None:
    """The kinds named by a position's modifiers, replacements or delayed triggers."""
    key = type(held[0]).__name__
    hit = _last.get(key)
    if hit is not None and hit[0] is held:
        return hit[1]
    found: set[type] = set()
    everything = False
    for x in held:
        parts: tuple[Any, ...]
        if isinstance(x, Modifier):
            parts = x.changes
        elif isinstance(x, Replacement):
            parts = (x.instead,)
        else:
            parts = (x.trigger, x.effect)
        if not _names(parts, found):
            everything = True
    value = _ALL if everything else frozenset(found)
    _last[key] = (held, value)
    return value


def _names(node: Any, found: set[type]) -> bool:
    """Add to ``found`` the kinds of event ``node`` (a text node, or a tuple of them) waits for,
    forbids or replaces; ``False`` if it gives a power whose kinds no text names (a keyword's
    rule, another card's keywords)."""
    for x in n.descendants(node):
        if isinstance(x, n.Whenever):
            found |= event_kinds(x.event)
        elif isinstance(x, n.Instead):
            found |= event_kinds(x.event)
        elif isinstance(x, n.Cannot):
            found |= event_kinds(x.event) | {type(x.event)}
        elif isinstance(x, n.KeywordChange) and x.how == "gain" and \
                (x.of is not None or any(k in KEYWORD_RULES for k in x.keywords)):
            return False
    return True
