"""pickpack.adapters.pettingzoo (issue 11, item 3): PettingZoo's own api_test and
seed_test on every game, the spaces, seeding, rendering, illegal actions and the
ImportError without PettingZoo. The differential run against the native API is in
tests/adapters/test_pettingzoo_differential.py."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo not installed: pip install -e '.[pettingzoo]'")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import pickpack  # noqa: E402
import pickpack.adapters.pettingzoo as pz  # noqa: E402
from pickpack.plugins import PluginNotFoundError  # noqa: E402
from pickpack.game import OptionError  # noqa: E402
from pickpack.install_hint import install_hint  # noqa: E402
from tests.support import nplayer_game  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples" / "thirdparty-game"))

from pickpack_pig import GAME as PIG  # noqa: E402

#: (id, game, env arguments): every game, PUSH and PACRU at their extreme player counts.
CONFIGS: list[tuple[str, Any, dict[str, Any]]] = [
    ("pig", PIG, {}),
    ("pig-6", PIG, {"players": 6}),
    ("pickpack", "pickpack", {}),
    ("push-2", "push", {"players": 2}),
    ("push-4", "push", {}),
    ("push-6", "push", {"players": 6}),
    ("pacru-2", "pacru", {"players": 2}),
    ("pacru-4", "pacru", {"players": 4}),
]


def quiet(call: Any, *args: Any, **kwargs: Any) -> Any:
    """``call(...)`` with PettingZoo's style warnings (agent names, Dict observations)
    silenced: they are advice for its own classic environments, not failures."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call(*args, **kwargs)


@pytest.mark.parametrize(("game", "kwargs"), [c[1:] for c in CONFIGS], ids=[c[0] for c in CONFIGS])
def test_pettingzoo_api_test_passes(game: Any, kwargs: dict[str, Any]) -> None:
    quiet(api_test, pz.env(game, **kwargs), num_cycles=200)


@pytest.mark.parametrize(("game", "kwargs"), [c[1:] for c in CONFIGS], ids=[c[0] for c in CONFIGS])
def test_pettingzoo_seed_test_passes(game: Any, kwargs: dict[str, Any]) -> None:
    quiet(seed_test, lambda: pz.env(game, **kwargs), num_cycles=200)


def test_spaces_and_agents_of_push_for_six() -> None:
    env = pz.env("push", players=6)
    env.reset(seed=3)
    assert env.agents == env.possible_agents == ["p1", "p2", "p3", "p4", "p5", "p6"]
    space = env.observation_space("p4")
    assert isinstance(space, spaces.Dict) and set(space) == {"observation", "action_mask"}
    # PUSH's tensor has 203 + 33 * players values (docs/push.md, "Observation tensor")
    assert space["observation"].shape == (203 + 33 * 6,) and space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (13,) and space["action_mask"].dtype == np.int8
    assert env.action_space("p4") == spaces.Discrete(13)
    assert env.observation_space("p4") is space and env.action_space("p1") is env.action_space("p1")
    assert str(env.unwrapped) == "pickpack_push_v0"


def test_pickpack_observation_is_the_state_tensor_and_mask_the_legal_actions() -> None:
    env = pz.env("pickpack")
    env.reset(seed=11)
    state = env.unwrapped.state
    assert state.snapshot() == pickpack.new_game("pickpack", seed=11).snapshot()
    assert env.agent_selection == "red"
    red, blue = env.observe("red"), env.observe("blue")
    assert red["observation"].tolist() == pytest.approx(list(state.observation_tensor("red")))
    assert blue["observation"].tolist() == pytest.approx(list(state.observation_tensor("blue")))
    assert np.flatnonzero(red["action_mask"]).tolist() == state.legal_actions()
    assert not blue["action_mask"].any()          # not blue's turn: all zeros


def test_errors_when_making_an_environment() -> None:
    installed = ", ".join(pickpack.available_games())     # the built-ins, and the C example where installed
    with pytest.raises(PluginNotFoundError, match=f"unknown game .chess.; installed games: {installed}$"):
        pz.env("chess")
    with pytest.raises(TypeError, match="game must be a game name or a pickpack.Game, not int"):
        pz.env(7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="game dice has no observation tensor"):
        pz.env(nplayer_game.GAME)
    with pytest.raises(OptionError, match="push is played by 2..6 players, not 7"):
        pz.env("push", players=7)
    with pytest.raises(OptionError, match="unknown option 'speed' for game pickpack"):
        pz.env("pickpack", speed=2)
    with pytest.raises(OptionError, match="pig has no variant 'long'; variants: short"):
        pz.env(PIG, variant="long")
    with pytest.raises(ValueError, match=r"render_mode 'human' is not offered; render modes: 'ansi' or None"):
        pz.env(PIG, render_mode="human")
    env = pz.env(PIG, variant="short", players=3)
    with pytest.raises(KeyError, match="no agent 'p4' in pickpack_pig_v0; agents: p1, p2, p3"):
        env.observation_space("p4")
    with pytest.raises(KeyError, match="no agent 'red'"):
        env.action_space("red")


def test_use_before_reset_is_refused() -> None:
    with pytest.raises(AssertionError, match="reset"):      # OrderEnforcingWrapper's
        pz.env(PIG).step(0)
    raw = pz.raw_env(PIG, render_mode="ansi")
    for call in (lambda: raw.step(0), lambda: raw.observe("p1"), raw.render):
        with pytest.raises(RuntimeError, match=r"pickpack_pig_v0: call reset\(\) first"):
            call()


def test_render_ansi_is_the_board_text_and_none_warns() -> None:
    env = pz.env(PIG, render_mode="ansi", variant="short")
    env.reset(seed=0)
    assert env.render() == "Pig to 50, ply 0\n> p1     0  turn total 0\n  p2     0"
    assert env.render() == str(env.unwrapped.state)
    silent = pz.env(PIG)
    silent.reset(seed=0)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert silent.render() is None


def die_faces(seed: int, count: int) -> list[int]:
    """The first ``count`` Pig die outcomes (0..5, face - 1) drawn from seed ``seed``:
    each is a uniform integer below 6 drawn as 3 random bits from NumPy's
    ``default_rng(seed)`` (Gymnasium's np_random), rejecting 6 and 7."""
    bits = np.random.default_rng(seed).integers(0, 8, size=4 * count)
    return [int(b) for b in bits if b < 6][:count]


def test_chance_is_drawn_inside_step_from_the_reset_seed() -> None:
    env = pz.env(PIG, players=2)
    env.reset(seed=2024)
    faces = die_faces(2024, 3)
    state = env.unwrapped.state
    env.step(0)                                    # p1 rolls: the die is thrown inside step
    assert state.history_actions() == [0, faces[0]]
    assert not state.is_chance_node()
    if faces[0] != 0:                              # not a 1 (PIG-5): p1 rolls again
        assert env.agent_selection == "p1"
        env.step(0)
        assert state.history_actions() == [0, faces[0], 0, faces[1]]
    else:
        assert env.agent_selection == "p2"


def test_the_same_seed_gives_the_same_game_and_another_seed_another_deal() -> None:
    def play(seed: int | None, first: int | None = None) -> tuple[Any, list[int]]:
        env = pz.env("pickpack", variant="dealt")
        if first is not None:
            env.reset(seed=first)
        env.reset(seed=seed)
        for ply in range(20):            # the (ply mod count)-th legal action
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(legal[ply % len(legal)]))
        return env.unwrapped.state.snapshot(), env.unwrapped.state.history_actions()

    assert play(5) == play(5)
    assert play(5)[0] != play(6)[0]
    assert play(None, first=9) == play(None, first=9)       # reset() continues the seeded generator
    dealt = pickpack.new_game("pickpack", seed=5, variant="dealt")
    env = pz.env("pickpack", variant="dealt")
    env.reset(seed=5)
    assert env.unwrapped.state.snapshot() == dealt.snapshot()


def test_bad_seeds_are_refused() -> None:
    env = pz.env(PIG)
    with pytest.raises(ValueError, match=r"seed must be in 0..2\*\*64-1, got -1"):
        env.reset(seed=-1)
    with pytest.raises(ValueError, match=r"seed must be in 0..2\*\*64-1"):
        env.reset(seed=2**64)
    with pytest.raises(TypeError, match="seed must be an int or None, not str"):
        env.reset(seed="7")
    with pytest.raises(TypeError, match="seed must be an int or None, not bool"):
        env.reset(seed=True)


def assert_ended_by(env: Any, offender: str, reward: float, reason: str) -> None:
    """Every agent terminated, ``offender`` with ``reward`` and the reason, others 0."""
    assert all(env.terminations.values()) and set(env.terminations) == set(env.possible_agents)
    assert not any(env.truncations.values())
    assert env.rewards == {a: (reward if a == offender else 0.0) for a in env.possible_agents}
    assert env.infos[offender]["illegal_move"] == reason
    assert all("illegal_move" not in env.infos[a] for a in env.possible_agents if a != offender)


@pytest.mark.parametrize(("action", "reason"), [
    (1, "PIG-6: you must roll at least once before holding"),      # masked out: hold first
    (2, "action 2 is outside the action space 0..1"),
    (-1, "action -1 is outside the action space 0..1"),
    (0.0, "an action is an int, not float"),
    ("roll", "an action is an int, not str"),
    (True, "an action is an int, not bool"),
    (np.array([0]), "an action is an int, not ndarray"),
])
def test_an_illegal_action_ends_the_game_with_the_reason(action: Any, reason: str) -> None:
    env = pz.env(PIG, players=3)
    env.reset(seed=1)
    quiet(env.step, action)
    assert_ended_by(env, "p1", -1.0, reason)
    assert env.unwrapped.state.history_actions() == []           # nothing was played
    assert env.last()[1:4] == (-1.0, True, False)                # p1 is stepped out first
    with pytest.raises(ValueError, match="when an agent is dead, the only valid action is None"):
        env.step(0)
    for agent in ("p1", "p2", "p3"):
        assert env.agent_selection == agent
        env.step(None)
    assert env.agents == []


def test_numpy_integers_are_actions() -> None:
    env = pz.env(PIG)
    env.reset(seed=4)
    env.step(np.int32(0))
    env.step(np.array(0, dtype=np.int64)) if env.agent_selection == "p1" else env.step(np.int64(0))
    assert len(env.unwrapped.state.history_actions()) == 4 and not any(env.terminations.values())


def test_an_illegal_move_in_pickpack_names_the_rule_and_gives_min_utility() -> None:
    env = pz.env("pickpack", variant="dealt")
    env.reset(seed=3)
    state = env.unwrapped.state
    illegal = next(a for a in range(10230) if a not in state.legal_actions())
    rule, why = state.check_action(illegal)
    quiet(env.step, illegal)
    assert_ended_by(env, "red", -1.0, f"{rule}: {why}")
    assert rule.startswith("PP-")


def test_the_natural_end_gives_the_returns_and_steps_everyone_out() -> None:
    env = pz.env(PIG, players=3, target=10)
    env.reset(seed=8)
    state = env.unwrapped.state
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        if terminated:
            rewards[agent] = reward
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        # hold once 10 points are on the turn (PIG-6): that wins at target 10 (PIG-7); else roll
        env.step(1 if mask[1] and state.turn_total >= 10 else 0)
    assert state.is_terminal()
    assert rewards == dict(zip(env.possible_agents, state.returns()))
    winners = [a for a, r in rewards.items() if r > 0]
    assert len(winners) == 1 and sorted(rewards.values()) == [-0.5, -0.5, 1.0]


def test_importing_without_pettingzoo_names_the_extra() -> None:
    script = ("import sys\nsys.modules['pettingzoo'] = None\nimport pickpack.adapters\n"
              "import pickpack.adapters.pettingzoo\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert lines[-1] == f"ImportError: pickpack.adapters.pettingzoo {install_hint('pettingzoo')}"
    assert "During handling" not in done.stderr and "pettingzoo[" not in lines[-1].split(":")[0]


def test_a_pacru_turn_is_a_few_token_decisions_by_the_same_agent() -> None:
    env = pz.env("pacru", players=2)
    env.reset(seed=0)
    space = env.observation_space("south")
    assert set(space) == {"observation", "action_mask", "tokens"}
    assert space["tokens"].shape == (7, 82) and env.action_space("north") == spaces.Discrete(82)
    seen = env.observe("south")
    # south's chevrons stand on a3, e1, i3, i9 (PA-S1): the first token picks one
    assert np.flatnonzero(seen["action_mask"]).tolist() == [4, 18, 26, 80]
    assert not seen["tokens"].any()
    env.step(4)                                        # e1: the turn goes on, still south
    seen = env.observe("south")
    assert env.agent_selection == "south" and env.unwrapped.state.history_actions() == []
    assert np.flatnonzero(seen["tokens"].ravel()).tolist() == [4]          # row 0, token 4
    assert [env.unwrapped.adapted.action_string(int(t)) for t in np.flatnonzero(seen["action_mask"])] \
        == ["N", "NE", "NW"]
    assert not env.observe("north")["action_mask"].any()
    quiet(env.step, 3)                                 # SE: no legal move of e1 goes there
    assert_ended_by(env, "south", -1.0, "token SE (3) does not continue any legal move of this turn")
    assert env.unwrapped.state.history_actions() == []


def test_the_chance_bits_come_from_the_generator() -> None:
    from pickpack.adapters.pettingzoo_random import GeneratorRandom

    bits = GeneratorRandom(np.random.default_rng(1))
    source = np.random.default_rng(1)
    low, high = int(source.integers(0, 1 << 62)), int(source.integers(0, 1 << 8))
    assert bits.getrandbits(70) == low | (high << 62)                        # 62 bits, then 8 more
    assert bits.getrandbits(0) == 0
    with pytest.raises(ValueError, match="number of bits must be non-negative"):
        bits.getrandbits(-1)
    assert [GeneratorRandom(np.random.default_rng(9)).randrange(6) for _ in range(2)] == die_faces(9, 1) * 2


# --- seats that leave (issue 22, item 8) ---------------------------------------------

def _play_random_collecting(env: Any, seed: int) -> tuple[dict[str, float], list[tuple[int, str]]]:
    """Play ``env`` (reset with ``seed``) with random legal actions from
    ``random.Random(seed)`` to the end, checking PettingZoo's dead-step convention at
    every iteration: an agent whose seat is out (PA-E1) is terminated at once and, after
    its dead step, gone from agents, rewards, terminations, truncations and infos.
    Returns every agent's total reward and (iteration, agent) of each agent removed
    before the end."""
    import random

    rng = random.Random(seed)
    env.reset(seed=seed)
    raw = env.unwrapped
    total = dict.fromkeys(raw.possible_agents, 0.0)
    removed: list[tuple[int, str]] = []
    for iteration, agent in enumerate(env.agent_iter(100_000)):
        for other in env.agents:
            if not raw.state.in_game(raw.possible_agents.index(other)):
                assert env.terminations[other], (iteration, other)
        observation, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            assert agent not in raw.agents
            if not raw.state.is_terminal():
                removed.append((iteration, agent))
                for table in (raw.rewards, raw.terminations, raw.truncations, raw.infos):
                    assert agent not in table
        else:
            env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return total, removed


def test_an_eliminated_pacru_seat_leaves_with_its_final_reward() -> None:
    # the instance: PACRU, 4 players, reset(seed=0), random legal actions; a seat out
    # (PA-E1) was kept in agents with termination False until the end
    env = pz.env("pacru", players=4)
    total, removed = _play_random_collecting(env, 0)
    state = env.unwrapped.state
    assert state.is_terminal()
    # west and south go out during play; north goes out as east is left alone (PA-E2),
    # which ends the game
    assert removed == [(155, "west"), (256, "south")]
    # each agent's rewards add up to its return (-1/3 for the three out, PA-E2: +1)
    assert total == {name: state.returns()[seat] for seat, name in enumerate(state.players)}
    assert total == {"north": -1 / 3, "east": 1.0, "south": -1 / 3, "west": -1 / 3}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_agent_collects_its_return_whoever_leaves(seed: int) -> None:
    env = pz.env("pacru", players=3)
    total, removed = _play_random_collecting(env, seed)
    state = env.unwrapped.state
    assert total == {name: state.returns()[seat] for seat, name in enumerate(state.players)}
    for _, agent in removed:
        assert state.returns()[state.players.index(agent)] == -0.5      # a seat out (PA-E1) loses


def test_pacru_out_return_refuses_a_seat_in_the_game() -> None:
    state = pickpack.new_game("pacru", players=3)
    with pytest.raises(ValueError, match=r"^seat 1 \(.*\) is still in the game \(PA-E1\)$"):
        state.out_return(1)


def test_games_without_elimination_do_not_offer_it() -> None:
    from pickpack.game import EliminationState

    assert isinstance(pickpack.new_game("pacru", players=2), EliminationState)
    for state in (pickpack.new_game("push"), pickpack.new_game("pickpack"), PIG.new_state()):
        assert not isinstance(state, EliminationState)


def test_pettingzoo_api_test_passes_through_eliminations() -> None:
    # long enough for seats to go out (PA-E1) in a 4-player PACRU game
    quiet(api_test, pz.env("pacru", players=4), num_cycles=2000)
