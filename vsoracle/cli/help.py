"""Help that reads like other command-line tools': ``-h`` as well as ``--help``, arguments by their
name (``FILE...``), flags without a type.

Typer 0.29 writes an argument's type after its name even when a metavar is given (``FILE
<list[Path]>``), wraps it in braces in the usage line (``{FILE}``), and in its rich help shows
``<bool>`` after every flag. The plain (click) help leaves flags' types out; for arguments,
:func:`plain_arguments` makes the metavar the whole display, as click does."""

from __future__ import annotations

from typer.core import TyperArgument

__all__ = ["CONTEXT", "plain_arguments"]

#: The context settings of the root command; click passes them down to every subcommand.
CONTEXT = {"help_option_names": ["-h", "--help"]}


def _usage_name(self: TyperArgument) -> str:
    name = self.metavar or self.name.upper()
    if self.nargs != 1 and not name.endswith("..."):
        name += "..."
    return name if self.required else f"[{name}]"


def _display_type(self: TyperArgument, ctx) -> str | None:
    return None  # the argument's name and help say what it is


def _display_name(self: TyperArgument) -> str:
    name = self.metavar or self.name.upper()
    return name if self.metavar or self.nargs == 1 else name + "..."


def plain_arguments() -> None:
    """Show every argument by its metavar (or its name in capitals), with no type and no braces."""
    TyperArgument._usage_display_name = _usage_name
    TyperArgument.display_type_rich = _display_type
    TyperArgument._rich_display_name = _display_name
