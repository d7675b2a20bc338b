"""PACRU's C MCTS (pickpack.games.pacru._search.mcts_search): UCT over the generic C search
(core/common/pp_mcts.h) compiled over PACRU's ops table (core/pacru/ops.c), whose actions
are the contract's SEARCH ACTIONS, for 2..4 players."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pickpack
from pickpack.games.pacru import _constants
from pickpack.games.pacru._search import mcts_search, mcts_search_through_table
from pickpack.games.pacru.state import State


def positions(players: int, seed: int, count: int) -> list[State]:
    """``count`` positions met along a random game (each with several actions)."""
    rng = random.Random(seed)
    st = State(players)
    out: list[State] = []
    while not st.is_terminal() and len(out) < count:
        if rng.random() < 0.4:
            out.append(st.copy())
        moves = st.move_actions()
        st.apply_action(rng.choice(moves))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_legal_action_for_every_player_count(players: int) -> None:
    for st in positions(players, players, 3):
        before = st.snapshot()
        result = mcts_search(st, simulations=300, seed=1)
        assert st.check_action(result["action"]) is None and st.snapshot() == before
        assert result["simulations"] == 300 and result["nodes"] > 1
        moves = result["root_moves"]
        assert sorted(a for a, _, _ in moves) == st.search_actions()
        assert sum(v for _, v, _ in moves) == 300
        top = max((v, mean) for _, v, mean in moves)               # visits, then mean
        tied = {a for a, v, mean in moves if (v, mean) == top}      # exact ties: a seeded draw
        assert result["action"] in tied and result["value"] == top[1]
        assert -1.5 <= result["value"] <= 1.5


def test_deterministic_in_the_seed_and_the_same_through_the_table() -> None:
    st = positions(3, 7, 2)[-1]
    a = mcts_search(st, simulations=400, seed=3)
    b = mcts_search(st, simulations=400, seed=3)
    t = mcts_search_through_table(st, simulations=400, seed=3)

    def same(x: Any) -> dict[str, Any]:
        return {k: v for k, v in x.items() if k != "seconds"}

    assert same(a) == same(b) == same(t)
    assert mcts_search(st, simulations=400, seed=4)["root_moves"] != a["root_moves"]


def test_a_finished_game_is_refused() -> None:
    over = State(2, max_plies=1)
    over.apply("e1-e2")
    assert over.is_terminal()
    with pytest.raises(ValueError, match="over"):
        mcts_search(over, simulations=10)


def test_bad_parameters_are_refused() -> None:
    st = State(2)
    with pytest.raises(TypeError):
        mcts_search("not a state", simulations=10)
    with pytest.raises(ValueError):
        mcts_search(st)                                   # no budget
    with pytest.raises(ValueError):
        mcts_search(st, simulations=0)
    with pytest.raises(TypeError):
        mcts_search(st, simulations=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        mcts_search(st, simulations=10, exploration=-1.0)
    with pytest.raises(ValueError):
        mcts_search(st, simulations=10, max_nodes=_constants.MAX_SEARCH_ACTIONS)
    with pytest.raises(ValueError):
        mcts_search(st, simulations=10, seed=-1)


def test_the_search_takes_an_immediate_win() -> None:
    # South has 41 cells (target 42) and a crossing into the neutral centre gains one:
    # every crossing move wins at once (PA-E2), and the search's root check (Teytaud &
    # Teytaud 2010, core/common/pp_mcts.h) plays one without a simulation.
    own = " ".join(f"{col}{row}" for row in range(1, 5) for col in "abcdefghi") + " a5 b5 c5 d5 e5"
    board = [["."] * 9 for _ in range(9)]
    for text in own.split():
        board[8 - (int(text[1]) - 1)]["abcdefghi".index(text[0])] = "A"
    st = State.from_snapshot({"players": 2, "single_cell": False, "classic_meeting": False, "max_plies": 1000,
                              "ply": 0, "turn": 0, "board": ["".join(r) for r in board],
                              "chevrons": [["a6E", "i6W"], ["a9S", "i9S"]]}, checked=False)
    result = mcts_search(st, simulations=400, seed=5)
    assert result["simulations"] == 0 and result["value"] >= 1.0
    st.apply_action(result["action"])
    assert st.is_terminal() and st.winning_seats() == [0] and st.cells(0) >= 42


def test_the_registered_native_mcts_is_this_search() -> None:
    game = pickpack.get_game("pacru")
    assert game.native_mcts == "pickpack.games.pacru._search:mcts_search"
    module, name = game.native_mcts.split(":")
    import importlib
    assert getattr(importlib.import_module(module), name) is mcts_search
