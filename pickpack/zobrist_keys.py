"""Zobrist key tables (Zobrist 1970) drawn from splitmix64 (Steele, Lea & Flood 2014),
for a game's plain-Python hash definition (its ``zobrist.py``, which its C core and
differential tests are held to). Game-neutral: a game names its tables and the seed.

    >>> offsets, keys = key_tables(1, (("A", 2), ("B", 3)))
    >>> offsets, len(keys), keys[0] == splitmix64_stream(1, 1)[0]
    ({'A': 0, 'B': 2}, 5, True)
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["key_tables", "splitmix64_stream"]

_MASK = (1 << 64) - 1


def splitmix64_stream(state: int, n: int) -> list[int]:
    """The first ``n`` outputs of splitmix64 started at ``state``: each step adds
    0x9E3779B97F4A7C15 to the state, then mixes z = state with
    z = (z ^ z>>30) * 0xBF58476D1CE4E5B9; z = (z ^ z>>27) * 0x94D049BB133111EB;
    output z ^ z>>31 (all mod 2**64)."""
    out = []
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        out.append(z ^ (z >> 31))
    return out


def key_tables(seed: int, tables: Sequence[tuple[str, int]]) -> tuple[dict[str, int], tuple[int, ...]]:
    """``(offsets, keys)``: the keys of ``tables`` ((name, size) pairs, in key order)
    as splitmix64's outputs from ``seed``, each table's keys consecutive, and the index
    of each table's first key in them."""
    offsets: dict[str, int] = {}
    at = 0
    for name, size in tables:
        offsets[name] = at
        at += size
    return offsets, tuple(splitmix64_stream(seed, at))
