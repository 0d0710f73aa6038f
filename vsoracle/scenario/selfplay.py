"""Self-play: games between two decks, split by seed across processes, with every failure
written out as a scenario that reproduces it.

Game ``i`` of seed ``S`` is a value of ``(S, i)`` alone: its shuffles and setup draw from a
generator seeded ``"S/i/setup"``, each player's agent from ``"S/i/A"``, ``"S/i/B"`` — so the
games are the same whichever process plays them, and ``--jobs`` changes nothing but the time.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Sequence

from attrs import frozen

from ..cards import Card, database
from ..engine.collecting import seldom_collected
from ..engine.match import MAX_MOVES, MAX_TURNS, Agent, FirstAgent, GameRecord, RandomAgent, play
from ..engine.moves import step_toml
from ..engine.setup import setup
from ..engine.state import GameState, Zone
from ..errors import VsOracleError
from .decks import Deck, load_deck

__all__ = ["AgentKind", "GameResult", "Summary", "play_one", "selfplay", "reproducer", "PLAYERS"]

AgentKind = Literal["random", "first"]
PLAYERS = ("A", "B")


@frozen
class GameResult:
    """One game as the summary counts it (plain values: it crosses processes)."""

    index: int
    winner: str | None
    turns: int
    moves: int
    transitions: int
    capped: bool
    error: str | None = None
    #: The scenario that reproduces the error (TOML), when there is one.
    scenario: str | None = None


@frozen
class Summary:
    """Every game of a run, in game order."""

    seed: int
    games: tuple[GameResult, ...]

    @property
    def wins(self) -> dict[str, int]:
        return {pid: sum(1 for g in self.games if g.winner == pid) for pid in PLAYERS}

    @property
    def draws(self) -> int:
        return sum(1 for g in self.games if g.winner is None and g.error is None)

    @property
    def capped(self) -> int:
        return sum(1 for g in self.games if g.capped)

    @property
    def errors(self) -> tuple[GameResult, ...]:
        return tuple(g for g in self.games if g.error is not None)

    @property
    def turns(self) -> int:
        return sum(g.turns for g in self.games)

    @property
    def mean_turns(self) -> float:
        return round(self.turns / len(self.games), 2) if self.games else 0.0

    @property
    def transitions(self) -> int:
        return sum(g.transitions for g in self.games)

    @property
    def moves(self) -> int:
        return sum(g.moves for g in self.games)


def _agent(kind: AgentKind, seed: str) -> Agent:
    return RandomAgent(seed) if kind == "random" else FirstAgent()


def play_one(decks: tuple[Deck, Deck], seed: int, index: int, agents: tuple[AgentKind, AgentKind] = ("random", "random"),
             max_turns: int = MAX_TURNS, max_moves: int = MAX_MOVES) -> tuple[GameResult, GameRecord]:
    """Game ``index`` of ``seed``: its result and its record."""
    players = {pid: _agent(kind, f"{seed}/{index}/{pid}") for pid, kind in zip(PLAYERS, agents)}
    start = setup([(pid, deck.cards) for pid, deck in zip(PLAYERS, decks)], random.Random(f"{seed}/{index}/setup"),
                  {pid: agent.answer for pid, agent in players.items()})
    record = play(start, players, max_turns=max_turns, max_moves=max_moves)
    text = None
    if record.error is not None:
        text = reproducer(record, decks, f"selfplay --seed {seed}, game {index}")
    return GameResult(index, record.winner, record.turns, record.moves, record.transitions, record.capped,
                      record.error, text), record


@lru_cache(maxsize=8)
def _decks(paths: tuple[str, str], cards: tuple[str, ...]) -> tuple[Deck, Deck]:
    db = database(cards)
    return load_deck(paths[0], db), load_deck(paths[1], db)


def _shard(paths: tuple[str, str], cards: tuple[str, ...], seed: int, indices: Sequence[int],
           agents: tuple[AgentKind, AgentKind], max_turns: int, max_moves: int) -> list[GameResult]:
    decks = _decks(paths, cards)
    with seldom_collected():
        return [play_one(decks, seed, i, agents, max_turns, max_moves)[0] for i in indices]


def selfplay(paths: tuple[str, str], games: int, seed: int, *, jobs: int = 1, cards: Sequence[str] = (),
             agents: tuple[AgentKind, AgentKind] = ("random", "random"), max_turns: int = MAX_TURNS,
             max_moves: int = MAX_MOVES, dask: str | None = None) -> Summary:
    """``games`` games of the decks at ``paths`` (A's, B's), ``jobs`` local processes playing
    them (game ``i`` in shard ``i % jobs``): the same summary whatever ``jobs``. With ``dask``
    (``"local"``: a local cluster of ``jobs`` workers; else a scheduler's address) the same
    shards run on a Dask cluster (the ``dask`` extra). The decks are checked first, here, so a
    bad deck is one error before any game."""
    _decks(paths, tuple(cards))
    indices = list(range(games))
    if dask is not None:
        shards = [indices[k::jobs] for k in range(jobs)]
        found = _on_dask(dask, jobs, [(paths, tuple(cards), seed, shard, agents, max_turns, max_moves)
                                      for shard in shards if shard])
    elif jobs <= 1 or games <= 1:
        found = _shard(paths, tuple(cards), seed, indices, agents, max_turns, max_moves)
    else:
        shards = [indices[k::jobs] for k in range(jobs)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_shard, paths, tuple(cards), seed, shard, agents, max_turns, max_moves)
                       for shard in shards if shard]
            found = [g for f in futures for g in f.result()]
    return Summary(seed, tuple(sorted(found, key=lambda g: g.index)))


def _on_dask(where: str, workers: int, shards: list[tuple[Any, ...]]) -> list[GameResult]:
    """Each shard's games played on a Dask cluster: a local one (``"local"``) or the scheduler at
    ``where``. Dask is optional (``pip install 'vsoracle[dask]'``); without it, a clear error."""
    import importlib

    try:
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError:
        raise VsOracleError("Dask is not installed", hint="pip install 'vsoracle[dask]', or use --jobs alone") from None
    import logging

    logging.getLogger("distributed").setLevel(logging.ERROR)  # its shutdown notes are not vsoracle's output
    if where == "local":
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster, distributed.Client(cluster) as client:
            return _gathered(client, shards)
    with distributed.Client(where) as client:
        return _gathered(client, shards)


def _gathered(client: Any, shards: list[tuple[Any, ...]]) -> list[GameResult]:
    futures = [client.submit(_shard, *shard, pure=False) for shard in shards]
    return [g for part in client.gather(futures) for g in part]


# ---------------------------------------------------------------------------------------------
# A failure as a scenario
# ---------------------------------------------------------------------------------------------

def reproducer(record: GameRecord, decks: Sequence[Deck], title: str) -> str:
    """A scenario file that reproduces a failed game: the cards the decks define, the position
    the game started from (turn 1's draw phase, every id as the game named it) and every action
    taken, the failing one last (with the answers given before it failed)."""
    lines = [f"# {title}: the engine failed", f"# {record.error}", "", "[scenario]",
             f"title = {_string(title + ': ' + (record.error or '')[:200])}", ""]
    seen: set[str] = set()
    for deck in decks:
        for table in deck.inline:
            name = str(table.get("name"))
            if name in seen:
                continue
            seen.add(name)
            lines += ["[[card]]"] + [f"{k} = {_value(v)}" for k, v in table.items()] + [""]
    s = record.start
    lines += ["[game]", f"turn = {s.turn}", f'phase = "{s.phase}"', f'initiative = "{s.initiative}"', ""]
    for p in s.players:
        lines.append(f"[players.{p.id}]")
        for key, zone in (("deck", Zone.DECK), ("hand", Zone.HAND)):
            ids = p.pile(zone)
            lines.append(f"{key} = [")
            lines += [f"  {{ card = {_string(_name(s, oid))}, id = {_string(oid)} }}," for oid in ids]
            lines.append("]")
        lines.append("")
    steps = list(record.actions) + ([record.failing] if record.failing is not None else [])
    for action in steps:
        lines += [step_toml(action.to_step()), ""]
    return "\n".join(lines)


def _name(s: GameState, oid: str) -> str:
    card: Card = s.obj(oid).card
    return card.number if card.number and card.set_code != "deck" else card.title


def _string(text: str) -> str:
    import json
    return json.dumps(text, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return _string(str(value))
