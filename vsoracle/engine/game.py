"""A game in motion: the current immutable state, the log, and the answers to decisions.

:class:`Game` is the working context of one run of one step: rule functions
read ``game.state`` and replace it with a new value, append :class:`Event`\\ s
to ``game.log``, and ask :class:`Decision`\\ s through ``game.ask``. A decision
takes the next scripted answer; when none is left it raises
:class:`Unanswered`, and the explorer replays the step once per legal answer
(states are values, so a replay from the saved state is exact).
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Literal, Sequence, TypeVar

from attrs import frozen

from ..errors import IllegalActionError, IllegalAnswerError, LimitExceededError
from .log import Event, Figures, LogKind
from .state import GameState

__all__ = ["Decision", "DecisionKind", "Answer", "OPEN", "Unanswered", "Game", "Branch", "TRIGGER_DEPTH_LIMIT",
           "SCENARIO_CHOOSE", "ANSWER_GIVEN"]

TRIGGER_DEPTH_LIMIT = 200

T = TypeVar("T")

#: What a decision is about (``Question.kind``, what a client is told): yes or no (``may``), a
#: choice on resolution, an order, a target, a replacement modifier, a pick nobody makes
#: (``random``), …
DecisionKind = Literal["may", "choose", "order", "target", "replacement", "random", "search", "pay", "swap",
                       "strike", "place", "transfer", "recover"]


@frozen
class Decision(Generic[T]):
    """A choice the rules give a player: who decides, what kind, the prompt and the legal options."""

    player: str
    kind: DecisionKind
    prompt: str
    options: tuple[T, ...]

    def describe(self, option: Any) -> str:
        """An option as a scenario writes it: ``true``, ``hero``, ``[a, b]``."""
        if isinstance(option, bool):
            return str(option).lower()
        if isinstance(option, (tuple, list, frozenset)):
            return "[" + ", ".join(self.describe(o) for o in option) + "]"
        if hasattr(option, "items"):
            return "{ " + ", ".join(f"{k} = {self.describe(v)}" for k, v in option.items()) + " }"
        return str(option)

    def says(self, option: Any) -> str:
        """The answer as a person says it, naming the decision it answers: ``A may draw 1 card: yes``,
        ``A orders triggers: x first``, ``B chooses a target for y's power: z``."""
        if self.kind == "may" and isinstance(option, bool):
            return f"{self.prompt}: {'yes' if option else 'no'}"
        head, sep, question = self.prompt.partition(": which ")
        if sep and question.endswith(" first?"):
            return f"{head}: {self.describe(option)} first"
        return f"{self.prompt.rstrip('?')}: {self.describe(option)}"


class _Open:
    """No answer given: the decision's every answer is explored (:data:`OPEN`)."""

    def __repr__(self) -> str:
        return "OPEN"


#: The value of an :class:`Answer` that names only who must decide (``{ by = "B" }``).
OPEN: Any = _Open()


@frozen
class Answer:
    """A scripted answer that names the player the rules must ask: ``choose = [{ by = "B", answer =
    "x" }]``; with ``value`` :data:`OPEN` (``{ by = "B" }``) it names only the player, and the
    decision's every answer is explored. The rules asking another player is no illegal answer but a
    ruling that fails: the game goes on with the answer and :attr:`Game.asked` keeps who was asked,
    for the scenario's check (``explored``: an open answer the explorer filled in)."""

    by: str
    value: Any = OPEN
    explored: bool = False


class Unanswered(Exception):
    """Internal signal: a decision had no scripted answer (the explorer forks on it)."""

    def __init__(self, decision: Decision[Any]) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


class Branch(list[Any]):
    """The answers of a line of play still to explore (:attr:`Game.branches`), with what the run it
    forks from went through before the fork: from the same start, the branch's first ``shared``
    transitions are that run's (the rules are functions of the state and the answers, and the
    answers before the fork are the same), so a replay takes those states as they are instead of
    equal copies — their answers (``query``) are shared and their hashes known, with no state hashed
    to find them."""

    __slots__ = ("start", "states", "shared")

    def __init__(self, answers: list[Any], start: GameState, states: list[GameState], shared: int) -> None:
        super().__init__(answers)
        self.start, self.states, self.shared = start, states, shared


#: The citation of an answer a scenario's ``choose`` gave.
SCENARIO_CHOOSE = "scenario choose"
#: The citation of an answer a program or a player gave (the API's ``take`` / ``answer``, ``vsoracle
#: engine``, ``vsoracle play``): no scenario file said it.
ANSWER_GIVEN = "answer"


class Game:
    """The working context of one run: state, log and answers."""

    __slots__ = ("state", "logged", "given", "_start", "_trace", "states", "log", "answers", "scripted", "explore",
                 "branches", "forks", "used", "taken", "asked", "_check", "resolutions", "transitions")

    def __init__(self, state: GameState, answers: Sequence[Any] = (),
                 check: Callable[[GameState, GameState], None] | None = None, scripted: int | None = None,
                 explore: bool = False, given: str = SCENARIO_CHOOSE, logged: bool = True) -> None:
        self.state = state
        #: Whether :meth:`note` keeps what it is told: a line of play tried only for its outcome
        #: (``moves``: the legal actions and where they lead) has a log nobody reads.
        self.logged = logged
        #: What a scripted answer's log line cites: a scenario's ``choose`` ("scenario choose"), or
        #: an answer a program or a player gave (:data:`ANSWER_GIVEN`, the API's and ``vsoracle engine``'s).
        self.given = given
        self._start = state
        #: A branch replayed from the start its run forked from: the states it shares with that run.
        self._trace = answers if isinstance(answers, Branch) and answers.start is state else None
        #: Every state set, while exploring (what a branch forked from this run shares).
        self.states: list[GameState] = []
        self.log: list[Event] = []
        self.answers = list(answers)
        self.scripted = len(self.answers) if scripted is None else scripted
        self.explore = explore
        self.branches: list[list[Any]] = []
        self.forks: list[tuple[Decision[Any], int]] = []  # each decision that branched, with its number of answers
        self.used = 0
        self.taken: list[tuple[Decision[Any], Any]] = []
        #: For each :class:`Answer` taken: its place in ``answers``, the player it names, the decision it answered.
        self.asked: list[tuple[int, str, Decision[Any]]] = []
        self._check = check
        self.resolutions = 0
        self.transitions = 0

    def set(self, state: GameState) -> None:
        """Replace the state (one transition); when enabled, ``check(before, after)`` checks
        the transition (:func:`~vsoracle.engine.invariants.check_change`)."""
        if self._check is not None:
            self._check(self.state, state)
        trace = self._trace
        if trace is not None and self.transitions < trace.shared:
            state = trace.states[self.transitions]  # the very state the run forked from had here (equal)
        if self.explore:
            self.states.append(state)
        self.transitions += 1
        self.state = state

    def note(self, kind: LogKind, text: str, cite: str = "", assumption: str | None = None,
             objects: tuple[str, ...] = (), figures: Figures = ()) -> None:
        """Log one event; ``figures`` are the values it decided on, which ``text`` states too."""
        if self.logged:
            # what Event(...) builds, its fields set as one dict (log.Event keeps them in __dict__)
            event = _new(Event)
            _set(event, "__dict__", {"kind": kind, "text": text, "cite": cite, "assumption": assumption,
                                     "objects": objects, "figures": figures})
            self.log.append(event)

    def ask(self, decision: Decision[T]) -> T:
        """The answer to ``decision``: forced when it has one option, else the next scripted one."""
        options = decision.options
        if not options:
            raise IllegalActionError(f"no legal answer for: {decision.prompt}")
        if len(options) == 1:
            # A forced choice is not asked; a scripted answer naming it is taken all the same.
            if self.used < len(self.answers) and _match(_value(self.answers[self.used]), options) is not _NO:
                self._by(decision)
                self.used += 1
                self.taken.append((decision, options[0]))
            return options[0]
        if self.used < len(self.answers):
            answer = self.answers[self.used]
            if isinstance(answer, Answer) and answer.value is OPEN:
                # "{ by = B }": B's decision, its every answer explored
                if not self.explore:
                    raise Unanswered(decision)
                rest = self.answers[self.used + 1:]
                prefix = list(self.answers[: self.used])
                self.branches += [self._branch(prefix + [Answer(answer.by, option, True)] + rest)
                                  for option in options[1:]]
                self.forks.append((decision, len(options)))
                self.answers[self.used] = Answer(answer.by, options[0], True)
                return self.ask(decision)
            self._by(decision)
            explored = isinstance(answer, Answer) and answer.explored
            answer = _value(answer)
            self.used += 1
            chosen: T = _match(answer, options)
            if chosen is _NO:
                shown = ", ".join(decision.describe(o) for o in options)
                raise IllegalAnswerError(f"{decision.describe(answer)} is not a legal answer to: {decision.prompt}",
                                         hint=f"choose one of {shown}")
            self.taken.append((decision, chosen))
            if self.logged:  # (a line tried only for where it leads keeps no log: no words made)
                how = self.given if self.used <= self.scripted and not explored \
                    else "explored: every legal answer is followed"
                said = f"{decision.prompt}: {decision.describe(chosen)}" if decision.kind == "random" \
                    else f"{decision.player} chooses {decision.describe(chosen)}: {decision.prompt}"  # random: nobody chooses
                self.note("choice", said, how)
            return chosen
        if not self.explore:
            raise Unanswered(decision)
        # Exploring: follow the first answer now; the others are replayed later from this prefix.
        prefix = list(self.answers[: self.used])
        self.branches += [self._branch(prefix + [option]) for option in options[1:]]
        self.forks.append((decision, len(options)))
        self.answers.append(options[0])
        return self.ask(decision)

    def _branch(self, answers: list[Any]) -> Branch:
        """A line of play forking here: it shares this run's transitions so far."""
        return Branch(answers, self._start, self.states, self.transitions)

    def _by(self, decision: Decision[Any]) -> None:
        """Keep who the rules ask for a scripted answer that names who must give it."""
        answer = self.answers[self.used]
        if isinstance(answer, Answer):
            self.asked.append((self.used, answer.by, decision))

    def bump(self) -> None:
        """Count one resolution; a runaway loop of triggers stops with a clear error."""
        self.resolutions += 1
        if self.resolutions > TRIGGER_DEPTH_LIMIT:
            raise LimitExceededError(f"more than {TRIGGER_DEPTH_LIMIT} effects resolved in one step",
                                     hint="the position loops (a trigger that keeps triggering?)")


_NO = object()
_new = object.__new__
_set = object.__setattr__


def _value(answer: Any) -> Any:
    """A scripted answer's value (an :class:`Answer`'s, or the answer itself)."""
    return answer.value if isinstance(answer, Answer) else answer


def _match(answer: Any, options: tuple[Any, ...]) -> Any:
    """The option a scripted answer names. ``true``/``false`` answer only a yes/no decision and
    nothing else does (in Python ``0 == False``: ``choose = [0]`` must not answer "may"). A list
    names the option with those items in that order if there is one — an "order" decision
    ("put them back in any order", CR 508) is answered top first, as written — else the
    option with those items in any order (which cards of a "choose two")."""
    for option in options:
        if isinstance(option, (tuple, list)) and isinstance(answer, (list, tuple)) \
                and list(map(str, option)) == list(map(str, answer)):
            return option
    for option in options:
        if isinstance(option, bool) != isinstance(answer, bool):
            continue
        if option == answer:
            return option
        if isinstance(option, (tuple, list, frozenset)) and isinstance(answer, (list, tuple)):
            if sorted(map(str, option)) == sorted(map(str, answer)):
                return option
        if not isinstance(option, bool) and isinstance(answer, str) and str(option) == answer:
            return option
    return _NO
