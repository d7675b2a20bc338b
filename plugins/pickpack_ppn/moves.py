"""Applying a Pick & Pack move written in canonical text, fast (the reader's inner loop
for Pick & Pack records): pickpack.games.pickpack.ppn_dialect.apply_move_text, under the
name it has always had here. Another game's moves go through its dialect's apply_move.

``apply_move_text`` loads Pick & Pack on first use (pickpack_ppn.compat), so importing
this module imports no game.
"""

from __future__ import annotations

from typing import Any

from pickpack_ppn.compat import module_getattr

__all__ = ["apply_move_text"]


def __getattr__(name: str) -> Any:
    """Pick & Pack's ``apply_move_text``, loaded on first use (PEP 562;
    pickpack_ppn.compat). AttributeError for any other missing name."""
    return module_getattr(__name__, name)
