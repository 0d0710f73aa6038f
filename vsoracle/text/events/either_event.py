"""Either of two events, as one pattern: "Whenever a character with flight attacks or defends
against a character adjacent to ~, …" (an MXM leader), "only if ~ has not been in combat this
turn" (an MTU character: it did not attack or defend this turn, assumption A-IN-COMBAT). What matches one of its events matches it; nothing does "either" itself,
so it is what happens (a trigger, what happened this turn), never an effect or a cost."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..ast import Event, Selector, display
from ..phrases import Children, Mod, Pred, Verb, Verbs, fail, trees
from .attack import Attack
from .defend import Defend
from .family import Conjugate, Family, RenderError, family

if TYPE_CHECKING:
    from ..render import Speech
    from ..tree import Meta


@attrs.frozen(repr=False, eq=False)
class EitherEvent(Event):
    """"NP attacks or defends against NP": an event of one of the kinds ``options`` names, each
    with its roles (the subject is each one's doer); ``word`` "in combat" for "has been in combat"
    (an attack or a defence, assumption A-IN-COMBAT)."""

    options: tuple[Event, ...]
    word: str | None = display()


def _against(verbs: list[Verb]) -> tuple[Verb, ...]:
    """"attacks or defends against NP": the attacker that a defence is against is whom the attack
    is made on, said once at the end (an attack that names none takes it)."""
    last = verbs[-1]
    opponent = last.fields.get("object") if last.cls is Defend else None
    if opponent is None:
        return tuple(verbs)
    return tuple(Verb(v.cls, {**v.fields, "object": opponent}, v.role)
                 if v.cls is Attack and v.fields.get("object") is None and not v.fields.get("team") else v
                 for v in verbs)


def does_either(self: Any, meta: Meta, children: Children) -> Pred:
    verbs = [c for c in children if isinstance(c, Verb)]
    if any(not isinstance(c, (Verb, Mod)) for c in trees(children)):
        raise fail('only events are joined by "or" here ("attacks or defends against …")', meta)
    mods = tuple(c for c in children if isinstance(c, Mod))
    return Pred("does", Verbs(EitherEvent, _against(verbs)), mods, meta.start_pos)


def _in_combat() -> Verbs:
    return Verbs(EitherEvent, (Verb(Attack, {}), Verb(Defend, {})), word="in combat")


def been_in_combat(self: Any, meta: Meta, children: Children) -> Pred:
    """"has been in combat this turn": it attacked or defended (assumption A-IN-COMBAT)."""
    return Pred("happened", _in_combat(), tuple(c for c in children if isinstance(c, Mod)), meta.start_pos)


def not_been_in_combat(self: Any, meta: Meta, children: Children) -> Pred:
    """"has not been in combat this turn": it neither attacked nor defended."""
    return Pred("did_not", _in_combat(), tuple(c for c in children if isinstance(c, Mod)), meta.start_pos)


def _opponent(e: EitherEvent) -> Selector | None:
    """The opponent of "attacks or defends against NP" (``None``: the event is not that shape)."""
    if len(e.options) != 2:
        return None
    first, second = e.options
    if not (isinstance(first, Attack) and isinstance(second, Defend)) or first.team or first.origin is not None:
        return None
    if first.agent != second.agent or first.object is None or first.object != second.object:
        return None
    return first.object


class EitherEventText(Family):
    node = EitherEvent
    rules = {"does_either": does_either, "been_in_combat": been_in_combat, "not_been_in_combat": not_been_in_combat}

    def vp(self, say: Speech, e: Any, v: Conjugate) -> str:
        if not e.options:
            raise RenderError("either of no events")
        opponent = _opponent(e)
        if opponent is not None:
            return f"{v('attack')} or {v('defend')} against {say.np(opponent, 'object')}"
        return " or ".join(family(o).vp(say, o, v) for o in e.options)

    def past_vp(self, say: Speech, e: Any) -> str:
        if e.word == "in combat":
            return "been in combat"
        return " or ".join(family(o).past_vp(say, o) for o in e.options)

    def happened(self, say: Speech, e: Any) -> str | None:
        """"~ has been in combat" (said only so: the grammar reads no other past of it)."""
        who = self.who(e)
        if e.word != "in combat" or who is None:
            raise RenderError("the past of either of two events is said only as \"has been in combat\"")
        return f"{say.np(who, 'subject')} {'have' if say.plural(who) else 'has'} been in combat"

    def says_did_not(self, e: Any) -> bool:
        return False  # "has not been in combat"

    def who(self, e: Any) -> Selector | None:
        """Who does it: the doer of its first event (each one's is the same subject)."""
        return family(e.options[0]).who(e.options[0]) if e.options else None
