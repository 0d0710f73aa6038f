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


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(ROOT).with_suffix("")
    package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
    found = []
    for node in ast.walk(tree):
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


def test_base_modules_import_no_layer():
    """errors, tomlsource, files, resources, caches, citations sit below cards: they import no layer,
    and every top-level module is either a base module or the entry point."""
    top = {p.stem for p in PACKAGE.glob("*.py")}
    assert top - BASE == {"__main__"}
    problems = [f"{name}.py imports {module}" for name in sorted(BASE)
                for module in _imports(PACKAGE / f"{name}.py") if _layer(module) is not None]
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
