"""Deriving independent 64-bit seeds from one base seed (SplitMix64 finaliser).

Matches seed every game by its index, so results do not depend on the order or the
process in which games run (pickpack.match):

- the game's own randomness (``Game.new_state(seed=)``): ``derive_seed(s, i // D)`` for
  game ``i``, D = ``len(pickpack.match.seating(N))`` the size of the seat design of an
  N-player match (N for even N, 2N for odd), so every deal is played under every seat
  order (for two players: games 2k and 2k+1, as before);
- bot ``b``'s seed in game ``i``: ``derive_seed(s, i, b)``;
- the runner's chance generator in game ``i``: ``chance_seed(s, i)``, i.e.
  ``derive_seed(s, i, CHANCE_STREAM)`` (no bot index reaches CHANCE_STREAM).
"""

from __future__ import annotations

__all__ = ["CHANCE_STREAM", "chance_seed", "derive_seed"]

_MASK = (1 << 64) - 1

#: The path step of the chance generator's seed, above any bot index.
CHANCE_STREAM = 1 << 32


def derive_seed(base: int, *path: int) -> int:
    """A seed in 0..2**64-1 for ``path`` (e.g. game index, seat) under ``base``.

    Each step mixes with the SplitMix64 output function (Steele, Lea & Flood 2014).
    Raises ValueError for negative inputs.
    """
    if base < 0 or any(p < 0 for p in path):
        raise ValueError("seeds and indices must be non-negative")
    z = base & _MASK
    for p in path:
        z = (z + 0x9E3779B97F4A7C15 * (p + 1)) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
    return z


def chance_seed(base: int, index: int) -> int:
    """The seed of the generator that draws the chance outcomes of game ``index`` of a
    match with base seed ``base``. Raises ValueError for negative inputs."""
    return derive_seed(base, index, CHANCE_STREAM)
