"""A whole game: agents choose among the legal actions and answer the decisions until it ends.

A game starts from the position :func:`.setup.setup` gives and goes on, action by action
(:func:`.moves.take`), each decision that waits answered by the agent of the player it asks
(:func:`.moves.answer`), until the wrap-up ends it (CR 102, CR 408) — or the cap: after
``max_turns`` turns, or ``max_moves`` moves, the game is a draw (assumption A-GAME-CAP), so every
game ends. Nobody has priority in the wrap-up (CR 408): the game passes through it
(``advance = "next-turn"``), its decisions (which stunned character to recover) asked all the same.

Agents: :class:`RandomAgent` (a uniform choice among the legal actions and answers, from its own
seeded generator), :class:`FirstAgent` (the first of each, in the order :func:`.moves.candidates`
gives them) and :class:`ScriptedAgent` (the moves it is given, each named as a step or an answer
is written, then another agent's).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Protocol, Sequence

from attrs import evolve, frozen

from ..cards import CardType
from .invariants import check_change, check_invariants
from .moves import Action, Advance, Flip, Question, Waiting, answer, candidates, pending, step_toml, take, why_not
from .query import held
from .state import GameState

__all__ = ["Agent", "RandomAgent", "FirstAgent", "ScriptedAgent", "GameRecord", "play", "legal_choices",
           "MAX_TURNS", "MAX_MOVES"]

#: The cap (assumption A-GAME-CAP): a game not over after this many turns, or moves, is a draw.
MAX_TURNS = 60
MAX_MOVES = 20_000


class Agent(Protocol):
    """What plays for a player: an action when he has priority, an answer when a decision waits."""

    def act(self, state: GameState, actions: Sequence[Action]) -> Action:
        """One of ``actions`` (never empty)."""
        ...

    def answer(self, question: Question) -> Any:
        """One of ``question.answers``."""
        ...


class FirstAgent:
    """The first legal action, the first legal answer."""

    def act(self, state: GameState, actions: Sequence[Action]) -> Action:
        return actions[0]

    def answer(self, question: Question) -> Any:
        return question.answers[0]


class RandomAgent:
    """A legal action or answer chosen at random, from a generator seeded by ``seed``: an action
    uniformly among the legal actions, an answer uniformly among the legal answers. It never
    reveals a resource that is not a location — a reveal that changes nothing but itself (FAQ SC 30)
    and can be taken again and again: it only slows the game — unless nothing else is legal.
    (Uniform over the actions, games still end: docs/decks.md gives the figures.)"""

    def __init__(self, seed: str | int) -> None:
        self.rng = random.Random(seed)

    def act(self, state: GameState, actions: Sequence[Action]) -> Action:
        pool = [a for a in actions if not (isinstance(a, Flip) and state.obj(a.card).card.type is not CardType.LOCATION)]
        pool = pool or list(actions)  # nothing but reveals: one of them
        return pool[self.rng.randrange(len(pool))]

    def answer(self, question: Question) -> Any:
        return question.answers[self.rng.randrange(len(question.answers))]


class ScriptedAgent:
    """The moves of a script, in order — an action named by its step as a scenario writes it
    (``recruit = "x"``: the step's TOML without the ``[[step]]`` line, keys in any order on
    one line joined by ``; `` or newlines) or an answer as ``choose`` writes it (``true``,
    ``"x"``) — then ``then``'s. A scripted move that is not legal is an error."""

    def __init__(self, script: Sequence[str], then: Agent | None = None) -> None:
        self.script = list(script)
        self.then = then or FirstAgent()

    def _next(self) -> str | None:
        return self.script.pop(0) if self.script else None

    def act(self, state: GameState, actions: Sequence[Action]) -> Action:
        move = self._next()
        if move is None:
            return self.then.act(state, actions)
        want = _lines(move)
        for action in actions:
            if _lines(step_toml(action.to_step())) == want:
                return action
        raise ValueError(f"the scripted move {move!r} is not legal here")

    def answer(self, question: Question) -> Any:
        move = self._next()
        if move is None:
            return self.then.answer(question)
        for value in question.answers:
            if question.toml(value) == move.strip():
                return value
        raise ValueError(f"the scripted answer {move!r} does not answer: {question.prompt}")


def _lines(step: str) -> frozenset[str]:
    """A step's keys as a set of lines (the order it is written in means nothing)."""
    parts = step.replace(";", "\n").splitlines()
    return frozenset(p.strip() for p in parts if p.strip() and p.strip() != "[[step]]")


@frozen
class GameRecord:
    """How one game went: the winner (``None``: a draw), the turns, the moves (actions and
    answers), the engine's transitions, whether the cap ended it, and — if the engine failed —
    the error with what reproduces it: the start, every action taken (each with its answers)
    and the action under way when it failed."""

    start: GameState
    winner: str | None
    turns: int
    moves: int
    transitions: int
    capped: bool
    actions: tuple[Action, ...]
    #: The position it ended in (after a failure: the last one reached before it).
    end: GameState | None = None
    error: str | None = None
    failing: Action | None = None


def legal_choices(state: GameState) -> list[Action]:
    """The actions the player with priority may take, each with its decisions left open (they are
    asked as it is taken): every candidate some line of play leaves legal (:func:`.moves.why_not`)."""
    with held(state):
        return [c for c in candidates(state) if why_not(state, c) is None]


def play(start: GameState, agents: Mapping[str, Agent], *, max_turns: int = MAX_TURNS, max_moves: int = MAX_MOVES,
         invariants: bool = True) -> GameRecord:
    """Play from ``start`` to the game's end (or the cap); ``invariants``: every transition is
    checked (:func:`.invariants.check_change`). An exception or an invariant violation ends the
    game with its error in the record, never raised."""
    count = [0]

    def counted(before: GameState, after: GameState) -> None:
        count[0] += 1
        if invariants:
            check_change(before, after)

    check: Callable[[GameState, GameState], None] = counted
    state, taken, moves, transitions = start, [], 0, 0
    current: Action | None = None
    try:
        if invariants:
            check_invariants(start)
        while not state.over and state.turn <= max_turns and moves < max_moves:
            if state.priority is None:
                if state.step != "wrap-up":
                    raise RuntimeError(f"nobody has priority in {state.phase} {state.step or ''}, and the game goes on")
                current = Advance(to="next-turn")
            else:
                choices = legal_choices(state)
                if not choices:
                    raise RuntimeError(f"{state.priority} has priority and no legal action")
                current = agents[state.priority].act(state, choices)
            count[0] = 0
            position = take(state, current, check)
            moves += 1
            while isinstance(position, Waiting):
                question = pending(position)
                assert question is not None
                value = agents[question.player].answer(question)
                current = evolve(current, choose=current.choose + (value,))
                count[0] = 0
                position = answer(position, value, check)
                moves += 1
            transitions += count[0]
            state = position
            taken.append(current)
            current = None
    except Exception as error:  # noqa: BLE001 - self-play reports every failure as a reproducible game
        return GameRecord(start, None, state.turn, moves, transitions, False, tuple(taken), state,
                          f"{type(error).__name__}: {error}", current)
    winner = next((p.id for p in state.players if p.won), None)
    capped = not state.over
    return GameRecord(start, winner, min(state.turn, max_turns), moves, transitions, capped, tuple(taken), state)
