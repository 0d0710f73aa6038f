"""Every text that runs (``engine.support`` finds nothing it cannot play) is played in a game:
the corpus lines and every card of cards/, each on a card of its own in a generic position. A
plot twist is played, an activated power used (targets and decisions take the first legal
answer), the chain resolved, then the turn goes on through an attack and the next turn. Nothing
may raise but a rules refusal, and no refusal may say "cannot yet": what support lets through,
the engine plays."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from vsoracle.cards import load_database
from vsoracle.engine import actions, effects, turn
from vsoracle.engine.chain import resolve_all
from vsoracle.engine.game import Game
from vsoracle.engine.support import cannot_play
from vsoracle.errors import IllegalActionError, VsOracleError
from vsoracle.scenario.load import parse_scenario
from vsoracle.text import nodes as n
from vsoracle.text.read import read_card_text

ROOT = Path(__file__).resolve().parents[2]


def _texts() -> list[tuple[str, str, str]]:
    out = []
    corpus = tomllib.loads((ROOT / "tests" / "text" / "corpus.toml").read_text(encoding="utf-8"))["line"]
    for i, line in enumerate(corpus, start=1):
        out.append((f"corpus-{i}", line["text"], line["name"] or "Subject"))
    for path in sorted((ROOT / "cards").glob("*.toml")):
        for card in tomllib.loads(path.read_text(encoding="utf-8")).get("card", []):
            if card.get("text", "").strip():
                out.append((card["name"], card["text"], card["name"]))
    return out


def _is_plot_twist(text: n.CardText) -> bool:
    return any(isinstance(p, (n.Spell, n.Restriction, n.AdditionalCost, n.Crossover))
               or (isinstance(p, n.KeywordPower) and p.keyword.name == "ongoing") for p in text.powers)


def _scenario(text: str, name: str, plot_twist: bool) -> str:
    body = text.replace('"""', "'''")
    subject = f'''[[card]]
name = "{name}"
type = "{'plot twist' if plot_twist else 'character'}"
cost = 2
{'' if plot_twist else 'atk = 6' + chr(10) + 'def = 6' + chr(10) + 'affiliations = ["Avengers", "Masters of Evil"]'}
text = """
{body}
"""
'''
    helpers = '''[[card]]
name = "Ally"
version = "Army"
type = "character"
cost = 1
atk = 2
def = 3
affiliations = ["Avengers", "Masters of Evil"]
text = ""
'''
    where = "hand" if plot_twist else None
    a_chars = '{ card = "Ally", id = "a1", col = 2 }, { card = "Ally", id = "a2", row = "support", col = 1 }'
    if not plot_twist:
        a_chars = f'{{ card = "{name}", id = "subject", col = 1 }}, ' + a_chars
    hand = '"Windstorm", "Ally"' + (f', {{ card = "{name}", id = "subject" }}' if where == "hand" else "")
    return f'''{subject}
{helpers}
[game]
turn = 3
phase = "build"
step = "recruit"
active = "A"
initiative = "A"

[players.A]
resource_points = 6
resources = ["Windstorm", "Windstorm", "Windstorm", "Windstorm", "Windstorm", "Windstorm"]
hand = [{hand}]
deck = ["Windstorm", "Ally", "Windstorm", "Ally", "Windstorm"]
ko_pile = ["Ally"]
characters = [{a_chars}]

[players.B]
resources = ["Windstorm", "Windstorm", "Windstorm"]
hand = ["Windstorm", "Ally"]
deck = ["Windstorm", "Ally", "Windstorm", "Ally", "Windstorm"]
characters = [{{ card = "Ally", id = "b1", col = 1 }}, {{ card = "Ally", id = "b2", col = 2 }}]
'''


def _targets(g: Game, effect: n.Effect, controller: str, source: str) -> list:
    from vsoracle.engine.state import ChainLink, Context

    link = ChainLink(0, "power", controller, source, effect, Context(controller, source), "payment", False)
    chosen = []
    for node in effects.targets_of(effect):
        options = effects.legal_targets(g, node, link)
        if not options:
            return None
        chosen.append(options[0])
    return chosen


def _refusal_ok(error: IllegalActionError) -> bool:
    return "cannot yet" not in error.message and "cannot play it yet" not in (error.hint or "")


CASES = [c for c in _texts() if not cannot_play(read_card_text(c[1], c[2]), c[2])]


@pytest.mark.parametrize("label, text, name", CASES, ids=[c[0] for c in CASES])
def test_a_text_that_runs_plays(label, text, name):
    ast = read_card_text(text, name)
    plot_twist = _is_plot_twist(ast)
    sc = parse_scenario(_scenario(text, name, plot_twist), load_database())
    g = Game(sc.state, explore=True)

    def attempt(action) -> None:
        try:
            action()
            if g.state.chain:
                resolve_all(g)
        except IllegalActionError as error:
            assert _refusal_ok(error), f"{label}: {error.message}"
        except VsOracleError:
            pass  # a limit or a rules refusal of the position: not what this test is about

    if plot_twist:
        effect = actions.plot_twist_effect(g.state.obj("subject"))
        targets = _targets(g, effect, "A", "subject") if effect is not None else []
        if targets is not None:
            attempt(lambda: actions.play(g, "A", "subject", targets=targets))
    else:
        o = g.state.obj("subject")
        from vsoracle.engine.query import query

        for number, (node, _line) in enumerate(query(g.state).numbered_powers(o), start=1):
            if isinstance(node, n.Activated):
                targets = _targets(g, node.effect, "A", "subject")
                if targets is not None:
                    attempt(lambda: actions.use(g, "A", "subject", power=number, targets=targets))
    attempt(lambda: turn.advance(g, "combat"))
    if not g.state.over and g.state.phase == "combat":
        attackers = [c.id for c in g.state.characters("A") if not c.exhausted and not c.stunned and c.row == "front"]
        defenders = [c.id for c in g.state.characters("B") if not c.stunned]
        if attackers and defenders:
            attempt(lambda: actions.propose_attack(g, "A", attackers[:1], defenders[0]))
    attempt(lambda: turn.advance(g, "next-turn"))
