"""A reader that closes the pipe early (``vsoracle cards list | head -1``, issue 25's smaller points)
ends vsoracle with 141, as other Unix tools, never 1 ("a check fails"), and says nothing on stderr."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from vsoracle.cli import common, lines


class _ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_writing_to_a_closed_pipe_is_the_reader_gone(monkeypatch):
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    with pytest.raises(lines.ReaderGone):
        lines.emit("a line")


def test_the_reader_gone_exits_141_and_says_nothing(monkeypatch, capsys):
    quieted = []
    monkeypatch.setattr(common, "_quiet_stdout", lambda: quieted.append(True))

    def app() -> None:
        raise lines.ReaderGone()

    with pytest.raises(SystemExit) as done:
        common.run_guarded(app)
    assert done.value.code == 141 and quieted == [True]
    assert capsys.readouterr().err == ""


def test_a_listing_piped_to_a_reader_that_leaves_never_says_a_check_failed():
    # all of it may reach the pipe before the reader leaves (0), or not (141): never 1, never a word
    for _ in range(3):
        p = subprocess.Popen([sys.executable, "-m", "vsoracle", "cards", "list"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
        assert p.stdout is not None and p.stderr is not None
        p.stdout.read(10)
        p.stdout.close()
        assert p.wait(timeout=120) in (0, 141)
        assert p.stderr.read() == b""
