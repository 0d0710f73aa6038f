"""Shell completion for bash, zsh and fish: commands, options, the known ``--set`` and ``--type``
values, and scenario or card files (``*.toml`` and folders) for ``FILE`` arguments.

``vsoracle --install-completion [SHELL]`` writes the script under the home folder and sources it
from the shell's start-up file (nothing is downloaded); ``vsoracle --show-completion [SHELL]``
prints it instead. The shell then asks ``vsoracle`` itself for candidates: the variable
``_VSORACLE_COMPLETE`` says which shell asks (``complete_bash`` with ``COMP_WORDS`` and
``COMP_CWORD``; ``complete_zsh`` or ``complete_fish`` with ``_TYPER_COMPLETE_ARGS``, the line up to
the cursor — the protocol of the scripts typer installed for earlier versions, so those keep
working).

The candidates come from the command tree's public attributes (each command's subcommands and
parameters, each option's names and whether it takes a value): a ``FILE`` argument offers the
``*.toml`` files and the folders that start with the word typed (a folder ends with ``/`` and takes
no space after it in bash; zsh uses its own ``_files -g '*.toml'``).
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path
from typing import Any, Mapping, NamedTuple

__all__ = ["SHELLS", "respond", "script", "install", "completion_option", "toml_paths", "BASH_SCRIPT"]

#: The shells vsoracle completes in.
SHELLS = ("bash", "zsh", "fish")

#: The bash script: a lone folder is completed without a space after it.
BASH_SCRIPT = """
%(complete_func)s() {
    local IFS=$'\\n'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" \\
                   COMP_CWORD=$COMP_CWORD \\
                   %(autocomplete_var)s=complete_bash $1 ) )
    if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]]; then
        compopt -o nospace 2>/dev/null || true
    fi
    return 0
}

complete -o default -F %(complete_func)s %(prog_name)s
"""

#: The zsh script: the line up to the cursor goes to vsoracle, which answers with zsh code.
ZSH_SCRIPT = """#compdef %(prog_name)s

%(complete_func)s() {
  eval $(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" %(autocomplete_var)s=complete_zsh %(prog_name)s)
}

compdef %(complete_func)s %(prog_name)s
"""

#: The fish script: fish asks whether there are candidates, then for them (one per line).
FISH_SCRIPT = (
    "complete --command %(prog_name)s --no-files --arguments "
    "\"(env %(autocomplete_var)s=complete_fish _TYPER_COMPLETE_FISH_ACTION=get-args "
    "_TYPER_COMPLETE_ARGS=(commandline -cp) %(prog_name)s)\" --condition "
    "\"env %(autocomplete_var)s=complete_fish _TYPER_COMPLETE_FISH_ACTION=is-args "
    "_TYPER_COMPLETE_ARGS=(commandline -cp) %(prog_name)s\"\n")

_SCRIPTS = {"bash": BASH_SCRIPT, "zsh": ZSH_SCRIPT, "fish": FISH_SCRIPT}

#: The card types ``cards list --type`` takes.
CARD_TYPES = ("character", "plot-twist", "location", "equipment")


class Item(NamedTuple):
    """One candidate: what the shell inserts, its help, and whether it is a path (``toml``)."""

    value: str
    help: str = ""
    kind: str = "plain"


def toml_paths(incomplete: str) -> list[str]:
    """The ``*.toml`` files and the folders (ending in ``/``) whose path starts with ``incomplete``;
    hidden ones only when ``incomplete`` names a hidden one."""
    folder, _, start = incomplete.rpartition("/")
    prefix = folder + "/" if folder or incomplete.startswith("/") else ""
    try:
        entries = list(os.scandir(os.path.expanduser(folder) if folder else (os.sep if prefix else ".")))
    except OSError:
        return []
    out = []
    for entry in entries:
        if not entry.name.startswith(start) or (entry.name.startswith(".") and not start.startswith(".")):
            continue
        try:
            if entry.is_dir():
                out.append(prefix + entry.name + "/")
            elif entry.name.endswith(".toml"):
                out.append(prefix + entry.name)
        except OSError:
            continue
    return sorted(out)


def _known_sets() -> list[str]:
    from ..cards import default_database, known_set_codes

    return known_set_codes(default_database())


# --- the command tree -------------------------------------------------------------------------


def _is_option(param: Any) -> bool:
    return bool(param.param_type_name == "option")


def _takes_value(option: Any) -> bool:
    return not (getattr(option, "is_flag", False) or getattr(option, "count", False))


def _option_named(command: Any, name: str) -> Any:
    for param in command.params:
        if _is_option(param) and name in (*param.opts, *param.secondary_opts):
            return param
    return None


def _help_option_names(root: Any) -> list[str]:
    settings = getattr(root, "context_settings", None) or {}
    return list(settings.get("help_option_names", ["--help"]))


def _value_candidates(option: Any, incomplete: str) -> list[Item]:
    """The values an option takes: the known set codes, the card types, a choice's choices."""
    if "--set" in option.opts:
        return [Item(s) for s in _known_sets() if s.lower().startswith(incomplete.lower())]
    if "--type" in option.opts and option.name == "card_type":
        return [Item(t) for t in CARD_TYPES if t.startswith(incomplete.lower())]
    choices = getattr(getattr(option, "type", None), "choices", None)
    if choices:
        return [Item(str(c)) for c in choices if str(c).startswith(incomplete)]
    return []  # anything else: the shell's own completion (bash falls back to file names)


def candidates(root: Any, args: list[str], incomplete: str) -> list[Item]:
    """What may come next after the words ``args`` when ``incomplete`` is being typed: a
    subcommand, an option, an option's value or an argument, by walking the command tree."""
    command, positional, pending = root, 0, None
    for word in args:
        if pending is not None:  # the value of an option that takes one
            pending = None
            continue
        if word.startswith("-") and word != "-":
            option = _option_named(command, word.split("=", 1)[0])
            if option is not None and _takes_value(option) and "=" not in word:
                pending = option
            continue
        sub = getattr(command, "commands", {}).get(word)
        if sub is not None:
            command, positional = sub, 0
        else:
            positional += 1
    if pending is not None:
        return _value_candidates(pending, incomplete)
    if incomplete.startswith("-"):
        names: list[tuple[str, str]] = []
        for param in command.params:
            if _is_option(param) and not getattr(param, "hidden", False):
                names += [(name, param.help or "") for name in (*param.opts, *param.secondary_opts)]
        names += [(name, "Show this message and exit.") for name in _help_option_names(root)]
        return [Item(name, helptext) for name, helptext in names if name.startswith(incomplete)]
    subcommands = getattr(command, "commands", None)
    if subcommands is not None:
        return [Item(name, sub.get_short_help_str()) for name, sub in subcommands.items()
                if not sub.hidden and name.startswith(incomplete)]
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    if not arguments:
        return []
    argument = arguments[min(positional, len(arguments) - 1)]
    if positional >= len(arguments) and arguments[-1].nargs == 1:
        return []
    if (argument.metavar or argument.name.upper()).startswith("FILE"):
        return [Item(path, kind="toml") for path in toml_paths(incomplete)]
    return []


# --- the shells' protocol ---------------------------------------------------------------------


def _split(line: str) -> list[str]:
    """A command line split as the shell would (an unfinished quote is closed)."""
    try:
        return shlex.split(line)
    except ValueError:
        try:
            return shlex.split(line + '"')
        except ValueError:
            return shlex.split(line + "'")


def _words(shell: str, environ: Mapping[str, str]) -> tuple[list[str], str]:
    """The words before the one being completed, and that word."""
    if shell == "bash":
        words = _split(environ.get("COMP_WORDS", ""))
        try:
            cword = int(environ.get("COMP_CWORD", "0"))
        except ValueError:
            cword = len(words)
        return words[1:cword], words[cword] if 0 <= cword < len(words) else ""
    line = environ.get("_TYPER_COMPLETE_ARGS", "")
    words = _split(line)[1:]
    if words and not line.endswith(" "):
        return words[:-1], words[-1]
    return words, ""


_BASH_SPECIAL = re.compile(r"([\s\\'\"$`!&;|<>()*?#~{}\[\]])")


def _zsh_escape(text: str) -> str:
    return (text.replace('"', '""').replace("'", "''").replace("$", "\\$").replace("`", "\\`")
            .replace(":", r"\\:"))


def respond(root: Any, prog_name: str, environ: Mapping[str, str]) -> tuple[str, int] | None:
    """The answer to a shell's completion request (``_VSORACLE_COMPLETE`` set) — the text to print
    and the exit status — or ``None`` when no shell is asking. Fish's ``is-args`` question is
    answered by the status alone (0: there are candidates)."""
    asked = environ.get(f"_{prog_name.replace('-', '_').upper()}_COMPLETE")
    if not asked:
        return None
    if asked.startswith("source_") and asked.removeprefix("source_") in SHELLS:  # click's way to ask for a script
        return script(asked.removeprefix("source_"), prog_name).rstrip("\n"), 0
    shell = asked.removeprefix("complete_")
    if shell not in SHELLS:
        return "", 1
    args, incomplete = _words(shell, environ)
    items = candidates(root, args, incomplete)
    if shell == "bash":
        return "\n".join(_BASH_SPECIAL.sub(r"\\\1", i.value) if i.kind == "toml" else i.value for i in items), 0
    if shell == "zsh":
        if any(i.kind == "toml" for i in items):
            return "_files -g '*.toml'", 0
        if not items:
            return "_files", 0
        shown = "\n".join(f'"{_zsh_escape(i.value)}":"{_zsh_escape(i.help)}"' if i.help else f'"{_zsh_escape(i.value)}"'
                          for i in items)
        return f"_arguments '*: :(({shown}))'", 0
    lines = [f"{i.value}\t{_one_line(i.help)}" if i.help else i.value for i in items]
    if environ.get("_TYPER_COMPLETE_FISH_ACTION") == "is-args":
        return "", 0 if lines else 1
    return "\n".join(lines), 0


def _one_line(text: str) -> str:
    return re.sub(r"\s", " ", text)


# --- scripts and their installation -----------------------------------------------------------


def script(shell: str, prog_name: str = "vsoracle") -> str:
    """The completion script for ``shell``, as ``--show-completion`` prints it."""
    name = prog_name.replace("-", "_")
    return _SCRIPTS[shell] % {"complete_func": f"_{name}_completion", "prog_name": prog_name,
                              "autocomplete_var": f"_{name.upper()}_COMPLETE"}


def detect_shell(environ: Mapping[str, str]) -> str | None:
    """The user's shell, from ``$SHELL``; ``None`` if it is not one vsoracle completes in."""
    shell = os.path.basename(environ.get("SHELL", ""))
    return shell if shell in SHELLS else None


_STARTUP = {
    "bash": (".bashrc", "source '{path}'"),
    "zsh": (".zshrc", "autoload -Uz compinit\ncompinit\nzstyle ':completion:*' menu select\nfpath+=~/.zfunc"),
}
_WHERE = {"bash": ".bash_completions/vsoracle.sh", "zsh": ".zfunc/_vsoracle",
          "fish": ".config/fish/completions/vsoracle.fish"}


def completion_option(where: str, option: str, shell: str | None) -> int:
    """``--show-completion [SHELL]`` prints the script; ``--install-completion [SHELL]`` installs it.
    Without SHELL, the user's own (``$SHELL``); the exit status."""
    import typer

    from .lines import UsageProblem, quoted

    chosen = shell or detect_shell(os.environ)
    if chosen not in SHELLS:
        raise UsageProblem(where, f"cannot complete in the shell {quoted(shell)}" if shell
                           else "cannot tell which shell this is from $SHELL", "name one of " + ", ".join(SHELLS))
    if option == "--show-completion":
        typer.echo(script(chosen, where), nl=False)
    else:
        for line in install(chosen, Path.home(), where):
            typer.echo(line)
    return 0


def install(shell: str, home: Path, prog_name: str = "vsoracle") -> list[str]:
    """Write the script for ``shell`` under ``home`` and source it from the shell's start-up file
    (once); what was done, one line each. Each file is written whole, under a temporary name
    first; a start-up file that is a link (a dotfile kept elsewhere) is left alone, and the line
    to add is said instead."""
    path = home / _WHERE[shell].replace("vsoracle", prog_name)
    path.parent.mkdir(parents=True, exist_ok=True)
    _write(path, script(shell, prog_name))
    said = [f"{shell} completion installed in {path}"]
    if shell in _STARTUP:
        rc_name, line = _STARTUP[shell]
        rc = home / rc_name
        line = line.format(path=path)
        if rc.is_symlink() or (rc.exists() and not rc.is_file()):
            said.append(f"{rc} is not a plain file: add these lines to it yourself:\n{line}")
            return said
        old = rc.read_text(encoding="utf-8", errors="replace") if rc.is_file() else ""
        if line not in old:
            _write(rc, old + ("" if not old or old.endswith("\n") else "\n") + line + "\n")
    said.append("Completion will take effect once you restart the terminal.")
    return said


def _write(path: Path, text: str) -> None:
    """Write ``path`` whole: a temporary file beside it, then a rename (a link at ``path`` is
    replaced, not followed)."""
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        if path.is_file():
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
