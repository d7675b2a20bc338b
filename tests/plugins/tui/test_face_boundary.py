"""The face boundary (issue 19, item 6): a game's face is written against the neutral
protocols (pickpack.faces) and the neutral widget kit (pickpack.face_kit), never against
the Textual shell plugin (pickpack_tui), which it is shown by but does not know.

A static scan (ast) of every module under pickpack/games/: import statements at module
level and inside functions, and every string naming a pickpack_tui module (what
``importlib.import_module`` or a ``"module:attr"`` part would load), so a lazy import
cannot hide one.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SHELL = "pickpack_tui"
#: A string that names a module (``pkg.mod``) or an attribute of one (``pkg.mod:attr``).
_MODULE = re.compile(r"[A-Za-z_][\w.]*(:[\w.]+)?")


def shell_references(path: Path) -> list[str]:
    """``line: what`` for each import of, or string naming, a module of the shell plugin."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            names = [node.module]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = [node.value.partition(":")[0]] if _MODULE.fullmatch(node.value) else []
        found += [f"{node.lineno}: {name}" for name in names if name.split(".")[0] == SHELL]
    return found


def offenders(folder: Path) -> list[str]:
    """``file:line: module`` for every reference to the shell under ``folder``."""
    return [f"{path.relative_to(ROOT)}:{where}" for path in sorted(folder.rglob("*.py"))
            for where in shell_references(path)]


def test_the_scan_sees_imports_inside_functions_and_module_strings(tmp_path: Path) -> None:
    lazy = tmp_path / "lazy.py"
    lazy.write_text("import os\n"
                    "def f():\n    from pickpack_tui.widgets.move_log import MoveLog\n"
                    "def g():\n    import pickpack_tui.app\n"
                    "FACE = 'pickpack_tui.plain_face:PlainFace'\n"
                    "DOC = 'pickpack_tui.app: the shell shows it'\n")
    assert shell_references(lazy) == ["3: pickpack_tui.widgets.move_log", "5: pickpack_tui.app",
                                      "6: pickpack_tui.plain_face"]


def test_no_module_of_a_game_imports_the_textual_shell() -> None:
    games = ROOT / "pickpack" / "games"
    faces = sorted(games.glob("*/tui/face.py"))
    assert [p.parent.parent.name for p in faces] == ["pacru", "pickpack", "push"]   # the scan sees the faces
    assert offenders(games) == []


def test_the_widget_kit_knows_neither_the_shell_nor_a_game() -> None:
    kit = ROOT / "pickpack" / "face_kit"
    assert offenders(kit) == []
    games = [f"{p.name}: {node.module}" for p in sorted(kit.glob("*.py"))
             for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pickpack.games")]
    assert games == []


def test_the_shell_builds_its_screens_from_the_same_kit() -> None:
    from pickpack_tui import app, plain_face
    from pickpack_tui.screens import help_screen, plain_board_screen

    import pickpack.face_kit as kit

    assert (app.ChoiceScreen, app.ReturnsScreen) == (kit.ChoiceScreen, kit.ReturnsScreen)
    assert (plain_face.MoveLog, plain_face.StatusBar) == (kit.MoveLog, kit.StatusBar)
    assert plain_board_screen.KeyFooter is kit.KeyFooter is help_screen.KeyFooter
