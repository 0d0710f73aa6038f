"""A position with no history written as a scenario's setup, when the scenario format can state it.

A scenario states a position at the start of a step: the game's turn, phase, step and players,
each player's piles (top first) and characters with their equipment, the cards. It cannot state
what play leaves behind — a chain, an attack, the modifiers and replacements effects created,
delayed or pending triggers, what the turn remembers, a player who lost — so a position holding any
of these is refused, saying which. Whatever is written is read back and compared before it is
given: a setup that would not load as the same position (``==``) is refused, never returned.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, CardDB, CardType
from ..engine.moves import step_toml
from ..engine.state import GameObject, GameState, Zone
from ..errors import PositionError, VsOracleError

__all__ = ["setup_toml"]

_PILES = (("deck", Zone.DECK), ("hand", Zone.HAND), ("resources", Zone.RESOURCE_ROW),
          ("ko_pile", Zone.KO_PILE), ("removed", Zone.REMOVED))


def _cannot(state: GameState) -> list[str]:
    """What the position holds that a scenario's setup cannot state."""
    found = [what for what, held in (
        ("a chain", bool(state.chain) or state.resolving is not None), ("an attack", state.attack is not None),
        ("modifiers effects created", bool(state.modifiers or state.replacements)),
        ("delayed or pending triggers", bool(state.delayed or state.pending)),
        ("what the turn remembers", bool(state.turn_log or state.used_powers)),
        ("a game that is over", state.over), ("passes in a row", state.passes != 0),
        ("objects the engine numbered", state.next_id != 1),
        ("a player who lost or won", any(p.lost or p.won for p in state.players)),
        ("a hunted character", any(p.hunting is not None for p in state.players)),
        ("priority with another player than the rules give first", state.priority != state.primary_player()),
    ) if held]
    for o in state.objects.values():
        if o.controller != o.owner or o.bindings or o.revealed or o.incarnation:
            found.append(f"'{o.id}' as play left it (controller, choices, revealed or its comings into play)")
            break
    return found


def _quoted(text: str) -> str:
    return step_toml({"x": text}).split("= ", 1)[1]


def _card_table(card: Card) -> dict[str, Any]:
    table: dict[str, Any] = {"name": card.name}
    if card.type is not None:
        table["type"] = card.type.value
    for key, value in (("number", card.number), ("identity", card.identity), ("version", card.version),
                       ("cost", card.cost), ("atk", card.atk), ("def", card.defense), ("willpower", card.willpower),
                       ("rarity", card.rarity), ("faq_quote", card.faq_quote)):
        if value is not None:
            table[key] = value
    for key, items in (("affiliations", card.affiliations), ("icons", card.icons), ("traits", card.traits)):
        if items or (key == "affiliations" and card.type is CardType.CHARACTER):
            table[key] = list(items)
    if card.ongoing:
        table["ongoing"] = True
    if card.incomplete:
        table["incomplete"] = True
    if card.printed is not None:
        table["text"], table["errata"] = card.printed, card.text
    else:
        table["text"] = card.text
    return table


def _toml(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _quoted(str(value))


def setup_toml(state: GameState, db: CardDB, title: str = "A position") -> str:
    """The scenario whose setup is ``state`` (no steps, no checks), cards the database ``db`` holds
    as they are named by number, any other card defined in it; refused (:class:`PositionError`)
    when the format cannot state the position, or when what is written would not load back equal."""
    from .load import parse_scenario

    cannot = _cannot(state)
    if cannot:
        raise PositionError(f"a scenario's setup cannot state {', '.join(cannot)}",
                            hint="write the position as JSON, or the game's scenario and steps")
    defined: dict[str, Card] = {}

    def name(card: Card) -> str:
        if card.number is not None:
            try:
                if db.find(card.number) == card:
                    return card.number
            except VsOracleError:
                pass
        defined.setdefault(card.title.casefold(), card)
        return card.title

    lines = ["[scenario]", f"title = {_quoted(title)}", "", "[game]", f"turn = {state.turn}",
             f"initiative = {_quoted(state.initiative)}", f"phase = {_quoted(state.phase)}"]
    if state.step is not None:
        lines.append(f"step = {_quoted(state.step)}")
        if state.active is not None:
            lines.append(f"active = {_quoted(state.active)}")
    elif state.phase in ("build", "combat"):
        raise PositionError(f"a scenario's setup cannot state the {state.phase} phase between its steps",
                            hint="write the position as JSON")
    if state.rules is not None:
        lines.append(f"rules = {_quoted(state.rules)}")
    for p in state.players:
        lines += ["", f"[players.{p.id}]", f"endurance = {p.endurance}", f"resource_points = {p.resource_points}"]
        if p.insane:
            lines.append("insane = true")
        for key, zone in _PILES:
            items = []
            for oid in p.pile(zone):
                o = state.objects[oid]
                entry: dict[str, Any] = {"card": name(o.card), "id": oid}
                if o.face_up != (zone is not Zone.RESOURCE_ROW):
                    entry["face"] = "up" if o.face_up else "down"
                if o.exhausted:
                    entry["state"] = "exhausted"
                items.append(entry)
            if items:
                lines.append(f"{key} = {_toml(items)}")
        chars = [o for o in state.characters(p.id)]
        for c in chars:
            entry = {"card": name(c.card), "id": c.id, "area": c.area, "row": c.row, "col": c.col,
                     "state": "stunned" if c.stunned else "exhausted" if c.exhausted else "ready"}
            if c.counters != (0, 0):
                entry["counters"] = {"atk": c.counters[0], "def": c.counters[1]}
            gear = [{"card": name(e.card), "id": e.id} for e in state.in_play(p.id) if e.equipped_to == c.id]
            if gear:
                entry["equipment"] = gear
            lines += ["", f"[[players.{p.id}.characters]]"] + [f"{k} = {_toml(v)}" for k, v in entry.items()]
    cards = []
    for card in defined.values():
        cards += ["", "[[card]]"] + [f"{k} = {_toml(v)}" for k, v in _card_table(card).items()]
    text = "\n".join(lines[:2] + cards + [""] + lines[3:]) + "\n"
    try:
        back = parse_scenario(text, db, "<setup>").state
    except VsOracleError as error:
        raise PositionError(f"the position does not write as a scenario: {error.message}",
                            hint="write the position as JSON") from None
    if back != state:
        raise PositionError("the position does not write as a scenario that loads it back equal (an object "
                            "where the format cannot place it: equipment on no character, a stunned exhausted one …)",
                            hint="write the position as JSON")
    return text
