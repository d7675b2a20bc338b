"""pickpack.bots.mcts: the game-neutral UCT (Kocsis & Szepesvari 2006) over GameState, on
Pig (examples/thirdparty-game, chance nodes, N players) and on Pick & Pack."""

from __future__ import annotations

import dataclasses
import random
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import pickpack
import pickpack.bots.mcts
from pickpack.bots.mcts import SearchResult, search

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "thirdparty-game"))

from pickpack_pig import GAME, PigState  # noqa: E402

PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


def test_hold_when_holding_wins() -> None:
    # p1 has 95 + 6 = 101 by holding (PIG-6, PIG-7: the game is over, p1 alone wins):
    # the root check plays it at once, without a simulation
    result = search(PigState.from_position("100 95,99 1 6 40"), simulations=200, seed=0)
    assert result == SearchResult(action=1, visits={0: 0, 1: 0}, simulations=0)


@pytest.mark.parametrize("position", ["100 98,0 1 2 20", "100 0,98 2 2 21", "100 95,90,10 1 5 30",
                                      "50 40,48 2 3 44"])
@pytest.mark.parametrize("seed", range(4))
def test_an_immediate_win_is_always_taken(position: str, seed: int) -> None:
    # hold wins at once in each (98 + 2, 98 + 2, 95 + 5 = 100; 48 + 3 >= 50: PIG-7).
    # Before the root check, "100 98,0 1 2 20" tied roll and hold at 150 visits and
    # mean 1.0 each (random rollouts from 98 win anyway) and the tie went to roll.
    state = PigState.from_position(position)
    assert search(state, simulations=300, exploration=1.0, seed=seed).action == 1


class _Flat(PigState):
    """Pig in which every game ends drawn (all returns 0): every simulation ties."""

    __slots__ = ()

    def returns(self) -> list[float]:
        return [0.0] * self.num_players


def test_exact_ties_are_broken_by_the_search_stream() -> None:
    # Every simulation returns 0 for both seats, so 10 simulations give roll and hold
    # 5 visits and mean 0 each: the tie is drawn from the search's stream, and both
    # actions come up over seeds 0..11 (a seed always giving the same one), where the
    # smaller action, roll, used to win every tie.
    state = _Flat.from_position("20 10,10 1 4 40")
    chosen = set()
    for seed in range(12):
        result = search(state, simulations=10, seed=seed)
        assert result.visits == {0: 5, 1: 5}
        assert search(state, simulations=10, seed=seed) == result
        chosen.add(result.action)
    assert chosen == {0, 1}


def test_hold_when_holding_wins_with_three_players() -> None:
    state = PigState.from_position("50 45,10,49 1 6 30")
    assert search(state, simulations=300, seed=3).action == 1


def test_a_single_legal_action_gets_every_visit() -> None:
    result = search(GAME.new_state(players=3), simulations=50, seed=0)
    assert result == SearchResult(action=0, visits={0: 50}, simulations=50)


def test_visits_sum_to_the_simulations_and_the_seed_fixes_the_result() -> None:
    state = PigState.from_position("100 20,30 2 12 40")
    first = search(state, simulations=150, seed=9)
    assert sum(first.visits.values()) == first.simulations == 150
    assert sorted(first.visits) == [0, 1]
    assert search(state, simulations=150, seed=9) == first
    assert state.to_position() == "100 20,30 2 12 40"          # not modified


def test_a_passed_deadline_stops_after_one_simulation() -> None:
    state = PigState.from_position("100 20,30 2 12 40")
    result = search(state, simulations=10_000, deadline=time.monotonic() - 1.0)
    assert result.simulations == 1 and sum(result.visits.values()) == 1


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"simulations": 0}, ValueError, r"^simulations must be >= 1, not 0$"),
    ({"simulations": 10, "exploration": -0.5}, ValueError, r"^exploration must be a finite number >= 0"),
    ({"simulations": 10, "exploration": float("nan")}, ValueError, r"^exploration must be"),
    ({"simulations": 10, "seed": -1}, ValueError, r"^seed must be >= 0, not -1$"),
    ({"simulations": "10"}, TypeError, r"^simulations must be an int, not str$"),
    ({"simulations": True}, TypeError, r"^simulations must be an int, not bool$"),
    ({"simulations": 10, "deadline": "soon"}, TypeError, r"^deadline must be"),
])
def test_bad_parameters_are_named(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        search(GAME.new_state(), **kwargs)


def test_terminal_chance_and_foreign_states_are_refused() -> None:
    with pytest.raises(ValueError, match="^state: the game is over"):
        search(PigState.from_position("20 20,0 - 0 13"), simulations=10)
    rolling = GAME.new_state()
    rolling.apply("roll")
    with pytest.raises(ValueError, match="^state: a chance node"):
        search(rolling, simulations=10)
    with pytest.raises(TypeError, match="^state must be a pickpack.GameState, not str$"):
        search("100 0,0 1 0 0", simulations=10)  # type: ignore[arg-type]


class _Determinized(PigState):
    """Pig claiming hidden information: records the determinizations asked for."""

    __slots__ = ("calls",)
    calls: list[tuple[int, int]]

    @property
    def game(self) -> Any:
        # Pig's Game with perfect_information False: the search then determinizes
        return dataclasses.replace(PigState.game.fget(self), perfect_information=False)  # type: ignore[attr-defined]

    def resample_from_infostate(self, player: int, seed: int) -> PigState:
        self.calls.append((player, seed))
        return PigState.copy(self)


def test_hidden_information_searches_one_determinization_per_simulation() -> None:
    state = _Determinized.from_position("100 95,99 2 6 40")
    assert isinstance(state, _Determinized)
    state.calls = []
    result = search(state, simulations=40, seed=2)
    assert result.simulations == 40 and len(state.calls) == 40
    assert {player for player, _ in state.calls} == {1}          # the root player, p2
    assert len({seed for _, seed in state.calls}) == 40
    assert result.action == 1                                   # 99 + 6: holding wins


def test_pick_and_pack_search_gives_a_legal_reproducible_move() -> None:
    state = pickpack.new_game("pickpack", seed=7, placements=PLACEMENTS)
    result = search(state, simulations=200, seed=4)
    assert result.action in state.legal_actions()
    assert set(result.visits) <= set(state.legal_actions()) and sum(result.visits.values()) == 200
    assert result == search(state, simulations=200, seed=4)
    placing = pickpack.new_game("pickpack", seed=7)               # placement phase (PP-S3)
    assert search(placing, simulations=60, seed=1).action in placing.legal_actions()


def test_mcts_beats_random_at_three_player_pig() -> None:
    """MCTS (300 simulations) in one seat of three, two random players in the others,
    15 games to 30 with fixed dice: a random seat wins 1/3 of them (5 of 15); MCTS
    wins 10 (P(X >= 9) = 3% for 1/3, so 9 is the bar)."""
    wins = 0
    for number in range(15):
        dice = random.Random(1000 + number)
        seat = number % 3
        state = GAME.new_state(players=3, target=30)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(dice.randrange(6))
            elif state.current_player_id() == seat:
                state.apply_action(search(state, simulations=300, seed=number * 1000 + state.ply).action)
            else:
                state.apply_action(dice.choice(state.legal_actions()))
        wins += state.winners() == (state.players[seat],)
    assert wins >= 9


def test_module_doctest_runs() -> None:
    import doctest
    failures, tried = doctest.testmod(pickpack.bots.mcts)
    assert tried == 4 and failures == 0
