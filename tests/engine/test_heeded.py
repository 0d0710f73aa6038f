"""``engine.heeded``: an event of a kind nothing in the game names skips the prohibition,
replacement and trigger searches, and a game with no timed trigger skips the step's. The claim is
checked where it is used: each time a scenario run is told "not heeded", the full searches of that
position find nothing for that kind (every prohibition in force, every replacement printed,
gained or made by an effect, every active trigger and delayed trigger)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vsoracle.cards import default_database
from vsoracle.engine import effects, heeded as heeded_module, triggers, turn
from vsoracle.engine.patterns import event_kinds
from vsoracle.engine.powers import holders, powers
from vsoracle.engine.query import query
from vsoracle.scenario.load import load_scenario, parse_scenario
from vsoracle.scenario.run import run_scenario
from vsoracle.text import nodes as n

ROOT = Path(__file__).resolve().parents[2]

#: Every ruling scenario of the FAQs.
SAMPLE = sorted(ROOT.glob("tests/faq/**/*.scenario.toml"))


def _searched(s, kind: type) -> bool:
    """Do the full searches of ``s`` find a prohibition, a replacement or a trigger for ``kind``?"""
    q = query(s)
    if q.cannots(kind):
        return True
    replacing: set[type] = set()
    for o in holders(s.objects, n.Replacement):
        for line in powers(o.card, n.Replacement):
            replacing |= event_kinds(line.node.instead.event)
    for o in s.in_play():
        for gline, _mod in q._gained(o):
            if isinstance(gline.node, n.Replacement):
                replacing |= event_kinds(gline.node.instead.event)
    for r in s.replacements:
        replacing |= event_kinds(r.instead.event)
    if kind in replacing or triggers._listening(s).get(kind):
        return True
    return any(isinstance(d.trigger, n.Whenever) and kind in event_kinds(d.trigger.event) for d in s.delayed)


def _timed_search(s) -> bool:
    """Do the full searches of ``s`` find a power that triggers at a phase or step?"""
    for o in triggers._trigger_holders(s):
        if any(isinstance(node.trigger, (n.AtStart, n.AtEnd)) for node, _o, _w in triggers._sources(s, o)):
            return True
    return bool(s.delayed)


@pytest.fixture
def checked(monkeypatch):
    """``heeded`` and ``timed`` as the engine uses them, each "no" checked against the full searches."""
    told: list[str] = []
    real_heeded, real_timed = heeded_module.heeded, heeded_module.timed

    def heeded(s, kind):
        said = real_heeded(s, kind)
        if not said:
            assert not _searched(s, kind), f"{kind.__name__} is searched for in this position but said not heeded"
            told.append(kind.__name__)
        return said

    def timed(s):
        said = real_timed(s)
        if not said:
            assert not _timed_search(s), "a timed trigger is active but the game is said to have none"
            told.append("timed")
        return said

    for module in (effects, triggers):
        monkeypatch.setattr(module, "heeded", heeded)
    for module in (triggers, turn):
        monkeypatch.setattr(module, "timed", timed)
    return told


def test_not_heeded_means_nothing_is_searched_for(checked):
    db = default_database()
    for path in SAMPLE:
        run_scenario(load_scenario(path, db), invariants=False)
    assert "Draw" in checked and "timed" in checked  # the shortcut is taken, and checked


def _game(card: str, steps: str = 'advance = "formation"') -> str:
    """A position with ``card`` (a ``[[card]]`` table's fields, id ``card``) in A's hand and a
    character of A's in play (id ``plain``), and ``steps``."""
    return f"""
[scenario]
title = "t"
[[card]]
{card}
[[card]]
name = "Plain"
type = "character"
cost = 1
atk = 1
def = 1
affiliations = ["Avengers"]
[game]
phase = "build"
step = "recruit"
active = "A"
[players.A]
hand = [{{ card = "Card", id = "card" }}]
[[players.A.characters]]
card = "Plain"
id = "plain"
[[step]]
{steps}
"""


def _character(text: str) -> str:
    return _game(f'name = "Card"\ntype = "character"\ncost = 1\natk = 1\ndef = 1\naffiliations = ["Avengers"]\n'
                 f'text = """{text}"""')


@pytest.mark.parametrize("text, kind, expected", [
    ("", n.Stun, False),
    ("Whenever a character becomes stunned, draw a card.", n.Stun, True),
    ("Whenever a character becomes stunned, draw a card.", n.Draw, False),
    ("If you would draw a card, instead you gain 1 endurance.", n.Draw, True),
    ("Characters you control cannot be stunned.", n.Stun, True),
    # a power a continuous power gives, quoted, stands while its card's text is active
    ('Characters you control have "Whenever ~ becomes stunned, draw a card."', n.Stun, True),
    # a keyword whose rule is a power ("energize"): its kinds are the engine's, so every kind is heeded
    ("Characters you control have energize.", n.Draw, True),
    # what an effect gives or forbids acts once the effect has made it (the position's modifiers)
    ('When ~ comes into play, target character has "Whenever ~ becomes stunned, draw a card." this turn.',
     n.Stun, False),
    ("When ~ comes into play, characters cannot be stunned this turn.", n.Stun, False),
    ("When ~ comes into play, if a character would be stunned this turn, instead exhaust it.", n.Stun, False),
])
def test_what_the_cards_of_a_game_name(text, kind, expected):
    """The hand's card counts as much as one in play: a card's text is the game's wherever it is."""
    sc = parse_scenario(_character(text), default_database())
    assert heeded_module.heeded(sc.state, kind) is expected


def test_timed_triggers_are_found_in_any_card():
    db = default_database()
    assert not heeded_module.timed(parse_scenario(_character("Whenever ~ attacks, draw a card."), db).state)
    assert heeded_module.timed(parse_scenario(_character("At the start of your recruit step, draw a card."), db).state)


@pytest.mark.parametrize("text, kind", [
    ('Target character has "Whenever ~ becomes stunned, draw a card." this turn.', n.Stun),
    ("Target character gains energize this turn.", n.Draw),
    ("Characters cannot be stunned this turn.", n.Stun),
    ("Whenever a character becomes stunned this turn, draw a card.", n.Stun),
])
def test_what_an_effect_made_is_heeded_once_made(text, kind):
    """A plot twist's modifier, replacement or delayed trigger: heeded from the position it is made in."""
    targets = '\ntargets = ["plain"]' if text.startswith("Target") else ""
    card = f'name = "Card"\ntype = "plot twist"\ncost = 0\ntext = """{text}"""'
    sc = parse_scenario(_game(card, f'play = "card"{targets}\n[[step]]\nresolve = "top"'), default_database())
    assert not heeded_module.heeded(sc.state, kind)
    [after] = run_scenario(sc, invariants=False).outcomes
    assert heeded_module.heeded(after.state, kind)
