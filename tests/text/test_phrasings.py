"""Phrasings users type and Vs. System printed that mean what another phrasing means: each reads as
that phrasing does, or is refused by name; none reads to another meaning (tools/phrasing_probe.py
hunts for them over every corpus line)."""

from __future__ import annotations

import pytest

from vsoracle.engine.support import cannot_play
from vsoracle.text import nodes as n
from vsoracle.text.read import read_card_text
from vsoracle.text.render import render

SAME = [
    # (card name, as typed, as printed)
    # spaces typed twice: the card's own name and any other name are still those names
    ("Killer Croc", "Boost 2: When Killer  Croc comes into play, he gets +3 ATK this turn.",
     "Boost 2: When Killer Croc comes into play, he gets +3 ATK this turn."),
    ("Savage Beatdown", "Play  Savage  Beatdown  only  during  your  attack  step.",
     "Play Savage Beatdown only during your attack step."),
    ("Paid in Full", "Ready each Heroes  for  Hire character you control.",
     "Ready each Heroes for Hire character you control."),
    ("Sharon Carter", "Characters you control that share an affiliation with Sharon  Carter get +1 DEF while defending.",
     "Characters you control that share an affiliation with Sharon Carter get +1 DEF while defending."),
    # a keyword, willpower or endurance capitalised inside a sentence is the game's word (it read as
    # a card named "Endurance": "the number of Endurance cards is 1", or was refused)
    ("Karla Sofen", "While you have 1 or more Endurance, your opponents cannot lose the game.",
     "While you have 1 or more endurance, your opponents cannot lose the game."),
    ("Silver Surfer", "Cosmic: Silver Surfer gets +3 ATK and has Flight.",
     "Cosmic: Silver Surfer gets +3 ATK and has flight."),
    ("Storm", "Whenever a character with Flight attacks or defends against a character adjacent to Storm, "
              "power-up that adjacent character.",
     "Whenever a character with flight attacks or defends against a character adjacent to Storm, "
     "power-up that adjacent character."),
    ("Boodikka", "Willpower 3. Boodikka gets +X ATK while attacking, where X is her Willpower.",
     "Willpower 3. Boodikka gets +X ATK while attacking, where X is her willpower."),
    ("Lightray", "Cosmic: Remove the Cosmic counter from Lightray >>> Target character gets +2 ATK this turn.",
     "Cosmic: Remove the cosmic counter from Lightray >>> Target character gets +2 ATK this turn."),
    # a no-break space (text pasted from a web page), a keyword's dash typed as two hyphens
    ("Killer Croc", "Boost 2: When Killer\u00a0Croc comes into play, he gets\u00a0+3 ATK this turn.",
     "Boost 2: When Killer Croc comes into play, he gets +3 ATK this turn."),
    ("Zephyr", "Concealed--Optional", "Concealed—Optional"),
    # a sentence typed without its full stop at the end of its line
    ("Zephyr", "Draw a card", "Draw a card."),
    ("Zephyr", "Exhaust Zephyr >>> Target character gets +2 ATK this turn\nFlight",
     "Exhaust Zephyr >>> Target character gets +2 ATK this turn.\nFlight"),
    # "gains +2 ATK" as "gets +2 ATK", "gets flight" as "gains flight" (users type both)
    ("Zephyr", "Target character gains +2 ATK/+2 DEF this turn.", "Target character gets +2 ATK/+2 DEF this turn."),
    ("Zephyr", "Characters you control gain +1 ATK.", "Characters you control get +1 ATK."),
    ("Zephyr", "Target character gets flight and range this turn.",
     "Target character gains flight and range this turn."),
    # "Ko'd", "KO'ed", "can not", "his/her": typed so
    ("Zephyr", "Whenever a character you control is Ko'd, draw a card.",
     "Whenever a character you control is KO'd, draw a card."),
    ("Zephyr", "Whenever a character you control is KO'ed, draw a card.",
     "Whenever a character you control is KO'd, draw a card."),
    ("Zephyr", "Zephyr can not be stunned.", "Zephyr cannot be stunned."),
    ("Zephyr", "Each player discards a card from his/her hand.", "Each player discards a card from his or her hand."),
    # a noun, state or determiner of the game typed capitalised inside a sentence is the game's word
    # (each read as a name before: "Stun target Character" stunned a card named "Character")
    ("Zephyr", "Stun target Character.", "Stun target character."),
    ("Zephyr", "KO target Stunned Avengers character.", "KO target stunned Avengers character."),
    ("Zephyr", "Target X-Men Character you control gets +2 ATK this turn.",
     "Target X-Men character you control gets +2 ATK this turn."),
    ("Zephyr", "Target Player discards a card.", "Target player discards a card."),
    ("Zephyr", "Put a card from your hand into your Resource Row.",
     "Put a card from your hand into your resource row."),
    ("Zephyr", "Negate target Plot Twist effect.", "Negate target plot twist effect."),
    ("Zephyr", "Draw a card for each Attacker you control.", "Draw a card for each attacker you control."),
    ("Quicksilver", "Whenever a defender becomes stunned, Ready Quicksilver.",
     "Whenever a defender becomes stunned, ready Quicksilver."),
    ("Zephyr", "Target character can attack this Turn as though it had range.",
     "Target character can attack this turn as though it had range."),
    # "At the beginning of", as users type "At the start of"
    ("Nova", "At the beginning of your build phase, Nova gets +1 ATK this turn.",
     "At the start of your build phase, Nova gets +1 ATK this turn."),
    # "KO pile", "until end of attack", "face-down" / "face down" swapped: typed so
    ("Ghost Rider", "Remove a card in your KO pile from the game >>> Ghost Rider gets +1 ATK this turn.",
     "Remove a card in your KO'd pile from the game >>> Ghost Rider gets +1 ATK this turn."),
    ("Colossus", "Whenever Colossus defends, he gets +2 ATK until end of attack.",
     "Whenever Colossus defends, he gets +2 ATK this attack."),
    ("AIDA", "Ongoing: At the start of the recovery phase, if you have no cards in hand, turn AIDA face-down.",
     "Ongoing: At the start of the recovery phase, if you have no cards in hand, turn AIDA face down."),
    ("Perry White", "At the start of the combat phase, if Perry White is protected, look at target face down resource "
                    "an opponent controls. You may replace that resource.",
     "At the start of the combat phase, if Perry White is protected, look at target face-down resource "
     "an opponent controls. You may replace that resource."),
    # "Leader" before a noun is a leader character, not stunned (FAQ GM 2), as "leader" is; it read
    # as any character with the keyword, stunned too
    ("Repel Attack", "Target Leader defender you control gets +1 DEF this attack.",
     "Target leader defender you control gets +1 DEF this attack."),
    # "their" before cards is a player's, as "his" is (it read as the cards revealed before: cards
    # controlled by cards)
    ("Game of the Galaxy", "Each player reveals the top four cards of their deck. Each player puts their "
                           "remaining revealed cards on the bottom of their deck.",
     "Each player reveals the top four cards of his deck. Each player puts his remaining revealed cards on the "
     "bottom of his deck."),
]


def test_a_capitalised_keyword_is_still_a_name_where_only_a_name_reads() -> None:
    """A name that is a keyword's word, or made of the game's words, stays a name where the text
    reads no other way; "Defenders" inside a sentence is the team."""
    ast = read_card_text("If you control a character named Character Assassination, draw a card.", "Zephyr")
    assert n.Named("Character Assassination") in n.descendants(ast)
    ast = read_card_text("Target Defenders character you control gets +2 DEF this turn.", "Zephyr")
    assert n.Name("Defenders") in n.descendants(ast)
    ast = read_card_text("Characters named Leader get +1 ATK.", "Zephyr")
    assert n.Named("Leader") in n.descendants(ast)
    assert read_card_text("Flight characters you control get +1 ATK.", "Zephyr") == \
        read_card_text("Characters you control with flight get +1 ATK.", "Zephyr")


@pytest.mark.parametrize(("name", "typed", "printed"), SAME, ids=[t for _, t, _ in SAME])
def test_a_phrasing_reads_as_the_printed_one(name: str, typed: str, printed: str) -> None:
    assert read_card_text(typed, name) == read_card_text(printed, name)


def test_him_or_her_is_one_pronoun_a_players() -> None:
    """"him or her" is the player pronoun "he or she" as an object, not "him" or "her": two references
    that the old reading made an either-or of the card itself twice ("KO Pyro or Pyro")."""
    text = read_card_text("Target player loses 2 endurance. Stun a character he or she controls.", "Pyro")
    ast = read_card_text("At the start of the recovery phase, if Pyro is exhausted, KO him or her.", "Pyro")
    ko = ast.powers[0].effect.effect  # type: ignore[attr-defined]
    assert ko == n.KO(object=n.Acting(word="him or her"))
    assert not any(isinstance(x, n.Either) for x in n.descendants(ast))
    for node in (text, ast):
        assert read_card_text(render(node, "Pyro"), "Pyro") == node


REFUSED = [
    # "he or she" / "him or her" is a player's pronoun; said of a character it names a player, whom
    # a stat change or a stun cannot change: refused by name, never a change to nothing
    ("While Power Man is exhausted, he or she gets +2 DEF.", "a player has no ATK, DEF"),
    ("Whenever Power Man attacks, he or she gets +2 ATK this turn.", "a player has no ATK, DEF"),
    ("Target player gets +2 ATK this turn.", "a player has no ATK, DEF"),
    ("At the start of the recovery phase, if Power Man is exhausted, KO him or her.",
     "done to a player: only a card can be KO'd"),
    ("Stun target player.", "done to a player: only a card can be stunned"),
    ("Target player discards a card. Ready him.", "done to a player: only a card can be readied"),
    ("If Power Man would be KO'd, you may put him or her face down into your resource row instead.",
     "done to a player: only a card can be moved"),
    ("When Power Man comes into play, if you recruited him or her from your resource row, draw a card.",
     "done to a player: only a card can be recruited"),
    ("When Power Man comes into play, if he or she was boosted, stun target character with cost 2 or less.",
     "a player is never stunned, boosted"),
]


@pytest.mark.parametrize(("text", "reason"), REFUSED, ids=[t for t, _ in REFUSED])
def test_a_change_a_player_cannot_undergo_is_refused_by_name(text: str, reason: str) -> None:
    problems = cannot_play(read_card_text(text, "Power Man"), "Power Man")
    assert problems and reason in problems[0][1]


def test_a_change_to_a_character_said_with_he_still_plays() -> None:
    """The refusal is of a player's change, not of "he": the character's own pronoun still plays."""
    assert cannot_play(read_card_text("Whenever Power Man attacks, he gets +2 ATK this turn.", "Power Man"),
                       "Power Man") == ()
    assert cannot_play(read_card_text("Target player discards a card.", "Power Man"), "Power Man") == ()


def _probe():  # type: ignore[no-untyped-def]
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "phrasing_probe.py"
    spec = importlib.util.spec_from_file_location("phrasing_probe", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: Variations some corpus lines do not read in yet (the report of issue 23's phrasing hunt says why):
#: a verb capitalised inside a sentence ("cannot Recover", "can Team Attack"), which reads as a name.
#: (A counter's name said with "and", "a +1 ATK and +1 DEF counter", "cannot get range" and "you get
#: twice that much endurance" read since issue 26's seventh round.)
STILL_UNREAD = {"keyword capitalised mid-sentence", "team attack -> Team Attack mid-sentence"}


def test_no_phrasing_variant_of_a_corpus_line_reads_to_another_meaning() -> None:
    """Every meaning-preserving variation of every corpus line (tools/phrasing_probe.py) reads to
    the line's AST, to one that plays the same, or is refused by name: none plays another meaning;
    and only the variations listed above are left unread."""
    found = list(_probe().probe())
    assert len(found) > 1000
    misread = [(kind, variant) for verdict, kind, _, _, variant in found if verdict == "misread"]
    assert misread == []
    unread = {kind for verdict, kind, _, _, _ in found if verdict == "unread"}
    assert unread <= STILL_UNREAD, unread - STILL_UNREAD
