"""Scenario files -> a starting :class:`GameState`, steps and checks (contract v1).

The loader translates TOML into engine values and keeps every line number, so
an unknown card, an unknown id, a bad key or an impossible position is one
``file:line: what is wrong — what would be right`` error (exit code 2).
"""

from __future__ import annotations

import datetime
import difflib
import re
from functools import lru_cache
from pathlib import Path
from typing import AbstractSet, Any, Mapping, Sequence, TypeVar, overload

from attrs import frozen

from ..cards import Card, CardDB, CardType, card_file_base, card_files, card_from_table, database_of, named_card_lists
from ..errors import CardDataError, ScenarioError, VsOracleError
from ..engine import moves
from ..engine.fmap import FrozenMap
from ..engine.game import OPEN, Answer
from ..engine.rulechanges import date_problem
from ..engine.state import BUILD_STEPS, PHASES, GameObject, GameState, Player, Zone, is_phase
from ..tomlsource import KeyPath, TomlSource, shorten, show, show_key

__all__ = ["Scenario", "Step", "Check", "load_scenario", "load_scenario_bytes", "parse_scenario", "slug", "VERBS",
           "scenario_of_position", "step_keys", "is_position_file", "MAX_POSITION_BYTES",
           "OBJECT_PROPERTIES", "PLAYER_PROPERTIES"]

#: Every step verb and the keys it takes besides itself: the action classes' own (engine.moves).
VERBS = {verb: set(keys) for verb, keys in moves.step_verbs().items()}
COMMON_STEP_KEYS = set(moves.COMMON_STEP_KEYS)
TOP_KEYS = frozenset({"scenario", "card", "cards", "game", "players", "step", "check", "check_some"})
"""The tables a scenario file may hold (``cards``: its own card files, also allowed in ``[scenario]``)."""
HEADER_KEYS = frozenset({"title", "source", "strict", "faq", "rulings", "variation", "description", "cards"})
"""The keys of ``[scenario]``."""
ADVANCE_TARGETS = moves.ADVANCE_TARGETS
OBJECT_PROPERTIES = ("zone", "area", "row", "col", "controller", "state", "stunned", "exhausted", "face",
                     "atk", "def", "cost", "affiliations", "has", "counters", "equipped_to", "target_of",
                     "attacking", "defending", "owner", "reinforced", "willpower")
PLAYER_PROPERTIES = ("endurance", "hand", "deck", "resources", "ko_pile", "removed", "resource_points",
                     "lost", "won", "stunned_characters")
ZONE_KEYS = {"hand": Zone.HAND, "deck": Zone.DECK, "ko_pile": Zone.KO_PILE, "removed": Zone.REMOVED,
             "resources": Zone.RESOURCE_ROW}
CHECK_VALUES = {
    "zone": ("deck", "hand", "resource_row", "chain", "in_play", "ko_pile", "removed"),
    "area": ("visible", "hidden", "", False), "row": ("front", "support", "", False), "state": ("ready", "exhausted", "stunned"),
    "face": ("up", "down"), "stunned": (True, False), "exhausted": (True, False), "attacking": (True, False),
    "defending": (True, False), "reinforced": (True, False), "lost": (True, False), "won": (True, False),
}
T = TypeVar("T")

_NUMBER = (int, "a whole number")
#: What a check of each property expects: its type (or types), said for people.
CHECK_TYPES: dict[str, tuple[type | tuple[type, ...], str]] = {
    "endurance": _NUMBER, "hand": _NUMBER, "deck": _NUMBER, "resources": _NUMBER, "ko_pile": _NUMBER,
    "removed": _NUMBER, "resource_points": _NUMBER, "stunned_characters": _NUMBER, "atk": _NUMBER, "def": _NUMBER, "cost": _NUMBER,
    "willpower": _NUMBER,
    "controller": (str, "a player"), "owner": (str, "a player"), "affiliations": (list, "a list of names"),
    "has": (list, "a list of keywords"), "target_of": (list, "a list of ids"),
    "counters": (dict, "a table like { atk = 1, def = 1 }"), "equipped_to": ((str, bool), "an id"),
}
CHAIN_KINDS = ("recruit", "play", "power", "trigger", "attack", "reinforce", "power-up")
PLAYER_KEYS = set(ZONE_KEYS) | {"endurance", "resource_points", "characters", "insane"}
GAME_KEYS = {"turn", "initiative", "phase", "step", "active", "rules"}
#: Names an object id cannot take: the usual player names and ``chain`` (checks name them).
RESERVED_IDS = ("A", "B", "C", "D", "chain")


def slug(title: str) -> str:
    """The default id of a card: its title in lower case, words joined by ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", title.replace("◊", " ").casefold()).strip("-") or "card"


@frozen
class Check:
    """One expectation: ``subject.prop == expected`` (subject an id, a player, or ``chain``)."""

    subject: str
    prop: str
    expected: Any
    line: int | None
    every: bool = True

    def __str__(self) -> str:
        return f"{self.subject}.{self.prop} = {_show(self.expected)}" if self.prop else \
            f"{self.subject} = {_show(self.expected)}"


@frozen
class Step:
    """One ``[[step]]``: a verb with its keys, who acts, scripted answers, checks."""

    index: int
    verb: str | None
    value: Any
    keys: FrozenMap[str, Any]
    by: str | None
    choose: tuple[Any, ...]
    rejected: bool
    checks: tuple[Check, ...]
    line: int | None
    #: ``rejected = "text"``: the refusal's reason must contain this text (case ignored).
    reason: str | None = None
    #: ``allowed = true``: the step must be legal; a refusal is a failed check, not an invalid file.
    allowed: bool = False

    def describe(self) -> str:
        if self.verb is None:
            return "checks"
        return f"{self.verb} = {_show(self.value)}"


@frozen
class Scenario:
    """A loaded scenario: header, cards, starting state, steps and final checks."""

    path: str
    title: str
    source: str
    strict: bool
    faq: str | None
    rulings: tuple[str, ...]
    variation: bool
    db: CardDB
    state: GameState
    steps: tuple[Step, ...]
    checks: tuple[Check, ...]
    ids: tuple[str, ...]


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return show(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, (dict, FrozenMap)):
        return "{ " + ", ".join(f"{k} = {_show(v)}" for k, v in value.items()) + " }"
    return str(value)


#: The largest position file (JSON) read: a position holds every card's text, so it is larger than its scenario.
MAX_POSITION_BYTES = 64 * 1024 * 1024


def is_position_file(path: Path | str) -> bool:
    """Is ``path`` a position (JSON, ``vsoracle show --export json``) rather than a scenario (TOML)?"""
    return str(path).endswith(".json")


def load_scenario(path: Path | str, db: CardDB) -> Scenario:
    """Read (once; ``-`` is standard input) and load a scenario file against the card database
    ``db``; a position file (``.json``) is read as the scenario of that position (:func:`scenario_of_position`)."""
    if is_position_file(path):
        from ..files import read_input

        read = read_input(str(path), ScenarioError, limit=MAX_POSITION_BYTES, what="a position")
        return load_scenario_bytes(read.data, read.name, db)
    source = TomlSource.read(path, ScenarioError)
    return _Loader(source, db).load()


def load_scenario_bytes(raw: bytes, path: str, db: CardDB) -> Scenario:
    """Load a scenario from the bytes of its file, already read (:func:`vsoracle.files.read_input`);
    a position file's (``.json``) as the scenario of that position."""
    if is_position_file(path):
        from ..engine.positions import position_from_json
        from ..errors import PositionError

        try:
            position = position_from_json(raw)
        except PositionError as error:
            raise error.located(path, None) from None
        return scenario_of_position(position, db, path)
    return _Loader(TomlSource.from_bytes(raw, path, ScenarioError), db).load()


def parse_scenario(text: str, db: CardDB, path: str = "<scenario>") -> Scenario:
    """Load a scenario from its TOML text."""
    return _Loader(TomlSource.parse(text, path, ScenarioError), db).load()


class _Loader:
    def __init__(self, source: TomlSource, db: CardDB) -> None:
        self.src = source
        self.db = db
        self.objects: dict[str, GameObject] = {}
        self.pids: tuple[str, ...] = ()  # the players, once the position is read
        self.id_lines: dict[str, int | None] = {}
        self.slug_counts: dict[str, int] = {}
        self.explicit = _explicit_ids(source.data)

    # -- errors ------------------------------------------------------------
    def fail(self, keypath: KeyPath, message: str, hint: str | None = None) -> ScenarioError:
        return ScenarioError(message, file=self.src.path, line=self.src.line_of(keypath), hint=hint)

    @overload
    def expect(self, value: Any, kind: type[T], keypath: KeyPath, what: str) -> T: ...
    @overload
    def expect(self, value: Any, kind: tuple[type, ...], keypath: KeyPath, what: str) -> Any: ...

    def expect(self, value: Any, kind: type | tuple[type, ...], keypath: KeyPath, what: str) -> Any:
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in kinds):
            raise self.fail(keypath, f"'{show_key(keypath)}' must be {what}, not {show(value)}")
        return value

    def unknown_keys(self, table: dict[str, Any], allowed: AbstractSet[str], keypath: KeyPath, what: str) -> None:
        for key in table:
            if key not in allowed:
                near = difflib.get_close_matches(key, sorted(allowed), n=1)
                hint = f"did you mean '{near[0]}'?" if near else f"{what} takes: {', '.join(sorted(allowed))}"
                raise self.fail(keypath + (key,), f"unknown key '{shorten(str(key))}' in {what}", hint)

    # -- loading -----------------------------------------------------------
    def load(self) -> Scenario:
        data = self.src.data
        self.unknown_keys(data, TOP_KEYS,
                          (), "a scenario")
        header = data.get("scenario", {})
        self.expect(header, dict, ("scenario",), "a table")
        self.unknown_keys(header, HEADER_KEYS,
                          ("scenario",), "[scenario]")
        self._card_files(header, data)
        title = self.expect(header.get("title", Path(self.src.path).stem), str, ("scenario", "title"), "a string")
        strict = self.expect(header.get("strict", False), bool, ("scenario", "strict"), "true or false")
        rulings = self.expect(header.get("rulings", []), list, ("scenario", "rulings"), "a list of ruling ids")
        for key in ("source", "faq", "description"):
            if key in header:
                self.expect(header[key], str, ("scenario", key), "a string")
        if "variation" in header:
            self.expect(header["variation"], bool, ("scenario", "variation"), "true or false")
        self.db = self._cards(data.get("card", []))
        state = self._position(data)
        steps = tuple(self._step(i, s) for i, s in enumerate(self._array(data, "step")))
        checks = self._checks(data.get("check", {}), ("check",), every=True) + \
            self._checks(data.get("check_some", {}), ("check_some",), every=False)
        if not steps and not checks and not ({"game", "players", "card"} & data.keys()):
            if not data:
                raise ScenarioError("the file is empty", file=self.src.path,
                                    hint="a scenario has a position ([game], [players.A]), [[step]] tables and "
                                    "[check]s: see vsoracle docs scenario-format")
            raise ScenarioError("the scenario describes nothing: no position, no [[step]], no [check]",
                                file=self.src.path, hint="add a position ([game], [players.A]) and steps, checks or both")
        return Scenario(self.src.path, title, str(header.get("source", "")), strict, header.get("faq"),
                        tuple(map(str, rulings)), bool(header.get("variation", False)), self.db, state,
                        steps, checks, tuple(self.objects))

    def _card_files(self, header: dict[str, Any], data: dict[str, Any]) -> None:
        """``cards = ["my-set.toml", "sets/"]`` (in ``[scenario]`` or at the top): card files and
        folders, relative to the scenario's folder, whose cards join the database for this scenario."""
        given = named_card_lists(data)
        if not given:
            return
        if len(given) > 1:
            raise self.fail(("cards",), "'cards' is given twice, at the top and in [scenario]", "keep one list")
        keypath, value = given[0]
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            raise self.fail(keypath, "'cards' names card files, and these are tables",
                            'a card the scenario defines is a [[card]] table; card files are cards = ["my-set.toml"]')
        self.expect(value, list, keypath, 'a list of card files, like ["my-set.toml"]')
        base = card_file_base(self.src.path)
        files: list[Path] = []
        for index, entry in enumerate(value):
            self.expect(entry, str, keypath + (index,), "a card file's path")
            try:
                files.extend(card_files([base / entry], "cards"))
            except CardDataError as error:
                raise self.fail(keypath + (index,), error.message.removeprefix("cards: "), error.hint) from None
        # a database with its files: one load, a clash between files an error naming both; one
        # built in code (no files): the scenario's card files shadow its cards of the same title
        self.db = database_of(self.db.files + tuple(files)) if self.db.files else self.db.with_cards(database_of(files))

    def _array(self, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
        value: list[dict[str, Any]] = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail((key,), f"'{shorten(str(key))}' must be an array of tables", f"write each as [[{key}]]")
        return value

    def _cards(self, tables: Any) -> CardDB:
        if not isinstance(tables, list):
            raise self.fail(("card",), "'card' must be an array of tables", "write each card as [[card]]")
        cards: list[Card] = []
        titles: dict[str, int | None] = {}
        for index, table in enumerate(tables):
            card = card_from_table(table, self.src, ("card", index), error=ScenarioError, set_code="scenario")
            key = card.title.casefold()
            if key in titles:
                raise self.fail(("card", index), f"duplicate card title '{shorten(str(card.title))}'",
                                f"already defined at line {titles[key]}")
            titles[key] = self.src.line_of(("card", index))
            self._check_text(card, ("card", index, "text"))
            cards.append(card)
        return self.db.with_cards(cards) if cards else self.db

    def _check_text(self, card: Card, keypath: KeyPath) -> None:
        """A scenario card's text must parse; the error points at the line and column."""
        if not card.text.strip():
            return
        from ..errors import CardTextError
        from ..text.store import parse_stored
        try:
            parse_stored(card.text, card.name)
        except CardTextError as error:
            line = self.src.text_line(keypath, error.text_line or 1)
            column = f", column {error.column}" if error.column else ""
            expected = f"expected one of: {', '.join(error.expected[:8])}" if error.expected else None
            raise ScenarioError(f"card '{shorten(str(card.title))}' text{column}: {error.message}", file=self.src.path,
                                line=line, hint=error.hint or expected) from None

    def _find(self, query: Any, keypath: KeyPath) -> Card:
        if not isinstance(query, str):
            raise self.fail(keypath, f"a card must be a title or number string, not {_show(query)}")
        try:
            card = self.db.find(query)
        except VsOracleError as error:
            raise error.located(self.src.path, self.src.line_of(keypath)) from None
        if card.incomplete:
            from ..cards.load import REQUIRED
            missing = ["type"] if card.type is None else \
                [k for k in REQUIRED[card.type] if getattr(card, "defense" if k == "def" else k) in (None, ())]
            if missing and card.set_code == "scenario":  # the scenario's own [[card]], marked incomplete
                raise self.fail(keypath, f"card '{shorten(str(card.title))}' is marked incomplete and gives no "
                                f"{', '.join(missing)}", "give its [[card]] table the missing fields (a card "
                                "that is played needs every field of its type) and remove incomplete = true")
            if missing:
                raise self.fail(keypath, f"card '{shorten(str(card.title))}' is incomplete in the database (the FAQ gives no "
                                f"{', '.join(missing)})", "define it in this scenario with a [[card]] table "
                                "of the same title, giving the missing fields")
        problems = _unplayable(card)
        if problems:
            line, what = problems[0]
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise self.fail(keypath, f"card '{shorten(str(card.title))}', line {line}: "
                            f"\"{shorten(text_line(card.text, line))}\" parses, but vsoracle cannot play {what} "
                            f"yet{more}")
        return card

    def _new_id(self, card: Card, given: Any, keypath: KeyPath) -> str:
        if given is not None:
            oid = self.expect(given, str, keypath + ("id",), "a string")
            if oid in self.pids:
                raise self.fail(keypath + ("id",), f"'{shorten(oid)}' cannot be an id: it is a player's name",
                                f"ids name cards; the players are {', '.join(self.pids)}")
            if not oid or oid in RESERVED_IDS:
                raise self.fail(keypath + ("id",), f"'{shorten(oid)}' cannot be an id",
                                f"ids name cards; {', '.join(RESERVED_IDS[:-1])} and chain are kept for players "
                                "and the chain")
        else:
            base = slug(card.title)
            while True:
                count = self.slug_counts.get(base, 0) + 1
                self.slug_counts[base] = count
                oid = base if count == 1 else f"{base}-{count}"
                if oid not in self.explicit and oid not in self.objects and oid not in self.pids:
                    break
        if oid in self.objects:
            raise self.fail(keypath, f"duplicate id '{shorten(oid)}'",
                            f"already used at line {self.id_lines[oid]}; give this card another id")
        self.id_lines[oid] = self.src.line_of(keypath)
        return oid

    def _position(self, data: dict[str, Any]) -> GameState:
        game = data.get("game", {})
        self.expect(game, dict, ("game",), "a table")
        self.unknown_keys(game, GAME_KEYS, ("game",), "[game]")
        players_table = data.get("players", {})
        self.expect(players_table, dict, ("players",), "a table of players")
        players_table = dict(players_table)
        for default in ("A", "B"):  # a game has at least two players; unnamed ones start empty
            if len(players_table) < 2 and default not in players_table:
                players_table[default] = {}
        pids = self.pids = tuple(players_table)
        turn = self.expect(game.get("turn", 1), int, ("game", "turn"), "a whole number")
        if turn < 1:
            raise self.fail(("game", "turn"), f"turn must be 1 or more, not {turn}", "turns are counted from 1")
        initiative = self._player(game.get("initiative", pids[0]), pids, ("game", "initiative"))
        phase = self.expect(game.get("phase", "build"), str, ("game", "phase"), "a string")
        if not is_phase(phase):
            raise self.fail(("game", "phase"), f"unknown phase '{shorten(str(phase))}'", f"use one of {' | '.join(PHASES)}")
        default_step = {"build": "recruit", "combat": "attack"}.get(phase)
        step = game.get("step", default_step)
        allowed = {"build": BUILD_STEPS, "combat": ("attack",)}.get(phase, ())
        if step is not None and step not in allowed:
            raise self.fail(("game", "step"), f"phase '{shorten(str(phase))}' has no step '{shorten(str(step))}'",
                            f"use one of {' | '.join(allowed)}" if allowed else "omit step for this phase")
        active = None
        if step is not None:
            active = self._player(game.get("active", initiative), pids, ("game", "active"))
        rules = self._rules(game)
        players = []
        for pid in pids:
            players.append(self._player_state(pid, players_table[pid]))
        state = GameState(players=tuple(players), objects=FrozenMap(self.objects), turn=turn,
                          initiative=initiative, phase=phase, step=step, active=active, rules=rules,
                          unknown_names=_unknown_names(self.db, [o.card for o in self.objects.values()]))
        return _with_priority(state)

    def _rules(self, game: dict[str, Any]) -> str | None:
        """``[game] rules = "YYYY-MM-DD"``: the rules in force on that day (omitted: the Avengers
        FAQ's rules, engine.rulechanges)."""
        if "rules" not in game:
            return None
        value = game["rules"]
        problem = date_problem(value)
        if problem is not None:
            hint = (f'write it as a string: rules = "{value.isoformat()}"' if isinstance(value, datetime.date)
                    else 'rules = "YYYY-MM-DD", a day such as "2007-09-14" (omit it for the Avengers FAQ\'s rules)')
            raise self.fail(("game", "rules"), problem, hint)
        rules: str = value
        return rules

    def _player(self, value: Any, pids: tuple[str, ...], keypath: KeyPath) -> str:
        if value not in pids:
            raise self.fail(keypath, f"unknown player {_show(value)}", _players_hint(value, pids))
        pid: str = value
        return pid

    def _player_state(self, pid: str, table: Any) -> Player:
        path: KeyPath = ("players", pid)
        self.expect(table, dict, path, "a table")
        self.unknown_keys(table, PLAYER_KEYS, path, f"[players.{pid}]")
        piles: dict[Zone, tuple[str, ...]] = {}
        for key, zone in ZONE_KEYS.items():
            items = self.expect(table.get(key, []), list, path + (key,), "a list of cards")
            ids = []
            for index, item in enumerate(items):
                ids.append(self._pile_card(pid, zone, item, path + (key, index)))
            piles[zone] = tuple(ids)
        slots: dict[tuple[str, str, int], str] = {}
        for index, table_c in enumerate(self.expect(table.get("characters", []), list, path + ("characters",),
                                                    "an array of tables")):
            self._character(pid, table_c, path + ("characters", index), slots)
        endurance = self.expect(table.get("endurance", 50), int, path + ("endurance",), "a whole number")
        points = self.expect(table.get("resource_points", len(piles[Zone.RESOURCE_ROW])), int,
                             path + ("resource_points",), "a whole number")
        if points < 0:
            raise self.fail(path + ("resource_points",), "resource points cannot be negative")
        # his deck started the game insane (DWF insanity): a fact the scenario states
        insane = self.expect(table.get("insane", False), bool, path + ("insane",), "true or false")
        return Player(pid, endurance, points, piles[Zone.DECK], piles[Zone.HAND], piles[Zone.RESOURCE_ROW],
                      piles[Zone.KO_PILE], piles[Zone.REMOVED], insane=insane)

    def _pile_card(self, pid: str, zone: Zone, item: Any, keypath: KeyPath) -> str:
        given = None
        face = "down" if zone is Zone.RESOURCE_ROW else "up"
        state = "ready"
        if isinstance(item, dict):
            self.unknown_keys(item, {"card", "id", "face", "state"}, keypath, "a card entry")
            if "card" not in item:
                raise self.fail(keypath, "a card entry needs 'card'", '{ card = "Title", id = "x" }')
            given, face, state = item.get("id"), item.get("face", face), item.get("state", state)
            item = item["card"]
        card = self._find(item, keypath)
        oid = self._new_id(card, given, keypath)
        if face not in ("up", "down"):
            raise self.fail(keypath, f"face must be \"up\" or \"down\", not {_show(face)}")
        if state not in ("ready", "exhausted"):
            raise self.fail(keypath, f"a card in a pile is ready or exhausted, not {_show(state)}")
        self.objects[oid] = GameObject(oid, card, pid, pid, zone, face_up=(face == "up"),
                                       exhausted=(state == "exhausted"))
        return oid

    def _character(self, pid: str, table: Any, keypath: KeyPath, slots: dict[tuple[str, str, int], str]) -> None:
        self.expect(table, dict, keypath, "a table")
        self.unknown_keys(table, {"card", "id", "row", "col", "area", "state", "counters", "equipment"},
                          keypath, "a character")
        if "card" not in table:
            raise self.fail(keypath, "a character needs 'card'", 'card = "Title or number"')
        card = self._find(table["card"], keypath + ("card",))
        if card.type is not CardType.CHARACTER:
            raise self.fail(keypath + ("card",), f"'{shorten(str(card.title))}' is a {card.type}, not a character",
                            "list equipment under a character's equipment = [...]")
        oid = self._new_id(card, table.get("id"), keypath)
        row = table.get("row", "front")
        if row not in ("front", "support"):
            raise self.fail(keypath + ("row",), f"row must be \"front\" or \"support\", not {_show(row)}")
        area = table.get("area", "visible")
        if area not in ("visible", "hidden"):
            raise self.fail(keypath + ("area",), f"area must be \"visible\" or \"hidden\", not {_show(area)}")
        col = table.get("col")
        if col is None:
            col = 1
            while (area, row, col) in slots:
                col += 1
        self.expect(col, int, keypath + ("col",), "a whole number (1-based column)")
        if col < 1:
            raise self.fail(keypath + ("col",), "columns start at 1")
        if (area, row, col) in slots:
            raise self.fail(keypath + ("col",), f"two characters in one slot: '{shorten(str(slots[(area, row, col)]))}' is already "
                            f"at {area} {row} row column {col}", "give this character another col")
        slots[(area, row, col)] = oid
        state = table.get("state", "ready")
        if state not in ("ready", "exhausted", "stunned"):
            raise self.fail(keypath + ("state",), f"unknown state {_show(state)}", "use ready | exhausted | stunned")
        counters = table.get("counters", {})
        self.expect(counters, dict, keypath + ("counters",), "a table like { atk = 1, def = 1 }")
        self.unknown_keys(counters, {"atk", "def"}, keypath + ("counters",), "counters")
        catk = self.expect(counters.get("atk", 0), int, keypath + ("counters", "atk"), "a whole number")
        cdef = self.expect(counters.get("def", 0), int, keypath + ("counters", "def"), "a whole number")
        if catk < 0 or cdef < 0:
            raise self.fail(keypath + ("counters",), "a character cannot have fewer than 0 counters",
                            "counters = { atk = N, def = N } counts +1 ATK / +1 DEF counters")
        self.objects[oid] = GameObject(oid, card, pid, pid, Zone.IN_PLAY, exhausted=(state == "exhausted"),
                                       stunned=(state == "stunned"), area=area, row=row, col=col,
                                       counters=(catk, cdef))
        for index, item in enumerate(self.expect(table.get("equipment", []), list, keypath + ("equipment",),
                                                 "a list of equipment")):
            given = None
            path = keypath + ("equipment", index)
            if isinstance(item, dict):
                self.unknown_keys(item, {"card", "id"}, path, "an equipment entry")
                if "card" not in item:
                    raise self.fail(path, "an equipment entry needs 'card'", '{ card = "Title", id = "x" }')
                given, item = item.get("id"), item.get("card")
            equip = self._find(item, path)
            if equip.type is not CardType.EQUIPMENT:
                raise self.fail(path, f"'{shorten(str(equip.title))}' is a {equip.type}, not equipment")
            eid = self._new_id(equip, given, path)
            self.objects[eid] = GameObject(eid, equip, pid, pid, Zone.IN_PLAY, area=area, row=row, col=col,
                                           equipped_to=oid)

    # -- steps and checks --------------------------------------------------
    def _step(self, index: int, table: dict[str, Any]) -> Step:
        path: KeyPath = ("step", index)
        verbs = [k for k in table if k in VERBS]
        if len(verbs) > 1:
            raise self.fail(path, f"a step has one verb, this one has {', '.join(verbs)}",
                            "split it into several [[step]] tables")
        verb = verbs[0] if verbs else None
        allowed_keys = COMMON_STEP_KEYS | (VERBS[verb] | {verb} if verb else set())
        for key in table:
            if key not in allowed_keys:
                if key in VERBS or key in set().union(*VERBS.values()):
                    takes = (f"{verb} takes: {', '.join(sorted(VERBS[verb]))}" if VERBS[verb] else
                             f"{verb} takes no other keys") if verb else f"a step needs one verb: {', '.join(VERBS)}"
                    raise self.fail(path + (key,), f"'{shorten(str(key))}' does not go with {verb or 'a step without a verb'}",
                                    takes)
                self.unknown_keys({key: 0}, allowed_keys | set(VERBS), path, "a step")
        if verb is None and "check" not in table:
            raise self.fail(path, "a step needs a verb or checks", f"verbs: {', '.join(VERBS)}")
        value = table.get(verb) if verb else None
        self._check_verb(verb, value, table, path)
        by = table.get("by")
        if by is not None and by not in self.pids:
            raise self.fail(path + ("by",), f"unknown player {_show(by)}", _players_hint(by, self.pids))
        choose = table.get("choose", [])
        if not isinstance(choose, list):
            choose = [choose]
        choose = [self._answer(c, path + ("choose", i)) for i, c in enumerate(choose)]
        rejected, reason, allowed = self._legality(table, path)
        checks = self._checks(table.get("check", {}), path + ("check",), every=True)
        return Step(index + 1, verb, _freeze(value), step_keys(table, verb), by, tuple(choose), rejected,
                    checks, self.src.line_of(path + ((verb,) if verb else ())), reason, allowed)

    def _answer(self, answer: Any, path: KeyPath) -> Any:
        """A ``choose`` answer; a table with ``by`` names the player the rules must ask for it
        (``{ by = "B", answer = "x" }``; ``{ by = "B" }`` explores B's every answer)."""
        if not isinstance(answer, dict) or "by" not in answer:
            return _freeze(answer)
        self.unknown_keys(answer, {"by", "answer"}, path, "an answer that names who gives it")
        by = answer["by"]
        if by not in self.pids:
            raise self.fail(path + ("by",), f"unknown player {_show(by)}", _players_hint(by, self.pids))
        return Answer(by, _freeze(answer["answer"]) if "answer" in answer else OPEN)

    def _legality(self, table: dict[str, Any], path: KeyPath) -> tuple[bool, str | None, bool]:
        """``rejected = true`` (the rules forbid the step), ``rejected = "text"`` (… and the reason
        says so), ``allowed = true`` (the rules allow it): (rejected, reason text, allowed)."""
        rejected = table.get("rejected", False)
        if not isinstance(rejected, (bool, str)):
            raise self.fail(path + ("rejected",), f"rejected must be true or the text of the reason, not {_show(rejected)}",
                            'rejected = true, or rejected = "cannot play plot twists" (words the refusal contains)')
        if isinstance(rejected, str) and not rejected.strip():
            raise self.fail(path + ("rejected",), "rejected cannot be an empty text: every reason contains it",
                            'write rejected = true, or the words the refusal contains')
        allowed = table.get("allowed", False)
        if "allowed" in table and allowed is not True:
            raise self.fail(path + ("allowed",), f"allowed can only be true, not {_show(allowed)}",
                            "to assert that the rules forbid the step, write rejected = true")
        if allowed and "rejected" in table:
            raise self.fail(path + ("allowed",), "a step cannot be both allowed and rejected",
                            "keep allowed = true (the step must be legal) or rejected (it must be refused)")
        reason = rejected.strip() if isinstance(rejected, str) else None
        return rejected is True or reason is not None, reason, allowed is True

    def _known(self, value: Any, path: KeyPath, players: bool = True) -> None:
        """An id (or player) that steps name must exist."""
        names = list(self.objects) + (list(self.pids) if players else [])
        if value not in names:
            near = difflib.get_close_matches(str(value), names, n=3)
            hint = ("did you mean " + " or ".join(f"'{n}'" for n in near) + "?") if near else \
                f"known ids: {', '.join(sorted(self.objects)[:12])}"
            raise self.fail(path, f"unknown id {_show(value)}", hint)

    def _check_verb(self, verb: str | None, value: Any, table: dict[str, Any], path: KeyPath) -> None:
        """The verb's value and the step's keys, as the action reads them (``Action.check_step``)."""
        if verb is not None:
            moves.KINDS[verb].check_step(value, table, _StepReader(self, path))

    def _checks(self, table: Any, path: KeyPath, every: bool) -> tuple[Check, ...]:
        self.expect(table, dict, path, "a table of checks")
        out: list[Check] = []
        for subject, props in table.items():
            spath = path + (subject,)
            if subject == "chain":
                self.expect(props, list, spath, 'a list like ["recruit:ultron", "trigger:ultron"]')
                for entry in props:
                    kind = entry.split(":", 1)[0] if isinstance(entry, str) else None
                    if kind not in CHAIN_KINDS or ":" not in entry:
                        raise self.fail(spath, f"chain entry {_show(entry)} is not KIND:SOURCE-ID",
                                        f"KIND is one of {', '.join(CHAIN_KINDS)}")
                    self._known(entry.split(":", 1)[1], spath, players=False)
                out.append(Check("chain", "", _freeze(props), self.src.line_of(spath), every))
                continue
            if subject not in self.objects and subject not in self.pids:
                self._known(subject, spath)
            if not isinstance(props, dict):
                raise self.fail(spath, f"write checks as {subject}.PROPERTY = VALUE")
            allowed = PLAYER_PROPERTIES if subject in self.pids else OBJECT_PROPERTIES
            for prop, expected in props.items():
                if prop not in allowed:
                    near = difflib.get_close_matches(prop, allowed, n=1)
                    raise self.fail(spath + (prop,), f"unknown property '{shorten(str(prop))}'",
                                    f"did you mean '{near[0]}'?" if near else f"properties: {', '.join(allowed)}")
                self._check_value(prop, expected, spath + (prop,))
                out.append(Check(subject, prop, _freeze(expected), self.src.line_of(spath + (prop,)), every))
        return tuple(out)


    def _check_value(self, prop: str, expected: Any, path: KeyPath) -> None:
        """What a check expects must be a value the property can have: of its type (a list of
        strings for ``has``, whole numbers for counters…), one of its values, a known id or player."""
        wanted = CHECK_TYPES.get(prop)
        if wanted is not None:
            self.expect(expected, wanted[0], path, wanted[1])
        choices = CHECK_VALUES.get(prop)
        if choices is not None and not any(type(c) is type(expected) and c == expected for c in choices):
            raise self.fail(path, f"{prop} cannot be {_show(expected)}",
                            f"use one of {', '.join(_show(c) for c in choices)}")
        if prop in ("affiliations", "has", "target_of") and not all(isinstance(x, str) for x in expected):
            raise self.fail(path, f"'{show_key(path)}' must be {CHECK_TYPES[prop][1]}, not {show(expected)}",
                            f'write {prop} = ["{"Avengers" if prop == "affiliations" else "flight" if prop == "has" else "id"}", …]')
        if prop == "target_of":
            for oid in expected:
                self._known(oid, path, players=False)
        if prop in ("controller", "owner"):
            self._player(expected, self.pids, path)
        if prop == "equipped_to" and expected is not False and expected != "":
            if expected is True:
                raise self.fail(path, "equipped_to cannot be true", 'name the character (equipped_to = "id"), or write false')
            self._known(expected, path, players=False)
        if prop == "counters":
            self.unknown_keys(expected, {"atk", "def"}, path, "counters")
            for key, count in expected.items():
                self.expect(count, int, path + (key,), "a whole number")
                if count < 0:
                    raise self.fail(path + (key,), "a character cannot have fewer than 0 counters",
                                    "counters = { atk = N, def = N } counts +1 ATK / +1 DEF counters")
        if prop == "col" and not (expected is False or expected == "" or
                                  (isinstance(expected, int) and not isinstance(expected, bool) and expected >= 1)):
            raise self.fail(path, f"col cannot be {_show(expected)}",
                            "columns start at 1; false means the card is not in play")


def _explicit_ids(data: Any) -> set[str]:
    """Every id the file gives explicitly, so generated ids never take one of them."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("id"), str) and ("card" in node):
                found.add(node["id"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(data.get("players", {}))
    return found


def step_keys(table: Mapping[str, Any], verb: str | None) -> FrozenMap[str, Any]:
    """The keys a ``[[step]]`` table gives its verb besides the verb's own value (``row``,
    ``targets``, ``costs`` …): every key of the table but ``verb`` and those every step has
    (``by``, ``choose``, ``rejected``, ``allowed``, ``check``, ``note``), each value frozen (lists
    as tuples, tables as :class:`FrozenMap`). The scenario loader, ``session.action_from_step``
    (a step table given to ``vsoracle.Game.take``) and a waiting position's step read them here."""
    return FrozenMap({k: _freeze(v) for k, v in table.items() if k not in COMMON_STEP_KEYS and k != verb})


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return FrozenMap({k: _freeze(v) for k, v in value.items()})
    return value


def _unknown_names(db: CardDB, cards: list[Card]) -> frozenset[str]:
    """The names the texts of the game's ``cards`` use that no card of ``db`` (the database, the
    user's card files, the scenario's own cards) has, nor any of these texts gives (assumption
    A-UNKNOWN-NAME): each resolve that reads one says so."""
    from ..cards.names import KnownNames
    from ..errors import CardTextError
    from ..text.names import names_given, unknown_in
    from ..text.store import parse_stored

    texts = []
    for card in {c.title: c for c in cards if c.text.strip()}.values():
        try:
            texts.append(parse_stored(card.text, card.name))
        except CardTextError:
            continue  # a card of the database that does not parse cannot be played either
    if not texts:
        return frozenset()
    known = KnownNames.of(db, [given for text in texts for given in names_given(text)])
    return unknown_in(texts, known)


def _with_priority(state: GameState) -> GameState:
    from attrs import evolve
    return evolve(state, priority=state.primary_player())


def text_line(text: str, line: int) -> str:
    """Power line ``line`` (from 1) of a card text, as written (blank lines are not lines)."""
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    return lines[line - 1] if 0 < line <= len(lines) else ""


@lru_cache(maxsize=256)
def _unplayable(card: Card) -> tuple[tuple[int, str], ...]:
    """What in a card's text the engine cannot play yet (empty: all of it; see
    :mod:`vsoracle.engine.support`). A text that does not parse is reported where it is read.
    Remembered per card: a deck lists the same card many times (walking the text for each of
    20,000 copies took seconds)."""
    if not card.text.strip():
        return ()
    from ..engine.support import cannot_play
    from ..errors import CardTextError
    from ..text.store import parse_stored

    try:
        return cannot_play(parse_stored(card.text, card.name), card.name, card.type)
    except CardTextError:
        return ()


class _StepReader:
    """The loader as an action's step reader (:class:`vsoracle.engine.moves.StepReader`): each key
    is placed at its line in the file."""

    def __init__(self, loader: _Loader, path: KeyPath) -> None:
        self.loader, self.path = loader, path

    def _at(self, key: str | None) -> KeyPath:
        return self.path + ((key,) if key is not None else ())

    def fail(self, key: str | None, what: str, hint: str | None = None) -> Exception:
        return self.loader.fail(self._at(key), what, hint)

    def known(self, key: str, value: Any, players: bool) -> None:
        self.loader._known(value, self._at(key), players=players)

    def expect(self, key: str, value: Any, types: type | tuple[type, ...], what: str) -> Any:
        return self.loader.expect(value, types, self._at(key), what)

    def show(self, value: Any) -> str:
        return show(value)


def _players_hint(given: Any, pids: Sequence[str]) -> str:
    """The players a scenario has, and the one meant when only the case differs ("B" for a
    [players.b] typed in lower case): player ids are case-sensitive."""
    same = [p for p in pids if isinstance(given, str) and p.casefold() == given.casefold()]
    if same:
        return f"did you mean '{same[0]}'? (player ids are case-sensitive: [players.{same[0]}] defines it)"
    return f"players are {', '.join(pids)}"


def scenario_of_position(position: moves.Position, db: CardDB, path: str = "<position>") -> Scenario:
    """A position (JSON) as a scenario with no checks, for the commands that take ``--position``:
    its state, and for a waiting one the action so far as its one step (which waits again)."""
    state = position.before if isinstance(position, moves.Waiting) else position
    steps: tuple[Step, ...] = ()
    if isinstance(position, moves.Waiting):
        action = position.action
        table = action.to_step()
        steps = (Step(1, action.verb, _freeze(table[action.verb]), step_keys(table, action.verb), action.player,
                      action.choose, False, (), None),)
    ids = tuple(state.objects)
    return Scenario(path, Path(path).stem, "", False, None, (), False, db, state, steps, (), ids)
