"""The C core against the plain-Python reference on many random games.

Default run: 60 games (a third starting in phase placement, first player alternating),
every successor of every position compared; the ``slow`` marker runs 60 more and 3,000
more again. A
hypothesis test drives both with arbitrary move choices. Rules: every PP-… rule is
exercised here; the hand-worked rule tests are in tests/games/pickpack/test_rules_*.py.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pickpack
import pickpack.games.pickpack as pickpack_game
from tests.games.pickpack.differential import assert_same_position, play_both, start_pair


def _game(i: int, successors: bool) -> int:
    first = "red" if i % 2 == 0 else "blue"
    core, ref = start_pair(seed=1_000 + i, first=first, with_placements=i % 3 != 0)
    return play_both(core, ref, random.Random(i), successors)


# Blocks 0 and 1 (60 games) in the default run; the -m slow run adds blocks 2 and 3.
@pytest.mark.parametrize("block", [0, 1, pytest.param(2, marks=pytest.mark.slow), pytest.param(3, marks=pytest.mark.slow)])
def test_core_matches_reference_on_random_games_in_blocks_of_30(block: int) -> None:
    plies = sum(_game(i, successors=True) for i in range(block * 30, block * 30 + 30))
    # A game has at least 24 placement plies (a third of the games) or ends by PP-E2
    # after at least a few play plies; 30 games can never have fewer than 30 plies.
    assert plies >= 30


@pytest.mark.slow
@pytest.mark.parametrize("block", range(30))
def test_core_matches_reference_on_3000_more_games(block: int) -> None:
    for i in range(10_000 + block * 100, 10_000 + block * 100 + 100):
        _game(i, successors=i % 10 == 0)


def test_every_action_checked_like_the_generator() -> None:
    """check_action (the API's legality gate) accepts exactly the generated moves."""
    rng = random.Random(5)
    for i in range(12):
        core, _ = start_pair(seed=77 + i, first="red", with_placements=i % 4 != 0)
        while not core.is_terminal():
            legal = set(core.legal_actions())
            accepted = {a for a in range(pickpack_game.NUM_DISTINCT_ACTIONS) if core.check_action(a) is None}
            assert accepted == legal
            core.apply_action(rng.choice(sorted(legal)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    first=st.sampled_from(["red", "blue"]),
    with_placements=st.booleans(),
    choices=st.lists(st.integers(min_value=0, max_value=10**6), min_size=0, max_size=90),
)
def test_core_matches_reference_on_arbitrary_move_choices(
        seed: int, first: str, with_placements: bool, choices: list[int]) -> None:
    core, ref = start_pair(seed, first, with_placements)
    for c in choices:
        assert_same_position(core, ref)
        actions = core.legal_actions()
        if not actions:
            break
        core.apply_action(actions[c % len(actions)])
        ref.apply_action(actions[c % len(actions)])
    assert_same_position(core, ref)


def test_seeded_deal_and_placements_match_the_reference_prng() -> None:
    from pickpack.games.pickpack.reference import deal_from_seed, random_placements
    for seed in (0, 1, 2**63, 2**64 - 1, 123456789):
        assert pickpack_game.deal_from_seed(seed) == deal_from_seed(seed)
        assert pickpack_game.placements_from_seed(seed) == random_placements(seed)
