"""PUSH's C MCTS (pickpack.games.push._search.mcts_search): UCT over the generic C search
(core/common/pp_mcts.h) compiled over PUSH's ops table (core/push/ops.c), with chance
nodes for draws and die rolls, 2..6 players, playouts by the rollout policy
(core/push/push_policy.h) and a tree of the root's decisions alone."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

import pickpack._csearch
from pickpack.games.push._core import policy_action
from pickpack.games.push._search import mcts_search, mcts_search_through_table
from pickpack.games.push.encoding import CARD_TEXT, DRAW, STOP, full_deck
from pickpack.games.push.game import GAME
from pickpack.games.push.reference.push_ref import RefState
from pickpack.games.push.state import State


def decision_positions(players: int, seed: int, count: int) -> list[State]:
    """``count`` decision positions (not forced) met along a random game."""
    rng = random.Random(seed)
    st = State(players)
    out: list[State] = []
    while not st.is_terminal() and len(out) < count:
        if not st.is_chance_node() and len(st.legal_actions()) > 1 and rng.random() < 0.3:
            out.append(st.copy())
        st.apply_action(rng.choice(st.legal_actions()))
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_legal_decision_for_every_player_count(players: int) -> None:
    for st in decision_positions(players, players, 4):
        before = st.snapshot()
        result = mcts_search(st, simulations=300, seed=1)
        assert result["action"] in st.legal_actions() and st.snapshot() == before
        assert result["simulations"] == 300 and result["nodes"] > 1
        moves = result["root_moves"]
        assert sorted(a for a, _, _ in moves) == st.legal_actions()
        # whole rounds (core/push/push_search.h): every decision played out 300/n times
        assert {v for _, v, _ in moves} == {300 // len(moves)}
        assert dict((a, v) for a, _, v in moves)[result["action"]] == result["value"]
        assert -1.0 - 0.5 <= result["value"] <= 1.0 + 0.5


def test_deterministic_in_the_seed_and_the_generic_uct_through_the_table() -> None:
    """The table's `mcts` hook is PUSH's own paired search (core/push/push_search.h);
    through the pointers runs the generic UCT (pp_mcts_run) over the same table: a
    root-alone tree whose visits follow UCB1, not the whole rounds of the paired one."""
    st = decision_positions(4, 7, 1)[0]
    n = len(st.legal_actions())
    a = mcts_search(st, simulations=500, seed=3)
    b = mcts_search(st, simulations=500, seed=3)
    drop = ("seconds",)
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}
    assert {v for _, v, _ in a["root_moves"]} == {500 // n}
    t = mcts_search_through_table(st, simulations=500, seed=3)
    assert t["simulations"] == 500 and t["nodes"] == 1 + n
    assert sum(v for _, v, _ in t["root_moves"]) == 500 and t["root_moves"] != a["root_moves"]
    c = mcts_search(st, simulations=500, seed=4)
    assert c["root_moves"] != a["root_moves"]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_policy_decides_unless_another_decision_leads_it_clearly(players: int) -> None:
    """push_search.h: one round (any budget below two rounds) gives no standard error,
    so the policy's decision (push_policy_action); an `exploration` of 1e6 standard
    errors keeps it too; with 0 the search takes the decision of the highest mean if it
    is above the policy's (ties keep the policy's)."""
    for st in decision_positions(players, 10 + players, 4):
        guide = policy_action(st)
        n = len(st.legal_actions())
        one = mcts_search(st, simulations=1, seed=2)
        assert (one["action"], one["simulations"]) == (guide, n)
        assert mcts_search(st, simulations=40 * n, seed=2, exploration=1e6)["action"] == guide
        greedy = mcts_search(st, simulations=40 * n, seed=2, exploration=0.0)
        values = dict((a, v) for a, _, v in greedy["root_moves"])
        top = max(values.values())
        # the lead is summed apart from the means: equal up to rounding
        assert values[greedy["action"]] == pytest.approx(top, abs=1e-12)
        assert greedy["action"] == guide or values[guide] < top


def test_a_forced_move_needs_no_search() -> None:
    st = State(3)                       # only "draw" at the start
    result = mcts_search(st, simulations=100, seed=1)
    assert (result["action"], result["simulations"]) == (DRAW, 0)


def test_stops_before_a_certain_bust() -> None:
    """p1 in phase decide; every card left in the deck (R1 only) busts on the three
    stacks (each holds a red card): drawing gives p1 nothing, stopping a stack."""
    used = ["R2", "B3", "R3", "B4", "R4", "B5"]
    snap: dict[str, Any] = {
        "players": 2, "hard": False, "switch_per_turn": False, "phase": "decide", "turn": 0, "actor": 0,
        "card": None, "deck": {"R1": 1}, "stacks": [used[0:2], used[2:4], used[4:6]],
        "benches": [[], []], "banks": [[], []], "switches": 0, "turn_switches": 0,
    }
    st = State.from_snapshot(snap)
    assert st.legal_actions() == [DRAW, STOP]
    result = mcts_search(st, simulations=2000, seed=5)
    assert result["action"] == STOP and result["value"] > 0


ONE_SMALL_STACK: dict[str, Any] = {
    "players": 4, "hard": False, "switch_per_turn": False, "phase": "decide", "turn": 0, "actor": 0,
    "card": None, "deck": {"R1": 3, "G2": 3, "Y4": 2, "roll": 3, "switch": 4},
    "stacks": [["R3"], [], []], "benches": [[], [], [], []], "banks": [[], [], [], []],
    "switches": 8, "turn_switches": 0,
}


def test_pushes_on_one_small_stack() -> None:
    """The random playouts' failure: stopping with one stack. On [R3] with 15 cards left
    no card busts; stopping gives p1 3 points, pushing builds a stack p1 takes first."""
    st = State.from_snapshot(ONE_SMALL_STACK)
    for seed in (1, 2):
        result = mcts_search(st, simulations=1000, seed=seed)
        values = {a: v for a, _, v in result["root_moves"]}
        assert result["action"] == DRAW and values[DRAW] > values[STOP]


END_OF_GAME: dict[str, Any] = {
    "players": 2, "hard": False, "switch_per_turn": False, "card": None, "deck": {},
    "switches": 0, "turn_switches": 0, "turn": 0,
}


def test_the_last_take_that_wins_is_played_at_once() -> None:
    """The deck is empty and p2 takes the last stack it can (PU-K1, PU-K3: the third is
    discarded), after which the game is over (PU-E1). p1 has 5 on its bench, p2 1 in
    its bank: take-1 (R6) gives p2 7 > 5, a win (PU-E2, PU-E3); take-2 (G1) 2 < 5. The
    root check plays take-1 with no simulation, valued 1 + 0.5 * (7 - 5) / 60."""
    st = State.from_snapshot({**END_OF_GAME, "phase": "collect", "actor": 1,
                              "stacks": [["R6"], ["G1"], []], "benches": [["B5"], []],
                              "banks": [[], ["Y1"]]})
    for seed in (1, 2):
        result = mcts_search(st, simulations=1000, seed=seed)
        assert st.action_text(result["action"]) == "take-1" and result["simulations"] == 0
        assert result["value"] == pytest.approx(1 + 0.5 * 2 / 60)


def test_a_take_after_which_the_next_seat_wins_at_once_is_left_out() -> None:
    """The deck is empty; p1 (5 banked) takes first, then p2 (4 on its bench) takes one
    of the two stacks left and the game is over (PU-K1, PU-K3, PU-E1). take-3 (Y1):
    p2 takes R6, 10 > 6, p2 wins at once -- left out, valued at p1's loss
    -1 + 0.5 * (6 - 10) / 60. take-1 (R6): 11 against at most 9, a win; take-2 (G5):
    at best a 10-10 tie for p2, not a win: both searched."""
    st = State.from_snapshot({**END_OF_GAME, "phase": "collect", "actor": 0,
                              "stacks": [["R6"], ["G5"], ["Y1"]], "benches": [[], ["B4"]],
                              "banks": [["P5"], []]})
    result = mcts_search(st, simulations=1000, seed=1)
    stats = {st.action_text(a): (n, v) for a, n, v in result["root_moves"]}
    assert stats["take-3"] == (0, pytest.approx(-1 + 0.5 * -4 / 60))
    assert stats["take-1"][0] + stats["take-2"][0] == 1000
    assert st.action_text(result["action"]) == "take-1"


def test_the_tree_is_the_root_alone() -> None:
    """Every root decision is valued by policy playouts (push_search.h; core/push/ops.c's
    in_tree for the generic UCT): the root and one node per legal decision."""
    st = State.from_snapshot(ONE_SMALL_STACK)
    assert mcts_search(st, simulations=500, seed=1)["nodes"] == 1 + 2
    for position in decision_positions(5, 4, 3):
        result = mcts_search(position, simulations=200, seed=2)
        assert result["nodes"] == 1 + len(position.legal_actions())


def test_refuses_chance_nodes_and_finished_games() -> None:
    st = State(4)
    st.apply_action(DRAW)
    with pytest.raises(ValueError, match="chance"):
        mcts_search(st, simulations=10)
    numbers = [CARD_TEXT[t] for t in range(30) for _ in range(full_deck(2)[t])]
    over = State.from_snapshot({"players": 2, "hard": False, "switch_per_turn": False, "phase": "over",
                                "turn": 1, "actor": 1, "card": None, "deck": {}, "stacks": [[], [], []],
                                "benches": [numbers[:10], []], "banks": [[], numbers[10:20]],
                                "switches": 0, "turn_switches": 0})
    with pytest.raises(ValueError, match="over"):
        mcts_search(over, simulations=10)


@pytest.mark.parametrize("kwargs,error,words", [
    ({}, ValueError, "simulations or seconds"),
    ({"simulations": 0}, ValueError, "simulations"),
    ({"simulations": 1.5}, TypeError, "simulations"),
    ({"simulations": 10, "seconds": -1.0}, ValueError, "seconds"),
    ({"simulations": 10, "exploration": float("nan")}, ValueError, "exploration"),
    ({"simulations": 10, "margin": -0.1}, ValueError, "margin"),
    ({"simulations": 10, "seed": -1}, ValueError, "seed"),
    ({"simulations": 10, "max_nodes": 5}, ValueError, "max_nodes"),
])
def test_bad_parameters(kwargs: dict[str, Any], error: type[Exception], words: str) -> None:
    st = decision_positions(3, 2, 1)[0]
    with pytest.raises(error, match=words):
        mcts_search(st, **kwargs)


def test_a_state_without_a_c_table_is_refused() -> None:
    """The one search binding (pickpack._csearch) takes any C-backed state; the plain
    Python reference of PUSH has no table to search over."""
    with pytest.raises(TypeError, match=r"CState\), not pickpack\.games\.push\.reference\.push_ref\.RefState"):
        mcts_search(RefState(3), simulations=10)


def test_a_time_budget_and_a_small_pool() -> None:
    st = decision_positions(5, 3, 1)[0]
    result = mcts_search(st, seconds=0.05, seed=2)
    assert result["simulations"] >= 1 and result["action"] in st.legal_actions()
    tiny = mcts_search(st, simulations=400, seed=2, max_nodes=40)
    assert tiny["nodes"] <= 40 and tiny["action"] in st.legal_actions()


def test_searches_run_in_threads() -> None:
    st = decision_positions(4, 9, 1)[0]
    expected = mcts_search(st, simulations=400, seed=8)["root_moves"]
    results: list[Any] = []
    threads = [threading.Thread(target=lambda: results.append(mcts_search(st, simulations=400, seed=8)))
               for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r["root_moves"] for r in results] == [expected] * 3


def test_the_game_names_the_one_search_binding() -> None:
    assert GAME.load("native_mcts") is mcts_search is pickpack._csearch.mcts_search


@pytest.mark.parametrize("name", ["exploration", "margin"])
def test_huge_weights_are_refused_not_turned_into_infinite_values(name: str) -> None:
    # Review: margin=1e308 made every root value -inf, a silently wrong answer.
    state = State(3)
    state.apply("draw")
    state.apply("R1")
    state.apply("place-1")
    with pytest.raises(ValueError, match=f"{name} must be 0..1e\\+06"):
        mcts_search(state, simulations=50, **{name: 1e308})
    assert mcts_search(state, simulations=50, **{name: 1e6})["action"] in state.legal_actions()
