"""The temporary files a test's folder still holds, for the tests of files replaced in
place (pickpack.safe_files: a temporary name ends in ``.tmp``)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["leftovers"]


def leftovers(folder: Path) -> list[str]:
    """The names of ``folder``'s temporary files (``*.tmp``), sorted."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))
