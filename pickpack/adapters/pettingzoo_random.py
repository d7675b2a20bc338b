"""A ``random.Random`` that draws from a NumPy ``Generator``: the PettingZoo adapter's
chance nodes are resolved by ``pickpack.match.chance.sample_outcome`` (exact
probabilities: one integer below the least common denominator) with the environment's
seeded ``np_random`` generator (Gymnasium's convention) as the source of bits.

    >>> import numpy as np
    >>> draws = [GeneratorRandom(np.random.default_rng(5)).randrange(6) for _ in range(2)]
    >>> draws[0] == draws[1], 0 <= draws[0] < 6        # same seed, same draw
    (True, True)
"""

from __future__ import annotations

import random

import numpy as np

__all__ = ["GeneratorRandom"]

_CHUNK = 62     # bits per draw from the Generator (integers below 2**62 are exact int64)


class GeneratorRandom(random.Random):
    """``random.Random`` whose bits come from ``generator`` (a ``numpy.random.Generator``):
    ``getrandbits`` and ``random`` are overridden, so ``randrange`` (which uses
    ``getrandbits`` with rejection, hence exact for any bound) draws from the generator.
    ``seed``/``getstate``/``setstate`` concern only the unused Mersenne Twister of the base
    class: seed the generator instead."""

    def __init__(self, generator: np.random.Generator) -> None:
        self.generator = generator
        super().__init__(0)

    def __reduce__(self) -> tuple[type[GeneratorRandom], tuple[np.random.Generator]]:
        """Pickle and copy as the generator alone (``random.Random`` would rebuild the
        object without it): a copy draws what the original would, from a copy of the
        generator (or, within one ``deepcopy``/``pickle.dumps``, the same copy as the
        environment's ``np_random``)."""
        return GeneratorRandom, (self.generator,)

    def random(self) -> float:
        """A float in [0, 1) from the generator."""
        return float(self.generator.random())

    def getrandbits(self, k: int, /) -> int:
        """An int of ``k`` random bits from the generator (``k`` >= 0; ValueError below 0,
        as ``random.Random``)."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        value, filled = 0, 0
        while filled < k:
            take = min(_CHUNK, k - filled)
            value |= int(self.generator.integers(0, 1 << take)) << filled
            filled += take
        return value

