"""Pig's Zobrist keys: fixed 64-bit keys, one per (feature, seat, value), made by the
splitmix64 finaliser (Steele, Lea & Flood 2014) from the feature code, so that they are
the same in every process and version without a stored table."""

from __future__ import annotations

from functools import lru_cache

__all__ = ["BANKED", "ROLLING", "TARGET", "TO_MOVE", "TURN_TOTAL", "key"]

_MASK = (1 << 64) - 1
#: Feature codes.
TARGET, BANKED, TURN_TOTAL, TO_MOVE, ROLLING = 1, 2, 3, 4, 5


@lru_cache(maxsize=1 << 16)
def key(feature: int, seat: int, value: int) -> int:
    """The key of ``feature`` (a code above) for ``seat`` (0..7) with ``value`` (0..2**40-1)."""
    z = ((feature << 48) ^ (seat << 40) ^ value ^ 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
