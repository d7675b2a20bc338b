"""The one cache of exact chance probabilities (pickpack._cstate: ExactProbability,
exact_probability, exact_outcomes), shared by the C-backed states (CState) and the
Python base (StateBase): exact Fractions, made once, whose float() is worked out once."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction

import pytest

import pickpack
from pickpack._cstate import ExactProbability, exact_outcomes, exact_probability
from pickpack.state_base import exact_outcomes as state_base_exact_outcomes


def test_an_exact_probability_is_the_fraction_it_equals() -> None:
    p = exact_probability(2, 12)
    assert isinstance(p, Fraction) and type(p) is ExactProbability
    assert p == Fraction(1, 6) and hash(p) == hash(Fraction(1, 6))
    assert (p.numerator, p.denominator) == (1, 6)
    assert repr(p) == "Fraction(1, 6)" and str(p) == "1/6"
    assert p + p == Fraction(1, 3) and type(p + p) is Fraction      # arithmetic gives plain Fractions
    assert 3 * p == Fraction(1, 2)


def test_the_float_of_an_exact_probability_is_the_fractions_float() -> None:
    for weight, total in ((1, 3), (2, 3), (1, 6), (7, 120), (1, 40), (12345, 99991), (1, 10**18)):
        p = exact_probability(weight, total)
        assert float(p) == float(Fraction(weight, total)) == weight / total
        assert p.__float__() == float(Fraction(weight, total))


def test_an_exact_probability_is_made_once_per_weight_and_total() -> None:
    assert exact_probability(1, 6) is exact_probability(1, 6)
    assert exact_probability(5000, 10000) is exact_probability(5000, 10000)      # beyond the list's totals
    assert exact_probability(1, 2) == exact_probability(5000, 10000)


def test_an_exact_probability_pickles_and_copies_as_its_value() -> None:
    p = exact_probability(1, 40)
    back = pickle.loads(pickle.dumps(p))
    assert back == Fraction(1, 40) and type(back) is Fraction          # pickles never name the cache's type
    for c in (copy.copy(p), copy.deepcopy(p)):
        assert c == p and float(c) == 1 / 40


def test_exact_outcomes_are_the_same_tuples_for_the_same_weights() -> None:
    weights = ((0, 1), (3, 2), (7, 3))
    outcomes = exact_outcomes(weights)
    assert outcomes == ((0, Fraction(1, 6)), (3, Fraction(1, 3)), (7, Fraction(1, 2)))
    assert exact_outcomes(((0, 1), (3, 2), (7, 3))) is outcomes
    assert state_base_exact_outcomes is exact_outcomes                 # one helper for both bases
    assert outcomes[1][1] is exact_probability(2, 6)                    # one cache of probabilities


@pytest.mark.parametrize("weight", [0, -1, 1.5, True])
def test_exact_outcomes_refuse_a_weight_that_is_not_a_positive_int(weight: object) -> None:
    with pytest.raises(ValueError, match=f"a chance weight is an int > 0, not {weight!r}"):
        exact_outcomes(((0, 1), (1, weight)))     # type: ignore[arg-type]


def test_a_c_state_s_chance_outcomes_come_from_the_shared_cache() -> None:
    state = pickpack.new_game("push", players=4, seed=1)
    state.apply_action(state.legal_actions()[0])          # draw: a chance node over the full deck
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    weights = state.chance_weights()
    total = sum(w for _, w in weights)
    assert total == 120 and [a for a, _ in outcomes] == [a for a, _ in weights]
    assert all(p is exact_probability(w, total) for (_, p), (_, w) in zip(outcomes, weights, strict=True))
    assert outcomes[0] == (0, Fraction(1, 40))                        # R1: 3 copies of 120 (PU-C1)
    assert float(outcomes[0][1]) == 1 / 40 and sum(p for _, p in outcomes) == 1
    again = state.chance_outcomes()
    assert again == outcomes and again is not outcomes                 # a new list each time ...
    assert all(a is b for a, b in zip(again, outcomes, strict=True))    # ... of the same pairs


def test_weights_beyond_64_bits_stay_exact() -> None:
    big = 2**70
    outcomes = exact_outcomes(((0, big), (1, 2 * big)))
    assert outcomes == ((0, Fraction(1, 3)), (1, Fraction(2, 3)))
    assert exact_probability(big, 3 * big) is exact_probability(big, 3 * big) == Fraction(1, 3)
