"""The names cards carry: what a name in card text can match.

Card text names affiliations ("Avengers characters"), traits ("a Mental character"), versions
("Army"), identities ("gains the identity …") and cards ("a character named …"). A name that no
card of the database, the user's card files or the scenario has matches nothing: the text layer
compares the names a text uses with these (:mod:`vsoracle.text.names`) so that such a name is
said out loud rather than read silently as a name nothing has (issue 23, 9).
"""

from __future__ import annotations

from typing import Iterable

from attrs import field, frozen

from .model import MUTANT_TRAITS, Card

__all__ = ["KnownNames", "RULES_NAMES", "RULES_VERSIONS"]

#: Names the rules themselves define, whatever cards there are: a Mutant is a character with a
#: Mutant trait, Mental, Energy or Physical (X-Men FAQ GM 1).
RULES_NAMES = frozenset({"Mutant"}) | MUTANT_TRAITS
#: Versions the rules give a meaning, whatever cards there are: an Army character is not unique
#: (CR 705.1; FAQ GM 6); a plot twist of the Epic version cannot be negated (Coming of Galactus FAQ
#: item 2; the engine reads it: assumption A-EPIC).
RULES_VERSIONS = frozenset({"Army", "Epic"})


def _fold(name: str) -> str:
    return " ".join(name.replace("’", "'").split()).casefold()


@frozen
class KnownNames:
    """Every name some card has, by kind, each as printed (compared ignoring case and spacing)."""

    affiliations: frozenset[str] = frozenset()
    traits: frozenset[str] = frozenset()
    versions: frozenset[str] = frozenset()
    identities: frozenset[str] = frozenset()
    names: frozenset[str] = frozenset()
    _folded: dict[str, frozenset[str]] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_folded", {kind: frozenset(_fold(x) for x in self.of_kind(kind)) for kind in
                                             ("name", "affiliation", "trait", "version", "identity", "card name")})

    @classmethod
    def of(cls, cards: Iterable[Card], given: Iterable[tuple[str, str]] = ()) -> "KnownNames":
        """The names ``cards`` print, the rules' own (:data:`RULES_NAMES`, :data:`RULES_VERSIONS`), and the
        ``given`` ones ((kind, name): an affiliation or identity a card's text gives)."""
        aff: set[str] = set()
        traits: set[str] = set(RULES_NAMES)
        versions: set[str] = set(RULES_VERSIONS)
        identities: set[str] = set()
        names: set[str] = set()
        for card in cards:
            aff.update(card.affiliations)
            traits.update(card.traits)
            if card.version:
                versions.add(card.version)
            identities.add(card.identity or card.name)
            names.add(card.name)
        for kind, name in given:
            {"affiliation": aff, "trait": traits, "identity": identities}.get(kind, names).add(name)
        return cls(frozenset(aff), frozenset(traits), frozenset(versions), frozenset(identities), frozenset(names))

    def of_kind(self, kind: str) -> frozenset[str]:
        """The names of one kind: "affiliation", "trait", "version", "identity", "card name"; a
        name before a noun ("name") is any affiliation, trait or version (CR 301; FAQ SC 32)."""
        if kind == "name":
            return self.affiliations | self.traits | self.versions
        if kind == "card name":
            return self.names | self.identities
        return {"affiliation": self.affiliations, "trait": self.traits, "version": self.versions,
                "identity": self.identities | self.names}.get(kind, frozenset())

    def has(self, kind: str, name: str) -> bool:
        """Does some card have ``name`` as a ``kind`` (:meth:`of_kind`)? Written in the plural, its
        singular counts too ("Fate Artifacts": assumption A-NAME-PLURAL)."""
        folded = self._folded.get(kind, frozenset())
        key = _fold(name)
        return key in folded or (len(key) > 2 and key.endswith("s") and not key.endswith("ss") and key[:-1] in folded)
