"""Every operation covers every node, and none ends in a silent default (issue 22): the query's
dispatch over qualifiers, conditions and amounts handles every class support.py says the engine
plays, and raises for any other — a qualifier nobody handles must never "match nothing"."""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest

from vsoracle.engine import support
from vsoracle.engine.query import _QUALS, Query
from vsoracle.text import nodes as n


def _handled(method: object) -> tuple[set[str], ast.stmt]:
    """The node classes a method tests with isinstance(x, n.X) / isinstance(x, (n.X, n.Y)) or finds
    its branch for in a table (Query.qual: _QUALS), and its last statement."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(method)))  # type: ignore[arg-type]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "isinstance" and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            for k in kinds:
                if isinstance(k, ast.Attribute) and isinstance(k.value, ast.Name) and k.value.id == "n":
                    found.add(k.attr)
    if method is Query.qual:
        found |= {cls.__name__ for cls in _QUALS}
    func = tree.body[0]
    assert isinstance(func, ast.FunctionDef)
    return found, func.body[-1]


def test_the_qualifiers_of_objects_and_of_effects_cover_every_qualifier_support_plays():
    """A qualifier is read of an object (Query.qual) or of an effect on the chain
    (Query.link_matches, which raises for any other: support refuses them before play)."""
    of_objects, _ = _handled(Query.qual)
    of_effects, _ = _handled(Query.link_matches)
    names = {cls.__name__ for cls in support.QUALIFIERS}
    assert names - (of_objects | of_effects) == set()
    assert {cls.__name__ for cls in support.LINK_QUALIFIERS} <= of_effects


@pytest.mark.parametrize("method, played", [
    (Query.qual, support.QUALIFIERS - {n.Targeting, n.WithOneTarget}),
    (Query.condition_binding, support.CONDITIONS),
    (Query.amount, support.AMOUNTS),
], ids=["qualifiers", "conditions", "amounts"])
def test_every_class_support_says_plays_is_handled_and_no_other_is_a_default(method, played):
    handled, last = _handled(method)
    names = {cls.__name__ for cls in played}
    assert names - handled == set(), f"{method.__name__} has no branch for {sorted(names - handled)}"
    classes = n.node_classes()
    assert handled <= set(classes), sorted(handled - set(classes))
    assert isinstance(last, ast.Raise), f"{method.__name__} must end by raising, never by a default answer"


def test_an_unknown_qualifier_is_an_error_not_a_non_match():
    import attrs

    @attrs.frozen(repr=False, eq=False)
    class Mystery(n.Qualifier):
        pass

    from vsoracle.engine.state import Context

    state = _one_character_state()
    with pytest.raises(TypeError, match="unknown qualifier"):
        Query(state).qual(Mystery(), state.obj("bob"), Context("A", "bob"))


def _one_character_state():
    """A position with one character, "bob", that player A controls."""
    from vsoracle.cards import load_database
    from vsoracle.scenario.load import parse_scenario

    return parse_scenario('[[card]]\nname = "Bob"\ntype = "character"\ncost = 1\natk = 1\ndef = 1\n'
                          'affiliations = ["X"]\n[game]\nphase = "build"\n[players.A]\n'
                          '[[players.A.characters]]\ncard = "Bob"\nid = "bob"\n[players.B]\n',
                          load_database()).state


def test_the_figures_say_every_amount_and_raise_for_any_other():
    """A log line's figures read every amount the engine plays, each kind by its own words
    (figures.AMOUNT_WORDS, issue 22: a kind is one piece): every amount node of the language has
    them, and an amount of no kind there is an error, not words made up for it."""
    import attrs

    from vsoracle.engine import figures
    from vsoracle.engine.state import Context

    amounts = {cls for cls in n.node_classes().values() if issubclass(cls, n.Amount) and cls is not n.Amount}
    assert set(figures.AMOUNT_WORDS) == set(support.AMOUNTS) == amounts | {n.Quantity}

    @attrs.frozen(repr=False, eq=False)
    class Mystery(n.Amount):
        pass

    with pytest.raises(TypeError, match="unknown amount"):
        figures.amount_read(Query(_one_character_state()), Mystery(), Context("A", "bob"), [])
