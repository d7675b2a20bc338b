"""PACRU's observation tensor (State.observation_tensor, core/pacru/observation.c; issue
11): hand-worked values from the layout in docs/pacru.md ("Observation tensor"), the C
fill against the plain-Python reference (reference/tensor.py) on random positions, a
decoder that rebuilds the observation from the tensor (perfect information: the tensor
must hold the whole snapshot), and bad players."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pickpack
from pickpack.game import ObservationTensorState
from pickpack.games.pacru.encoding import SEAT_NAMES
from pickpack.games.pacru.reference.tensor import reference_tensor
from pickpack.games.pacru.snapshot import snapshot_from_parts
from pickpack.games.pacru.state import State

CELLS = 81
SIZE = 53 * CELLS


def plane(t: Any, p: int) -> list[float]:
    return list(t[p * CELLS:(p + 1) * CELLS])


def ones_at(cells: list[int]) -> list[float]:
    return [1.0 if c in cells else 0.0 for c in range(CELLS)]


def test_start_position_seen_by_north_puts_north_first() -> None:
    state = pickpack.new_game("pacru", players=2)
    assert isinstance(state, ObservationTensorState)
    assert state.observation_tensor_shape() == (53, 9, 9)
    t = state.observation_tensor("north")
    assert len(t) == SIZE and t.typecode == "f"
    # block 0 = north (seat 1): plays, not to move, no cells; chevrons a1NE a7E e9S i7W
    assert plane(t, 0) == [1.0] * CELLS and plane(t, 1) == [0.0] * CELLS and plane(t, 2) == [0.0] * CELLS
    assert plane(t, 3) == ones_at([0, 54, 76, 62])
    assert plane(t, 4 + 1) == ones_at([0])          # NE: a1
    assert plane(t, 4 + 2) == ones_at([54])         # E: a7
    assert plane(t, 4 + 4) == ones_at([76])         # S: e9
    assert plane(t, 4 + 6) == ones_at([62])         # W: i7
    assert plane(t, 4 + 0) == [0.0] * CELLS
    # block 1 = south (seat 0): to move (PA-S4); chevrons a3E e1N i3W i9SW
    assert plane(t, 12) == [1.0] * CELLS and plane(t, 13) == [1.0] * CELLS
    assert plane(t, 15) == ones_at([18, 4, 26, 80])
    assert plane(t, 16 + 0) == ones_at([4]) and plane(t, 16 + 5) == ones_at([80])
    # blocks 2 and 3: no such seats with 2 players
    assert list(t[24 * CELLS:48 * CELLS]) == [0.0] * (24 * CELLS)
    assert plane(t, 48) == [1.0] * CELLS            # every cell neutral (PA-C2)
    assert plane(t, 49) == [0.0] * CELLS            # ply 0 of 1000
    assert plane(t, 50) == [1.0] * CELLS            # cap 1000/1000
    assert plane(t, 51) == [0.0] * CELLS and plane(t, 52) == [0.0] * CELLS
    assert sum(t) == 2 * 81 + 81 + 16 + 81 + 81


def three_player_position() -> State:
    rows = ["........."] * 9
    rows[9 - 8] = "....A...."                        # north's e8 (cell 67)
    rows[9 - 5] = ".C.....B."                        # west's b5 (37), east's h5 (43)
    snap = {"players": 3, "single_cell": True, "classic_meeting": False, "max_plies": 500, "ply": 250,
            "turn": 1, "board": rows,
            "chevrons": [["a7E", "e8S", "i7W"], ["g1N", "g9S", "i5W"], ["a5E", "c1N", "c9S"]]}
    return State.from_snapshot(snap)


def test_three_players_seen_by_west_rotate_the_seats() -> None:
    t = three_player_position().observation_tensor(2)       # west: west, north, east, (none)
    assert plane(t, 0) == [1.0] * CELLS and plane(t, 1) == [0.0] * CELLS
    assert plane(t, 2) == ones_at([37])
    assert plane(t, 3) == ones_at([36, 2, 74])
    assert plane(t, 4 + 2) == ones_at([36]) and plane(t, 4 + 0) == ones_at([2]) and plane(t, 4 + 4) == ones_at([74])
    assert plane(t, 12) == [1.0] * CELLS and plane(t, 13) == [0.0] * CELLS
    assert plane(t, 14) == ones_at([67])
    assert plane(t, 16 + 4) == ones_at([67])        # e8 points S
    assert plane(t, 24) == [1.0] * CELLS and plane(t, 25) == [1.0] * CELLS   # east to move
    assert plane(t, 26) == ones_at([43])
    assert plane(t, 27) == ones_at([6, 78, 44])     # g1 g9 i5
    assert list(t[36 * CELLS:48 * CELLS]) == [0.0] * (12 * CELLS)
    assert plane(t, 48) == [0.0 if c in (37, 43, 67) else 1.0 for c in range(CELLS)]
    assert plane(t, 49) == [0.5] * CELLS            # ply 250 of 500 (PA-E3)
    assert plane(t, 50) == [0.5] * CELLS            # cap 500 of 1000
    assert plane(t, 51) == [1.0] * CELLS            # single-cell variant (PA-B2)
    assert plane(t, 52) == [0.0] * CELLS
    assert sum(t) == 243 + 81 + 3 + 18 + 78 + 40.5 + 40.5 + 81


def test_east_sees_the_same_board_with_itself_first() -> None:
    state = three_player_position()
    west, east = state.observation_tensor("west"), state.observation_tensor("east")
    # east's blocks: east, west, north = west's blocks 2, 0, 1
    for r, w in ((0, 2), (1, 0), (2, 1)):
        assert east[r * 12 * CELLS:(r + 1) * 12 * CELLS] == west[w * 12 * CELLS:(w + 1) * 12 * CELLS]
    assert east[36 * CELLS:] == west[36 * CELLS:]


def decode(t: Any, player: int) -> dict[str, Any]:
    """The observation rebuilt from the tensor alone (the doc table read backwards)."""
    values = list(t)
    assert len(values) == SIZE and all(0.0 <= v <= 1.0 for v in values)
    n = sum(1 for r in range(4) if values[r * 12 * CELLS] == 1.0)
    seat_of = {r: (player + r) % n for r in range(n)}
    turns = [seat_of[r] for r in range(n) if values[(r * 12 + 1) * CELLS] == 1.0]
    assert len(turns) == 1
    board = [-1] * CELLS
    chevrons: dict[int, tuple[int, int]] = {}
    for r in range(n):
        for c in range(CELLS):
            if values[(r * 12 + 2) * CELLS + c]:
                assert board[c] == -1
                board[c] = seat_of[r]
            if values[(r * 12 + 3) * CELLS + c]:
                dirs = [d for d in range(8) if values[(r * 12 + 4 + d) * CELLS + c]]
                assert len(dirs) == 1 and c not in chevrons
                chevrons[c] = (seat_of[r], dirs[0])
    assert [values[48 * CELLS + c] == 1.0 for c in range(CELLS)] == [b == -1 for b in board]
    max_plies = round(values[50 * CELLS] * 1000)
    ply = round(values[49 * CELLS] * max_plies)
    snap = snapshot_from_parts(n, values[51 * CELLS] == 1.0, values[52 * CELLS] == 1.0, max_plies, ply,
                               turns[0], board, chevrons)
    snap["player"] = player
    return snap


def random_positions(seed: int, games: int) -> list[State]:
    rng = random.Random(seed)
    out = []
    for g in range(games):
        players = 2 + g % 3
        variant: dict[str, Any] = ({}, {"single_cell": True}, {"classic_meeting": True})[g % 3 if g % 2 else 0]
        state = pickpack.new_game("pacru", players=players, max_plies=rng.choice([1000, 120, 7]), **variant)
        assert isinstance(state, State)
        while True:
            if rng.random() < 0.1 or state.is_terminal():
                out.append(state.copy())
            if state.is_terminal():
                break
            state.apply_action(state.random_action(rng))
    return out


def test_c_tensor_equals_reference_and_decodes_to_the_observation() -> None:
    positions = random_positions(seed=11, games=24)
    assert len(positions) > 150 and sum(p.is_terminal() for p in positions) == 24
    for state in positions:
        snap = state.snapshot()
        for seat in range(state.num_players):
            t = state.observation_tensor(seat)
            assert t == reference_tensor(snap, seat), (state.to_position(), seat)
            assert decode(t, seat) == state.observation(seat)


def test_different_positions_give_different_tensors() -> None:
    # perfect information: each seat's tensor tells positions apart (by the decoder above)
    seen: dict[tuple[float, ...], str] = {}
    for state in random_positions(seed=5, games=9):
        key = tuple(state.observation_tensor(0))
        position = state.to_position()
        assert seen.setdefault(key, position) == position


@pytest.mark.parametrize("player, error", [(2, ValueError), (-1, ValueError), ("east", ValueError),
                                           (1.0, TypeError), (True, TypeError), (None, TypeError)])
def test_bad_player_gets_the_observation_error(player: Any, error: type[Exception]) -> None:
    state = pickpack.new_game("pacru", players=2)
    with pytest.raises(error) as expected:
        state.observation(player)
    with pytest.raises(error) as got:
        state.observation_tensor(player)
    assert str(got.value) == str(expected.value)


def test_the_binding_checks_the_seat_too() -> None:
    state = pickpack.new_game("pacru", players=4)
    assert SEAT_NAMES[4][3] == "east"
    with pytest.raises(ValueError, match=r"^player must be a seat 0\.\.3, not 4$"):    # the C-state base's check
        state._observation_tensor(4)
    with pytest.raises(TypeError, match="a seat is an int"):
        state._observation_tensor("east")
