"""Environment steps per second of pickpack.vector (issue 21) beside the single-state
Python loop, side by side in one run: ``python bench/vector_steps.py [steps]``.

Vector rows: B = 1024 games, random legal actions drawn in C (``random_actions``),
observation and mask written every step; steps per wall second and per CPU second of
the process (the rate per core: on a machine loaded by other processes the wall rate
shows only the share of the cores this process got). Python rows: one state, random legal action
chosen in Python, ``observation_tensor`` of the seat to move built every step. PACRU's
steps are its action tokens (pickpack.action_tokens): its Python row is the adapters'
token loop (pickpack.adapters.play.AdaptedState: legal tokens, ``tensor``, ``apply``). Peer
rows, when installed: OpenSpiel's Python loop (pyspiel, the same loop over its
``breakthrough`` and ``connect_four``: legal actions, observation tensor, apply) and
pgx on CPU (``connect_four``, ``jax.jit(jax.vmap(env.step))`` at B = 1024, a random
legal action drawn in JAX from ``legal_action_mask``, observation computed by every
step; pgx and JAX are not dependencies of pickpack: ``pip install pgx``). Memory per
environment: ``spec.bytes_per_env`` of each vector batch.
"""

import os
import random
import sys
import time
from typing import Any

import pickpack
from pickpack.adapters.play import AdaptedState
from pickpack.vector import MultiAgentVectorEnv


def vector_rate(name: str, threads: int, steps: int, mask: str = "bytes") -> tuple[float, float]:
    """Steps per wall second and per CPU second of this process (all its threads: the
    rate per core, which the load of other processes on the machine lowers less)."""
    env = MultiAgentVectorEnv(name, 1024, num_threads=threads, mask=mask, autoreset="same_step")
    env.reset(seed=1)
    for t in range(20):                       # past the first moves of every game
        env.step(env.random_actions(t))
    wall, cpu = time.perf_counter(), time.process_time()
    for t in range(steps):
        env.step(env.random_actions(t))
    return steps * 1024 / (time.perf_counter() - wall), steps * 1024 / (time.process_time() - cpu)


def python_rate(name: str, plies: int) -> float:
    rng = random.Random(1)
    state = pickpack.new_game(name, seed=1)
    start = time.perf_counter()
    for _ in range(plies):
        if state.is_terminal():
            state = pickpack.new_game(name, seed=rng.getrandbits(64))
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        state.observation_tensor(state.current_player_id())
        state.apply_action(rng.choice(state.legal_actions()))
    return plies / (time.perf_counter() - start)


def python_token_rate(name: str, steps: int) -> float:
    """Token steps per second of the adapters' view of one game (a game with action tokens)."""
    rng = random.Random(1)
    game = AdaptedState(pickpack.new_game(name, seed=1))
    start = time.perf_counter()
    for _ in range(steps):
        if game.state.is_terminal():
            game = AdaptedState(pickpack.new_game(name, seed=rng.getrandbits(64)))
        game.tensor(game.state.current_player_id())
        game.apply(rng.choice(game.legal_actions()))
    return steps / (time.perf_counter() - start)


def openspiel_rate(name: str, plies: int) -> float | None:
    """OpenSpiel's Python loop over pyspiel's game ``name``; None without pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    rng = random.Random(1)
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    start = time.perf_counter()
    for _ in range(plies):
        if state.is_terminal():
            state = game.new_initial_state()
        state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
    return plies / (time.perf_counter() - start)


def pgx_rate(name: str, steps: int) -> float | None:
    """pgx's ``name`` at B = 1024 on CPU, jitted and vmapped; None without pgx."""
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    try:
        import jax
        import jax.numpy as jnp
        import pgx  # type: ignore[import-not-found]
    except ImportError:
        return None
    env = pgx.make(name)
    step = jax.jit(jax.vmap(env.step))

    @jax.jit
    def act(key: Any, mask: Any) -> Any:
        return jax.random.categorical(key, jnp.where(mask, 0.0, -jnp.inf), axis=-1)

    key = jax.random.PRNGKey(1)
    state = jax.jit(jax.vmap(env.init))(jax.random.split(key, 1024))
    state = step(state, act(key, state.legal_action_mask))    # compile outside the clock
    state.observation.block_until_ready()
    start = time.perf_counter()
    for _ in range(steps):
        key, sub = jax.random.split(key)
        state = step(state, act(sub, state.legal_action_mask))
    state.observation.block_until_ready()
    return steps * 1024 / (time.perf_counter() - start)


def bytes_per_env(name: str, mask: str = "bytes") -> int:
    return MultiAgentVectorEnv(name, 1, mask=mask).spec.bytes_per_env


def row(game: str, form: str, rate: float | None, per_cpu: float | None = None, size: int | None = None) -> None:
    def cell(x: float | None, missing: str = "") -> str:
        return missing if x is None else f"{x:,.0f}"

    print(f"{game:14}{form:34}{cell(rate, 'not installed'):>14}{cell(per_cpu):>14}{cell(size):>11}")


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    print(f"{'game':14}{'form':34}{'steps/s':>14}{'per CPU-s':>14}{'bytes/env':>11}")
    for name in ("pickpack", "push", "breakthrough", "pacru"):
        tokens = pickpack.get_game(name).load("action_tokens") is not None
        mem, bits = bytes_per_env(name), bytes_per_env(name, "bits")
        for label, threads, mask, size in (("vector B=1024, 1 thread", 1, "bytes", mem),
                                           ("vector B=1024, 2 threads", 2, "bytes", mem),
                                           ("vector B=1024, 1 thread, bit mask", 1, "bits", bits)):
            row(name, label, *vector_rate(name, threads, steps, mask), size=size)
        if tokens:
            row(name, "adapters' token loop", python_token_rate(name, steps * 20))
        else:
            row(name, "single-state Python loop", python_rate(name, steps * 100))
    for name in ("breakthrough", "connect_four"):
        row(name, "OpenSpiel Python loop", openspiel_rate(name, steps * 100))
    row("connect_four", "pgx CPU B=1024 (jit, vmap)", pgx_rate("connect_four", steps))


if __name__ == "__main__":
    main()
