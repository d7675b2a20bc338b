"""PUSH's history keeps the C core's compact undo record (push_undo, core/push/rules.c)
per action instead of the whole position (core/push/ops.c: undo_size, apply_undoable,
undo): taking back every action of whole games gives each earlier position and hash
again, through every phase (draws PU-P1, placements PU-P2, busts and rolls PU-P5/PU-R1,
banking PU-B1, collecting, switches PU-S1/PU-S2)."""

from __future__ import annotations

import pickle
import random

import pytest

import pickpack


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("hard, switch_per_turn", [(False, False), (True, True)])
def test_undo_gives_back_every_position_and_hash_of_whole_games(players: int, hard: bool,
                                                                switch_per_turn: bool) -> None:
    phases: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = pickpack.new_game("push", players=players, seed=seed, hard=hard, switch_per_turn=switch_per_turn)
        seen = []
        while not state.is_terminal():
            seen.append((state.snapshot(), state.zobrist_hash()))
            phases.add(state.phase)
            state.apply_action(rng.choice(state.legal_actions()))
        end = (state.snapshot(), state.zobrist_hash())
        again = pickle.loads(pickle.dumps(state))           # rebuilt from the root the records give back
        assert (again.snapshot(), again.zobrist_hash()) == end and again.history_actions() == state.history_actions()
        for before in reversed(seen):
            state.undo()
            assert (state.snapshot(), state.zobrist_hash()) == before
        assert state.ply == 0
    assert phases == {"start", "draw", "place", "decide", "roll", "collect"}
