"""Inputs shaped to cost more than their size (issue 24, cases 3, 4 and 13): each is read or refused
in time and memory linear in it. The sizes are the largest a file may be (1 MB, lines of at most
50,000 characters), where a quadratic reading takes minutes or gigabytes; the bounds leave a busy
machine a wide margin and a quadratic one none. Time is this process's CPU time
(``time.process_time``): other jobs on a shared machine do not count against the reading.
"""

from __future__ import annotations

import time
import tracemalloc
from typing import Callable

import pytest

from vsoracle.errors import ScenarioError
from vsoracle.tomlsource import MAX_LINE_CHARS, TomlSource

MB = 1024 * 1024


def _lines(line: Callable[[int], str], size: int = MB) -> str:
    """Distinct lines ``line(0)``, ``line(1)`` … as many as ``size`` characters hold."""
    out, total, n = [], 0, 0
    while True:
        text = line(n) + "\n"
        if total + len(text) > size:
            return "".join(out)
        out.append(text)
        total += len(text)
        n += 1


SHAPES = {
    # case 4: spaces before the dot of a header (quadratic in the spaces: 10 s for 100,000)
    "header-spaces": _lines(lambda n: f"[t{n}" + " " * (MAX_LINE_CHARS - 20) + ".A]"),
    "one-long-header": "[players" + " " * (MAX_LINE_CHARS - 20) + ".A]\n",
    "one-long-key": "a" + " " * (MAX_LINE_CHARS - 20) + "= 1\n",
    # case 13: keys of many parts (every prefix built: 600 MB for 20 KB)
    "keys-of-24-parts": _lines(lambda n: f"k{n}" + ".b" * 23 + " = 1"),
    "quoted-keys-of-24-parts": _lines(lambda n: f'"k{n}"' + '."b"' * 23 + " = 1"),
    "long-keys": _lines(lambda n: f"k{n}" + ".b" * (MAX_LINE_CHARS // 2 - 10) + " = 1"),
    "long-headers": _lines(lambda n: f"[k{n}" + ".b" * (MAX_LINE_CHARS // 2 - 10) + "]"),
    # the pre-check's own reading of strings and numbers
    "quotes": _lines(lambda n: f"k{n} = [" + '"", ' * (MAX_LINE_CHARS // 5) + "]"),
    "open-strings": _lines(lambda n: f"k{n} = \"" + "\\\"" * (MAX_LINE_CHARS // 3)),
    "digit-runs": _lines(lambda n: f"k{n} = [" + "1234, " * (MAX_LINE_CHARS // 7) + "]"),
    "long-numbers": _lines(lambda n: f"k{n} = " + "9" * 4000),
    "dotted-numbers": _lines(lambda n: f"k{n} = [" + "1.5, " * (MAX_LINE_CHARS // 6) + "]"),
    "array-items": "a = [\n" + '  "x",\n' * (MB // 8) + "]\n",
}


def _read(text: str) -> None:
    try:
        TomlSource.parse(text, "shaped.toml", ScenarioError)
    except ScenarioError as error:
        assert str(error).startswith("shaped.toml:") and "\n" not in str(error)


@pytest.mark.parametrize("name", list(SHAPES))
def test_a_shaped_file_is_read_or_refused_in_linear_time(name: str) -> None:
    text = SHAPES[name]
    assert len(text.encode("utf-8")) <= MB
    start = time.process_time()
    _read(text)
    elapsed = time.process_time() - start
    assert elapsed < 15, f"{name}: {elapsed:.1f} s for {len(text):,} characters"


@pytest.mark.parametrize("name", ["header-spaces", "keys-of-24-parts", "long-keys", "quotes", "digit-runs"])
def test_a_shaped_file_is_read_or_refused_in_linear_memory(name: str) -> None:
    """A tenth of each shape (tracemalloc slows the reading tenfold): every dotted part is a table,
    about 200 bytes for the two characters ".b", so the bound is 250 bytes a character."""
    text = SHAPES[name][: MB // 10]
    text = text[: text.rfind("\n") + 1]
    tracemalloc.start()
    _read(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 250 * len(text), f"{name}: {peak / MB:.0f} MB for {len(text) / MB:.2f} MB"


def test_a_key_of_many_parts_is_refused_before_it_is_read() -> None:
    """Case 13: the refusal costs a few copies of the text, not a tuple per prefix."""
    text = "".join(f"k{n}" + ".b" * (MAX_LINE_CHARS // 2 - 10) + " = 1\n" for n in range(20))
    tracemalloc.start()
    with pytest.raises(ScenarioError, match="is nested more than 24 levels deep"):
        TomlSource.parse(text, "deep.toml", ScenarioError)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 8 * len(text), f"{peak / MB:.0f} MB for a {len(text) / MB:.1f} MB file"


# -- card text (case 3: a text naming its card thousands of times took 35 s for 270 KB) ------------
def _naming_text(size: int) -> str:
    """A text that names its card on every line, a hundred times a line, in ``size`` characters."""
    line = ", ".join(["Quicksilver"] * 100)
    return "Stun Quicksilver.\n" + "\n".join([line] * (size // (len(line) + 1)))


@pytest.mark.parametrize("text", [_naming_text(300_000), "Stun Quicksilver.\n" * 8_000,
                                  'Quicksilver has "' * 20_000, "Quicksilver " * 25_000],
                         ids=["names", "powers", "quotes", "one-line"])
def test_card_text_is_read_in_linear_time(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the length limit lifted, a text thirty times the limit is read (or refused) at once:
    the lexer no longer looks back to the start of the text for each word or mention of the name."""
    from vsoracle.errors import CardTextError
    from vsoracle.text import read

    monkeypatch.setattr(read, "MAX_TEXT_CHARS", 10 ** 7)
    start = time.process_time()
    try:
        read.read_card_text(text, "Quicksilver")
    except CardTextError:
        pass
    assert time.process_time() - start < 15


def test_a_card_text_over_the_limit_is_refused_before_it_is_read() -> None:
    from vsoracle.errors import CardTextError
    from vsoracle.text.read import MAX_TEXT_CHARS, read_card_text

    with pytest.raises(CardTextError) as error:
        read_card_text("x" * (MAX_TEXT_CHARS + 1), "Quicksilver")
    assert (error.value.message, error.value.hint) == (
        "the text is 10,001 characters long", "a card's text is at most 10,000 characters (the longest printed one "
        "is under 1,000)")


# -- the exploration budget (case 5: a 20,000-card deck spent the budget in 106 s, not 5 s) --------
def _may_draw(deck: int) -> str:
    """A plot twist with two "you may draw a card" (four lines of play) and a deck of ``deck`` cards,
    one a line."""
    cards = ",\n".join(['"Windstorm"'] * deck)
    return f'''[[card]]
name = "Crossroads"
type = "plot twist"
cost = 0
text = "You may draw a card. You may draw a card."

[players.A]
hand = [{{ card = "Crossroads", id = "p" }}]
deck = [
{cards}
]

[[step]]
play = "p"

[[step]]
resolve = "top"
'''


def test_a_transition_counts_once_more_for_every_100_cards() -> None:
    """The same lines of play spend the budget in proportion to the scenario's cards: the 10-card
    deck's exact spending is enough for it, and the 250-card deck (251 cards: each transition counts
    3) needs three times as much — a count, not a clock, so the answer is the machine's own."""
    from vsoracle.cards import default_database
    from vsoracle.errors import LimitExceededError
    from vsoracle.scenario.load import parse_scenario
    from vsoracle.scenario.run import run_scenario, transition_cost

    db = default_database()
    small, large = (parse_scenario(_may_draw(n), db, f"deck-{n}.toml") for n in (10, 250))
    assert (transition_cost(small.state), transition_cost(large.state)) == (1, 3)
    ran = run_scenario(small)
    spent = ran.transitions + ran.replays
    assert len(run_scenario(small, budget=spent).outcomes) == len(ran.outcomes) == 3
    with pytest.raises(LimitExceededError):
        run_scenario(small, budget=spent - 1)
    assert run_scenario(large, budget=3 * spent).transitions == ran.transitions
    with pytest.raises(LimitExceededError) as error:
        run_scenario(large, budget=3 * spent - 1)
    assert f"needs more than the exploration budget of {3 * spent - 1:,} transitions (each counts 3: the scenario " \
           "has 251 cards)" in str(error.value)
