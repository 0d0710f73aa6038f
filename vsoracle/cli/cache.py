"""The answer cache: ``vsoracle resolve`` answers a file it has answered before at once.

An answer is a pure function of its inputs: the scenario's bytes (read once: the key and the
answer come from the same read), the name the file was given by, the options, the card
database (the built-in files and the user's: ``VSORACLE_CARDS``, ``--cards``, the scenario's
``cards`` list), the grammar, the FAQ in ``seeds/`` and vsoracle's own code. The key is a digest of
all of them, so any change to any input (or to vsoracle) is a miss. Only regular files are
answered from the cache; a pipe or standard input is always worked out.

Each answer is a sealed JSON record in ``answers/KEY.json`` (:func:`vsoracle.caches.write_record`)
holding the printed output and the exit code. It is used only if the record is intact, is
filed under the key asked for, holds a string and the code 0 or 1, and the code agrees with the
output's verdict: a damaged or hand-edited file is a miss, so a cache file can neither change
an answer nor choose an exit code — except one its owner edited and sealed again (nobody else can
write to the folder), which is shown as its owner wrote it. ``--no-cache`` or ``VSORACLE_NO_CACHE=1`` bypasses it.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path

from .. import caches
from ..resources import data_path

__all__ = ["key", "lookup", "store", "card_files_part"]

_PACKAGE = Path(__file__).resolve().parents[1]
_KIND = "answer"
_SHAPE = {"output": str, "code": int}


@lru_cache(maxsize=1)
def _inputs_digest() -> str:
    """A digest of everything an answer depends on besides the scenario file."""
    files = sorted(_PACKAGE.rglob("*.py"))
    for name in ("grammar", "cards", "seeds"):
        folder = data_path(name)
        if folder.is_dir():
            files += sorted(p for p in folder.iterdir() if p.is_file())
    return caches.digest(files)


#: The cache is tidied (size cap, older versions' files) each time this many more answers are kept.
TIDY_EVERY = 100


def card_files_part(content: bytes, name: str, cards: tuple[Path, ...]) -> str | None:
    """What the user's card files add to an answer's key: a digest of every card file the answer
    reads besides the built-in ones (``VSORACLE_CARDS``, ``--cards``, the scenario's own ``cards``
    list), their names and contents; ``""`` when there are none; ``None`` when they cannot be told
    without loading the scenario (the answer is then worked out, never taken from the cache)."""
    import tomllib

    from ..cards import card_file_base, card_files, named_card_lists, user_card_paths
    from ..errors import VsOracleError
    from ..tomlsource import precheck

    try:
        text = content.decode("utf-8").removeprefix("\ufeff")
        precheck(text, name, VsOracleError)  # what would cost the TOML reader more is refused first
        given = named_card_lists(tomllib.loads(text))
        named = given[0][1] if len(given) == 1 else [] if not given else None  # both given: the loader refuses it
        if not isinstance(named, list) or not all(isinstance(entry, str) for entry in named):
            return None
        base = card_file_base(name)
        files = user_card_paths() + card_files(cards, "--cards") + card_files([base / e for e in named], "cards")
    except (ValueError, RecursionError, VsOracleError, OSError):
        return None
    if not files:
        return ""
    try:
        return caches.digest(files, *(str(f.resolve()).encode("utf-8", "surrogateescape") for f in files))
    except OSError:
        return None


def key(content: bytes, name: str, options: tuple[str, ...], card_files: str = "") -> str | None:
    """The answer's key for a scenario's bytes, the name it was given by (the report names the
    file as it was given), the options and the user's card files (:func:`card_files_part`);
    ``None`` when caching is off."""
    if not caches.enabled():
        return None
    h = hashlib.sha256(_inputs_digest().encode())
    h.update(card_files.encode() + b"\0")
    h.update(name.encode("utf-8", "surrogateescape") + b"\0")
    h.update(hashlib.sha256(content).digest())
    h.update("\0".join(options).encode())
    return h.hexdigest()


def _verdict(output: str) -> int | None:
    """The exit code the output itself states: 0 when every check holds, 1 when one fails."""
    if output.startswith("{"):
        try:
            passed = json.loads(output).get("passed")
        except (ValueError, AttributeError, RecursionError):
            return None
        return {True: 0, False: 1}.get(passed) if isinstance(passed, bool) else None
    last = output.rstrip("\n").rsplit("\n", 1)[-1]  # "2 of 3 checks hold.", "1 of 1 check holds."
    if last.endswith((" checks hold.", " check holds.")):
        return 0
    if last.endswith((" checks hold. The scenario FAILS.", " check holds. The scenario FAILS.")):
        return 1
    return None


def lookup(key: str) -> tuple[str, int] | None:
    """The stored output and exit code under ``key``, or ``None`` for a miss (no file, or one
    that is not an intact answer filed under this key, or whose code is not its output's)."""
    where = caches.safe_folder("answers", create=False)
    if where is None:
        return None
    data = caches.read_record(where / f"{key}.json", _KIND, key)
    if data is None or not caches.matches(data, _SHAPE) or data["code"] not in (0, 1):
        return None
    if _verdict(data["output"]) != data["code"]:
        return None
    return data["output"], data["code"]


def store(key: str, output: str, code: int) -> None:
    """Remember an answer (atomically; a cache that cannot be written is skipped)."""
    where = caches.safe_folder("answers")
    if where is not None:
        caches.write_record(where / f"{key}.json", _KIND, key, {"output": output, "code": code})
        try:
            kept = len(os.listdir(where))
        except OSError:
            return
        if kept % TIDY_EVERY == 0:  # now and then, not at every answer: tidying walks the folder
            caches.tidy()
