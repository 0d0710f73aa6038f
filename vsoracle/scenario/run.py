"""Running a scenario: play each step on every outcome so far, answer decisions from
``choose`` or explore every legal answer, merge identical states, and check.

Exploration replays a step from its saved starting state once per answer
(states are immutable values, so a replay is exact), and outcomes whose
states are equal are merged: the number of outcomes is the number of
*distinct* positions, not of paths.
"""

from __future__ import annotations

from typing import Any, Callable

from attrs import frozen

from ..engine import actions, turn
from ..engine.chain import resolve_all, resolve_top
from ..engine.turn import pass_priority
from ..engine.game import Game, Unanswered
from ..engine.invariants import check_invariants
from ..engine.log import Event
from ..engine.state import GameState
from ..errors import IllegalActionError, IllegalAnswerError, LimitExceededError, ScenarioError, VsOracleError
from .checks import holds
from .load import Check, Scenario, Step

__all__ = ["Outcome", "CheckResult", "RunResult", "run_scenario", "perform", "MAX_OUTCOMES", "MAX_REPLAYS"]

MAX_OUTCOMES = 512
MAX_REPLAYS = 20000


@frozen
class Outcome:
    """One distinct result: the state, the log that led to it (kept as one chunk per step, so
    adding a step never copies the whole log), and the answers taken."""

    state: GameState
    chunks: tuple[tuple[Event, ...], ...]
    choices: tuple[tuple[int, str, str], ...]
    paths: int = 1

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


def perform(g: Game, step: Step) -> None:
    """Play one scenario step on the game ``g``."""
    k = step.keys
    verb = step.verb
    s = g.state
    if verb is None:
        return
    if step.by is not None and verb not in ("resolve", "advance"):
        actions.pass_until(g, step.by)
    pid = step.by or g.state.priority or s.active or s.initiative
    listed = lambda key: list(k.get(key, ())) if isinstance(k.get(key, ()), tuple) else [k.get(key)]
    if verb == "recruit":
        actions.recruit(g, pid, step.value, source=k.get("from", "hand"), row=k.get("row"), col=k.get("col"),
                        area=k.get("area"), face_down=k.get("face_down"), boost=bool(k.get("boost", False)),
                        costs=listed("costs"), equip=k.get("equip"))
    elif verb == "play":
        actions.play(g, pid, step.value, targets=listed("targets"), costs=listed("costs"), x=k.get("x"))
    elif verb == "use":
        actions.use(g, pid, step.value, power=k.get("power"), targets=listed("targets"), costs=listed("costs"),
                    pay=k.get("pay"))
    elif verb == "attack":
        attackers = list(step.value) if isinstance(step.value, tuple) else [step.value]
        actions.propose_attack(g, pid, attackers, k["target"])
    elif verb == "reinforce":
        actions.reinforce(g, pid, step.value, k["with"])
    elif verb == "flip":
        actions.flip(g, pid, step.value)
    elif verb == "move":
        actions.move(g, pid, step.value, k.get("row"), k.get("col"))
    elif verb == "resource":
        actions.place_resource(g, pid, step.value)
    elif verb == "transfer":
        actions.transfer(g, pid, step.value, k["to"])
    elif verb == "pass":
        if g.state.priority is None:
            raise IllegalActionError("nobody has priority now")
        pass_priority(g)
    elif verb == "resolve":
        if not g.state.chain and step.value == "all":
            g.note("pass", "the chain is already empty: nothing to resolve", "CR 216")
            return
        if not g.state.chain:
            raise IllegalActionError("the chain is empty: nothing to resolve")
        g.note("pass", "all players pass in succession", "CR 216")
        if step.value == "top":
            resolve_top(g)
        else:
            resolve_all(g)
    elif verb == "advance":
        turn.advance(g, step.value)
    if verb != "flip":
        actions.unreveal(g)


def run_scenario(sc: Scenario, *, invariants: bool = True,
                 on_step: Callable[[int], None] | None = None) -> RunResult:
    """Play every step of ``sc`` on every outcome and evaluate its checks."""
    outcomes = [Outcome(sc.state, ((Event("start", f"scenario: {sc.title}", sc.source or ""),),), ())]
    results: list[CheckResult] = []
    check = check_invariants if invariants else None
    replays = [0, 0]
    for step in sc.steps:
        found = [done for out in outcomes for done in _explore(sc, step, out, check, replays)]
        rejected_ok = [was_rejected for _, was_rejected in found]
        # One line of play has nothing to merge: hashing whole states is paid only when exploring.
        outcomes = [found[0][0]] if len(found) == 1 else _merge([new for new, _ in found], sc, step)
        if step.rejected:
            ok = all(rejected_ok)
            results.append(CheckResult(f"step {step.index} ({step.describe()}) is rejected by the rules", ok,
                                       step.line, step.index, tuple("rejected" if r else "allowed" for r in rejected_ok)))
        for c in step.checks:
            results.append(_evaluate(c, outcomes, step.index))
        if on_step:
            on_step(step.index)
    for c in sc.checks:
        results.append(_evaluate(c, outcomes, None))
    return RunResult(sc, tuple(outcomes), tuple(results), replays[1], replays[0])


def _merge(found: list[Outcome], sc: Scenario, step: Step) -> list[Outcome]:
    """Identical positions are one outcome, whatever the choices that led there; their paths add up."""
    merged: dict[GameState, Outcome] = {}
    for new in found:
        if new.state in merged:
            old = merged[new.state]
            merged[new.state] = Outcome(old.state, old.chunks, old.choices, old.paths + new.paths)
        else:
            merged[new.state] = new
        if len(merged) > MAX_OUTCOMES:
            raise LimitExceededError(f"more than {MAX_OUTCOMES} distinct outcomes after step {step.index}",
                                     file=sc.path, line=step.line, hint="script some decisions with choose = [...]")
    return list(merged.values())


def _evaluate(c: Check, outcomes: list[Outcome], step: int | None) -> CheckResult:
    found = []
    oks = []
    for out in outcomes:
        try:
            ok, value = holds(out.state, c)
        except KeyError:
            ok, value = False, "?"
        oks.append(ok)
        found.append(value)
    ok = all(oks) if c.every else any(oks)
    return CheckResult(str(c), ok, c.line, step, tuple(found), c.every)


def _explore(sc: Scenario, step: Step, out: Outcome, check: Any, replays: list[int]) -> list[tuple[Outcome, bool]]:
    """Run ``step`` from ``out``: scripted answers first, then every legal answer to the rest."""
    done: list[tuple[Outcome, bool]] = []
    stack: list[list[Any]] = [list(step.choose)]
    scripted = len(step.choose)
    while stack:
        answers = stack.pop()
        replays[0] += 1
        if replays[0] > MAX_REPLAYS:
            raise LimitExceededError(f"exploration budget of {MAX_REPLAYS} replays exceeded", file=sc.path,
                                     line=step.line, hint="script some decisions with choose = [...]")
        g = Game(out.state, answers, check, scripted, explore=not sc.strict)
        try:
            try:
                perform(g, step)
            finally:
                replays[1] += g.transitions
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
            if step.rejected:
                note = Event("rejected", f"step {step.index} ({step.describe()}) is rejected: {error.message}",
                             "scenario rejected")
                done.append((Outcome(out.state, out.chunks + ((note,),), out.choices, out.paths), True))
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
                                f"{'s' if g.used != 1 else ''} but choose has {scripted} answers",
                                file=sc.path, line=step.line, hint="remove the extra answers")
        choices = tuple((step.index, d.prompt, d.describe(a)) for d, a in g.taken)
        if step.rejected:
            note = Event("allowed", f"step {step.index} ({step.describe()}) was expected to be rejected, "
                         "but the rules allow it", "scenario rejected")
            done.append((Outcome(out.state, out.chunks + (tuple(g.log) + (note,),), out.choices, out.paths), False))
            continue
        done.append((Outcome(g.state, out.chunks + (tuple(g.log),), out.choices + choices, out.paths), False))
    return done
