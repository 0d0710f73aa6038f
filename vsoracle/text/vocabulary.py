"""Game words a card writes before a noun, capitalised like a name, that are not names: they say
a characteristic the rules define. "Friendly characters" are the characters you control (digest
§9); "Cosmic characters", "Leader characters", "Concealed characters" have that keyword
(Heralds of Galactus FAQ 2.2: "a cosmic character is a non-stunned character with either the
cosmic or cosmic—surge keyword"). Any other capitalised word before a noun is a name: an
affiliation, a version ("Army"), a trait ("Mental") or a card's name.
"""

from __future__ import annotations

from . import ast as a

__all__ = ["BECOMABLE", "KEYWORD_WORDS", "becomable", "premodifier"]

#: Every keyword of the whole game (docs/keywords.md) that a card may write before a noun.
KEYWORD_WORDS = frozenset({
    "flight", "range", "cosmic", "concealed", "reservist", "loyalty", "evasion", "invulnerability",
    "reinforcement", "leader", "ally", "backup", "boost", "energize", "insanity", "terraform", "hunter",
    "press", "substitute", "shift", "vengeance", "transferable",
})


def premodifier(word: str) -> a.Qualifier:
    """What a capitalised word before a noun says: a game word's characteristic, or a name."""
    key = word.lower()
    if key == "friendly":
        return a.ControlledBy(a.You())
    if key == "leader":  # "Leader characters" as "leader characters": not stunned (FAQ GM 2)
        return a.State("leader")
    if key in KEYWORD_WORDS:
        return a.HasKeyword((key,))
    return a.Name(word)


#: Characteristics a card can be made to be ("Characters you control … are Mutants … this turn",
#: MXM): X-Men FAQ GM 1, "Characters that aren't Mutants can become Mutants". A Mutant is
#: also any character with a Mutant trait (Mental, Energy, Physical).
BECOMABLE = {"mutant": "Mutant", "mutants": "Mutant"}


def becomable(word: str) -> str | None:
    """The characteristic "is a Mutant" / "are Mutants" gives, or ``None`` for another name."""
    return BECOMABLE.get(word.lower())
