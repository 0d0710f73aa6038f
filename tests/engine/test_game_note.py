"""Game.note builds a log entry without attrs' __init__ (engine/game.py): it must build exactly what
``Event(...)`` builds, whatever fields Event has; and a game that keeps no log keeps nothing."""

from __future__ import annotations

import attrs

from vsoracle.engine.fmap import FrozenMap
from vsoracle.engine.game import Game
from vsoracle.engine.log import Event
from vsoracle.engine.state import GameState


def _game(logged: bool = True) -> Game:
    return Game(GameState(players=(), objects=FrozenMap()), logged=logged)


def test_a_note_is_the_event_its_fields_make():
    g = _game()
    g.note("play", "A plays x", "CR 304", "A-FLIP", ("x",), (("cost", 2),))
    built = Event("play", "A plays x", "CR 304", "A-FLIP", ("x",), (("cost", 2),))
    (noted,) = g.log
    assert noted == built and hash(noted) == hash(built) and repr(noted) == repr(built)
    assert attrs.asdict(noted) == attrs.asdict(built)
    # every field of Event is set (a field added to Event and not to Game.note fails here)
    assert set(vars(noted)) == {a.name for a in attrs.fields(Event)}


def test_defaults_are_events_defaults():
    g = _game()
    g.note("play", "text")
    assert g.log == [Event("play", "text")]


def test_a_game_that_keeps_no_log_keeps_nothing():
    g = _game(logged=False)
    g.note("play", "A plays x", "CR 304")
    assert g.log == []
