"""Keywords that stand for a power, written as the card text they mean (CR 707).

A keyword such as evasion gives its card a payment power. The rule is written here once, in
card text, and parsed like any card's text (``~`` is the card's own name), so the engine has no
code for it: the power is used with ``use = ID, power = "evasion"``.
"""

from __future__ import annotations

from functools import lru_cache

from ..text import nodes
from ..text.store import parse_stored

__all__ = ["KEYWORD_POWERS", "keyword_power"]

#: Evasion (CR 707.6 [S-CR:FWS, CO2]): the stun costs the stun endurance loss; the recovery at
#: the start of the recovery phase does not use up the wrap-up recovery.
KEYWORD_POWERS = {
    "evasion": "Stun ~ >>> At the start of the recovery phase this turn, recover ~.",
}


@lru_cache(maxsize=256)
def keyword_power(keyword: str, card_name: str) -> nodes.Activated | None:
    """The power a keyword gives a card named ``card_name`` (``None`` for other keywords)."""
    text = KEYWORD_POWERS.get(keyword)
    if text is None:
        return None
    (power,) = parse_stored(text.replace("~", card_name), card_name).powers
    return power if isinstance(power, nodes.Activated) else None
