"""The search bots: MCTS (UCT) and alpha-beta, searched in C (core/common/pp_mcts.h over
core/pickpack/ops.c, core/pickpack/alphabeta.c); the mcts bot on a game without C.

What is checked, with values worked out by hand from the rules file (PP-...) and
docs/engine.md:

- every move the bots choose over whole games is legal, placement decisions included;
- the same seed and simulation budget give the same move (and the same statistics);
- a hand-built position whose only win is a grab that spends a rush order (PP-R1)
  followed by a Premium (PP-A1) that closes the fourth crate (PP-E1): alpha-beta finds
  it at depth 2 (so a rush order does not flip the sign), MCTS prefers it;
- alpha-beta at depth 1 with the score-only evaluation picks greedy's best margin;
- the transposition table changes no value at a fixed depth;
- the symmetry reduction and the playout sampler agree with the move generator;
- the opponent's hidden placement does not leak into MCTS's placement decisions (PP-S3);
- bad budgets, seeds and options raise ValueError/TypeError naming them;
- the mcts bot plays every game: Pick & Pack through its C search (Game.native_mcts),
  Pig (examples/thirdparty-game, no C) through pickpack.bots.mcts.search.

No test is timed: budgets are simulation counts and depths.
"""

from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.bots import make_bot
from pickpack.bots.mcts import search
from pickpack.errors import BotSpecError
from pickpack.games.pickpack import State
from pickpack.games.pickpack._search import (
    WIN_VALUE,
    alphabeta_search,
    counted_actions,
    distinct_actions,
    evaluate,
    mcts_search,
)
from pickpack.games.pickpack.alphabeta_bot import AlphaBetaBot
from pickpack.match import play_match
from pickpack.match.seeding import derive_seed
from pickpack_bots.mcts_bot import MCTSBot

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples" / "thirdparty-game"))

from pickpack_pig import PigState  # type: ignore[import-not-found]  # noqa: E402

SQUARES = [f"{'abcdef'[i % 6]}{i // 6 + 1}" for i in range(36)]
RED_SPACES = [f"{c}{e}" for e in "TB" for c in "abcdef"]      # aT..fT, aB..fB (PP-C5)
BLUE_SPACES = [f"{r}{e}" for e in "LR" for r in "123456"]     # 1L..6L, 1R..6R


def opening(seed: int) -> State:
    """The play-phase opening of the deal and placements that ``seed`` gives a match."""
    state: State = pickpack.new_game("pickpack", seed=seed,
                                     placements=pickpack_game.placements_from_seed(seed))
    return state


def midgame(seed: int, plies: int) -> State:
    """``plies`` uniformly random play moves from opening(seed) (stops at the end)."""
    rng = random.Random(seed)
    state = opening(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def rush_win_position() -> State:
    """Red to move; the only win is ``d1>4+`` then ``b1/bT:4`` (worked out by hand).

    Grabber on a1; Red moves along row 1 (PP-M1). Red's crates: 1 premium [3] = 6,
    2 and 3 wholesale [4] = 2 each, 4 open [2] = 2: 12 points (PP-E3). Blue's: 1 premium
    [4] = 8, 2 and 3 wholesale [5] = 2 each, 4 open [6] = 6: 18 points. Each player has
    one unplayed tile left, a Premium (Red's on bT, Blue's on 2L), and Red one rush
    order waiting. Row 1: a1, b1, c1 empty, d1 a face-up 5, e1 and f1 face down (PP-M3).

    Red's legal moves: ``b1/bT:4`` (col b has Red's unplayed P on bT; no ``+`` since it
    closes the fourth crate, PP-R3), ``d1>4`` and ``d1>4+`` (c1's column ends are used).

    - ``b1/bT:4``: Red's crates are all closed, the game ends (PP-E1): Red 6+2+2+2*2 =
      14 < 18, a loss.
    - ``d1>4+``: crate 4 = [2, 5] and Red moves again (PP-R1); its only move is then
      ``b1/bT:4`` (a1 and c1 have no unplayed Red tile, e1/f1 are face down): Red
      6+2+2+2*7 = 24 > 18, a win by 6.
    - ``d1>4``: Blue moves along column d and plays ``d2/2L:4``, closing its fourth
      crate: Blue 8+2+2+2*6 = 24 > Red 6+2+2+7 = 17, a loss.

    Trays (PP-C2): crates hold 3, 4, 4, 2 and 4, 5, 5, 6; d1 a 5; e1, f1 face-down 1s;
    the 25 other trays (eight 1s, seven 2s, six 3s, three 4s, one 5) fill the squares
    that are not a1-f1, a2-e2 in square order.
    """
    grid: dict[str, Any] = {sq: None for sq in SQUARES}
    grid["d1"] = {"apples": 5, "face_up": True}
    grid["e1"] = grid["f1"] = {"apples": 1, "face_up": False}
    rest = [1] * 8 + [2] * 7 + [3] * 6 + [4] * 3 + [5]
    empty = {"a1", "b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2"}
    for sq, apples in zip([sq for sq in SQUARES if sq not in empty], rest, strict=True):
        grid[sq] = {"apples": apples, "face_up": True}
    red = {sp: {"kind": k, "status": "used"} for sp, k in zip(RED_SPACES, "PPWWRRQQXXMM")}
    red["bT"]["status"] = "unplayed"
    blue = {sp: {"kind": k, "status": "used"} for sp, k in zip(BLUE_SPACES, "PPWWRRQQXXMM")}
    blue["2L"]["status"] = "unplayed"
    state: State = State.from_snapshot({
        "game": "pickpack", "phase": "play", "to_move": "red", "grabber": "a1", "grid": grid,
        "crates": {
            "red": [{"trays": [3], "status": "premium"}, {"trays": [4], "status": "wholesale"},
                    {"trays": [4], "status": "wholesale"}, {"trays": [2], "status": "open"}],
            "blue": [{"trays": [4], "status": "premium"}, {"trays": [5], "status": "wholesale"},
                     {"trays": [5], "status": "wholesale"}, {"trays": [6], "status": "open"}],
        },
        "tiles": {"red": red, "blue": blue},
        "rush": {"red": 1, "blue": 0},
    }, checked=False)  # hand-built: every tile used but 11 trays taken, not reachable
    return state


def premium_win_now_position() -> State:
    """rush_win_position with Blue's open crate 4 holding a 1 instead of a 6 (the 6 goes
    to the grid, one of its 1s to the crate: PP-C2's counts stay). Red's three moves:

    - ``b1/bT:4`` closes Red's fourth crate (PP-E1): Red 6+2+2+2*2 = 14 against Blue
      8+2+2+1 = 13 (PP-E3), Red wins at once (PP-E4) -- the decisive move;
    - ``d1>4+`` and then ``b1/bT:4`` also wins (24 to 13), a ply later (PP-R1);
    - ``d1>4``: Blue's ``d2/2L:4`` closes Blue's fourth crate, Blue 8+2+2+2*1 = 14
      against Red 6+2+2+7 = 17: Red wins then too.
    """
    state = rush_win_position()
    snap = state.snapshot()
    snap["crates"]["blue"][3]["trays"] = [1]
    one = next(sq for sq in SQUARES if snap["grid"][sq] is not None and snap["grid"][sq]["apples"] == 1
               and snap["grid"][sq]["face_up"])
    snap["grid"][one]["apples"] = 6
    won: State = State.from_snapshot(snap, checked=False)   # hand-built, as rush_win_position
    return won


def test_mcts_takes_the_win_at_once_without_searching() -> None:
    # The root check (Teytaud & Teytaud 2010, core/common/pp_mcts.h): b1/bT:4 ends the
    # game with Red ahead, so it is played with no simulation; its value is Red's
    # return 1 plus the margin term 0.5 * (14 - 13) / 97 (PP-E3, PP-E4).
    state = premium_win_now_position()
    assert state.scores() == {"red": 12, "blue": 13}
    for seed in (1, 2, 3):
        result = mcts_search(state, simulations=5000, seed=seed)
        assert state.action_text(result["action"]) == "b1/bT:4"
        assert result["simulations"] == 0
        assert result["value"] == pytest.approx(1 + 0.5 * 1 / 97)
    move = MCTSBot(seed=4).choose(state)
    assert move.text == "b1/bT:4"
    state.apply(move)
    assert state.is_terminal() and state.scores() == {"red": 14, "blue": 13}


def test_mcts_leaves_out_the_move_after_which_blue_wins_at_once() -> None:
    # In rush_win_position, after d1>4 Blue decides and d2/2L:4 wins for Blue at once
    # (24 to 17): the root check leaves d1>4 out of the search, 0 visits, valued at
    # Red's return there, -1 + 0.5 * (17 - 24) / 97; the other two share every visit.
    state = rush_win_position()
    result = mcts_search(state, simulations=600, seed=3)
    stats = {state.action_text(a): (n, v) for a, n, v in result["root_moves"]}
    assert stats["d1>4"][0] == 0
    assert stats["d1>4"][1] == pytest.approx(-1 + 0.5 * -7 / 97)
    assert stats["d1>4+"][0] + stats["b1/bT:4"][0] == 600
    assert state.action_text(result["action"]) == "d1>4+"


# ---------------------------------------------------------------------------------------
# The hand-built position
# ---------------------------------------------------------------------------------------


def test_hand_built_position_is_as_worked_out() -> None:
    state = rush_win_position()
    assert state.scores() == {"red": 12, "blue": 18}
    assert [m.text for m in state.legal_moves()] == ["b1/bT:4", "d1>4", "d1>4+"]


def test_alphabeta_finds_the_rush_then_premium_win_at_depth_two() -> None:
    # PP-R1: after d1>4+ Red is still to move, so its value is Red's own continuation,
    # not negated: WIN_VALUE + 16 * 6 (Red wins 24 to 18; values are sixteenths).
    state = rush_win_position()
    result = alphabeta_search(state, depth=2)
    assert state.action_text(result["action"]) == "d1>4+"
    assert result["value"] == WIN_VALUE + 16 * 6
    values = {state.action_text(a): v for a, _, v in result["root_moves"]}
    assert values["b1/bT:4"] == -WIN_VALUE + 16 * (14 - 18)    # loses 14 to 18 at once
    assert values["d1>4"] <= -WIN_VALUE                          # Blue's Premium wins


def test_alphabeta_depth_one_cannot_see_the_win() -> None:
    # At depth 1, d1>4 and d1>4+ both leave the game unfinished at Red 6+2+2+(2+5) = 17
    # to 18, worth 16 * -1 with the score-only evaluation; only b1/bT:4 is known to
    # lose (14 to 18). The tie goes to the lower action, d1>4: the win needs ply two.
    state = rush_win_position()
    result = alphabeta_search(state, depth=1, eval="score")
    assert state.action_text(result["action"]) == "d1>4"
    assert result["value"] == 16 * (17 - 18)
    values = {state.action_text(a): v for a, _, v in result["root_moves"]}
    assert values == {"d1>4": -16, "d1>4+": -16, "b1/bT:4": -WIN_VALUE + 16 * (14 - 18)}


def test_alphabeta_bot_plays_the_winning_line() -> None:
    state = rush_win_position()
    bot = AlphaBetaBot(seed=1, depth=4)
    move = bot.choose(state)
    assert move.text == "d1>4+"
    state.apply(move)
    assert state.current_player == "red"                         # PP-R1
    state.apply(bot.choose(state))
    assert state.is_terminal() and state.scores() == {"red": 24, "blue": 18}


def test_mcts_prefers_the_winning_move() -> None:
    # After d1>4+ every playout wins (Red's only move finishes the game 24-18); the
    # other two moves lose at once or after Blue's Premium.
    state = rush_win_position()
    result = mcts_search(state, simulations=5000, seed=11)
    visits = {state.action_text(a): n for a, n, _ in result["root_moves"]}
    assert state.action_text(result["action"]) == "d1>4+"
    assert visits["d1>4+"] > 0.9 * 5000
    # The chosen move's mean return is the win plus the margin term 0.5 * 6 / 97.
    assert result["value"] == pytest.approx(1 + 0.5 * 6 / 97)


# ---------------------------------------------------------------------------------------
# Legality over whole games, placement included
# ---------------------------------------------------------------------------------------


def test_every_move_of_whole_games_is_legal_from_placement_to_the_end() -> None:
    for seed, first in ((3, "red"), (4, "blue")):
        state = pickpack.new_game("pickpack", seed=seed, first=first)
        assert state.phase == "placement"
        bots = {"red": MCTSBot(seed=seed, simulations=300),
                "blue": AlphaBetaBot(seed=seed, depth=3)}
        if first == "blue":
            bots = {"red": bots["blue"], "blue": bots["red"]}
        placements = 0
        while not state.is_terminal():
            player = state.current_player
            assert player is not None
            before = state.zobrist_hash()
            move = bots[player].choose(state)
            assert state.zobrist_hash() == before                 # the bot did not mutate it
            assert move in state.legal_moves()
            placements += state.phase == "placement"
            state.apply(move)
        assert placements == 24                                   # PP-S3: 12 decisions each


def test_bots_play_a_match_without_faults() -> None:
    summary = play_match(["mcts:simulations=200", "alphabeta:depth=2"], 2, 5)
    assert all(g.fault is None for g in summary.games)
    assert sum(line.games for line in summary.lines) == 4


# ---------------------------------------------------------------------------------------
# Determinism
# ---------------------------------------------------------------------------------------


def test_same_seed_and_simulations_give_the_same_search() -> None:
    state = midgame(8, 10)
    a = mcts_search(state, simulations=3000, seed=42)
    b = mcts_search(state, simulations=3000, seed=42)
    for key in ("action", "value", "simulations", "nodes", "root_moves"):
        assert a[key] == b[key]
    assert a["simulations"] == 3000


def test_same_bot_seed_gives_the_same_move() -> None:
    for plies in (0, 7, 20):
        state = midgame(21, plies)
        moves = {MCTSBot(seed=9, simulations=1500).choose(state.copy()) for _ in range(2)}
        assert len(moves) == 1


def test_alphabeta_is_deterministic() -> None:
    state = midgame(13, 12)
    a, b = alphabeta_search(state, depth=4), alphabeta_search(state, depth=4)
    assert (a["action"], a["value"], a["nodes"]) == (b["action"], b["value"], b["nodes"])


# ---------------------------------------------------------------------------------------
# Alpha-beta: greedy at depth 1, the transposition table
# ---------------------------------------------------------------------------------------


def test_depth_one_with_score_evaluation_is_greedys_best_margin() -> None:
    # Greedy maximises own score minus the opponent's after its move (PP-E3); depth 1
    # with eval="score" gives 16 * that margin, or +-WIN_VALUE + 16 * margin for a move
    # that ends the game (PP-E1/E2, E4).
    for seed, plies in ((1, 0), (2, 9), (3, 18), (5, 26), (6, 33)):
        state = midgame(seed, plies)
        if state.is_terminal():
            continue
        mover = state.current_player
        expected = []
        for action, margin in zip(state.legal_actions(), state.successor_margins()):
            after = state.copy()
            after.apply_action(action)
            win = 0 if not after.is_terminal() or margin == 0 else WIN_VALUE * (1 if margin > 0 else -1)
            expected.append(win + 16 * margin)
        result = alphabeta_search(state, depth=1, eval="score")
        assert result["value"] == max(expected)
        best = [a for a, v in zip(state.legal_actions(), expected) if v == max(expected)]
        assert result["action"] in best, (seed, mover)


@pytest.mark.parametrize("evaluation", ["score", "full"])
def test_transposition_table_changes_no_value_at_fixed_depth(evaluation: str) -> None:
    # Every ply removes a tray or uses a tile, so a position is always met at the same
    # ply and a table entry of the same iteration has the needed depth exactly.
    hits = 0
    for seed, plies, depth in ((1, 0, 7), (4, 12, 5), (7, 24, 5), (9, 34, 8)):
        state = midgame(seed, plies)
        with_tt = alphabeta_search(state, depth=depth, eval=evaluation)
        without = alphabeta_search(state, depth=depth, eval=evaluation, tt_log2=-1)
        assert with_tt["value"] == without["value"], (seed, plies)
        assert with_tt["depth"] == without["depth"] == depth
        hits += with_tt["tt_hits"]
    assert hits > 0                     # the table did cut: the comparison means something


def test_transposition_table_saves_nodes() -> None:
    state = opening(1)
    with_tt = alphabeta_search(state, depth=9)
    without = alphabeta_search(state, depth=9, tt_log2=-1)
    assert with_tt["tt_hits"] > 0 and without["tt_hits"] == 0
    assert with_tt["nodes"] < without["nodes"]


def test_evaluation_is_antisymmetric_and_starts_from_the_score() -> None:
    state = midgame(17, 15)
    scores = state.scores()
    assert evaluate(state, "red", "score") == 16 * (scores["red"] - scores["blue"])
    assert evaluate(state, "red") == -evaluate(state, "blue")


# ---------------------------------------------------------------------------------------
# Move helpers: symmetry reduction and the playout sampler
# ---------------------------------------------------------------------------------------


def test_opening_grabs_into_empty_crates_reduce_to_crate_one() -> None:
    # At the opening all of Red's crates are open and empty, so the four grabs of a tray
    # (PP-G2: any crate with the fewest trays) are one: only "X>1" remain, one per
    # destination in the grabber's row (five, PP-M1).
    state = opening(1)
    texts = [state.action_text(a) for a in distinct_actions(state)]
    assert len(state.legal_actions()) == 20
    assert len(texts) == 5 and all(t.endswith(">1") for t in texts)


def test_distinct_actions_are_legal_and_keep_every_different_crate() -> None:
    for seed in range(4):
        state = midgame(seed, 0)
        while not state.is_terminal():
            kept = distinct_actions(state)
            legal = state.legal_actions()
            assert set(kept) <= set(legal) and kept == sorted(kept)
            snap = state.snapshot()
            crates = [tuple((c["status"], tuple(c["trays"])) for c in snap["crates"][p])
                      for p in ("red", "blue")]
            if all(len(set(cs)) == 4 for cs in crates):   # no two crates alike: nothing dropped
                assert kept == legal
            state.apply_action(kept[len(kept) // 2])


def test_playout_sampler_lists_exactly_the_legal_moves() -> None:
    for seed in range(6):
        state = pickpack.new_game("pickpack", seed=seed) if seed % 2 else midgame(seed, 0)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert counted_actions(state) == state.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------------------------------
# Placement phase (PP-S3)
# ---------------------------------------------------------------------------------------


def test_blue_placement_search_ignores_reds_hidden_tiles() -> None:
    # Red places first; Blue must not see Red's tiles. MCTS redraws them in every
    # simulation, so two games that differ only in Red's placement give Blue the same
    # search, statistic for statistic.
    results = []
    for red in ("PPWWRRQQXXMM", "MMXXQQRRWWPP"):
        state = pickpack.new_game("pickpack", seed=12)
        for kind in red:
            state.apply(f"{RED_SPACES[state.ply_in_placement()]}={kind}")
        assert state.current_player == "blue" and state.phase == "placement"
        results.append(mcts_search(state, simulations=2000, seed=5))
    assert results[0]["root_moves"] == results[1]["root_moves"]
    assert results[0]["action"] == results[1]["action"]


def test_placement_decisions_are_kinds_still_available() -> None:
    state = pickpack.new_game("pickpack", seed=2)
    for kind in "PP":
        state.apply(f"{RED_SPACES[state.ply_in_placement()]}={kind}")
    result = mcts_search(state, simulations=500, seed=1)
    assert sorted(a for a, _, _ in result["root_moves"]) == [1, 2, 3, 4, 5]   # P used up


# ---------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, message", [
    ({}, "give simulations or seconds"),
    ({"simulations": 0}, "simulations must be in 1.."),
    ({"simulations": -5}, "simulations must be in 1.."),
    ({"seconds": 0.0}, "seconds must be > 0"),
    ({"seconds": math.nan}, "seconds must be finite"),
    ({"seconds": math.inf}, "seconds must be finite"),
    ({"simulations": 10, "exploration": -0.1}, "exploration must be >= 0"),
    ({"simulations": 10, "exploration": math.nan}, "exploration must be finite"),
    ({"simulations": 10, "margin": -1}, "margin must be >= 0"),
    ({"simulations": 10, "seed": -1}, "seed must be in 0..2**64-1"),
    ({"simulations": 10, "seed": 2**64}, "seed must be in 0..2**64-1"),
    ({"simulations": 10, "max_nodes": 1024}, "max_nodes must be in 1025.."),
])
def test_mcts_search_refuses_bad_parameters(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("*", r"\*").replace(".", r"\.")):
        mcts_search(opening(1), **kwargs)


@pytest.mark.parametrize("kwargs", [
    {"simulations": True}, {"simulations": 1.5}, {"seconds": "1"}, {"simulations": 5, "seed": 1.0},
])
def test_mcts_search_refuses_wrong_types(kwargs: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        mcts_search(opening(1), **kwargs)


@pytest.mark.parametrize("kwargs, message", [
    ({}, "give depth or seconds"),
    ({"depth": 0}, "depth must be in 1..64"),
    ({"depth": 65}, "depth must be in 1..64"),
    ({"seconds": -1.0}, "seconds must be > 0"),
    ({"seconds": math.nan}, "seconds must be finite"),
    ({"depth": 3, "tt_log2": 27}, "tt_log2 must be in -1..26"),
    ({"depth": 3, "eval": "material"}, "eval must be one of full, score"),
])
def test_alphabeta_search_refuses_bad_parameters(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        alphabeta_search(opening(1), **kwargs)


def test_searches_refuse_a_finished_game_and_a_non_state() -> None:
    state = rush_win_position()
    state.apply("b1/bT:4")
    assert state.is_terminal()
    with pytest.raises(ValueError, match="the game is over"):
        mcts_search(state, simulations=10)
    with pytest.raises(ValueError, match="the game is over"):
        alphabeta_search(state, depth=2)
    # The one search binding takes any C-backed state; alpha-beta is Pick & Pack's own.
    with pytest.raises(TypeError, match=r"a C-backed game State \(a pickpack._cstate.CState\), not builtins.dict"):
        mcts_search({"phase": "play"}, simulations=10)
    with pytest.raises(TypeError, match="^state must be a pickpack.State, not dict$"):
        alphabeta_search({"phase": "play"}, depth=2)


@pytest.mark.parametrize("factory, options, message", [
    (MCTSBot, {"simulatons": 10}, "mcts: unknown option 'simulatons'"),
    (MCTSBot, {"simulations": 0}, "mcts: option 'simulations' must be an int 1.."),
    (MCTSBot, {"seconds": -2}, "mcts: option 'seconds' must be a finite number > 0"),
    (MCTSBot, {"exploration": "wide"}, "mcts: option 'exploration' must be a finite number >= 0"),
    (AlphaBetaBot, {"depth": 65}, "alphabeta: option 'depth' must be an int 1..64"),
    (AlphaBetaBot, {"eval": "material"}, "alphabeta: option 'eval' must be one of full, score"),
    (AlphaBetaBot, {"width": 3}, "alphabeta: unknown option 'width'"),
])
def test_bots_refuse_bad_options_naming_them(factory: Any, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace(".", r"\.")) as info:
        factory(seed=1, **options)
    assert "\n" not in str(info.value)


def test_bot_seed_must_fit_64_bits() -> None:
    with pytest.raises(ValueError, match="seed must be None or an int 0..2"):
        MCTSBot(seed=-1)


def test_bot_specs_reach_the_options() -> None:
    bot: Any = make_bot("mcts:simulations=1234,exploration=0.7", seed=3)
    assert (bot.simulations, bot.exploration, bot.time_budget) == (1234, 0.7, None)
    bot = make_bot("alphabeta:seconds=0.5", seed=3)
    assert (bot.depth, bot.seconds, bot.time_budget) == (None, 0.5, 0.5)
    with pytest.raises(BotSpecError, match="unknown option 'budget'"):
        make_bot("alphabeta:budget=3", seed=3)


def test_default_budgets_are_the_documented_ones() -> None:
    # docs/bots.md: mcts 20,000 simulations in C (Pick & Pack), 300 in Python (Pig);
    # alphabeta depth 6, deepening cut at 2 s.
    mcts: Any = make_bot("mcts", seed=1)
    alphabeta: Any = make_bot("alphabeta", seed=1)
    assert (mcts.simulations, mcts.seconds, mcts.exploration, mcts.margin) == (None, None, 1.0, 0.5)
    pig = PigState.from_position("100 95,99 1 6 40").game
    assert (mcts.simulations_for(pickpack_game.GAME), mcts.simulations_for(pig)) == (20_000, 300)
    timed: Any = make_bot("mcts:seconds=1", seed=1)
    assert timed.simulations_for(pig) == 10**9     # the deadline stops it
    assert (alphabeta.depth, alphabeta.time_budget, alphabeta.eval) == (6, 2.0, "full")


def test_mcts_bot_plays_every_game() -> None:
    assert MCTSBot.games is None
    bot = MCTSBot(seed=1, simulations=10)
    assert bot.native_search(pickpack_game.GAME) is mcts_search
    assert bot.native_search(PigState.from_position("100 95,99 1 6 40").game) is None


def test_mcts_bot_searches_a_game_without_c_in_python() -> None:
    # Pig, p1 to move with 95 banked and 6 on the turn: holding (action 1) reaches 101
    # and wins; p2 (99) would win next turn. The bot's move is pickpack.bots.mcts.search's
    # with the bot's options and its derived seed.
    state = PigState.from_position("100 95,99 1 6 40")
    move = MCTSBot(seed=4, simulations=300).choose(state)
    expected = search(state, simulations=300, exploration=1.0,
                      seed=derive_seed(4, state.zobrist_hash()))
    assert move.action == expected.action == 1
    assert move.text == state.action_text(1)
    assert state.to_position() == "100 95,99 1 6 40"          # not modified


def test_mcts_bot_with_only_seconds_stops_at_its_deadline_on_a_python_game() -> None:
    state = PigState.from_position("100 20,30 2 12 40")
    started = time.monotonic()
    move = MCTSBot(seed=2, seconds=0.05).choose(state)
    assert move.action in state.legal_actions()
    assert time.monotonic() - started < 5          # the deadline, not 10**9 simulations
