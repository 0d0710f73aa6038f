"""TOML files with line numbers, so every error can say ``file:line``.

``tomllib`` gives values but no positions. :class:`TomlSource` keeps the text
and indexes where each table, key and multi-line array item starts, so a
loader can turn a key path such as ``("card", 3, "cost")`` into a line.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

from attrs import frozen

from .errors import VsOracleError
from .files import MAX_SCENARIO_BYTES, read_input

__all__ = ["TomlSource", "KeyPath", "show", "show_key", "shorten", "MAX_NESTING", "MAX_LINE_CHARS", "precheck"]

#: Arrays and tables nested deeper than this are an error (a scenario needs five or six levels);
#: a dotted key or a table header of more parts is refused before the file is parsed.
MAX_NESTING = 24

#: A line longer than this is refused before the file is parsed (a scenario's lines are under 200
#: characters; a card's text, at most :data:`vsoracle.text.read.MAX_TEXT_CHARS`, fits on one).
MAX_LINE_CHARS = 50_000

#: A value or key quoted in a message is shortened past this many characters.
QUOTE_WIDTH = 60

KeyPath = tuple[str | int, ...]

# The name neither starts nor ends with a space, so no space is tried by both ``\s*`` and the name
# (``[^\]]+?\s*`` before ``]`` took time quadratic in the spaces of "[players     .A]").
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]\s](?:[^\]]*[^\]\s])?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=\s*(.*)$""")
_TOML_POS = re.compile(r"\(at line (\d+), column (\d+)\)")


def shorten(text: str, width: int = QUOTE_WIDTH) -> str:
    """``text``, or its start and a count when it is longer than ``width`` (a message quotes a
    100 KB token as ``xxxx…`` (100,000 characters), not whole)."""
    if len(text) <= width:
        return text
    return f"{text[: width - 20]}… ({len(text):,} characters)"


def show(value: Any) -> str:
    """A value as a person would write it in TOML: ``true``, ``"text"``, ``[1, 2]``, ``a table``
    (a long string or list shortened)."""
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "nothing"
    if isinstance(value, str):
        if len(value) > QUOTE_WIDTH:
            return json.dumps(value[: QUOTE_WIDTH - 20], ensure_ascii=False)[:-1] + f"…\" ({len(value):,} characters)"
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        shown = [show(v) for v in value[:8]]
        return "[" + ", ".join(shown) + (f", … ({len(value)} items)" if len(value) > 8 else "") + "]"
    if isinstance(value, dict) or hasattr(value, "items"):
        return "a table"
    if isinstance(value, int) and abs(value) > 10 ** QUOTE_WIDTH:
        return f"a number of {_digits(value):,} digits"
    return shorten(str(value))


def show_key(keypath: KeyPath) -> str:
    """A key path as written in the file: ``players.A.characters[1].col`` (arrays 1-based;
    long keys shortened)."""
    out = ""
    for part in keypath:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += ("." if out else "") + shorten(part)
    return out


#: The largest integer TOML holds (64 bits, signed): "an integer that cannot be represented
#: losslessly" must be an error (TOML 1.0); past it Python's own limits make a number a hazard
#: to print (str() of a number of 4,301 digits raises).
MAX_INTEGER = 2 ** 63 - 1


def _digits(value: int) -> int:
    """How many decimal digits ``abs(value)`` has, without writing it out."""
    value = abs(value)
    guess = max(1, int(value.bit_length() * 0.30102999566398120))
    while guess > 1 and value < 10 ** (guess - 1):
        guess -= 1
    while value >= 10 ** guess:
        guess += 1
    return guess


def _too_large(data: Any) -> KeyPath | None:
    """The key path of the first integer outside 64 bits, if any (walked without recursion)."""
    stack: list[tuple[Any, KeyPath]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            if not -MAX_INTEGER - 1 <= value <= MAX_INTEGER:
                return path
        elif isinstance(value, (dict, list)) and len(path) <= MAX_NESTING:
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((v, path + (k,)) for k, v in reversed(list(items)))
    return None


def _too_deep(data: Any) -> KeyPath | None:
    """The key path of the first value nested deeper than :data:`MAX_NESTING`, if any
    (walked without recursion)."""
    stack: list[tuple[Any, KeyPath]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, (dict, list)):
            if len(path) > MAX_NESTING:
                return path
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((v, path + (k,)) for k, v in items)
    return None


_FRIENDLY = (
    (re.compile(r"Illegal character '\\n'"), "a string is not closed before the end of the line",
     'close the string with " on the same line, or use """ for text on several lines'),
    (re.compile(r"Cannot overwrite a value"), "a key is given twice", "keep one of them"),
    (re.compile(r"Cannot declare \('?([^)]*?)'?,?\) twice"), "a table is declared twice",
     "merge the two tables; use [[name]] for a list of tables"),
    (re.compile(r"at end of document"), "the file ends inside an unclosed [ ] or { }",
     "close every [ and { that you open"),
)


def _split_dotted(key: str) -> tuple[str, ...]:
    parts = re.findall(r"""[A-Za-z0-9_-]+|"[^"]*"|'[^']*'""", key)
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in parts)


# -- what is refused before parsing, in time linear in the text ----------------------------------
# tomllib builds every prefix of a dotted key (a 10,000-part key of 20 KB took 600 MB), and so did
# the key index; both are spared keys and headers deeper than MAX_NESTING, which are refused anyway.

_DEEP_HINT = f"a scenario needs a few levels ([players.A], characters = [...], {{ … }}); at most {MAX_NESTING}"

_OPENER = re.compile(r"\"\"\"|'''|[\"'#]")
# where each kind of string ends (possessive: an unclosed string fails in one pass, no backtracking)
_STRING_END = {
    '"""': re.compile(r'(?:[^"\\]++|\\.|"(?!""))*+"""', re.S),
    "'''": re.compile(r"(?:[^']++|'(?!''))*+'''"),
    '"': re.compile(r'(?:[^"\\\n]++|\\.)*+"'),
    "'": re.compile(r"[^'\n]*+'"),
}
#: A key of more than MAX_NESTING parts, bare or quoted (quoted parts are ``q`` in the masked text);
#: the look-behind starts a try only where a part starts, so the search is linear.
_DEEP_KEY = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]++(?:[ \t]*+\.[ \t]*+[A-Za-z0-9_-]++){%d}" % MAX_NESTING)
_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]++|\\.)*+"|'[^'\n]*+')"""
_DEEP_KEY_WRITTEN = re.compile(r"(?<![A-Za-z0-9_\"'-])" + _PART + r"(?:[ \t]*+\.[ \t]*+" + _PART + "){%d}" % MAX_NESTING)
#: A run of digits as long as Python refuses to read as a number.
_LONG_NUMBER = re.compile(r"(?<![0-9_])[0-9](?:_?+[0-9]){%d,}" % (sys.get_int_max_str_digits() or 4300))


def _masked(text: str) -> str:
    """``text`` with each string replaced by ``q`` and each comment left out, its newlines kept (so
    a position in it is on the same line as in ``text``): where keys and numbers can be told from
    the words inside strings. A string left open runs to the end of its line (of the text, for a
    multi-line one), where the TOML reader stops too."""
    out: list[str] = []
    pos = 0
    while True:
        found = _OPENER.search(text, pos)
        if found is None:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos:found.start()])
        opener = found.group()
        if opener == "#":
            end = text.find("\n", found.end())
        else:
            closed = _STRING_END[opener].match(text, found.end())
            end = closed.end() if closed else -1 if len(opener) == 3 else text.find("\n", found.end())
        end = len(text) if end < 0 else end
        out.append(("" if opener == "#" else "q") + "\n" * text.count("\n", found.start(), end))
        pos = end


def precheck(text: str, path: str, error: type[VsOracleError]) -> None:
    """Refuse, in time linear in ``text``, what would cost the TOML reader (or the key index)
    more: a line longer than :data:`MAX_LINE_CHARS`, a dotted key or a table header of more than
    :data:`MAX_NESTING` parts."""
    lines = text.split("\n")
    longest = max(map(len, lines))
    if longest > MAX_LINE_CHARS:
        number = next(n for n, line in enumerate(lines, start=1) if len(line) == longest)
        raise error(f"line {number} is {longest:,} characters long", file=path, line=number,
                    hint=f"a line may be at most {MAX_LINE_CHARS:,} characters; write long text over several lines "
                         'with """')
    masked = _masked(text)
    deep = _DEEP_KEY.search(masked)
    if deep is not None:
        number = masked.count("\n", 0, deep.start()) + 1
        written = _DEEP_KEY_WRITTEN.search(lines[number - 1])  # the key as written, its quoted parts too
        parts = _split_dotted(written.group())[:3] if written else [p.strip() for p in deep.group().split(".", 3)[:3]]
        raise error(f"'{'.'.join(shorten(p, 20) for p in parts)}' is nested more than {MAX_NESTING} levels deep",
                    file=path, line=number, hint=_DEEP_HINT)


def _long_number_line(text: str) -> int | None:
    """The line of the first number too long for Python to read (strings and comments skipped)."""
    masked = _masked(text)
    found = _LONG_NUMBER.search(masked)
    return masked.count("\n", 0, found.start()) + 1 if found else None


@frozen
class TomlSource:
    """The text of one TOML file, its parsed data, and where each key path starts."""

    path: str
    data: dict[str, Any]
    positions: dict[KeyPath, int]
    lines: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str, path: str, error: type[VsOracleError]) -> "TomlSource":
        """Parse ``text``; bad TOML raises ``error`` located at the decoder's line. A leading
        byte-order mark is skipped; arrays and tables nested past :data:`MAX_NESTING` are an error."""
        if text.startswith("\ufeff"):
            text = text[1:]
        deep_hint = _DEEP_HINT
        precheck(text, path, error)
        try:
            data = tomllib.loads(text)
        except RecursionError:
            raise error("invalid TOML: arrays or tables are nested too deeply", file=path,
                        line=_first_deep_line(text), hint=deep_hint) from None
        except tomllib.TOMLDecodeError as exc:
            message = str(exc)
            match = _TOML_POS.search(message)
            line = int(match.group(1)) if match else None
            reason = _TOML_POS.sub("", message).strip()
            hint = "check quotes, brackets and commas on this line"
            for pattern, friendly, fix in _FRIENDLY:
                if pattern.search(message):
                    reason, hint = friendly, fix
                    break
            if line is None or "end of document" in message:
                line = _last_opening(text) or max(1, len(text.splitlines()))
            raise error(f"invalid TOML: {reason}", file=path, line=line, hint=hint) from None
        except ValueError as exc:  # not a TOMLDecodeError: a number Python will not read (issue 24, case 1)
            line = _long_number_line(text)
            if line is None:
                raise error(f"invalid TOML: {exc}", file=path, hint="check the values of this file") from None
            raise error(f"invalid TOML: a number of more than {sys.get_int_max_str_digits():,} digits", file=path,
                        line=line, hint="a number in a scenario or a card file has a few digits") from None
        lines = tuple(text.splitlines())
        source = cls(path, data, _index(lines), lines)
        deep = _too_deep(data)
        if deep is not None:
            raise error(f"'{show_key(deep[:3])}' is nested more than {MAX_NESTING} levels deep", file=path,
                        line=source.line_of(deep) or _first_deep_line(text), hint=deep_hint)
        large = _too_large(data)
        if large is not None:
            value: Any = data
            for part in large:
                value = value[part]
            raise error(f"invalid TOML: '{show_key(large)}' is a number of {_digits(value):,} digits", file=path,
                        line=source.line_of(large), hint="a TOML integer has at most 19 digits (64 bits); a scenario's "
                        "or a card's have a few")
        return source

    @classmethod
    def read(cls, path: Path | str, error: type[VsOracleError], *, limit: int = MAX_SCENARIO_BYTES,
             what: str = "a scenario") -> "TomlSource":
        """Read (once: :func:`vsoracle.files.read_input`; ``-`` is standard input) and parse a
        file; a missing, unreadable, oversized or non-regular file raises ``error``."""
        read = read_input(str(path), error, limit=limit, what=what)
        return cls.from_bytes(read.data, read.name, error)

    @classmethod
    def from_bytes(cls, raw: bytes, path: str, error: type[VsOracleError]) -> "TomlSource":
        """Decode (UTF-8) and parse bytes already read; text that is not UTF-8 raises ``error``."""
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[: exc.start].count(b"\n") + 1
            raise error("the file is not UTF-8 text", file=path, line=line,
                        hint="save it as UTF-8") from None
        return cls.parse(text, path, error)

    def value_line(self, keypath: KeyPath) -> int | None:
        """The line where a string value's text starts (the line after an opening \"\"\" alone)."""
        line = self.positions.get(tuple(keypath))
        if line is None:
            return self.line_of(keypath)
        raw = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        after = raw.split("=", 1)[1].strip() if "=" in raw else ""
        return line + 1 if after in ('"""', "'''") else line

    def text_line(self, keypath: KeyPath, n: int) -> int | None:
        """The file line of line ``n`` (1-based) of a string value whose leading newlines the
        loader strips (a card's text written after an opening triple quote and a blank line)."""
        first = self.value_line(keypath)
        if first is None:
            return None
        value: Any = self.data
        for part in keypath:
            try:
                value = value[part]
            except (KeyError, IndexError, TypeError):
                value = ""
                break
        skipped = len(value) - len(value.lstrip("\n")) if isinstance(value, str) else 0
        return first + skipped + n - 1

    def line_of(self, keypath: KeyPath) -> int | None:
        """The line where ``keypath`` (or its longest known prefix) is written."""
        for end in range(len(keypath), 0, -1):
            line = self.positions.get(tuple(keypath[:end]))
            if line is not None:
                return line
        return None


def _first_deep_line(text: str) -> int | None:
    """The first line where more than :data:`MAX_NESTING` brackets are open (strings skipped,
    roughly: for placing a nesting error)."""
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        in_string = False
        for ch in line:
            if ch == '"':
                in_string = not in_string
            elif not in_string and ch in "[{":
                depth += 1
                if depth > MAX_NESTING:
                    return number
            elif not in_string and ch in "]}":
                depth -= 1
            elif not in_string and ch == "#":
                break
    return None


def _last_opening(text: str) -> int | None:
    """The line of the last [ or { still open at the end of the text (for an unclosed array)."""
    depth_lines: list[int] = []
    in_string = False
    for number, line in enumerate(text.splitlines(), start=1):
        for ch in line:
            if ch == '"':
                in_string = not in_string
            elif not in_string and ch in "[{":
                depth_lines.append(number)
            elif not in_string and ch in "]}" and depth_lines:
                depth_lines.pop()
            elif not in_string and ch == "#":
                break
        in_string = False
    return depth_lines[-1] if depth_lines else None


def _index(lines: tuple[str, ...]) -> dict[KeyPath, int]:
    positions: dict[KeyPath, int] = {}
    counts: dict[KeyPath, int] = {}
    table: KeyPath = ()
    array_key: KeyPath | None = None
    array_items = 0
    depth = 0
    in_multiline_string = False
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if in_multiline_string:
            if raw.count('"""') % 2 == 1 or raw.count("'''") % 2 == 1:
                in_multiline_string = False
            continue
        if array_key is not None:
            if line[:1] in ('"', "'", "{", "[") or (line[:1].isdigit()):
                if depth == 1:
                    positions.setdefault(array_key + (array_items,), number)
                    array_items += 1
            depth += line.count("[") - line.count("]")
            if depth <= 0:
                array_key = None
            continue
        if not line or line.startswith("#"):
            continue
        header = _HEADER.match(line)
        if header and not _KEY.match(line):
            name = _split_dotted(header.group(2))
            if header.group(1) == "[[":
                index = counts.get(name, 0)
                counts[name] = index + 1
                table = name + (index,)
            else:
                table = name
            for end in range(1, len(table) + 1):
                positions.setdefault(table[:end], number)
            continue
        key = _KEY.match(raw)
        if key:
            path = table + _split_dotted(key.group(1))
            for end in range(len(table) + 1, len(path) + 1):
                positions.setdefault(path[:end], number)
            value = key.group(2)
            if value.count('"""') == 1 or value.count("'''") == 1:
                in_multiline_string = True
            elif value.startswith("["):
                opened = value.count("[") - value.count("]")
                if opened > 0:
                    array_key, array_items, depth = path, 0, opened
    return positions
