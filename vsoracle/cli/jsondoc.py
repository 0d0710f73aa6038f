"""The JSON documents the commands print under ``--json``, and the pieces they share.

One place builds every piece that recurs (a position, an object in it, a card, a log event, a
choice, a check, a citation), so a name cannot drift between commands: the names are the
scenario format's (``def``, ``counters = {atk, def}``, zone names, the check properties of
docs/scenario-format.md). Every document is an object with ``"vsoracle"`` (the version) and
``"kind"`` (which schema in ``docs/json/`` it follows); every key is always present, ``null``
when it has no value, ``[]`` when a list is empty. docs/json.md is the contract.

No typer here: ``resolve --json`` is answered through :mod:`vsoracle.cli.report` alone.
"""

from __future__ import annotations

import json
from typing import Any

from .. import __version__

__all__ = ["FORMAT", "document", "dumps", "error_document", "state_json", "object_json",
           "player_json", "event_json", "choice_json", "choices_json", "card_json", "check_json", "scenario_json",
           "citation_json", "plain", "OBJECT_KEYS", "PLAYER_KEYS"]

#: The version of the documents' shape: part of the answer cache's key, so an answer cached in an
#: older shape is never served (docs/json.md says when it changes).
FORMAT = "3"

#: Every object's keys after ``card`` and ``number``: the check properties of the scenario format.
OBJECT_KEYS = ("zone", "owner", "controller", "area", "row", "col", "state", "stunned", "exhausted", "face",
               "atk", "def", "willpower", "cost", "affiliations", "has", "counters", "equipped_to", "target_of",
               "attacking", "defending", "reinforced")
#: Properties only a card in play has (``null`` elsewhere).
_IN_PLAY_ONLY = frozenset({"area", "row", "col", "state", "stunned", "exhausted", "counters", "equipped_to"})
#: A player's keys: the position's (piles are lists of ids, top or first card first).
PLAYER_KEYS = ("endurance", "resource_points", "hand", "deck", "resources", "ko_pile", "removed", "lost", "won")


def document(kind: str, **fields: Any) -> dict[str, Any]:
    """A document of ``kind`` (docs/json/KIND.schema.json): the version, the kind, then ``fields``."""
    return {"vsoracle": __version__, "kind": kind, **fields}


def dumps(doc: Any) -> str:
    """A document as printed: indented, UTF-8 kept."""
    return json.dumps(doc, ensure_ascii=False, indent=2)


def plain(value: Any) -> Any:
    """A value as JSON holds it: tuples and sets become lists, mappings objects, enums their
    value; booleans, numbers, strings and null stay what they are."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, frozenset):
        return sorted((plain(v) for v in value), key=str)
    if hasattr(value, "items"):
        return {str(k): plain(v) for k, v in value.items()}
    if hasattr(value, "value") and isinstance(value.value, (str, int)):
        return value.value
    return str(value)


def error_document(error: Any, code: int = 2) -> dict[str, Any]:
    """A :class:`~vsoracle.errors.VsOracleError` as the ``error`` document: where, what, what would
    be right, and the exit code the command ends with."""
    column = getattr(error, "column", None)
    return document("error", error={"file": error.file, "line": error.line, "column": column,
                                    "message": error.message, "hint": error.hint or None,
                                    "text": str(error)}, exit=code)


# ----------------------------------------------------------------------------- the position
def state_json(state: Any) -> dict[str, Any]:
    """A position: the game's turn, phase and step, who acts, each player, the chain, every object."""
    from ..engine.query import query

    q = query(state)
    return {
        "turn": state.turn, "phase": state.phase, "step": state.step, "active": state.active,
        "initiative": state.initiative, "priority": state.priority,
        "players": {p.id: player_json(p) for p in state.players},
        "chain": [lk.label for lk in state.chain],
        "objects": {o.id: object_json(state, o.id, q) for o in state.objects.values()},
    }


def player_json(player: Any) -> dict[str, Any]:
    """A player: endurance, resource points, each pile as its objects' ids, lost and won."""
    return {"endurance": player.endurance, "resource_points": player.resource_points,
            "hand": list(player.hand), "deck": list(player.deck), "resources": list(player.resources),
            "ko_pile": list(player.ko_pile), "removed": list(player.removed),
            "lost": player.lost, "won": player.won}


def object_json(state: Any, oid: str, q: Any = None) -> dict[str, Any]:
    """An object (a card in the game, a character or not): its card, then every property a check
    reads (:func:`vsoracle.scenario.checks.object_property`), by the check's name and value; a
    property only a card in play has is ``null`` elsewhere, ``face`` only in play or the resource row."""
    from ..engine.state import Zone
    from ..scenario.checks import object_property

    o = state.obj(oid)
    in_play = o.zone is Zone.IN_PLAY
    out: dict[str, Any] = {"card": o.card.title, "number": o.card.number}
    for key in OBJECT_KEYS:
        if key in _IN_PLAY_ONLY and not in_play:
            out[key] = None
        elif key == "face" and o.zone not in (Zone.IN_PLAY, Zone.RESOURCE_ROW):
            out[key] = None
        else:
            out[key] = plain(object_property(state, oid, key, q))
    out["equipped_to"] = out["equipped_to"] or None
    return out


# ----------------------------------------------------------------------------- what happened
def citation_json(ref: Any) -> dict[str, Any]:
    """A rule consulted: the rule (``CR 407``, ``FAQ GM 8``, ``keyword Boost``; null for a source
    alone), the sources that state it, and the rule as a judge reads it."""
    from ..citations import describe

    return {"rule": ref.rule or None, "sources": list(ref.sources), "text": describe(ref)}


def event_json(event: Any) -> dict[str, Any]:
    """A log event: its kind, the sentence, its citation (expanded), its assumption, its objects,
    and the figures it decided on (name → number, id or yes/no; what the sentence states)."""
    from ..citations import expand

    return {"kind": event.kind, "text": event.text, "cite": expand(event.cite) if event.cite else None,
            "assumption": event.assumption or None, "objects": list(event.objects),
            "figures": dict(event.figures)}


def choice_json(step: int, decision: str, answer: Any, text: str) -> dict[str, Any]:
    """An answer taken: the step that asked, the decision's prompt, the answer as a value (an id,
    a boolean, a number or a list: what ``choose = [...]`` holds) and as a person says it."""
    return {"step": step, "decision": decision, "answer": plain(answer), "text": text}


def choices_json(outcome: Any) -> list[dict[str, Any]]:
    """The answers that lead to an outcome (:class:`vsoracle.scenario.run.Outcome`)."""
    from ..scenario.run import chosen

    said = chosen(outcome)
    values = outcome.answers if len(outcome.answers) == len(outcome.choices) else [a for _s, _p, a in outcome.choices]
    return [choice_json(s, p, value, text) for (s, p, _a), value, (_s, text) in zip(outcome.choices, values, said)]


def check_json(check: Any) -> dict[str, Any]:
    """A check's result: what it asks, whether it holds, where it is, every value found (one per
    outcome it was read off) and, when it fails, the outcomes where and the choices leading there."""
    return {"check": check.description, "ok": check.ok, "every": check.every, "line": check.line,
            "step": check.step, "found": [plain(v) for v in check.found],
            "failing": [{"outcome": n, "found": plain(value), "choices": [{"step": s, "text": t} for s, t in chosen]}
                        for n, value, chosen in check.failing]}


def scenario_json(sc: Any) -> dict[str, Any]:
    """A scenario's header: the file as given, its title, source, FAQ entry and rulings."""
    return {"file": sc.path, "title": sc.title, "source": sc.source or None, "faq": sc.faq,
            "rulings": list(sc.rulings)}


# ----------------------------------------------------------------------------- cards
def card_json(card: Any) -> dict[str, Any]:
    """A card with every printed field (the card file's keys, ``set`` and ``title`` added): ``null``
    when the card has no such field, ``[]`` for an empty list, booleans for ``ongoing`` and
    ``incomplete``; as in the card file, ``text`` is the printed text and ``errata`` the text an
    errata gave it, which the rules use (``null``: none)."""
    printed = card.printed if card.printed is not None else card.text
    return {"number": card.number, "title": card.title, "name": card.name, "identity": card.identity,
            "version": card.version, "type": card.type.value if card.type else None, "cost": card.cost,
            "atk": card.atk, "def": card.defense, "affiliations": list(card.affiliations),
            "icons": list(card.icons), "traits": list(card.traits), "willpower": card.willpower,
            "ongoing": bool(card.ongoing), "rarity": card.rarity,
            "text": printed or None, "errata": card.text if card.printed is not None else None,
            "faq_quote": card.faq_quote, "set": card.set_code, "incomplete": bool(card.incomplete)}
