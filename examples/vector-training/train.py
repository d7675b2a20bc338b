#!/usr/bin/env python3
"""Train a PUSH policy against random play from pickpack.vector's batched environment.

NumPy only (``pip install 'pickpack-engine[vector]'``). Two-player PUSH (docs/push.md),
the learner against uniformly random legal moves: one update plays ``--envs`` whole games in a
``MultiAgentVectorEnv`` (the learner's seat alternating, half the batch in each seat),
the learner's decisions from a one-hidden-layer policy with a masked softmax over the
13 decisions and a value head, the other seat's from ``env.random_actions`` (uniform
over the action mask, in C); then one actor-critic (REINFORCE with a learned baseline)
step with Adam. Every ``--eval-every`` updates it prints the policy's win rate in
``--eval-games`` batched games against random (seats alternating, fixed seeds); at the
end it plays ``--eval-games`` more games through the single-state API, the policy as a
pickpack bot against the built-in ``random`` bot with chance drawn as ``pickpack match``
draws it, and exits 0 when it won at least ``--target`` of them (1 otherwise).

    python examples/vector-training/train.py            # 1-3 minutes on two shared cores
    python examples/vector-training/train.py --seed 3 --updates 100

Source: Williams 1992 (REINFORCE), Sutton & Barto 2018 section 13.5 (actor-critic);
Kingma & Ba 2015 (Adam). Shapes: B environments, D = 269 observation floats
(``observation_tensor``, 203 + 33 * 2), A = 13 decisions, H hidden units, N decisions
of the learner in one update.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

# the batch steps on --threads POSIX threads; NumPy's small matrix products run best on
# one BLAS thread on a shared machine (a BLAS thread pool took 3.5 CPU s an update, one thread 0.6)
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

import pickpack  # noqa: E402
from pickpack.bots import make_bot  # noqa: E402
from pickpack.bots.base import BotBase  # noqa: E402
from pickpack.game import GameState  # noqa: E402
from pickpack.match.chance import sample_outcome  # noqa: E402
from pickpack.match.seeding import chance_seed, derive_seed  # noqa: E402
from pickpack.move import Move  # noqa: E402
from pickpack.vector import MultiAgentVectorEnv  # noqa: E402

GAME = "push"
PLAYERS = 2
F32 = npt.NDArray[np.float32]


class Policy:
    """A one-hidden-layer policy and value network (float32): ``h = tanh(x W1 + b1)``
    [N, H], logits ``h W2 + b2`` [N, A] with illegal actions at -inf (masked softmax),
    value ``h wv + bv`` [N] (the learner's expected return, -1..1)."""

    def __init__(self, obs_size: int, num_actions: int, hidden: int, rng: np.random.Generator) -> None:
        def init(fan_in: int, shape: tuple[int, ...]) -> F32:
            return np.asarray(rng.standard_normal(shape) / np.sqrt(fan_in), np.float32)

        self.params: dict[str, F32] = {
            "W1": init(obs_size, (obs_size, hidden)), "b1": np.zeros(hidden, np.float32),
            "W2": init(hidden, (hidden, num_actions)) * np.float32(0.1), "b2": np.zeros(num_actions, np.float32),
            "wv": np.zeros(hidden, np.float32), "bv": np.zeros(1, np.float32)}

    def forward(self, obs: F32, mask: npt.NDArray[np.bool_]) -> tuple[F32, F32, F32]:
        """``(h [N, H], probabilities [N, A], value [N])`` for observations [N, D] and
        action masks bool [N, A] (every row holds a legal action)."""
        p = self.params
        h = np.tanh(obs @ p["W1"] + p["b1"])
        logits = np.where(mask, h @ p["W2"] + p["b2"], -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        return h, e / e.sum(axis=1, keepdims=True), h @ p["wv"] + p["bv"][0]

    def act(self, obs: F32, mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """One action per row [N], drawn from the masked softmax with ``rng`` (the
        policy is played as it is trained: its most probable move alone can be a bad
        one, e.g. drawing again whenever draw is a little above stop)."""
        _, probs, _ = self.forward(obs, mask)
        u = rng.random((len(probs), 1))
        cdf = np.cumsum(probs, axis=1)
        cdf[:, -1] = 1.0                                  # no rounding gap past the last action
        picked = (cdf < u).sum(axis=1)
        # a draw never lands on an illegal (probability 0) action: step back to a legal one
        legal_last = np.where(mask, np.arange(mask.shape[1]), -1)
        return np.asarray(np.maximum.accumulate(legal_last, axis=1)[np.arange(len(probs)), picked], np.int64)


@dataclass
class Batch:
    """The learner's decisions of one update: observations [N, D], masks [N, A],
    actions [N], and each decision's return [N] (its game's final reward, undiscounted)."""

    obs: F32
    mask: npt.NDArray[np.bool_]
    actions: npt.NDArray[np.int64]
    returns: F32


def play_games(env: MultiAgentVectorEnv, policy: Policy, learner: npt.NDArray[np.int64], seed: int,
               rng: np.random.Generator, *, record: bool) -> tuple[F32, Batch | None]:
    """Play one whole game in each of the B environments from ``reset(seed)``, the
    learner in seat ``learner[b]`` of environment b, random legal moves in the other.
    Returns the learner's reward in each game [B] (1 win, -1 loss, 0 a shared win) and,
    with ``record``, its decisions. Environments whose game is over wait (their new
    game, "next_step" autoreset, is not played)."""
    obs, info = env.reset(seed=seed)
    b = env.num_envs
    done = np.zeros(b, bool)
    result = np.zeros(b, np.float32)
    rows: list[tuple[F32, npt.NDArray[np.bool_], npt.NDArray[np.int64], npt.NDArray[np.intp]]] = []
    while not done.all():
        actions = env.random_actions(int(rng.integers(2**63)))
        idx = np.flatnonzero((info["current_player"] == learner) & ~done)
        if idx.size:
            o, m = obs[idx].copy(), info["action_mask"][idx].copy()
            a = policy.act(o, m, rng)
            actions[idx] = a
            if record:
                rows.append((o, m, a, idx))
        obs, rewards, term, trunc, info = env.step(actions)
        ended = (term | trunc) & ~done
        result[ended] = rewards[ended, learner[ended]]
        done |= term | trunc
    if not record:
        return result, None
    owner = np.concatenate([r[3] for r in rows])
    return result, Batch(np.concatenate([r[0] for r in rows]), np.concatenate([r[1] for r in rows]),
                         np.concatenate([r[2] for r in rows]), result[owner])


class Adam:
    """Adam (Kingma & Ba 2015) over a dict of float32 arrays, updated in place."""

    def __init__(self, params: dict[str, F32], lr: float, b1: float = 0.9, b2: float = 0.999,
                 eps: float = 1e-8) -> None:
        self.params, self.lr, self.b1, self.b2, self.eps, self.t = params, lr, b1, b2, eps, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, grads: dict[str, F32]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = self.b1 * self.m[k] + (1 - self.b1) * g
            self.v[k] = self.b2 * self.v[k] + (1 - self.b2) * g * g
            mhat = self.m[k] / (1 - self.b1 ** self.t)
            vhat = self.v[k] / (1 - self.b2 ** self.t)
            self.params[k] -= (self.lr * mhat / (np.sqrt(vhat) + self.eps)).astype(np.float32)


def gradients(policy: Policy, batch: Batch, value_coef: float, entropy_coef: float
              ) -> tuple[dict[str, F32], dict[str, float]]:
    """The gradient of the mean actor-critic loss over the batch,
    ``-A log pi(a|s) + value_coef (G - V(s))^2 / 2 - entropy_coef H(pi(.|s))`` with the
    advantage ``A = G - V(s)`` held constant, by hand (backpropagation through the
    network of Policy), and the loss terms' means for the log."""
    p = policy.params
    x, n = batch.obs, len(batch.obs)
    h, probs, value = policy.forward(x, batch.mask)
    adv = batch.returns - value
    onehot = np.zeros_like(probs)
    onehot[np.arange(n), batch.actions] = 1.0
    logp = np.log(np.where(probs > 0, probs, 1.0))        # 0 where illegal (probability 0)
    entropy = -(probs * logp).sum(axis=1)
    dz = (-adv[:, None] * (onehot - probs) + entropy_coef * probs * (logp + entropy[:, None])) / n
    dv = value_coef * (value - batch.returns) / n
    dh = dz @ p["W2"].T + dv[:, None] * p["wv"][None, :]
    dpre = dh * (1.0 - h * h)
    grads = {"W1": x.T @ dpre, "b1": dpre.sum(axis=0), "W2": h.T @ dz, "b2": dz.sum(axis=0),
             "wv": h.T @ dv, "bv": np.array([dv.sum()], np.float32)}
    stats = {"policy": float(-(adv * logp[np.arange(n), batch.actions]).mean()),
             "value": float((adv * adv).mean()), "entropy": float(entropy.mean())}
    return {k: np.asarray(g, np.float32) for k, g in grads.items()}, stats


def train_step(env: MultiAgentVectorEnv, policy: Policy, adam: Adam, update: int, seed: int,
               rng: np.random.Generator, value_coef: float = 0.5, entropy_coef: float = 0.01
               ) -> tuple[Batch, F32, dict[str, float]]:
    """One update: B games from ``reset(derive_seed(seed, 1, update))`` with the
    learner in seat ``(b + update) % 2`` of environment b, then one Adam step. Returns
    the batch, the learner's rewards [B] and the loss terms."""
    learner = (np.arange(env.num_envs) + update) % PLAYERS
    rewards, batch = play_games(env, policy, learner, derive_seed(seed, 1, update), rng, record=True)
    assert batch is not None
    grads, stats = gradients(policy, batch, value_coef, entropy_coef)
    adam.step(grads)
    return batch, rewards, stats


def batched_win_rate(policy: Policy, games: int, seed: int, threads: int = 1) -> float:
    """The policy's share of won games against random moves in ``games`` batched games
    (the learner in seat b % 2 of game b, its moves drawn from its softmax with
    default_rng(seed); a shared win is not a win). The same seed plays the same games
    and draws: every evaluation of a curve sees the same deals and die rolls."""
    env = MultiAgentVectorEnv(GAME, games, players=PLAYERS, num_threads=threads)
    learner = np.arange(games) % PLAYERS
    result, _ = play_games(env, policy, learner, seed, np.random.default_rng(seed), record=False)
    return float((result > 0).mean())


class PolicyBot(BotBase):
    """The trained policy as a pickpack bot (the Bot protocol): a decision drawn from
    the masked softmax of the seat to move's observation tensor, with
    default_rng(seed). Raises NoDecisionError at a chance node or the end
    (pickpack.bots.base)."""

    name = "vector-policy"
    games: ClassVar[tuple[str, ...] | None] = (GAME,)
    bounded = True

    def __init__(self, policy: Policy, num_actions: int, seed: int) -> None:
        self.policy, self.num_actions, self.rng = policy, num_actions, np.random.default_rng(seed)

    def choose(self, state: GameState) -> Move:
        seat = state.current_player_id()
        obs = np.asarray(state.observation_tensor(seat), np.float32)[None, :]   # type: ignore[attr-defined]
        mask = np.zeros((1, self.num_actions), bool)
        mask[0, state.legal_actions()] = True
        action = int(self.policy.act(obs, mask, self.rng)[0])
        return Move(action, state.action_text(action))


def bot_match(policy: Policy, games: int, seed: int, num_actions: int) -> tuple[int, int, int]:
    """``games`` games through the single-state API, the policy's bot against the
    built-in ``random`` bot, seats alternating (game i: the policy in seat i % 2), each
    game from ``new_game(seed=derive_seed(seed, i))`` with chance outcomes drawn from
    their exact probabilities as the match runner draws them (sample_outcome,
    chance_seed). Returns (wins, shared wins, losses) of the policy."""
    wins = draws = 0
    for i in range(games):
        bot = PolicyBot(policy, num_actions, derive_seed(seed, i, 0))
        state: Any = pickpack.new_game(GAME, players=PLAYERS, seed=derive_seed(seed, i))
        other = make_bot("random", seed=derive_seed(seed, i, 1), game=GAME, players=PLAYERS)
        mine = i % PLAYERS
        chance = random.Random(chance_seed(seed, i))
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state.chance_outcomes(), chance))
                continue
            mover = bot if state.current_player_id() == mine else other
            state.apply_action(mover.choose(state).action)
        r = state.returns()[mine]
        wins += r > 0
        draws += r == 0
    return wins, draws, games - wins - draws


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0, help="seed of the games, the network and the moves (0)")
    ap.add_argument("--updates", type=int, default=60, help="actor-critic updates (60)")
    ap.add_argument("--envs", type=int, default=256, help="environments, i.e. games per update (256)")
    ap.add_argument("--hidden", type=int, default=64, help="hidden units (64)")
    ap.add_argument("--lr", type=float, default=3e-3, help="Adam step size (0.003)")
    ap.add_argument("--eval-every", type=int, default=5, help="updates between evaluations (5)")
    ap.add_argument("--eval-games", type=int, default=400, help="games of each evaluation (400)")
    ap.add_argument("--target", type=float, default=0.8, help="win rate the final match must reach (0.8)")
    ap.add_argument("--threads", type=int, default=2, help="threads stepping the batch (2)")
    args = ap.parse_args(argv)

    started = time.perf_counter()
    rng = np.random.default_rng(args.seed)
    env = MultiAgentVectorEnv(GAME, args.envs, players=PLAYERS, num_threads=args.threads)
    policy = Policy(env.spec.observation_shape[0], env.num_actions, args.hidden, rng)
    adam = Adam(policy.params, args.lr)
    eval_seed = derive_seed(args.seed, 2)

    def evaluate(update: int, stats: dict[str, float] | None, train_rate: float | None) -> None:
        rate = batched_win_rate(policy, args.eval_games, eval_seed, args.threads)
        extra = "" if stats is None or train_rate is None else (
            f"  train win {train_rate:5.1%}  entropy {stats['entropy']:.3f}  value loss {stats['value']:.3f}")
        print(f"update {update:4d}  games {update * args.envs:6d}  win vs random {rate:5.1%}"
              f"{extra}  {time.perf_counter() - started:6.1f} s", flush=True)

    print(f"PUSH, {PLAYERS} players: {args.envs} batched games per update, learner vs random legal moves")
    evaluate(0, None, None)
    for update in range(1, args.updates + 1):
        _, rewards, stats = train_step(env, policy, adam, update, args.seed, rng)
        if update % args.eval_every == 0 or update == args.updates:
            evaluate(update, stats, float((rewards > 0).mean()))
    wins, draws, losses = bot_match(policy, args.eval_games, derive_seed(args.seed, 3), env.num_actions)
    rate = wins / args.eval_games
    print(f"final: the policy as a bot vs the random bot, {args.eval_games} games, seats alternating: "
          f"{wins} won, {draws} shared, {losses} lost = {rate:.1%} "
          f"({'at least' if rate >= args.target else 'below'} {args.target:.0%}), "
          f"{time.perf_counter() - started:.1f} s in all")
    return 0 if rate >= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
