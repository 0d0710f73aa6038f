"""The card-text parser: ``grammar/card-text.lark``'s LALR(1) tables, generated into the package.

The lexer (:mod:`vsoracle.text.lexer`) gives some words more than one terminal ("and" may join
clauses, predicates, noun phrases, keywords or names). This module walks the LALR tables
(:mod:`vsoracle.text.tables`) with every reading still alive and keeps the first one, in the
lexer's order of preference, that the grammar can finish: the grammar stays LALR(1) (lark
resolves its shift/reduce conflicts by shifting, so a trailing phrase attaches to the nearest one
it can; it has no reduce/reduce conflict), and a word's role is decided by everything after it.
Few readings stay alive for long (two readings that reach the same parser state are one), so this
costs little. The tokens of that reading are then parsed on the same tables into lark's tree
(:mod:`vsoracle.text.lalr`, of vsoracle's own :mod:`~vsoracle.text.tree`): lark is not imported.

Every failure is a :class:`~vsoracle.errors.CardTextError` with the line, the column, a caret
and what the grammar would have accepted there.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..errors import CardTextError
from ..resources import data_path
from . import lalr
from .lexer import CHOICES, WAY_WORDS, Word, full_stops, prepare, words
from .tables import Tables, packaged
from .tree import Token, Tree

__all__ = ["parse_tree", "grammar_path", "vocabulary", "terminal_words"]

#: At most this many readings are followed at once (the text is an error beyond it).
BEAM = 64

#: The deepest the parser's stack may grow (the printed cards need under 20): deeper is refused,
#: so that each word costs the same whatever the text (copying a stack as deep as the text was
#: quadratic: 'X has "' nested 4,000 times took a second, 20,000 times half a minute).
MAX_DEPTH = 200

# Readable names for the terminals an error can list as expected.
_PRETTY = {
    "SELF": "the card's own name", "WORD": "a word", "NAME": "a name", "NUMBER": "a number",
    "SIGNED": "+N or -N", "SIGN": "+ or -", "POSS": "'s", "_NL": "a new line", "$END": "the end of the text",
    "ARROW": ">>>", "QUOTE": '"', "WAY_PP": "a participle before 'this way'",
}


def grammar_path() -> Path:
    """The grammar file (``grammar/card-text.lark``)."""
    return data_path("grammar") / "card-text.lark"


def _token(w: Word, terminal: str) -> Token:
    return Token(terminal, w.text, w.start, w.line, w.column, w.line, w.column + (w.end - w.start), w.end)


def _choices(w: Word, by_text: Mapping[str, str], known: frozenset[str], names: bool = False) -> tuple[str, ...]:
    """The terminals a word may be, best first."""
    kind = w.kind
    if kind == "nl":
        return ("_NL",)
    if kind == "self":
        return tuple(t for t in ("SELF", "SELF_NAME") if t in known)
    if kind == "name":
        return tuple(t for t in ("NAME", "NAME_NP", "NAME_HEAD") if t in known)
    if kind in ("number", "signed", "sign", "poss", "arrow"):
        return ({"number": "NUMBER", "signed": "SIGNED", "sign": "SIGN", "poss": "POSS", "arrow": "ARROW"}[kind],)
    key = w.key
    also = tuple(t for t in ("NAME", "NAME_NP", "NAME_HEAD") if t in known) if names and w.or_name else ()
    if key in CHOICES:
        return tuple(t for t in CHOICES[key] if t in known) + also
    own = by_text.get(key)
    way = ("WAY_PP",) if key in WAY_WORDS and "WAY_PP" in known else ()  # "discarded this way"
    return ((own,) if own else ("WORD",)) + way + also


def _readings(text: str, tables: Tables) -> list[tuple[Word, str]]:
    """The words of ``text`` with the terminal each one is, in the first reading (by the lexer's
    order of preference) that the LALR tables accept to the end. A sentence's first word is read
    as a name only if the text reads no other way (and a text that reads neither way is reported
    as the grammar's words read it)."""
    ws = words(text, tables.vocabulary)
    try:
        return _read(text, ws, tables, names=False)
    except CardTextError as error:
        first = error
    if any(w.or_name for w in ws):
        try:
            return _read(text, ws, tables, names=True)
        except CardTextError:
            pass
    # "Team Superman characters you control …": a sentence's first word of the grammar's that
    # runs into a name is that name's first word, if the text reads no other way
    joined = words(text, tables.vocabulary, start_names=True)
    if len(joined) != len(ws):
        try:
            return _read(text, joined, tables, names=True)
        except CardTextError:
            pass
    # "Draw a card": a sentence that ends its line is ended there, typed with its full stop or not
    stopped = full_stops(ws)
    if len(stopped) != len(ws):
        for names in (False, True):
            try:
                return _read(text, stopped, tables, names=names)
            except CardTextError:
                pass
    # "a card named Character Assassination": a name made of the game's words, when the text reads
    # no other way (lexer._GAME_NOUNS), with or without the line's full stop
    named = words(text, tables.vocabulary, game_first=False)
    if [w.kind for w in named] != [w.kind for w in ws]:
        for candidate in (named, full_stops(named)):
            for names in (False, True):
                try:
                    return _read(text, candidate, tables, names=names)
                except CardTextError:
                    pass
    raise first from None


def _read(text: str, ws: list[Word], tables: Tables, names: bool) -> list[tuple[Word, str]]:
    by_text, known = tables.words, tables.known
    # A reading: (stack of parser states, terminals chosen so far as a chain (last, the chain
    # before it), so that choosing one more copies nothing: a tuple grown word by word was
    # quadratic in a long text).
    paths: list[tuple[tuple[int, ...], _Chosen]] = [((tables.start,), None)]
    for i, w in enumerate(ws):
        options = _choices(w, by_text, known, names)
        nxt: list[tuple[tuple[int, ...], _Chosen]] = []
        seen: set[tuple[int, ...]] = set()
        for stack, chosen in paths:
            for terminal in options:
                after = _feed(tables, stack, terminal)
                if after is None or after in seen:
                    continue
                if len(after) > MAX_DEPTH:
                    raise CardTextError("the text is nested too deeply here", text=text, column=w.column,
                                        text_line=w.line, hint=f"a power nests a few phrases (at most {MAX_DEPTH} "
                                        "open at once): is a quote or a sentence left open?")
                seen.add(after)
                nxt.append((after, (terminal, chosen)))
        if not nxt:
            raise _stuck(text, ws, i, [stack for stack, _ in paths], tables)
        paths = nxt[:BEAM]
    for stack, chosen in paths:
        if _accepts(tables, stack):
            return list(zip(ws, _unchained(chosen)))
    raise _stuck(text, ws, len(ws), [stack for stack, _ in paths], tables)

#: Terminals chosen so far, the last first: ``(terminal, the chain before it)``, ``None`` for none.
_Chosen = tuple[str, Any] | None


def _unchained(chosen: _Chosen) -> list[str]:
    """The terminals of a chain, first to last."""
    out: list[str] = []
    while chosen is not None:
        out.append(chosen[0])
        chosen = chosen[1]
    out.reverse()
    return out


def _feed(tables: Tables, stack: tuple[int, ...], terminal: str) -> tuple[int, ...] | None:
    """The parser's stack after reading ``terminal`` (reductions, then the shift), or ``None``."""
    rows, rules = tables.rows, tables.rules
    work = list(stack)
    while True:
        action = rows[work[-1]].get(terminal)
        if action is None:
            return None
        if action >= 0:
            work.append(action)
            return tuple(work)
        rule = rules[~action]
        if rule.size:
            del work[-rule.size:]
        work.append(rows[work[-1]][rule.origin])


def _accepts(tables: Tables, stack: tuple[int, ...]) -> bool:
    """Does the text end here (``$END`` reduces to the end state)?"""
    rows, rules = tables.rows, tables.rules
    work = list(stack)
    while True:
        action = rows[work[-1]].get("$END")
        if action is None or action >= 0:
            return False
        rule = rules[~action]
        if rule.size:
            del work[-rule.size:]
        work.append(rows[work[-1]][rule.origin])
        if work[-1] == tables.end:
            return True


def _expected(tables: Tables, stacks: Sequence[tuple[int, ...]]) -> set[str]:
    out: set[str] = set()
    for stack in stacks:
        for terminal in tables.rows[stack[-1]]:
            if terminal.lstrip("_").isupper() or terminal == "$END":  # terminals, not rules
                if _feed(tables, stack, terminal) is not None or terminal == "$END":
                    out.add(terminal)
    return out


def _stuck(text: str, ws: list[Word], i: int, stacks: Sequence[tuple[int, ...]], tables: Tables) -> CardTextError:
    """The error for a text no reading of which parses past word ``i``."""
    expected = _expected(tables, stacks)
    if i >= len(ws):
        lines = text.splitlines() or [""]
        line, column = len(lines), len(lines[-1].rstrip()) + 1
        found = "the end of the text"
    else:
        w = ws[i]
        line, column = w.line, w.column
        if w.kind == "nl":
            found = "the end of the line"
        elif w.kind == "word":
            found = f"'{w.text}' (a word the card-text language does not use)"
        elif w.kind == "self":
            found = "the card's own name"
        else:
            found = f"'{w.text}'"
    accepted = tuple(sorted({_pretty(t) for t in expected}))
    hint = None
    # a word of another game's where the text stopped, or before it ("Destroy target character.")
    hint = None
    for j in range(min(i, len(ws) - 1), -1, -1):
        if j < i and (ws[j].kind == "nl" or ws[j].text in (".", ">>>")):
            break  # the sentence the text stopped in
        hint = _other_game(ws, j)
        if hint is not None:
            break
    if i < len(ws) and ws[i].kind in ("word", "keyword", "name"):
        close = difflib.get_close_matches(ws[i].key, [a for a in accepted if a[:1].isalpha()], n=3, cutoff=0.7)
        if close and hint is None:
            hint = "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
    return CardTextError(f"cannot read {found} here", text=text, column=column, text_line=line, expected=accepted,
                         hint=hint)


#: Words of other card games that Vs. System card text does not use, with what it says instead: the
#: hint of an error stuck on one ("If it is your turn, …": turns are shared by all players).
_OTHER_GAMES = {
    "turn": "Vs. System has no turn of one's own (every player takes part in each turn): say 'if you have "
            "the initiative', or name a phase or step ('during your attack step', 'during the combat phase')",
    "turns": "Vs. System has no turn of one's own (every player takes part in each turn): say 'if you have "
             "the initiative', or name a phase or step ('during your attack step', 'during the combat phase')",
    "even": "Vs. System card text names no even or odd numbers: say the values ('with cost 2 or less', "
            "'with cost X or more')",
    "odd": "Vs. System card text names no even or odd numbers: say the values ('with cost 2 or less', "
           "'with cost X or more')",
    "damage": "Vs. System has no damage: a character is stunned, a player loses endurance ('If you would lose "
              "endurance from breakthrough, …')",
    "dealt": "Vs. System has no damage: a character is stunned, a player loses endurance ('If you would lose "
             "endurance from breakthrough, …')",
    "destroy": "Vs. System says 'KO' ('KO target character')",
    "sacrifice": "Vs. System says 'KO a character you control'",
    "tap": "Vs. System says 'exhaust' ('Exhaust ~ >>> …')", "untap": "Vs. System says 'ready'",
    "graveyard": "Vs. System says 'KO'd pile'", "library": "Vs. System says 'deck'",
    "creature": "Vs. System says 'character'", "creatures": "Vs. System says 'characters'",
    "mana": "Vs. System says 'resource points'", "life": "Vs. System says 'endurance'",
    "exile": "Vs. System says 'remove … from the game'",
}


def _other_game(ws: list[Word], i: int) -> str | None:
    """The hint for a word of another game's card text ("your turn", "even cost", "damage")."""
    if ws[i].kind not in ("word", "keyword", "name"):
        return None
    if ws[i].kind == "name" and not ws[i].start_of_sentence:
        return None  # a name inside a sentence ("Life Model Decoy") is a name
    key = ws[i].text.split()[0].lower() if ws[i].kind == "name" else ws[i].key
    if key in ("turn", "turns") and not (i > 0 and ws[i - 1].key in ("your", "his", "her", "their", "my", "its", "each",
                                                                    "opponent's", "player's", "next", "own")):
        return None  # "this turn", "the turn": the game's own span
    return _OTHER_GAMES.get(key)


@lru_cache(maxsize=1)
def _terminal_words() -> dict[str, str]:
    return {terminal: word for word, terminal in packaged().words.items()}


def terminal_words() -> dict[str, str]:
    """Terminal name → the word it stands for ("STUN" → "stun")."""
    return _terminal_words()


def vocabulary() -> frozenset[str]:
    """Every word of the grammar, lower-case ("target", "ready", "ko'd", …)."""
    return packaged().vocabulary


def _pretty(terminal: str) -> str:
    if terminal in _PRETTY:
        return _PRETTY[terminal]
    for word, terminals in CHOICES.items():  # "HER_OBJ" is "her", "READY_A" is "ready"
        if terminal in terminals:
            return word
    return _terminal_words().get(terminal, terminal.lower())


def parse_tree(text: str, card_name: str | None = None) -> Tree:
    """The tree of ``text`` (``card_name``: the card whose text it is)."""
    if not isinstance(text, str):
        raise CardTextError(f"card text must be a string, not {type(text).__name__}")
    prepared = prepare(text, card_name)
    tables = packaged()
    try:
        return lalr.parse(tables, [_token(w, t) for w, t in _readings(prepared, tables)])
    except CardTextError as error:
        error.text = text
        # "Team Superman characters you control …" on Superman: the name after a sentence's first
        # word may end a longer name, if the text reads no other way
        named = prepare(text, card_name, start_names=True)
        if named == prepared:
            raise
        try:
            return lalr.parse(tables, [_token(w, t) for w, t in _readings(named, tables)])
        except CardTextError:
            raise error from None
