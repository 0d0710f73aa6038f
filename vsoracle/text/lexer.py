"""Words of card text, before the grammar sees them.

Card text is English set in a house style, and a few of its words mean different things in
different places: "and" joins clauses, predicates, noun phrases, keywords or names; a comma
separates clauses or the items of a list; a capitalised word at the start of a sentence is a
keyword ("Ready characters …") or a name ("Defenders characters …"). An LALR(1) grammar cannot
wait to see which, so this lexer gives each such word every terminal it may be, in order of
preference, and :mod:`vsoracle.text.syntax` keeps the reading the grammar can finish.

What the lexer decides on its own, by the house style of the cards:

* the card's own name, or ``~`` standing for it, is one ``SELF`` token wherever the text says it
  (``prepare`` has put placeholder characters there, so columns stay true);
* a capitalised word inside a sentence is part of a **name** (an affiliation, a version, a
  card's name, a trait): "Masters of Evil", "Heroes for Hire", "Darkseid's Elite", "X-Men",
  "S.H.I.E.L.D.". Lower-case "of", "for" and "the" between capitalised words belong to the
  name, and so does "'s" followed by another capitalised word. The game's capitalised tokens
  (ATK, DEF — also typed Atk, Def — KO, KO'd, X) are not names, but an X that ends a name
  before a noun is the name's ("Weapon X characters");
* a capitalised word at the start of a sentence (after a line break, ".", ">>>", ":" or an
  opening quote) is the grammar's word if the grammar has it ("Draw", "Stun"), else the first
  word of a name ("Masters of Evil characters you control …"); a word of both that stands
  alone may be either, the grammar's word first ("Defenders get …", "Defenders characters …"),
  and one that runs into more capitalised words is the first word of that name when the text
  reads no other way ("Team Superman characters you control …");
* "non-" before a word is its own token ("non-Army", "non-stunned");
* a dash with a space on each side ("Concealed – Optional", as a reminder-text source spells the
  keyword; the en dash is a hyphen by then), or two hyphens ("Concealed--Optional", as users type
  it), is the keyword dash "—"; a no-break space is a space;
* reminder text in parentheses is read by people, not by the rules: it is left out.
"""

from __future__ import annotations

import re
from typing import Iterator, Mapping

from attrs import frozen

from ..errors import CardTextError
from .vocabulary import KEYWORD_WORDS

__all__ = ["Word", "words", "full_stops", "SELF_CHAR", "CHOICES", "WAY_WORDS", "prepare"]

#: The private-use character that stands for each letter of the card's own name.
SELF_CHAR = "\ue000"

# One character for one character, so columns in the prepared text are columns in the card's.
_SAME_WIDTH = str.maketrans({"’": "'", "‘": "'", "–": "-", "−": "-", "“": '"', "”": '"', "\t": " ", "\u00a0": " "})

_RAW = re.compile(r"""
    (?P<nl>[ \t\r]*\n[ \t\r\n]*)
  | (?P<space>[ \t\r]+)
  | (?P<reminder>\([^()\n]*\))
  | (?P<arrow>>>>)
  | (?P<self>\ue000+)
  | (?P<signed>[+-](?:\d+|X)(?![A-Za-z0-9]))
  | (?P<sign>[+-](?=[A-Za-z]))
  | (?P<dash>(?<=[ \t])-(?=[ \t])|--)
  | (?P<number>\d+)
  | (?P<abbr>(?:[A-Z]\.){2,}|(?:Mr|Mrs|Ms|Dr|St)\.(?=\s+[A-Z]))
  | (?P<word>[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+|'(?!s\b)[A-Za-z]+)*)
  | (?P<poss>'s\b|'(?=[\s.,]|$))
  | (?P<punct>[,.:;/"—])
""", re.VERBOSE)

#: Capitalised words inside a sentence that are the game's own tokens, not names.
_GAME_CAPS = {"ATK": "atk", "DEF": "def", "Atk": "atk", "Def": "def", "KO": "ko", "KO'd": "ko'd", "KO's": "ko's", "KOs": "kos", "X": "x",
              "Ko'd": "ko'd", "Ko's": "ko's", "KO'ed": "ko'd", "KOed": "ko'd"}  # "is Ko'd", "KO'ed": typed so
#: The game's words a capitalised word inside a sentence is before it is a name: the keywords
#: (cards and sources capitalise them: "has Flight", "Characters with Range") and endurance.
_GAME_WORDS = KEYWORD_WORDS | {"endurance", "willpower"}
#: The game's nouns, states and determiners, read as the game's words when typed capitalised inside
#: a sentence ("target Character", "a Plot Twist", "your Resource Row", "a Stunned character");
#: "defenders" is not among them (a team: "Defenders characters").
_GAME_NOUNS = frozenset({
    "character", "characters", "attacker", "attackers", "defender", "resource", "resources", "card", "cards",
    "player", "players", "opponent", "opponents", "plot", "twist", "twists", "location", "locations", "equipment",
    "stunned", "exhausted", "ready", "hand", "deck", "row", "area", "pile", "phase", "combat", "recovery", "build",
    "front", "support", "hidden", "visible", "face-up", "face-down", "target", "another", "other", "all", "each",
    "you", "your", "turn"})
#: The nouns before which an "X" that follows a name ends that name ("Weapon X characters").
_NAME_X_HEADS = frozenset({"character", "characters", "card", "cards", "attacker", "attackers", "defender",
                           "defenders", "plot", "location", "locations", "equipment"})
#: Lower-case words that continue a name between two capitalised words.
_NAME_LINKS = ("of", "for", "the", "of the")
#: Two pronouns typed with a slash ("his/her hand"), as the cards print them ("his or her hand").
_SLASHED = frozenset({("his", "her"), ("he", "she"), ("him", "her")})
#: Contractions, spelt out.
_SPELT = {"can't": ("cannot",), "cannot": ("cannot",), "doesn't": ("does", "not"), "don't": ("do", "not"),
          "didn't": ("did", "not"), "isn't": ("is", "not"), "aren't": ("are", "not"), "wasn't": ("was", "not"),
          "weren't": ("were", "not"), "it's": ("it", "is"), "you're": ("you", "are"), "haven't": ("have", "not"),
          "hasn't": ("has", "not")}

#: What a word may be, beyond its own keyword terminal: the grammar's refined terminals for the
#: words whose role depends on what follows them (the syntax module keeps what parses).
CHOICES: Mapping[str, tuple[str, ...]] = {
    "and": ("AND_VP", "AND_NP", "AND_KW", "AND_C", "AND_NAME", "AND_ZONE", "AND_PUT", "AND_HEAD", "AND_WITH", "AND"),
    "or": ("OR", "OR_VP", "OR_NP", "OR_C", "OR_NAME", "OR_ZONE", "OR_HEAD", "OR_KW", "OR_GROUP"),
    ",": ("COMMA", "COMMA_LIST", "COMMA_KW", "COMMA_MOD", "COMMA_VP"),
    "her": ("HER", "HER_OBJ"),
    "ready": ("READY", "READY_A"),
    "this": ("THIS", "THIS_SPAN"),
    "from": ("FROM", "FROM_V"),
    "other": ("OTHER", "OTHER_ONE"),
    "the": ("THE", "THE_ROW"),
    "one": ("ONE", "ONE_NP"),  # "put one into your hand": one of them
    "each": ("EACH", "EACH_VP"),  # "X and Y each get +2 ATK"
    "willpower": ("WILLPOWER", "WILLPOWER_STAT"),  # "with willpower 3 or more": the stat
    "cosmic": ("COSMIC", "COSMIC_A"),  # "a cosmic counter", "target cosmic character" (HoG FAQ 2.2)
    "it": ("IT", "IT_STEP"),  # "if it is your combat phase"  # "in the support row": a row, whoever's it is
}
#: Participles that may also be read before "this way" ("for each card discarded this way"): their
#: second terminal, WAY_PP, after their own.
WAY_WORDS = frozenset({"stunned", "ko'd", "exhausted", "readied", "recovered", "discarded", "returned", "removed",
                       "moved", "put", "revealed", "shuffled"})


@frozen
class Word:
    """One word of the text: where it is, what it says, and the terminals it may be (best first).

    ``kind`` is "keyword" (its lower-case text names a terminal), "name", "self", "number",
    "signed" (+2, -X), "sign" (the + of "+ATK"), "poss" ('s), "punct", "arrow", "nl" or "word"
    (a lower-case word the grammar has no use for)."""

    kind: str
    text: str
    start: int
    end: int
    line: int
    column: int
    start_of_sentence: bool = False
    #: a capitalised word of the grammar's at the start of a sentence that could also be a
    #: one-word name ("Defenders characters you control …"): the grammar's word first
    or_name: bool = False

    @property
    def key(self) -> str:
        """The word as the grammar spells it: lower case, contractions spelt out elsewhere."""
        if self.kind in ("keyword", "word"):
            return _GAME_CAPS.get(self.text, self.text.lower())
        return self.text


def prepare(text: str, card_name: str | None, start_names: bool = False) -> str:
    """The text the grammar reads, as long as ``text``, column for column.

    ’ ‘ – − become ' and -; ``~`` and the card's own name (a whole word sequence, not followed by
    another capitalised word, nor after one inside a sentence: "Team Superman" on Superman) become
    SELF characters; with ``start_names``, not after a sentence's first word either ("Team Superman
    characters you control …", the reading tried when the other fails). Reminder text in
    parentheses is kept as written."""
    if SELF_CHAR in text:
        index = text.index(SELF_CHAR)
        raise CardTextError("the text contains U+E000, a character vsoracle reserves", text=text,
                            column=index - text.rfind("\n", 0, index), text_line=text.count("\n", 0, index) + 1)
    text = _tilde_is_self(text.translate(_SAME_WIDTH))
    if not card_name or not card_name.strip():
        return text
    # the name's words with any run of spaces between them: the name typed with a space twice is the card's
    name = r"[ \t]+".join(re.escape(part) for part in card_name.translate(_SAME_WIDTH).split())
    pattern = re.compile(r"(?<![\w'-])" + name + r"(?![\w-]|'(?!s\b)| (?!(?:ATK|DEF|KO|KO's|KOs|KO'd|X)\b)[A-Z])")
    def own(m: re.Match[str]) -> str:
        # "Heralds of Galactus" on Galactus: the name ends a longer name, so it is that name's
        # ("Team Superman" on Superman; but in "KO Overdrive Overdrive" the word before is the name itself)
        after_self = m.string.endswith(m.group(0) + " ", 0, m.start())
        if _ends_a_name_link(m.string, m.start()) or (not after_self and _ends_a_name_word(m.string, m.start(),
                                                                                           start_names)):
            return m.group(0)
        return SELF_CHAR * len(m.group(0))

    pieces, last = [], 0
    for match in re.finditer(r"\([^()\n]*\)", text):
        pieces.append(pattern.sub(own, text[last:match.start()]))
        pieces.append(match.group(0))
        last = match.end()
    pieces.append(pattern.sub(own, text[last:]))
    return "".join(pieces)


def _tilde_is_self(text: str) -> str:
    """``~`` is the card's own name wherever a name can stand, as rules columns and FAQs write it
    ("When ~ comes into play, draw a card."): one SELF character for it, outside reminder text."""
    if "~" not in text:
        return text
    pieces, last = [], 0
    for match in re.finditer(r"\([^()\n]*\)", text):
        pieces.append(text[last:match.start()].replace("~", SELF_CHAR))
        pieces.append(match.group(0))
        last = match.end()
    pieces.append(text[last:].replace("~", SELF_CHAR))
    return "".join(pieces)


#: The links between a capitalised word and the card's name that make the name the end of a longer
#: one ("Heralds of Galactus", "Masters of Evil").
_NAME_LINKS_BEFORE = (" of the ", " of ", " for ", " the ")


def _is_word_char(ch: str) -> bool:
    """A character of ``[\\w'-]``: a letter, a digit, ``_``, an apostrophe or a hyphen."""
    return ch.isalnum() or ch in "_'-"


def _ends_a_name_link(text: str, end: int) -> bool:
    """Does ``text[:end]`` end with a capitalised word and a link ("of", "of the", "for", "the"), as
    in "Heralds of " before "Galactus"? Looks back only over that word, so reading a text that
    names its card thousands of times stays linear (a search from the start of the text for every
    mention took 35 s for 270 KB)."""
    for link in _NAME_LINKS_BEFORE:
        if not text.endswith(link, 0, end):
            continue
        stop = end - len(link)
        start = stop
        while start > 0 and _is_word_char(text[start - 1]):
            start -= 1
        if start < stop and "A" <= text[start] <= "Z":
            return True
    return False


def _ends_a_name_word(text: str, end: int, start_names: bool = False) -> bool:
    """Does ``text[:end]`` end with a capitalised word inside a sentence, as "Other Team " before
    "Superman"? Then the card's name is the end of a longer name ("Team Superman" on Superman). A
    capitalised word that opens a sentence ("Ready Superman") or is one of the game's (ATK, KO) is
    not a name's (with ``start_names``, one that opens a sentence is). Looks back over that word
    and the space before it only."""
    if not text.endswith(" ", 0, end):
        return False
    stop = end - 1
    start = stop
    while start > 0 and _is_word_char(text[start - 1]):
        start -= 1
    word = text[start:stop]
    if not word or not "A" <= word[0] <= "Z" or word in _GAME_CAPS or word.lower() in _GAME_NOUNS:
        return False  # "…, Ready ~": the game's word before the card's name, not a name's
    before = text[:start].rstrip(" ")
    return start_names or (bool(before) and before[-1] not in '\n.:>"—')


def _raw(text: str) -> Iterator[tuple[str, str, int, int]]:
    """(kind, text, start, end) for each piece of the prepared text; unknown characters raise."""
    pos = 0
    while pos < len(text):
        m = _RAW.match(text, pos)
        if m is None:
            line = text.count("\n", 0, pos) + 1
            column = pos - text.rfind("\n", 0, pos)
            raise CardTextError(f"cannot read {text[pos]!r} here", text=text, text_line=line, column=column)
        kind = m.lastgroup or ""
        yield kind, m.group(0), m.start(), m.end()
        pos = m.end()


def _split_words(text: str) -> list[tuple[str, str, int, int]]:
    """Raw pieces, with "non-X" split, "KO's" kept whole, a spaced dash as "—", and spaces and reminders
    dropped."""
    out: list[tuple[str, str, int, int]] = []
    for kind, value, start, end in _raw(text):
        if kind in ("space", "reminder"):
            continue
        if kind == "dash":  # "Concealed – Optional": a spaced en dash (or hyphen) is the keyword's dash
            out.append(("punct", "—", start, end))
            continue
        if kind == "word" and value[:4].lower() == "non-" and len(value) > 4:
            out.append(("word", value[:3], start, start + 3))
            out.append(("word", value[4:], start + 4, end))
            continue
        if kind == "poss" and out and out[-1][0] == "word" and out[-1][1] in ("KO", "it", "It") and value == "'s":
            out[-1] = ("word", out[-1][1] + "'s", out[-1][2], end)  # "KO's" a verb, "it's" is "it is"
            continue
        out.append((kind, value, start, end))
    return out


def words(text: str, vocabulary: frozenset[str], start_names: bool = False, game_first: bool = True) -> list[Word]:
    """The words of a prepared text (see the module docstring); ``vocabulary`` is the set of
    lower-case words the grammar has as keywords. With ``start_names``, a word of the grammar's
    that opens a sentence and runs into more capitalised words is the first word of that name
    ("Team Superman characters you control …"): the reading tried when the others fail. Without
    ``game_first``, a capitalised noun of the game inside a sentence starts a name as any other
    capitalised word ("a card named Character Assassination"): the reading tried last."""
    pieces = _split_words(text)
    out: list[Word] = []
    starts = True
    # where the line of the current piece starts, kept as the pieces go (counting from the start
    # of the text for every word was quadratic in a long text)
    line, line_start, counted = 1, 0, 0
    quotes = 0  # quotes so far on the current line: the next one closes when it is odd
    i = 0
    while i < len(pieces):
        kind, value, start, end = pieces[i]
        newlines = text.count("\n", counted, start)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", counted, start) + 1
        counted = start
        column = start - line_start + 1
        if kind == "word" or kind == "abbr":
            pair = (value.lower(), pieces[i + 2][1].lower()) if i + 2 < len(pieces) \
                and pieces[i + 1][1] == "/" and pieces[i + 2][0] == "word" else ("", "")
            if pair in _SLASHED:  # "his/her hand": "his or her hand", as the cards print it
                for said, (_, _, s0, e0) in zip((pair[0], "or", pair[1]), pieces[i:i + 3]):
                    out.append(Word("keyword", said, s0, e0, line, column + s0 - start, starts and s0 == start))
                starts = False
                i += 3
                continue
            if value.lower() == "can" and i + 1 < len(pieces) and pieces[i + 1][0] == "word" \
                    and pieces[i + 1][1] == "not":  # "can not": "cannot"
                out.append(Word("keyword", "cannot", start, pieces[i + 1][3], line, column, starts))
                starts = False
                i += 2
                continue
            if value.lower() in _SPELT and kind == "word":
                for n, part in enumerate(_SPELT[value.lower()]):
                    out.append(Word("keyword", part, start, end, line, column, starts and n == 0))
                starts = False
                i += 1
                continue
            capital = value[:1].isupper()
            if capital and value in _GAME_CAPS:
                out.append(Word("keyword", value, start, end, line, column, starts))
            elif capital and not starts and value.lower() in _GAME_WORDS and value.lower() in vocabulary \
                    and _name_end(pieces, i) == i + 1:
                # "has Flight", "1 or more Endurance": a keyword or endurance typed capitalised is the
                # game's word, a one-word name only if the text reads no other way
                out.append(Word("keyword", value, start, end, line, column, starts, or_name=True))
            elif capital and not starts and game_first and value.lower() in _GAME_NOUNS and value.lower() in vocabulary:
                # "stun target Character", "a Stunned Avengers character", "your Resource Row": a noun,
                # state or determiner of the game typed capitalised is the game's word (and a name of
                # such words, "Character Assassination", is read when this reading fails: syntax)
                out.append(Word("keyword", value, start, end, line, column, starts,
                                or_name=_name_end(pieces, i) == i + 1))
            elif capital and not (starts and value.lower() in vocabulary
                                  and not (start_names and _name_end(pieces, i) > i + 1)):
                j = _name_end(pieces, i, game_first)
                last = pieces[j - 1]
                # one space between a name's words, however many were typed ("Heroes  for Hire")
                out.append(Word("name", " ".join(text[start:last[3]].split()), start, last[3], line, column,
                                starts))
                i = j
                starts = False
                continue
            elif value.lower() in vocabulary or (starts and capital):
                # a name before a noun: "Defenders characters …" (not "Draw" alone)
                named = starts and capital and _name_end(pieces, i) == i + 1 and i + 1 < len(pieces) \
                    and pieces[i + 1][0] == "word" and pieces[i + 1][1].islower()
                out.append(Word("keyword", value, start, end, line, column, starts, or_name=named))
            else:
                out.append(Word("word", value, start, end, line, column, starts))
            starts = False
        elif kind == "nl":
            out.append(Word("nl", value, start, end, line, column))
            starts = True
            quotes = 0
        else:
            out.append(Word(kind, value, start, end, line, column, starts))
            closing = value == '"' and quotes % 2 == 1
            quotes += value == '"'
            starts = kind == "arrow" or value in (".", ":", '"') and not closing
            if closing and len(out) > 2 and out[-2].text == "." and _ends_sentence(pieces, i + 1):
                # 'has "… this turn."': the quoted power's period ends the outer sentence too
                out.append(Word("punct", ".", end, end, line, column + 1))
                starts = True
        i += 1
    return out


def full_stops(ws: list[Word]) -> list[Word]:
    """The words with a full stop after each line's last word that is not one (nor a colon, a
    quote or ">>>"): a sentence typed without its stop ("Draw a card"), read as printed. The stop
    takes no room in the text, so columns stay true."""
    out: list[Word] = []
    for i, w in enumerate(ws):
        out.append(w)
        last = i + 1 == len(ws) or ws[i + 1].kind == "nl"
        if last and w.kind != "nl" and not (w.kind in ("punct", "arrow") and w.text in (".", ":", '"', ">>>")):
            out.append(Word("punct", ".", w.end, w.end, w.line, w.column + (w.end - w.start)))
    return out


def _ends_sentence(pieces: list[tuple[str, str, int, int]], i: int) -> bool:
    """Nothing but the end of the line (or a new sentence) follows a closing quote."""
    if i >= len(pieces) or pieces[i][0] == "nl":
        return True
    kind, value = pieces[i][0], pieces[i][1]
    return kind == "word" and value[:1].isupper()


def _name_end(pieces: list[tuple[str, str, int, int]], i: int, game_first: bool = False) -> int:
    """The index just after the name that starts at ``pieces[i]``: capitalised words, joined by
    "of"/"for"/"the" or by "'s" when another capitalised word follows; with ``game_first``, not a
    noun of the game's after it ("X-Men Character": the name is "X-Men")."""
    j = i + 1
    while j < len(pieces):
        kind, value, _, _ = pieces[j]
        if game_first and kind == "word" and value.lower() in _GAME_NOUNS:
            break
        if kind in ("word", "abbr") and value[:1].isupper() and value not in _GAME_CAPS:
            j += 1
            continue
        if kind == "word" and value == "X" and j + 1 < len(pieces) and pieces[j + 1][1] in _NAME_X_HEADS:
            j += 1  # "Weapon X characters": an X that ends a name before a noun is the name's
            continue
        if kind == "word" and value in ("of", "for", "the"):
            k = j + 1
            if value == "of" and k < len(pieces) and pieces[k][1] == "the":
                k += 1
            if k < len(pieces) and pieces[k][0] == "word" and pieces[k][1][:1].isupper() \
                    and pieces[k][1] not in _GAME_CAPS:
                j = k
                continue
        if kind == "poss" and value == "'s" and j + 1 < len(pieces):
            nxt = pieces[j + 1]
            if nxt[0] == "word" and nxt[1][:1].isupper() and nxt[1] not in _GAME_CAPS:
                j += 1
                continue
        break
    return j
