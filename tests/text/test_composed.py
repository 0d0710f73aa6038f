"""Card texts composed from the language's own vocabulary (tests/text/compose.py, issue 12) read
back as the AST they were composed from; every composed text parses; a text mutated word by word
gives an AST or a CardTextError, never another exception.

Shapes the text layer does not read back yet would be excluded one by one below, each by a named
predicate that points to its entry in /work/scratch/compose/BUGS.md (none is left: every entry
has its regression in tests/text/test_readings.py).
"""

from __future__ import annotations

import os
from typing import Any, Iterator

import attrs
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from vsoracle.errors import CardTextError
from vsoracle.text import nodes as n
from vsoracle.text.read import read_card_text
from vsoracle.text.render import render

from . import compose
from .compose import powers

#: HYPOTHESIS_PROFILE=long runs 10,000 examples per property (the long run of issue 7), each run
#: new ones; the default run takes the same 150 every time (``derandomize``), so that a suite run
#: passes or fails by the code, not by the draw: what a long run finds becomes a fixed test.
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
SETTINGS = settings(max_examples=10_000 if LONG else 150, deadline=None, derandomize=not LONG,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])


# =============================================================================================
# Known text-layer bugs: one predicate per open entry of BUGS.md (none open)
# =============================================================================================

def nodes_of(node: Any) -> Iterator[Any]:
    """``node`` and every node and tuple item under it."""
    yield node
    if isinstance(node, tuple):
        for x in node:
            yield from nodes_of(x)
    elif isinstance(node, n.Node) and attrs.has(type(node)):
        for a in attrs.fields(type(node)):
            yield from nodes_of(getattr(node, a.name))


def powers_of(ct: n.CardText) -> Iterator[n.Power]:
    """The card's powers, out of their keywords ("Leader: …")."""
    for p in ct.powers:
        yield p.power if isinstance(p, n.KeywordPower) else p


def known_bug(ct: n.CardText) -> bool:
    """Does any known text-layer bug apply?"""
    return any(bug(ct) for bug in KNOWN_BUGS)


KNOWN_BUGS: tuple[Any, ...] = ()


# =============================================================================================
# Properties
# =============================================================================================

@SETTINGS
@given(powers())
def test_a_composed_power_reads_back_as_composed(pair: tuple[n.CardText, str]) -> None:
    ct, name = pair
    text = render(ct, name)
    assert read_card_text(text, name) == ct, text


@SETTINGS
@given(powers())
def test_every_composed_text_parses(pair: tuple[n.CardText, str]) -> None:
    """Even where the reading is not the one composed, the text is card text the language reads."""
    ct, name = pair
    text = render(ct, name)
    assert isinstance(read_card_text(text, name), n.CardText), text


@st.composite
def mutated(draw: Any) -> tuple[str, str]:
    """A composed text with words deleted, swapped, repeated or moved, or characters cut."""
    ct, name = draw(powers())
    words = render(ct, name).split(" ")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(words) - 1))
        j = draw(st.integers(0, len(words) - 1))
        how = draw(st.sampled_from(["delete", "swap", "repeat", "move", "cut", "join"]))
        if how == "delete" and len(words) > 1:
            del words[i]
        elif how == "swap":
            words[i], words[j] = words[j], words[i]
        elif how == "repeat":
            words.insert(j, words[i])
        elif how == "move":
            words.insert(j, words.pop(i))
        elif how == "cut":
            k = draw(st.integers(0, len(words[i])))
            words[i] = words[i][:k]
        elif how == "join" and i + 1 < len(words):
            words[i:i + 2] = [words[i] + words[i + 1]]
    return " ".join(words), name


@SETTINGS
@given(mutated())
def test_a_mutated_text_gives_an_ast_or_a_card_text_error(pair: tuple[str, str]) -> None:
    text, name = pair
    try:
        result = read_card_text(text, name)
    except CardTextError as error:
        assert str(error)
    else:
        assert isinstance(result, n.CardText)


def test_every_event_class_has_a_builder() -> None:
    """The strategy composes every event there is (each family's, named in nodes.py or not), and says
    each in at least one mode."""
    events = {c for c in n.node_classes().values() if issubclass(c, n.Event) and c is not n.Event}
    assert events == set(compose.EVENT_CLASSES.values()) | {n.Recruit, n.LeavePlay}
    assert set(compose.EVENTS) == set(compose.MODES) == set(compose.EVENT_CLASSES)


@st.composite
def texts(draw: Any) -> tuple[str, str]:
    """A composed text, or a mutated one."""
    if draw(st.booleans()):
        ct, name = draw(powers())
        return render(ct, name), name
    return draw(mutated())


@SETTINGS
@given(texts())
def test_every_reading_is_node_data_whose_fields_have_their_annotated_types(pair: tuple[str, str]) -> None:
    """What the store keeps reads back only if every field has the type it is annotated with
    (issue 24, case 9: a record edited and sealed again with a number where a node goes crashed the
    run), so every reading the parser builds must pass that check, or it would never be kept."""
    from vsoracle.text.data import from_data, to_data

    text, name = pair
    try:
        ct = read_card_text(text, name)
    except CardTextError:
        return
    assert from_data(to_data(ct)) == ct, text


@pytest.mark.parametrize("text", [
    "At the start of your build phase, move a +1 ATK / +1 DEF counter from a character to another character.",
    "At the start of your build phase this turn, move a +1 ATK / +1 DEF counter from a character to another character.",
    "Move a +1 ATK / +1 DEF counter from a character to another character.",
    "If you would draw a card this turn, you may move a +1 ATK / +1 DEF counter from a character to another "
    "character instead.",
])
def test_another_in_a_moved_counter_s_destination_is_other_than_its_source(text):
    """"… from a character to another character": other than the character the counter leaves, in
    a delayed effect and in a replacement an effect creates too, which number their own steps as
    they resolve (draws found both read as "other than ~")."""
    [power] = read_card_text(text, "Zephyr").powers
    effect = power.effect
    effect = effect.effect if isinstance(effect, n.Delayed) else \
        effect.instead.effect if isinstance(effect, n.CreateReplacement) else effect
    assert n.Other(n.Affected()) in effect.to.qualifiers
