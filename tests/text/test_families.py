"""Every event has one family in the text layer (issue 22): its node, its grammar rules and its
words in one module of vsoracle/text/events; no event goes unsaid, no family builds a rule the
grammar does not have, and a family's rules are not built twice."""

from __future__ import annotations

import importlib
import pkgutil
import re

import attrs
import pytest

from vsoracle.text import nodes as n
from vsoracle.text.events import FAMILIES, MODULES, family, family_rules
from vsoracle.text.syntax import grammar_path

EVENTS = sorted((cls for cls in n.node_classes().values() if issubclass(cls, n.Event) and cls is not n.Event),
                key=lambda c: c.__name__)


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: c.__name__)
def test_every_event_has_a_family_in_its_own_module(cls):
    fam = family(cls)
    assert fam.node is cls and cls.__module__ == type(fam).__module__
    assert cls.__module__.rsplit(".", 1)[-1] in MODULES
    assert getattr(n, cls.__name__, cls) is cls   # the namespace names it, or does not name it at all


def test_every_event_class_of_the_text_layer_has_a_family():
    """Not only the events the namespace names: an Event subclass anywhere in vsoracle.text."""
    import vsoracle.text as text

    found = set()
    for info in pkgutil.walk_packages(text.__path__, text.__name__ + "."):
        module = importlib.import_module(info.name)
        found |= {c for c in vars(module).values() if isinstance(c, type) and issubclass(c, n.Event)
                  and c is not n.Event and c.__module__ == module.__name__}
    assert len(found) >= 35
    assert sorted(c.__name__ for c in found if c not in FAMILIES) == []
    assert set(FAMILIES) == found


def test_no_event_is_left_in_the_shared_module():
    from vsoracle.text import ast

    left = [c.__name__ for c in vars(ast).values() if isinstance(c, type) and issubclass(c, n.Event)
            and c is not n.Event]
    assert left == []


def _sample(cls: type) -> n.Event:
    """A node of the event with every role it has said: a target character, your deck, 2 …"""
    values = {}
    for a in attrs.fields(cls):
        kind = str(a.type)
        if not a.eq:  # the card's own words (display) keep their default
            continue
        if "Selector" in kind:
            values[a.name] = n.Filter("character", (), n.Quantity("=", n.Fixed(1)), 1)
        elif "Place" in kind:
            values[a.name] = n.Place(n.Zone(("hand",), n.You()))
        elif "Zone" in kind:
            values[a.name] = n.Zone(("deck",), n.You())
        elif "CounterKind" in kind:
            values[a.name] = n.CounterKind(name="cosmic")
        elif "Amount" in kind:
            values[a.name] = n.Fixed(2)
        elif "tuple[Event" in kind:  # either of two events
            who, whom = n.Filter("character", (), n.Quantity("=", n.Fixed(1)), 1), n.Filter("character", ())
            values[a.name] = (n.Attack(agent=who, object=whom), n.Defend(agent=who, object=whom))
    return cls(**values)


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: c.__name__)
def test_every_family_says_its_verb_phrase_passive_and_past(cls):
    """vp, passive (where the family has a participle) and past_vp say a node with every role."""
    from vsoracle.text.render import Speech

    fam, e, say = family(cls), _sample(cls), Speech("~")
    said = [fam.vp(say, e, lambda w: w), fam.past_vp(say, e)] + ([fam.passive(say, e)] if fam.participle else [])
    for text in said:
        assert text and text == text.strip() and "None" not in text, (cls.__name__, said)
    assert fam.vp(say, e, lambda w: w + "s") != fam.past_vp(say, e)   # "stuns …" / "stunned …": another tense


def test_an_event_without_a_family_is_an_error_not_a_default():
    class Unheard(n.Event):
        pass

    with pytest.raises(LookupError, match="Unheard has no family"):
        family(Unheard)


def test_every_family_rule_is_a_rule_of_the_grammar():
    grammar = grammar_path().read_text(encoding="utf-8")
    named = set(re.findall(r"->\s*([a-z_0-9]+)", grammar)) | set(re.findall(r"^[?!]?([a-z_0-9]+)\s*:", grammar, re.M))
    rules = family_rules()
    assert rules and set(rules) <= named, set(rules) - named


def test_each_family_says_its_event():
    from vsoracle.text.read import read_card_text as parse_text
    from vsoracle.text.render import render

    for cls, fam in FAMILIES.items():
        if fam.verb:
            text = f"{fam.verb[:1].upper()}{fam.verb[1:]} target character."
            assert render(parse_text(text)) == text, cls


@pytest.mark.parametrize("text", ["Unless target opponent wins the game, draw a card.",
                                  "Draw a card unless target opponent loses the game.",
                                  "Draw a card unless target opponent gains 2 endurance."])
def test_a_condition_on_what_a_player_does_names_the_family_s_doer(text):
    """"unless target opponent wins the game": the game's end is done by its player (Family.doer),
    which the condition names; it once said "unless you win the game", which reads back otherwise."""
    from vsoracle.text.read import read_card_text as parse_text
    from vsoracle.text.render import render

    ast = parse_text(text)
    assert parse_text(render(ast)) == ast
    assert "target opponent" in render(ast)
