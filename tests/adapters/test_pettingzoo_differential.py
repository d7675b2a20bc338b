"""Differential (issue 11, "Tests"): random games played through the PettingZoo
environment give, at every decision, the same position (snapshot, Zobrist hash, player
to move, legal actions, observation tensor) and at the end the same returns as the same
game played on the native API, with the chance outcomes drawn the way the environment
documents (pickpack.match.chance.sample_outcome on Gymnasium's np_random(seed)).

For PACRU (action tokens) the random agent picks a whole native action at the start of
each turn and feeds its tokens; the environment must apply exactly that action when the
turn completes."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo not installed: pip install -e '.[pettingzoo]'")

import numpy as np  # noqa: E402
from gymnasium.utils.seeding import np_random  # noqa: E402

import pickpack.adapters.pettingzoo as pz  # noqa: E402
from pickpack.adapters.pettingzoo_random import GeneratorRandom  # noqa: E402
from pickpack.adapters.play import resolve_game  # noqa: E402
from pickpack.match.chance import sample_outcome  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "thirdparty-game"))

from pickpack_pig import GAME as PIG  # noqa: E402

#: (id, game, env arguments, games in the default run). 200 each, except where the
#: default run would take too long: those run 200 under ``pytest -m slow``.
CONFIGS: list[tuple[str, Any, dict[str, Any], int]] = [
    ("pig-2", PIG, {}, 200),
    ("pig-6", PIG, {"players": 6, "variant": "short"}, 50),
    ("pickpack", "pickpack", {}, 200),
    ("pickpack-dealt", "pickpack", {"variant": "dealt"}, 50),
    ("push-2", "push", {"players": 2}, 40),
    ("push-6", "push", {"players": 6}, 20),
    ("pacru-2", "pacru", {"players": 2}, 20),
    ("pacru-4", "pacru", {"players": 4}, 10),
]


def play_both(game: Any, kwargs: dict[str, Any], seed: int) -> int:
    """One random game through the environment and on the native API side by side,
    asserting they agree at every decision; returns the decisions made."""
    env = pz.env(game, **kwargs)
    env.reset(seed=seed)
    setup = dict(kwargs)
    native = resolve_game(game).new_state(seed=seed, **setup)
    chance = GeneratorRandom(np_random(seed)[0])
    codec = resolve_game(game).load("action_tokens")
    picker = random.Random(seed)
    raw = env.unwrapped

    def settle() -> None:
        while native.is_chance_node():
            native.apply_action(sample_outcome(native.chance_outcomes(), chance))

    settle()
    planned: list[int] = []          # the tokens of the native action chosen this turn
    chosen = -1
    rewards: dict[str, float] = {}
    decisions = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            rewards[agent] = reward
            env.step(None)
            continue
        decisions += 1
        state = raw.state
        assert agent == native.current_player
        assert state.zobrist_hash() == native.zobrist_hash()
        assert state.snapshot() == native.snapshot()
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        tensor = observation["observation"].ravel().tolist()
        assert tensor == list(native.observation_tensor(agent))
        if codec is None:
            assert legal == native.legal_actions()
            chosen = picker.choice(legal)
            env.step(chosen)
            native.apply_action(chosen)
            settle()
            continue
        prefix = raw.adapted.turn.prefix
        if not prefix:
            chosen = picker.choice(native.legal_actions())
            planned = list(codec.tokens(chosen))
        assert tuple(planned[:len(prefix)]) == prefix
        token = planned[len(prefix)]
        assert token in legal
        assert observation["tokens"].ravel().tolist() == raw.adapted.turn.prefix_planes()
        before = len(state.history_actions())
        env.step(token)
        if len(state.history_actions()) > before:      # the turn is complete: exactly ``chosen``
            native.apply_action(chosen)
            settle()
            assert state.history_actions() == native.history_actions()
    assert native.is_terminal() and raw.state.is_terminal()
    assert raw.state.history_actions() == native.history_actions()
    assert raw.state.snapshot() == native.snapshot()
    assert rewards == dict(zip(native.players, native.returns()))
    return decisions


def run(game: Any, kwargs: dict[str, Any], games: int) -> None:
    decisions = sum(play_both(game, kwargs, seed) for seed in range(games))
    assert decisions >= games        # every game had decisions


@pytest.mark.parametrize(("game", "kwargs", "games"), [c[1:] for c in CONFIGS], ids=[c[0] for c in CONFIGS])
def test_environment_matches_the_native_api(game: Any, kwargs: dict[str, Any], games: int) -> None:
    run(game, kwargs, games)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "kwargs"), [c[1:3] for c in CONFIGS if c[3] < 200],
                         ids=[c[0] for c in CONFIGS if c[3] < 200])
def test_environment_matches_the_native_api_200_games(game: Any, kwargs: dict[str, Any]) -> None:
    run(game, kwargs, 200)
