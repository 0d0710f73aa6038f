"""Actions as values (vsoracle/engine/moves.py): each kind of action is listed by
``legal_actions`` where a position allows it, and absent, with the rule's reason from
``why_not``, where a rule forbids it; ``to_step`` writes the step that takes it."""

from __future__ import annotations

from functools import lru_cache

import pytest

from vsoracle.cards import load_database
from vsoracle.engine import actions, effects, moves
from vsoracle.engine.moves import (Attack, Flip, Move, Pass, Play, PlaceResource, PowerUp, Recruit, Reinforce,
                                   Transfer, Use, legal_actions, why_not)
from vsoracle.engine.powers import powers
from vsoracle.engine.query import query
from vsoracle.errors import IllegalActionError
from vsoracle.scenario.load import parse_scenario
from vsoracle.scenario.run import run_scenario, step_action

CARDS = """
[[card]]
number = "TST-901"
name = "Scout"
type = "character"
cost = 1
atk = 2
def = 2
affiliations = ["Avengers"]
text = ""

[[card]]
number = "TST-902"
name = "Giant"
type = "character"
cost = 5
atk = 9
def = 9
affiliations = ["Avengers"]
text = ""

[[card]]
number = "TST-903"
name = "Spark"
type = "plot twist"
cost = 0
text = "Target character gets +1 ATK this turn."

[[card]]
number = "TST-904"
name = "Silence"
type = "plot twist"
cost = 0
text = "You cannot play plot twists this turn."

[[card]]
number = "TST-905"
name = "Warden"
type = "character"
cost = 2
atk = 3
def = 3
affiliations = ["Avengers"]
text = "Backup: Pay 1 endurance >>> Target character you control gets +2 DEF this turn."

[[card]]
number = "TST-906"
name = "Medic"
type = "character"
cost = 2
atk = 1
def = 4
affiliations = ["Avengers"]
text = ""
"""


@lru_cache(maxsize=1)
def db():
    return load_database()


def position(text: str):
    """The position after the scenario's steps (its one outcome)."""
    result = run_scenario(parse_scenario(CARDS + text, db()))
    (outcome,) = result.outcomes
    return outcome.state


def kinds(state, player=None):
    return {type(a) for a in legal_actions(state, player)}


RECRUIT = """
[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
resources = ["TST-901", "TST-901"]
resource_points = 2
hand = [{ card = "TST-901", id = "scout" }, { card = "TST-902", id = "giant" }, { card = "TST-903", id = "spark" },
        { card = "TST-904", id = "silence" }, { card = "TST-905", id = "warden2" }]

[[players.A.characters]]
card = "TST-905"
id = "warden"
row = "front"
col = 1

[players.B]
"""


def test_recruit_is_listed_into_every_free_place_and_refused_beyond_resource_points():
    s = position(RECRUIT)
    recruits = [a for a in legal_actions(s) if isinstance(a, Recruit)]
    scouts = {(a.row, a.col) for a in recruits if a.card == "scout"}
    assert scouts == {("front", 2), ("support", 1), ("support", 2)}
    assert not any(a.card == "giant" for a in recruits)
    assert "resource points" in why_not(s, Recruit("A", "giant", row="front", col=2))
    assert "taken" in why_not(s, Recruit("A", "scout", row="front", col=1))


def test_play_is_listed_with_its_targets_and_refused_when_you_cannot_play_plot_twists():
    s = position(RECRUIT)
    plays = {(a.card, a.targets) for a in legal_actions(s) if isinstance(a, Play)}
    assert ("spark", ("warden",)) in plays and ("silence", ()) in plays
    assert "illegal target" in why_not(s, Play("A", "spark", ("A",)))
    after = position(RECRUIT + '[[step]]\nplay = "silence"\n[[step]]\nresolve = "all"\n')
    assert Play not in kinds(after)
    assert "cannot play" in why_not(after, Play("A", "spark", ("warden",)))


def test_a_backup_power_is_listed_in_the_build_phase_and_refused_outside_it():
    s = position(RECRUIT)
    uses = [a for a in legal_actions(s) if isinstance(a, Use)]
    assert Use("A", "warden", 1, ("warden",)) in uses
    combat = position(RECRUIT.replace('phase = "build"\nstep = "recruit"', 'phase = "combat"\nstep = "attack"'))
    assert Use not in kinds(combat)
    assert "build phase" in why_not(combat, Use("A", "warden", 1, ("warden",)))


ATTACK = """
[game]
phase = "combat"
step = "attack"
active = "A"

[players.A]
hand = [{ card = "TST-901", id = "scout-card" }]

[[players.A.characters]]
card = "TST-901"
id = "scout"
row = "front"
col = 1

[[players.A.characters]]
card = "TST-906"
id = "tired"
row = "front"
col = 2
state = "exhausted"

[players.B]

[[players.B.characters]]
card = "TST-902"
id = "giant"
row = "front"
col = 1

[[players.B.characters]]
card = "TST-906"
id = "medic"
row = "support"
col = 1
"""


def test_attack_is_listed_and_refused_for_an_exhausted_character():
    s = position(ATTACK)
    attacks = [a for a in legal_actions(s) if isinstance(a, Attack)]
    assert Attack("A", ("scout",), "giant") in attacks
    assert not any("tired" in a.attackers for a in attacks)
    assert "exhausted" in why_not(s, Attack("A", ("tired",), "giant"))
    assert "protected" in why_not(s, Attack("A", ("scout",), "medic"))


def test_power_up_is_listed_for_a_card_of_the_same_name_only():
    s = position(ATTACK)
    assert PowerUp("A", "scout", "scout-card") in legal_actions(s)
    assert "same name" in why_not(s, PowerUp("A", "tired", "scout-card"))


def test_reinforce_is_listed_for_the_defender_and_refused_without_a_ready_supporter():
    s = position(ATTACK + '[[step]]\nattack = ["scout"]\ntarget = "giant"\n')
    assert Reinforce("B", "giant", "medic") in legal_actions(s, "B")
    assert "front row" in why_not(s, Reinforce("B", "giant", "giant"))
    assert Reinforce not in kinds(s, "A")


FORMATION = """
[game]
phase = "build"
step = "formation"
active = "A"

[players.A]
hand = [{ card = "TST-901", id = "scout-card" }]
resources = [{ card = "TST-903", id = "hidden-spark" }]

[[players.A.characters]]
card = "TST-901"
id = "scout"
row = "front"
col = 1
equipment = [{ card = "Force Field Belt", id = "belt" }]

[[players.A.characters]]
card = "TST-906"
id = "medic"
row = "support"
col = 1

[players.B]
"""


def test_move_and_transfer_are_listed_in_the_formation_step_only():
    s = position(FORMATION)
    found = list(legal_actions(s))
    assert Move("A", "medic", "front", 2) in found
    assert Transfer("A", "belt", "medic") in found
    assert Flip("A", "hidden-spark") in found
    assert "transferable" not in (why_not(s, Transfer("A", "belt", "medic")) or "")
    recruit = position(FORMATION.replace('step = "formation"', 'step = "recruit"'))
    assert Move not in kinds(recruit) and Transfer not in kinds(recruit)
    assert "formation step" in why_not(recruit, Move("A", "medic", "front", 2))
    assert "formation step" in why_not(recruit, Transfer("A", "belt", "medic"))


def test_place_resource_is_listed_once_a_turn_in_the_resource_step():
    s = position(FORMATION.replace('step = "formation"', 'step = "resource"'))
    assert PlaceResource("A", "scout-card") in legal_actions(s)
    after = moves.apply(s, PlaceResource("A", "scout-card"))
    assert PlaceResource not in kinds(after)
    assert "already" in why_not(after, PlaceResource("A", "medic"))


def test_pass_is_always_listed_and_a_player_without_priority_acts_after_the_others_pass():
    s = position(ATTACK)
    assert Pass("A") in legal_actions(s)
    assert "there is no player" in why_not(s, Pass("Z"))
    assert "there is no object" in why_not(s, Attack("A", ("nobody",), "giant"))


def test_decisions_an_action_asks_are_answered_in_choose():
    s = position("""
[[card]]
number = "TST-907"
name = "Booster"
type = "character"
cost = 1
atk = 1
def = 1
affiliations = ["Avengers"]
text = "Boost 1"

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
resource_points = 2
hand = [{ card = "TST-907", id = "booster" }]

[players.B]
""")
    found = {a.choose for a in legal_actions(s) if isinstance(a, Recruit) and (a.row, a.col) == ("front", 1)}
    assert found == {(True,), (False,)}
    boosted = moves.apply(s, Recruit("A", "booster", row="front", col=1, choose=(True,)))
    assert boosted.player("A").resource_points == 0


@pytest.mark.parametrize("where", [RECRUIT, ATTACK, FORMATION], ids=["recruit", "attack", "formation"])
def test_to_step_is_the_step_that_takes_the_action(where):
    """Each action reads the [[step]] it writes (issue 22: the reader beside the writer)."""
    s = position(where)
    seen = set()
    for action in legal_actions(s):
        table = action.to_step()
        text = CARDS + where + moves.step_toml(table) + "\n"
        sc = parse_scenario(text, db())
        assert step_action(sc.steps[-1], s) == action
        seen.add(action.verb)
    assert seen


def test_every_kind_of_action_reads_what_it_writes():
    samples = [Recruit("A", "x", "resources", "front", 2, "hidden", "y", True, ("c",), "e", (1,)),
               Play("A", "x", ("t", ("u", "v")), ("c",), 3), moves.Use("A", "x", "evasion", ("t",), ("c",), 2),
               PowerUp("A", "x", "y"), Attack("A", ("x", "y"), "B"), Reinforce("A", "x", "y"), Flip("A", "x"),
               Move("A", "x", "support", 3), moves.Transfer("A", "x", "y"), PlaceResource("A", "x"), Pass("A"),
               moves.Resolve("all"), moves.Advance("recovery")]
    assert {a.verb for a in samples} == set(moves.KINDS)
    for action in samples:
        table = action.to_step()
        verb = action.verb
        keys = {k: tuple(v) if isinstance(v, list) else v for k, v in table.items() if k not in (verb, "by", "choose")}
        value = tuple(table[verb]) if isinstance(table[verb], list) else table[verb]
        choose = tuple(table.get("choose", ()))
        again = moves.read_step(verb, table.get("by"), value, keys, choose)
        assert again == action, verb
        assert set(keys) <= set(moves.step_verbs()[verb]), verb


def test_apply_refuses_with_the_reason_and_leaves_the_position_alone():
    s = position(ATTACK)
    with pytest.raises(IllegalActionError, match="exhausted"):
        moves.apply(s, Attack("A", ("tired",), "giant"))
    assert s == position(ATTACK)


def test_the_example_in_docs_moves_runs(capsys, monkeypatch):
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    text = (root / "docs" / "moves.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(root)
    exec(compile(code, "docs/moves.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "illegal target: A is a player" in printed and "[[step]]\nplay = " in printed


MUST_ATTACK = """
[[card]]
number = "TST-990"
name = "Berserker"
type = "character"
cost = 2
atk = 3
def = 3
affiliations = ["Avengers"]
text = "Berserker must attack if able."

[game]
phase = "combat"
step = "attack"
active = "A"

[[players.A.characters]]
card = "TST-990"
id = "berserker"

[[players.B.characters]]
card = "TST-901"
id = "scout"
"""


def test_a_requirement_to_attack_takes_the_pass_away_and_why_not_says_so():
    """"~ must attack if able" (A-MUST-ATTACK): while Berserker can attack, the pass that would
    end A's attack step is not listed and why_not names the requirement; once it has attacked
    (exhausted), A may pass."""
    s = position(MUST_ATTACK)
    assert Pass not in kinds(s) and Attack in kinds(s)
    assert "berserker must attack if able" in why_not(s, Pass("A"))
    after = position(MUST_ATTACK + '[[step]]\nattack = "berserker"\ntarget = "scout"\n[[step]]\nresolve = "all"\n')
    assert Pass in kinds(after) and why_not(after, Pass("A")) is None


KO_PILE_RECRUIT = """
[[card]]
number = "TST-991"
name = "Revenant"
type = "character"
cost = 1
atk = 1
def = 1
affiliations = ["Avengers"]
text = "You may recruit Revenant from your KO'd pile."

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
resource_points = 1
ko_pile = [{ card = "TST-991", id = "revenant" }, { card = "TST-901", id = "scout" }]
"""


def test_recruiting_from_the_ko_pile_is_listed_only_for_the_card_that_allows_it():
    """"You may recruit ~ from your KO'd pile" (A-RECRUIT-FROM): listed with from = "ko_pile";
    a card in the KO'd pile without it is not, and why_not says why."""
    s = position(KO_PILE_RECRUIT)
    recruits = {(a.card, a.source) for a in legal_actions(s) if isinstance(a, Recruit)}
    assert recruits == {("revenant", "ko_pile")}
    assert "cannot be recruited from the KO'd pile" in why_not(s, Recruit("A", "scout", "ko_pile", row="front", col=1))


COPIES = """
[[card]]
number = "TST-951"
name = "Rallier"
type = "character"
cost = 2
atk = 2
def = 2
affiliations = ["Avengers"]
text = "Exhaust ~ >>> Another target character you control gets +1 ATK this turn."

[[card]]
number = "TST-952"
name = "Wisp"
type = "character"
cost = 1
atk = 1
def = 1
affiliations = ["Avengers"]
text = "Wisp cannot be the target of plot twist effects."

[game]
phase = "build"
step = "recruit"
active = "A"

[players.A]
hand = [{ card = "TST-903", id = "spark1" }, { card = "TST-903", id = "spark2" }]

[[players.A.characters]]
card = "TST-951"
id = "r1"
row = "front"
col = 1

[[players.A.characters]]
card = "TST-951"
id = "r2"
row = "front"
col = 2

[players.B]
"""


def _power_link(o):
    (line,) = powers(o.card)
    return actions.power_link("A", o, line.node, line)


def _target_checks(s, card_ids, link_of):
    """Each card's check of its effect's one target in ``s`` (the one the legal actions use)."""
    q = query(s)
    checks = []
    for oid in card_ids:
        o = s.obj(oid)
        link = link_of(o)
        (node,) = effects.targets_of(link.effect)
        checks.append(effects._target_check(q, node, link))
    return checks


def test_copies_of_a_card_share_a_target_check_only_when_it_asks_nothing_of_the_copy():
    """"Target character" asks the same of each copy of a card: one check serves them all. "Another
    target character" asks it of each copy (CR 505): each has its own, and its own answers."""
    s = position(COPIES)
    uses = {(a.card, a.targets) for a in legal_actions(s) if isinstance(a, Use)}
    assert uses == {("r1", ("r2",)), ("r2", ("r1",))}
    spark1, spark2 = _target_checks(s, ["spark1", "spark2"], lambda o: actions.play_link("A", o, None))
    assert spark1 is spark2
    r1, r2 = _target_checks(s, ["r1", "r2"], _power_link)
    assert r1 is not r2


def test_copies_of_a_card_do_not_share_a_target_check_while_something_cannot_be_targeted():
    """A "cannot be the target of …" modifier asks of the effect (FAQ SC 1): while one is in force,
    each copy's targets are checked for its own effect."""
    wisp = '[[players.A.characters]]\ncard = "TST-952"\nid = "wisp"\nrow = "support"\ncol = 1\n\n[players.B]'
    s = position(COPIES.replace("[players.B]", wisp))
    plays = {(a.card, a.targets) for a in legal_actions(s) if isinstance(a, Play)}
    assert plays == {(card, (t,)) for card in ("spark1", "spark2") for t in ("r1", "r2")}
    spark1, spark2 = _target_checks(s, ["spark1", "spark2"], lambda o: actions.play_link("A", o, None))
    assert spark1 is not spark2
