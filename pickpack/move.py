"""Moves: immutable values with a canonical text (docs/engine.md, "Move text").

``Move`` is implemented in the C binding (constructing thousands per second matters for
``legal_moves``); this module is its documented home in the API.
"""

from __future__ import annotations

from pickpack._move import Move

__all__ = ["Move"]
