"""The rules date: which rules a position is played by, and the rule changes vsoracle knows.

vsoracle plays by the rules of the Avengers FAQ (2005) unless a position names a later date
(``GameState.rules``, a scenario's ``[game] rules = "YYYY-MM-DD"``): the rules in force on that
day. The rules changed after the Avengers FAQ; each change vsoracle knows is one row of
:data:`CHANGES` — the day it applies from, its id, the source that states it (a citation the log
carries) and what it says — and a rule that changed asks :func:`in_force` for its row by id, so
no date is compared anywhere else. A date before every change plays the default rules: vsoracle
knows no rule change before them.
"""

from __future__ import annotations

import datetime
import re

from attrs import frozen

from .state import GameState

__all__ = ["RuleChange", "CHANGES", "DIRECT_ATTACK_PAST_HIDDEN", "POWER_UP_ATTACKER_OR_DEFENDER",
           "in_force", "date_problem", "DEFAULT_RULES"]

#: What a position without a rules date plays by.
DEFAULT_RULES = "the Avengers FAQ's rules"


@frozen
class RuleChange:
    """A change of the rules: from ``since`` (an ISO date, ``YYYY-MM-DD``) on, ``says`` holds;
    before it, the rule as the Avengers FAQ plays it. ``cite`` is what the log cites for it,
    ``assumption`` the assumption its date rests on, if no source dates it."""

    since: str
    id: str
    cite: str
    says: str
    assumption: str | None = None

    def __str__(self) -> str:
        return f"the rules from {self.since}: {self.says}"


#: The power-up game-based effect "having been simplified in the latest rules update, now reads,
#: 'Power-up target attacker or defender you control.'" (JLA FAQ, General Mechanics 1.1); no source
#: read dates the JLA set's legality, so the update applies from the day Cerebro XXIII published the
#: JLA rules revision (assumption A-JLA-RULES-DATE).
POWER_UP_ATTACKER_OR_DEFENDER = "power-up-attacker-or-defender"
#: "A character can attack a player directly if he controls no non-stunned visible characters, even
#: if he controls a non-stunned hidden character that attacker can attack." (Marvel Legends FAQ, 3,
#: New rules: Can attack hidden; the set is legal from 14 September 2007, FAQ 1)
DIRECT_ATTACK_PAST_HIDDEN = "direct-attack-past-hidden"

#: Every rule change vsoracle knows, oldest first.
CHANGES: tuple[RuleChange, ...] = (
    RuleChange(since="2005-11-12", id=POWER_UP_ATTACKER_OR_DEFENDER, cite="CR 507 [FJLA]",
               says="the power-up game-based effect reads \"Power-up target attacker or defender you control\"",
               assumption="A-JLA-RULES-DATE"),
    RuleChange(since="2007-09-14", id=DIRECT_ATTACK_PAST_HIDDEN, cite="CR 407 [FML]",
               says="a character can attack a player directly if he controls no non-stunned visible characters, even "
                    "if he controls a non-stunned hidden character that attacker can attack"),
)

_BY_ID = {c.id: c for c in CHANGES}


def in_force(s: GameState, change: str) -> RuleChange | None:
    """The rule change ``change`` (an id of :data:`CHANGES`) if ``s`` is played by the rules of a day
    on or after it, else ``None`` (the rule as the Avengers FAQ plays it)."""
    c = _BY_ID[change]
    return c if s.rules is not None and s.rules >= c.since else None


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def date_problem(value: object) -> str | None:
    """What is wrong with ``value`` as a rules date (``None`` if it is one): a string
    ``YYYY-MM-DD`` naming a day of the calendar."""
    if isinstance(value, datetime.date):
        return "the rules date is a date without quotes: it must be a string \"YYYY-MM-DD\""
    if not isinstance(value, str):
        return f"the rules date must be a string \"YYYY-MM-DD\", not {type(value).__name__}"
    if not _DATE.fullmatch(value):
        return f"'{value[:40]}' is not a date written YYYY-MM-DD"
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return f"'{value}' is not a day of the calendar"
    return None
