"""The names a card text uses, and those no card has.

Card text names affiliations, traits and versions before a noun ("Avengers characters", "a
Mental character", "non-Army"), cards by name ("a character named …"), affiliations in a
crossover or a choice ("you chose JLA and JSA"). Such a name is read as written; one that no card
of the database, the user's card files or the scenario has matches nothing, so a game word a
card capitalises ("Friendly", "Cosmic") must never pass for it silently: :func:`unknown_names`
finds each such name with the likest known name or game word, for ``vsoracle cards check`` and
for the log of a scenario that reads one (issue 23, 9).
"""

from __future__ import annotations

import difflib
from typing import Iterable, Iterator, Literal

from attrs import frozen

from ..cards.names import KnownNames
from . import ast as a
from .vocabulary import KEYWORD_WORDS

__all__ = ["NameUse", "Unknown", "GAME_WORDS", "names_in", "names_used", "names_given", "unknown_names", "unknown_in"]

#: What kind of name a text uses: "name" is one before a noun (an affiliation, trait or version).
NameKind = Literal["name", "affiliation", "trait", "identity", "card name", "affiliation or trait"]

#: How a message says each kind.
_SAID = {"name": "the affiliation, trait or version", "affiliation": "the affiliation", "trait": "the trait",
         "identity": "the identity", "card name": "the card name", "affiliation or trait": "the affiliation or trait"}

#: Game words a card capitalises before a noun, and what each means (text.vocabulary): a name
#: close to one is likely that word misspelt.
GAME_WORDS: dict[str, str] = {"friendly": "friendly, controlled by you", "opposing": "opposing, controlled by an opponent",
                              **{k: f"{k}, with the keyword {k}" for k in sorted(KEYWORD_WORDS)}}


@frozen
class NameUse:
    """One name a text uses: its kind, as written, and its power line (from 1)."""

    kind: NameKind
    name: str
    line: int

    @property
    def said(self) -> str:
        """The kind in words: "the affiliation, trait or version"."""
        return _SAID[self.kind]


@frozen
class Unknown:
    """A name no card has: where, what, and the likest known name or game word (``hint``)."""

    use: NameUse
    hint: str

    @property
    def message(self) -> str:
        """"names the affiliation, trait or version 'Freindly', which no card has"."""
        return f"names {self.use.said} '{self.use.name}', which no card has"

    def __str__(self) -> str:
        return f"{self.message} — {self.hint}"


def _uses(node: a.Node) -> Iterator[tuple[NameKind, str]]:
    if isinstance(node, a.Name):
        yield "name", node.name
    elif isinstance(node, a.Named) and node.name and not node.self_:
        yield "card name", node.name
    elif isinstance(node, (a.Crossover, a.HasEither, a.ShareAffiliations)):
        for x in node.names:
            yield "affiliation", x
    elif isinstance(node, a.ChoseNames):
        for x in node.names:
            yield "affiliation or trait", x


def names_in(node: a.Node, line: int = 0) -> tuple[NameUse, ...]:
    """Every name ``node`` (an effect, a power) uses to pick out what has it, once, in text order,
    on power line ``line``. A name the text gives ("gains the Avengers affiliation") is not one it
    uses: see :func:`names_given`."""
    out: list[NameUse] = []
    for inner in a.descendants(node):
        for kind, name in _uses(inner):
            use = NameUse(kind, name, line)
            if use not in out:
                out.append(use)
    return tuple(out)


def names_used(text: a.CardText) -> tuple[NameUse, ...]:
    """Every name ``text`` uses (:func:`names_in`), by power line (from 1)."""
    return tuple(use for line, power in enumerate(text.powers, start=1) for use in names_in(power, line))


def names_given(text: a.CardText) -> tuple[tuple[str, str], ...]:
    """The names ``text`` gives a card ("has the Masters of Evil affiliation", "gains the identity
    …"), as (kind, name): once given, some card can have them."""
    out: list[tuple[str, str]] = []
    for node in a.descendants(text):
        if isinstance(node, a.AffiliationChange):
            kind = "identity" if node.identity else "trait" if node.trait or node.word == "be" else "affiliation"
            out.extend((kind, x) for x in node.names)
    return tuple(out)


def _hint(use: NameUse, known: KnownNames) -> str:
    key = use.name.casefold()
    word = difflib.get_close_matches(key, list(GAME_WORDS), n=1, cutoff=0.75)
    if word:
        return f"did you mean {GAME_WORDS[word[0]]}?"
    for kinds in ((use.kind,), ("name", "card name")):
        pool = sorted({x for kind in kinds for x in known.of_kind("name" if kind == "affiliation or trait" else kind)})
        folded = {x.casefold(): x for x in pool}
        near = difflib.get_close_matches(key, list(folded), n=1, cutoff=0.75)
        if near:
            return f"did you mean '{folded[near[0]]}'?"
    return "it matches nothing until a card has it (--cards, VSORACLE_CARDS, a scenario's [[card]]); check the spelling"


def unknown_names(text: a.CardText, known: KnownNames) -> tuple[Unknown, ...]:
    """The names ``text`` uses that no card has (``known``: those of the database, the user's card
    files and the scenario, with the names texts give), each with the likest known name or game word."""
    out = []
    for use in names_used(text):
        kind = "name" if use.kind == "affiliation or trait" else use.kind
        if not known.has(kind, use.name):
            out.append(Unknown(use, _hint(use, known)))
    return tuple(out)


def unknown_in(texts: Iterable[a.CardText], known: KnownNames) -> frozenset[str]:
    """The names (case folded) any of ``texts`` uses that no card has."""
    return frozenset(u.use.name.casefold() for t in texts for u in unknown_names(t, known))
