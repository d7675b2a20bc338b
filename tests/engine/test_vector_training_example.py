"""examples/vector-training/train.py (issue 21 item 4): one training step of the NumPy
actor-critic over MultiAgentVectorEnv has the right shapes, masks and rewards, its
gradient is the loss's (checked against finite differences), it is the same for the same
seed, and its policy plays through the single-state API as a bot. The full run (it beats
random in at least 80% of 400 games) is marked slow."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pickpack.bots.base import NoDecisionError
from pickpack.vector import MultiAgentVectorEnv

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "vector-training" / "train.py"


@pytest.fixture(scope="module")
def train():
    spec = importlib.util.spec_from_file_location("vector_training_example", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module                  # dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


def _step(train, seed, envs=32, update=1):
    rng = np.random.default_rng(seed)
    env = MultiAgentVectorEnv("push", envs, players=2)
    policy = train.Policy(269, 13, 16, rng)
    adam = train.Adam(policy.params, 3e-3)
    batch, rewards, stats = train.train_step(env, policy, adam, update, seed, rng)
    return env, policy, batch, rewards, stats


def test_a_training_step_plays_whole_games_with_legal_moves_and_final_rewards(train):
    env, policy, batch, rewards, stats = _step(train, seed=5)
    n = len(batch.obs)
    assert batch.obs.shape == (n, 269) and batch.obs.dtype == np.float32        # 203 + 33 * 2 (docs/push.md)
    assert batch.mask.shape == (n, 13) and batch.mask.dtype == np.bool_
    assert batch.actions.shape == (n,) and batch.returns.shape == (n,) and rewards.shape == (32,)
    assert batch.mask.any(axis=1).all()                          # a decision always has a legal move
    assert batch.mask[np.arange(n), batch.actions].all()         # every move taken was legal
    assert set(np.unique(rewards)) <= {-1.0, 0.0, 1.0}           # 2 players: win, shared win, loss (PU-E3)
    assert set(np.unique(batch.returns)) <= set(np.unique(rewards))
    # each game is whole: a PUSH turn is one draw at least (PU-P4), so the learner decides
    # at least once in every game (PU-T1: the seats alternate turns)
    assert n > 32 and (batch.obs >= 0).all() and (batch.obs <= 1).all()
    assert stats["entropy"] > 0 and all(np.isfinite(v) for v in stats.values())
    start = train.Policy(269, 13, 16, np.random.default_rng(5)).params    # the same draws before the step
    for name, value in policy.params.items():                    # the Adam step moved every weight array
        assert value.dtype == np.float32 and np.isfinite(value).all(), name
        assert not np.array_equal(value, start[name]), name


def test_the_learner_sits_in_both_seats_and_the_random_side_moves_too(train):
    env = MultiAgentVectorEnv("push", 8, players=2)
    rng = np.random.default_rng(1)
    policy = train.Policy(269, 13, 8, rng)
    learner = np.arange(8) % 2
    steps = {"n": 0}
    step = env.step

    def counting(actions):
        steps["n"] += 1
        return step(actions)

    env.step = counting
    result, batch = train.play_games(env, policy, learner, 9, rng, record=True)
    assert steps["n"] > 100                                      # a PUSH game lasts 100s of decisions
    assert batch is not None and result.shape == (8,)
    # seat 0 draws first (PU-T1): the learner's first decision in a game where it sits
    # first is a turn's start, where only draw (0) and bank (2..6) are legal
    first = batch.mask[:4]
    assert first[:, 0].all() and not first[:, 1].any()


def test_the_gradient_is_the_loss_gradient(train):
    rng = np.random.default_rng(2)
    policy = train.Policy(269, 13, 6, rng)
    env = MultiAgentVectorEnv("push", 4, players=2)
    _, batch = train.play_games(env, policy, np.array([0, 1, 0, 1]), 3, rng, record=True)
    batch = train.Batch(batch.obs[:40].astype(np.float64), batch.mask[:40], batch.actions[:40],
                        batch.returns[:40].astype(np.float64))
    policy.params = {k: v.astype(np.float64) + rng.standard_normal(v.shape) * 0.1 for k, v in policy.params.items()}
    grads, _ = train.gradients(policy, batch, 0.5, 0.01)
    _, probs, value = policy.forward(batch.obs, batch.mask)
    adv = batch.returns - value                                  # held constant, as in the update

    def loss():
        _, p, v = policy.forward(batch.obs, batch.mask)
        logp = np.log(np.where(p > 0, p, 1.0))
        chosen = logp[np.arange(len(p)), batch.actions]
        return np.mean(-adv * chosen + 0.25 * (batch.returns - v) ** 2 + 0.01 * (p * logp).sum(axis=1))

    for name, flat in [("W1", (7, 2)), ("b1", (3,)), ("W2", (4, 0)), ("b2", (0,)), ("wv", (5,)), ("bv", (0,))]:
        w = policy.params[name]
        eps = 1e-6
        w[flat] += eps
        up = loss()
        w[flat] -= 2 * eps
        down = loss()
        w[flat] += eps
        assert grads[name][flat] == pytest.approx((up - down) / (2 * eps), rel=1e-3, abs=1e-7), name


def test_the_same_seed_gives_the_same_games_and_weights(train):
    a = _step(train, seed=7)
    b = _step(train, seed=7)
    c = _step(train, seed=8)
    for x, y in zip((a[2].obs, a[2].mask, a[2].actions, a[2].returns, a[3]),
                    (b[2].obs, b[2].mask, b[2].actions, b[2].returns, b[3])):
        assert np.array_equal(x, y)
    assert all(np.array_equal(a[1].params[k], b[1].params[k]) for k in a[1].params)
    assert not (len(a[2].obs) == len(c[2].obs) and np.array_equal(a[2].obs, c[2].obs))


def test_a_draw_follows_the_masked_softmax(train):
    rng = np.random.default_rng(4)
    policy = train.Policy(269, 13, 8, rng)
    policy.params["W2"] *= 30.0                                  # far from uniform
    obs = np.repeat(rng.random((1, 269)).astype(np.float32), 20000, axis=0)
    mask = np.zeros((20000, 13), bool)
    mask[:, [0, 2, 5]] = True
    _, probs, _ = policy.forward(obs[:1], mask[:1])
    drawn = policy.act(obs, mask, rng)
    assert set(np.unique(drawn)) <= {0, 2, 5}
    freq = np.bincount(drawn, minlength=13) / 20000
    assert np.abs(freq - probs[0]).max() < 0.015                 # 4 standard errors at 20,000 draws
    one = np.zeros((3, 13), bool)
    one[:, 12] = True                                            # one legal move: always it
    assert policy.act(obs[:3], one, rng).tolist() == [12, 12, 12]


def test_the_policy_plays_through_the_single_state_api_as_a_bot(train):
    import pickpack

    policy = train.Policy(269, 13, 8, np.random.default_rng(0))
    wins, draws, losses = train.bot_match(policy, 4, 11, 13)
    assert wins + draws + losses == 4
    assert train.bot_match(policy, 4, 11, 13) == (wins, draws, losses)
    bot = train.PolicyBot(policy, 13, 0)
    state = pickpack.new_game("push", players=2, seed=1)
    state.apply_action(bot.choose(state).action)                 # a decision: draw or bank
    assert state.is_chance_node()                                # the card drawn (PU-P1)
    with pytest.raises(NoDecisionError, match="chance node"):
        bot.choose(state)


@pytest.mark.slow
def test_the_default_run_beats_random_in_80_percent_of_400_games():
    # the command itself, in its own process: its one-BLAS-thread setting must come
    # before NumPy is imported, which this test process has done
    run = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    final = run.stdout.splitlines()[-1]
    assert final.startswith("final: the policy as a bot vs the random bot, 400 games, seats alternating: ")
    assert "(at least 80%)" in final
    assert len([line for line in run.stdout.splitlines() if line.startswith("update ")]) == 13   # 0, 5, ..., 60
