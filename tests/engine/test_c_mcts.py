"""The generic C MCTS (core/common/pp_mcts.h) over a game's table of operations.

A tiny second C game, the three-player dice race of tests/c/dice_race.h (chance
nodes: two coins, 0/1/2 heads with probabilities 1/4, 1/2, 1/4; returns +1 for the
winner, -1/2 for the others; a variant with hidden cards for determinization), is
compiled here against core/common alone with tests/c/mcts_driver.c (under the
undefined-behaviour sanitizer) and searched through its table. Pick & Pack's search is checked
against the same generic search called through its table's pointers.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.games.pickpack._search import mcts_search, mcts_search_through_table

ROOT = Path(__file__).resolve().parents[2]
COMMON = ROOT / "core" / "common"
CC = shutil.which("cc") or shutil.which("gcc")
GOAL = 10                               # DR_GOAL in tests/c/dice_race.h


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    assert CC is not None, "a C compiler is required to build pickpack"
    exe = tmp_path_factory.mktemp("c_mcts") / "mcts_driver"
    sources = [*sorted(COMMON.glob("*.c")), ROOT / "tests" / "c" / "dice_race.c",
               ROOT / "tests" / "c" / "mcts_driver.c"]
    subprocess.run([CC, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic",
                    "-fsanitize=undefined", "-fno-sanitize-recover=all",
                    f"-I{COMMON}", *map(str, sources), "-o", str(exe), "-lm"],
                   check=True, capture_output=True, text=True)
    return exe


def run(driver: Path, *args: object) -> list[list[str]]:
    out = subprocess.run([str(driver), *map(str, args)], check=True, capture_output=True,
                         text=True).stdout
    return [line.split() for line in out.splitlines()]


def search(driver: Path, seed: int, sims: int, to_move: int, positions: tuple[int, int, int]
           ) -> tuple[list[str], dict[int, tuple[int, float]], dict[int, int]]:
    """(result line, root moves action -> (visits, value), roll outcomes -> visits)."""
    lines = run(driver, "search", seed, sims, to_move, 0, *positions)
    moves = {int(f[1]): (int(f[2]), float(f[3])) for f in lines if f[0] == "move"}
    outcomes = {int(f[1]): int(f[2]) for f in lines if f[0] == "outcome"}
    return lines[0], moves, outcomes


def search_turns(driver: Path, seed: int, sims: int, to_move: int, positions: tuple[int, int, int],
                 turns: int) -> tuple[list[str], dict[int, tuple[int, float]], dict[int, int]]:
    """search() from a position with `turns` turns completed."""
    lines = run(driver, "search", seed, sims, to_move, 0, *positions, turns)
    moves = {int(f[1]): (int(f[2]), float(f[3])) for f in lines if f[0] == "move"}
    outcomes = {int(f[1]): int(f[2]) for f in lines if f[0] == "outcome"}
    return lines[0], moves, outcomes


def test_returns_vector_of_three_players(driver: Path) -> None:
    # Seat 1 wins: +1 for it, -1/2 for each other seat; a drawn game gives 0 to all.
    assert run(driver, "returns", 1) == [["player", "-4"], ["-0.5", "1", "-0.5"]]
    assert run(driver, "returns", -1) == [["player", "-4"], ["0", "0", "0"]]


def test_a_decisive_root_move_is_played_without_search(driver: Path) -> None:
    # Seat 1 on square 9: walking (action 0) reaches the goal and wins at once; rolling
    # never does (0 heads stays, 1 or 2 heads overshoot and bounce back to 9 or 7). The
    # root check (Teytaud & Teytaud 2010) plays the walk with no simulation: value 1.0
    # (the winner's return), 3 nodes (the root and its two moves).
    result, moves, _ = search(driver, 1, 5000, 1, (0, GOAL - 1, 0))
    assert result == ["result", "0", "0", "0", "3", "1"]
    assert moves == {0: (0, 1.0), 1: (0, 0.0)}


def test_a_root_move_that_loses_at_once_is_left_out(driver: Path) -> None:
    # Seat 0 to move, seat 1 on square 9. After seat 0 walks, seat 1 decides and walks
    # to the goal: the walk loses at once (seat 0's return -1/2) and is left out. After
    # a roll the coins are a chance node, which the one-ply check does not look past:
    # the roll is the only move kept, answered at once like any single move.
    result, moves, _ = search(driver, 1, 5000, 0, (0, GOAL - 1, 0))
    assert result == ["result", "0", "1", "0", "3", "0"]
    assert moves == {1: (0, 0.0), 0: (0, -0.5)}


def test_each_player_picks_by_its_own_return(driver: Path) -> None:
    # Seat 2 moves, then seat 0, then seat 1, which stands on square 9 and wins by
    # walking. Neither of seat 2's moves loses at once (seat 0, next, cannot win in one
    # move; a roll is a chance node), so both are searched. Seat 1 must choose by its
    # own component of the returns: then, whatever seat 2 does, it loses nearly always
    # and both its moves are worth about -1/2 to it. (Choosing by seat 2's component,
    # seat 1 would roll, and seat 2's values would be far higher.)
    result, moves, _ = search(driver, 1, 20000, 2, (0, GOAL - 1, 0))
    assert result[1] == "0" and result[3] == "20000"
    assert set(moves) == {0, 1}
    for visits, value in moves.values():
        assert visits > 1000
        assert -0.5 <= value < -0.45


def test_exact_ties_are_broken_by_the_search_stream_not_toward_action_0(driver: Path) -> None:
    # 59 of DR_TURNS = 60 turns done, everyone on square 0: whatever seat 0 does, the
    # game ends drawn (returns 0), so after 10 simulations both moves have 5 visits and
    # mean 0 -- an exact tie, decided by a draw from the seeded stream: both moves come
    # up over seeds 0..11, and a seed always gives the same one.
    chosen = set()
    for seed in range(12):
        result, moves, _ = search_turns(driver, seed, 10, 0, (0, 0, 0), 59)
        assert moves == {0: (5, 0.0), 1: (5, 0.0)}
        assert search_turns(driver, seed, 10, 0, (0, 0, 0), 59)[0] == result
        chosen.add(int(result[2]))
    assert chosen == {0, 1}


def test_chance_nodes_are_sampled_with_their_probabilities(driver: Path) -> None:
    # From the start, rolling is the better move (two squares expected against one),
    # so the root's roll child, a chance node, is visited ~20,000 times; its outcomes
    # 0/1/2 heads must get 1/4, 1/2, 1/4 of them. Tolerance 0.02 absolute: over
    # 19,000+ draws the standard deviation of a share of 1/2 is 0.0036 (5.5 sd).
    _, moves, outcomes = search(driver, 7, 20000, 0, (0, 0, 0))
    assert moves[1][0] > moves[0][0]
    total = sum(outcomes.values())
    assert total > 19000 and sorted(outcomes) == [0, 1, 2]
    for heads, share in ((0, 0.25), (1, 0.5), (2, 0.25)):
        assert abs(outcomes[heads] / total - share) < 0.02, outcomes


def test_a_seed_fixes_the_search(driver: Path) -> None:
    args = ("search", 11, 3000, 2, 0, 3, 5, 4)
    first = run(driver, *args)
    assert run(driver, *args) == first
    other = run(driver, "search", 12, 3000, 2, 0, 3, 5, 4)
    assert other != first                              # another seed, other playouts
    assert sum(int(f[2]) for f in first if f[0] == "move") == 3000


def test_hidden_information_is_drawn_per_simulation_and_no_illegal_move_is_played(
        driver: Path) -> None:
    # Hidden variant: seats 1 and 2 hold "tired" cards (walk only) that seat 0 cannot
    # see. Each of the 20,000 simulations redraws them once (20,001 draws: one more
    # asks, from a stream of its own, whether the root hides anything). At a node of
    # seat 1 or 2, IS-MCTS (Cowling, Powley & Whitehouse 2012) selects only among the
    # moves legal in the simulation's draw, by availability counts: no roll of a tired
    # seat is ever applied, and every simulation passes through a root move.
    line = run(driver, "hidden", 3, 20000)[0]
    assert line[:7] == ["hidden", "0", "1", "20000", "20001", "0", "20000"]


def test_the_search_reads_nothing_its_player_cannot_see(driver: Path) -> None:
    # Four roots that differ only in the cards seat 0 cannot see (seats 1 and 2 tired
    # or not): one seed gives the very same search -- move, value, nodes and every
    # root move's statistics -- since every simulation redraws those cards and the
    # root check is not run on a root with hidden parts.
    outputs = [run(driver, "hidden", 5, 3000, t1, t2) for t1, t2 in ((1, 1), (0, 1), (1, 0), (0, 0))]
    assert all(out == outputs[0] for out in outputs)
    assert outputs[0][0][5] == "0" and sum(int(f[2]) for f in outputs[0][1:]) == 3000


def test_refused_searches_return_their_codes(driver: Path) -> None:
    # pp_search.h: -1 bad parameters (pool below max_actions + 1, a table without
    # chance_outcomes for a game with chance, no budget, exploration < 0), -2 a
    # terminal root, -5 a chance-node root.
    assert dict(run(driver, "errors")) == {
        "terminal": "-2", "chance": "-5", "small_pool": "-1", "no_chance_outcomes": "-1",
        "no_budget": "-1", "negative_exploration": "-1", "ok": "0"}


def pickpack_positions() -> list[pickpack.GameState]:
    """Play-phase positions of three deals, and placement roots of both players."""
    states = []
    for seed in (1, 2, 3):
        state = pickpack.new_game("pickpack", seed=seed,
                                  placements=pickpack_game.placements_from_seed(seed))
        rng = random.Random(seed)
        for _ in range(seed * 6):
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    for decisions in (5, 15):                 # Red placing; Blue placing (Red's hidden)
        state = pickpack.new_game("pickpack", seed=4)
        rng = random.Random(decisions)
        for _ in range(decisions):
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("index", range(5))
def test_pickpack_search_equals_the_generic_search_through_its_table(index: int) -> None:
    # mcts_search is the generic search compiled over Pick & Pack's table as a
    # constant; pp_mcts_run calls the same table through pointers: the same bits.
    state = pickpack_positions()[index]
    a = mcts_search(state, simulations=1500, seed=index, margin=0.25)
    b = mcts_search_through_table(state, simulations=1500, seed=index, margin=0.25)
    # every field but the wall time
    assert (a["action"], a["value"], a["simulations"], a["nodes"], a["root_moves"]) == (
        b["action"], b["value"], b["simulations"], b["nodes"], b["root_moves"])
    assert a["simulations"] == 1500 and a["nodes"] > 1
