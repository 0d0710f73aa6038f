"""Help that reads like other command-line tools': ``-h`` as well as ``--help``, arguments by their
name (``FILE...``), flags without a type.

Typer 0.29 writes an argument's type after its name even when a metavar is given (``FILE
<list[Path]>``), wraps it in braces in the usage line (``{FILE}``), and in its rich help shows
``<bool>`` after every flag. The plain (click) help leaves flags' types out; for arguments,
:func:`plain_arguments` makes the metavar the whole display, as click does.

Click writes a usage error in three lines (the usage, "Try … for help", "Error: …");
:func:`one_line_usage_errors` makes it the project's one line. Every patch of typer and click is
here."""

from __future__ import annotations

import difflib

from typer.core import TyperArgument

__all__ = ["CONTEXT", "plain_arguments", "one_line_usage_errors", "usage_line"]

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


# --- usage errors -----------------------------------------------------------------------------


def _command_names(group) -> list[str]:
    return sorted(name for name, command in group.commands.items() if not command.hidden)


def _nearest(word: str, names: list[str]) -> str | None:
    """The name most like ``word`` (difflib's ratio, as titles and keys are suggested), if any is alike."""
    near = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    return near[0] if near else None


def _resolve_command(self, ctx, args):
    """A group's subcommand by name; an unknown one is a usage error naming the likest command, or
    the commands there are."""
    from typer._click.exceptions import UsageError

    name = args[0]
    command = self.get_command(ctx, name)
    if command is None and ctx.token_normalize_func is not None:
        command = self.get_command(ctx, ctx.token_normalize_func(name))
    if command is None and not ctx.resilient_parsing:
        if name.startswith("-"):  # an option where a command was expected: click says which
            self.parse_args(ctx, args)
        names = _command_names(self)
        error = UsageError(f"No such command {name!r}.", ctx)
        near = _nearest(name, names)
        error.said = (f"no such command '{name}'",
                      f"did you mean '{near}'?" if near else "the commands are " + ", ".join(names))
        raise error
    return (name if command else None), command, args[1:]


def _first_lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _said(error) -> tuple[str, str | None]:
    """What is wrong and, when click knows it, what would be right: (``no such option --bogus``,
    ``did you mean --outcomes?``)."""
    from typer._click import exceptions as ex

    said = getattr(error, "said", None)
    if said:
        return said
    if isinstance(error, ex.NoSuchOption):
        near = sorted(error.possibilities or ())
        return (f"no such option {error.option_name}",
                ("did you mean " + " or ".join(near) + "?") if near else None)
    if isinstance(error, ex.MissingParameter):
        param = error.param
        if param is not None and param.param_type_name == "argument":
            return f"missing {param.metavar or param.name.upper()}", None
        if param is not None:
            return f"missing option {(param.opts or [param.name])[0]}", None
        return _first_lower(error.format_message()).rstrip("."), None
    if isinstance(error, ex.BadParameter) and error.param is not None:
        param = error.param
        name = (param.metavar or param.name.upper()) if param.param_type_name == "argument" \
            else (param.opts or [param.name])[0]
        message = _first_lower(error.message).rstrip(".").replace(
            "a valid integer, unable to parse string as an integer", "a whole number")
        return f"invalid value for {name}: {message}", None
    if isinstance(error, ex.BadOptionUsage) and error.message.startswith("Option "):
        # "Option '--set' requires an argument." -> "--set requires a value"
        return (f"{error.option_name} " + error.message.split("' ", 1)[-1].rstrip(".")
                .replace("an argument", "a value").replace(" arguments", " values")), None
    message = error.format_message().rstrip(".")
    if message.startswith("Got unexpected extra argument"):
        message = message.replace("Got unexpected extra argument(s)", "unexpected extra arguments")
    return _first_lower(message), None


def usage_line(error) -> str:
    """A usage error as one line: ``vsoracle resolve: no such option --bogus — see 'vsoracle resolve -h'``."""
    ctx = error.ctx
    where = ctx.command_path if ctx is not None else "vsoracle"
    what, right = _said(error)
    see = f"see '{where} -h'"
    return f"{where}: {what} — " + (f"{right} ({see})" if right else see)


def _show(self, file=None) -> None:
    import sys

    from typer._click._compat import get_text_stderr
    from typer._click.utils import echo

    if "--json" in sys.argv[1:]:  # asked for JSON: the error document on stdout (docs/json.md)
        from .jsondoc import document, dumps

        what, right = _said(self)
        where = self.ctx.command_path if self.ctx is not None else "vsoracle"
        echo(dumps(document("error", error={"file": None, "line": None, "column": None, "message": what,
                                            "hint": right or f"see '{where} -h'", "text": usage_line(self)},
                            exit=2)))
        return
    echo(usage_line(self), file=file if file is not None else get_text_stderr())


def _usage_error_init(self, message: str, ctx=None) -> None:
    from typer._click.exceptions import ClickException
    from typer._click.globals import get_current_context

    ClickException.__init__(self, message)
    self.ctx = ctx if ctx is not None else get_current_context(silent=True)  # the parser raises some without one
    self.cmd = self.ctx.command if self.ctx else None


def one_line_usage_errors() -> None:
    """Every usage error click raises (an unknown option or command, a missing argument, a bad
    value) is one line on stderr, exit 2: the command, what is wrong, and the help to read."""
    from typer._click.exceptions import UsageError
    from typer.core import TyperGroup

    UsageError.__init__ = _usage_error_init
    UsageError.show = _show
    TyperGroup._click_resolve_command = _resolve_command
