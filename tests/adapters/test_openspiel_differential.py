"""Differential test of the OpenSpiel adapter (issue 11): random games played through
``pyspiel`` (pickpack.adapters.openspiel) and the same games played on the native API
give the same snapshots, returns, Zobrist hashes, observations and observation tensors
at every decision (observations and tensors of every seat in the first 20 games of
each game: the native observation code of PUSH is Python, and slow).

Decisions are drawn by a seeded RNG over the OpenSpiel state's legal actions; for PACRU
(an action-token codec) a turn is several token decisions, and the native action is
found independently: the one legal action whose ``codec.tokens`` are the tokens played.
Chance outcomes are drawn with the game's exact probabilities (Fractions) and the
adapter's float probabilities are checked against them. 40 whole games per game in the
default run and 400 under ``-m slow``, player counts, seeds and options varied.
"""

from __future__ import annotations

import json
import math
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel not installed: pip install -e '.[openspiel]'")

import pickpack  # noqa: E402
from pickpack.adapters import openspiel  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "thirdparty-game"))

from pickpack_pig import GAME as PIG  # noqa: E402


def _draw(outcomes: list[tuple[int, Fraction]], rng: random.Random) -> int:
    """An outcome drawn with its exact probability (a uniform integer below the common
    denominator, walked through the cumulative numerators)."""
    scale = math.lcm(*(p.denominator for _, p in outcomes))
    u = rng.randrange(scale)
    for action, p in outcomes:
        u -= int(p * scale)
        if u < 0:
            return action
    raise AssertionError("probabilities do not sum to 1")


def _same(os_state: Any, native: Any, observations: bool) -> None:
    """What the adapter shows of ``os_state`` equals the native state's: the position,
    hash, returns and player to move, and with ``observations`` every seat's observation
    string and tensor."""
    inner = openspiel.pickpack_state(os_state)
    assert inner is not native
    assert inner.snapshot() == native.snapshot()
    assert inner.zobrist_hash() == native.zobrist_hash()
    assert os_state.returns() == native.returns()
    assert os_state.is_terminal() == native.is_terminal()
    assert os_state.current_player() == native.current_player_id()
    if not observations:
        return
    size = math.prod(native.observation_tensor_shape())
    for seat in range(native.num_players):
        assert os_state.observation_string(seat) == json.dumps(dict(native.observation(seat)) | (
            {"turn_so_far": []} if native.game.action_tokens else {}), sort_keys=True)
        tensor = os_state.observation_tensor(seat)          # float32 values as Python floats: exact
        assert tensor[:size] == native.observation_tensor(seat).tolist()
        assert not any(tensor[size:])             # no token chosen yet at a decision


def _play(os_game: Any, native: Any, rng: random.Random, observations: bool) -> int:
    """Play one random game through ``os_game`` and ``native`` side by side, comparing
    them (``_same``) at every decision and at the end; the number of native actions
    played."""
    codec = native.game.load("action_tokens")
    os_state = os_game.new_initial_state()
    plies = 0
    _same(os_state, native, observations)
    while not native.is_terminal():
        if native.is_chance_node():
            outcomes = native.chance_outcomes()
            assert os_state.chance_outcomes() == [(a, float(p)) for a, p in outcomes]
            action = _draw(outcomes, rng)
            os_state.apply_action(action)
        else:
            seat, chosen = native.current_player_id(), []
            while True:
                legal = os_state.legal_actions()
                assert legal == sorted(legal) and legal
                token = rng.choice(legal)
                chosen.append((len(openspiel.turn(os_state).prefix), token))
                os_state.apply_action(token)
                if codec is None or not openspiel.turn(os_state).prefix:
                    break
                assert os_state.current_player() == seat     # a turn is the same player's
                assert openspiel.pickpack_state(os_state).snapshot() == native.snapshot()
                if observations:                             # the token rows of the turn so far
                    assert os_state.observation_tensor(seat) == os_state.adapted.tensor(seat).tolist()
            if codec is None:
                action = token
            else:
                # the one legal action with the chosen tokens at their places (the
                # others of its sequence were filled in: every candidate shared them)
                matches = [a for a in native.legal_actions()
                           if all(depth < len(seq) and seq[depth] == t
                                  for seq in [codec.tokens(a)] for depth, t in chosen)]
                assert len(matches) == 1, (chosen, matches)
                action = matches[0]
        native.apply_action(action)
        plies += 1
        if not native.is_chance_node():
            _same(os_state, native, observations)
    assert os_state.history() == openspiel.pickpack_state(os_state).history_actions() or codec is not None
    return plies


def _games(name: str, count: int) -> list[tuple[str, Any]]:
    """``count`` (OpenSpiel game string, native state) pairs with player counts,
    seeds and options varied by game index."""
    pairs = []
    for i in range(count):
        if name == "pickpack":
            variant = "dealt" if i % 4 else ""
            pairs.append((f"pickpack_pickpack(seed={i},variant={variant})",
                          pickpack.new_game("pickpack", seed=i, variant=variant or None)))
        elif name == "push":
            players, hard = 2 + i % 5, i % 3 == 0
            pairs.append((f"pickpack_push(players={players},seed={i},hard={str(hard).lower()})",
                          pickpack.new_game("push", players=players, seed=i, hard=hard)))
        elif name == "pacru":
            players = 2 + i % 3
            pairs.append((f"pickpack_pacru(players={players},seed={i})",
                          pickpack.new_game("pacru", players=players, seed=i)))
        else:
            players, target = 2 + i % 5, 10 + 5 * (i % 7)
            pairs.append((f"pickpack_pig(players={players},target={target})",
                          PIG.new_state(players=players, target=target)))
    return pairs


@pytest.mark.parametrize("count", [pytest.param(40, id="40"), pytest.param(400, id="400", marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", ["pickpack", "push", "pacru", "pig"])
def test_random_games_match_the_native_api(name: str, count: int) -> None:
    openspiel.register(PIG)
    rng = random.Random(f"openspiel-differential-{name}-{count}")
    plies = [_play(pyspiel.load_game(text), native, rng, observations=i < 20)
             for i, (text, native) in enumerate(_games(name, count))]
    assert len(plies) == count and min(plies) > 0
