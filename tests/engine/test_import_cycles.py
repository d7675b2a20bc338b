"""No import cycles among the modules of pickpack/ and plugins/ (issue 8, item 7).

A static scan: every ``import`` and ``from ... import`` statement of every module
(Python files by their syntax tree, Cython ``.pyx`` files by their Python-level import
lines; ``cimport`` is compile time and not counted), at module level or inside a
function (a deferred import is still a cycle, only a later one). Imports under
``if TYPE_CHECKING:`` are not counted (they never run), nor those under
``if __name__ == "__main__":`` (they run only when the file is the script
``__main__``, a module of its own, not the one other modules import). ``from package import name``
counts as an import of ``package.name`` when that is a module of the tree, else of
``package``. Implicit imports of parent packages are not counted (Python runs a
package's ``__init__`` first, whatever the import says; every package would be in a
cycle with its modules).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Top-level source folders and the name their modules are imported under.
SOURCES = {ROOT / "pickpack": "pickpack", **{d: d.name for d in sorted((ROOT / "plugins").iterdir())
                                            if (d / "__init__.py").exists()}}
_PYX_IMPORT = re.compile(r"^\s*(?:from\s+(\S+)\s+import\s+(.+)|import\s+(\S+))", re.MULTILINE)


def modules() -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is a package's __init__) for every .py/.pyx file."""
    out: dict[str, tuple[Path, bool]] = {}
    for folder, top in SOURCES.items():
        for path in sorted([*folder.rglob("*.py"), *folder.rglob("*.pyx")]):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            package = parts[-1] == "__init__"
            if package:
                parts.pop()
            out[".".join([top, *parts])] = (path, package)
    return out


def _never_imported(test: ast.expr) -> bool:
    """Is ``test`` ``TYPE_CHECKING`` or ``__name__ == "__main__"`` (a branch that does not
    run when the module is imported)?"""
    if (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"):
        return True
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and len(test.comparators) == 1 and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value == "__main__")


def _imports_py(tree: ast.AST) -> list[tuple[str, int, list[str]]]:
    """(module, relative level, imported names) of every import that can run."""
    found: list[tuple[str, int, list[str]]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _never_imported(node.test):
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, 0, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level, [alias.name for alias in node.names]))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _imports_pyx(text: str) -> list[tuple[str, int, list[str]]]:
    found: list[tuple[str, int, list[str]]] = []
    for m in _PYX_IMPORT.finditer(text):
        if m.group(3):
            found.append((m.group(3), 0, []))
            continue
        module = m.group(1)
        level = len(module) - len(module.lstrip("."))
        names = [n.strip().split()[0] for n in m.group(2).strip("()").split(",") if n.strip()]
        found.append((module.lstrip("."), level, names))
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the tree it imports."""
    mods = modules()
    graph: dict[str, set[str]] = {}
    for name, (path, package) in mods.items():
        text = path.read_text(encoding="utf-8")
        imports = _imports_pyx(text) if path.suffix == ".pyx" else _imports_py(ast.parse(text, str(path)))
        here = name if package else name.rpartition(".")[0]
        edges: set[str] = set()
        for module, level, names in imports:
            if level:
                base = here.split(".")
                base = base[:len(base) - (level - 1)]
                module = ".".join([*base, module] if module else base)
            for imported in names or [""]:
                target = f"{module}.{imported}" if imported and f"{module}.{imported}" in mods else module
                if target in mods and target != name:
                    edges.add(target)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return sorted(found)


def test_the_scan_finds_a_cycle_and_resolves_relative_imports() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x\n"
                     "def f():\n    from .y import z\n"
                     "if __name__ == '__main__':\n    import w\nelse:\n    import v\n")
    assert _imports_py(tree) == [("typing", 0, ["TYPE_CHECKING"]), ("y", 1, ["z"]), ("v", 0, [])]
    assert _imports_pyx("from a.b cimport c\nfrom a.d import (e, f as g)\nimport h\n") == [
        ("a.d", 0, ["e", "f"]), ("h", 0, [])]


def test_the_scan_sees_the_tree() -> None:
    graph = import_graph()
    assert "pickpack.games.pickpack.encoding" in graph["pickpack.games.pickpack.movetext"]
    assert "pickpack.games.push.snapshot" in graph["pickpack.games.push._core"]    # a .pyx module's Python imports


def test_no_import_cycles_in_pickpack_and_plugins() -> None:
    found = cycles(import_graph())
    assert found == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in found)
