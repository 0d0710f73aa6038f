"""A scenario is read once, as bytes, with a size limit, and reading never hangs (issue 14).

The answer and its cache key come from one read, so a file saved again during a run cannot
store one content's answer under the other's key; ``-`` (and ``/dev/stdin``) read a pipe once
and are never answered from the cache; devices are refused before a byte is read; a FIFO with
nobody writing is an error after :data:`vsoracle.files.PIPE_WAIT_S`, not a hang.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from vsoracle import files
from vsoracle.cli import answer as report
from vsoracle.errors import ScenarioError

ROOT = Path(__file__).resolve().parents[1]
PASSING = (ROOT / "examples" / "uniqueness-names.toml").read_text(encoding="utf-8")
FAILING = PASSING.replace('pym.zone = "ko_pile"', 'pym.zone = "in_play"')
assert FAILING != PASSING


@pytest.fixture
def cache_home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.delenv("VSORACLE_NO_CACHE", raising=False)
    return home


def _answers(cache_home: Path) -> list[Path]:
    return sorted((cache_home / "vsoracle" / "answers").glob("*.json"))


def _cli(cache_home: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {"XDG_CACHE_HOME": str(cache_home), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "vsoracle", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120)


def test_a_file_saved_again_during_the_run_gets_each_content_its_own_answer(tmp_path, cache_home, monkeypatch):
    """The editor saves the failing version just after the passing one was read (and keyed)."""
    path = tmp_path / "q.toml"
    path.write_text(PASSING, encoding="utf-8")
    from vsoracle.cli import cache

    real = cache.key

    def keyed_then_saved(*args, **options):
        found = real(*args, **options)
        path.write_text(FAILING, encoding="utf-8")
        return found

    monkeypatch.setattr(cache, "key", keyed_then_saved)
    first = report.answer(path)
    monkeypatch.setattr(cache, "key", real)
    assert first[1] == 0, "the answer is the content that was read and keyed, not the one saved after"
    now = report.answer(path)
    assert now[1] == 1 and "✗ pym.zone" in now[0], "the content on disk now is answered, not the stored answer"
    path.write_text(PASSING, encoding="utf-8")
    assert report.answer(path) == first, "the passing content's key holds the passing answer"
    assert len(_answers(cache_home)) == 2


def test_standard_input_is_read_once_and_never_cached(cache_home):
    env = {"XDG_CACHE_HOME": str(cache_home), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"}
    runs = [(name, text, subprocess.Popen([sys.executable, "-m", "vsoracle", "resolve", name, "--quiet"], cwd=ROOT,
                                          env=env, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE))
            for name in ("-", "/dev/stdin") for text in (FAILING, PASSING, FAILING)]
    for name, text, proc in runs:
        out, err = proc.communicate(text, timeout=120)
        assert proc.returncode == (1 if text is FAILING else 0), (name, err)
        assert out.rstrip().endswith("The scenario FAILS." if text is FAILING else "5 of 5 checks hold.")
    assert _answers(cache_home) == []


def test_errors_from_standard_input_name_it(cache_home):
    done = _cli(cache_home, "resolve", "-", stdin="[game]\nturn = 0\n")
    assert (done.returncode, done.stderr) == (2, "<stdin>:2: turn must be 1 or more, not 0 — turns are counted from 1\n")
    empty = _cli(cache_home, "resolve", "-", stdin="")
    assert empty.returncode == 2 and empty.stderr.startswith("<stdin>: the file is empty — ")


def _writer(fifo: Path, text: str, delay: float = 0.2) -> threading.Thread:
    def write() -> None:
        time.sleep(delay)
        try:
            with open(fifo, "w", encoding="utf-8") as f:
                f.write(text)
        except BrokenPipeError:
            pass

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_a_fifo_is_read_once_and_never_cached(tmp_path, cache_home):
    fifo = tmp_path / "q.toml"
    os.mkfifo(fifo)
    for text, code in ((FAILING, 1), (PASSING, 0)):
        writer = _writer(fifo, text)
        done = _cli(cache_home, "resolve", str(fifo))
        writer.join(timeout=10)
        assert done.returncode == code, done.stderr
    assert _answers(cache_home) == []


def test_a_fifo_nobody_writes_to_is_an_error_not_a_hang(tmp_path):
    fifo = tmp_path / "q.toml"
    os.mkfifo(fifo)
    with pytest.raises(ScenarioError) as error:
        files.read_input(str(fifo), ScenarioError, wait=0.2)
    assert str(error.value) == (f"{fifo}: nothing came through the pipe for 0.2 s — write the scenario into the "
                                "pipe, or name a file")


def test_a_pipe_that_sends_too_much_is_cut_off(tmp_path):
    fifo = tmp_path / "q.toml"
    os.mkfifo(fifo)
    writer = _writer(fifo, "#" * (files.MAX_SCENARIO_BYTES + 100_000), delay=0)
    with pytest.raises(ScenarioError, match="larger than 1 MB"):
        files.read_input(str(fifo), ScenarioError, wait=5)
    writer.join(timeout=10)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_refused_before_it_is_read(device, cache_home):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    done = _cli(cache_home, "resolve", device)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"{device}: cannot read a character device (such as a terminal or /dev/zero) — "
                           "name a regular file, or pipe the scenario in with - for standard input\n")


def test_a_file_past_the_limit_is_refused(tmp_path):
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (files.MAX_SCENARIO_BYTES + 1))
    with pytest.raises(ScenarioError, match="larger than 1 MB"):
        files.read_input(str(path), ScenarioError)
    path.write_bytes(b"#" * files.MAX_SCENARIO_BYTES)
    assert len(files.read_input(str(path), ScenarioError).data) == files.MAX_SCENARIO_BYTES


def test_a_byte_order_mark_is_accepted(tmp_path, cache_home):
    path = tmp_path / "bom.toml"
    path.write_bytes("\ufeff".encode("utf-8") + PASSING.encode("utf-8"))
    output, code = report.answer(path)
    assert code == 0 and "5 of 5 checks hold." in output
