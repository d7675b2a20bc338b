"""Counted words and names fitted to a column: defined in the neutral pickpack.wording
(which a game's ``tui/`` imports) and importable here as before."""

from __future__ import annotations

from pickpack.wording import ELLIPSIS, abbreviated, counted

__all__ = ["ELLIPSIS", "abbreviated", "counted"]
