"""Pig's observation tensor (pickpack_pig.state.PigState.observation_tensor, issue 11):
values worked out by hand from the layout in its docstring (rules PIG-3..PIG-7)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pickpack.game import ObservationTensorState

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples" / "thirdparty-game"))

from pickpack_pig import GAME  # noqa: E402


def test_three_player_tensor_is_counted_from_the_observer() -> None:
    state = GAME.new_state(players=3, target=50)
    for action in (0, 3, 1):        # p1 rolls a 4 (PIG-5) and holds 4 (PIG-6); p2 to move
        state.apply_action(action)
    state.apply_action(0)           # p2 rolls: a chance node (PIG-3)
    assert isinstance(state, ObservationTensorState)
    assert state.observation_tensor_shape() == (8,)
    # p1 sees itself first (4/50 banked), then p2 (to move), then p3; the die is rolling
    assert list(state.observation_tensor("p1")) == pytest.approx([0.08, 0, 0, 0, 1, 0, 0, 1])
    # p3 sees p3, p1, p2: p1's 4/50 at offset 1, p2 to move at n + 2
    assert list(state.observation_tensor(2)) == pytest.approx([0, 0.08, 0, 0, 0, 1, 0, 1])
    state.apply_action(5)           # a 6: turn total 6 of 50
    assert list(state.observation_tensor(1)) == pytest.approx([0, 0, 0.08, 1, 0, 0, 0.12, 0])


def test_banked_points_past_the_target_read_one_and_nobody_moves() -> None:
    state = GAME.new_state(players=2, target=10)
    for action in (0, 5, 0, 5, 1):  # p1: 6 + 6 = 12, holds: 12 >= 10 wins (PIG-7)
        state.apply_action(action)
    assert state.is_terminal()
    assert list(state.observation_tensor(0)) == pytest.approx([1, 0, 0, 0, 0, 0])


def test_a_bad_player_gets_the_observation_error() -> None:
    state = GAME.new_state(players=2)
    with pytest.raises(ValueError, match="seat 0..1"):
        state.observation_tensor(2)
    with pytest.raises(TypeError, match="seat or a name"):
        state.observation_tensor(1.0)  # type: ignore[arg-type]
