"""Pick & Pack's words for points and squares (the shell's ``counted`` does the number)."""

from __future__ import annotations

from typing import Any

from pickpack.wording import counted

__all__ = ["points_text", "square_text"]


def points_text(n: int) -> str:
    """A score in short: ``1 pt``, ``12 pts``, ``0 pts``."""
    return counted(n, "pt")


def square_text(name: str, cell: dict[str, Any] | None, grabber: bool = False) -> str:
    """What is on square ``name`` (a grid cell of a snapshot or observation, PP-V1):
    ``c4: tray of 3 apples``, ``d6: empty, grabber``, ``c3: face-down tray (PP-M3)``."""
    if cell is None:
        what = "empty"
    elif cell["face_up"]:
        what = f"tray of {counted(cell['apples'], 'apple')}"
    else:
        what = "face-down tray (PP-M3)"
    return f"{name}: {what}{', grabber' if grabber else ''}"
