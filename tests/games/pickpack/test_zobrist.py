"""Zobrist hashing (docs/engine.md, "Zobrist hashing").

The hash is kept incrementally by the core on apply and restored on undo; these tests
hold it to the from-scratch definition, to the documented key stream, and look for
collisions.
"""

from __future__ import annotations

import random

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.games.pickpack import State

MASK = (1 << 64) - 1


def splitmix64_stream(seed: int):  # type: ignore[no-untyped-def]
    """The documented SplitMix64 generator, written out again here for the test."""
    state = seed
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def _random_game_states(n_games: int, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    for g in range(n_games):
        placements = None if g % 4 == 0 else pickpack_game.placements_from_seed(g)
        state = pickpack.new_game("pickpack", seed=seed * 100_000 + g,
                                  first="red" if g % 2 else "blue", placements=placements)
        yield state
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            yield state


def test_first_documented_key_is_the_splitmix_output_of_PICKPACK() -> None:
    # Worked by hand in tests/games/pickpack/test_reference.py and equal to the first output
    # of SplitMix64 seeded with ASCII "PICKPACK" = 0x5049434B5041434B.
    keys = splitmix64_stream(0x5049434B5041434B)
    assert next(keys) == 0x420037CB47FFC3CE


def test_opening_hash_is_the_xor_of_its_documented_features() -> None:
    """Hash of a fresh placement-phase game, built key by key from docs/engine.md."""
    keys = splitmix64_stream(0x5049434B5041434B)
    grid = [[[next(keys) for _face in range(2)] for _a in range(6)] for _sq in range(36)]
    grabber = [next(keys) for _ in range(36)]
    for _ in range(1728 + 16 + 432 + 4):        # crate trays, statuses, tiles, rush
        next(keys)
    to_move = [next(keys) for _ in range(2)]
    phase_placement, _phase_over = next(keys), next(keys)
    blue_first = next(keys)
    deal = pickpack_game.deal_from_seed(99)
    expected = 0
    for sq, apples in enumerate(deal):
        expected ^= grid[sq][apples - 1][0]              # every tray face up (PP-S1)
    expected ^= grabber[deal.index(6)]                   # PP-S2: on the 6
    expected ^= to_move[0] ^ phase_placement             # Red places first (PP-S3)
    assert pickpack.new_game("pickpack", seed=99).zobrist_hash() == expected
    # Blue moving first differs by exactly the "Blue moves first" key while placing.
    assert pickpack.new_game("pickpack", seed=99, first="blue").zobrist_hash() == expected ^ blue_first


def test_incremental_hash_equals_from_scratch_on_every_position_of_1000_games() -> None:
    positions = 0
    for state in _random_game_states(1000, seed=3):
        assert state.zobrist_hash() == state._hash_from_scratch()
        positions += 1
    assert positions > 1000 * 20        # every game has at least 20 play plies or 24 placements


def test_undo_restores_exact_snapshot_and_hash_after_every_legal_move() -> None:
    for state in _random_game_states(60, seed=4):
        snap, h, key = state.snapshot(), state.zobrist_hash(), state.position_key()
        for action in state.legal_actions():
            state.apply_action(action)
            assert state.zobrist_hash() != h     # every move changes the position
            state.undo()
            assert state.zobrist_hash() == h and state.position_key() == key
        assert state.snapshot() == snap


def test_equal_positions_reached_by_different_orders_hash_equal() -> None:
    """Transpositions: two grabs into different crates in either order meet."""
    a = pickpack.new_game("pickpack", seed=11, placements=pickpack_game.placements_from_seed(11))
    b = a.copy()
    moves = a.legal_moves()
    grab1 = [m for m in moves if m.text.endswith(">1")][0]
    a.apply(grab1)
    reply = a.legal_moves()[0]
    a.apply(reply)
    b.apply(grab1)
    b.apply(reply)
    assert a.zobrist_hash() == b.zobrist_hash() and a.position_key() == b.position_key()


def _collisions(n_positions: int, seed: int) -> tuple[int, int]:
    seen: dict[int, bytes] = {}
    collisions = 0
    games = 0
    while len(seen) < n_positions:
        for state in _random_game_states(200, seed=seed * 1000 + games):
            key = state.position_key()
            h = state.zobrist_hash()
            other = seen.setdefault(h, key)
            if other != key:
                collisions += 1
        games += 1
    return len(seen), collisions


def test_no_collision_among_100000_distinct_positions() -> None:
    distinct, collisions = _collisions(100_000, seed=5)
    assert distinct >= 100_000 and collisions == 0


@pytest.mark.slow
def test_no_collision_among_1000000_distinct_positions() -> None:
    distinct, collisions = _collisions(1_000_000, seed=6)
    assert distinct >= 1_000_000 and collisions == 0


def test_hash_is_unsigned_64_bit() -> None:
    for state in _random_game_states(20, seed=7):
        assert 0 <= state.zobrist_hash() <= MASK


def test_copy_and_pickle_keep_the_hash() -> None:
    import pickle
    for state in _random_game_states(10, seed=8):
        assert isinstance(state, State)
        assert state.copy().zobrist_hash() == state.zobrist_hash()
        assert pickle.loads(pickle.dumps(state)).zobrist_hash() == state.zobrist_hash()
