"""A cache can never be turned against the user (issue 14).

- Planted files: a pickle that writes a marker file when unpickled, put in every cache file,
  under every name older versions read (card database, parsed texts, lark's tables) and in
  ``$TMPDIR``, never runs — whatever the command, with or without ``VSORACLE_NO_CACHE``.
- Another user's files: a cache folder or file not owned by this user, or writable by group or
  others, or a symbolic link, is ignored (a miss), even when it holds a perfectly sealed record.
- Corruption: random byte flips, cuts and insertions of each cache file, and records of the
  wrong shape, are misses every time: the answer is the one worked out, and nothing raises.
- Tampering: an answer record edited to change the output or to name an exit code is a miss.

The cross-user tests need to hand a file to another user (``os.chown``): they run as root
and are skipped otherwise; the mode and link tests run for anyone.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import random
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from vsoracle import caches
from vsoracle.cards import load, load_database
from vsoracle.cli import cache as answers
from vsoracle.cli.answer import answer

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "examples/ultron-when-you-recruit.toml"
OTHER_UID = 4242
as_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                             reason="handing a file to another user needs root")


class _Plant:
    """Unpickling this writes ``marker``: what an attacker's cache file would do."""

    def __init__(self, marker: Path) -> None:
        self.marker = str(marker)

    def __reduce__(self):
        return (exec, (f"open({self.marker!r}, 'w').write('ran')",))


def planted(marker: Path) -> bytes:
    """The attacker's pickle; loading it (checked here once) writes ``marker``."""
    data = pickle.dumps(_Plant(marker))
    pickle.loads(data)
    assert marker.read_text() == "ran", "the planted pickle must be live for the test to mean anything"
    marker.unlink()
    return data


@pytest.fixture
def cache_home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.delenv("VSORACLE_NO_CACHE", raising=False)
    return home


def _env(cache_home: Path, tmpdir: Path, **extra: str) -> dict[str, str]:
    return {"XDG_CACHE_HOME": str(cache_home), "TMPDIR": str(tmpdir), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1",
            **extra}


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "vsoracle", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)


# -- planted pickles ------------------------------------------------------------------------------

def _plant_everywhere(folder: Path, tmpdir: Path, evil: bytes) -> list[Path]:
    """The planted pickle in every file the cache holds and under every name vsoracle ever read."""
    import lark

    from vsoracle.cards import default_database
    from vsoracle.resources import data_path

    spots = [p for p in folder.rglob("*") if p.is_file()]
    spots += [folder / "cards-0123456789abcdef.pickle", folder / f"vs-grammar-lark{lark.__version__}.cache",
              tmpdir / f"vs-grammar-lark{lark.__version__}.cache"]
    # where the pickle store of parsed texts kept each text (its names, computed as it did)
    code = sorted((ROOT / "vsoracle" / "text").glob("*.py")) + sorted(data_path("grammar").glob("*.lark"))
    texts = folder / f"card-texts-{caches.digest(code)[:16]}"
    spots += [texts / (hashlib.sha256(repr((card.text, card.name)).encode()).hexdigest()[:32] + ".pickle")
              for card in default_database() if card.text.strip()]
    for spot in spots:
        spot.parent.mkdir(parents=True, exist_ok=True)
        spot.write_bytes(evil)
    return spots


def test_a_planted_pickle_never_runs(tmp_path, cache_home):
    marker, tmpdir = tmp_path / "ran", tmp_path / "tmp"
    tmpdir.mkdir()
    env = _env(cache_home, tmpdir)
    assert _cli(env, "resolve", EXAMPLE).returncode == 0  # fills every cache
    spots = _plant_everywhere(cache_home / "vsoracle", tmpdir, planted(marker))
    assert len(spots) > 20 and any(p.name.startswith("cards-") and p.suffix == ".json" for p in spots)
    unwritable = tmp_path / "not-a-folder"
    unwritable.write_text("")
    runs = [
        (env, ("resolve", EXAMPLE)), (env, ("cards", "check")),
        ({**env, "VSORACLE_NO_CACHE": "1"}, ("parse", "Reservist")),
        # no usable cache folder: the old parser fell back to $TMPDIR, where a table cache is planted
        (_env(unwritable, tmpdir), ("resolve", EXAMPLE, "--no-cache")),
    ]
    procs = [(args, subprocess.Popen([sys.executable, "-m", "vsoracle", *args], cwd=ROOT, env=run_env, text=True,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)) for run_env, args in runs]
    for args, proc in procs:  # side by side: each one builds the parser
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, (args, err)
        if args[0] == "resolve":
            assert "7 of 7 checks hold." in out
    assert not marker.exists(), "a vsoracle command ran a planted file"


# -- another user's files ---------------------------------------------------------------------------

def _record(tmp_folder: Path) -> Path:
    path = tmp_folder / "thing.json"
    assert caches.write_record(path, "test", "k", {"n": 1})
    return path


def test_cache_folders_are_made_private_whatever_the_umask(cache_home):
    old = os.umask(0)
    try:
        folder = caches.safe_folder("answers")
    finally:
        os.umask(old)
    assert folder is not None
    for made in (cache_home / "vsoracle", cache_home / "vsoracle" / "answers"):
        assert stat.S_IMODE(os.stat(made).st_mode) == 0o700
    path = _record(folder)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_a_folder_or_file_others_can_write_is_ignored(cache_home):
    folder = caches.safe_folder()
    path = _record(folder)
    assert caches.read_record(path, "test", "k") == {"n": 1}
    os.chmod(path, 0o666)
    assert caches.read_record(path, "test", "k") is None
    os.chmod(path, 0o620)
    assert caches.read_record(path, "test", "k") is None
    os.chmod(path, 0o600)
    os.chmod(folder, 0o777)
    assert caches.read_record(path, "test", "k") is None
    assert caches.safe_folder() is None, "a folder others can write is neither used nor repaired"
    assert not caches.write_json(folder / "new.json", 1)
    os.chmod(folder, 0o700)
    assert caches.read_record(path, "test", "k") == {"n": 1}


def test_a_parent_others_can_write_without_the_sticky_bit_is_refused(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    monkeypatch.setenv("XDG_CACHE_HOME", str(shared))
    monkeypatch.delenv("VSORACLE_NO_CACHE", raising=False)
    os.chmod(shared, 0o777)
    assert caches.safe_folder() is None, "someone else could rename the cache folder and put theirs"
    os.chmod(shared, 0o1777)  # as /tmp: others cannot rename what is ours
    assert caches.safe_folder() == shared.resolve() / "vsoracle"


def test_symbolic_links_are_not_followed(cache_home, tmp_path):
    folder = caches.safe_folder()
    target = _record(folder)
    link = folder / "link.json"
    link.symlink_to(target)
    assert caches.read_record(link, "test", "k") is None
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    (folder / "answers").symlink_to(elsewhere)
    assert caches.safe_folder("answers") is None


def test_a_fifo_in_place_of_a_cache_file_is_a_miss_at_once(cache_home):
    folder = caches.safe_folder()
    os.mkfifo(folder / "fifo.json", 0o600)
    assert caches.read_json(folder / "fifo.json") is None  # opened without blocking, then refused


@as_root
def test_another_users_cache_folder_or_file_is_ignored(cache_home):
    folder = caches.safe_folder()
    path = _record(folder)
    os.chown(path, OTHER_UID, OTHER_UID)
    assert caches.read_record(path, "test", "k") is None
    os.chown(path, 0, 0)
    os.chown(folder, OTHER_UID, OTHER_UID)
    assert caches.read_record(path, "test", "k") is None
    assert caches.safe_folder() is None


def _forge_card_database(cost: int) -> Path:
    """Replace the cached card database by a well-sealed record in which MAV-020 costs ``cost``."""
    [(path, key)] = [load._remembered(sorted((ROOT / "cards").glob("*.toml")))]
    data = caches.read_record(path, "card database", key)
    for card in data:
        if card["number"] == "MAV-020":
            card["cost"] = cost
    assert caches.write_record(path, "card database", key, data)
    return path


@as_root
def test_another_users_card_database_is_not_read(cache_home):
    load_database()
    path = _forge_card_database(9)
    assert load_database().find("MAV-020").cost == 9, "control: the user's own record is read"
    os.chown(path, OTHER_UID, OTHER_UID)
    assert load_database().find("MAV-020").cost == 3
    os.chown(path, 0, 0)
    os.chmod(path, 0o666)
    assert load_database().find("MAV-020").cost == 3


def test_a_card_database_others_can_write_is_not_read(cache_home):
    load_database()
    path = _forge_card_database(9)
    os.chmod(path, 0o646)
    assert load_database().find("MAV-020").cost == 3


@as_root
def test_another_users_answer_is_not_used(tmp_path, cache_home):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    env = _env(cache_home, tmpdir)
    assert answer(EXAMPLE)[1] == 0  # in this process: the same cache folder and key as the command's
    [path] = (cache_home / "vsoracle" / "answers").glob("*.json")
    forged = "FORGED\n\n1 of 1 checks hold."
    caches.write_record(path, "answer", path.stem, {"output": forged, "code": 0})
    assert _cli(env, "resolve", EXAMPLE).stdout.startswith("FORGED"), "control: the user's own answer is used"
    os.chown(path, OTHER_UID, OTHER_UID)
    done = _cli(env, "resolve", EXAMPLE)
    assert done.returncode == 0 and "7 of 7 checks hold." in done.stdout and "FORGED" not in done.stdout


# -- corruption ------------------------------------------------------------------------------------

def _mutations(data: bytes, rng: random.Random, n: int):
    """``n`` damaged copies of ``data``: flipped bytes, cuts, insertions, repeated and swapped chunks."""
    for _ in range(n):
        b = bytearray(data)
        kind = rng.randrange(5)
        if kind == 0:
            for _ in range(rng.randint(1, 4)):
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        elif kind == 1:
            del b[rng.randrange(len(b)):]
        elif kind == 2:
            at = rng.randrange(len(b))
            b[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif kind == 3:
            at, size = rng.randrange(len(b)), rng.randint(1, 64)
            b[at:at] = b[at:at + size]
        else:
            at = rng.randrange(len(b))
            b[at] = rng.choice(b'{}[]",:0123456789e-.tfn\\')
        yield bytes(b)


_ODD = [b"", b"null", b"[]", b"{}", b"NaN", b"1e999", b"9" * 5000, b"[" * 100_000 + b"]" * 100_000,
        b'{"format": 1, "kind": "answer", "key": 1, "sha256": "", "data": {}}', pickle.dumps({"a": 1}),
        b"\xff\xfe\x00\x00", b'{"format": 1e400}']


def test_a_damaged_card_database_is_a_miss_every_time(cache_home):
    fresh = load_database()
    [(path, key)] = [load._remembered(sorted((ROOT / "cards").glob("*.toml")))]
    original = path.read_bytes()
    rng = random.Random(14)
    for n, damaged in enumerate([*_mutations(original, rng, 300), *_ODD]):
        path.write_bytes(damaged)
        os.chmod(path, 0o600)
        cached = load._cards_from_json(caches.read_record(path, "card database", key))
        assert cached is None or cached == fresh.cards
        if n % 25 == 0:  # the whole loader too, now and then (a miss re-reads the card files)
            assert load_database().cards == fresh.cards


def test_a_damaged_answer_is_a_miss_every_time(cache_home, tmp_path):
    scenario = tmp_path / "q.toml"
    scenario.write_bytes((ROOT / "examples" / "uniqueness-names.toml").read_bytes())
    truth = answer(scenario)
    [path] = (cache_home / "vsoracle" / "answers").glob("*.json")
    original, key = path.read_bytes(), path.stem
    assert answers.lookup(key) == truth
    rng = random.Random(41)
    for damaged in [*_mutations(original, rng, 400), *_ODD]:
        path.write_bytes(damaged)
        os.chmod(path, 0o600)
        assert answers.lookup(key) in (None, truth)
    path.write_bytes(b"{")
    assert answer(scenario) == truth


# -- tampering -------------------------------------------------------------------------------------

def test_a_tampered_answer_changes_no_answer_and_chooses_no_exit_code(cache_home, tmp_path):
    scenario = tmp_path / "q.toml"
    scenario.write_bytes((ROOT / "examples" / "uniqueness-names.toml").read_bytes())
    truth = answer(scenario)
    assert truth[1] == 0
    [path] = (cache_home / "vsoracle" / "answers").glob("*.json")
    key = path.stem
    record = json.loads(path.read_bytes())

    def planted(edit) -> None:
        doc = json.loads(json.dumps(record))
        edit(doc)
        path.write_text(json.dumps(doc), encoding="utf-8")
        os.chmod(path, 0o600)

    def reseal(doc) -> None:
        doc["sha256"] = caches._seal(doc["kind"], doc["key"], doc["data"])

    tampers = [
        lambda d: d["data"].update(output="Scenario: edited\n\n5 of 5 checks hold."),             # seal no longer fits
        lambda d: (d["data"].update(code=7), reseal(d)),                                   # an exit code of its own
        lambda d: (d["data"].update(code=1), reseal(d)),                                   # a code the output denies
        lambda d: (d["data"].update(code=True), reseal(d)),
        lambda d: (d.update(key="0" * 64), reseal(d)),                                      # filed under another key
        lambda d: (d.update(kind="card database"), reseal(d)),
        lambda d: (d.update(format=2), reseal(d)),
        lambda d: (d["data"].update(extra=1), reseal(d)),
    ]
    for tamper in tampers:
        planted(tamper)
        assert answers.lookup(key) is None
        assert answer(scenario) == truth


def test_a_planted_answer_cannot_choose_the_exit_code(tmp_path, cache_home):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    env = _env(cache_home, tmpdir)
    assert answer(EXAMPLE)[1] == 0
    [path] = (cache_home / "vsoracle" / "answers").glob("*.json")
    doc = json.loads(path.read_bytes())
    doc["data"]["code"] = 7
    doc["sha256"] = caches._seal(doc["kind"], doc["key"], doc["data"])
    path.write_text(json.dumps(doc), encoding="utf-8")
    done = _cli(env, "resolve", EXAMPLE)
    assert (done.returncode, done.stderr) == (0, "")
    assert "7 of 7 checks hold." in done.stdout


# -- the primitives ---------------------------------------------------------------------------------

def test_read_json_turns_every_odd_document_into_a_miss(cache_home):
    folder = caches.safe_folder()
    path = folder / "x.json"
    for odd in _ODD[2:]:
        path.write_bytes(odd)
        os.chmod(path, 0o600)
        value = caches.read_json(path)
        assert value in (None, [], {}) or isinstance(value, dict)
    path.write_bytes(b"[" * 70 + b"]" * 70)
    assert caches.read_json(path) is None, "nested past MAX_DEPTH"
    path.write_bytes(b"1" * (caches.MAX_READ_BYTES + 1))
    assert caches.read_json(path) is None, "past the size limit"


def test_matches_checks_json_shapes():
    assert caches.matches({"a": [1, 2], "b": None}, {"a": [int], "b": (str, type(None))})
    assert not caches.matches({"a": [1, True]}, {"a": [int]}), "a boolean is not a whole number"
    assert not caches.matches({"a": 1, "b": 2}, {"a": int}), "keys must be exactly these"
    assert not caches.matches([1], {"a": int})
    assert caches.matches({"x": {"deep": [1]}}, {"x": object})


def test_write_json_refuses_what_is_not_json_data(cache_home):
    folder = caches.safe_folder()
    assert not caches.write_json(folder / "x.json", {"a": object()})
    assert not caches.write_json(folder / "x.json", float("nan"))
    assert not (folder / "x.json").exists()
    assert caches.write_json(folder / "x.json", {"a": [1, "é"]})
    assert caches.read_json(folder / "x.json") == {"a": [1, "é"]}
