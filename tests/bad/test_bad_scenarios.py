"""Bad scenario files: each one gives exactly one line on stderr, ``file:line: what — fix``, and exit 2.

Every case is the whole text of a bad file (a few shared positions are spelled out once,
below, with their line numbers) and the exact message the CLI must print. The cases run
through the real CLI entry point in-process (``run_guarded`` with ``sys.argv`` set), so the
test sees what a person sees: the stderr text and the exit code. A handful also run as real
``python -m vsoracle`` processes (``test_real_cli_processes``).

A case marked ``fix=...`` is a message that is not yet good for a person (no line, a Python
repr, a wrong line, vague wording, the wrong exit code); it is written with the message it
*should* give and is a strict xfail until vsoracle is fixed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from vsoracle.cli import app
from vsoracle.cli.common import run_guarded

ROOT = Path(__file__).resolve().parents[2]


DIRECTORY = b"<a directory>"     # Case.text: make a directory at the path instead of a file


class Case(NamedTuple):
    text: str | bytes | None      # None: no file at all; bytes: written as is; DIRECTORY: a directory
    line: int | None              # the line the message must name (None: the file as a whole)
    message: str                  # what follows "path:line: "
    code: int = 2
    fix: str | None = None        # why the current message is not good enough (strict xfail)


# -- shared positions ---------------------------------------------------------------------------
# RECRUIT: A's recruit step. Lines 1-20; a step appended to it starts at line 21.
RECRUIT = """\
[game]
phase = "build"
step = "recruit"

[players.A]
resource_points = 3
hand = [{ card = "Quicksilver", id = "qs" }, { card = "Windstorm", id = "storm" }, { card = "Walk Through Walls", id = "wtw" }, { card = "Egghead", id = "egg" }]
resources = ["Windstorm", "Windstorm", "Windstorm"]
deck = [{ card = "Foxfire", id = "deckfox" }]

[[players.A.characters]]
card = "Thor"
id = "thor"

[players.B]

[[players.B.characters]]
card = "Foxfire"
id = "fox"

"""
KNOWN_IDS = "deckfox, egg, fox, qs, storm, thor, windstorm, windstorm-2, windstorm-3, wtw"
FIX_HINT = "fix the step, or add rejected = true if the question is whether the rules forbid it"


def combat(state: str = "ready") -> str:
    """A's attack step; Thor is in the given state. Lines 1-17; a step appended starts at line 18."""
    return f"""\
[game]
phase = "combat"

[players.A]
resources = ["Windstorm", "Windstorm"]

[[players.A.characters]]
card = "Thor"
id = "thor"
state = "{state}"

[players.B]

[[players.B.characters]]
card = "Foxfire"
id = "fox"

"""


# DECISION: Arcanna's attack and Advance Recon both replace one breakthrough (Avengers FAQ, General
# Mechanics 8): resolving asks A which replacement applies. Line 35 is `resolve = "all"`; CHOOSE is
# replaced by the step's extra keys (line 36 on).
DECISION = """\
[[card]]
name = "Arcanna"
type = "character"
cost = 3
atk = 7
def = 5
affiliations = ["Squadron Supreme"]
text = "If Arcanna would cause breakthrough while attacking a character, instead, that character's controller stuns another non-stunned character he controls."

[[card]]
name = "Advance Recon"
type = "plot twist"
cost = 2
text = "If a character you control would cause breakthrough this attack, you gain twice that much endurance instead."

[game]
phase = "combat"

[players.A]
hand = [{ card = "Advance Recon", id = "recon" }]
resources = ["Windstorm", "Windstorm"]
characters = [{ card = "Arcanna", id = "arcanna" }]

[players.B]
characters = [{ card = "Foxfire", id = "defender" }, { card = "Quicksilver", id = "bystander" }]

[[step]]
attack = ["arcanna"]
target = "defender"

[[step]]
play = "recon"

[[step]]
resolve = "all"
CHOOSE
"""
REPLACEMENT = "A chooses which replacement modifier replaces arcanna's breakthrough of 5"

# MAY: a plot twist whose resolution asks A "you may" (true or false). Line 15 is `resolve = "top"`;
# CHOOSE is replaced by the step's extra keys (line 16 on).
MAY = """\
[[card]]
name = "Crossroads"
type = "plot twist"
cost = 0
text = "You may draw a card."

[players.A]
hand = [{ card = "Crossroads", id = "p" }]
deck = ["Windstorm"]

[[step]]
play = "p"

[[step]]
resolve = "top"
CHOOSE
"""

# BRICK: a scenario card, lines 1-7; its text key goes on line 8.
BRICK = """\
[[card]]
name = "Brick"
type = "character"
cost = 2
atk = 3
def = 3
affiliations = ["Avengers"]
"""


def recruit_step(*lines: str) -> str:
    return RECRUIT + "[[step]]\n" + "".join(line + "\n" for line in lines)


def combat_step(*lines: str, state: str = "ready") -> str:
    return combat(state) + "[[step]]\n" + "".join(line + "\n" for line in lines)


def illegal(step: str, why: str, hint: str = FIX_HINT) -> str:
    return f"step 1 ({step}) is illegal: {why} — {hint}"


# -- the cases ----------------------------------------------------------------------------------
CASES: dict[str, Case] = {
    # malformed TOML
    "toml-unterminated-string": Case(
        '[scenario]\ntitle = "Thor attacks\n', 2,
        'invalid TOML: a string is not closed before the end of the line — close the string with " on the same '
        'line, or use """ for text on several lines'),
    "toml-missing-equals": Case(
        '[game]\nphase build\n', 2,
        "invalid TOML: Expected '=' after a key in a key/value pair — check quotes, brackets and commas on this line"),
    "toml-bare-word-value": Case(
        '[game]\nturn = three\n', 2,
        "invalid TOML: Invalid value — check quotes, brackets and commas on this line"),
    "toml-missing-comma": Case(
        '[players.A]\nhand = ["Thor" "Quicksilver"]\n', 2,
        "invalid TOML: Unclosed array — check quotes, brackets and commas on this line"),
    "toml-unclosed-inline-table": Case(
        '[players.A]\nhand = [{ card = "Thor" ]\n', 2,
        "invalid TOML: Unclosed inline table — check quotes, brackets and commas on this line"),
    "toml-unclosed-header": Case(
        '[players.A\nhand = []\n', 1,
        "invalid TOML: Expected ']' at the end of a table declaration — "
        "check quotes, brackets and commas on this line"),
    "toml-duplicate-key": Case(
        '[game]\nturn = 3\nturn = 4\n', 3, "invalid TOML: a key is given twice — keep one of them"),
    "toml-duplicate-table": Case(
        '[game]\nturn = 1\n\n[game]\nturn = 2\n', 4,
        "invalid TOML: a table is declared twice — merge the two tables; use [[name]] for a list of tables"),
    "toml-unclosed-array-at-end": Case(
        '[players.A]\nhand = ["Thor",\n  "Quicksilver"\n', 2,
        "invalid TOML: the file ends inside an unclosed [ ] or { } — close every [ and { that you open"),
    "toml-table-and-key-clash": Case(
        RECRUIT.replace('[players.B]\n', '[players.B]\ncharacters = "Foxfire"\n'), 18,
        "invalid TOML: a key is given twice — keep one of them"),
    # the file itself
    "file-missing": Case(None, None, "no such file — check the path"),
    "file-not-utf8": Case(b'[scenario]\ntitle = "caf\xe9"\n', 2, "the file is not UTF-8 text — save it as UTF-8"),
    "file-is-a-directory": Case(DIRECTORY, None, "this is a folder, not a file — name a .toml file"),

    # missing or mistyped keys
    "character-key-typo": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\nstte = "ready"\n'), 14,
        "unknown key 'stte' in a character — did you mean 'state'?"),
    "character-col-not-a-number": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\ncol = "one"\n'), 14,
        "'players.A.characters[1].col' must be a whole number (1-based column), not \"one\""),
    "character-col-true": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\ncol = true\n'), 14,
        "'players.A.characters[1].col' must be a whole number (1-based column), not true"),
    "header-key-typo": Case(
        '[scenario]\ntitel = "x"\n\n' + RECRUIT, 2, "unknown key 'titel' in [scenario] — did you mean 'title'?"),
    "steps-instead-of-step": Case(
        RECRUIT + '[[steps]]\npass = true\n', 21, "unknown key 'steps' in a scenario — did you mean 'step'?"),
    "character-without-card": Case(
        RECRUIT.replace('card = "Thor"\n', ''), 11, "a character needs 'card' — card = \"Title or number\""),
    "strict-not-boolean": Case(
        '[scenario]\nstrict = "yes"\n\n' + RECRUIT, 2, "'scenario.strict' must be true or false, not \"yes\""),
    "title-not-a-string": Case('[scenario]\ntitle = 3\n', 2, "'scenario.title' must be a string, not 3"),
    "rulings-not-a-list": Case(
        '[scenario]\nrulings = "gm-1"\n', 2, "'scenario.rulings' must be a list of ruling ids, not \"gm-1\""),
    "variation-not-boolean": Case(
        '[scenario]\nvariation = "yes"\n', 2, "'scenario.variation' must be true or false, not \"yes\""),
    "faq-not-a-string": Case(
        '[scenario]\nfaq = 3\n', 2, "'scenario.faq' must be a string, not 3"),
    "active-unknown-player": Case(
        '[game]\nactive = "Z"\n', 2, "unknown player \"Z\" — players are A, B"),
    "step-in-draw-phase": Case(
        '[game]\nphase = "draw"\nstep = "recruit"\n', 3, "phase 'draw' has no step 'recruit' — omit step for this phase"),
    "turn-not-a-number": Case(
        '[game]\nturn = "three"\n', 2, "'game.turn' must be a whole number, not \"three\""),
    "turn-zero": Case('[game]\nturn = 0\n', 2, "turn must be 1 or more, not 0 — turns are counted from 1"),
    "rules-not-a-day": Case(
        '[game]\nrules = "2007-02-30"\n', 2, "'2007-02-30' is not a day of the calendar — rules = \"YYYY-MM-DD\", "
        "a day such as \"2007-09-14\" (omit it for the Avengers FAQ's rules)"),
    "rules-not-iso": Case(
        '[game]\nrules = "14 September 2007"\n', 2, "'14 September 2007' is not a date written YYYY-MM-DD — "
        "rules = \"YYYY-MM-DD\", a day such as \"2007-09-14\" (omit it for the Avengers FAQ's rules)"),
    "rules-a-toml-date": Case(
        '[game]\nrules = 2007-09-14\n', 2, "the rules date is a date without quotes: it must be a string "
        "\"YYYY-MM-DD\" — write it as a string: rules = \"2007-09-14\""),
    "endurance-not-a-number": Case(
        RECRUIT.replace('[players.B]\n', '[players.B]\nendurance = "fifty"\n'), 16,
        "'players.B.endurance' must be a whole number, not \"fifty\""),
    "resource-points-negative": Case(
        RECRUIT.replace('resource_points = 3', 'resource_points = -1'), 6, "resource points cannot be negative"),
    "hand-not-a-list": Case(
        '[players.A]\nhand = "Thor"\n\n[players.B]\n', 2, "'players.A.hand' must be a list of cards, not \"Thor\""),
    "pile-entry-without-card": Case(
        '[players.A]\nhand = [{ id = "x" }]\n\n[players.B]\n', 2, "a card entry needs 'card' — { card = \"Title\", id = \"x\" }"),
    "pile-entry-not-a-card": Case(
        '[players.A]\nhand = [3]\n\n[players.B]\n', 2, "a card must be a title or number string, not 3"),
    "resource-face-sideways": Case(
        '[players.A]\nresources = [{ card = "Thor", face = "sideways" }]\n\n[players.B]\n', 2,
        "face must be \"up\" or \"down\", not \"sideways\""),
    "character-state-unknown": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\nstate = "asleep"\n'), 14,
        "unknown state \"asleep\" — use ready | exhausted | stunned"),
    "character-row-unknown": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\nrow = "middle"\n'), 14,
        "row must be \"front\" or \"support\", not \"middle\""),
    "phase-unknown": Case(
        '[game]\nphase = "lunch"\n', 2, "unknown phase 'lunch' — use one of draw | build | combat | recovery"),
    "step-not-in-phase": Case(
        '[game]\nphase = "build"\nstep = "attack"\n', 3,
        "phase 'build' has no step 'attack' — use one of resource | recruit | formation"),
    "initiative-unknown-player": Case(
        '[game]\ninitiative = "C"\n\n[players.A]\n[players.B]\n', 2, "unknown player \"C\" — players are A, B"),
    "counters-unknown-key": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\ncounters = { atk = 1, hp = 2 }\n'), 14,
        "unknown key 'hp' in counters — counters takes: atk, def"),
    "counters-negative": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\ncounters = { atk = -100 }\n'), 14,
        "a character cannot have fewer than 0 counters — "
        "counters = { atk = N, def = N } counts +1 ATK / +1 DEF counters"),
    "equipment-not-equipment": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\nequipment = ["Windstorm"]\n'), 14,
        "'Windstorm' is a plot twist, not equipment"),
    "equipment-entry-without-card": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\nequipment = [{ id = "belt" }]\n'), 14,
        "an equipment entry needs 'card' — { card = \"Title\", id = \"x\" }"),
    "character-card-not-a-character": Case(
        RECRUIT.replace('card = "Thor"', 'card = "Windstorm"'), 12,
        "'Windstorm' is a plot twist, not a character — list equipment under a character's equipment = [...]"),
    "key-after-table-belongs-to-it": Case(
        RECRUIT + 'step = "pass"\n', 21, "unknown key 'step' in a character — did you mean 'state'?"),
    "value-with-a-newline": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\nrow = "front\\nrow"\n'), 14,
        'row must be "front" or "support", not "front\\nrow"'),
    "dotted-key-before-any-table": Case(
        'A.endurance = 40\n\n' + RECRUIT, 1,
        "unknown key 'A' in a scenario — a scenario takes: card, cards, check, check_some, game, players, scenario, step"),
    "player-table-typo": Case(
        RECRUIT.replace('[[players.B.characters]]', '[[players.Bcters]]'), 17,
        "'players.Bcters' must be a table, not [a table]"),
    "card-not-an-array": Case(
        '[card]\nname = "Brick"\n', 1, "'card' must be an array of tables — write each card as [[card]]"),
    "players-not-a-table": Case('players = 3\n', 1, "'players' must be a table of players, not 3"),
    "step-not-an-array": Case('step = 3\n', 1, "'step' must be an array of tables — write each as [[step]]"),

    # unknown cards, incomplete cards, ambiguous titles
    "unknown-title": Case(
        RECRUIT.replace('card = "Thor"', 'card = "Quiksilver"'), 12,
        "unknown card 'Quiksilver' — did you mean 'Quicksilver, Mutant Avenger'?"),
    "unknown-number": Case(
        RECRUIT.replace('["Windstorm", "Windstorm", "Windstorm"]', '["Windstorm", "MAV-999"]'), 8,
        "unknown card 'MAV-999' — `vsoracle cards list` shows every card; a scenario may define it with [[card]]"),
    "unknown-equipment": Case(
        RECRUIT.replace('id = "thor"\n', 'id = "thor"\nequipment = ["Force Field Bolt"]\n'), 14,
        "unknown card 'Force Field Bolt' — did you mean 'Force Field Belt'?"),
    "incomplete-card-without-type": Case(
        '[players.A]\nhand = ["Vision"]\n\n[players.B]\n', 2,
        "card 'Vision' is incomplete in the database (the FAQ gives no type) — "
        "define it in this scenario with a [[card]] table of the same title, giving the missing fields"),
    "ambiguous-hank": Case(
        RECRUIT.replace('card = "Thor"', 'card = "Hank"'), 12,
        "'Hank' matches 2 cards: 'Hank Pym ◊ Yellowjacket', 'Hank Pym ◊ Goliath' — "
        "write more of the title, or the card number"),
    "ambiguous-power-princess": Case(
        '[players.A]\nhand = ["Power Princess"]\n\n[players.B]\n', 2,
        "'Power Princess' matches 2 cards: 'Power Princess, The Last Utopian', 'Power Princess, Zarda' — "
        "write more of the title, or the card number"),
    "ambiguous-kang": Case(
        '[players.A]\n\n[players.B]\ndeck = ["Kang"]\n', 4,
        "'Kang' matches 4 cards: 'Kang, Immortus', 'Kang, Kang Ransom', 'Kang, The Conqueror', "
        "'Kang, Master of Time' — write more of the title, or the card number"),

    # unknown ids in steps and checks
    "step-unknown-id": Case(
        recruit_step('recruit = "quicksilver"'), 22, f"unknown id \"quicksilver\" — known ids: {KNOWN_IDS}"),
    "attack-unknown-attacker": Case(
        combat_step('attack = ["thorr"]', 'target = "fox"'), 19, "unknown id \"thorr\" — did you mean 'thor'?"),
    "attack-unknown-target": Case(
        combat_step('attack = ["thor"]', 'target = "foxy"'), 20, "unknown id \"foxy\" — did you mean 'fox'?"),
    "attack-target-a-number": Case(
        combat_step('attack = ["thor"]', 'target = 1'), 20,
        "unknown id 1 — known ids: fox, thor, windstorm, windstorm-2"),
    "targets-unknown-id": Case(
        recruit_step('play = "storm"', 'targets = ["nobody"]'), 23, f"unknown id \"nobody\" — known ids: {KNOWN_IDS}"),
    "targets-a-number": Case(
        recruit_step('play = "storm"', 'targets = [3]'), 23, "targets lists ids or players, not 3 — targets = [\"id\", …] (a target of several: [\"id\", [\"id\", \"id\"]])"),
    "targets-a-table": Case(
        recruit_step('play = "storm"', 'targets = [{ a = 1 }]'), 23,
        "targets lists ids or players, not a table — targets = [\"id\", …] (a target of several: "
        "[\"id\", [\"id\", \"id\"]])"),
    "check-unknown-id": Case(
        RECRUIT + '[check]\nthor.zone = "in_play"\nthorr.zone = "in_play"\n', 23,
        "unknown id \"thorr\" — did you mean 'thor' or 'storm'?"),
    "step-check-unknown-id": Case(
        recruit_step('pass = true', 'check.xyz.zone = "in_play"'), 23, f"unknown id \"xyz\" — known ids: {KNOWN_IDS}"),
    "check-some-unknown-id": Case(
        RECRUIT + '[check_some]\nnobody.zone = "hand"\n', 22, f"unknown id \"nobody\" — known ids: {KNOWN_IDS}"),
    "check-unknown-id-in-a-table": Case(
        RECRUIT + '[check.thorr]\nzone = "in_play"\n', 21, "unknown id \"thorr\" — did you mean 'thor' or 'storm'?"),
    "by-unknown-player": Case(
        recruit_step('pass = true', 'by = "C"'), 23, "unknown player \"C\" — players are A, B"),
    # a player typed in the other case ([players.B] but by = "b"): the one meant, not a new player
    "by-player-in-the-other-case": Case(
        recruit_step('pass = true', 'by = "b"'), 23,
        "unknown player \"b\" — did you mean 'B'? (player ids are case-sensitive: [players.B] defines it)"),
    "check-unknown-property": Case(
        RECRUIT + '[check]\nthor.hp = 3\n', 22,
        "unknown property 'hp' — properties: zone, area, row, col, controller, state, stunned, exhausted, face, "
        "atk, def, cost, affiliations, has, counters, equipped_to, target_of, attacking, defending, owner, reinforced, willpower"),
    "check-object-property-on-player": Case(
        RECRUIT + '[check]\nA.atk = 3\n', 22,
        "unknown property 'atk' — properties: endurance, hand, deck, resources, ko_pile, removed, "
        "resource_points, lost, won, stunned_characters"),
    "chain-entry-malformed": Case(
        RECRUIT + '[check]\nchain = ["nonsense"]\n', 22,
        "chain entry \"nonsense\" is not KIND:SOURCE-ID — KIND is one of recruit, play, power, trigger, attack, reinforce, power-up"),
    "chain-entry-unknown-id": Case(
        RECRUIT + '[check]\nchain = ["play:nobody"]\n', 22, f"unknown id \"nobody\" — known ids: {KNOWN_IDS}"),
    "check-zone-unknown": Case(
        RECRUIT + '[check]\nthor.zone = "graveyard"\n', 22,
        "zone cannot be \"graveyard\" — use one of \"deck\", \"hand\", \"resource_row\", \"chain\", \"in_play\", "
        "\"ko_pile\", \"removed\""),
    "check-state-unknown": Case(
        RECRUIT + '[check]\nthor.state = "asleep"\n', 22,
        "state cannot be \"asleep\" — use one of \"ready\", \"exhausted\", \"stunned\""),
    "check-endurance-not-a-number": Case(
        RECRUIT + '[check]\nA.endurance = "lots"\n', 22, "'check.A.endurance' must be a whole number, not \"lots\""),
    "check-not-a-property": Case(RECRUIT + '[check]\nthor = "x"\n', 22, "write checks as thor.PROPERTY = VALUE"),
    "check-chain-not-a-list": Case(
        RECRUIT + '[check]\nchain = "x"\n', 22,
        "'check.chain' must be a list like [\"recruit:ultron\", \"trigger:ultron\"], not \"x\""),

    # impossible positions
    "two-characters-in-one-slot": Case(
        RECRUIT.replace('[players.B]\n', '[[players.A.characters]]\ncard = "Baltag"\ncol = 1\n\n[players.B]\n'), 17,
        "two characters in one slot: 'thor' is already at visible front row column 1 — give this character another col"),
    "duplicate-explicit-id": Case(
        RECRUIT.replace('id = "fox"', 'id = "thor"'), 17,
        "duplicate id 'thor' — already used at line 11; give this card another id"),
    "duplicate-id-in-one-pile": Case(
        RECRUIT.replace('id = "storm"', 'id = "qs"'), 7,
        "duplicate id 'qs' — already used at line 7; give this card another id"),
    "player-name-as-id": Case(
        RECRUIT.replace('id = "fox"', 'id = "A"'), 19,
        "'A' cannot be an id: it is a player's name — ids name cards; the players are A, B"),
    "empty-id": Case(
        RECRUIT.replace('id = "fox"', 'id = ""'), 19,
        "'' cannot be an id — ids name cards; A, B, C, D and chain are kept for players and the chain"),
    "column-zero": Case(RECRUIT.replace('id = "thor"\n', 'id = "thor"\ncol = 0\n'), 14, "columns start at 1"),

    # steps the rules forbid, without rejected = true
    "recruit-card-not-in-hand": Case(
        recruit_step('recruit = "deckfox"'), 22,
        illegal('recruit = "deckfox"', "deckfox is not in A's hand (it is in the deck)")),
    "recruit-opponents-card": Case(
        recruit_step('recruit = "fox"'), 22, illegal('recruit = "fox"', "fox belongs to B, not A")),
    "recruit-by-the-wrong-player": Case(
        recruit_step('recruit = "qs"', 'by = "B"'), 22, illegal('recruit = "qs"', "qs belongs to A, not B")),
    "illegal-target": Case(
        recruit_step('play = "storm"', 'targets = ["fox"]'), 22,
        illegal('play = "storm"', "illegal target: fox is not a character you control with cost 2 or more "
                "(it is not \"you control\": B controls it)")),
    "missing-target": Case(
        recruit_step('play = "storm"'), 22,
        illegal('play = "storm"', "this effect needs 1 target (a character you control with cost 2 or more)",
                "add targets = [...]")),
    "too-many-targets": Case(
        recruit_step('play = "storm"', 'targets = ["thor", "thor"]'), 22,
        illegal('play = "storm"', "this effect has 1 target, 2 given")),
    "cost-cannot-be-paid": Case(
        recruit_step('recruit = "qs"').replace('resource_points = 3', 'resource_points = 2'), 22,
        illegal('recruit = "qs"', "A has 2 resource points; recruiting qs costs 3")),
    "recruit-in-combat": Case(
        recruit_step('recruit = "qs"').replace('phase = "build"\nstep = "recruit"', 'phase = "combat"\nstep = "attack"'),
        22, illegal('recruit = "qs"', "A can recruit only during A's recruit step")),
    "recruit-in-formation-step": Case(
        recruit_step('recruit = "qs"').replace('step = "recruit"', 'step = "formation"'), 22,
        illegal('recruit = "qs"', "A can recruit only during A's recruit step")),
    "recruit-a-plot-twist": Case(
        recruit_step('recruit = "storm"'), 22,
        illegal('recruit = "storm"', "storm is a plot twist: only characters and equipment are recruited",
                "play a plot twist with play = ID")),
    "play-a-character": Case(
        recruit_step('play = "qs"'), 22,
        illegal('play = "qs"', "qs is a character, not a plot twist", "recruit characters; use powers with use = ID")),
    "attack-with-stunned-character": Case(
        combat_step('attack = ["thor"]', 'target = "fox"', state="stunned"), 19,
        illegal('attack = ["thor"]', "illegal attack: thor is stunned")),
    "attack-with-exhausted-character": Case(
        combat_step('attack = ["thor"]', 'target = "fox"', state="exhausted"), 19,
        illegal('attack = ["thor"]', "illegal attack: thor is exhausted")),
    "attack-with-opponents-character": Case(
        combat_step('attack = ["fox"]', 'target = "thor"'), 19,
        illegal('attack = ["fox"]', "illegal attack: fox is not controlled by A")),
    "attack-yourself": Case(
        combat_step('attack = ["thor"]', 'target = "A"'), 19,
        illegal('attack = ["thor"]', "illegal attack: you cannot attack yourself")),
    "attack-in-build-phase": Case(
        recruit_step('attack = ["thor"]', 'target = "fox"'), 22,
        illegal('attack = ["thor"]', "illegal attack: A can propose attacks only during A's attack step")),
    "plot-twist-above-threshold": Case(
        recruit_step('play = "wtw"', 'targets = ["thor"]'), 22,
        illegal('play = "wtw"', "wtw has threshold cost 4; A has 3 resources")),
    "use-without-activated-power": Case(
        recruit_step('use = "thor"'), 22, illegal('use = "thor"', "thor has no activated power")),
    "use-a-character-in-hand": Case(
        recruit_step('use = "egg"'), 22, illegal('use = "egg"', "egg's power is not active now (it is in the hand)")),
    "use-a-plot-twist-in-hand": Case(
        recruit_step('use = "storm"'), 22,
        illegal('use = "storm"', "storm is a plot twist: it is played, not used", 'write play = "storm"')),
    "resolve-empty-chain": Case(
        recruit_step('resolve = "top"'), 22, illegal('resolve = "top"', "the chain is empty: nothing to resolve")),
    "move-outside-formation": Case(
        recruit_step('move = "thor"', 'col = 2'), 22,
        illegal('move = "thor"', "A can move characters only during A's formation step")),
    "recruit-into-an-unknown-area": Case(
        recruit_step('recruit = "thor"', 'area = "under"'), 23, "area must be \"visible\" or \"hidden\", not \"under\""),
    "reinforce-a-non-defender": Case(
        recruit_step('reinforce = "fox"', 'with = "thor"'), 22,
        illegal('reinforce = "fox"', "fox is not a defender", "reinforce the character being attacked")),
    "flip-a-character": Case(
        recruit_step('flip = "thor"'), 22, illegal('flip = "thor"', "thor is not a face-down resource")),

    # scenario card text that does not parse: the message names the text's own line
    "card-text-one-line": Case(
        BRICK + 'text = "Draw a crad."\n', 8,
        "card 'Brick' text, column 8: cannot read 'crad' (a word the card-text language does not use) here — did you mean 'card'?"),
    "card-text-second-line": Case(
        BRICK + 'text = """\nReservist\nDraw a crad.\n"""\n', 10,
        "card 'Brick' text, column 8: cannot read 'crad' (a word the card-text language does not use) here — did you mean 'card'?"),
    "card-text-starts-on-key-line": Case(
        BRICK + 'text = """Reservist\nDraw a crad.\n"""\n', 9,
        "card 'Brick' text, column 8: cannot read 'crad' (a word the card-text language does not use) here — did you mean 'card'?"),
    "card-text-literal-string": Case(
        BRICK + "text = '''\nReservist\nDraw a crad.\n'''\n", 10,
        "card 'Brick' text, column 8: cannot read 'crad' (a word the card-text language does not use) here — did you mean 'card'?"),
    "card-text-after-blank-line": Case(
        BRICK + 'text = """\n\nReservist\nDraw a crad.\n"""\n', 11,
        "card 'Brick' text, column 8: cannot read 'crad' (a word the card-text language does not use) here — did you mean 'card'?"),
    "card-text-line-ends-early": Case(
        BRICK + 'text = """\nDraw\nDraw a card.\n"""\n', 9,
        "card 'Brick' text, column 5: cannot read the end of the line here — "
        "expected one of: a, a name, a number, activated, affiliation, affiliations, all, an"),
    "card-text-ends-early": Case(
        BRICK + 'text = "Draw"\n', 8,
        "card 'Brick' text, column 5: cannot read the end of the text here — "
        "expected one of: a, a name, a number, activated, affiliation, affiliations, all, an"),
    "card-text-meaningless": Case(
        BRICK + 'text = "KO that character."\n', 8, "card 'Brick' text, column 4: 'that character' has nothing to refer to"),
    "card-text-parses-but-cannot-play": Case(
        BRICK + 'text = """\nReservist\nExhaust Brick >>> Target character attacks.\n"""\n\n[players.A]\nhand = ["Brick"]\n', 14,
        "card 'Brick', line 2: \"Exhaust Brick >>> Target character attacks.\" parses, but vsoracle cannot play the "
        "effect \"Target character attacks\" yet"),
    "card-one-shot-effect-on-a-character": Case(
        BRICK + 'text = "Draw a card."\n\n[players.A]\nhand = ["Brick"]\n', 11,
        "card 'Brick', line 1: \"Draw a card.\" parses, but vsoracle cannot play a one-shot effect on a character, "
        "with nothing that plays it (a trigger \"When ~ comes into play, …\" or a cost \"… >>> …\" would) yet"),
    "card-keyword-without-rule": Case(
        BRICK + 'text = "Frenzy"\n\n[players.A]\nhand = ["Brick"]\n', 11,
        "card 'Brick', line 1: \"Frenzy\" parses, but vsoracle cannot play the keyword Frenzy "
        "(no rule, no reminder text) yet"),
    "card-ko-a-card-in-hand": Case(
        BRICK + 'text = "Exhaust Brick >>> KO a card in your hand."\n\n[players.A]\nhand = ["Brick"]\n', 11,
        "card 'Brick', line 1: \"Exhaust Brick >>> KO a card in your hand.\" parses, but vsoracle cannot play "
        "\"KO a card in your hand\" "
        "(KO'ing a card that is not in play or in a resource row) yet"),
    "card-ko-a-card-in-a-ko-pile": Case(
        BRICK + 'text = "Exhaust Brick >>> KO target card in an opponent\'s KO\'d pile."\n\n[players.A]\nhand = ["Brick"]\n', 11,
        "card 'Brick', line 1: \"Exhaust Brick >>> KO target card in an opponent's KO'd pile.\" parses, but vsoracle "
        "cannot play "
        "\"KO target card in an opponent's KO'd pile\" (KO'ing a card that is not in play or in a resource row) yet"),
    "card-missing-field": Case(
        BRICK.replace('def = 3\n', ''), 1, "character 'Brick' needs 'def' — add it (a card a scenario plays needs every "
        "field of its type)"),
    # marking the scenario's own card incomplete, as the hint once said, names what is still missing
    "card-own-incomplete": Case(
        BRICK.replace('def = 3\n', 'incomplete = true\n') + '\n[players.A]\nhand = ["Brick"]\n', 10,
        "card 'Brick' is marked incomplete and gives no def — give its [[card]] table the missing fields (a card that "
        "is played needs every field of its type) and remove incomplete = true"),
    "card-unknown-type": Case(
        BRICK.replace('"character"', '"creature"'), 3,
        "unknown card type 'creature' — use one of character | plot twist | location | equipment"),
    "card-unknown-key": Case(BRICK.replace('atk = 3', 'attack = 3'), 5, "unknown card key 'attack' — did you mean 'atk'?"),
    "card-cost-not-a-number": Case(BRICK.replace('cost = 2', 'cost = "two"'), 4, "'cost' must be a whole number, not \"two\""),
    "card-affiliations-not-a-list": Case(
        BRICK.replace('["Avengers"]', 'true'), 7, "'affiliations' must be a list of strings, not true"),
    "card-affiliations-not-strings": Case(BRICK.replace('["Avengers"]', '[1, 2]'), 7, "'affiliations' must be a list of strings"),
    "card-text-not-a-string": Case(BRICK + 'text = 3\n', 8, "'text' must be a string, not 3"),
    "scenario-card-defined-twice": Case(
        BRICK + '\n' + BRICK.replace('cost = 2', 'cost = 5'), 9,
        "duplicate card title 'Brick' — already defined at line 1"),
    "card-without-name": Case(BRICK.replace('name = "Brick"\n', ''), 1, "a card needs a 'name' — add name = \"…\""),
    "card-unknown-icon": Case(BRICK + 'icons = ["laser"]\n', 8, "unknown icon 'laser' — use flight or range"),

    # bad verbs and values
    "resolve-everything": Case(recruit_step('resolve = "everything"'), 22, "resolve takes \"top\" or \"all\", not \"everything\""),
    "advance-to-lunch": Case(
        recruit_step('advance = "lunch"'), 22,
        "cannot advance to \"lunch\" — use one of draw, build, resource, recruit, formation, combat, attack, "
        "recovery, wrap-up, next-turn"),
    "two-verbs-in-one-step": Case(
        recruit_step('pass = true', 'resolve = "all"'), 21,
        "a step has one verb, this one has pass, resolve — split it into several [[step]] tables"),
    "pass-false": Case(recruit_step('pass = false'), 22, "write pass = true"),
    "step-without-verb": Case(
        recruit_step('by = "A"'), 21,
        "a step needs a verb or checks — verbs: recruit, play, use, power_up, attack, reinforce, flip, move, transfer, "
        "resource, pass, resolve, advance"),
    "attack-without-target": Case(
        combat_step('attack = ["thor"]'), 19, "an attack needs a target — add target = \"defender-id\" or a player"),
    "attack-without-attackers": Case(combat_step('attack = []', 'target = "fox"'), 19, "an attack needs at least one attacker"),
    "recruit-from-deck": Case(
        recruit_step('recruit = "qs"', 'from = "deck"'), 23, "recruit from \"hand\", \"resources\" or \"ko_pile\", not \"deck\""),
    "step-key-typo": Case(
        recruit_step('play = "storm"', 'targt = ["thor"]'), 23, "unknown key 'targt' in a step — did you mean 'targets'?"),
    "power-not-a-number": Case(
        recruit_step('use = "thor"', 'power = 1.5'), 23,
        "'step[1].power' must be a power number (1-based, as printed) or a keyword such as \"evasion\", not 1.5"),
    "power-true": Case(
        recruit_step('use = "thor"', 'power = true'), 23,
        "'step[1].power' must be a power number (1-based, as printed) or a keyword such as \"evasion\", not true"),
    "power-unknown-keyword": Case(
        recruit_step('use = "thor"', 'power = "two"'), 22,
        illegal('use = "thor"', 'thor has no "two" power now', "keyword powers: none")),
    # issue 13: what a step asserts about its own legality
    "allowed-false": Case(
        recruit_step('recruit = "qs"', 'allowed = false'), 23,
        "allowed can only be true, not false — to assert that the rules forbid the step, write rejected = true"),
    "allowed-a-text": Case(
        recruit_step('recruit = "qs"', 'allowed = "yes"'), 23,
        "allowed can only be true, not \"yes\" — to assert that the rules forbid the step, write rejected = true"),
    "allowed-and-rejected": Case(
        recruit_step('recruit = "qs"', 'allowed = true', 'rejected = true'), 23,
        "a step cannot be both allowed and rejected — keep allowed = true (the step must be legal) or rejected "
        "(it must be refused)"),
    "rejected-a-number": Case(
        recruit_step('recruit = "qs"', 'rejected = 3'), 23,
        "rejected must be true or the text of the reason, not 3 — rejected = true, or rejected = \"cannot play plot "
        "twists\" (words the refusal contains)"),
    "rejected-a-list": Case(
        recruit_step('recruit = "qs"', 'rejected = ["cost"]'), 23,
        "rejected must be true or the text of the reason, not [\"cost\"] — rejected = true, or rejected = \"cannot "
        "play plot twists\" (words the refusal contains)"),
    "rejected-empty-text": Case(
        recruit_step('recruit = "qs"', 'rejected = " "'), 23,
        "rejected cannot be an empty text: every reason contains it — write rejected = true, or the words the "
        "refusal contains"),
    "boost-not-a-boolean": Case(
        recruit_step('recruit = "qs"', 'boost = 1'), 23,
        "'step[1].boost' must be true or false (whether the boost cost is paid), not 1"),
    "key-that-does-not-go-with-verb": Case(
        recruit_step('pass = true', 'target = "fox"'), 23, "'target' does not go with pass — pass takes no other keys"),
    # a formation move stays in its area (CR 405): 'area' was accepted and ignored
    "move-to-another-area": Case(
        recruit_step('move = "fox"', 'area = "hidden"'), 23, "'area' does not go with move — move takes: col, row"),

    # strict = true, and answers to decisions
    "strict-unscripted-decision": Case(
        DECISION.replace("CHOOSE\n", "") + '\n[scenario]\nstrict = true\n', 35,
        f"step 3 (resolve = \"all\") asks an unscripted decision: {REPLACEMENT} — "
        "strict = true: add choose = [...] with one of arcanna, recon"),
    "choose-not-an-option": Case(
        DECISION.replace("CHOOSE", 'choose = ["defender"]'), 35,
        f"step 3 (resolve = \"all\"): defender is not a legal answer to: {REPLACEMENT} — choose one of arcanna, recon"),
    "choose-true-for-a-choice": Case(
        DECISION.replace("CHOOSE", 'choose = [true]'), 35,
        f"step 3 (resolve = \"all\"): true is not a legal answer to: {REPLACEMENT} — choose one of arcanna, recon"),
    "choose-a-list-for-one-choice": Case(
        DECISION.replace("CHOOSE", 'choose = [["arcanna", "recon"]]'), 35,
        f"step 3 (resolve = \"all\"): [arcanna, recon] is not a legal answer to: {REPLACEMENT} — "
        "choose one of arcanna, recon"),
    "choose-not-an-option-with-rejected": Case(
        DECISION.replace("CHOOSE", 'rejected = true\nchoose = ["defender"]'), 35,
        f"step 3 (resolve = \"all\"): defender is not a legal answer to: {REPLACEMENT} — choose one of arcanna, recon"),
    "choose-a-table": Case(
        DECISION.replace("CHOOSE", 'choose = [{ a = 1 }]'), 35,
        f"step 3 (resolve = \"all\"): {{ a = 1 }} is not a legal answer to: {REPLACEMENT} — choose one of arcanna, recon"),
    "choose-too-many-answers": Case(
        DECISION.replace("CHOOSE", 'choose = ["arcanna", "recon", "arcanna"]'), 35,
        "step 3 (resolve = \"all\") answered 1 decision but choose has 3 answers — remove the extra answers"),
    "choose-with-nothing-to-decide": Case(
        recruit_step('pass = true', 'choose = [true]'), 22,
        "step 1 (pass = true) answered 0 decisions but choose has 1 answer — remove the extra answer"),

    # issue 14: check values of the wrong type, nesting, ids, columns, answers, empty files, huge tokens
    "check-has-not-strings": Case(
        RECRUIT + '[check]\nthor.has = [1]\n', 22,
        "'check.thor.has' must be a list of keywords, not [1] — write has = [\"flight\", …]"),
    "check-affiliations-nested-list": Case(
        RECRUIT + '[check]\nthor.affiliations = [["Avengers"]]\n', 22,
        "'check.thor.affiliations' must be a list of names, not [[\"Avengers\"]] — write affiliations = [\"Avengers\", …]"),
    "check-target-of-mixed": Case(
        RECRUIT + '[check]\nthor.target_of = [1, "a"]\n', 22,
        "'check.thor.target_of' must be a list of ids, not [1, \"a\"] — write target_of = [\"id\", …]"),
    "check-target-of-unknown-id": Case(
        RECRUIT + '[check]\nthor.target_of = ["nobody"]\n', 22, f"unknown id \"nobody\" — known ids: {KNOWN_IDS}"),
    "check-stunned-a-number": Case(
        RECRUIT + '[check]\nthor.stunned = 1\n', 22, "stunned cannot be 1 — use one of true, false"),
    "check-col-zero": Case(
        RECRUIT + '[check]\nthor.col = 0\n', 22, "col cannot be 0 — columns start at 1; false means the card is not in play"),
    "check-col-a-list": Case(
        RECRUIT + '[check]\nthor.col = [1]\n', 22, "col cannot be [1] — columns start at 1; false means the card is not in play"),
    "check-controller-unknown-player": Case(
        RECRUIT + '[check]\nthor.controller = "Z"\n', 22, "unknown player \"Z\" — players are A, B"),
    "check-counters-not-a-number": Case(
        RECRUIT + '[check]\nthor.counters = { atk = "one" }\n', 22,
        "'check.thor.counters.atk' must be a whole number, not \"one\""),
    "check-equipped-to-true": Case(
        RECRUIT + '[check]\nthor.equipped_to = true\n', 22,
        "equipped_to cannot be true — name the character (equipped_to = \"id\"), or write false"),
    "check-nested-400-deep": Case(
        RECRUIT + '[check]\nthor.has = ' + '[' * 400 + ']' * 400 + '\n', 22,
        "'check.thor.has' is nested more than 24 levels deep — a scenario needs a few levels ([players.A], "
        "characters = [...], { … }); at most 24"),
    "toml-tables-nested-400-deep": Case(
        'x = ' + '{ a = ' * 400 + '1' + ' }' * 400 + '\n', 1,
        "invalid TOML: arrays or tables are nested too deeply — a scenario needs a few levels ([players.A], "
        "characters = [...], { … }); at most 24"),
    "id-is-a-custom-players-name": Case(
        '[players.X]\nhand = [{ card = "Thor", id = "Y" }]\n\n[players.Y]\n', 2,
        "'Y' cannot be an id: it is a player's name — ids name cards; the players are X, Y"),
    "recruit-col-negative": Case(
        recruit_step('recruit = "qs"', 'col = -1'), 23, "col cannot be -1 — columns start at 1"),
    "recruit-col-zero": Case(
        recruit_step('recruit = "qs"', 'col = 0'), 23, "col cannot be 0 — columns start at 1"),
    "move-col-zero": Case(
        recruit_step('move = "thor"', 'col = 0'), 23, "col cannot be 0 — columns start at 1"),
    "pay-negative": Case(
        recruit_step('use = "thor"', 'pay = -2'), 23, "pay cannot be -2 — pay counts what is paid"),
    "choose-zero-for-may": Case(
        MAY.replace("CHOOSE", "choose = [0]"), 15,
        "step 2 (resolve = \"top\"): 0 is not a legal answer to: A may draw a card — choose one of true, false"),
    "choose-one-for-may": Case(
        MAY.replace("CHOOSE", "choose = [1]"), 15,
        "step 2 (resolve = \"top\"): 1 is not a legal answer to: A may draw a card — choose one of true, false"),
    "file-empty": Case(
        "", None, "the file is empty — a scenario has a position ([game], [players.A]), [[step]] tables and "
        "[check]s: see vsoracle docs scenario-format"),
    "file-only-comments": Case(
        "# a question for later\n\n", None, "the file is empty — a scenario has a position ([game], [players.A]), "
        "[[step]] tables and [check]s: see vsoracle docs scenario-format"),
    "file-only-a-header": Case(
        '[scenario]\ntitle = "What happens?"\n', None,
        "the scenario describes nothing: no position, no [[step]], no [check] — add a position ([game], "
        "[players.A]) and steps, checks or both"),
    "huge-token-phase": Case(
        '[game]\nphase = "' + "x" * 40_000 + '"\n', 2,
        "unknown phase '" + "x" * 40 + "… (40,000 characters)' — use one of draw | build | combat | recovery"),
    "huge-token-key": Case(
        '[game]\n' + "x" * 40_000 + ' = 1\n', 2,
        "unknown key '" + "x" * 40 + "… (40,000 characters)' in [game] — [game] takes: active, initiative, "
        "phase, rules, step, turn"),
    "huge-token-card": Case(
        '[players.A]\nhand = ["' + "y" * 40_000 + '"]\n', 2,
        "unknown card '" + "y" * 40 + "… (40,000 characters)' — `vsoracle cards list` shows every card; "
        "a scenario may define it with [[card]]"),
    "huge-token-id": Case(
        RECRUIT + '[check]\n' + "z" * 40_000 + '.zone = "hand"\n', 22,
        'unknown id "' + "z" * 40 + '…" (40,000 characters) — known ids: ' + KNOWN_IDS),
    "file-too-large": Case(
        "# padding\n" * 110_000, None,
        "the file is larger than 1 MB, the most a scenario may be — a scenario is a few kilobytes of TOML: "
        "is this the right file?"),

    # issue 24: what the TOML reader could not take in time, memory or at all
    "card-text-of-20000-characters": Case(  # case 3: read, it took time quadratic in the mentions of the name
        BRICK + 'text = """\n' + "Stun Brick.\n" * 2000 + '"""\n', 9,
        "card 'Brick' text, column 1: the text is 23,999 characters long — a card's text is at most 10,000 "
        "characters (the longest printed one is under 1,000)"),
    "number-of-5000-digits": Case(        # tomllib raised ValueError, not TOMLDecodeError: exit 3
        '[game]\n# ' + "9" * 5000 + '\nturn = ' + "9" * 5000 + '\n', 3,
        "invalid TOML: a number of more than 4,300 digits — a number in a scenario or a card file has a few digits"),
    "number-of-20-digits": Case(          # past 64 bits: TOML 1.0 says it must be an error
        '[game]\nturn = 99999999999999999999\n', 2,
        "invalid TOML: 'game.turn' is a number of 20 digits — a TOML integer has at most 19 digits (64 bits); a "
        "scenario's or a card's have a few"),
    "hex-number-of-6021-digits": Case(    # str() of it raised ValueError in a message: exit 3
        '[players.A]\nendurance = 0x' + "9" * 5000 + '\n', 2,
        "invalid TOML: 'players.A.endurance' is a number of 6,021 digits — a TOML integer has at most 19 digits "
        "(64 bits); a scenario's or a card's have a few"),
    "header-with-100000-spaces": Case(    # "[players" + spaces + ".A]": quadratic in the spaces (10 s)
        '[players' + " " * 100_000 + '.A]\n', 1,
        'line 1 is 100,011 characters long — a line may be at most 50,000 characters; write long text over several '
        'lines with """'),
    "dotted-key-of-10000-parts": Case(    # 600 MB in tomllib and in the key index before being refused
        "[check]\nthor" + ".z" * 10_000 + ' = "x"\n', 2,
        "'thor.z.z' is nested more than 24 levels deep — a scenario needs a few levels ([players.A], "
        "characters = [...], { … }); at most 24"),
    "header-of-10000-parts": Case(
        "[players" + " . A" * 10_000 + "]\n", 1,
        "'players.A.A' is nested more than 24 levels deep — a scenario needs a few levels ([players.A], "
        "characters = [...], { … }); at most 24"),
    "inline-dotted-key-of-30-parts": Case(
        'x = { ' + ".".join(['"a"'] * 30) + ' = 1 }\n', 1,
        "'a.a.a' is nested more than 24 levels deep — a scenario needs a few levels ([players.A], "
        "characters = [...], { … }); at most 24"),
}


def write_case(tmp_path: Path, name: str, case: Case) -> Path:
    path = tmp_path / f"{name}.toml"
    if case.text is DIRECTORY:
        path.mkdir()
    elif isinstance(case.text, bytes):
        path.write_bytes(case.text)
    elif case.text is not None:
        path.write_text(case.text, encoding="utf-8")
    return path


def expected_line(path: Path, case: Any) -> str:
    """The one line a case must print: ``path:line: message`` (``path: message`` for the whole file)."""
    return f"{path}:{case.line}: {case.message}" if case.line is not None else f"{path}: {case.message}"


def run_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    """The ``vsoracle`` command in this process: (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["vsoracle", *args])
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit_info:
        run_guarded(app)
    out, err = capsys.readouterr()
    code = exit_info.value.code
    return (0 if code is None else code), out, err


def params(cases: dict[str, Any]):
    """One pytest parameter per case; a case with a ``fix`` is a strict xfail until the message is fixed."""
    for name, case in cases.items():
        marks = [pytest.mark.xfail(strict=True, reason=case.fix)] if case.fix else []
        yield pytest.param(name, case, id=name, marks=marks)


@pytest.mark.parametrize("name, case", list(params(CASES)))
def test_bad_scenario(name: str, case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                      capsys: pytest.CaptureFixture) -> None:
    path = write_case(tmp_path, name, case)
    code, out, err = run_cli(monkeypatch, capsys, "resolve", str(path))
    assert (err, code) == (expected_line(path, case) + "\n", case.code)
    assert out == ""


def test_there_are_enough_distinct_cases():
    assert len(CASES) >= 45
    texts = [c.text for c in CASES.values()]
    assert len(set(texts)) == len(texts), "two cases share one file text"


def test_a_card_listed_twice_is_two_objects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture) -> None:
    """The control for duplicate-explicit-id: repeats without ids get -2, -3 … and are fine."""
    path = tmp_path / "twice.toml"
    path.write_text(RECRUIT.replace('[players.B]\n', '[players.B]\nhand = ["Thor", "Thor"]\n')
                    + '[check]\nthor-odinson.zone = "hand"\nthor-odinson-2.zone = "hand"\nB.hand = 2\n', encoding="utf-8")
    code, out, err = run_cli(monkeypatch, capsys, "resolve", str(path))
    assert (code, err) == (0, "")
    assert "3 of 3 checks hold." in out


# -- real processes: the same messages from `python -m vsoracle` ---------------------------------
PROCESS_CASES = ("toml-missing-equals", "card-text-second-line", "cost-cannot-be-paid")


def test_real_cli_processes(tmp_path: Path) -> None:
    """A handful of cases as real processes, run side by side: stderr is exactly one line, exit 2."""
    runs = []
    for name in PROCESS_CASES:
        case = CASES[name]
        path = write_case(tmp_path, name, case)
        proc = subprocess.Popen([sys.executable, "-m", "vsoracle", "resolve", str(path)], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")
        runs.append((name, case, path, proc))
    for name, case, path, proc in runs:
        out, err = proc.communicate(timeout=60)
        assert (name, err, proc.returncode) == (name, expected_line(path, case) + "\n", 2)
        assert out == ""
