"""Pick & Pack's position as plain numbers (pp_game_ops ABI 3: core/pickpack/pickpack_core.h
PP_RAW_*, the loader pp_load_raw over pp_state_check): what goes out comes back, every
number from outside is checked by the C loader, which names the field, player and item,
and who moved first is found from the position when not given (PP-S4)."""

from __future__ import annotations

import random

import pytest

import pickpack
from pickpack.errors import SnapshotError
from pickpack.games.pickpack import State
from pickpack.games.pickpack import _constants as C


def _played(seed: int, plies: int, first: str = "red") -> State:
    rng = random.Random(seed)
    state: State = pickpack.new_game("pickpack", seed=seed, first=first, placements="dealt")
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_every_raw_position_of_a_game_loads_back_with_its_hash(seed: int) -> None:
    state = _played(seed, 0)
    rng = random.Random(seed)
    while True:
        back = State._from_raw(state._raw())
        assert back == state and back.zobrist_hash() == state.zobrist_hash()
        assert back.snapshot() == state.snapshot() and back.first_player == state.first_player
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_raw_vector_is_the_headers_layout() -> None:
    """Start of play, seed 1: phase play (1), Red to move (0), Red first (0); the grid
    holds every tray face up, the crates are empty and open, no rush order waits."""
    raw = _played(1, 0)._raw()
    assert len(raw) == C.RAW_SIZE == 430
    assert raw[C.RAW_PHASE: C.RAW_GRABBER] == [1, 0, 0]
    grid = raw[C.RAW_GRID: C.RAW_CRATES]
    assert sorted(grid[0::2]) == sorted([1] * 10 + [2] * 8 + [3] * 7 + [4] * 6 + [5] * 4 + [6])   # PP-C2
    assert set(grid[1::2]) == {0}
    assert set(raw[C.RAW_CRATES: C.RAW_TILES]) == {0}
    assert raw[C.RAW_RUSH:] == [0, 0]


@pytest.mark.parametrize(("offset", "value", "field", "player", "index"), [
    (C.RAW_GRID + 2 * 20, 7, "grid", None, 20),              # c4: 7 apples
    (C.RAW_GRID + 2 * 20 + 1, 2, "grid", None, 20),          # face down neither 0 nor 1
    (C.RAW_CRATES + 5 * C.RAW_CRATE_STRIDE, 3, "crates", "blue", 1),   # status 3
    (C.RAW_CRATES + 1, 37, "crates", "red", 0),                              # 37 trays
    (C.RAW_TILES + 2 * 13, 6, "tiles", "blue", 1),           # blue's 2L: kind 6
    (C.RAW_RUSH + 1, 3, "rush", "blue", None),
    (C.RAW_GRABBER, 36, "grabber", None, None),
    (C.RAW_PHASE, -1, "phase", None, None),
    (C.RAW_TO_MOVE, 2 ** 40, "to_move", None, None),         # clamped, still refused
])
def test_the_loader_refuses_a_number_out_of_range_naming_where(offset: int, value: int, field: str,
                                                              player: str | None, index: int | None) -> None:
    raw = _played(2, 0)._raw()
    raw[offset] = value
    with pytest.raises(SnapshotError) as info:
        State._from_raw(raw, checked=False)
    error = info.value
    assert (error.field, error.player, error.index, error.rule) == (field, player, index, "")
    assert str(error).startswith(field)


def test_a_non_int_in_the_snapshot_is_refused_by_the_loader_at_its_square() -> None:
    snap = _played(2, 0).snapshot()
    snap["grid"]["c4"]["apples"] = "3"
    with pytest.raises(SnapshotError) as info:
        State.from_snapshot(snap)
    assert (info.value.field, info.value.index) == ("grid", 20)


def test_the_rules_are_the_loaders_with_their_rule_ids() -> None:
    """A 6-apple tray too many breaks the PP-C2 multiset, at either level."""
    raw = _played(2, 0)._raw()
    raw[C.RAW_CRATES + 1: C.RAW_CRATES + 3] = [1, 6]    # red crate 1 holds a 6
    for checked in (True, False):
        with pytest.raises(SnapshotError) as info:
            State._from_raw(raw, checked)
        assert info.value.rule == "PP-C2"


def test_who_moved_first_is_found_from_the_position_when_not_given() -> None:
    """Blue moved first and one move was made: Red is to move, which only Blue first
    reaches (PP-S4, PP-R1); the snapshot does not say so, the loader finds it."""
    state = _played(4, 1, first="blue")
    assert state.current_player == "red"
    raw = state._raw()
    raw[C.RAW_FIRST] = 2                                      # PP_NOBODY: not known
    assert State._from_raw(raw).first_player == "blue"
    assert State.from_snapshot(state.snapshot()).first_player == "blue"


def test_returns_are_zero_until_the_end() -> None:
    """The table's returns (PP-E4) before the end: 0 for both, whatever the scores."""
    state = _played(5, 30)
    assert not state.is_terminal() and state.returns() == [0.0, 0.0]
