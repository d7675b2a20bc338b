"""Pig's constants: the action spaces, the die, the target range and the action cap
(rules in this distribution's README.md, ids PIG-...)."""

from __future__ import annotations

__all__ = ["CHANCE_WEIGHTS", "DEFAULT_TARGET", "FACES", "HOLD", "MAX_GAME_LENGTH", "MAX_PLAYERS",
           "MAX_TARGET", "MIN_PLAYERS", "MIN_TARGET", "ROLL", "check_target"]

#: Decision actions (PIG-2): 0 roll, 1 hold.
ROLL = 0
HOLD = 1
#: Chance outcome action k is the die face k + 1 (PIG-3): 0..5 for faces 1..6.
FACES = 6
#: The die's outcomes with their integer weights, all equal (PIG-3): probability 1/6 each.
CHANCE_WEIGHTS: tuple[tuple[int, int], ...] = tuple((k, 1) for k in range(FACES))

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MIN_TARGET = 10
MAX_TARGET = 1000
DEFAULT_TARGET = 100
#: PIG-8: the game ends after this many actions (decisions and die outcomes together).
MAX_GAME_LENGTH = 20_000


def check_target(value: object) -> str | None:
    """None if ``value`` is an allowed target (an int 10..1000, PIG-1), else the problem."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"must be an int {MIN_TARGET}..{MAX_TARGET}, not {type(value).__name__}"
    if not MIN_TARGET <= value <= MAX_TARGET:
        return f"must be {MIN_TARGET}..{MAX_TARGET}"
    return None
