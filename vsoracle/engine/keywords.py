"""Keywords: the ones the engine has rules for, and those that stand for a power written as the
card text they mean (digest §14).

A keyword such as evasion gives its card a payment power. The rule is written here once, in
card text, and parsed like any card's text (``~`` is the card's own name), so the engine has no
code for it: the power is used with ``use = ID, power = "evasion"``. Cosmic—surge's counter rule
is a triggered power written the same way. A keyword the engine has no rule for, printed with
its reminder text ("Energize (Whenever this character defends, ready it.)"), means its reminder
text (assumption A-REMINDER); without one it cannot be played.
"""

from __future__ import annotations

from functools import lru_cache

from ..errors import CardTextError
from ..text import nodes
from ..text.store import parse_stored

__all__ = ["KEYWORD_POWERS", "KEYWORD_RULES", "KNOWN_KEYWORDS", "KNOWN_BLOCKS", "keyword_power",
           "defined_powers", "is_known"]

#: Keywords of a keyword line the engine has rules for (FAQ GM 1-2; digest §14).
KNOWN_KEYWORDS = frozenset({"reservist", "concealed", "concealed-optional", "loyalty", "evasion", "flight", "range",
                            "invulnerability", "reinforcement", "transferable", "unique", "epic", "willpower"})

#: Keywords a power can stand behind ("Leader: …", "Boost 2: …", "Cosmic—Surge: …").
KNOWN_BLOCKS = frozenset({"leader", "ongoing", "ally", "cosmic", "cosmic-surge", "boost", "backup"})

#: Evasion (CR 707.6 [S-CR:FWS, CO2]): the stun costs the stun endurance loss; the recovery
#: at the start of the recovery phase does not use up the wrap-up recovery.
KEYWORD_POWERS = {
    "evasion": "Stun ~ >>> At the start of the recovery phase this turn, recover ~.",
}

#: Powers a keyword gives besides the one printed after it, in the words of their source.
#: Cosmic—surge (Heralds of Galactus FAQ 2.1 [FHG], digest §19): no counter on coming into play;
#: one at the start of each recovery phase if the character is not stunned (a stunned
#: character's text is inactive, and it cannot have a cosmic counter) and has none (it has at
#: most one).
KEYWORD_RULES = {
    "cosmic-surge": "At the start of the recovery phase each turn, put a cosmic counter on this card.",
}


def _name(k: nodes.Keyword) -> str:
    return f"{k.name}-{k.sub}" if k.sub else k.name


def is_known(k: nodes.Keyword, block: bool) -> bool:
    """Does the engine have a rule for this keyword (on a keyword line, or with a power after it)?"""
    return _name(k) in (KNOWN_BLOCKS if block else KNOWN_KEYWORDS | KNOWN_BLOCKS)


@lru_cache(maxsize=256)
def keyword_power(keyword: str, card_name: str) -> nodes.Activated | None:
    """The power a keyword gives a card named ``card_name`` (``None`` for other keywords)."""
    text = KEYWORD_POWERS.get(keyword)
    if text is None:
        return None
    (power,) = parse_stored(text.replace("~", card_name), card_name).powers
    return power if isinstance(power, nodes.Activated) else None


def defined_powers(k: nodes.Keyword, card_name: str, block: bool) -> tuple[nodes.Power, ...]:
    """The powers keyword ``k`` stands for that its card does not print: the engine's rule text
    for it (cosmic—surge), or, for a keyword the engine has no rule for, its reminder text
    (assumption A-REMINDER). Raises :class:`CardTextError` if that reminder does not parse."""
    known = is_known(k, block)
    return _defined(_name(k), None if known else k.reminder, k.spelled or k.name, card_name)


@lru_cache(maxsize=1024)
def _defined(name: str, reminder: str | None, spelled: str, card_name: str) -> tuple[nodes.Power, ...]:
    # keyed by the reminder too: keywords are equal whatever reminder text they print
    text = KEYWORD_RULES.get(name)
    if text is not None:
        return parse_stored(text.replace("~", card_name), card_name).powers
    if not reminder:
        return ()
    try:
        return parse_stored(reminder, card_name).powers
    except CardTextError as error:
        raise CardTextError(f"the reminder text of {spelled} does not parse: {error.message}") from None
