"""Shared driver of the differential tests: the C core against the plain-Python reference.

At every position of a game both implementations must agree on the snapshot, the Zobrist
hash (C incremental = C from scratch = reference from scratch), the legal moves (actions
and canonical texts), the scores, the terminal status and the winner; with
``successors=True`` also on the snapshot and hash after every legal move.
"""

from __future__ import annotations

import random

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.games.pickpack import State
from pickpack.games.pickpack.reference import RefState


def start_pair(seed: int, first: str, with_placements: bool) -> tuple[State, RefState]:
    """The same fresh game in both implementations (deal from ``seed``)."""
    deal = pickpack_game.deal_from_seed(seed)
    placements = pickpack_game.placements_from_seed(seed) if with_placements else None
    core = pickpack.new_game("pickpack", seed=seed, first=first, placements=placements)
    ref = RefState.new(deal, placements, first)
    return core, ref


def assert_same_position(core: State, ref: RefState) -> None:
    """Everything observable at this position agrees."""
    assert core.snapshot() == ref.snapshot()
    assert core.zobrist_hash() == core._hash_from_scratch() == ref.zobrist_hash()
    assert core.current_player == ref.current_player
    assert core.is_terminal() == ref.is_terminal()
    assert core.scores() == ref.scores()
    assert core.winner() == ref.winner()
    assert core.legal_actions() == ref.legal_actions()
    moves = core.legal_moves()
    assert moves == ref.legal_moves()
    assert [core.parse_move(m.text) for m in moves] == moves      # texts read back


def play_both(core: State, ref: RefState, rng: random.Random, successors: bool) -> int:
    """Play one random game in both, checking every position; returns the plies played."""
    plies = 0
    while True:
        assert_same_position(core, ref)
        if core.is_terminal():
            return plies
        actions = core.legal_actions()
        if successors:
            for action in actions:
                before = core.zobrist_hash()
                core.apply_action(action)
                child = ref.copy()
                child.apply_legal_action(action)  # legality compared above
                assert core.snapshot() == child.snapshot(), core.action_text(action)
                assert core.zobrist_hash() == child.zobrist_hash(), core.action_text(action)
                core.undo()
                assert core.zobrist_hash() == before
        action = rng.choice(actions)
        core.apply_action(action)
        ref.apply_action(action)
        plies += 1
