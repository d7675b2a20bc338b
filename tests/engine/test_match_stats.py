"""Match statistics at the edges (issue 12 item 18): perfect and zero scores give
mirrored, consistent Elo intervals, and the point estimate lies inside its interval."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pickpack.match import BotLine
from pickpack.match.stats import (elo_difference, elo_interval, elo_texts, score_rate, simplest_fraction,
                                  wilson_interval)


def test_ten_straight_wins_worked_by_hand() -> None:
    # p = 1, n = 10, z = 1.959964: z² = 3.841459, lower = n / (n + z²) = 10 / 13.841459
    # = 0.722467; Elo of it = 400 log10(0.722467 / 0.277533) = 400 log10(2.603180)
    # = 400 * 0.415503 = +166.20. The upper bound is 1 exactly, Elo +inf (the old code
    # gave 0.9999999999999999 there, i.e. "+6382").
    low, high = wilson_interval(1.0, 10)
    assert low == pytest.approx(0.722467, abs=1e-6)
    assert high == 1.0
    assert elo_interval(1.0, 10) == (pytest.approx(166.20, abs=0.01), math.inf)
    assert elo_difference(1.0) == math.inf
    # the loser: 0 of 10, the exact mirror image
    assert wilson_interval(0.0, 10) == (0.0, pytest.approx(3.841459 / 13.841459, abs=1e-6))
    assert elo_interval(0.0, 10) == (-math.inf, pytest.approx(-166.20, abs=0.01))
    assert elo_interval(0.0, 10) == tuple(-x for x in reversed(elo_interval(1.0, 10)))
    assert elo_difference(0.0) == -math.inf


def test_even_score_is_symmetric_about_zero() -> None:
    # 5 wins, 5 losses: p = 1/2, the interval is centred on 0 exactly
    low, high = elo_interval(0.5, 10)
    assert low == -high and low < 0
    assert elo_difference(0.5) == 0.0
    w_low, w_high = wilson_interval(0.5, 10)
    assert w_low + w_high == 1.0


def test_bot_lines_of_a_ten_nil_match_are_mirrored() -> None:
    winner = BotLine("a", games=10, wins=10)
    loser = BotLine("b", games=10, losses=10)
    assert winner.elo_ci95 == (-loser.elo_ci95[1], -loser.elo_ci95[0])
    assert winner.elo == -loser.elo == math.inf
    # displayed as the match table words them (pickpack.match.stats.elo_texts), never inf
    assert elo_texts(winner.score_rate, winner.games) == ("> +166 (no game lost)", "+166 or more")
    assert elo_texts(loser.score_rate, loser.games) == ("< -166 (no game won)", "-166 or less")


@given(st.integers(0, 400), st.integers(0, 400), st.integers(0, 400))
def test_winner_interval_is_the_negated_loser_interval(wins: int, draws: int, losses: int) -> None:
    games = wins + draws + losses
    p_a = score_rate(wins, draws, games)
    p_b = score_rate(losses, draws, games)
    a_low, a_high = elo_interval(p_a, games)
    b_low, b_high = elo_interval(p_b, games)
    assert (a_low, a_high) == (-b_high, -b_low)
    assert a_low <= a_high
    w_low, w_high = wilson_interval(p_a, games)
    v_low, v_high = wilson_interval(p_b, games)
    assert w_low == pytest.approx(1 - v_high, abs=1e-12)
    assert w_high == pytest.approx(1 - v_low, abs=1e-12)
    if games:
        assert w_low <= p_a <= w_high
        assert a_low <= elo_difference(p_a) <= a_high
        assert b_low <= elo_difference(p_b) <= b_high
        assert elo_difference(p_a) == pytest.approx(-elo_difference(p_b), abs=1e-9)
        # only a perfect or zero score reaches infinity, and then on one side only
        assert math.isinf(a_high) == (losses == 0 and draws == 0)
        assert math.isinf(a_low) == (wins == 0 and draws == 0)


@given(st.floats(0.0, 1.0), st.integers(1, 10_000))
def test_any_rate_lies_inside_its_interval(p: float, n: int) -> None:
    low, high = wilson_interval(p, n)
    assert 0.0 <= low <= high <= 1.0
    assert low <= p <= high or abs(p * 2 * n - round(p * 2 * n)) <= 1e-9 * n   # snapped
    e_low, e_high = elo_interval(p, n)
    assert e_low <= e_high
    if low <= p <= high:
        assert e_low <= elo_difference(p) <= e_high


def test_tiny_rates_keep_a_lower_bound_above_zero() -> None:
    # p = 1e-9 over 72 games: low = p² / (a + b) with a = p + z²/144, b ~ z²/144, so
    # low ~ 1e-18 / 0.053354 = 1.874e-17 (the old centre - half form lost it to
    # cancellation and gave 1.73e-17)
    low, _ = wilson_interval(1e-9, 72)
    assert low == pytest.approx(1e-18 / (2 * 3.841459 / 144), rel=1e-4)


def test_bad_rates_are_refused() -> None:
    with pytest.raises(ValueError, match="0 <= p <= 1"):
        elo_interval(1.5, 10)
    with pytest.raises(ValueError, match="n >= 0"):
        wilson_interval(0.5, -1)
    assert elo_interval(0.0, 0) == (-math.inf, math.inf)


def test_a_mean_return_of_thirds_that_cancel_is_exactly_zero() -> None:
    # The README's 4-player PUSH match showed "+1.39e-17" for a bot whose returns were one
    # win (+1) and three losses of -1/3 each: float sums drift, exact ones do not.
    line = BotLine("a", players=4)
    line.count([1.0, -1 / 3, -1 / 3, -1 / 3], 0, 0.0, 10, False)
    for seat in (1, 2, 3):
        line.count([-1 / 3 if s != seat else 1.0 for s in range(4)], 0, 0.0, 10, False)
    assert line.mean_return == 0.0
    assert line.return_ci95[0] == -line.return_ci95[1]
    # shares: one win in four games; ranks: first once, last-equal three times
    assert line.win_share == 0.25


def test_simplest_fraction_is_the_return_people_write() -> None:
    assert simplest_fraction(-1 / 3) == Fraction(-1, 3)
    assert simplest_fraction(2 / 7) == Fraction(2, 7)
    assert simplest_fraction(0.1) == Fraction(1, 10)
    assert simplest_fraction(-2.0) == Fraction(-2)
    assert float(simplest_fraction(math.pi)) == math.pi
