"""Running a scenario: play each step on every outcome so far, answer decisions from
``choose`` or explore every legal answer, merge identical states, and check.

Exploration replays a step from its saved starting state once per answer
(states are immutable values, so a replay is exact), and outcomes whose
states are equal are merged as they are found: the number of outcomes is the
number of *distinct* positions, not of paths, and only distinct positions are
kept. The whole run may spend at most a budget of work (:data:`BUDGET`
transitions, every replay counting at least one); past it, the error names the
decision that multiplied the lines of play and how to script it.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator

from attrs import evolve, frozen

from ..engine import moves
from ..engine.equivalence import position_key
from ..engine.game import Answer, Decision, Game, Unanswered
from ..engine.invariants import check_change, check_invariants
from ..engine.query import replaying
from ..engine.log import Event
from ..engine.state import GameState
from ..errors import IllegalActionError, IllegalAnswerError, LimitExceededError, ScenarioError, VsOracleError
from .checks import holds
from ..tomlsource import show
from .load import Check, Scenario, Step

__all__ = ["Outcome", "CheckResult", "RunResult", "run_scenario", "perform", "step_action", "MAX_OUTCOMES", "BUDGET",
           "CARDS_PER_UNIT", "transition_cost", "chosen"]

#: At most this many distinct positions after a step.
MAX_OUTCOMES = 512

#: The exploration budget: state transitions the whole run may make, every replay of every
#: step counted (a replay counts at least one). A scripted scenario makes a few hundred; exploring
#: every answer of every decision multiplies that. ``vsoracle resolve --budget N`` raises it.
BUDGET = 100_000

#: A transition's work grows with the position (its table of objects is copied, compared and
#: hashed), so in a position of more cards than this each transition counts once more for every
#: such number of cards (:func:`transition_cost`): the budget bounds time, whatever the deck size,
#: and the count depends only on the scenario, never on the machine.
CARDS_PER_UNIT = 100


def transition_cost(state: GameState) -> int:
    """What one transition from ``state`` counts against the budget: 1, and 1 more for every
    :data:`CARDS_PER_UNIT` cards in the scenario (two 60-card decks: 2; a 20,000-card deck: 201)."""
    return 1 + len(state.objects) // CARDS_PER_UNIT


@frozen
class Outcome:
    """One distinct result: the state, the log that led to it (kept as one chunk per step, so
    adding a step never copies the whole log), and the answers taken."""

    state: GameState
    chunks: tuple[tuple[Event, ...], ...]
    choices: tuple[tuple[int, str, str], ...]
    paths: int = 1
    #: Why this line of play stopped early (a step with ``allowed = true`` that the rules refused):
    #: later steps are not played on it and checks are not read off it.
    stopped: str | None = None
    #: Each of ``choices`` as a person says it, naming the decision it answers (:meth:`Decision.says`).
    said: tuple[str, ...] = ()
    #: Each of ``choices``' answers as the value taken (an id, a boolean, a number, a tuple of them):
    #: what ``choose = [...]`` holds, for the JSON documents.
    answers: tuple[Any, ...] = ()

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event, in order."""
        return tuple(e for chunk in self.chunks for e in chunk)


@frozen
class CheckResult:
    """A check (or a ``rejected`` expectation) and whether it held."""

    description: str
    ok: bool
    line: int | None
    step: int | None
    found: tuple[Any, ...]
    every: bool = True
    #: Where it does not hold: each outcome's number (from 1, in the order of the outcomes it was read
    #: off), the value found there, and the choices that lead there ((step, what was chosen), …).
    failing: tuple[tuple[int, Any, tuple[tuple[int, str], ...]], ...] = ()


@frozen
class RunResult:
    scenario: Scenario
    outcomes: tuple[Outcome, ...]
    checks: tuple[CheckResult, ...]
    transitions: int = 0
    replays: int = 0

    @property
    def passed(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def assumptions(self) -> tuple[str, ...]:
        found: list[str] = []
        for o in self.outcomes:
            for e in o.log:
                if e.assumption and e.assumption not in found:
                    found.append(e.assumption)
        return tuple(found)


def step_action(step: Step, state: GameState) -> moves.Action:
    """The action a step takes (:func:`vsoracle.engine.moves.read_step`: each kind of action reads
    its own step): its player is ``by``, else the player with priority (else the active player,
    else the one with the initiative)."""
    if step.verb is None:
        raise ScenarioError("a step of checks only takes no action")
    pid = step.by or state.priority or state.active or state.initiative
    return moves.read_step(step.verb, pid, step.value, step.keys, step.choose)


def perform(g: Game, step: Step) -> None:
    """Play one scenario step on the game ``g``: the action it names (:func:`step_action`)."""
    if step.verb is None:
        return
    moves.perform(g, step_action(step, g.state))


def run_scenario(sc: Scenario, *, invariants: bool = True, on_step: Callable[[int], None] | None = None,
                 budget: int | None = None,
                 before_step: Callable[[Step, tuple[Outcome, ...]], None] | None = None) -> RunResult:
    """Play every step of ``sc`` on every outcome and evaluate its checks; exploring may spend
    ``budget`` transitions (default :data:`BUDGET`). ``before_step(step, outcomes)`` sees the
    outcomes each step starts from (``tools/weak_checks.py`` reads checks off them)."""
    outcomes = [Outcome(sc.state, ((Event("start", f"scenario: {sc.title}", sc.source or ""),),), ())]
    results: list[CheckResult] = []
    check = None
    if invariants:
        check_invariants(sc.state)  # the start, in full; then each transition, by what it changed
        check = check_change
    work = _Work(BUDGET if budget is None else budget, transition_cost(sc.state))
    for step in sc.steps:
        if before_step:
            before_step(step, tuple(outcomes))
        found = _Found(sc, step, work)
        asked: list[list[tuple[int, str, Decision[Any]]]] = []
        for out in outcomes:
            if out.stopped is not None:
                found.add(out, None)
                continue
            for new, refusal in _explore(sc, step, out, check, work, asked):
                found.add(new, refusal)
        outcomes, refusals = found.outcomes()
        if step.rejected or step.allowed:
            results.append(_legality(step, refusals))
        results += _asked_of(step, asked)
        for c in step.checks:
            results.append(_evaluate(c, outcomes, step.index))
        if on_step:
            on_step(step.index)
    for c in sc.checks:
        results.append(_evaluate(c, outcomes, None))
    return RunResult(sc, tuple(outcomes), tuple(results), work.transitions, work.replays)


class _Work:
    """What exploring has cost so far, against the budget, and which decisions multiplied it."""

    def __init__(self, budget: int, cost: int = 1) -> None:
        self.budget = budget
        self.cost = cost  # what each transition counts (transition_cost)
        self.spent = 0
        self.transitions = 0
        self.replays = 0
        # (step, player, kind, prompt) -> [extra lines of play it opened, most answers it had, step, decision]
        self.forks: dict[tuple[int, str, str, str], list[Any]] = {}

    def spend(self, g: Game, sc: Scenario, step: Step) -> None:
        """Count one replay's work; past the budget, say which decision exploded."""
        self.replays += 1
        self.transitions += g.transitions
        self.spent += (g.transitions + 1) * self.cost
        for decision, answers in g.forks:
            entry = self.forks.setdefault((step.index, decision.player, decision.kind, decision.prompt),
                                          [0, 0, step.index, decision])
            entry[0] += answers - 1
            entry[1] = max(entry[1], answers)
        if self.spent > self.budget:
            counted = "" if self.cost == 1 else \
                f" (each counts {self.cost}: the scenario has {len(sc.state.objects):,} cards)"
            raise LimitExceededError(f"step {step.index} ({step.describe()}) needs more than the exploration budget "
                                     f"of {self.budget:,} transitions{counted}{self.culprit()}", file=sc.path, line=step.line,
                                     hint=self.how_to_script() + f"; or raise the budget (vsoracle resolve --budget "
                                     f"{self.budget * 10})")

    def _worst(self) -> list[Any] | None:
        return max(self.forks.values(), key=lambda entry: entry[0]) if self.forks else None

    def culprit(self) -> str:
        """The decision that added the most lines of play, as a clause of the message."""
        worst = self._worst()
        if worst is None:
            return ""
        extra, most, index, decision = worst
        return (f": the decision that multiplies the lines of play is step {index}'s \"{decision.prompt}\", asked "
                f"with up to {most} answers ({extra:,} extra lines of play so far)")

    def how_to_script(self) -> str:
        worst = self._worst()
        if worst is None:
            return "script the step's decisions with choose = [...]"
        _extra, _most, index, decision = worst
        return (f"script it: choose = [{_as_toml(decision.options[0])}, …] on step {index} answers its decisions "
                "in the order they are asked")


def _as_toml(option: Any) -> str:
    """An answer as a scenario writes it in ``choose``: ``"thor"``, ``true``, ``2``, ``["a", "b"]``."""
    if isinstance(option, bool):
        return str(option).lower()
    if isinstance(option, int):
        return str(option)
    if isinstance(option, (tuple, list, frozenset)):
        return "[" + ", ".join(_as_toml(o) for o in option) + "]"
    return json.dumps(str(option), ensure_ascii=False)


class _Found:
    """The outcomes of one step, merged as they are found: identical positions are one outcome,
    whatever the choices that led there (their paths add up), so memory follows the distinct
    positions, not the paths — two states that differ only in orders nothing depends on are one
    position (:func:`~vsoracle.engine.equivalence.position_key`). A step with one line of play
    hashes no state."""

    def __init__(self, sc: Scenario, step: Step, work: _Work) -> None:
        self.sc, self.step, self.work = sc, step, work
        self.first: tuple[Outcome, str | None] | None = None
        self.merged: dict[tuple[Any, str | None, str | None], Outcome] | None = None

    def add(self, new: Outcome, refusal: str | None) -> None:
        """One line of play's outcome; ``refusal`` is the engine's reason when the step was refused on it."""
        if self.first is None and self.merged is None:
            self.first = (new, refusal)
            return
        if self.merged is None:
            assert self.first is not None  # (both None: the first outcome, kept above)
            first, why = self.first
            self.merged = {(position_key(first.state), why, first.stopped): first}
            self.first = None
        key = (position_key(new.state), refusal, new.stopped)
        old = self.merged.get(key)
        if old is not None:
            self.merged[key] = evolve(old, paths=old.paths + new.paths)
            return
        self.merged[key] = new
        if len(self.merged) > MAX_OUTCOMES:
            raise LimitExceededError(f"more than {MAX_OUTCOMES} distinct outcomes after step {self.step.index}"
                                     f"{self.work.culprit()}", file=self.sc.path, line=self.step.line,
                                     hint=self.work.how_to_script())

    def outcomes(self) -> tuple[list[Outcome], list[str | None]]:
        """The distinct outcomes, in the order found, and the reasons the step was refused on the
        lines of play it was tried on (``None``: it was played); a line stopped earlier has none."""
        if self.merged is None:
            if self.first is None:
                return [], []
            out, why = self.first
            return [out], ([why] if out.stopped is None or why is not None else [])
        refusals = [why for (_state, why, stopped), out in self.merged.items() if stopped is None or why is not None]
        return list(self.merged.values()), refusals


def _legality(step: Step, refusals: list[str | None]) -> CheckResult:
    """Whether the step was refused (``rejected``, with its reason if given) or played (``allowed``)
    on every line of play it was tried on; ``found`` has, for each, ``allowed`` or the reason."""
    found = tuple("allowed" if why is None else f"rejected: {why}" for why in refusals)
    if not refusals:  # every line of play stopped before this step
        what = "allowed" if step.allowed else "rejected"
        return CheckResult(f"step {step.index} ({step.describe()}) is {what} by the rules", False, step.line,
                           step.index, ("not reached",))
    if step.allowed:
        return CheckResult(f"step {step.index} ({step.describe()}) is allowed by the rules",
                           all(why is None for why in refusals), step.line, step.index, found)
    if step.reason is not None:
        wanted = step.reason.casefold()
        return CheckResult(f"step {step.index} ({step.describe()}) is rejected by the rules because "
                           f"{show(step.reason)}", all(why is not None and wanted in why.casefold() for why in refusals),
                           step.line, step.index, found)
    return CheckResult(f"step {step.index} ({step.describe()}) is rejected by the rules",
                       all(why is not None for why in refusals), step.line, step.index, found)


def _asked_of(step: Step, lines: list[list[tuple[int, str, Decision[Any]]]]) -> list[CheckResult]:
    """For each answer of ``choose`` that names who must give it (``{ by = "B", answer = … }``), a
    check that the rules asked that player on every line of play (the chooser the rules name: "that
    character's controller", "the target player", the affected player …); ``found`` has, for each
    line, who was asked and the decision."""
    out: list[CheckResult] = []
    for index, answer in enumerate(step.choose):
        if not isinstance(answer, Answer):
            continue
        found: list[str] = []
        ok = bool(lines)
        for line in lines:
            said = [(by, d) for i, by, d in line if i == index]
            if not said:
                found.append("not asked")
                ok = False
                continue
            _by, d = said[0]
            found.append(f"asked of {d.player}: {d.prompt}")
            ok = ok and d.player == answer.by
        out.append(CheckResult(f"step {step.index} ({step.describe()}): choose's answer {index + 1} is given by "
                               f"{answer.by}", ok, step.line, step.index, tuple(dict.fromkeys(found)) or ("not reached",)))
    return out


def _evaluate(c: Check, outcomes: list[Outcome], step: int | None) -> CheckResult:
    numbered = [(n, out) for n, out in enumerate(outcomes, start=1) if out.stopped is None]
    if not numbered:  # every line of play stopped at a refused step: nothing to read the check off
        return CheckResult(str(c), False, c.line, step, ("not reached",), c.every)
    found = []
    oks = []
    failing = []
    for n, out in numbered:
        try:
            ok, value = holds(out.state, c)
        except KeyError:
            ok, value = False, "?"
        oks.append(ok)
        found.append(value)
        if not ok:
            failing.append((n, value, chosen(out)))
    ok = all(oks) if c.every else any(oks)
    return CheckResult(str(c), ok, c.line, step, tuple(found), c.every, tuple(failing))


def chosen(out: Outcome) -> tuple[tuple[int, str], ...]:
    """The choices that lead to ``out``: (step, the answer as a person says it), in order."""
    said = out.said if len(out.said) == len(out.choices) else tuple(f"{p}: {a}" for _s, p, a in out.choices)
    return tuple((s, text) for (s, _p, _a), text in zip(out.choices, said))


def _explore(sc: Scenario, step: Step, out: Outcome, check: Any, work: _Work,
             asked: list[list[tuple[int, str, Decision[Any]]]]) -> Iterator[tuple[Outcome, str | None]]:
    """Run ``step`` from ``out``: scripted answers first, then every legal answer to the rest;
    each line of play's outcome, and the reason the rules refused the step on it (``None``: played).
    ``asked`` gets, for each line of play, who the rules asked for each answer that names who must
    give it (:class:`~vsoracle.engine.game.Answer`).

    A refused step with ``rejected`` leaves the game as if it had not been tried; with ``allowed``,
    the line of play stops there (the failed check says why); with neither, the file is invalid."""
    stack: list[list[Any]] = [list(step.choose)]
    scripted = len(step.choose)
    first = True
    while stack:
        answers = stack.pop()
        g = Game(out.state, answers, check, scripted, explore=not sc.strict)
        try:
            try:
                if first:
                    first = False
                    perform(g, step)
                else:
                    with replaying():  # the same positions again, up to the decision answered otherwise
                        perform(g, step)
            finally:
                work.spend(g, sc, step)
                stack.extend(reversed(g.branches))
        except Unanswered as need:
            if sc.strict:
                shown = ", ".join(need.decision.describe(o) for o in need.decision.options)
                raise ScenarioError(f"step {step.index} ({step.describe()}) asks an unscripted decision: "
                                    f"{need.decision.prompt}", file=sc.path, line=step.line,
                                    hint=f"strict = true: add choose = [...] with one of {shown}") from None
            for option in reversed(need.decision.options):
                stack.append(answers + [option])
            continue
        except IllegalActionError as error:
            asked.append(g.asked)
            if step.rejected:
                note = Event("rejected", f"step {step.index} ({step.describe()}) is rejected: {error.message}",
                             "scenario rejected")
                yield Outcome(out.state, out.chunks + ((note,),), out.choices, out.paths,
                              said=out.said, answers=out.answers), error.message
                continue
            if step.allowed:
                note = Event("refused", f"step {step.index} ({step.describe()}) was expected to be allowed, but the "
                             f"rules refuse it: {error.message}", "scenario allowed")
                yield Outcome(out.state, out.chunks + ((note,),), out.choices, out.paths,
                              f"step {step.index} was refused, so later steps and checks are not played",
                              out.said, out.answers), error.message
                continue
            raise ScenarioError(f"step {step.index} ({step.describe()}) is illegal: {error.message}",
                                file=sc.path, line=step.line, hint=error.hint or "fix the step, or add rejected = true "
                                "if the question is whether the rules forbid it") from None
        except IllegalAnswerError as error:
            raise ScenarioError(f"step {step.index} ({step.describe()}): {error.message}", file=sc.path,
                                line=step.line, hint=error.hint) from None
        except VsOracleError as error:
            raise error.located(sc.path, step.line) from None
        if g.used < scripted and len(answers) == scripted:
            raise ScenarioError(f"step {step.index} ({step.describe()}) answered {g.used} decision"
                                f"{'s' if g.used != 1 else ''} but choose has {scripted} answer{'s' if scripted != 1 else ''}",
                                file=sc.path, line=step.line,
                                hint="remove the extra answer" + ("s" if scripted - g.used != 1 else ""))
        asked.append(g.asked)
        choices = tuple((step.index, d.prompt, d.describe(a)) for d, a in g.taken)
        said = tuple(d.says(a) for d, a in g.taken)
        if step.rejected:
            note = Event("allowed", f"step {step.index} ({step.describe()}) was expected to be rejected, "
                         "but the rules allow it", "scenario rejected")
            yield Outcome(out.state, out.chunks + (tuple(g.log) + (note,),), out.choices, out.paths,
                          said=out.said, answers=out.answers), None
            continue
        yield Outcome(g.state, out.chunks + (tuple(g.log),), out.choices + choices, out.paths,
                      said=out.said + said, answers=out.answers + tuple(a for _d, a in g.taken)), None
