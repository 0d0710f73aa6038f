"""Shell completion for bash, zsh and fish: commands, options, the known ``--set`` and ``--type``
values, and scenario or card files (``*.toml`` and folders) for ``FILE`` arguments.

``vsoracle --install-completion`` installs it for the shell it runs in (typer's: it writes a
script under the home folder and sources it from the shell's start-up file; nothing is
downloaded); ``vsoracle --show-completion SHELL`` prints the script instead. The shell asks
``vsoracle`` itself for candidates (``_VSORACLE_COMPLETE=complete_bash`` with ``COMP_WORDS`` and
``COMP_CWORD``, or ``complete_zsh``/``complete_fish`` with ``_TYPER_COMPLETE_ARGS``).

Typer's scripts complete files by offering the word typed back; here a ``FILE`` argument offers
the ``*.toml`` files and folders that start with it (a folder ends with ``/`` and takes no space
after it in bash; zsh uses its own ``_files -g '*.toml'``). Every patch of typer's completion is
here; :func:`enable` applies them."""

from __future__ import annotations

import os
import re

__all__ = ["enable", "toml_paths", "BASH_SCRIPT"]

#: The bash script: typer's, and a lone folder is completed without a space after it.
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

#: The card types ``cards list --type`` takes.
CARD_TYPES = ("character", "plot-twist", "location", "equipment")

#: Completion items of a FILE argument carry this type (zsh then completes with its own globbing).
TOML = "toml"


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
    from ..cards import default_database

    return sorted({c.set_code for c in default_database() if c.set_code})


def _candidates(param, incomplete: str):
    """vsoracle's own candidates for ``param``, or ``None`` to let typer complete it."""
    from typer._click.shell_completion import CompletionItem

    if param.param_type_name == "argument" and (param.metavar or param.name.upper()).startswith("FILE"):
        return [CompletionItem(path, type=TOML) for path in toml_paths(incomplete)]
    opts = getattr(param, "opts", ())
    if "--set" in opts:
        return [CompletionItem(s) for s in _known_sets() if s.lower().startswith(incomplete.lower())]
    if "--type" in opts and param.name == "card_type":
        return [CompletionItem(t) for t in CARD_TYPES if t.startswith(incomplete.lower())]
    return None


def _wrap(original):
    def shell_complete(self, ctx, incomplete):
        found = _candidates(self, incomplete)
        return original(self, ctx, incomplete) if found is None else found

    shell_complete.__doc__ = original.__doc__
    return shell_complete


_BASH_SPECIAL = re.compile(r"([\s\\'\"$`!&;|<>()*?#~{}\[\]])")


def _classes():
    from typer._completion_classes import BashComplete, FishComplete, ZshComplete

    class Bash(BashComplete):
        source_template = BASH_SCRIPT

        def format_completion(self, item) -> str:
            # bash inserts a candidate as it is: a path with a space must come escaped
            return _BASH_SPECIAL.sub(r"\\\1", item.value) if item.type == TOML else item.value

    class Zsh(ZshComplete):
        def complete(self) -> str:
            args, incomplete = self.get_completion_args()
            if any(item.type == TOML for item in self.get_completions(args, incomplete)):
                return "_files -g '*.toml'"
            return super().complete()

    return Bash, Zsh, FishComplete


def _register() -> None:
    from typer._click.shell_completion import add_completion_class

    bash, zsh, fish = _classes()
    add_completion_class(bash, "bash")
    add_completion_class(zsh, "zsh")
    add_completion_class(fish, "fish")


def enable() -> None:
    """Install vsoracle's completion into typer: its candidates, the bash script, the shell classes
    (registered again after typer registers its own, each time it builds the command)."""
    import typer.completion
    from typer import _completion_shared
    from typer.core import TyperArgument, TyperOption

    _completion_shared._completion_scripts["bash"] = BASH_SCRIPT
    for cls in (TyperArgument, TyperOption):
        if not getattr(cls.shell_complete, "_vsoracle", False):
            cls.shell_complete = _wrap(cls.shell_complete)
            cls.shell_complete._vsoracle = True
    typer_init = typer.completion.completion_init
    if not getattr(typer_init, "_vsoracle", False):
        def completion_init() -> None:
            typer_init()
            _register()

        completion_init._vsoracle = True
        typer.completion.completion_init = completion_init
    _register()
