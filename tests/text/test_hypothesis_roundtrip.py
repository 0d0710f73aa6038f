"""Generated ASTs render to text that parses back to the same AST."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings

from vsoracle.text import parse_card_text, render

from .strategies import card_texts

#: HYPOTHESIS_PROFILE=long runs 10,000 examples per property (the long run of issue 7).
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"


@settings(max_examples=10_000 if LONG else 150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card_texts())
def test_generated_asts_render_and_parse_back_equal(pair):
    ast, name = pair
    text = render(ast, name)
    assert parse_card_text(text, name) == ast, text
