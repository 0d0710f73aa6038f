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
