"""Perft: the number of action sequences of a given length from a position.

The standard move-generator check of chess programming, over the GameState protocol:
chance outcomes count as branches like decisions (each outcome once, whatever its
probability). A state with its own ``perft(depth, progress=None)`` (Pick & Pack's runs in
C without the GIL) is asked directly; any other game is walked here with apply/undo.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pickpack.game import GameState

__all__ = ["perft", "walk_perft"]


def _walk(state: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    total = 0
    for action in state.legal_actions():
        state.apply_action(action)
        total += _walk(state, depth - 1)
        state.undo()
    return total


def walk_perft(state: GameState, depth: int, progress: Callable[[float], None] | None = None) -> int:
    """``perft`` by walking the tree through the protocol (apply_action/undo), never
    asking the state for its own perft: what a game without a faster one offers
    (pickpack.state_base.StateBase.perft). Arguments and errors as ``perft``."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number >= 0, got {depth!r}")
    if depth == 0 or state.is_terminal():
        if progress is not None:
            progress(1.0)
        return 1 if depth == 0 else 0
    actions = state.legal_actions()
    total = 0
    for i, action in enumerate(actions):
        state.apply_action(action)
        total += _walk(state, depth - 1)
        state.undo()
        if progress is not None:
            progress((i + 1) / len(actions))
    return total


def perft(state: GameState, depth: int, progress: Callable[[float], None] | None = None) -> int:
    """Leaves at exactly ``depth`` actions from ``state`` (terminal states reached earlier
    count nothing; depth 0 counts 1).

    ``progress``, if given, gets the share of the tree walked (a float 0..1, 1.0 at the
    end). The state is unchanged afterwards. Raises ValueError for a negative depth (the
    game's own perft may refuse deeper depths than it can hold).
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number >= 0, got {depth!r}")
    own: Any = getattr(state, "perft", None)
    if callable(own):
        return int(own(depth, progress=progress))
    return walk_perft(state, depth, progress)
