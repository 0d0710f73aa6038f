"""The typer application behind the ``vsoracle`` command."""

from __future__ import annotations

import typer

from .. import __version__
from . import cards as _cards
from . import text as _text
from . import resolve as _resolve
from . import caches as _caches
from .completion import enable as enable_completion
from .help import CONTEXT, one_line_usage_errors, plain_arguments

__all__ = ["app"]

app = typer.Typer(
    name="vsoracle",
    help="A rules oracle for the Vs. System trading card game: "
         "load a position, play the steps, and see exactly what happens and why.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion, --show-completion (vsoracle.cli.completion)
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help, as other tools write it: flags without "<bool>"
    context_settings=CONTEXT,
    epilog="\b\nDocumentation: vsoracle docs (the topics), vsoracle docs scenario-format (the file format),\n"
           "vsoracle docs examples (scenarios to run). Shell completion: vsoracle --install-completion.",
)
plain_arguments()
one_line_usage_errors()
enable_completion()


def _version(value: bool) -> None:
    if value:
        typer.echo(f"vsoracle {__version__}")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Show the version and exit.")) -> None:
    """A rules oracle for the Vs. System trading card game."""


app.add_typer(_cards.app, name="cards")
_text.register(app)
_resolve.register(app)
_caches.register(app)

from . import moves as _moves; _moves.register(app)  # noqa: E402,E702
from . import play as _play; _play.register(app)  # noqa: E402,E702
from . import docs as _docs; _docs.register(app)  # noqa: E402,E702
