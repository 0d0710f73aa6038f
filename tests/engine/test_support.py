"""Nothing parsed is ignored: every node class is played by the engine or refused by name, and a
card that uses a refused one is refused before play (exit 2), never run as a silent no-op."""

from __future__ import annotations

import pytest

from vsoracle.engine import support as S
from vsoracle.engine.effects import _HANDLERS
from vsoracle.engine.rules import RULES
from vsoracle.text import nodes as n
from vsoracle.text.read import read_card_text

_BASES = {n.Node, n.Power, n.Effect, n.Event, n.Change, n.Selector, n.Ref, n.Qualifier, n.Amount, n.Condition,
          n.Trigger, n.Limit}
_CLASSES = sorted((c for c in vars(n).values() if isinstance(c, type) and issubclass(c, n.Node) and c not in _BASES),
                  key=lambda c: c.__name__)
_PLACED = (S.EFFECT_FORMS | S.EFFECT_EVENTS | S.HAPPENINGS | S.PROHIBITABLE | S.PERMITTED | S.PAYABLE | S.CONDITIONS
           | S.AMOUNTS | S.QUALIFIERS | S.REFS | S.SELECTORS | S.CHANGES | S.TRIGGERS | S.LIMITS | S.POWERS | S.PARTS
           | S.REFUSED | S.REPLACING | {n.Does})


@pytest.mark.parametrize("cls", _CLASSES, ids=lambda c: c.__name__)
def test_every_node_class_is_played_or_refused(cls):
    assert cls in _PLACED, f"{cls.__name__}: add it to a list of vsoracle.engine.support (played or refused)"


def test_the_lists_are_the_engines_own_tables():
    """What support says of an event is its family's: the lists are derived from the rules."""
    assert S.EFFECT_EVENTS == {k for k, r in RULES.items() if r.effect}
    assert S.HAPPENINGS == {k for k, r in RULES.items() if r.happens}
    assert S.PAYABLE == {k for k, r in RULES.items() if r.payable}
    assert S.PROHIBITABLE == S.HAPPENINGS | {k for k, r in RULES.items() if r.prohibitable}
    assert S.EFFECT_FORMS == frozenset(_HANDLERS)


@pytest.mark.parametrize("text, what", [
    ("Target character attacks.", 'the effect "Target character attacks"'),
    ("Ready Bob >>> Draw a card.", 'the cost "Ready Bob"'),
    ("Gain 2 endurance >>> Draw a card.", 'the cost "Gain 2 endurance"'),
    ("Whenever Bob attacks, negate this power.", 'the reference "this power"'),
    ("Frenzy", "the keyword Frenzy (no rule, no reminder text)"),
    # a keyword whose rule a source gives in words vsoracle cannot play yet, or whose rule no source gives
    ("Your next character gets +1 ATK this turn.", '"Your next character gets +1 ATK this turn." ("your next character" is said only'),
    ("Shift", "the keyword Shift (no rule: no source gives"),
    ("Vengeance: Whenever Bob becomes stunned, draw a card.", "the keyword Vengeance (no rule: no source gives"),
    ("Zap (Blah blah.)", "the keyword Zap (the reminder text of Zap does not parse"),
    ("Ongoing: Draw a card.\nFrenzy: Draw a card.", "the keyword Frenzy before a power"),
    # a KO takes a card from play or a resource row: one in a hand, a deck or a pile would be a no-op
    ("KO a card in your hand.", '"KO a card in your hand" (KO\'ing a card that is not in play'),
    ("KO the top card of your deck.", '"KO the top card of your deck" (KO\'ing'),
    ("KO target card in an opponent's KO'd pile.", '"KO target card in an opponent\'s KO\'d pile" (KO\'ing'),
    ("KO a card in your hand >>> Draw a card.", '"KO a card in your hand" (KO\'ing'),
    # only characters are stunned, recovered, or moved to a row or an area
    ("Stun target resource.", '"Stun target resource" (only a character can be stunned)'),
    ("Stun target equipment or location.", '"Stun target equipment or location" (only a character'),
    ("Recover target location.", '"Recover target location" (only a character can be recovered)'),
    ("Move target equipment to your hidden area.", '"Move target equipment to your hidden area" (only a character'),
    # a replacement for a card's coming into play would be applied after it came into play
    ("If a character card you recruited would come into play, instead, put that card into play.",
     'replacing "A character card you recruit comes into play" (a card coming into play is not replaced yet)'),
    # part of an event prevented: only an amount can be lowered (A-LESSEN)
    ("If Bob would be stunned, prevent 2 of it.", 'preventing part of "Stun ~."'),
    ("If you would gain endurance, prevent 2 of it.", 'preventing part of "You gain endurance."'),
    ("When Bob comes into play, prevent 2 of it.", 'the effect "Prevent 2 of it."'),
    # "that much" is the amount of a matched event: with no trigger or replacement it measured 0
    ("Target player loses that much endurance.", '"that much" with no event to measure'),
    ("Target player loses 2 additional endurance.", '"that much" with no event to measure'),
    ("Pay 2 endurance >>> You gain that much endurance.", '"that much" with no event to measure'),
    ("Whenever Bob is stunned, you gain that much endurance.", '"that much" of an event with no amount'),
    # requirements: only attacking (A-MUST-ATTACK); a permission to recruit: only from the KO'd pile
    ("Bob must defend if able.", 'a requirement ("must … if able") of "It defends"'),
    ("You may recruit Bob from your hand.", '"You may recruit Bob from your hand." (only "you may recruit ~ from'),
    ("You can play Bob from your hand.", '"You may play Bob from your hand." (only "you may recruit ~ from'),
    ("Look at your deck. Choose a card from it. Put that card into your hand.", '"from it" with no cards'),
    # a cost pays the number it says: "any number of" would be chosen, which costs do not yet
    ("Discard any number of cards >>> Draw a card.", '"any number of …" in a cost'),
    # entering combat is part of attacking and defending: it is seen happen, never forbidden or replaced
    ("Bob cannot enter combat.", '"It enters combat" other than as something that happens'),
    ("If Bob would enter combat, instead, draw a card.", '"Bob enters combat" other than as something that happens'),
    # flipping a location is the flip step's (a player's action): card text sees it happen
    ("Flip target location.", 'the effect "Flip target location"'),
    # a copy of the gainer's own powers changes nothing ("its" read as the subject): say whose
    ("Whenever a character defends, Bob gains its keywords this turn.", '"Bob gains the keywords of Bob this turn."'),
    # the turn remembers each event's phase (A-FIRST-TIME), not its attack: "this attack" would read the turn
    ("If Bob was stunned this attack, draw a card.", "what happened this attack"),
    # a target is chosen on announcement, a cost's card by its payer: neither at random (A-AT-RANDOM)
    ("Stun target random character.", "a target picked at random"),
    ("Discard a random card >>> Draw a card.", 'the cost "Discard a card at random" (a cost picked at random)'),
    ("Each opponent chooses a team affiliation. Characters you control with the chosen affiliation get +1 ATK this turn.",
     '"Each opponent chooses a team affiliation." (a name or a number chosen by each of several players)'),
    # whether a drawn card is put into a hand, or a recruited one into play, is unsaid (A-INTO-PILE)
    ("Whenever a card is put into your hand, draw a card.", '"Put a card into your hand" (whether a drawn card'),
    ("Whenever a character is put into play, draw a card.", '"Put a character into play" (whether a recruited card'),
    # "next" is how long a modifier an effect creates lasts, and only to a recovery phase (A-NEXT-STEP)
    ("At the start of your next recovery phase, draw a card.", '"your next recovery phase"'),
    ("Exhaust target character. It cannot ready during your next draw phase.", '"your next draw phase"'),
    ("Bob cannot be readied during your next recovery phase.", '"Bob cannot be readied during your next recovery phase." as a continuous power'),
    # a phase is the table's: "each player's draw phase" names no player's
    ("At the start of each player's draw phase, that player draws a card.", '"each player\'s draw phase"'),
])
def test_what_the_engine_cannot_play_is_named(text, what):
    problems = S.cannot_play(read_card_text(text, "Bob"), "Bob")
    assert problems and any(w.startswith(what) for _, w in problems), problems


def test_the_line_of_each_problem_is_counted_from_one():
    text = read_card_text("Reservist\nDraw a card.\nTarget character attacks.", "Bob")
    assert S.cannot_play(text, "Bob") == ((3, 'the effect "Target character attacks"'),)


@pytest.mark.parametrize("text", [
    "Stun target character.",
    "Whenever Bob becomes exhausted, draw a card.",
    "If Bob would attack, instead, draw a card.",
    "Characters you control cannot be stunned this turn.",
    "Frenzy (Whenever this character attacks, it gets +1 ATK this turn.)",
    "Cosmic—Surge: Whenever Bob stuns a defender, draw a card.",
    "Target character gets -2 DEF this turn unless its controller pays 2 endurance.",
    "KO target resource.",
    "KO target equipment.",
    "Remove target card in a KO'd pile from the game.",
    "Put a card from your hand on the bottom of your deck.",
    "Move target character you control to your support row.",
    "Exhaust target location.",
    "Terraform",
    "Press",
    "Insanity: You can play Bob from your KO'd pile. Whenever you do, remove it from the game.",
    "Hunter (When this card enters play, choose an opposing character. That character becomes hunted by you.)",
    "Characters hunted by you get -1 DEF.",
    "Substitute (Reveal this card >>> Draw a card.)",
    "Whenever Bob attacks or defends against a character with flight, draw a card.",
    "Pay 1 ATK this turn >>> Draw a card. Use only during your attack step and only if Bob has not been in combat this turn.",
    "If you drew a card this phase, draw a card.",
    "If you would draw a card for the first time in a phase, instead, draw 2 cards.",
    "Target opponent chooses a card from your hand at random. Reveal that card.",
    "Target opponent chooses a team affiliation. Characters you control with the chosen affiliation get +1 ATK this turn.",
    "Whenever a card is put into your KO'd pile from your hand, draw a card.",
    "When Bob is put into your KO'd pile from play, draw a card.",
    "Exhaust target character. It cannot ready during your next recovery phase.",
    "At the start of each player's recruit step, that player draws a card.",
    "If an opponent would gain endurance, instead, he gains no endurance.",
    "Put target character card from a KO'd pile into play under its owner's control.",
])
def test_what_it_can_play_is_not_refused(text):
    assert S.cannot_play(read_card_text(text, "Bob"), "Bob") == ()


def test_a_one_shot_effect_on_a_character_is_refused_with_what_would_play_it():
    """"Draw a card." on a character has nothing that plays it: refused, not a silent no-op; the
    same line on a plot twist is its effect, and with a trigger the character plays it."""
    effect = read_card_text("Draw a card.", "Zed")
    problems = S.cannot_play(effect, "Zed", "character")
    assert len(problems) == 1 and problems[0][0] == 1 and "nothing that plays it" in problems[0][1]
    assert S.cannot_play(effect, "Zed", "plot twist") == ()
    assert S.cannot_play(read_card_text("When Zed comes into play, draw a card.", "Zed"), "Zed", "character") == ()


def test_a_play_cost_change_of_its_own_is_refused_on_a_card_that_is_not_played():
    """"~ costs 1 less to play" on a character could never apply (it is recruited); on a plot
    twist it is what playing it needs (A-PLAY-COST)."""
    text = read_card_text("Zed costs 1 less to play.", "Zed")
    problems = S.cannot_play(text, "Zed", "character")
    assert len(problems) == 1 and "only plot twists are played" in problems[0][1]
    assert S.cannot_play(text, "Zed", "plot twist") == ()
