"""Shell completion (issue 16): the candidates the completion protocol gives for commands, options,
--set and FILE arguments, and scripts that bash sources and that install without a network."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vsoracle.cards import default_database, known_set_codes
from vsoracle.cli import app
from vsoracle.cli.completion import toml_paths

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p.name for p in (ROOT / "examples").glob("*.toml"))


def _bash(words: str, cword: int | None = None, cwd: Path = ROOT) -> list[str]:
    """The candidates bash's completion function would get for the command line ``words``
    (the word at ``cword`` being completed; default: the last)."""
    split = words.split(" ")
    env = {"_VSORACLE_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(split) - 1 if cword is None else cword)}
    old = os.getcwd()
    os.chdir(cwd)
    try:
        done = runner.invoke(app, [], env=env, prog_name="vsoracle")
    finally:
        os.chdir(old)
    assert done.exit_code == 0, done.output
    return [line for line in done.output.splitlines() if line]


def test_commands_and_subcommands_complete():
    assert _bash("vsoracle re") == ["resolve"]
    assert set(_bash("vsoracle ")) >= {"resolve", "explain", "show", "moves", "play", "cards", "parse", "cache"}
    assert _bash("vsoracle cards ") == ["list", "show", "check"]
    assert _bash("vsoracle cards ch") == ["check"]


def test_options_complete():
    assert set(_bash("vsoracle resolve --")) >= {"--json", "--quiet", "--no-cache", "--budget", "--board", "--outcomes"}
    assert _bash("vsoracle resolve --no") == ["--no-cache"]
    assert _bash("vsoracle cards list --s") == ["--set"]


def test_set_values_are_the_known_sets():
    sets = known_set_codes(default_database())
    assert "MOR" in sets and "MFA" in sets           # every release of the game, cards or not
    assert _bash("vsoracle cards list --set ") == sets
    first = sets[0]
    assert _bash(f"vsoracle cards list --set {first[:2].lower()}") == [s for s in sets if s.lower().startswith(first[:2].lower())]
    assert _bash("vsoracle cards list --type pl") == ["plot-twist"]


def test_file_arguments_complete_toml_files_and_folders(tmp_path):
    (tmp_path / "q one.toml").write_text("", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    (tmp_path / "more").mkdir()
    (tmp_path / ".hidden").mkdir()
    assert _bash("vsoracle resolve ", cwd=tmp_path) == ["more/", "q\\ one.toml"]   # bash inserts them as they are
    assert _bash("vsoracle resolve ex", cwd=ROOT) == ["examples/"]
    assert _bash("vsoracle resolve examples/", cwd=ROOT) == sorted([f"examples/{name}" for name in EXAMPLES]
                                                                   + ["examples/decks/"])  # folders too
    assert _bash("vsoracle resolve examples/four-yes-or-no.toml examples/u", cwd=ROOT) == \
        [f"examples/{name}" for name in EXAMPLES if name.startswith("u")]   # FILE... takes several
    assert _bash("vsoracle explain examples/fo") == ["examples/four-yes-or-no.toml"]
    assert _bash("vsoracle show examples/fo") == ["examples/four-yes-or-no.toml"]
    assert _bash("vsoracle moves examples/fo") == ["examples/four-yes-or-no.toml"]
    assert toml_paths(str(tmp_path) + "/.h") == [f"{tmp_path}/.hidden/"]
    assert toml_paths(str(tmp_path / "nothing-here") + "/") == []


def test_zsh_and_fish_complete_through_their_own_protocol():
    zsh = runner.invoke(app, [], prog_name="vsoracle",
                        env={"_VSORACLE_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "vsoracle resolve ex"})
    assert zsh.output.strip() == "_files -g '*.toml'"       # zsh's own file completion, for *.toml
    zsh = runner.invoke(app, [], prog_name="vsoracle",
                        env={"_VSORACLE_COMPLETE": "complete_zsh", "_TYPER_COMPLETE_ARGS": "vsoracle cards "})
    assert '"list"' in zsh.output and '"check"' in zsh.output
    old = os.getcwd()
    os.chdir(ROOT)
    try:
        fish = runner.invoke(app, [], prog_name="vsoracle",
                             env={"_VSORACLE_COMPLETE": "complete_fish", "_TYPER_COMPLETE_FISH_ACTION": "get-args",
                                  "_TYPER_COMPLETE_ARGS": "vsoracle resolve examples/fo"})
    finally:
        os.chdir(old)
    assert fish.output.strip() == "examples/four-yes-or-no.toml"


def _wrapper(tmp_path: Path) -> Path:
    """A ``vsoracle`` on PATH that runs this checkout's vsoracle."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "vsoracle"
    script.write_text(f"#!/bin/sh\nexec {sys.executable} -m vsoracle \"$@\"\n", encoding="utf-8")
    script.chmod(0o755)
    return bin_dir


def _env(tmp_path: Path, bin_dir: Path) -> dict[str, str]:
    return {"PATH": f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}", "HOME": str(tmp_path / "home"),
            "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT),
            "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_bash_script_is_sourced_and_completes(tmp_path):
    bin_dir = _wrapper(tmp_path)
    env = _env(tmp_path, bin_dir)
    script = subprocess.run(["vsoracle", "--show-completion", "bash"], capture_output=True, text=True, env=env,
                            timeout=60)
    assert script.returncode == 0 and "complete -o default -F _vsoracle_completion vsoracle" in script.stdout
    (tmp_path / "vsoracle.bash").write_text(script.stdout, encoding="utf-8")
    driven = subprocess.run(
        ["bash", "--norc", "-c", f"set -e; source {tmp_path / 'vsoracle.bash'}; complete -p vsoracle; "
         "COMP_WORDS=(vsoracle cards l); COMP_CWORD=2; _vsoracle_completion vsoracle; "
         "printf '%s\\n' \"${COMPREPLY[@]}\"; "
         "COMP_WORDS=(vsoracle resolve ex); COMP_CWORD=2; _vsoracle_completion vsoracle; "
         "printf '%s\\n' \"${COMPREPLY[@]}\""],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert driven.returncode == 0 and driven.stderr == "", driven.stderr
    assert driven.stdout.splitlines() == ["complete -o default -F _vsoracle_completion vsoracle", "list", "examples/"]


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_install_completion_writes_the_script_and_sources_it(tmp_path):
    bin_dir = _wrapper(tmp_path)
    env = _env(tmp_path, bin_dir)
    for shell, where in (("bash", ".bash_completions/vsoracle.sh"), ("zsh", ".zfunc/_vsoracle"),
                         ("fish", ".config/fish/completions/vsoracle.fish")):
        done = subprocess.run(["vsoracle", "--install-completion", shell], capture_output=True, text=True, env=env,
                              timeout=60)
        assert done.returncode == 0 and f"{shell} completion installed in" in done.stdout, done.stderr
        assert "_VSORACLE_COMPLETE=complete_" + shell in (tmp_path / "home" / where).read_text(encoding="utf-8")
    home = tmp_path / "home"
    assert f"source '{home / '.bash_completions/vsoracle.sh'}'" in (home / ".bashrc").read_text(encoding="utf-8")
    sourced = subprocess.run(["bash", "-c", f"source {home / '.bashrc'} && complete -p vsoracle"],
                             capture_output=True, text=True, env=env, timeout=60)
    assert sourced.returncode == 0 and "_vsoracle_completion" in sourced.stdout, sourced.stderr


def test_a_script_is_printed_for_the_shell_named_or_the_users_own(tmp_path):
    for shell, mark in (("bash", "complete -o default -F _vsoracle_completion vsoracle"),
                        ("zsh", "#compdef vsoracle"), ("fish", "complete --command vsoracle")):
        named = runner.invoke(app, ["--show-completion", shell], prog_name="vsoracle")
        assert named.exit_code == 0 and mark in named.output
        own = runner.invoke(app, ["--show-completion"], prog_name="vsoracle", env={"SHELL": f"/usr/bin/{shell}"})
        assert own.exit_code == 0 and own.output == named.output
        asked = runner.invoke(app, [], prog_name="vsoracle", env={"_VSORACLE_COMPLETE": f"source_{shell}"})
        assert asked.exit_code == 0 and asked.output == named.output   # click's way to ask for it
    unknown = runner.invoke(app, ["--show-completion", "tcsh"], prog_name="vsoracle")
    assert unknown.exit_code == 2 and unknown.stderr == \
        "vsoracle: cannot complete in the shell 'tcsh' — name one of bash, zsh, fish (see 'vsoracle -h')\n"
    unknown = runner.invoke(app, ["--install-completion"], prog_name="vsoracle", env={"SHELL": "/bin/csh"})
    assert unknown.exit_code == 2 and "cannot tell which shell this is from $SHELL" in unknown.stderr


def test_install_leaves_a_linked_start_up_file_alone(tmp_path, monkeypatch):
    """A ~/.bashrc kept elsewhere and linked in is not replaced by a plain file: the line to add is
    said instead; the script itself is written whole, under a temporary name first."""
    from vsoracle.cli.completion import install

    home = tmp_path / "home"
    home.mkdir()
    kept = tmp_path / "dotfiles-bashrc"
    kept.write_text("# mine\n", encoding="utf-8")
    (home / ".bashrc").symlink_to(kept)
    said = install("bash", home)
    assert said[0] == f"bash completion installed in {home / '.bash_completions/vsoracle.sh'}"
    assert "is not a plain file: add these lines to it yourself" in said[1]
    assert (home / ".bashrc").is_symlink() and kept.read_text(encoding="utf-8") == "# mine\n"
    assert [p.name for p in (home / ".bash_completions").iterdir()] == ["vsoracle.sh"]   # no temporary left
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / ".bashrc").write_text("alias ll='ls -l'", encoding="utf-8")
    install("bash", plain)
    install("bash", plain)   # twice: the line is added once
    assert (plain / ".bashrc").read_text(encoding="utf-8") == \
        f"alias ll='ls -l'\nsource '{plain / '.bash_completions/vsoracle.sh'}'\n"


def test_option_values_and_arguments_follow_the_command_line():
    assert _bash("vsoracle resolve --budget ") == []          # a number: nothing to offer
    assert _bash("vsoracle resolve --budget 3 ex") == ["examples/"]
    assert _bash("vsoracle cards list --set=MAV --t") == ["--type"]
    assert _bash("vsoracle explain examples/four-yes-or-no.toml ex") == []   # FILE takes one
    assert "-h" in _bash("vsoracle cards show -")
