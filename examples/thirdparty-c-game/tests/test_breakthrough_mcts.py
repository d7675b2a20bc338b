"""The C MCTS on Breakthrough (the generic search of core/common/pp_mcts.h compiled over
the example's table, src/breakthrough.c): immediate wins and immediate losses, worked out
from the rules in README.md (BT-M2, BT-M3, BT-W1, BT-W2)."""

from __future__ import annotations

from pickpack_breakthrough.state import BreakthroughState
from pickpack_bots.mcts_bot import MCTSBot


def test_a_move_to_the_far_rank_is_played_at_once() -> None:
    # White to move, its piece on e5: e5d6, e5e6 reach rank 6 (BT-W1) and e5f6*
    # captures black's last piece on its way there (BT-W2): each wins at once, so the
    # root check plays one of them with no simulation, value +1 (BT-W3).
    st = BreakthroughState.from_position(".....b/....w./....../....../.b..../w.w... w")
    native = st.game.load("native_mcts")
    for seed in (1, 2, 3):
        result = native(st, simulations=500, seed=seed)
        assert st.action_text(result["action"]) in {"e5d6", "e5e6", "e5f6*"}
        assert (result["simulations"], result["value"]) == (0, 1.0)
    move = MCTSBot(seed=5).choose(st)
    st.apply(move)
    assert st.is_terminal() and st.returns() == [-1.0, 1.0]


def test_moves_that_let_black_reach_rank_one_are_left_out() -> None:
    # Black's b2 reaches rank 1 next (b1, or a1*/c1* onto a white piece: BT-M2, BT-M3,
    # BT-W1) unless white captures it now: a1b2* or c1b2* (black keeps f6, so neither
    # wins at once, BT-W2). Every other white move loses at once: 0 visits, value -1;
    # the two captures share all 500 simulations.
    st = BreakthroughState.from_position(".....b/....../....../....w./.b..../w.w... w")
    result = st.game.load("native_mcts")(st, simulations=500, seed=3)
    stats = {st.action_text(a): (n, v) for a, n, v in result["root_moves"]}
    assert sorted(stats) == sorted(st.action_text(a) for a in st.legal_actions())
    assert stats["a1b2*"][0] + stats["c1b2*"][0] == 500
    assert all(stats[m] == (0, -1.0) for m in stats if m not in {"a1b2*", "c1b2*"})
    assert st.action_text(result["action"]) in {"a1b2*", "c1b2*"}


def test_the_python_search_makes_the_same_root_check() -> None:
    # pickpack.bots.mcts.search over the GameState protocol, on the same two positions:
    # the win at once is returned with no simulation, and the five moves that let
    # black's b2 reach rank 1 get no visit.
    from pickpack.bots.mcts import search

    won = BreakthroughState.from_position(".....b/....w./....../....../.b..../w.w... w")
    result = search(won, simulations=200, seed=1)
    assert won.action_text(result.action) == "e5d6" and result.simulations == 0   # first in legal order
    threat = BreakthroughState.from_position(".....b/....../....../....w./.b..../w.w... w")
    result = search(threat, simulations=200, seed=1)
    visited = {threat.action_text(a) for a, n in result.visits.items() if n > 0}
    assert visited == {"a1b2*", "c1b2*"} and sum(result.visits.values()) == 200
