"""The typer application behind the ``vsoracle`` command."""

from __future__ import annotations

import typer

from .. import __version__
from . import cards as _cards
from . import text as _text
from . import resolve as _resolve
from . import caches as _caches
from . import completion
from .help import Application

__all__ = ["app"]

app = Application(
    name="vsoracle",
    help="A rules oracle for the Vs. System trading card game: "
         "load a position, play the steps, and see exactly what happens and why.",
    no_args_is_help=True,
    epilog="\b\nDocumentation: vsoracle docs (the topics), vsoracle docs scenario-format (the file format),\n"
           "vsoracle docs examples (scenarios to run). Shell completion: vsoracle --install-completion.",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"vsoracle {__version__}")
        raise typer.Exit()


def _completion_option(ctx: typer.Context, param: typer.CallbackParam, value: bool) -> None:
    """``--install-completion`` or ``--show-completion`` among other options: for the user's shell
    (alone, each may name the shell: :meth:`vsoracle.cli.help.Group.main`)."""
    if value:
        raise typer.Exit(completion.completion_option(ctx.command_path, (param.opts or ["--show-completion"])[0], None))


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Show the version and exit."),
          install_completion: bool = typer.Option(
              False, "--install-completion", metavar="[SHELL]", is_eager=True, expose_value=False,
              callback=_completion_option,
              help="Install completion for the shell (bash, zsh or fish; default: the shell you use)."),
          show_completion: bool = typer.Option(
              False, "--show-completion", metavar="[SHELL]", is_eager=True, expose_value=False,
              callback=_completion_option,
              help="Print the completion script, to copy it or customize the installation."),
          ) -> None:
    """A rules oracle for the Vs. System trading card game."""


app.add_typer(_cards.app, name="cards")
_text.register(app)
_resolve.register(app)
_caches.register(app)

from . import moves as _moves; _moves.register(app)  # noqa: E402,E702
from . import play as _play; _play.register(app)  # noqa: E402,E702
from . import docs as _docs; _docs.register(app)  # noqa: E402,E702
from . import rulings as _rulings; _rulings.register(app)  # noqa: E402,E702
from . import selfplay as _selfplay; _selfplay.register(app)  # noqa: E402,E702
from . import engine as _engine; _engine.register(app)  # noqa: E402,E702
