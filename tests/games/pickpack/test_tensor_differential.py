"""Differential check of Pick & Pack's observation tensor: the C fill
(core/pickpack/observation.c) equals the plain-Python reference
(pickpack.games.pickpack.reference.observation_tensor) at every position of seeded random
games, from the first placement decision (PP-S3) to the end, for both seats; and the
reference's own PP-V2 observation of the reference engine's snapshot agrees with
State.observation."""

from __future__ import annotations

import array
import random

import pytest

import pickpack
from pickpack.games.pickpack import State
from pickpack.games.pickpack.encoding import PLAYERS
from pickpack.games.pickpack.reference import RefState, observation, observation_tensor


def _check_position(state: State) -> int:
    snap = state.snapshot()
    ref_snap = RefState.from_snapshot(snap, state.first_player).snapshot()
    assert ref_snap == snap
    for seat, name in enumerate(PLAYERS):
        native_obs = state.observation(name)
        assert observation(ref_snap, name) == native_obs
        expected = array.array("f", observation_tensor(native_obs))
        got = state.observation_tensor(seat)
        assert got == expected, f"seat {seat} at ply {state.ply}"
        assert state.observation_tensor(name) == got
        assert all(0.0 <= v <= 1.0 for v in got)
    return 2


@pytest.mark.parametrize("placements", [None, "dealt"])
def test_c_tensor_equals_reference_in_random_games(placements: str | None) -> None:
    rng = random.Random(2026 if placements is None else 2027)
    checked = 0
    phases = set()
    for game in range(40):
        state = pickpack.new_game("pickpack", seed=game, first=PLAYERS[game % 2], placements=placements)
        assert isinstance(state, State)
        while True:
            phases.add(state.phase)
            checked += _check_position(state)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    assert phases == ({"placement", "play", "over"} if placements is None else {"play", "over"})
    assert checked > 2000
