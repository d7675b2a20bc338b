"""Applying a Pick & Pack move written in canonical text, fast (the reader's inner loop
for Pick & Pack records): pickpack.games.pickpack.ppn_dialect.apply_move_text, under the
name it has always had here. Another game's moves go through its dialect's apply_move.
"""

from __future__ import annotations

from pickpack.games.pickpack.ppn_dialect import apply_move_text

__all__ = ["apply_move_text"]
