"""OpenSpiel's IS-MCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, Cowling,
Powley & Whitehouse 2012) on the hidden-information built-ins through the adapter
(issue 20 item 2; docs/adapters.md, "Information states and IS-MCTS"): whole games of
Pick & Pack (from the hidden placement, PP-S3, and dealt) and 2-player PUSH against a
random player, every move legal and the same for the same seed; information state
strings of twin states (PP-S3: the other player's hidden placement) are equal and give
the same IS-MCTS move; a string rebuilds every observation of its seat (exact)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel not installed: pip install -e '.[openspiel]'")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from pickpack.adapters import openspiel  # noqa: E402


def _bot(game: Any, seed: int, simulations: int = 20) -> Any:
    """A seeded ISMCTSBot: random rollouts, the adapter's seeded resampler."""
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations, random_state=rng)
    bot.set_resampler(openspiel.ismcts_resampler(rng))
    return bot


def _play(text: str, seed: int, searcher: int, simulations: int) -> tuple[list[int], list[float]]:
    """A whole game of ``text``: seat ``searcher`` is IS-MCTS, the others uniformly
    random, chance drawn by its probabilities, all from ``seed``. Every action is checked
    against the legal actions before it is applied. The actions and the returns."""
    game = pyspiel.load_game(text)
    state = game.new_initial_state()
    bot = _bot(game, seed, simulations)
    rng = np.random.RandomState(seed + 1)
    actions: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = int(rng.choice(outcomes, p=probs))
        elif state.current_player() == searcher:
            action = int(bot.step(state))
            assert action in state.legal_actions()
        else:
            action = int(rng.choice(state.legal_actions()))
        actions.append(action)
        state.apply_action(action)
    return actions, state.returns()


@pytest.mark.parametrize(("text", "searcher", "simulations"), [
    ("pickpack_pickpack", 1, 20),                  # from the hidden placement (PP-S3): Blue searches
    ("pickpack_pickpack(variant=dealt)", 0, 20),
    ("pickpack_push(players=2)", 0, 8),            # a PUSH game is several hundred steps
])
def test_ismcts_plays_whole_games_legally_and_the_same_for_a_seed(text: str, searcher: int, simulations: int) -> None:
    first = _play(text, 7, searcher, simulations)
    assert _play(text, 7, searcher, simulations) == first
    assert sorted(first[1]) in ([-1.0, 1.0], [0.0, 0.0])          # zero-sum terminal returns


def _placed(order: str) -> Any:
    """Pick & Pack after Red's whole hidden placement (PP-S3) placing its tiles by the
    first or the last legal action each time: Blue to place, and Blue sees neither."""
    state = pyspiel.load_game("pickpack_pickpack").new_initial_state()
    while state.current_player() == 0:
        legal = state.legal_actions()
        state.apply_action(legal[0] if order == "first" else legal[-1])
    return state


def test_twin_states_give_the_same_information_state_and_the_same_ismcts_move() -> None:
    a, b = _placed("first"), _placed("last")
    assert openspiel.pickpack_state(a).to_position() != openspiel.pickpack_state(b).to_position()
    assert a.current_player() == b.current_player() == 1
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.information_state_string(0) != b.information_state_string(0)      # Red knows what it placed
    # Red's first line is its observation, then one line per placement: its own action, and
    # the kind it put on the action space; Blue's lines for those 12 steps show no change.
    red, blue = a.information_state_string(0).splitlines(), a.information_state_string(1).splitlines()
    assert len(red) == len(blue) == 13
    assert red[1] == '>0 [[["tiles","red","aT","kind"],"P"]]'
    assert blue[1:12] == ["[]"] * 11 and blue[12].startswith("[")
    game = a.get_game()
    assert int(_bot(game, 3).step(a)) == int(_bot(game, 3).step(b))


def test_information_states_follow_clones_and_resamples() -> None:
    state = _placed("first")
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    clone = state.clone()
    assert clone.information_state_string(1) == state.information_state_string(1)
    clone.apply_action(clone.legal_actions()[0])
    assert clone.information_state_string(1) != state.information_state_string(1)
    # ISMCTSBot's own default: a fresh UniformProbabilitySampler
    view = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0., 1.))
    assert view.information_state_string(1) == state.information_state_string(1)
    assert view.observation_string(1) == state.observation_string(1)
    assert view.history() == [] and view.legal_actions() == state.legal_actions()
    # pyspiel's C++ InformationStateString reads the perfect-recall observer: the same string
    assert pyspiel.State.information_state_string(state, 1) == state.information_state_string(1)


def test_seed_from_sampler_and_bad_arguments() -> None:
    assert openspiel.seed_from_sampler(lambda: 0.5) == (1 << 63) | (1 << 31)
    assert openspiel.seed_from_sampler(lambda: 0.0) == 0
    state = pyspiel.load_game("pickpack_push(players=2)").new_initial_state()
    with pytest.raises(ValueError, match=r"float in \[0, 1\), not 1.0"):
        state.resample_from_infostate(0, lambda: 1.0)
    with pytest.raises(ValueError, match=r"player must be a seat 0..1, not 2"):
        state.resample_from_infostate(2, lambda: 0.5)
    with pytest.raises(ValueError, match=r"player must be a seat 0..1, not 5"):
        state.information_state_string(5)


def test_pacru_is_perfect_information_so_ismcts_refuses_it_and_mcts_plays_it() -> None:
    game = pyspiel.load_game("pickpack_pacru")
    state = game.new_initial_state()
    with pytest.raises(AssertionError):
        _bot(game, 0).step(state)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 10, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    assert int(bot.step(state)) in state.legal_actions()


def _leaves(value: Any, path: tuple[Any, ...], out: dict[tuple[Any, ...], Any]) -> None:
    """The leaves of a JSON value by path (an independent flattening for the check)."""
    if isinstance(value, dict) and value:
        for key, item in value.items():
            _leaves(item, path + (key,), out)
    elif isinstance(value, list) and value:
        for i, item in enumerate(value):
            _leaves(item, path + (i,), out)
    else:
        out[path] = value


def test_the_information_state_string_rebuilds_every_observation_and_own_action() -> None:
    game = pyspiel.load_game("pickpack_push(players=2)")
    state, rng = game.new_initial_state(), np.random.RandomState(5)
    seen: list[dict[tuple[Any, ...], Any]] = []
    own: list[str] = []
    for _ in range(60):
        observed: dict[tuple[Any, ...], Any] = {}
        _leaves(json.loads(state.observation_string(1)), (), observed)
        seen.append(observed)
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = int(rng.choice(outcomes, p=probs))
        else:
            action = int(rng.choice(state.legal_actions()))
        own.append(f">{action} " if state.current_player() == 1 else "")
        state.apply_action(action)
    final: dict[tuple[Any, ...], Any] = {}
    _leaves(json.loads(state.observation_string(1)), (), final)
    seen.append(final)
    lines = state.information_state_string(1).splitlines()
    assert len(lines) == 61 and sum(1 for line in lines if line.startswith(">")) == sum(1 for o in own if o)
    rebuilt: dict[tuple[Any, ...], Any] = {}
    for step, line in enumerate(lines):
        prefix = own[step - 1] if step else ""
        assert line.startswith(prefix) and (prefix or not line.startswith(">"))
        for change in json.loads(line[len(prefix):]):
            if len(change) == 2:
                rebuilt[tuple(change[0])] = change[1]
            else:
                del rebuilt[tuple(change[0])]
        assert rebuilt == seen[step]
