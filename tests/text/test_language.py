"""The card-text language (grammar/card-text.lark) on the public corpus of Vs. System templating
(tests/text/corpus.toml, a copy of the shared corpus): every line parses and renders back to
text that parses to the same AST, and at least 95% of each family's lines run (the engine has a
rule for every part of them); what only parses is listed."""

from __future__ import annotations

import collections
import tomllib
from pathlib import Path

import pytest

from vsoracle.engine.support import cannot_play
from vsoracle.text.read import read_card_text
from vsoracle.text.render import render

HERE = Path(__file__).parent
CORPUS = tomllib.loads((HERE / "corpus.toml").read_text(encoding="utf-8"))["line"]


@pytest.mark.parametrize("line", CORPUS, ids=[f"{i + 1}-{line['family']}" for i, line in enumerate(CORPUS)])
def test_corpus_line_parses_and_renders_back(line: dict) -> None:
    ast = read_card_text(line["text"], line["name"])
    assert read_card_text(render(ast, line["name"]), line["name"]) == ast


def corpus_report() -> tuple[dict[str, tuple[int, int]], list[str]]:
    """Per family (lines, lines that run), and the lines that only parse, with why."""
    figures: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    parse_only: list[str] = []
    for line in CORPUS:
        name = line["name"] or "~"
        problems = cannot_play(read_card_text(line["text"], line["name"]), name)
        figures[line["family"]][0] += 1
        if problems:
            parse_only.append(f"{line['family']}: {line['text'].strip()} — {'; '.join(w for _, w in problems)}")
        else:
            figures[line["family"]][1] += 1
    return {k: (v[0], v[1]) for k, v in figures.items()}, parse_only


def test_at_least_95_percent_of_each_family_runs(capsys) -> None:
    figures, parse_only = corpus_report()
    with capsys.disabled():
        print("\ncorpus: family, lines, run")
        for family, (total, runs) in figures.items():
            print(f"  {family:24} {total:4} {runs:4} ({100 * runs / total:.0f}%)")
        for text in parse_only:
            print(f"  parses only: {text}")
    low = {f: (t, r) for f, (t, r) in figures.items() if r < 0.95 * t}
    assert not low, (low, parse_only)
