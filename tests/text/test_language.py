"""The card-text language (grammar/card-text.lark): every line of the public corpus and every card
of cards/ parses, and renders back to text that parses to the same AST."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from vsoracle.text.read import read_card_text
from vsoracle.text.speech import render

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
CORPUS = tomllib.loads((HERE / "corpus.toml").read_text(encoding="utf-8"))["line"]


def _cards() -> list[tuple[str, str]]:
    seen: dict[tuple[str, str], None] = {}
    for path in sorted((ROOT / "cards").glob("*.toml")):
        for card in tomllib.loads(path.read_text(encoding="utf-8")).get("card", []):
            if card.get("text", "").strip():
                seen[(card["text"], card["name"])] = None
    return list(seen)


@pytest.mark.parametrize("line", CORPUS, ids=[f"{i + 1}-{line['family']}" for i, line in enumerate(CORPUS)])
def test_corpus_line_parses_and_renders_back(line: dict) -> None:
    ast = read_card_text(line["text"], line["name"])
    assert read_card_text(render(ast, line["name"]), line["name"]) == ast


@pytest.mark.parametrize("text,name", _cards(), ids=[name for _, name in _cards()])
def test_card_parses_and_renders_back(text: str, name: str) -> None:
    ast = read_card_text(text, name)
    assert read_card_text(render(ast, name), name) == ast
