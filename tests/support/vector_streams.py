"""The batched environments' random streams modelled in Python, for tests that replay a
batch in the single-state API (core/common/pp_vector.h): environment b's SplitMix64
stream, game k's start seed and play seed from its outputs 2k+1 and 2k+2, and a chance
outcome drawn by exact integer weights with xoshiro256** (the Pick & Pack reference's
generators)."""

from __future__ import annotations

from collections.abc import Sequence

from pickpack.games.pickpack.reference.pickpack_ref import SplitMix64, Xoshiro256StarStar

__all__ = ["SplitMix64", "Xoshiro256StarStar", "draw_by_weights"]

_U64_MAX = (1 << 64) - 1


def draw_by_weights(rng: Xoshiro256StarStar, weights: Sequence[tuple[int, int]]) -> int:
    """pp_vector_draw: a 64-bit draw rejected at or above the largest multiple of the
    total weight, then the first outcome whose running sum exceeds the residue."""
    total = sum(w for _, w in weights)
    bound = _U64_MAX - _U64_MAX % total
    r = rng.next()
    while r >= bound:
        r = rng.next()
    r %= total
    for outcome, w in weights:
        if r < w:
            return outcome
        r -= w
    return weights[-1][0]
