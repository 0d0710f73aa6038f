"""Wordings beyond the corpus (tests/text/wordings.toml): lines of the corpus's nine families with
other verbs, modes, amounts, conditions, noun phrases, names and structures each parse and render
back to text that parses to the same AST, so the grammar stays a language and not the corpus's
phrasebook."""

from __future__ import annotations

import collections
import tomllib
from pathlib import Path

import pytest

from vsoracle.text.read import read_card_text
from vsoracle.text.render import render

HERE = Path(__file__).parent
WORDINGS = tomllib.loads((HERE / "wordings.toml").read_text(encoding="utf-8"))["line"]
CORPUS = tomllib.loads((HERE / "corpus.toml").read_text(encoding="utf-8"))["line"]
FAMILIES = {line["family"] for line in CORPUS}


@pytest.mark.parametrize("line", WORDINGS, ids=[f"{i + 1}-{line['family']}" for i, line in enumerate(WORDINGS)])
def test_wording_parses_and_renders_back(line: dict) -> None:
    ast = read_card_text(line["text"], line["name"])
    assert read_card_text(render(ast, line["name"]), line["name"]) == ast


def test_the_wordings_are_new_and_cover_every_family() -> None:
    texts = [line["text"] for line in WORDINGS]
    assert len(texts) == len(set(texts))
    assert not set(texts) & {line["text"] for line in CORPUS}
    families = collections.Counter(line["family"] for line in WORDINGS)
    assert set(families) == FAMILIES
    assert all(count >= 15 for count in families.values()), families
