"""OpenSpiel's own conformance checks on every pickpack game through the adapter
(issue 11): ``pyspiel.random_sim_test`` with serialization, the serialization round
trip, OpenSpiel's Python MCTSBot (Kocsis & Szepesvari 2006, random rollouts) playing
whole games, and the C++ ``pyspiel.MCTSBot`` playing Pick & Pack."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel not installed: pip install -e '.[openspiel]'")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

import pickpack  # noqa: E402
from pickpack.adapters import openspiel  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "thirdparty-game"
sys.path.insert(0, str(EXAMPLES))

from pickpack_pig import GAME as PIG  # noqa: E402

openspiel.register(PIG)

#: Game strings covering each game's player counts, chance and options; PACRU short.
GAMES = [
    ("pickpack_pickpack(variant=dealt)", 30),
    ("pickpack_pickpack(seed=5)", 10),                    # the placement phase too
    ("pickpack_push", 10),
    ("pickpack_push(players=2,hard=true)", 10),
    ("pickpack_push(players=6,switch_per_turn=true)", 5),
    ("pickpack_pacru(max_plies=40)", 5),
    ("pickpack_pacru(players=4,max_plies=24)", 3),
    ("pickpack_pig(target=30)", 30),                     # 30 games: many die rolls of each face
    ("pickpack_pig(players=5,target=20)", 10),
]


@pytest.mark.parametrize(("text", "sims"), GAMES)
def test_random_sim_test_with_serialization(text: str, sims: int) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(text), num_sims=sims, serialize=True, verbose=False)


def _random_walk(game: Any, steps: int, seed: int) -> list[Any]:
    """The states of one random walk of ``steps`` actions from the initial state."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("text", [t for t, _ in GAMES])
def test_serialization_round_trips(text: str) -> None:
    game = pyspiel.load_game(text)
    for state in _random_walk(game, 40, seed=len(text)):
        game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert str(game2) == str(game)
        assert state2.history() == state.history()
        assert str(state2) == str(state)
        inner, inner2 = openspiel.pickpack_state(state), openspiel.pickpack_state(state2)
        assert inner2.snapshot() == inner.snapshot()
        assert inner2.zobrist_hash() == inner.zobrist_hash()
        assert inner2.history_actions() == inner.history_actions()
        assert openspiel.turn(state2).prefix == openspiel.turn(state).prefix
        assert state2.legal_actions() == state.legal_actions()
        assert state2.observation_tensor(0) == state.observation_tensor(0)


def test_games_and_states_pickle() -> None:
    game = pyspiel.load_game("pickpack_push(players=3,hard=true)")
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    game2, state2 = pickle.loads(pickle.dumps(game)), pickle.loads(pickle.dumps(state))
    assert str(game2) == "pickpack_push(hard=True,players=3,seed=0,switch_per_turn=False,variant=)"
    assert state2.history() == state.history() and str(state2) == str(state)
    assert openspiel.pickpack_state(state2).snapshot() == openspiel.pickpack_state(state).snapshot()


def test_from_state_states_round_trip_through_serialization() -> None:
    native = pickpack.new_game("push", players=3, seed=4, hard=True)
    rng = random.Random(1)
    for _ in range(25):
        native.apply_action(rng.choice(native.legal_actions()))
    state = openspiel.from_state(native)
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == "pickpack_push(hard=True,players=3,seed=0,switch_per_turn=False,variant=)"
    assert openspiel.pickpack_state(state2).snapshot() == native.snapshot()
    assert openspiel.pickpack_state(state2).history_actions() == native.history_actions()
    assert state2.history() == []                        # OpenSpiel's history starts at the position


def test_pacru_turn_in_progress_round_trips() -> None:
    game = pyspiel.load_game("pickpack_pacru")
    state = game.new_initial_state()
    state.apply_action(4)                                # south's chevron on e1: the turn goes on
    assert openspiel.turn(state).prefix == (4,)
    _, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert openspiel.turn(state2).prefix == (4,)
    assert state2.legal_actions() == state.legal_actions() == [0, 1, 7]
    assert str(state2).endswith("turn so far: e1")
    rng, longest = random.Random(2), 0                   # turns of several decisions too
    while not state.is_terminal() and longest < 3:
        state.apply_action(rng.choice(state.legal_actions()))
        prefix = openspiel.turn(state).prefix
        _, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert openspiel.turn(state2).prefix == prefix and state2.legal_actions() == state.legal_actions()
        longest = max(longest, len(prefix))
    assert longest >= 3


def _play_out(game: Any, choose: Any, seed: int) -> Any:
    """A whole game: ``choose(state)`` at decisions, exact-probability draws at chance."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = choose(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


@pytest.mark.parametrize(("text", "simulations"), [
    ("pickpack_pickpack(variant=dealt)", 8), ("pickpack_push(players=3)", 2),   # PUSH: long random playouts
    ("pickpack_pacru(max_plies=6)", 8), ("pickpack_pig(players=3,target=20)", 8)])
def test_python_mcts_bot_plays_whole_games(text: str, simulations: int) -> None:
    game = pyspiel.load_game(text)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(3)),
                       random_state=np.random.RandomState(4))
    final = _play_out(game, bot.step, seed=5)
    assert final.returns() == openspiel.pickpack_state(final).returns()
    assert sum(final.returns()) == pytest.approx(0.0)
    assert max(final.returns()) > min(final.returns()) or all(r == 0 for r in final.returns())


def test_cpp_mcts_bot_plays_pick_and_pack_to_the_end() -> None:
    game = pyspiel.load_game("pickpack_pickpack(variant=dealt,seed=2)")
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 7), 2.0, 20, 100, False, 7, False)
    final = _play_out(game, lambda state: openspiel.cpp_mcts_step(bot, state), seed=0)
    assert openspiel.pickpack_state(final).is_terminal()
    assert sorted(final.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_cpp_mcts_bot_searches_from_a_match_position() -> None:
    native = pickpack.new_game("pickpack", seed=3, variant="dealt")
    native.apply_action(native.legal_actions()[0])
    state = openspiel.from_state(native)
    bot = pyspiel.MCTSBot(state.get_game(), pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 50, 100, False, 1, False)
    root = bot.mcts_search(state)
    assert root.explore_count == 50
    assert openspiel.cpp_mcts_step(bot, state) in native.legal_actions()
    assert openspiel.pickpack_state(state).snapshot() == native.snapshot()   # the search worked on clones


def test_the_interpreter_exits_cleanly_after_using_every_game() -> None:
    code = (f"import sys; sys.path.insert(0, {str(EXAMPLES)!r})\n"
            "import pyspiel\nfrom pickpack.adapters import openspiel\nfrom pickpack_pig import GAME\n"
            "openspiel.register(GAME)\n"
            "for name in sorted(openspiel.registered_games()):\n"
            "    game = pyspiel.load_game(name + ('(max_plies=10)' if name == 'pickpack_pacru' else ''))\n"
            "    pyspiel.random_sim_test(game, 1, True, False)\n"
            "import pickpack\nstate = openspiel.from_state(pickpack.new_game('push', players=5))\n"
            "state.clone(), pyspiel.serialize_game_and_state(state.get_game(), state)\n"
            "print('done')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (0, "done\n"), done.stderr[-2000:]
