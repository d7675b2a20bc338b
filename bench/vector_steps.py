"""Environment steps per second of pickpack.vector (issue 21) beside the single-state
Python loop, side by side in one run: ``python bench/vector_steps.py [steps]``.

Vector rows: B = 1024 games, random legal actions drawn in C (``random_actions``),
observation and mask written every step. Python rows: one state, random legal action
chosen in Python, ``observation_tensor`` of the seat to move built every step. PACRU's
steps are its action tokens (pickpack.action_tokens): its Python row is the adapters'
token loop (pickpack.adapters.play.AdaptedState: legal tokens, ``tensor``, ``apply``).
"""

import random
import sys
import time

import pickpack
from pickpack.adapters.play import AdaptedState
from pickpack.vector import MultiAgentVectorEnv


def vector_rate(name: str, threads: int, steps: int, mask: str = "bytes") -> float:
    env = MultiAgentVectorEnv(name, 1024, num_threads=threads, mask=mask, autoreset="same_step")
    env.reset(seed=1)
    start = time.perf_counter()
    for t in range(steps):
        env.step(env.random_actions(t))
    return steps * 1024 / (time.perf_counter() - start)


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


def main() -> None:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    print(f"{'game':14}{'form':28}{'steps/s':>12}")
    for name in ("pickpack", "push", "breakthrough", "pacru"):
        tokens = pickpack.get_game(name).load("action_tokens") is not None
        for label, rate in (("vector 1 thread", vector_rate(name, 1, steps)),
                            ("vector 2 threads", vector_rate(name, 2, steps)),
                            ("vector 1 thread, bit mask", vector_rate(name, 1, steps, "bits")),
                            ("adapters' token loop" if tokens else "single-state Python loop",
                             python_token_rate(name, steps * 20) if tokens else python_rate(name, steps * 20))):
            print(f"{name:14}{label:28}{rate:12,.0f}")


if __name__ == "__main__":
    main()
