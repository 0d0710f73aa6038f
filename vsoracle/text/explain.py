"""Card text read back to its writer: one plain sentence per power.

``plain_readings(card_text)`` says, for each power, what kind of power it is, what it waits
for or costs, who is affected, what happens and for how long:

    Triggered: whenever this character becomes exhausted — you draw 1 card.
    Activated: pay 2 endurance — target character gets +2 ATK for the rest of the turn.
    Continuous: other Army characters you control get +1 DEF.

It is a walk over the AST (:mod:`vsoracle.text.nodes`) by the same :class:`~render.Speech`
that writes canonical text, with four differences: the card is "this character" (or "this
card"), an order says who carries it out ("you draw"), a number of cards is a digit, and a
span is how long a change lasts ("for the rest of the turn"). Keywords say what they mean
(digest §14). Nothing here imports the engine.
"""

from __future__ import annotations

from typing import Any

import attrs

from . import nodes as n
from .events import FAMILIES
from .render import Speech

__all__ = ["plain_readings", "plain_reading", "self_word", "KEYWORD_MEANINGS"]

#: What a keyword means, in a clause (digest §14); a keyword not here says its reminder text.
KEYWORD_MEANINGS = {
    "reservist": "this character may be recruited from your resource row as well as from your hand",
    "concealed": "this character comes into play in your hidden area",
    "concealed-optional": "this character may come into play in your hidden area or your visible area",
    "loyalty": "you may recruit this character only if you control a character that shares a team "
               "affiliation with it",
    "evasion": "stun this character >>> at the start of this turn's recovery phase, recover it",
    "range": "this character can attack from the support row",
    "flight": "this character can attack past the front row to reach support-row characters",
    "reinforcement": "this character is reinforced without exhausting another",
    "transferable": "at the start of your formation step, you may move this equipment to another character "
                    "you control",
    "unique": "only one equipment with this name may be in play",
    "epic": "this card cannot be negated",
    "cosmic": "this character comes into play with a cosmic counter, and its cosmic power works only while "
              "it has one",
    "cosmic-surge": "this character comes into play without a cosmic counter and gets one at the start of "
                    "each recovery phase",
    "energize": "whenever this character defends, ready it",
    "willpower": "the number is this character's willpower, a value other cards read (0 while it is stunned)",
    "terraform": "reveal this card from your hand in your recruit step >>> you may return a face-down "
                 "resource you control to its owner's hand; if you do, put this card face down into your "
                 "resource row",
    "press": "when you recruit this character, your next character costs 1 less to recruit this turn for each "
             "press card you recruited this turn, but no less than 1",
    "hunter": "when this character enters play, choose an opposing character: it becomes hunted by you",
    "substitute": "reveal this card from your hand in your recruit step >>> you may remove from the game a "
                  "ready character you control with cost at least this card's; if you do, put this card into play",
}

#: What a keyword before a power says about that power ("Leader: …", "Ongoing: …").
_BLOCK_MEANINGS = {
    "leader": "a leader power: it works while this character is not stunned",
    "ongoing": "an ongoing power: it lasts while the card stays face up in your resource row",
    "ally": "an ally power: it waits for a character you control to become powered-up",
    "backup": "a backup power: used only during the build phase",
    "boost": "a boost power: paid for with an optional extra cost when recruited",
    "cosmic": "a cosmic power: it works only while this character has a cosmic counter",
    "cosmic-surge": "a cosmic power: it works only while this character has a cosmic counter",
    "loyalty": "a loyalty power",
    "insanity": "an insanity power: active only if this card started the game in an insane deck",
}

#: Keywords whose block goes on over the lines after them (FAQ GM 2).
_BLOCKS = ("leader", "ongoing")

#: How long a change lasts. "This turn" lasts through the wrap-up, past the end-of-turn
#: triggers (assumption A-END-OF-TURN), so it is "for the rest of the turn", not "until the end".
_SPANS = {"turn": "for the rest of the turn", "attack": "for the rest of the attack",
          "phase": "for the rest of the phase", "step": "for the rest of the step"}



def plain_readings(card_text: n.CardText, card: str | None = None) -> list[str]:
    """One plain sentence per power of ``card_text``; the card itself is called ``card``
    (default: "this character" when the text treats it as one, else "this card": :func:`self_word`)."""
    word = card or self_word(card_text)
    out = []
    block: n.Keyword | None = None  # FAQ GM 2: the lines after "Leader:" or "Ongoing:" are in its block
    for p in card_text.powers:
        if isinstance(p, n.KeywordPower):
            block = p.keyword if p.keyword.name in _BLOCKS else None
        elif block is not None and not isinstance(p, n.Keywords):
            p = n.KeywordPower(block, p)
        out.append(plain_reading(p, word))
    return out


def plain_reading(power: n.Power, self_word: str = "this card") -> str:
    """One power as a plain sentence: "Kind: what it waits for or costs — what happens."."""
    return _finish(Reading(self_word).read(power))


def self_word(card_text: n.CardText) -> str:
    """"this character" when the text stuns, exhausts, attacks with … its own card or changes its
    ATK/DEF or keywords; "this card" otherwise."""
    return "this character" if any(_of_a_character(x) for x in n.descendants(card_text)) else "this card"


#: Keywords only a character has.
_CHARACTER_KEYWORDS = ("reservist", "concealed", "loyalty", "evasion", "range", "flight", "reinforcement", "leader",
                       "cosmic")


def _of_character_event(e: n.Node) -> bool:
    """Is ``e`` an event whose doer or object is always a character (stun, exhaust, attack …)?"""
    fam = FAMILIES.get(type(e))
    return fam is not None and fam.of_character


def _of_a_character(x: n.Node) -> bool:
    """Does this node say its card is a character (an event done to it, a stat of it, a keyword)?"""
    if _of_character_event(x):
        return any(isinstance(getattr(x, role, None), n.Self) for role in ("object", "agent"))
    if isinstance(x, n.Modify) and isinstance(x.subject, n.Self):
        return any(isinstance(c, (n.StatChange, n.KeywordChange, n.AffiliationChange))
                   or isinstance(c, (n.Cannot, n.Can)) and _of_character_event(c.event) for c in x.changes)
    if isinstance(x, (n.Keywords, n.KeywordPower)):
        keys = x.keywords if isinstance(x, n.Keywords) else (x.keyword,)
        return any(k.name in _CHARACTER_KEYWORDS for k in keys)
    return False


class Reading(Speech):
    """:class:`Speech` that says who acts and how long a change lasts."""

    verbatim = False  # "Activate >>>": the cost is exhausting it

    def __init__(self, self_word: str) -> None:
        super().__init__(self_word)
        self.paying = False

    # == powers ==================================================================================

    def read(self, p: n.Power) -> str:
        """The power as "Kind: …" (its sentences joined; :func:`_finish` ends it)."""
        self._learn(p)
        if isinstance(p, n.Keywords):
            kinds = "Keyword" if len(p.keywords) == 1 else "Keywords"
            return f"{kinds}: " + "; ".join(self.keyword_meaning(k) for k in p.keywords)
        if isinstance(p, n.KeywordPower):
            inner = self.read(p.power)
            kind, _, rest = inner.partition(": ")
            return f"{kind} ({self.block_meaning(p.keyword)}): {rest}"
        if isinstance(p, n.Activated):
            costs = self.costs(p.costs)
            limits = (" (use it only " + " and only ".join(self.limit(x) for x in p.limits) + ")") if p.limits else ""
            return f"Activated: {costs}{limits} — {self.effect(p.effect)}"
        if isinstance(p, n.Triggered):
            return f"Triggered: {_lower(self.trigger(p.trigger))} — {self.effect(p.effect)}"
        if isinstance(p, n.Static):
            kind = "Prohibition" if _only_cannot(p.effect) else "Continuous"
            return f"{kind}: {self.effect(p.effect)}"
        if isinstance(p, n.Spell):
            only = (" (play it only " + " and only ".join(self.limit(x) for x in p.limits) + ")") if p.limits else ""
            return f"Effect{only}: {self.effect(p.effect)}"
        if isinstance(p, n.Replacement):
            text = _lower(self.instead(p.instead, None)).rstrip(".")
            head, sep, rest = text.partition(", instead, ")
            if sep:
                text = f"{head} — instead, {rest}"
            elif text.startswith("if ") and text.endswith(" instead"):
                head, _, rest = text.partition(", ")
                text = f"{head} — {rest}"
            return f"Replacement: {text}"
        if isinstance(p, n.Restriction):
            return "Restriction: " + _lower(self.power(p))
        if isinstance(p, n.AdditionalCost):
            return f"Additional cost: to {p.action} {self.name}, you also {self.costs(p.costs)}"
        if isinstance(p, n.AlternateCost):
            kind = "recruit" if p.action == "recruit" else "threshold"
            return f"Alternative cost: you may {self.costs(p.costs)} instead of paying {self.name}'s {kind} cost"
        if isinstance(p, n.Crossover):
            if p.chosen and p.names:
                return f"Crossover: the {' and '.join(p.names)} team affiliation and the chosen {p.chosen} " \
                    "count as one"
            if p.chosen:
                return f"Crossover: the chosen team {p.chosen}s count as one"
            return "Crossover: the " + " and ".join(p.names) + " team affiliations count as one"
        return f"Power: {_lower(self.power(p))}"  # a new kind of power, until it has its own reading

    def keyword_meaning(self, k: n.Keyword) -> str:
        key = f"{k.name}-{k.sub}" if k.sub else k.name
        name = self.keyword(attrs.evolve(k, reminder=None))
        meaning = KEYWORD_MEANINGS.get(key) or (k.reminder.rstrip(".") if k.reminder else None)
        if meaning and k.reminder and key not in KEYWORD_MEANINGS:
            meaning = _lower(meaning)
        return f"{name} — {meaning}" if meaning else name

    def block_meaning(self, k: n.Keyword) -> str:
        key = f"{k.name}-{k.sub}" if k.sub else k.name
        return _BLOCK_MEANINGS.get(key) or f"a {self.keyword(attrs.evolve(k, reminder=None))} power"

    def costs(self, costs: tuple[n.Effect, ...]) -> str:
        self.paying = True
        try:
            return ", ".join(self.event(c, None) if isinstance(c, n.Event) else self.clause(c) for c in costs)
        finally:
            self.paying = False

    def effect(self, e: n.Effect) -> str:
        """An effect's sentences as one: "…; if you do, …"."""
        return "; ".join(s.rstrip(".") for s in self.sentences(e, delayed_first=True))

    # == what changes from canonical text ========================================================

    def event(self, e: n.Effect, agent: Any) -> str:
        fam = FAMILIES.get(type(e))
        if agent is None and not self.paying and not (fam is not None and fam.intransitive):
            agent = n.You()  # "you draw a card"; "~ comes into play" has no doer
        return super().event(e, agent)

    def cards(self, count: n.Fixed) -> str:
        return f"{count.n} card{'' if count.n == 1 else 's'}"

    def changes_text(self, m: n.Modify, plural: bool | None) -> str:
        span = m.duration.span
        if span is None:
            return super().changes_text(m, plural)
        text = super().changes_text(attrs.evolve(m, duration=attrs.evolve(m.duration, span=None)), plural)
        lasting = " " + _SPANS.get(span, f"until the end of the {span}")
        head, sep, where = text.partition(", where X is ")
        return head + lasting + sep + where


def _only_cannot(e: n.Effect) -> bool:
    """A continuous power that only forbids: "~ cannot be stunned"."""
    steps = e.steps if isinstance(e, n.Sequence) else (e,)
    return all(isinstance(s, n.Modify) and s.changes and all(isinstance(c, n.Cannot) for c in s.changes)
               for s in steps)


#: Words canonical text capitalises only because they open a sentence.
_OPENERS = frozenset({"Whenever", "When", "At", "Play", "Recruit", "Use", "If", "You", "Each", "This", "Target",
                      "Put", "Draw", "Stun", "Exhaust", "Ready", "Return", "Discard", "Prevent", "Choose", "All",
                      "A", "An", "Characters", "Other", "Equipped", "That", "Pay", "Remove", "Move", "Reveal"})


def _lower(text: str) -> str:
    """A sentence's opening word in lower case, when it is capitalised only for opening it
    (never a name: "Squadron Supreme characters …" keeps its capital)."""
    first = text.split(" ", 1)[0]
    return text[:1].lower() + text[1:] if first in _OPENERS else text


def _finish(text: str) -> str:
    text = text.replace('.".', '."').rstrip()
    return text if text.endswith((".", '."')) else text + "."

