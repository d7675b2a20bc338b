"""Drawing a chance outcome exactly from its probabilities (the match runner's dice).

At a chance node the runner draws one outcome of ``state.chance_outcomes()`` (pairs of
an outcome action and an exact Fraction): with ``D`` the least common denominator of
the probabilities, each outcome owns ``p * D`` of the integers ``0 .. D-1`` in the
listed order, and ``r = rng.randrange(D)`` picks the outcome whose range holds ``r``.
So each outcome comes with exactly its probability (no float rounding), and a generator
seeded alike (pickpack.match.seeding.chance_seed) draws alike on every machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction

__all__ = ["sample_outcome"]


def sample_outcome(outcomes: Sequence[tuple[int, Fraction]], rng: random.Random) -> int:
    """The outcome action drawn from ``outcomes`` with ``rng`` (module docstring).

    Raises ValueError when ``outcomes`` is empty, a probability is not a Fraction (or
    int) in [0, 1], or the probabilities do not sum to exactly 1 -- a game's bug, named.

    >>> from fractions import Fraction
    >>> sample_outcome([(4, Fraction(1))], random.Random(0))
    4
    """
    if not outcomes:
        raise ValueError("chance node without outcomes (chance_outcomes() is empty)")
    probs: list[Fraction] = []
    for action, p in outcomes:
        if isinstance(p, bool) or not isinstance(p, (Fraction, int)) or not 0 <= p <= 1:
            raise ValueError(f"chance outcome {action}: probability {p!r} is not an exact "
                             f"number in [0, 1] (a Fraction)")
        probs.append(Fraction(p))
    if sum(probs) != 1:
        raise ValueError(f"chance outcomes' probabilities sum to {sum(probs)}, not exactly 1")
    denominator = math.lcm(*(p.denominator for p in probs))
    r = rng.randrange(denominator)
    cumulative = 0
    for (action, _), p in zip(outcomes, probs):
        cumulative += p.numerator * (denominator // p.denominator)
        if r < cumulative:
            return action
    raise AssertionError("unreachable: the shares sum to the denominator")
