"""The rules date (engine/rulechanges.py): a position played by the rules of a day applies each rule
change from the day it applies on, and none without a date (the Avengers FAQ's rules)."""

from __future__ import annotations

import datetime

from attrs import evolve
from hypothesis import given, strategies as st

from vsoracle.citations import references
from vsoracle.engine.rulechanges import CHANGES, date_problem, in_force
from vsoracle.engine.fmap import FrozenMap
from vsoracle.engine.state import GameState, Player

START = GameState(players=(Player("A"), Player("B")), objects=FrozenMap())


def test_the_table_is_well_formed():
    assert [c.since for c in CHANGES] == sorted(c.since for c in CHANGES)
    assert len({c.id for c in CHANGES}) == len(CHANGES)
    for c in CHANGES:
        assert date_problem(c.since) is None, c.id
        assert references(c.cite) and all(r.sources for r in references(c.cite)), c.id  # a source a judge finds
        assert c.says and str(c).startswith(f"the rules from {c.since}: ")


def test_without_a_date_no_change_applies():
    assert all(in_force(START, c.id) is None for c in CHANGES)


def test_each_change_applies_from_its_day_on_and_not_the_day_before():
    for c in CHANGES:
        day = datetime.date.fromisoformat(c.since)
        before = (day - datetime.timedelta(days=1)).isoformat()
        assert in_force(evolve(START, rules=before), c.id) is None
        assert in_force(evolve(START, rules=c.since), c.id) is c
        assert in_force(evolve(START, rules="2009-12-31"), c.id) is c


@given(st.dates(min_value=datetime.date(1990, 1, 1), max_value=datetime.date(2030, 12, 31)))
def test_a_change_applies_exactly_from_its_day(day):
    state = evolve(START, rules=day.isoformat())
    for c in CHANGES:
        assert (in_force(state, c.id) is c) == (day >= datetime.date.fromisoformat(c.since))


@given(st.dates())
def test_every_day_of_the_calendar_is_a_rules_date(day):
    text = day.isoformat()
    assert date_problem(text) is None or len(text) != 10  # years past 9999 are not four digits


@given(st.text(max_size=12))
def test_what_is_not_an_iso_day_is_refused(text):
    try:
        ok = len(text) == 10 and datetime.date.fromisoformat(text).isoformat() == text
    except ValueError:
        ok = False
    assert (date_problem(text) is None) == ok


def test_what_the_refusals_say():
    assert date_problem("2007-02-30") == "'2007-02-30' is not a day of the calendar"
    assert date_problem("2007/09/14") == "'2007/09/14' is not a date written YYYY-MM-DD"
    assert date_problem(datetime.date(2007, 9, 14)) is not None
    assert date_problem(2007) == "the rules date must be a string \"YYYY-MM-DD\", not int"
