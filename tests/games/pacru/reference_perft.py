"""The plain-Python reference's perft from PACRU's starts, counted once per test session.

``RefState(players).perft(depth)`` is a pure function of its two arguments; depth 3 takes
seconds in Python, and three tests hold numbers to it (the reference's own figures, the
C core against the reference, docs/pacru.md's table), so each count is computed once
(``functools.cache``) and every test checks against the same value."""

from __future__ import annotations

import functools

from pickpack.games.pacru.reference import RefState

__all__ = ["reference_perft"]


@functools.cache
def reference_perft(players: int, depth: int) -> int:
    """``RefState(players).perft(depth)``: action sequences of ``depth`` plies from the
    start of the ``players``-player game with the default options (PA-S1..S4)."""
    return RefState(players).perft(depth)
