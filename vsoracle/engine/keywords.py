"""Keywords: the ones the engine has rules for, and those that stand for a power written as the
card text they mean (digest §14; the whole game's glossary is docs/keywords.md).

A keyword such as evasion gives its card a payment power. The rule is written here once, in
card text, and parsed like any card's text (``~`` is the card's own name), so the engine has no
code for it: the power is used with ``use = ID, power = "evasion"``. Cosmic—surge's counter rule
and energize's trigger are powers written the same way: the card has them as if it printed them.
A keyword the engine has no rule for, printed with its reminder text ("Zap (Whenever this
character defends, ready it.)"), means its reminder text (assumption A-REMINDER); without one it
cannot be played. A keyword whose rule a source gives but that vsoracle cannot read or play yet
(:data:`WAITING`), and one the game printed whose rule no source gives (:data:`UNSOURCED`), are
refused by name, saying what is missing — with or without reminder text for the first, bare for
the second (its reminder, if printed, is the only source there is).
"""

from __future__ import annotations

from functools import lru_cache

from ..errors import CardTextError
from ..text import nodes
from ..text.store import parse_stored

__all__ = ["KEYWORD_POWERS", "KEYWORD_RULES", "KEYWORD_CITES", "WAITING", "UNSOURCED", "KNOWN_KEYWORDS",
           "KNOWN_BLOCKS", "keyword_power", "defined_powers", "is_known"]

#: Keywords of a keyword line the engine has rules for (FAQ GM 1-2; digest §14).
KNOWN_KEYWORDS = frozenset({"reservist", "concealed", "concealed-optional", "loyalty", "evasion", "flight", "range",
                            "invulnerability", "reinforcement", "transferable", "unique", "epic", "willpower",
                            "energize", "terraform", "substitute", "hunter", "press"})

#: Keywords a power can stand behind ("Leader: …", "Boost 2: …", "Cosmic—Surge: …"; "Insanity: …", DWF:
#: the power is active only if its card started the game in an insane deck — World's Finest FAQ 2,
#: https://vssystem.fandom.com/wiki/Insanity; Query.insane_text, a scenario's ``insane = true``).
KNOWN_BLOCKS = frozenset({"leader", "ongoing", "ally", "cosmic", "cosmic-surge", "boost", "backup", "insanity"})

#: Evasion (CR 707.6 [S-CR:FWS, CO2]): the stun costs the stun endurance loss; the recovery
#: at the start of the recovery phase does not use up the wrap-up recovery.
KEYWORD_POWERS = {
    "evasion": "Stun ~ >>> At the start of the recovery phase this turn, recover ~.",
}

#: Powers a keyword gives besides the one printed after it, in the words of their source.
KEYWORD_RULES = {
    # Cosmic—surge (Heralds of Galactus FAQ 2.1 [FHG], digest §19): no counter on coming into
    # play; one at the start of each recovery phase if the character is not stunned (a stunned
    # character's text is inactive, and it cannot have a cosmic counter) and has none (it has at
    # most one).
    "cosmic-surge": "At the start of the recovery phase each turn, put a cosmic counter on this card.",
    # Energize (MEV): "Energize is a keyword power that characters can have. It means: Whenever
    # this character defends, ready it." — Marvel Evolution FAQ item 2
    # (http://obsidian3d.blogspot.ca/2009/02/marvel-evolutions-faq.html)
    "energize": "Whenever ~ defends, ready it.",
    # Hunter (MEV): "Hunter is a keyword power that characters can have. It means: When this card
    # enters play, choose an opposing character. That character becomes hunted by you." — Marvel
    # Evolution FAQ item 3 (http://obsidian3d.blogspot.ca/2009/02/marvel-evolutions-faq.html); the
    # CR wording agrees (http://vssystem.wikia.com/wiki/Hunter). Who is hunted by whom: engine/events/hunt.py.
    "hunter": "When ~ enters play, choose an opposing character. That character becomes hunted by you.",
    # Press (MHG): "Press / When you recruit this card, your next character costs 1 less to recruit
    # this turn for each press card you recruited this turn, but no less than 1. / Additional costs to
    # recruit your next character, such as boost, must still be paid in full." — Metagame's Kree
    # preview (http://kperovic.com/metagame/vs9dfc.html?ArticleId=6810&tabid=46); "Press is applied
    # after all other cost reductions." (http://vssystem.wikia.com/wiki/Press): the floor's change
    # comes last (Query.cost_to), and a boost is no part of the recruit cost.
    "press": "When you recruit ~, your next character costs 1 less to recruit this turn for each press card you "
             "recruited this turn, but no less than 1.",
    # Terraform (MHG): "Terraform's ability is this: "Reveal this card >>> You may return a face-down
    # resource you control to its owner's hand. If you do, put this card face down into your resource
    # row. Use this power only during your recruit step and only if this card is in your hand"" —
    # Pojo's exclusive preview of MHG-127 (https://www.pojo.com/vs/COTD/2006/Aug/17.shtml). Used
    # from the hand (its own "only if", assumption A-HAND-POWER): ``use = ID, power = "terraform"``.
    "terraform": "Reveal ~ >>> You may return a face-down resource you control to its owner's hand. If you do, "
                 "put ~ face down into your resource row. Use this power only during your recruit step and only "
                 "if ~ is in your hand.",
    # Substitute (DLS): "Substitute characters have the following payment power: Reveal this card >>>
    # You may remove from the game a ready character you control with cost greater than or equal to
    # the cost of this card. If you do, put this card into play. Use this power only if this card is
    # in your hand and only during your recruit step." — Metagame's Darkseid preview
    # (http://kperovic.com/metagame/vsd604.html?ArticleId=7635&tabid=46);
    # https://vssystem.fandom.com/wiki/Substitute
    "substitute": "Reveal ~ >>> You may remove from the game a ready character you control with cost greater "
                  "than or equal to the cost of ~. If you do, put ~ into play. Use this power only if ~ is in "
                  "your hand and only during your recruit step.",
}

#: The citation of a keyword's rule (``vsoracle.citations`` reads each; docs/sources.md). The log
#: does not carry it yet: a keyword's trigger is logged "CR 502" and its payment power "CR 501, 505"
#: (engine/triggers.py, actions.py), as any card's.
KEYWORD_CITES = {
    "evasion": "CR 707.6 [S-CR:FWS, CO2]",
    "cosmic-surge": "keyword Cosmic—surge",
    "energize": "keyword Energize",
    "terraform": "keyword Terraform",
    "substitute": "keyword Substitute",
    "hunter": "keyword Hunter",
    "press": "keyword Press",
}

#: Keywords whose rule a source gives, but in words vsoracle cannot read or play yet: the rule
#: as its source words it (``~`` for the card's own name; for a keyword before a power,
#: ``<text>`` is that power), and what is missing. The wordings they
#: need are listed in docs/research/keywords-needing-wordings.md. None waits since hunter, press,
#: substitute, terraform and insanity play (the table stays for the next set's keyword).
WAITING: dict[str, tuple[str, str]] = {}

#: Keywords the game printed whose rule no source gives (docs/keywords.md, "no source found").
UNSOURCED = {
    # Vengeance (DCR): https://loudpoet.com/2006/05/18/vs-card-of-the-week-black-adam-teth-adam-dcr-123/
    "vengeance": "no source gives what the keyword adds to the power printed after it",
    # Shift (MEV): Marvel Evolution FAQ item 4, cut off after its first power
    # (http://obsidian3d.blogspot.ca/2009/02/marvel-evolutions-faq.html)
    "shift": "no source gives two of its three powers; the first, \"Pay 1 or more resource points >>> Remove "
             "this card from the game shifted with that many shift counters. Use only if this card is in your "
             "hand.\", reads but for \"shifted with … shift counters\" (a card shifted in the removed-from-game "
             "zone, a kind of counter)",
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
    for it (cosmic—surge, energize), or, for a keyword the engine has no rule for, its reminder
    text (assumption A-REMINDER). Raises :class:`CardTextError` if that reminder does not parse,
    or if the keyword's rule is one vsoracle cannot play yet (:data:`WAITING`, :data:`UNSOURCED`)."""
    known = is_known(k, block)  # energize has its rule on a keyword line, not before a power
    return _defined(_name(k), known, None if known else k.reminder, k.spelled or k.name, card_name)


@lru_cache(maxsize=1024)
def _defined(name: str, known: bool, reminder: str | None, spelled: str, card_name: str) -> tuple[nodes.Power, ...]:
    # keyed by the reminder too: keywords are equal whatever reminder text they print
    waiting = WAITING.get(name)
    if waiting is not None:
        rule, missing = waiting
        raise CardTextError(f"its rule needs {missing}: \"{rule}\"".replace("~", "this card"))
    if known:
        text = KEYWORD_RULES.get(name)
        return parse_stored(text.replace("~", card_name), card_name).powers if text is not None else ()
    if not reminder:
        if name in UNSOURCED:
            raise CardTextError(f"no rule: {UNSOURCED[name]}")
        return ()
    try:
        return parse_stored(reminder, card_name).powers
    except CardTextError as error:
        raise CardTextError(f"the reminder text of {spelled} does not parse: {error.message}") from None
