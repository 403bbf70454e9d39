"""Imports point downward only (DESIGN.md): model imports no other layer, geometry
knows nothing of content, and nothing imports the command line."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGE = ROOT / "wmdata"
RANK = {"diagnostics": 0, "atomic": 0, "numbers": 0, "wording": 0, "safejson": 0, "textsafe": 0, "typecheck": 0,
        "__init__": 0, "model": 1, "content": 2, "geometry": 2, "engine": 3, "army": 4, "importers": 4, "render": 5,
        "web": 6, "cli": 7, "__main__": 8, "launch": 8}
GEOMETRY_MAY_IMPORT = {"geometry", "diagnostics", "__init__"}


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("wmdata"):
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names if alias.name.startswith("wmdata"))
    return found


def test_every_layer_is_ranked() -> None:
    layers = {p.stem if p.is_file() else p.name for p in PACKAGE.iterdir() if p.name != "_data"
              and (p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").exists()))}
    assert layers <= set(RANK), f"add new layers to RANK: {layers - set(RANK)}"


def test_imports_point_downward() -> None:
    violations = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        own = _layer(module)
        for imported in _imports(path):
            target = _layer(imported)
            if target == own:
                continue
            if RANK[target] > RANK[own] or (own == "geometry" and target not in GEOMETRY_MAY_IMPORT):
                violations.append(f"{module} imports {imported}")
    assert violations == []


def test_only_the_command_line_imports_the_web_layer() -> None:
    importers = sorted(".".join(path.relative_to(ROOT).with_suffix("").parts)
                       for path in PACKAGE.rglob("*.py")
                       if _layer(".".join(path.relative_to(ROOT).with_suffix("").parts)) not in ("web", "cli")
                       and any(_layer(imported) == "web" for imported in _imports(path)))
    assert importers == []


def test_only_render_reads_templates() -> None:
    """The web layer serves pages and files through render, never from templates/ itself."""
    for path in sorted((PACKAGE / "web").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "templates_dir" not in text and "jinja2" not in text, path


def test_model_layer_does_no_io() -> None:
    forbidden = {"open", "read_text", "read_bytes", "write_text", "write_bytes"}
    for path in sorted((PACKAGE / "model").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        attrs = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        assert not (forbidden & (names | attrs)), path


def test_no_eval_or_exec_anywhere() -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert not ({"eval", "exec", "compile", "__import__"} & calls), path
