"""Phrasing probe: does a card's text read the same when it is written the other ways Vs. System
printed it, or users type it?

Takes every text line of the corpora (the shared card-text corpus and real-card files, the
database's cards/*.toml, docs/research/real-cards-found.toml), applies one meaning-preserving
variation at a time ("his or her" / "his", "this turn" / "until end of turn", "can't", "two" /
"2", a curly apostrophe, "Flight" mid-sentence, …) and reads the variant beside the original:

* same — both read to the same AST;
* unread — the variant is refused (a plausible phrasing vsoracle does not read);
* same in play — another AST that plays the same ("each character you control gets" /
  "characters you control get");
* refused — another AST the engine refuses by name where the original plays ("he or she gets
  +2 DEF": "he or she" is a player's pronoun, and a player has no DEF);
* misread — another AST that plays: a silent misreading unless the variation was not
  meaning-preserving there (inspect each one; ``--show misread`` prints them).

Usage: ``python tools/phrasing_probe.py [--show unread|misread|all] [--kind NAME]``. Prints the
figures per variation; exit 0 always (it measures; tests/text/test_phrasings.py pins what must hold).
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import attrs  # noqa: E402

from vsoracle.engine.support import cannot_play  # noqa: E402
from vsoracle.errors import CardTextError  # noqa: E402
from vsoracle.text import nodes as n  # noqa: E402
from vsoracle.text.read import read_card_text  # noqa: E402

SOURCES = [Path("/work/shared/card-text-corpus.toml"), Path("/work/shared/real-cards.toml"),
           ROOT / "docs/research/real-cards-found.toml", *sorted((ROOT / "cards").glob("*.toml"))]

KEYWORDS = ("flight", "range", "reservist", "concealed", "invulnerability", "willpower", "loyalty",
            "cosmic", "boost", "evasion", "leader", "ally", "team attack", "stealth", "recover")

NUMBERS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
           "eight": "8", "nine": "9", "ten": "10"}


def _sub(pattern: str, repl: str | Callable[[re.Match[str]], str], flags: int = 0) -> Callable[[str], str]:
    compiled = re.compile(pattern, flags)
    return lambda text: compiled.sub(repl, text)


def _keep_case(word: str) -> Callable[[re.Match[str]], str]:
    """A replacement that keeps the matched text's first letter's case."""
    def repl(m: re.Match[str]) -> str:
        return word[0].upper() + word[1:] if m.group(0)[0].isupper() else word
    return repl


def _cap_keyword(m: re.Match[str]) -> str:
    return m.group(1) + m.group(2).title()


def _plural_each(m: re.Match[str]) -> str:
    noun, rest, verb = m.group(2), m.group(3), m.group(4)
    plural = noun + ("es" if noun.endswith("s") else "s")
    first = plural[0].upper() + plural[1:] if m.group(1)[0].isupper() else plural
    return f"{first}{rest} {verb[:-1] if verb.endswith('s') else verb}"


_THIRD_PERSON = {"get": "gets", "have": "has", "gain": "gains", "are": "is"}


def _singular_each(m: re.Match[str]) -> str:
    noun, rest, verb = m.group(2), m.group(3), m.group(4)
    each = "Each" if m.group(2)[0].isupper() else "each"
    singular = noun[:-1].lower()
    return f"{m.group(1)}{each} {singular}{rest} {_THIRD_PERSON[verb]}"


#: (name, function): each variation, applied to every place it matches in a line.
VARIATIONS: list[tuple[str, Callable[[str], str]]] = [
    ("his or her -> their", _sub(r"\b([Hh])is or her\b", lambda m: "Their" if m.group(1) == "H" else "their")),
    ("his or her -> his", _sub(r"\b([Hh])is or her\b", r"\1is")),
    ("he or she -> he", _sub(r"\b([Hh])e or she\b", r"\1e")),
    ("his -> his or her", _sub(r"\b([Hh])is\b(?! or)", r"\1is or her")),
    ("he -> he or she", _sub(r"\b([Hh])e\b(?! or)", r"\1e or she")),
    ("him -> him or her", _sub(r"\b([Hh])im\b(?! or)", r"\1im or her")),
    ("his -> their", _sub(r"\b([Hh])is\b(?! or)", lambda m: "Their" if m.group(1) == "H" else "their")),
    ("this turn -> until end of turn", _sub(r"\bthis turn\b", "until end of turn")),
    ("this turn -> until the end of the turn", _sub(r"\bthis turn\b", "until the end of the turn")),
    ("until end of turn -> this turn", _sub(r"\buntil (?:the )?end of (?:the )?turn\b", "this turn")),
    ("gets -> gains", _sub(r"\bgets\b(?= [+-])", "gains")),
    ("get -> gain", _sub(r"\bget\b(?= [+-])", "gain")),
    ("gains -> gets", _sub(r"\bgains\b(?! \d| X| endurance)", "gets")),
    ("gain -> get", _sub(r"\bgain\b(?! \d| X| endurance)", "get")),
    ("' -> ’", _sub(r"'", "’")),
    ("— -> –", _sub(r"—", " – ")),
    ("— -> -", _sub(r"—", " - ")),
    ("— -> spaced —", _sub(r"—", " — ")),
    (">>> unspaced", _sub(r"\s*>>>\s*", ">>>")),
    (">>> double spaced", _sub(r"\s*>>>\s*", "  >>>  ")),
    ("ATK/DEF -> ATK and DEF", _sub(r"(ATK) ?/ ?([+-])", r"\1 and \2")),
    ("ATK and DEF -> ATK/DEF", _sub(r"(ATK) and ([+-]\w+ DEF)", r"\1/\2")),
    ("ATK/DEF -> spaced slash", _sub(r"(ATK)/([+-])", r"\1 / \2")),
    ("each X gets -> Xs get", _sub(r"\b([Ee]ach) (character|attacker|defender|resource|card)\b((?: [a-z]+)*?) (gets|has|gains|is|cannot|can)\b",
                                   lambda m: _plural_each(m) if m.group(4) not in ("is", "cannot", "can") else
                                   _plural_each_aux(m))),
    ("Xs get -> each X gets", _sub(r"(^|[.>:] )(Characters|characters|Attackers|attackers|Defenders|defenders)((?: [a-z]+)*?) (get|have|gain)\b(?! [a-z]+ (?:the|that) )",
                                   _singular_each)),
    ("cannot -> can't", _sub(r"\b([Cc])annot\b", r"\1an't")),
    ("can't -> cannot", _sub(r"\b([Cc])an't\b", r"\1annot")),
    ("does not -> doesn't", _sub(r"\b([Dd])oes not\b", r"\1oesn't")),
    ("doesn't -> does not", _sub(r"\b([Dd])oesn't\b", r"\1oes not")),
    ("is not -> isn't", _sub(r"\b([Ii])s not\b", r"\1sn't")),
    ("that character's controller -> its controller", _sub(r"\bthat character's controller\b", "its controller")),
    ("its controller -> that character's controller", _sub(r"\bits controller\b", "that character's controller")),
    ("number word -> digit", _sub(r"\b(one|two|three|four|five|six|seven|eight|nine|ten)\b(?= (?:cards?|characters?|"
                                  r"endurance|counters?|resources?|times|or more|or fewer|or less|[+-]?\d*ATK|"
                                  r"(?:[a-zA-Z'-]+ )?(?:cards?|characters?|counters?)))",
                                  lambda m: NUMBERS[m.group(1)])),
    ("digit -> number word", _sub(r"(?<![+\-\w/])\b(1|2|3|4|5|6|7|8|9|10)\b(?= (?:cards?|characters?|endurance|counters?|"
                                  r"resources?|times|or more|or fewer|or less|(?:[a-zA-Z'-]+ )?(?:cards?|characters?|counters?)))",
                                  lambda m: {v: k for k, v in NUMBERS.items()}[m.group(1)])),
    ("keyword capitalised mid-sentence", _sub(r"((?<=[a-z,] )|(?<=[a-z], ))(" + "|".join(KEYWORDS) + r")\b", _cap_keyword)),
    ("KO'd -> KO’d", _sub(r"KO'd", "KO’d")),
    ("KO'd -> Ko'd", _sub(r"\bKO'd\b", "Ko'd")),
    ("double space", _sub(r"(?<=\w) (?=\w)", "  ")),
    ("no final stop", _sub(r"\.\s*$", "")),
    ("trailing space", _sub(r"$", " ")),
    ("ATK -> Atk", _sub(r"\bATK\b", "Atk")),
    ("ATK -> atk", _sub(r"\bATK\b", "atk")),
    ("spaced slash -> unspaced", _sub(r"(ATK|DEF) / ([+-])", r"\1/\2")),
    ("his or her -> his/her", _sub(r"\b([Hh])is or her\b", r"\1is/her")),
    ("cannot -> can not", _sub(r"\b([Cc])annot\b", r"\1an not")),
    ("KO'd -> KO'ed", _sub(r"\bKO'd\b", "KO'ed")),
    ("face down -> face-down", _sub(r"\bface (down|up)\b", r"face-\1")),
    ("his -> her (a player's)", _sub(r"\b([Hh])is\b(?! or)(?= (?:hand|deck|KO'd pile|resource row|own|controller|opponents?)\b)",
                                     lambda m: "Her" if m.group(1) == "H" else "her")),
    ("he -> she (a player)", _sub(r"(?<=[.,] )he\b(?! or)(?= (?:draws|discards|does|controls|may|pays|loses|gains|reveals|puts|shuffles|chooses))",
                                  "she")),
    ("a card -> one card", _sub(r"\b(draws?|discards?) a card\b", r"\1 one card")),
    ("When -> Whenever (comes into play)", _sub(r"\bWhen (\S+(?: \S+)*?) (comes|enters) (into )?play\b", r"Whenever \1 \2 \3play")),
    ("at the start of -> at the beginning of", _sub(r"\b([Aa])t the start of\b", r"\1t the beginning of")),
    ("space -> no-break space", _sub(r"(?<=\w) (?=\w)", "\u00a0")),
    ("— -> --", _sub(r"\s*—\s*", "--")),
    ("two spaces after a stop", _sub(r"\. (?=[A-Z])", ".  ")),
    ("KO'd pile -> KO pile", _sub(r"\bKO'd pile\b", "KO pile")),
    ("N or more -> at least N", _sub(r"\b(\d+|one|two|three|four|five) or more\b(?! [a-z]+ than)", r"at least \1")),
    ("at least N -> N or more", _sub(r"\bat least (\d+|one|two|three|four|five)( [A-Za-z' -]*?(?:characters?|cards?|endurance))",
                                    r"\1 or more\2")),
    ("this attack -> until end of attack", _sub(r"(?<!from )\bthis attack\b", "until end of attack")),
    ("face-down -> face down", _sub(r"\bface-(down|up)\b", r"face \1")),
    ("endurance -> Endurance mid-sentence", _sub(r"(?<=[a-z0-9] )endurance\b", "Endurance")),
]


#: Game words users capitalise inside a sentence ("target Character", "your Resource Row", "a
#: Stunned character"): each capitalised on its own, a variation of its own.
CAPITALISED = ("character", "characters", "attacker", "attackers", "defender", "resource",
               "resources", "card", "cards", "player", "opponent", "opponents", "plot twist", "location",
               # not "defenders": a team is named so ("all Defenders" is the team's characters)
               "equipment", "resource row", "front row", "support row", "hidden area", "hand", "deck",
               "stunned", "exhausted", "ready", "face-up", "face-down", "team attack", "endurance", "turn",
               "phase", "combat phase", "recovery phase", "build phase", "you", "your", "target", "another",
               "each", "other", "all", "ATK", "DEF")
for _word in CAPITALISED:
    VARIATIONS.append((f"{_word} -> {_word.title()} mid-sentence",
                       _sub(r"(?<=[a-z0-9,] )" + re.escape(_word) + r"\b(?!-)", _word.title())))


def _plural_each_aux(m: re.Match[str]) -> str:
    noun, rest, verb = m.group(2), m.group(3), m.group(4)
    plural = noun + "s"
    first = plural[0].upper() + plural[1:] if m.group(1)[0].isupper() else plural
    return f"{first}{rest} {'are' if verb == 'is' else verb}"


VERDICTS = ("same", "same in play", "refused", "unread", "misread")


def lines() -> Iterator[tuple[str, str, str | None]]:
    """(where, text, card name) for every power line of every source."""
    for path in SOURCES:
        if not path.exists():
            continue
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for entry in data.get("line", []) + data.get("card", []):
            name = entry.get("name")
            for number, line in enumerate(str(entry.get("text", "")).splitlines(), 1):
                if line.strip():
                    yield f"{path.name}:{name}:{number}", line.strip(), name


def read(text: str, name: str | None) -> n.CardText | None:
    try:
        return read_card_text(text, name)
    except CardTextError:
        return None


def _in_play(node: Any) -> Any:
    """The AST with the differences that play the same made one: "each character" and "characters"
    as a step's or a modifier's objects (both are all of them: effects.how_many)."""
    if isinstance(node, tuple):
        return tuple(_in_play(x) for x in node)
    if not attrs.has(type(node)):
        return node
    changes = {}
    for field in attrs.fields(type(node)):
        value = getattr(node, field.name)
        new = _in_play(value)
        if isinstance(node, n.Filter) and field.name == "quantity" and new == n.Quantity("each"):
            new = None
        if new is not value:
            changes[field.name] = new
    return attrs.evolve(node, **changes) if changes else node


def probe(kinds: set[str] | None = None) -> Iterator[tuple[str, str, str, str, str]]:
    """(verdict, variation, where, original, variant) for every variant that differs from its line
    as text; verdict is one of :data:`VERDICTS`: the same AST, one that plays the same, one refused
    by name where the original plays (the variation was no paraphrase there, and says so), none,
    or another meaning."""
    seen: set[tuple[str, str | None]] = set()
    for where, text, name in lines():
        if (text, name) in seen:
            continue
        seen.add((text, name))
        original = read(text, name)
        if original is None:
            continue
        for kind, vary in VARIATIONS:
            if kinds and kind not in kinds:
                continue
            variant = vary(text)
            if variant == text:
                continue
            ast = read(variant, name)
            if ast == original:
                verdict = "same"
            elif ast is None:
                verdict = "unread"
            elif _in_play(ast) == _in_play(original):
                verdict = "same in play"
            elif cannot_play(ast, name or "~") and not cannot_play(original, name or "~"):
                verdict = "refused"
            else:
                verdict = "misread"
            yield verdict, kind, where, text, variant


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", choices=(*VERDICTS, "all"))
    parser.add_argument("--kind", action="append")
    args = parser.parse_args(argv)
    per_kind: dict[str, Counter[str]] = {}
    total: Counter[str] = Counter()
    for verdict, kind, where, text, variant in probe(set(args.kind) if args.kind else None):
        per_kind.setdefault(kind, Counter())[verdict] += 1
        total[verdict] += 1
        if args.show in (verdict, "all") and verdict != "same":
            print(f"{verdict}: [{kind}] {where}\n    {text}\n    {variant}")
    for kind, counts in per_kind.items():
        print(f"{kind:46} " + "  ".join(f"{v} {counts[v]:4}" for v in VERDICTS))
    print(f"{'total':46} " + "  ".join(f"{v} {total[v]:4}" for v in VERDICTS) + f"  (variants {sum(total.values())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
