"""The command line's own shape on typer's public API: help that reads like other tools', usage
errors in one line, whole numbers read the same way whatever typer is installed.

Typer (and the click it carries) draws help and usage errors differently from one release to the
next: an argument's type after its name (``FILE <list[Path]>``), braces in the usage line,
``\\[x>=1]`` escapes, click's three-line usage error or a pydantic message for a bad number. Here
:class:`Command` and :class:`Group` (typer's own classes, through the public ``cls=`` hook) write
help from each parameter's public attributes, and :meth:`Group.main` turns every usage error into
the project's one line. Nothing here imports a private module of typer or click, nor patches a
class: a typer release that keeps its public API keeps vsoracle's help and errors as they are
(``tests/cli/test_usage_errors.py``; CI runs the CLI tests on the lowest typer declared).
"""

from __future__ import annotations

import difflib
import os
import sys
from typing import Any, Callable, NoReturn, Sequence

import typer
from typer.core import TyperCommand, TyperGroup

from .lines import UsageProblem, quoted, shown as _shown
from .output import Format

__all__ = ["CONTEXT", "Application", "Command", "Group", "WholeNumber", "usage_line"]

#: The context settings of the root command; click passes them down to every subcommand.
CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"]}


class WholeNumber:
    """Reads a command-line number: ASCII digits only (``²`` or ``③`` are not numbers), at most
    :attr:`DIGITS` of them, at least :attr:`least` (``None``: any whole number, a minus sign
    allowed). A typer ``parser=``, so the message is vsoracle's whatever typer is installed."""

    #: Far more digits than any budget or depth needs (a 5,000-digit number is refused
    #: at once instead of being converted).
    DIGITS = 100

    __name__ = "whole number"  # typer names a parser's type after its function

    def __init__(self, least: int | None = 0) -> None:
        self.least = least

    def __call__(self, value: str | int) -> int:
        if isinstance(value, int):  # a default
            return value
        text = value.strip()
        digits = text[1:] if self.least is None and text[:1] == "-" else text
        if not (digits.isascii() and digits.isdigit()):
            raise typer.BadParameter(f"{_shown(value)} is not a whole number")
        if len(digits.lstrip("0")) > self.DIGITS:
            raise typer.BadParameter(f"{_shown(value[:12])}… has more than {self.DIGITS} digits")
        number = int(text)
        if self.least is not None and number < self.least:
            raise typer.BadParameter(f"{number} is less than {self.least}")
        return number


# --- help -------------------------------------------------------------------------------------


def _is_argument(param: Any) -> bool:
    return bool(param.param_type_name == "argument")


def _argument_name(param: Any) -> str:
    """An argument as help shows it: its metavar, or its name in capitals; ``...`` when it takes several."""
    name: str = param.metavar or param.name.upper()
    if param.nargs != 1 and not name.endswith("..."):
        name += "..."
    return name


def _extras(param: Any) -> str:
    """The bracket after a parameter's help: its default, whether it is required."""
    parts = []
    default = param.default
    if (param.param_type_name == "option" and not getattr(param, "is_flag", False) and param.show_default
            and default not in (None, False, ()) and not callable(default)):
        parts.append(f"default: {default}")
    if param.required:
        parts.append("required")
    return f"  [{'; '.join(parts)}]" if parts else ""


def _option_name(param: Any) -> str:
    names = ", ".join(sorted(param.opts, key=lambda o: (o.startswith("--"), o)) + list(param.secondary_opts))
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return f"{names} {param.metavar}" if param.metavar else names  # a flag with an optional word
    return f"{names} {param.metavar or param.name.upper()}"


def _write_params(command: Any, ctx: Any, formatter: Any) -> None:
    arguments, options = [], []
    for param in command.get_params(ctx):
        if getattr(param, "hidden", False):
            continue
        if _is_argument(param):
            arguments.append((_argument_name(param), (getattr(param, "help", None) or "") + _extras(param)))
        else:
            options.append((_option_name(param), (param.help or "") + _extras(param)))
    for title, rows in (("Arguments", arguments), ("Options", options)):
        if rows:
            with formatter.section(title):
                formatter.write_dl(rows)


def _parse_in(command: Any, parse: Callable[[Any, list[str]], list[str]], ctx: Any, args: list[str]) -> list[str]:
    """``parse(ctx, args)``; a usage error raised without a context is given this one (the command
    being read), so its line names the command, not the program."""
    try:
        return parse(ctx, args)
    except Exception as error:
        if _is_usage_error(error) and getattr(error, "ctx", None) is None:
            error.ctx = ctx  # type: ignore[attr-defined]
        raise


class Command(TyperCommand):
    """A vsoracle command: plain help (arguments by name, no types, no markup)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return _parse_in(self, super().parse_args, ctx, args)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if _is_argument(param):
                name = _argument_name(param)
                pieces.append(name if param.required else f"[{name}]")
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        _write_params(self, ctx, formatter)


class Group(TyperGroup):
    """A vsoracle command group: plain help, and an unknown subcommand named with the likest one.

    As the root command, :meth:`main` is the one place usage errors are written: one line on
    stderr (under ``--json``, the error document on stdout), exit 2."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return _parse_in(self, super().parse_args, ctx, args)

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return ([self.options_metavar] if self.options_metavar else []) + [self.subcommand_metavar]

    def format_options(self, ctx: Any, formatter: Any) -> None:
        _write_params(self, ctx, formatter)
        self.format_commands(ctx, formatter)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """A subcommand by name; an unknown one is a usage error naming the likest command, or the
        commands there are."""
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-") and not ctx.resilient_parsing:
            names = sorted(n for n, c in self.commands.items() if not c.hidden)
            near = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
            raise UsageProblem(ctx.command_path, f"no such command {quoted(name)}",
                               f"did you mean '{near[0]}'?" if near else "the commands are " + ", ".join(names))
        return super().resolve_command(ctx, args)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        """Run the command line; every usage error is one line (:func:`usage_line`), exit 2."""
        argv = list(sys.argv[1:] if args is None else args)
        from .completion import completion_option, respond

        answer = respond(self, prog_name or self.name or "vsoracle", os.environ)
        if answer is not None:  # a shell asks for completions
            text, code = answer
            if text:
                typer.echo(text)
            sys.exit(code)
        if not standalone_mode:
            return super().main(argv, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            if len(argv) in (1, 2) and argv[0] in ("--install-completion", "--show-completion"):
                # an option whose value (the shell) may be left out: read here, as click has no such option
                result = completion_option(self.name or "vsoracle", argv[0], argv[1] if len(argv) == 2 else None)
            else:
                result = super().main(argv, prog_name, complete_var, False, windows_expand_args, **extra)
        except UsageProblem as problem:
            _report(problem.where, problem.what, problem.right, Format.asked(argv))
        except typer.Abort:
            typer.echo("Aborted!", err=True)
            sys.exit(1)
        except Exception as error:
            if not _is_click_error(error):
                raise
            if "NoArgsIsHelpError" in _kinds(error):  # a group with no command: its help, as a usage error
                typer.echo(error.ctx.get_help(), err=True)  # type: ignore[attr-defined]
                sys.exit(2)
            if _is_usage_error(error):
                ctx = getattr(error, "ctx", None)
                what, right = _said(error)
                _report(ctx.command_path if ctx is not None else prog_name or "vsoracle", what, right,
                        Format.asked(argv))
            error.show()  # type: ignore[attr-defined]  # click's own kind of error (a missing file …)
            sys.exit(getattr(error, "exit_code", 1))
        sys.exit(result if isinstance(result, int) else 0)


class Application(typer.Typer):
    """``typer.Typer`` with vsoracle's :class:`Group` and :class:`Command`, plain help, ``-h``."""

    def __init__(self, **settings: Any) -> None:
        settings.setdefault("context_settings", CONTEXT)
        super().__init__(cls=Group, rich_markup_mode=None, pretty_exceptions_enable=False,
                         add_completion=False, **settings)

    def command(self, name: str | None = None, *, cls: Any = None,  # type: ignore[override]
                **settings: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return super().command(name, cls=cls or Command, **settings)


# --- usage errors -----------------------------------------------------------------------------


def _kinds(error: BaseException) -> set[str]:
    """The names of the classes ``error`` is an instance of (click's exception classes are reached
    by name: typer carries its own copy of click in some releases and uses click in others)."""
    return {cls.__name__ for cls in type(error).__mro__}


def _is_click_error(error: BaseException) -> bool:
    return "ClickException" in _kinds(error)


def _is_usage_error(error: BaseException) -> bool:
    return "UsageError" in _kinds(error)


def _first_lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _param_name(param: Any) -> str:
    if param.param_type_name == "argument":
        return _argument_name(param)
    return str((param.opts or [param.name])[0])


def _said(error: Any) -> tuple[str, str | None]:
    """What is wrong and, when it is known, what would be right: (``no such option --bogus``,
    ``did you mean --outcomes?``). Read from the public attributes click documents for each kind."""
    kinds = _kinds(error)
    if "NoSuchOption" in kinds:
        near = sorted(error.possibilities or ())
        return (f"no such option {_shown(error.option_name)[1:-1]}",
                ("did you mean " + " or ".join(near) + "?") if near else None)
    if "MissingParameter" in kinds:
        param = error.param
        if param is not None and param.param_type_name == "argument":
            return f"missing {_argument_name(param)}", None
        if param is not None:
            return f"missing option {_param_name(param)}", None
        return _first_lower(error.format_message()).rstrip("."), None
    if "BadParameter" in kinds and error.param is not None:
        message = _first_lower(str(error.message)).rstrip(".")
        return f"invalid value for {_param_name(error.param)}: {message}", None
    if "BadOptionUsage" in kinds and str(error.message).startswith("Option "):
        # "Option '--set' requires an argument." -> "--set requires a value"
        return (f"{error.option_name} " + str(error.message).split("' ", 1)[-1].rstrip(".")
                .replace("an argument", "a value").replace(" arguments", " values")), None
    message = str(error.format_message()).rstrip(".")
    if message.startswith("Got unexpected extra argument"):  # "… argument(s) (extra)" or "… arguments (extra)"
        message = "unexpected extra arguments " + message.split(" ", 4)[-1].split(" ", 1)[-1]
    return _first_lower(_shown(message)[1:-1]), None


def usage_line(where: str, what: str, right: str | None) -> str:
    """A usage error as one line: ``vsoracle resolve: no such option --bogus — see 'vsoracle resolve -h'``."""
    see = f"see '{where} -h'"
    return f"{where}: {what} — " + (f"{right} ({see})" if right else see)


def _report(where: str, what: str, right: str | None, fmt: Format) -> NoReturn:
    """Write a usage error — one line on stderr, or the error document on stdout — and exit 2."""
    line = usage_line(where, what, right)
    if fmt is Format.JSON:  # asked for JSON: the error document on stdout (docs/json.md)
        from .jsondoc import document, dumps

        typer.echo(dumps(document("error", error={"file": None, "line": None, "column": None, "message": what,
                                                  "hint": right or f"see '{where} -h'", "text": line}, exit=2)))
    else:
        typer.echo(line, err=True)
    sys.exit(2)
