"""Docs that reach pip users (issue 16): ``vsoracle docs`` prints the pages and lists the examples from
where the install keeps them, the wheel ships them, and help and hints name ``vsoracle docs TOPIC``,
never a repository path."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from vsoracle import resources
from vsoracle.cli import app
from vsoracle.cli.docs import TOPICS

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def test_every_user_page_is_a_topic_and_prints_as_written():
    pages = sorted(p.stem for p in (ROOT / "docs").glob("*.md"))
    assert sorted(TOPICS) == pages
    listed = runner.invoke(app, ["docs"])
    assert listed.exit_code == 0
    for topic in [*TOPICS, "examples"]:
        assert re.search(rf"^  {re.escape(topic)}  ", listed.output, re.M), topic
    for topic in TOPICS:
        done = runner.invoke(app, ["docs", topic])
        assert done.exit_code == 0 and done.output == (ROOT / "docs" / f"{topic}.md").read_text(encoding="utf-8")
    assert runner.invoke(app, ["docs", "--path", "moves"]).output.strip() == str(ROOT / "docs" / "moves.md")


def test_the_examples_are_listed_with_paths_that_resolve():
    done = runner.invoke(app, ["docs", "examples"])
    assert done.exit_code == 0
    lines = done.output.splitlines()
    folder = Path(runner.invoke(app, ["docs", "--path", "examples"]).output.strip())
    assert lines[0] == f"Example scenarios in {folder} (vsoracle resolve PATH answers one):"
    names = sorted(p.name for p in (ROOT / "examples").glob("*.toml"))
    assert [line.split()[0] for line in lines[1:]] == names
    ultron = next(line for line in lines if line.split()[0] == "ultron-when-you-recruit.toml")
    assert ultron.endswith("Ultron's 'when you recruit' trigger resolves before Ultron comes into play")
    answered = runner.invoke(app, ["resolve", str(folder / "ultron-when-you-recruit.toml"), "-q", "--no-cache"])
    assert answered.exit_code == 0


def test_an_unknown_topic_is_one_line_with_the_likest():
    done = runner.invoke(app, ["docs", "scenario-formt"])
    assert done.exit_code == 2
    assert done.output.strip() == ("error: no such topic 'scenario-formt' — did you mean 'scenario-format'? "
                                   "(vsoracle docs lists the topics)")
    assert runner.invoke(app, ["docs", "zzz"]).output.strip() == "error: no such topic 'zzz' — vsoracle docs lists the topics"


def test_the_wheel_ships_the_docs_and_the_examples_where_vsoracle_reads_them(tmp_path, monkeypatch):
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert shipped["docs"] == "vsoracle/_data/docs" and shipped["examples"] == "vsoracle/_data/examples"
    # an installed wheel: the package with its _data folder, no repository around it
    package = tmp_path / "site" / "vsoracle"
    (package / "_data" / "docs").mkdir(parents=True)
    (package / "_data" / "docs" / "sources.md").write_text("# shipped\n", encoding="utf-8")
    monkeypatch.setattr(resources, "_PACKAGE", package)
    done = runner.invoke(app, ["docs", "sources"])
    assert done.exit_code == 0 and done.output == "# shipped\n"


def _helps(command, path=()):
    """Every command's help text, by its path."""
    import typer

    ctx = typer.Context(command, info_name=" ".join(("vsoracle", *path)))
    yield path, command.get_help(ctx)
    for name, sub in getattr(command, "commands", {}).items():
        yield from _helps(sub, (*path, name))


def test_help_and_hints_name_vsoracle_docs_not_repository_paths():
    import typer.main

    helps = list(_helps(typer.main.get_command(app)))
    assert len(helps) > 10
    for path, text in helps:
        assert not re.search(r"docs/[\w.-]+", text), (path, text)
    assert "vsoracle docs scenario-format" in dict(helps)[()]
    said = set()
    for source in (ROOT / "vsoracle").rglob("*.py"):
        said |= set(re.findall(r"vsoracle docs ([a-z][a-z-]+)", source.read_text(encoding="utf-8")))
    assert said - {"lists", "examples", "faq", "prints", "TOPIC"} <= set(TOPICS), said
    assert {"scenario-format", "rules-assumptions", "sources"} <= said


def test_docs_help_reads_like_the_others():
    short, long = runner.invoke(app, ["docs", "-h"]), runner.invoke(app, ["docs", "--help"])
    assert short.exit_code == 0 and short.output == long.output
    assert short.output.splitlines()[0] == "Usage: vsoracle docs [OPTIONS] [TOPIC] [ENTRY]"
    for noise in ("<bool>", "<str>", "[[", "{"):
        assert noise not in short.output, noise
