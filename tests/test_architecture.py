"""The architecture's promises: imports point one way, no card name in code, docs cite real ids."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "vsoracle"
LAYERS = ["cards", "text", "engine", "scenario", "cli"]
#: Shared modules below every layer (``__main__`` is the entry point and calls the CLI).
BASE = {"errors", "tomlsource", "files", "resources", "caches", "citations", "__init__"}


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "vsoracle" or len(parts) < 2:
        return None
    head = parts[1]
    return LAYERS.index(head) if head in LAYERS else None


def _typing_only(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:``: imports for type checkers only, never run."""
    return {id(x) for node in ast.walk(tree) if isinstance(node, ast.If)
            and "TYPE_CHECKING" in ast.unparse(node.test) for x in ast.walk(node)}


def _imports(path: Path, typing: bool = True) -> list[str]:
    """The modules ``path`` imports (``typing=False``: not those imported for type checkers only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(ROOT).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    skip = set() if typing else _typing_only(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append(module)
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names]
    return found


def test_imports_point_one_way():
    """cards -> text -> engine -> scenario -> cli: no module imports a later layer."""
    problems = []
    for path in PACKAGE.rglob("*.py"):
        mine = _layer(".".join(path.relative_to(ROOT).with_suffix("").parts))
        if mine is None:
            continue
        for module in _imports(path):
            theirs = _layer(module)
            if theirs is not None and theirs > mine:
                problems.append(f"{path.relative_to(ROOT)} imports {module}")
    assert problems == []


def test_no_private_module_of_a_dependency_is_imported():
    """vsoracle uses typer, click, lark and attrs through their public API only (issue 22): a
    private module (``typer._click``, ``typer._completion_classes`` …) changes or disappears
    between releases, and every command died with typer 0.12–0.25 for importing one."""
    problems = []
    for path in list(PACKAGE.rglob("*.py")) + list((ROOT / "tests").rglob("*.py")):
        for module in _imports(path):
            top, *rest = module.split(".")
            if top in {"typer", "click", "lark", "attrs", "attr"} and any(p.startswith("_") for p in rest):
                problems.append(f"{path.relative_to(ROOT)} imports {module}")
    assert problems == []


def _module_graph() -> dict[str, set[str]]:
    """Every module of vsoracle and the modules of vsoracle it imports (a function's own imports
    too; imports only for type checkers are not imports). ``from . import x`` of a submodule is
    an import of the submodule, not of the package."""
    names = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        names[name] = path
    graph: dict[str, set[str]] = {name: set() for name in names}
    for name, path in names.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = _typing_only(tree)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                target = ".".join(base + ([node.module] if node.module else [])) if node.level else node.module or ""
                subs = {f"{target}.{a.name}" for a in node.names} & names.keys()
                graph[name] |= subs
                if len(subs) < len(node.names) and target in names:
                    graph[name].add(target)
            elif isinstance(node, ast.Import):
                graph[name] |= {a.name for a in node.names} & names.keys()
        graph[name].discard(name)
    return graph


def test_no_import_circles():
    """No module imports, directly or through others, a module that imports it back (inside a
    layer too: the engine reads query → patterns, triggers → events → effects → … → actions)."""
    graph = _module_graph()
    circles = []

    def visit(module: str, path: list[str], done: set[str]) -> None:
        for nxt in sorted(graph[module]):
            if nxt in path:
                circles.append(" → ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in done:
                visit(nxt, path + [nxt], done)
        done.add(module)

    done: set[str] = set()
    for module in sorted(graph):
        if module not in done:
            visit(module, [module], done)
    assert circles == []


def test_base_modules_import_no_layer():
    """errors, tomlsource, files, resources, caches, citations sit below cards: they import no layer,
    and every top-level module is either a base module or the entry point. (The package's
    ``__init__`` names the API's types for a type checker, ``if TYPE_CHECKING:``, and imports
    each layer's name when it is first used: nothing of a layer when ``vsoracle`` is imported.)"""
    top = {p.stem for p in PACKAGE.glob("*.py")}
    assert top - BASE == {"__main__"}
    problems = [f"{name}.py imports {module}" for name in sorted(BASE)
                for module in _imports(PACKAGE / f"{name}.py", typing=False) if _layer(module) is not None]
    assert problems == []


def test_no_card_name_in_engine_code():
    """Card text is the program: no card's name appears in vsoracle/ code."""
    names = set()
    for f in (ROOT / "cards").glob("*.toml"):
        for card in tomllib.loads(f.read_text(encoding="utf-8")).get("card", []):
            if len(card.get("name", "")) > 3:
                names.add(card["name"])
    hits = []
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        code = "\n".join(line for line in text.splitlines())
        for name in names:
            if name in code:
                hits.append(f"{path.relative_to(ROOT)}: {name}")
    assert hits == [], "card behaviour must come from parsed text"


def test_every_cited_assumption_is_documented():
    cited = set()
    for path in PACKAGE.rglob("*.py"):
        cited |= set(re.findall(r"A-[A-Z][A-Z-]*[A-Z]", path.read_text(encoding="utf-8")))
    doc = (ROOT / "docs" / "rules-assumptions.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"^\| (A-[A-Z-]+) \|", doc, flags=re.M))
    assert cited, "the engine cites assumptions"
    assert sorted(cited - defined) == []
    assert sorted(defined - cited) == [], "documented assumptions the engine never cites"
