"""Engine benchmark: figures measured side by side in one run, reported with ratios.

Measured: C random playouts (``random_playouts``), the Python integer loop
(``legal_actions`` + ``random.choice`` + ``apply_action``), the Move loop
(``legal_moves`` + choice + ``apply``), the plain-Python reference loop, ``copy()``
rate and state size; with OpenSpiel installed (extra ``bench``), OpenSpiel's Python loop
and its C++ loop on ``breakthrough(rows=6,columns=6)`` in the same run. Plies are
play-phase plies (placements are drawn at random outside the timed loops), except for
OpenSpiel, which has no placement.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from pickpack.games.pickpack._core import STATE_BYTES, deal_from_seed, placements_from_seed
from pickpack.games.pickpack._core import random_games as _random_games
from pickpack.games.pickpack.game import new_pickpack
from pickpack.install_hint import pip_command
from pickpack.games.pickpack.reference import RefState
from pickpack.games.pickpack.state import State
from pickpack.report_columns import figure, fit_lines, label

__all__ = ["MEASUREMENTS", "format_report", "run_benchmarks"]


def _timed(seconds: float, step: Callable[[int], int]) -> tuple[int, float]:
    """Call step(i) for i = 0, 1, ... until ``seconds`` pass; (units done, elapsed s)."""
    done = 0
    i = 0
    start = time.perf_counter()
    while True:
        done += step(i)
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done, elapsed


def _fresh_states(n: int, seed: int) -> list[State]:
    return [new_pickpack(seed=seed + g, placements=placements_from_seed(seed + g)) for g in range(n)]


def _bench_c_playouts(seconds: float) -> dict[str, float]:
    games = 0
    plies = 0
    start = time.perf_counter()
    batch = 2000
    while time.perf_counter() - start < seconds:
        r = _random_games(batch, games + 1)
        games += r["games"]
        plies += r["plies"]
    elapsed = time.perf_counter() - start
    return {"plies_per_s": plies / elapsed, "games_per_s": games / elapsed,
            "mean_plies": plies / games}


def _random_plies(state: Any, rng: random.Random) -> int:
    """Finish ``state`` (any object with is_terminal/legal_actions/apply_action) with
    uniformly random actions; the plies played."""
    n = 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n


def _bench_loop(seconds: float, seed: int, step: Callable[[State, random.Random], None]) -> float:
    """Plies/s of random games played by ``step`` (one ply per call) from fresh deals."""
    rng = random.Random(seed)
    states = _fresh_states(400, seed * 10_000)

    def game(i: int) -> int:
        state = states[i % len(states)].copy()
        n = 0
        while not state.is_terminal():
            step(state, rng)
            n += 1
        return n

    plies, elapsed = _timed(seconds, game)
    return plies / elapsed


def _int_step(state: State, rng: random.Random) -> None:
    state.apply_action(rng.choice(state.legal_actions()))


def _move_step(state: State, rng: random.Random) -> None:
    state.apply(rng.choice(state.legal_moves()))


def _bench_reference(seconds: float) -> float:
    rng = random.Random(3)

    def game(i: int) -> int:
        seed = 30_000 + i
        return _random_plies(RefState.new(deal_from_seed(seed), placements_from_seed(seed)), rng)

    plies, elapsed = _timed(seconds, game)
    return plies / elapsed


def _bench_copy(seconds: float) -> float:
    state = _fresh_states(1, 40_000)[0]
    rng = random.Random(4)
    for _ in range(10):
        state.apply_action(rng.choice(state.legal_actions()))

    def copies(_: int) -> int:
        for _ in range(1000):
            state.copy()
        return 1000

    n, elapsed = _timed(seconds, copies)
    return n / elapsed


def _bench_openspiel(seconds: float) -> dict[str, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("breakthrough(rows=6,columns=6)")
    rng = random.Random(5)

    def py_game(_: int) -> int:
        return _random_plies(game.new_initial_state(), rng)

    py_plies, py_elapsed = _timed(seconds, py_game)
    lengths = [py_game(0) for _ in range(200)]
    mean_len = sum(lengths) / len(lengths)
    # C++ loop: MCTS with one random rollout per simulation from the initial state; the
    # rollouts dominate, so plies/s ~ simulations/s x mean game length (an upper bound
    # of what the tree walk leaves for the rollout, reported as such).
    evaluator = pyspiel.RandomRolloutEvaluator(1, 6)
    sims = 20_000
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, sims, 10**9, False, 7, False)
    state = game.new_initial_state()
    start = time.perf_counter()
    done = 0
    while time.perf_counter() - start < seconds:
        bot.step(state)
        done += sims
    elapsed = time.perf_counter() - start
    return {"python_plies_per_s": py_plies / py_elapsed,
            "cpp_simulations_per_s": done / elapsed,
            "cpp_plies_per_s": done / elapsed * mean_len,
            "mean_plies": mean_len}


MEASUREMENTS = ("C random playouts", "Python int loop", "Python Move loop", "Python reference",
                "State.copy()", "OpenSpiel (if installed)")


def run_benchmarks(seconds: float = 1.0,
                   progress: Callable[[str], object] | None = None) -> dict[str, Any]:
    """Run every measurement for about ``seconds`` each; returns figures and ratios.

    ``progress``, if given, is called with the name of each measurement (one of
    MEASUREMENTS, in that order) as it starts, for a status display.
    """
    def starting(name: str) -> None:
        if progress is not None:
            progress(name)

    starting(MEASUREMENTS[0])
    c = _bench_c_playouts(seconds)
    starting(MEASUREMENTS[1])
    int_loop = _bench_loop(seconds, 1, _int_step)
    starting(MEASUREMENTS[2])
    move_loop = _bench_loop(seconds, 2, _move_step)
    starting(MEASUREMENTS[3])
    ref = _bench_reference(seconds)
    starting(MEASUREMENTS[4])
    copies = _bench_copy(seconds)
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "seconds_per_measurement": seconds,
        "c_playouts": c,
        "python_int_loop_plies_per_s": int_loop,
        "python_move_loop_plies_per_s": move_loop,
        "reference_plies_per_s": ref,
        "copy_per_s": copies,
        "state_bytes": {"c_struct": STATE_BYTES, "python_object": sys.getsizeof(_fresh_states(1, 1)[0])},
        "ratios": {
            "c_vs_reference": c["plies_per_s"] / ref,
            "c_vs_python_int_loop": c["plies_per_s"] / int_loop,
            "int_loop_vs_move_loop": int_loop / move_loop,
        },
    }
    starting(MEASUREMENTS[5])
    spiel = _bench_openspiel(seconds)
    if spiel is not None:
        report["openspiel_breakthrough_6x6"] = spiel
        report["ratios"]["c_vs_openspiel_cpp"] = c["plies_per_s"] / spiel["cpp_plies_per_s"]
        report["ratios"]["int_loop_vs_openspiel_python"] = int_loop / spiel["python_plies_per_s"]
    return report


def format_report(report: dict[str, Any]) -> str:
    """The report as aligned text lines, none longer than 80 characters whatever its
    figures (pickpack.report_columns)."""
    c = report["c_playouts"]
    lines = [
        f"{label('C random playouts')}{figure(c['plies_per_s']):>14} plies/s",
        f"{label('')}{figure(c['games_per_s']):>14} games/s ({figure(c['mean_plies'], 1)} plies/game)",
        f"{label('Python int loop')}{figure(report['python_int_loop_plies_per_s']):>14} plies/s",
        f"{label('Python Move loop')}{figure(report['python_move_loop_plies_per_s']):>14} plies/s",
        f"{label('Python reference')}{figure(report['reference_plies_per_s']):>14} plies/s",
        f"{label('State.copy()')}{figure(report['copy_per_s']):>14} copies/s",
        f"{label('state size')}{figure(report['state_bytes']['c_struct']):>14} bytes (C struct)",
        f"{label('')}{figure(report['state_bytes']['python_object']):>14} bytes (Python object, with undo)",
    ]
    spiel = report.get("openspiel_breakthrough_6x6")
    if spiel:
        lines += [
            f"{label('OpenSpiel Python loop')}{figure(spiel['python_plies_per_s']):>14} plies/s "
            "(breakthrough 6x6)",
            f"{label('OpenSpiel C++ MCTS loop')}{figure(spiel['cpp_plies_per_s']):>14} plies/s",
            f"{label('')}{figure(spiel['cpp_simulations_per_s']):>14} simulations/s "
            f"x {figure(spiel['mean_plies'], 1)} plies",
        ]
    else:
        lines.append(f"{label('OpenSpiel')}not installed ({pip_command('bench')})")
    lines += [f"{label('ratios' if i == 0 else '')}{figure(v, 1, 13):>13}x  {k}"
              for i, (k, v) in enumerate(report["ratios"].items())]
    return fit_lines(lines)
