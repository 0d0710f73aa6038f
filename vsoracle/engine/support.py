"""What vsoracle can play: the check behind "parses, but vsoracle cannot play … yet".

Card text that parses either plays exactly as written or is refused before anything happens.
:func:`cannot_play` walks a card's AST the way the engine will run it and names every part the
engine has no rule for: an event no effect can make ("search …" is known, "change target" may
not be), an event that never happens in the game and so cannot trigger anything, a keyword the
engine does not know, a condition or a number it cannot work out. An empty answer means every
node has a rule; the scenario loader refuses a card with a non-empty one (exit 2), and
``vsoracle cards check`` reports it as "parses only".

What an event can be is its family's to say (:data:`vsoracle.engine.rules.RULES`: whether it
happens, is an effect, can be paid, forbidden, permitted or required, and
:meth:`~vsoracle.engine.rules.EventRule.refusal` for what is its own, such as "only a character
can be stunned"); the lists of events below are derived from the families. The other lists are
the interpreter's own table (effect forms) and the node classes the query's methods answer;
``tests/engine/test_support.py`` checks that every node class of :mod:`vsoracle.text.nodes` is
placed, so a new node cannot be forgotten here.
"""

from __future__ import annotations

from typing import Any, Iterator

import attrs

from ..cards import CardType
from ..errors import CardTextError
from ..text import nodes as n
from .effects import EFFECT_FORMS, target_range, targets_of
from .patterns import kind_of
from .rules import RULES, Mode, rule
from .keywords import defined_powers, is_known
from .query import STEP_NAMES, Query
from ..text import render

__all__ = ["cannot_play"]

#: Events that happen in the game, so that a trigger, a replacement or "if … this turn" can see them.
HAPPENINGS = frozenset(kind for kind, family in RULES.items() if family.happens)

#: Events card text can make happen as an effect.
EFFECT_EVENTS = frozenset(kind for kind, family in RULES.items() if family.effect)

#: Events card text can pay as a cost.
PAYABLE = frozenset(kind for kind, family in RULES.items() if family.payable)

#: Events a "cannot" can stop: every happening, and the game's own actions (using a power, its end).
PROHIBITABLE = HAPPENINGS | {kind for kind, family in RULES.items() if family.prohibitable}

#: Events a "can" permits (attacking hidden characters, as though it had range; "you may recruit
#: ~ from your KO'd pile", checked by :func:`_problem`).
PERMITTED = frozenset(kind for kind, family in RULES.items() if family.permitted)

#: Events a "must … if able" requires (the attack step: assumption A-MUST-ATTACK).
REQUIRED = frozenset(kind for kind, family in RULES.items() if family.required)

#: Conditions, amounts, qualifiers, references and changes the query answers.
CONDITIONS = frozenset({n.All, n.AnyOf, n.Not, n.Compare, n.Is, n.Happened, n.FirstTime, n.Protecting, n.Some,
                        n.Most, n.ChoseNames, n.During, n.HasInitiative})
AMOUNTS = frozenset({n.Fixed, n.X, n.Times, n.Half, n.Negative, n.NumberOf, n.ThatMuch, n.ThatMany, n.PointsPaid,
                     n.ChosenNumber,
                     n.EnduranceOf, n.StatOf, n.Quantity, n.CountersOn, n.Extreme, n.Offset})
QUALIFIERS = frozenset({n.State, n.Name, n.Named, n.Role, n.Other, n.StatIs, n.HasKeyword, n.SameAs, n.Shares,
                        n.HasEither, n.Adjacent, n.ControlledBy, n.RecruitedBy, n.InZone, n.OfYourChoice, n.Among,
                        n.Than, n.Where, n.Chosen, n.Targeting, n.WithOneTarget, n.HasCounter, n.AtRandom,
                        n.AttachedTo, n.HasExtreme, n.Affiliations, n.Hunted, n.NotChosenYet})
REFS = frozenset({n.Self, n.TargetRef, n.EventRef, n.ChosenRef, n.ConditionRef, n.Acted, n.Paid, n.Equipped, n.Affected,
                  n.CurrentTarget, n.You, n.Acting, n.ControllerOf, n.OwnerOf, n.OpponentsOf})
#: The qualifiers of an effect on the chain the query reads ("non-ongoing plot twist effects your
#: opponents control", "an effect that targets ~", "an effect with one target", "another effect").
LINK_QUALIFIERS = frozenset({n.ControlledBy, n.State, n.WithOneTarget, n.Targeting, n.Other})
SELECTORS = frozenset({n.Filter, n.Either, n.Together, n.TopCards})
CHANGES = frozenset({n.Cannot, n.Can, n.Must, n.StatChange, n.StatSwitch, n.KeywordChange, n.AffiliationChange, n.ShareAffiliations,
                     n.GainPower, n.GainPowers, n.CostChange, n.Unique, n.EquipLimit})
TRIGGERS = frozenset({n.Whenever, n.AtStart, n.AtEnd})
LIMITS = frozenset({n.PerTurn, n.OnlyIf, n.OnlyDuring, n.OnlyFrom})
POWERS = frozenset({n.Keywords, n.KeywordPower, n.Activated, n.Triggered, n.Static, n.Replacement, n.Restriction,
                    n.AdditionalCost, n.AlternateCost, n.Spell, n.Crossover})
#: Nodes the engine has no rule for anywhere yet ("this power" as a noun phrase).
REFUSED = frozenset({n.ThisPower})

_ONE_TARGET = n.Quantity("=", n.Fixed(1))

#: Parts that are plain values wherever they appear.
PARTS = frozenset({n.CardText, n.Keyword, n.Place, n.CounterKind, n.Zone, n.Step, n.Duration, n.Instead})

# Where an event stands decides what it must be: (the node holding it, the field) → the mode.
_EVENT_PLACES: dict[tuple[type, str], Mode] = {
    (n.Whenever, "event"): "happens", (n.Instead, "event"): "happens", (n.Happened, "event"): "happens",
    (n.FirstTime, "event"): "happens",
    (n.Cannot, "event"): "prohibited", (n.Can, "event"): "permitted", (n.Must, "event"): "required", (n.Unless, "condition"): "unless",
    (n.Activated, "costs"): "cost", (n.AdditionalCost, "costs"): "cost", (n.AlternateCost, "costs"): "cost",
}


def cannot_play(text: n.CardText, card_name: str = "~",
                card_type: CardType | None = None) -> tuple[tuple[int, str], ...]:
    """What in ``text`` vsoracle cannot play yet: ``(line, what)`` pairs, ``line`` counting the
    text's power lines from 1 (empty: it plays all of it). With the card's type, a one-shot effect
    on a card that is not a plot twist is one: nothing plays it (a plot twist is played and
    resolves, CR 300; the powers of other cards are payment, triggered or continuous, CR 501–503)."""
    found: list[tuple[int, str]] = []
    for line, power in enumerate(text.powers, start=1):
        for problem in _power(power, card_name):
            if (line, problem) not in found:
                found.append((line, problem))
        inner = power.power if isinstance(power, n.KeywordPower) else power
        if _has(power, (n.ThatMuch,)) and not _has(power, (n.Whenever, n.Instead)):
            found.append((line, '"that much" with no event to measure: it is the amount of the event a '
                                'trigger ("Whenever …") or a replacement ("If … would …") names'))
        elif _has(power, (n.ThatMuch,)) and not _events_with_amount(power):
            found.append((line, '"that much" of an event with no amount: only endurance lost or gained, '
                                'resource points and breakthrough have one'))
        if card_type is not None and str(card_type) != "plot twist" and isinstance(inner, n.Static) \
                and isinstance(inner.effect, n.Modify) and isinstance(inner.effect.subject, n.Self) \
                and any(isinstance(c, n.CostChange) and c.action == "play" for c in inner.effect.changes):
            found.append((line, f"\"costs … to play\" on a {card_type}: only plot twists are played (a {card_type} "
                                "is recruited: \"costs … to recruit\")"))
        if card_type is not None and str(card_type) != "plot twist" and isinstance(inner, n.Spell):
            found.append((line, f"a one-shot effect on a {card_type}, with nothing that plays it (a trigger "
                                "\"When ~ comes into play, …\" or a cost \"… >>> …\" would)"))
    return tuple(found)


def _events_with_amount(node: n.Power) -> bool:
    """Whether a trigger or a replacement in ``node`` names an event that has an amount (the
    happenings the engine makes with one: its family says)."""
    return any(isinstance(x, (n.Whenever, n.Instead)) and rule(type(x.event)).amounted for x in n.descendants(node))


def _has(node: n.Power, classes: tuple[type, ...]) -> bool:
    """Whether ``node`` or a node below it is one of ``classes``."""
    return any(isinstance(x, classes) for x in n.descendants(node))


def _power(p: n.Power, card_name: str) -> Iterator[str]:
    if isinstance(p, n.Keywords):
        for k in p.keywords:
            yield from _keyword(k, False, card_name)
        return
    if isinstance(p, n.KeywordPower):
        yield from _keyword(p.keyword, True, card_name)
        yield from _power(p.power, card_name)
        return
    if isinstance(p, n.AlternateCost) and p.action != "recruit":
        yield "an alternate cost for playing a card (only recruit costs have one yet)"
    costs = getattr(p, "costs", ())
    if any(isinstance(x, n.Quantity) and x.op == "any number" for x in n.descendants(costs)):
        yield "\"any number of …\" in a cost (a cost pays the number it says; how many would be chosen is not yet)"
    if isinstance(p, n.Static) and isinstance(p.effect, n.Modify) and _during_next(p.effect.duration.while_):
        # a continuous power lasts while its card is active, not "to the end of your next …"
        yield f"\"{_say(p.effect, card_name)}\" as a continuous power (\"next\" is said only of how long a " \
              "modifier an effect creates lasts)"
        return
    yield from _player_targets_as_cards(p, card_name)
    yield from _walk(p, None, card_name)


def _player_targets_as_cards(p: n.Power, card_name: str) -> Iterator[str]:
    """"Target player discards a card. Ready him.": a player target that a card's event names
    ("him" is the latest one mentioned): refused, as a player named any other way (:func:`_event`)."""
    effect = getattr(p, "effect", None)
    if not isinstance(effect, n.Effect):
        return
    players = {f.target for f in targets_of(effect) if f.kind in ("player", "opponent")}
    for e in n.descendants(effect):
        obj = getattr(e, "object", None)
        if isinstance(e, _CARD_EVENTS) and isinstance(obj, n.TargetRef) and obj.index in players:
            words = _say(e, card_name).rstrip(".")
            yield f"\"{words}\" (done to a player: only a card can be {_CARD_EVENTS_WORDS[type(e)]})"
            return


def _keyword(k: n.Keyword, block: bool, card_name: str) -> Iterator[str]:
    """A keyword the engine knows, or one its reminder text defines (assumption A-REMINDER)."""
    shown = k.spelled or (k.name.title() + (f"—{k.sub.title()}" if k.sub else ""))
    try:
        defined = defined_powers(k, card_name, block)
    except CardTextError as error:
        yield f"the keyword {shown} ({error.message})"
        return
    if not is_known(k, block) and not defined:
        yield f"the keyword {shown}" + (" before a power" if block else "") + " (no rule, no reminder text)"
        return
    for power in defined:
        yield from _power(power, card_name)


def _walk(node: object, mode: Mode | None, name: str) -> Iterator[str]:
    """The problems in ``node`` and below it; ``mode`` says what an event there must be."""
    if isinstance(node, tuple):
        for x in node:
            yield from _walk(x, mode, name)
        return
    if not isinstance(node, n.Node) or not attrs.has(type(node)):
        return
    cls = type(node)
    problem = _problem(node, mode, name)
    if problem:
        yield problem
        return
    if isinstance(node, n.Some) and mode == "unless" and isinstance(node.condition, n.Does):
        # "unless an opponent discards a card": what one of those players may do (effects._unless)
        yield from _walk(node.players, None, name)
        yield from _walk(node.condition, "unless", name)
        return
    if isinstance(node, n.EitherEvent):  # each of its events, where it stands
        yield from _walk(node.options, mode, name)
        return
    if isinstance(node, n.Instead) and isinstance(node.effect, n.Lessen):
        problem = _lessened(node, node.effect)
        if problem:
            yield problem
            return
        # "prevent 2 of it": the replacement itself lowers the event (effects._lessen)
        yield from _walk(node.event, "happens", name)
        yield from _walk(node.condition, None, name)
        yield from _walk(node.effect.amount, None, name)
        return
    if isinstance(node, n.Modify) and mode == "effect" and node.duration.span is None \
            and _during_next(node.duration.while_):
        # "… during your next recovery phase": how long a modifier an effect creates lasts (effects._until_next)
        node = attrs.evolve(node, duration=attrs.evolve(node.duration, while_=_during_next(node.duration.while_)))
    attrs_cls: Any = cls  # an attrs class (checked above); the node families' bases are not
    for a in attrs.fields(attrs_cls):
        if not a.eq:
            continue
        child = getattr(node, a.name)
        if cls is n.AtEnd and child == n.Step("turn"):
            continue  # "at the end of the turn": the end of the recovery phase (assumption A-END-OF-TURN)
        place: Mode | None = _EVENT_PLACES.get((cls, a.name))
        if place is None:
            place = "effect" if isinstance(node, (n.Effect, n.Power)) and not isinstance(node, n.Event) else None
        yield from _walk(child, place, name)


def _during_next(w: n.Condition | None) -> n.Condition | None:
    """``w`` with "your next …" read as the step it names (``None``: it says no "next")."""
    found = w.conditions if isinstance(w, n.All) else (w,) if w is not None else ()
    if not any(isinstance(c, n.During) and c.step.next for c in found):
        return None
    plain = tuple(n.During(attrs.evolve(c.step, next=c.step.name != "recovery phase")) if isinstance(c, n.During)
                  else c for c in found)
    return plain[0] if len(plain) == 1 else n.All(plain)


#: What only a replacement does, as the whole of what it does: lower the event's amount.
REPLACING = frozenset({n.Lessen})


def _lessened(node: n.Instead, lessen: n.Lessen) -> str | None:
    """"Prevent 2 of it" (``lessen``, the replacement's effect) needs an event with an amount:
    endurance lost, breakthrough; "you lose 1 less endurance" an endurance loss."""
    event = node.event
    family = rule(type(event))
    if not family.lessened(event):
        return f"preventing part of \"{_say(event, '~')}\" (only an endurance loss or a breakthrough has an amount to lower)"
    if lessen.word == "less" and not family.lose_less:
        return "\"lose … less endurance\" instead of an event that is not an endurance loss"
    if isinstance(lessen.amount, n.ThatMuch):
        return "preventing \"that much\" of an event (all of it is \"prevent all …\")"
    return None


def _problem(node: n.Node, mode: Mode | None, name: str) -> str | None:
    cls = type(node)

    def say(x: Any) -> str:
        return _say(x, name)

    if isinstance(node, n.Instead):
        # what the family cannot have replaced ("would come into play": EnterPlayRule.refusal)
        problem = rule(type(node.event)).refusal(node.event, "replaced", say(node.event).rstrip("."))
        if problem:
            return problem
    if isinstance(node, n.Event):
        return _event(node, mode, name)
    if isinstance(node, n.Modify) and any(isinstance(c, n.Can) and isinstance(c.event, (n.Recruit, n.Play))
                                          for c in node.changes):
        e = next(c.event for c in node.changes if isinstance(c, n.Can) and isinstance(c.event, (n.Recruit, n.Play)))
        if not isinstance(node.subject, n.Self) or node.duration != n.NO_DURATION or e.origin is None \
                or e.origin.names != ("ko pile",) or not isinstance(e.origin.owner, (n.You, type(None))):
            return f"\"{say(node)}\" (only \"you may recruit ~ from your KO'd pile\" and \"you may play ~ from your " \
                   "KO'd pile\" are permissions yet)"
    if isinstance(node, n.Modify) and isinstance(node.subject, n.Filter) and n.State("next") in node.subject.qualifiers \
            and (node.duration.span is None or not all(isinstance(c, n.CostChange) and c.action == "recruit"
                                                       for c in node.changes)):
        return f"\"{say(node)}\" (\"your next character\" is said only of a recruit cost an effect changes this turn)"
    if isinstance(node, n.Modify) and not _is_player(node.subject) \
            and any(isinstance(c, n.Cannot) and isinstance(c.event, n.UsePower) for c in node.changes):
        return f"\"{say(node)}\" (only a player's use of powers can be forbidden yet)"
    if isinstance(node, n.Is) and _is_player(node.subject) and any(
            isinstance(q, n.State) and q.name in Query.STATES for q in node.qualifiers):
        # "if he or she was boosted" said of a character: "he or she" is a player's pronoun (refs)
        return f"\"{say(node)}\" (a player is never stunned, boosted or in a row: say which character — \"it\")"
    if isinstance(node, n.Modify) and _is_player(node.subject) and any(isinstance(c, _CARD_QUALITIES)
                                                                      for c in node.changes):
        # "he or she gets +2 DEF" said of a character reads "he or she" as a player (refs): a player
        # has no ATK, keywords or affiliations, so the change would silently change nothing
        return f"\"{say(node)}\" (a player has no ATK, DEF, keywords or affiliations: say which character — " \
               "\"that character\", \"it\")"
    if isinstance(node, n.Modify) and isinstance(node.subject, n.Self) and any(
            isinstance(c, (n.GainPowers, n.KeywordChange)) and isinstance(getattr(c, "of", None), n.Self)
            for c in node.changes):
        # a copy of the gainer's own powers changes nothing: a reading that silently does nothing
        return f"\"{say(node)}\" (a copy of {name}'s own powers and keywords: say whose — \"that character's\")"
    if isinstance(node, n.Choose) and node.agent is not None and isinstance(node.selector, n.Filter) \
            and kind_of(node.selector) == "choice" and not _one_player(node.agent):
        # each would choose a value of his own, and the card's "the chosen …" reads one
        return f"\"{say(node)}\" (a name or a number chosen by each of several players)"
    if isinstance(node, n.Sequence):
        for before, step in zip(node.steps, node.steps[1:]):
            if isinstance(step, n.Repeat) and not isinstance(before, n.Rally):
                # "successful" is a rally's word (Marvel Universe FAQ 2); another step would repeat for ever
                return f"repeating \"{say(before)}\" each time you're successful (only a rally is successful or not)"
    if isinstance(node, n.Effect):
        return None if cls in EFFECT_FORMS else f"the effect \"{say(node)}\""
    if isinstance(node, n.Happened) and node.span == "attack":
        # the turn remembers each event's phase (triggers.remembered), not its attack
        return f"what happened this attack (\"{say(node)}\": vsoracle counts a turn's or a phase's events, not an " \
               "attack's, yet)"
    if isinstance(node, n.Condition):
        if cls is n.Does:  # "unless its controller pays 3 endurance": his choice on resolution
            return None if mode == "unless" else f"the condition \"{say(node)}\""
        return None if cls in CONDITIONS else f"the condition \"{say(node)}\""
    if isinstance(node, n.Among) and node.word in ("from it", "from them", "revealed this way") \
            and not isinstance(node.of, n.Acted):
        return f"\"{node.word}\" with no cards looked at or revealed just before to choose from"
    if isinstance(node, n.Qualifier):
        if cls not in QUALIFIERS:
            return f"\"{say(node)}\" in a noun phrase"
        if isinstance(node, n.State) and node.name not in Query.STATES \
                and node.name not in ("activated", "all affiliations"):
            return f"the state \"{node.name}\""
        return None
    if isinstance(node, n.Ref):
        return None if cls in REFS and cls not in REFUSED else f"the reference \"{say(node)}\""
    if isinstance(node, n.Amount):
        return None if cls in AMOUNTS else f"the number \"{say(node)}\""
    if isinstance(node, n.Selector):
        if isinstance(node, n.Filter) and node.target is not None and n.AtRandom() in node.qualifiers:
            # a target is chosen on announcement by the player (CR 505), never at random
            return f"a target picked at random (\"{say(node)}\")"
        if isinstance(node, n.Filter) and node.target is not None and node.quantity not in (None, _ONE_TARGET) \
                and target_range(node) is None:
            return f"several targets in one noun phrase (\"{say(node)}\")"  # "two target …": that many values
        if isinstance(node, n.Filter) and kind_of(node) == "effect":
            odd = [q for q in node.qualifiers if type(q) not in LINK_QUALIFIERS
                   or (isinstance(q, n.State) and q.name != "ongoing")]
            if odd:  # Query.link_matches reads only these of an effect on the chain
                return (f"\"{say(node)}\" (of an effect on the chain vsoracle knows who controls it, whether it "
                        "is ongoing, what it targets and whether it is another)")
        return None if cls in SELECTORS else f"\"{say(node)}\""
    if isinstance(node, n.Change):
        if cls not in CHANGES:
            return f"the modifier \"{say(node)}\""
        if isinstance(node, n.CostChange) and node.action not in ("recruit", "play"):
            return f"changing a {node.action} cost"
        return None
    if isinstance(node, n.Trigger):
        return None if cls in TRIGGERS else f"the trigger \"{say(node)}\""
    if isinstance(node, n.Limit):
        return None if cls in LIMITS else f"the limit \"{say(node)}\""
    if isinstance(node, n.Power):
        return None if cls in POWERS else f"the power \"{say(node)}\""
    if isinstance(node, n.Step) and node.whose == "each" and node.name.endswith("phase"):
        # a phase is the whole table's (only its steps are each player's own, CR 402-406)
        return f"\"{say(node)}\" (a phase is the whole table's: only a step is each player's own)"
    if isinstance(node, n.Step) and node.next:
        return f"\"{say(node)}\" (\"next\" is said only of the recovery phase, for how long a modifier an effect " \
               "creates lasts: \"it cannot ready during your next recovery phase\")"
    if isinstance(node, n.Step) and node.name not in STEP_NAMES.values():
        return f"the step \"{say(node)}\" (the game has no instant by that name yet)"
    return None


def _event(e: n.Event, mode: Mode | None, name: str) -> str | None:
    """What in the event vsoracle cannot play where card text has it (``mode``; none: done, as an
    effect): the family's own refusal first, then whether the family plays it there at all."""
    family = rule(type(e))
    words = _say(e, name).rstrip(".")
    where: Mode = "effect" if mode is None else mode
    problem = family.refusal(e, where, words)
    if problem:
        return problem
    if isinstance(e, _CARD_EVENTS) and _is_player(getattr(e, "object", None)):
        # "KO him or her" after "target player …": a player's pronoun (refs) where a card is meant
        return f"\"{words}\" (done to a player: only a card can be {_CARD_EVENTS_WORDS[type(e)]})"
    if where == "happens":
        return None if family.happens else f"\"{words}\" as something that happens (nothing in the game does it yet)"
    if where == "prohibited":
        return None if family.happens or family.prohibitable else f"\"cannot {words}\""
    if where == "permitted":
        return None if family.permitted else f"\"can {words}\""
    if where == "required":
        return None if family.required else \
            f"a requirement (\"must … if able\") of \"{words}\" (only attacking can be required yet)"
    if where == "cost":
        if any(isinstance(x, n.AtRandom) for x in n.descendants(e)):
            # a cost's objects are the payer's choice or the step's `costs` (effects.cost_pick)
            return f"the cost \"{words}\" (a cost picked at random)"
        return None if family.payable else f"the cost \"{words}\""
    return None if family.effect else f"the effect \"{words}\""


def _one_player(s: n.Selector) -> bool:
    """Does the selector name one player ("target opponent", "you", "its controller")?"""
    if isinstance(s, n.Filter):
        q = s.quantity
        return s.target is not None or q is None or (q.op == "=" and q.n == n.Fixed(1))
    return not isinstance(s, (n.OpponentsOf, n.Either, n.Together))


#: The events done only to cards, with their participle: done to a player, they would change nothing.
_CARD_EVENTS_WORDS: dict[type, str] = {n.Stun: "stunned", n.KO: "KO'd", n.Exhaust: "exhausted", n.Ready: "readied",
                                       n.Recover: "recovered", n.PowerUp: "powered-up", n.Hunt: "hunted",
                                       n.Move: "moved", n.Recruit: "recruited"}
_CARD_EVENTS = tuple(_CARD_EVENTS_WORDS)

#: The changes only a card can undergo: its characteristics (a player has none of them).
_CARD_QUALITIES = (n.StatChange, n.StatSwitch, n.KeywordChange, n.AffiliationChange, n.ShareAffiliations,
                   n.GainPower, n.GainPowers, n.Unique)


def _is_player(s: n.Selector | None) -> bool:
    """Does the selector name players (whose use of powers a prohibition can forbid)?"""
    if isinstance(s, (n.You, n.OpponentsOf, n.Acting, n.ControllerOf, n.OwnerOf)):
        return True
    return isinstance(s, n.Filter) and s.kind in ("player", "opponent")


def _say(node: n.Node, name: str) -> str:
    try:
        return render(node, name)
    except Exception:  # a message only
        return type(node).__name__
