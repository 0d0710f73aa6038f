"""Shared hypothesis settings and strategies for the fuzz tests (``tests/fuzz``).

Budget. The fuzz tests use the profile named by the environment variable
``HYPOTHESIS_PROFILE``:

- ``fuzz`` (the default): a small fixed budget (250 examples a test; ``VSORACLE_FUZZ_EXAMPLES=N``
  changes it), so ``pytest tests/fuzz`` takes well under 20 s in CI;
- ``long``: ``max_examples=10_000`` per test, for a night run (about 5 minutes)::

      HYPOTHESIS_PROFILE=long pytest tests/fuzz

The profiles are applied per test (``@FUZZ``), so they do not change the settings of the other
hypothesis tests in the suite.

Strategies:

- :func:`mutated` draws a scenario text (an example scenario from ``examples/``, or
  ``/work/shared/examples`` when present, or a FAQ scenario from ``tests/faq``) with random
  line-level mutations: delete, duplicate, swap or move lines, change a value or a quoted id,
  insert garbage, cut characters;
- :func:`step_tables` draws ``[[step]]`` tables from a small vocabulary (pass, resolve, advance,
  attack, recruit, play, use, …) over the ids and players of one starting position.
"""

from __future__ import annotations

import os
import re
import signal
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Mapping, Sequence

from hypothesis import HealthCheck, settings, strategies as st

ROOT = Path(__file__).resolve().parents[2]

settings.register_profile(
    "fuzz", max_examples=int(os.environ.get("VSORACLE_FUZZ_EXAMPLES", "250")), deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    print_blob=True)
settings.register_profile(
    "long", parent=settings.get_profile("fuzz"), max_examples=10_000)

#: The settings of every fuzz test: the profile named by HYPOTHESIS_PROFILE, else ``fuzz``.
FUZZ = settings(settings.get_profile(os.environ.get("HYPOTHESIS_PROFILE", "fuzz")))

#: An example that runs longer than this is reported as a hang.
EXAMPLE_TIMEOUT_S = 20.0


@contextmanager
def time_limit(seconds: float = EXAMPLE_TIMEOUT_S) -> Iterator[None]:
    """Raise ``TimeoutError`` if the body runs longer than ``seconds`` (Unix main thread; else no limit)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(_signum, _frame):
        raise TimeoutError(f"vsoracle ran longer than {seconds} s on one example (a hang?)")

    try:
        previous = signal.signal(signal.SIGALRM, alarm)
    except ValueError:          # not the main thread
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- seed files -----------------------------------------------------------------------------------

def _example_dirs() -> list[Path]:
    return [p for p in (Path("/work/shared/examples"), ROOT / "examples") if p.is_dir()]


@lru_cache(maxsize=1)
def seed_files() -> tuple[tuple[str, str], ...]:
    """``(name, text)`` of every example scenario and every FAQ scenario."""
    paths = sorted((ROOT / "tests" / "faq").glob("*.scenario.toml"))
    for folder in _example_dirs():
        paths.extend(sorted(folder.glob("*.toml")))
    return tuple((p.name, p.read_text(encoding="utf-8")) for p in paths)


# -- mutations ------------------------------------------------------------------------------------

_KEY_LINE = re.compile(r"^(\s*[A-Za-z0-9_.\"'-]+\s*=\s*)(.*)$")
_QUOTED = re.compile(r'"([^"\\]*)"')

WORDS = ("ready", "exhausted", "stunned", "front", "support", "visible", "hidden", "up", "down", "top", "all",
         "hand", "resources", "deck", "in_play", "ko_pile", "chain", "build", "recruit", "formation", "combat",
         "attack", "recovery", "wrap-up", "next-turn", "draw", "A", "B", "C", "", "Thor", "Windstorm",
         "Hank", "Kang", "Quicksilver", "MAV-020", "MAV-999", "Force Field Belt", "plot twist", "character",
         "equipment", "location", "Draw a card.", "Reservist", "KO that character.", "recruit:ultron")

#: Values a mutation may write after ``key =`` (as TOML text).
TOML_VALUES = st.one_of(
    st.integers(-3, 12).map(str),
    st.sampled_from(["0", "-1", "99", "1000000", "3.5", "true", "false", "[]", "{}", '""', "[1, 2]",
                     '["a", "b"]', "[[]]", '{ card = "Thor" }', '{ atk = -1 }', '[{ card = "Windstorm", id = "w" }]',
                     '"""\nDraw a card.\n"""', "1979-05-27", "inf", "nan"]),
    st.sampled_from(WORDS).map(lambda w: '"' + w + '"'),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters='"\\\n\r'), max_size=12)
    .map(lambda s: '"' + s + '"'),
)

#: Whole lines a mutation may insert.
GARBAGE_LINES = st.one_of(
    st.sampled_from(["[[step]]", "[check]", "[check_some]", "[game]", "[players.A]", "[players.C]", "[[card]]",
                     "[[players.A.characters]]", "[[players.B.characters]]", "pass = true", 'resolve = "all"',
                     'resolve = "top"', 'advance = "next-turn"', 'advance = "combat"', "]", "}", '"""', "'''",
                     "x = 1", "= 3", "strict = true", 'choose = [true, false, 1, "a"]', "rejected = true",
                     'by = "B"', "id = 3", 'card = "Kang"', 'col = 1', "state = \"stunned\"", "# comment",
                     "[scenario]", "[[step]]\nadvance = \"recovery\"", "chain = []", "A.endurance = 0"]),
    st.text(max_size=30).map(lambda s: s.replace("\r", "")),
)


@st.composite
def _mutate_once(draw, lines: list[str]) -> list[str]:
    lines = list(lines)
    n = len(lines)
    kind = draw(st.sampled_from(["delete", "duplicate", "swap", "value", "value", "id", "insert", "cut",
                                 "move-block"]))
    if n == 0:
        kind = "insert"
    i = draw(st.integers(0, max(n - 1, 0)))
    if kind == "delete":
        del lines[i]
    elif kind == "duplicate":
        lines.insert(i, lines[i])
    elif kind == "swap":
        j = draw(st.integers(0, n - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "value":
        match = _KEY_LINE.match(lines[i])
        if match:
            lines[i] = match.group(1) + draw(TOML_VALUES)
        else:
            lines[i] = draw(GARBAGE_LINES)
    elif kind == "id":
        # replace one quoted string on a line by another quoted string of the file (an id, a title, a word)
        found = _QUOTED.findall(lines[i])
        pool = sorted({s for line in lines for s in _QUOTED.findall(line)} | {"A", "B", "nobody"})
        if found:
            old = draw(st.sampled_from(found))
            lines[i] = lines[i].replace(f'"{old}"', f'"{draw(st.sampled_from(pool))}"', 1)
    elif kind == "insert":
        lines.insert(i, draw(GARBAGE_LINES))
    elif kind == "cut":
        line = lines[i]
        if line:
            a = draw(st.integers(0, len(line) - 1))
            b = draw(st.integers(a, min(len(line), a + 6)))
            lines[i] = line[:a] + line[b:]
    elif kind == "move-block":
        j = draw(st.integers(0, n - 1))
        k = draw(st.integers(0, n))
        a, b = min(i, j), max(i, j) + 1
        block = lines[a:b]
        del lines[a:b]
        k = min(k, len(lines))
        lines[k:k] = block
    return lines


@st.composite
def mutated(draw, max_mutations: int = 4) -> tuple[str, str]:
    """``(name, text)``: a seed scenario with 1 to ``max_mutations`` random mutations."""
    name, text = draw(st.sampled_from(seed_files()))
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, max_mutations))):
        lines = draw(_mutate_once(lines))
    return name, "\n".join(lines) + "\n"


# -- random steps ---------------------------------------------------------------------------------

ADVANCE_TARGETS = ("draw", "build", "resource", "recruit", "formation", "combat", "attack", "recovery",
                   "wrap-up", "next-turn")


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


@st.composite
def step_table(draw, ids: tuple[str, ...], players: tuple[str, ...],
               pools: Mapping[str, Sequence[str]] | None = None) -> str:
    """One ``[[step]]`` table (TOML text) over the objects ``ids`` and ``players`` of a position.

    ``pools`` maps a verb to the ids it most likely fits (``recruit``: characters in hand, …): three
    times in four the verb's id comes from its pool, else from every id.
    """
    any_id = st.sampled_from(ids) if ids else st.just("nobody")
    pools = pools or {}

    def id_for(verb: str) -> st.SearchStrategy[str]:
        pool = tuple(pools.get(verb, ()))
        if not pool:
            return any_id
        return st.integers(0, 3).flatmap(lambda n: any_id if n == 0 else st.sampled_from(pool))

    some_id = any_id
    target = st.one_of(any_id, st.sampled_from(players))
    # resolve, advance and pass are nearly always legal and move the game on; the actions are often
    # illegal, so half of them carry rejected = true (an illegal one is then skipped, not fatal)
    verb = draw(st.sampled_from(["pass", "resolve", "resolve", "resolve", "advance", "advance", "advance",
                                 "attack", "attack", "recruit", "recruit", "play", "play", "use", "use", "flip",
                                 "resource", "move", "reinforce", "transfer"]))
    keys: dict[str, object] = {}
    if verb == "pass":
        keys["pass"] = True
    elif verb == "resolve":
        keys["resolve"] = draw(st.sampled_from(["top", "all", "all"]))
    elif verb == "advance":
        keys["advance"] = draw(st.sampled_from(ADVANCE_TARGETS))
    elif verb == "attack":
        keys["attack"] = draw(st.lists(id_for("attack"), min_size=1, max_size=3, unique=True))
        keys["target"] = draw(target)
    elif verb == "recruit":
        keys["recruit"] = draw(id_for("recruit"))
        if draw(st.booleans()):
            keys["from"] = draw(st.sampled_from(["hand", "resources"]))
        if draw(st.booleans()):
            keys["row"] = draw(st.sampled_from(["front", "support"]))
            keys["col"] = draw(st.integers(1, 4))
    elif verb == "play":
        keys["play"] = draw(id_for("play"))
        if draw(st.booleans()):
            keys["targets"] = draw(st.lists(target, max_size=2))
    elif verb == "use":
        keys["use"] = draw(id_for("use"))
        if draw(st.booleans()):
            keys["power"] = draw(st.integers(1, 3))
        if draw(st.booleans()):
            keys["targets"] = draw(st.lists(target, max_size=2))
        if draw(st.integers(0, 3)) == 0:
            keys["pay"] = draw(st.integers(0, 3))
    elif verb == "flip":
        keys["flip"] = draw(id_for("flip"))
    elif verb == "resource":
        keys["resource"] = draw(id_for("resource"))
    elif verb == "move":
        keys["move"] = draw(id_for("move"))
        keys["row"] = draw(st.sampled_from(["front", "support"]))
        keys["col"] = draw(st.integers(1, 4))
    elif verb == "reinforce":
        keys["reinforce"] = draw(id_for("reinforce"))
        keys["with"] = draw(id_for("move"))
    elif verb == "transfer":
        keys["transfer"] = draw(id_for("transfer"))
        keys["to"] = draw(id_for("move"))
    if draw(st.integers(0, 4)) == 0:
        keys["by"] = draw(st.sampled_from(players))
    if verb in ("resolve", "advance", "play", "use", "attack") and draw(st.integers(0, 7)) == 0:
        answer = st.one_of(some_id, st.booleans(), st.integers(0, 3))
        keys["choose"] = draw(st.lists(answer, min_size=1, max_size=2))
    if verb not in ("pass", "resolve", "advance") and draw(st.booleans()):
        keys["rejected"] = True
    return "[[step]]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in keys.items())


def step_tables(ids: tuple[str, ...], players: tuple[str, ...], pools: Mapping[str, Sequence[str]] | None = None,
                max_steps: int = 8) -> st.SearchStrategy[str]:
    """Several ``[[step]]`` tables, as TOML text to append to a scenario."""
    return st.lists(step_table(ids, players, pools), min_size=1, max_size=max_steps).map("\n".join)


_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")


def without_steps_and_checks(text: str) -> str:
    """The scenario ``text`` with its ``[[step]]``, ``[check]`` and ``[check_some]`` tables removed."""
    out: list[str] = []
    dropping = False
    for line in text.splitlines():
        header = _HEADER.match(line)
        if header and "=" not in line.split("#", 1)[0]:
            dropping = header.group(1).split(".")[0].strip() in ("step", "check", "check_some")
        if not dropping:
            out.append(line)
    return "\n".join(out) + "\n"
