"""Every third-party module puzzlesmith imports is declared in pyproject.toml: module-level
imports in the core dependencies (in ``serve/``, the core or the serve extra), imports inside
functions or ``try: ... except ImportError`` in the core or some extra."""

from __future__ import annotations

import ast
import functools
import inspect
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "puzzlesmith"
#: Subpackages whose modules may import an extra's modules at module level.
EXTRA_OF = {"serve": "serve"}


def _name(requirement: str) -> str:
    return re.match(r"[A-Za-z0-9_.-]+", requirement).group(0).lower().replace("_", "-")


def declared() -> tuple[set[str], dict[str, set[str]]]:
    """The core distributions and those of each extra, by pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {_name(r) for r in project["dependencies"]}
    extras = {k: {_name(r) for r in v} for k, v in project["optional-dependencies"].items()}
    return core, extras


def imports(tree: ast.AST) -> list[tuple[str, bool]]:
    """(top-level module, imported when the module is) of every absolute import."""
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, eager: bool) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) or \
                isinstance(node, ast.Try) and _catches_import_error(node):
            eager = False
        if isinstance(node, ast.Import):
            found.extend((a.name.split(".")[0], eager) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module.split(".")[0], eager))
        for child in ast.iter_child_nodes(node):
            visit(child, eager)

    visit(tree, True)
    return found


def _catches_import_error(node: ast.Try) -> bool:
    return any("ImportError" in ast.unparse(h.type) for h in node.handlers if h.type)


@functools.cache
def _distributions() -> dict[str, list[str]]:
    return packages_distributions()  # a scan of every installed package: once


def distribution(module: str) -> str:
    names = _distributions().get(module) or [module]
    return names[0].lower().replace("_", "-")


def test_every_third_party_import_is_declared():
    core, extras = declared()
    anywhere = core.union(*extras.values())
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        part = path.relative_to(PACKAGE).parts[0]
        eager_ok = core | extras.get(EXTRA_OF.get(part, ""), set())
        for module, eager in imports(ast.parse(path.read_text())):
            if module in sys.stdlib_module_names or module == "puzzlesmith":
                continue
            dist = distribution(module)
            if dist not in (eager_ok if eager else anywhere):
                wrong.append(f"{path.relative_to(PACKAGE)}: {module} ({dist})")
    assert wrong == []


def test_the_serve_extra_has_the_anyio_it_uses():
    import anyio.to_thread

    _, extras = declared()
    serve = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["serve"]
    assert "anyio>=4.1" in serve and "anyio" in extras["serve"]
    assert "abandon_on_cancel" in inspect.signature(anyio.to_thread.run_sync).parameters
