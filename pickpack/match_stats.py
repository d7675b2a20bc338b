"""Match statistics: score rate, its 95% confidence interval, Elo difference.

A bot's score rate over ``n`` games is ``p = (wins + draws/2) / n`` (a draw is half a
win, PP-E4). Its 95% interval is the Wilson score interval (Wilson 1927) of ``p`` with
``n`` trials::

    centre = (p + z²/2n) / (1 + z²/n)
    half   = z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²),    z = 1.959964 (two-sided 95%)

Wilson rather than the normal approximation because it stays inside [0, 1] and is
sensible at p = 0 or 1 and small n, which bot matches often produce. Counting a draw
as half a Bernoulli success is conservative: draws only lower the true variance.

The Elo difference of a score rate is the logistic model's
``400 * log10(p / (1 - p))`` (Elo 1978); its interval maps the Wilson bounds through
the same increasing function. It is infinite when p (or a bound) is 0 or 1: such
values are returned as ``-inf``/``inf`` and written as null in JSON.
"""

from __future__ import annotations

import math

__all__ = ["Z95", "elo_difference", "elo_interval", "score_rate", "wilson_interval"]

Z95 = 1.959963984540054     # the 97.5th percentile of the standard normal distribution


def score_rate(wins: int, draws: int, games: int) -> float:
    """``(wins + draws/2) / games`` in [0, 1]; 0.0 for no games.

    Raises ValueError for negative counts or wins + draws > games.
    """
    if min(wins, draws, games) < 0 or wins + draws > games:
        raise ValueError(f"need 0 <= wins + draws <= games, got {wins}, {draws}, {games}")
    return (wins + draws / 2) / games if games else 0.0


def wilson_interval(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of a rate ``p`` over ``n`` trials.

    (0.0, 1.0) when n is 0. Raises ValueError for p outside [0, 1] or n < 0.
    """
    if not 0.0 <= p <= 1.0 or n < 0:
        raise ValueError(f"need 0 <= p <= 1 and n >= 0, got p={p}, n={n}")
    if n == 0:
        return 0.0, 1.0
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_difference(p: float) -> float:
    """Elo points of a score rate ``p`` against the opponent: 400·log10(p/(1-p)).

    ``-inf`` for p = 0, ``inf`` for p = 1. Raises ValueError outside [0, 1].
    """
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"score rate must be in [0, 1], got {p}")
    if p == 0.0:
        return -math.inf
    if p == 1.0:
        return math.inf
    return 400.0 * math.log10(p / (1.0 - p))


def elo_interval(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Elo differences of the Wilson bounds of ``p`` over ``n`` games."""
    low, high = wilson_interval(p, n, z)
    return elo_difference(low), elo_difference(high)
