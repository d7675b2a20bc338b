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
the same increasing function.

Mirror symmetry. The two bots of a match have score rates ``p`` and ``1 - p``; their
intervals are mirror images: the winner's Wilson interval is ``(1 - high, 1 - low)`` of
the loser's and the winner's Elo interval is exactly the negation of the loser's (same
floats, swapped). Both are computed once, for the side with ``p <= 1/2``, and mirrored
for the other; a rate that is a whole number of half-points over ``n`` games (every
score rate is) is first snapped to ``k / 2n`` so that float rounding in ``p`` cannot
split the two sides.

At the edges. A perfect score (p = 1) has Elo ``+inf`` (the logistic model's estimate
is unbounded) and the interval ``(elo(n / (n + z²)), +inf)``; a zero score is the
mirror image, ``-inf`` in ``(-inf, -elo(n / (n + z²)))``. For 10 wins in 10 games
that is ``+inf`` in ``+166 to +inf`` and ``-inf`` in ``-inf to -166``. The point
estimate always lies inside its interval. Infinite values are written as null in JSON,
and in words for people by ``elo_texts``: ``> +166 (no game lost)``, ``+166 or more``.

N-player matches. A bot's mean return, win share and mean rank over ``n`` games are
sample means of one number per game; ``mean_interval`` gives their 95% interval by the
normal approximation, ``mean ± z·s/sqrt(n)`` with ``s`` the sample standard deviation
(n - 1 in the denominator), clipped to the range the number can take; with fewer than
two games it is that whole range. When every game gave the same number (s = 0, e.g. a
bot that never won) the normal approximation would shrink to a point; the interval is
then the Wilson interval of the mean rescaled to the range, the widest a number with
that mean can need (a bounded number's variance is at most that of the two extremes).
"""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["Z95", "elo_difference", "elo_interval", "elo_texts", "mean_interval", "score_rate",
           "simplest_fraction", "wilson_interval"]

Z95 = 1.959963984540054     # the 97.5th percentile of the standard normal distribution


def score_rate(wins: int, draws: int, games: int) -> float:
    """``(wins + draws/2) / games`` in [0, 1]; 0.0 for no games.

    Raises ValueError for negative counts or wins + draws > games.
    """
    if min(wins, draws, games) < 0 or wins + draws > games:
        raise ValueError(f"need 0 <= wins + draws <= games, got {wins}, {draws}, {games}")
    return (wins + draws / 2) / games if games else 0.0


def _loser_side(p: float, n: int) -> tuple[float, bool]:
    """(q, mirrored): the rate of the side with q <= 1/2 and whether p is its mirror.

    A p within rounding of a multiple of 1/2n (half-points over n games) is snapped to
    it, so that a bot's rate and its opponent's give the same q.
    """
    if n > 0:
        x = p * 2 * n
        k = round(x)
        if abs(x - k) <= 1e-9 * n:
            return min(k, 2 * n - k) / (2 * n), k > n
    if p > 0.5:
        return 1.0 - p, True        # exact: Sterbenz, 1/2 <= p <= 1
    return p, False


def _wilson_low_side(q: float, n: int, z: float) -> tuple[float, float]:
    """The Wilson interval of q <= 1/2 over n >= 1 trials; symmetric at q = 1/2.

    With a = q + z²/2n, b = z·sqrt(q(1-q)/n + z²/4n²) and d = 1 + z²/n the bounds are
    (a - b)/d and (a + b)/d; as a² - b² = q²·d, the low one is q²/(a + b), which has
    no cancellation for tiny q (and is 0 exactly at q = 0).
    """
    z2 = z * z
    a = q + z2 / (2 * n)
    b = z * math.sqrt(q * (1 - q) / n + z2 / (4 * n * n))
    low = q * q / (a + b)
    high = 1.0 - low if q == 0.5 else min(1.0, (a + b) / (1 + z2 / n))
    return low, high


def wilson_interval(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of a rate ``p`` over ``n`` trials.

    Mirror-symmetric: ``wilson_interval(1 - p, n)`` is ``(1 - high, 1 - low)``. At
    p = 0 it is ``(0, z²/(n + z²))``, at p = 1 ``(n/(n + z²), 1)``. (0.0, 1.0) when n
    is 0. Raises ValueError for p outside [0, 1] or n < 0.
    """
    if not 0.0 <= p <= 1.0 or n < 0:
        raise ValueError(f"need 0 <= p <= 1 and n >= 0, got p={p}, n={n}")
    if n == 0:
        return 0.0, 1.0
    q, mirrored = _loser_side(p, n)
    low, high = _wilson_low_side(q, n, z)
    return (1.0 - high, 1.0 - low) if mirrored else (low, high)


def _elo(q: float) -> float:
    if q == 0.0:
        return -math.inf
    if q == 1.0:
        return math.inf
    return 400.0 * math.log10(q / (1.0 - q))


def elo_difference(p: float) -> float:
    """Elo points of a score rate ``p`` against the opponent: 400·log10(p/(1-p)).

    ``-inf`` for p = 0, ``inf`` for p = 1, 0.0 for p = 1/2; ``elo_difference(1 - p)``
    is ``-elo_difference(p)``. Raises ValueError outside [0, 1].
    """
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"score rate must be in [0, 1], got {p}")
    if p > 0.5:
        return -_elo(1.0 - p)       # 1 - p is exact here (Sterbenz)
    return 0.0 if p == 0.5 else _elo(p)


def elo_interval(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Elo differences (low, high) of the Wilson bounds of ``p`` over ``n`` games.

    The opponent's interval (rate 1 - p) is exactly ``(-high, -low)``. A perfect score
    gives ``(elo(n/(n + z²)), inf)``, a zero score ``(-inf, -elo(n/(n + z²)))``;
    ``(-inf, inf)`` for no games. Raises ValueError like wilson_interval.
    """
    if not 0.0 <= p <= 1.0 or n < 0:
        raise ValueError(f"need 0 <= p <= 1 and n >= 0, got p={p}, n={n}")
    if n == 0:
        return -math.inf, math.inf
    q, mirrored = _loser_side(p, n)
    low_q, high_q = _wilson_low_side(q, n, z)
    low = _elo(low_q)
    high = -low if q == 0.5 else _elo(high_q)
    return (-high, -low) if mirrored else (low, high)


def elo_texts(p: float, n: int, z: float = Z95) -> tuple[str, str]:
    """The Elo difference of a score rate ``p`` over ``n`` games and its interval, as a
    person reads them (never ``inf``): ``("+191", "-40 to +422")``; at a perfect score
    the bound the interval proves, ``("> +166 (no game lost)", "+166 or more")`` for 10
    wins in 10 games, at a zero score the mirror image ``("< -166 (no game won)",
    "-166 or less")``; ``("none", "no games")`` for no games. Raises ValueError like
    elo_interval.

    >>> elo_texts(0.75, 10)
    ('+191', '-40 to +422')
    >>> elo_texts(1.0, 10)
    ('> +166 (no game lost)', '+166 or more')
    >>> elo_texts(0.0, 10)
    ('< -166 (no game won)', '-166 or less')
    """
    low, high = elo_interval(p, n, z)
    if n == 0:
        return "none", "no games"
    elo = elo_difference(p)
    if elo == math.inf:
        return f"> {low:+.0f} (no game lost)", f"{low:+.0f} or more"
    if elo == -math.inf:
        return f"< {high:+.0f} (no game won)", f"{high:+.0f} or less"
    return f"{elo:+.0f}", f"{low:+.0f} to {high:+.0f}"


def mean_interval(total: float, total_sq: float, n: int, low: float, high: float,
                  z: float = Z95) -> tuple[float, float]:
    """The normal-approximation 95% interval of a mean over ``n`` samples, from their
    sum ``total`` and sum of squares ``total_sq``, clipped to ``[low, high]`` (module
    docstring); ``(low, high)`` for n < 2.

    >>> mean_interval(3.0, 5.0, 3, 0.0, 2.0)    # samples 0, 1, 2: mean 1, s 1
    (0.0, 2.0)
    >>> [round(x, 4) for x in mean_interval(5.0, 5.0, 10, 0.0, 1.0)]   # five 1s, five 0s
    [0.1733, 0.8267]
    >>> [round(x, 4) for x in mean_interval(0.0, 0.0, 10, 0.0, 1.0)]   # ten 0s: Wilson
    [0.0, 0.2775]

    Raises ValueError for n < 0 or low > high.
    """
    if n < 0 or low > high:
        raise ValueError(f"need n >= 0 and low <= high, got n={n}, low={low}, high={high}")
    if n < 2:
        return low, high
    mean = total / n
    variance = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    if variance <= 1e-12 * max(1.0, mean * mean) and high > low:
        # every sample equal: the Wilson interval of the rescaled mean (module docstring)
        q = min(1.0, max(0.0, (mean - low) / (high - low)))
        w_low, w_high = wilson_interval(q, n, z)
        return low + w_low * (high - low), low + w_high * (high - low)
    half = z * math.sqrt(variance / n)
    return max(low, mean - half), min(high, mean + half)


def simplest_fraction(value: float) -> Fraction:
    """The fraction with the smallest denominator (at most 10**15) that is exactly the
    float ``value``, else the float's own exact value: ``-1/3`` for ``-1 / 3``, ``1/10``
    for ``0.1``. Returns are rationals with small denominators (a share of a split win,
    ``-1/(n-1)``), so sums of these are exact where sums of the floats are not: a mean
    return of ``1, -1/3, -1/3, -1/3`` is 0, not 1.39e-17. Raises ValueError (OverflowError
    for an infinity) for a value that is not finite.

    >>> simplest_fraction(-1 / 3), simplest_fraction(0.25), simplest_fraction(2.0)
    (Fraction(-1, 3), Fraction(1, 4), Fraction(2, 1))
    """
    if float(value).is_integer():
        return Fraction(int(value))
    exact = Fraction(value)
    for digits in range(1, 16):
        simple = exact.limit_denominator(10 ** digits)
        if float(simple) == value:
            return simple
    return exact
