"""A game from two decks: the deck rules (CR 101.1–101.2b) and the setup (CR 101.4–101.5).

:func:`deck_problems` checks a deck list against the construction rules; :func:`setup` shuffles
each deck with the caller's random generator, has the random method pick who chooses the player
who begins with the initiative (CR 101.4), deals the opening hands with one mulligan each (digest
§2.2, assumption A-MULLIGAN), and returns the position of turn 1's draw phase, each player at 50
endurance (CR 101.5) with his two cards of turn 1 drawn (CR 401; assumption A-SETUP: the draws
before play begins are pile moves, since nothing is in play to see them). That position is one a
scenario file can state exactly, so a game is reproduced from it and the actions taken.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any, Callable, Sequence

from ..cards import Card
from .fmap import FrozenMap
from .moves import Question
from .state import GameObject, GameState, Player, Zone

__all__ = ["MIN_DECK", "COPIES", "OPENING_HAND", "deck_problems", "setup", "object_id", "Chooser"]

#: A deck holds at least 60 cards, with no maximum (CR 101.1).
MIN_DECK = 60
#: At most four copies of one card name, counted per version (CR 101.2, 101.2a); Army is unlimited (101.2b).
COPIES = 4
#: The opening hand (digest §2.2 [S:SH1]).
OPENING_HAND = 4
#: The draw phase's cards, turn 1 included (CR 401; the digest found no first-turn exception).
TURN_DRAW = 2

#: Who answers a setup question: ``(question) -> one of question.answers``.
Chooser = Callable[[Question], Any]


def deck_problems(cards: Sequence[Card]) -> list[str]:
    """What makes ``cards`` an illegal deck, each as a sentence (empty: a legal deck). At least 60
    cards (CR 101.1); at most four copies of each version of a name (CR 101.2, 101.2a: the same
    name and version is the same card), any number of an Army (CR 101.2b)."""
    problems = []
    if len(cards) < MIN_DECK:
        problems.append(f"a deck holds at least {MIN_DECK} cards, this one {len(cards)} (CR 101.1)")
    counts = Counter((c.name.casefold(), (c.version or "").casefold()) for c in cards if not c.is_army)
    titles = {(c.name.casefold(), (c.version or "").casefold()): c.title for c in cards}
    for key, count in counts.items():
        if count > COPIES:
            problems.append(f"{count} copies of '{titles[key]}': at most {COPIES} of each version of a name "
                            "(CR 101.2, 101.2a; an Army any number, 101.2b)")
    return problems


def object_id(pid: str, card: Card, seen: Counter[str]) -> str:
    """The id of the next copy of ``card`` in ``pid``'s deck: its title as a slug and a count per
    player, ``a-thor-odinson-2`` (never a player's name: it has a dash)."""
    base = pid.lower() + "-" + (re.sub(r"[^a-z0-9]+", "-", card.title.casefold()).strip("-") or "card")
    seen[base] += 1
    return base if seen[base] == 1 else f"{base}-{seen[base]}"


def setup(decks: Sequence[tuple[str, Sequence[Card]]], rng: random.Random, choose: dict[str, Chooser]) -> GameState:
    """Turn 1's draw phase of a game between the players of ``decks`` (each a player id and his
    deck list, in seat order), with ``rng`` for every random method and ``choose[pid]`` answering
    ``pid``'s setup questions: who begins with the initiative, whether to mulligan."""
    objects: dict[str, GameObject] = {}
    piles: dict[str, list[str]] = {}
    for pid, cards in decks:
        seen: Counter[str] = Counter()
        ids = []
        for card in cards:
            oid = object_id(pid, card, seen)
            objects[oid] = GameObject(oid, card, pid, pid, Zone.DECK)
            ids.append(oid)
        rng.shuffle(ids)  # each deck is shuffled (CR 101.4's random methods; the shuffle is the game's)
        piles[pid] = ids
    pids = [pid for pid, _ in decks]
    chooser = pids[rng.randrange(len(pids))]  # CR 101.4: a random method decides who chooses
    initiative = choose[chooser](Question(chooser, "choose", f"{chooser} chooses who begins with the initiative "
                                                             "(CR 101.4)", tuple(pids)))
    order = pids[pids.index(initiative):] + pids[:pids.index(initiative)]
    hands: dict[str, list[str]] = {pid: [] for pid in pids}
    for pid in pids:
        hands[pid], piles[pid] = piles[pid][:OPENING_HAND], piles[pid][OPENING_HAND:]
    for pid in order:  # A-MULLIGAN: one each, the initiative player first
        keep = choose[pid](Question(pid, "may", f"{pid} may mulligan: put his hand on the bottom of his deck "
                                                 f"and draw {OPENING_HAND} new cards", (False, True)))
        if keep is True:
            deck = piles[pid] + hands[pid]
            hands[pid], piles[pid] = deck[:OPENING_HAND], deck[OPENING_HAND:]
    for pid in order:  # turn 1's draw phase (CR 401), drawn before play begins (A-SETUP)
        hands[pid], piles[pid] = hands[pid] + piles[pid][:TURN_DRAW], piles[pid][TURN_DRAW:]
    for pid in pids:
        for oid in hands[pid]:
            objects[oid] = GameObject(oid, objects[oid].card, pid, pid, Zone.HAND)
    players = tuple(Player(pid, 50, 0, tuple(piles[pid]), tuple(hands[pid])) for pid in pids)  # CR 101.5
    state = GameState(players=players, objects=FrozenMap(objects), turn=1, initiative=initiative, phase="draw",
                      step=None, active=None)
    return GameState(players=players, objects=state.objects, turn=1, initiative=initiative, phase="draw",
                     step=None, active=None, priority=state.primary_player())
