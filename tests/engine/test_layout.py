"""The game boundary (issue 8, item 1): the game-neutral API never imports a game.

A static scan (ast) of every import statement, module level and inside functions, so a
lazy import cannot hide one. Games live in pickpack/games/<name>/ with their C in
core/<name>/; shared C in core/common/.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NEUTRAL = [p for p in (ROOT / "pickpack").rglob("*.py") if "games" not in p.relative_to(ROOT / "pickpack").parts]


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in ``path``, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            base = node.module
            if node.level:
                package = path.relative_to(ROOT).with_suffix("").parts[:-node.level]
                base = ".".join([*package, node.module])
            out += [(node.lineno, base)] + [(node.lineno, f"{base}.{a.name}") for a in node.names]
    return out


def test_the_scan_sees_imports_inside_functions(tmp_path: Path) -> None:
    probe = ROOT / "pickpack" / "commands" / "perft.py"
    assert "pickpack.perft" in [module for _, module in imported_modules(probe)]
    lazy = tmp_path / "lazy.py"
    lazy.write_text("def f():\n    from pickpack.games import pickpack\n")
    assert (2, "pickpack.games.pickpack") in imported_modules(lazy)


def test_the_game_neutral_api_never_imports_a_game() -> None:
    assert len(NEUTRAL) > 30          # the scan found the package
    offenders = [f"{p.relative_to(ROOT)}:{line} imports {module}"
                 for p in NEUTRAL for line, module in imported_modules(p)
                 if module == "pickpack.games" or module.startswith("pickpack.games.")]
    assert offenders == []


def test_each_game_is_a_folder_on_both_sides_of_the_binding() -> None:
    for game in ("pacru", "pickpack", "push"):
        assert (ROOT / "core" / game / f"{game}_core.h").is_file()
        assert (ROOT / "pickpack" / "games" / game / "game.py").is_file()
    assert (ROOT / "core" / "common" / "pp_rng.h").is_file()
    assert not list((ROOT / "core").glob("*.c")), "C belongs in core/common or core/<game>"
