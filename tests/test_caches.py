"""The caches (vsoracle.caches) answer exactly what the work would, and a changed input is a miss.

Each test points ``XDG_CACHE_HOME`` at its own folder, so nothing here reads or writes the
user's cache.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vsoracle.cli.output import Format
from vsoracle import caches
from vsoracle.cards import load, load_database
from vsoracle.errors import CardDataError

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "examples/ultron-when-you-recruit.toml"

SET = """[set]
code = "TST"
name = "Test"

[[card]]
number = "TST-001"
name = "Trooper"
version = "Army"
type = "character"
cost = 1
atk = 3
def = 3
affiliations = ["Avengers"]
text = ""
"""


@pytest.fixture
def cache_home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.delenv("VSORACLE_NO_CACHE", raising=False)
    return home


def _no_parse(files):
    raise AssertionError("the card files were parsed although the cache holds them")


def test_the_card_database_is_read_back_from_the_cache(cache_home, monkeypatch):
    first = load_database()
    assert list((cache_home / "vsoracle").glob("cards-*.json"))
    monkeypatch.setattr(load, "_load_files", _no_parse)
    again = load_database()
    assert again.cards == first.cards
    assert again.find("MAV-020") == first.find("MAV-020")


def test_an_edited_card_file_is_a_miss(cache_home, tmp_path):
    path = tmp_path / "set.toml"
    path.write_text(SET, encoding="utf-8")
    assert load_database([path]).find("Trooper").atk == 3
    path.write_text(SET.replace("atk = 3", "atk = 7"), encoding="utf-8")
    assert load_database([path]).find("Trooper").atk == 7


def test_an_unreadable_cache_is_a_miss(cache_home, tmp_path):
    path = tmp_path / "set.toml"
    path.write_text(SET, encoding="utf-8")
    load_database([path])
    for stored in (cache_home / "vsoracle").glob("cards-*.json"):
        stored.write_bytes(b"not JSON")
    assert load_database([path]).find("Trooper").cost == 1


def test_a_card_error_is_reported_whatever_the_cache_holds(cache_home, tmp_path):
    path = tmp_path / "set.toml"
    path.write_text(SET, encoding="utf-8")
    load_database([path])
    path.write_text(SET.replace("cost = 1", 'cost = "one"'), encoding="utf-8")
    with pytest.raises(CardDataError, match="cost"):
        load_database([path])


def test_no_cache_writes_nothing(cache_home, monkeypatch):
    monkeypatch.setenv("VSORACLE_NO_CACHE", "1")
    load_database()
    assert not cache_home.exists()
    assert not caches.enabled()


def test_an_unwritable_cache_folder_never_stops_a_run(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # a file where the folder should be
    monkeypatch.delenv("VSORACLE_NO_CACHE", raising=False)
    assert load_database().find("MAV-020").cost == 3


def _run(cache_home: Path, *cmd: str) -> subprocess.CompletedProcess:
    env = {"XDG_CACHE_HOME": str(cache_home), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, *cmd], capture_output=True, text=True, cwd=ROOT, env=env)


def _cli(cache_home: Path, *args: str) -> subprocess.CompletedProcess:
    return _run(cache_home, "-m", "vsoracle", *args)


def _resolve(cache_home: Path, *args: str) -> subprocess.CompletedProcess:
    return _cli(cache_home, "resolve", *args)


def test_a_second_run_needs_no_parser_and_gives_the_same_answer(cache_home):
    """The parsed-text store: once every text was parsed, lark is not even imported."""
    fresh = _resolve(cache_home, EXAMPLE, "--no-cache")
    probe = ("import sys; from vsoracle.cli import main; sys.argv = ['vsoracle', *sys.argv[1:]]\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print('LARK' if 'lark' in sys.modules else 'NO-LARK')")
    warm = _run(cache_home, "-c", probe, "resolve", EXAMPLE, "--no-cache")
    assert fresh.returncode == 0, fresh.stderr
    assert warm.stdout.rstrip().endswith("NO-LARK")
    assert warm.stdout.rstrip()[: -len("NO-LARK")].rstrip() == fresh.stdout.rstrip()


def test_the_answer_cache_keeps_the_answer_and_the_exit_code(cache_home, tmp_path):
    text = (ROOT / "examples" / "uniqueness-names.toml").read_text(encoding="utf-8")
    path = tmp_path / "q.toml"
    path.write_text(text, encoding="utf-8")
    first, second = _resolve(cache_home, str(path)), _resolve(cache_home, str(path))
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout
    assert len(list((cache_home / "vsoracle" / "answers").glob("*.json"))) == 1
    path.write_text(text.replace('pym.zone = "ko_pile"', 'pym.zone = "in_play"'), encoding="utf-8")
    edited = _resolve(cache_home, str(path))
    again = _resolve(cache_home, str(path))
    assert edited.returncode == again.returncode == 1, "an edited file is a miss; a failing answer stays failing"
    assert "✗ pym.zone" in again.stdout
    stored = [json.loads(p.read_text(encoding="utf-8")) for p in (cache_home / "vsoracle" / "answers").glob("*.json")]
    assert sorted(s["data"]["code"] for s in stored) == [0, 1]


def test_the_cache_command_shows_and_clears_every_cache(cache_home):
    assert _cli(cache_home, "resolve", EXAMPLE).returncode == 0
    shown = _cli(cache_home, "cache")
    assert shown.returncode == 0, shown.stderr
    rows = {line.split("  ")[1].strip(): line for line in shown.stdout.splitlines() if line.startswith("  ")}
    assert set(rows) >= {"card database", "answers"}
    assert " 1 file " in rows["answers"] and str(cache_home / "vsoracle") in shown.stdout
    cleared = _cli(cache_home, "cache", "--clear")
    assert cleared.returncode == 0 and cleared.stdout.startswith("removed ")
    assert not (cache_home / "vsoracle").exists()
    again = _cli(cache_home, "resolve", EXAMPLE)
    assert again.returncode == 0 and "7 of 7 checks hold" in again.stdout


def test_json_answers_are_kept_too(cache_home, tmp_path):
    """A stored answer is used only when its code is its output's own verdict: for --json that is
    the document's "passed", so JSON answers must still be found."""
    from vsoracle.cli import cache
    from vsoracle.cli.jsondoc import FORMAT
    from vsoracle.cli.answer import answer

    path = tmp_path / "q.toml"
    path.write_bytes((ROOT / "examples" / "uniqueness-names.toml").read_bytes())
    output, code = answer(path, fmt=Format.JSON)
    key = cache.key(path.read_bytes(), str(path), ("resolve", f"json{FORMAT}", "log"))
    assert cache.lookup(key) == (output, code) and code == 0
    failing = tmp_path / "f.toml"
    failing.write_text(path.read_text(encoding="utf-8").replace('pym.zone = "ko_pile"', 'pym.zone = "in_play"'),
                       encoding="utf-8")
    output, code = answer(failing, fmt=Format.JSON)
    key = cache.key(failing.read_bytes(), str(failing), ("resolve", f"json{FORMAT}", "log"))
    assert cache.lookup(key) == (output, 1)


# -- where the cache lives, and what is tidied away (issue 22, 8) ---------------------------------

def test_without_xdg_cache_home_the_folder_is_the_platforms_place(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(platformdirs, "user_cache_dir", lambda name, appauthor=None: str(tmp_path / "Caches" / name))
    assert caches.folder() == tmp_path / "Caches" / "vsoracle"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert caches.folder() == tmp_path / "xdg" / "vsoracle"


def _aged(path: Path, days: float) -> None:
    then = time.time() - days * 86400
    os.utime(path, (then, then), follow_symlinks=False)


def test_what_another_version_kept_goes_once_unused_and_this_versions_stays(cache_home):
    root = caches.safe_folder()
    old_texts, new_texts, answers = root / "card-texts-0123456789abcdef", root / "card-texts-new", root / "answers"
    for folder in (old_texts, new_texts, answers):
        folder.mkdir(mode=0o700)
        (folder / "x.json").write_text("{}", encoding="utf-8")
    (root / "parser").mkdir(mode=0o700)  # older versions' tables
    (root / "cards-0123456789abcdef.json").write_text("{}", encoding="utf-8")
    (root / "cards-recent.json").write_text("{}", encoding="utf-8")
    for path in (old_texts, root / "parser", root / "cards-0123456789abcdef.json", answers, new_texts):
        _aged(path, caches.STALE_DAYS + 1)
    files, _ = caches.tidy({"card-texts-new"})
    left = sorted(p.name for p in root.iterdir())
    assert left == ["answers", "card-texts-new", "cards-recent.json"], left   # recent, current and answers stay
    assert files == 2                                                         # the old texts' file and cards record


def test_the_folder_is_kept_under_its_size_cap_oldest_first(cache_home, monkeypatch):
    monkeypatch.setenv("VSORACLE_CACHE_MAX_MB", "1")
    answers = caches.safe_folder("answers")
    for k in range(8):  # 8 × 200 KB: over 1 MB
        f = answers / f"a{k}.json"
        f.write_bytes(b"x" * 200_000)
        _aged(f, 8 - k)   # a0 the oldest
    caches.tidy()
    left = sorted(p.name for p in answers.iterdir())
    assert sum((answers / n).stat().st_size for n in left) <= 0.8 * 1024 * 1024
    assert left == [f"a{k}.json" for k in range(8 - len(left), 8)], left   # the newest stay


def test_tidying_removes_a_link_without_following_it(cache_home, tmp_path):
    root = caches.safe_folder()
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "keep.txt").write_text("mine", encoding="utf-8")
    link = root / "card-texts-planted"
    link.symlink_to(precious, target_is_directory=True)
    _aged(link, caches.STALE_DAYS + 1)
    caches.tidy()
    assert not os.path.lexists(link) and (precious / "keep.txt").read_text(encoding="utf-8") == "mine"
