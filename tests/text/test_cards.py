"""Every card of cards/ parses, with nothing skipped, and renders back to the same AST."""

from __future__ import annotations

import pytest

from vsoracle.cards import load_database
from vsoracle.text import parse_card_text, render

CARDS = [c for c in load_database() if c.text]


def test_there_are_cards_with_text():
    assert len(CARDS) >= 40


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.title)
def test_card_parses_and_round_trips(card):
    """parse(render(parse(t))) == parse(t), for every card (incomplete ones too)."""
    ast = parse_card_text(card.text, card.name)
    lines = [line for line in card.text.splitlines() if line.strip()]
    assert len(ast.powers) >= len(lines)  # a line is one power, or several keywords
    canonical = render(ast, card.name)
    assert parse_card_text(canonical, card.name) == ast, canonical


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.title)
def test_render_is_a_fixed_point(card):
    canonical = render(parse_card_text(card.text, card.name), card.name)
    assert render(parse_card_text(canonical, card.name), card.name) == canonical


def _tilde(card) -> str:
    """The card's text with ``~`` wherever the lexer reads its own name."""
    from vsoracle.text.lexer import SELF_CHAR, prepare
    import re
    prepared = prepare(card.text, card.name)
    return re.sub(SELF_CHAR + "+", "~", prepared.replace("\u2019", "'")) if SELF_CHAR in prepared else card.text


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.title)
def test_tilde_is_the_cards_own_name(card):
    """``~`` stands for the card's name wherever a name can stand (issue 23, 8): the text with ``~``
    reads as the printed text, with the card's name known or not."""
    ast = parse_card_text(card.text, card.name)
    written = _tilde(card)
    assert parse_card_text(written, card.name) == ast, written
    assert parse_card_text(written) == ast, written


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.title)
def test_a_nameless_rendering_round_trips(card):
    """Without a name the canonical text says "this card", and reads back as the same powers."""
    ast = parse_card_text(card.text, card.name)
    assert parse_card_text(render(ast), None) == ast, render(ast)


def test_tilde_in_reminder_text_is_left_alone():
    assert parse_card_text("~ gets +1 ATK. (~ is big.)") == parse_card_text("~ gets +1 ATK.")
