"""PUSH's benchmark (``pickpack bench --game push``): figures measured side by side in
one run, reported with ratios (the benchmark module protocol of Game.benchmark:
MEASUREMENTS, run_benchmarks, format_report).

Every figure is of random 4-player games from the start (the full deck, PU-C1):
decisions uniformly at random, chance outcomes (cards drawn, die rolls) drawn by their
probabilities; a *ply* is any action, chance outcomes included, and the share of chance
plies is reported with the C figure.

- ``C random playouts``: whole games in C (``pickpack.games.push._core.random_games``).
- ``Python int loop``: ``legal_actions`` + ``random.choice`` + ``apply_action`` on the
  C-backed State, chance outcomes drawn from ``chance_outcomes()``.
- ``Python Move loop``: the same with ``legal_moves`` + ``apply(move)``.
- ``Python reference``: the int loop on the plain-Python RefState (the rules again, only
  to check the C core).
- ``State.copy()``: copies per second of a State 20 plies into a game.
- ``OpenSpiel (if installed)``: on OpenSpiel's own chance game ``pig`` (4 players, to
  100; Lanctot et al. 2019), its Python loop (``legal_actions`` + choice, chance outcomes
  sampled by probability) and its C++ MCTS (UCT, Kocsis & Szepesvari 2006, with one
  random rollout per simulation from the start), converted to plies per second with
  pig's mean game length, an upper bound of what the tree walk leaves to the rollouts.
  PUSH and pig are different games: the ratios compare engines on a chance game of
  each, not the same work.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from pickpack.game import GameState
from pickpack.games.push._core import STATE_BYTES, random_games
from pickpack.games.push.game import GAME
from pickpack.games.push.reference.push_ref import RefState
from pickpack.install_hint import pip_command
from pickpack.report_columns import figure, fit_lines, label

__all__ = ["MEASUREMENTS", "PLAYERS", "format_report", "play_random", "run_benchmarks"]

#: The player count of every PUSH figure.
PLAYERS = 4
#: OpenSpiel's game of the comparison.
OPENSPIEL_GAME = "pig(players=4)"

MEASUREMENTS = ("C random playouts", "Python int loop", "Python Move loop", "Python reference",
                "State.copy()", "OpenSpiel (if installed)")


def _timed(seconds: float, step: Callable[[int], int]) -> tuple[int, float]:
    """Call step(i) for i = 0, 1, ... until ``seconds`` pass (at least once); (units
    done, elapsed seconds)."""
    done = 0
    i = 0
    start = time.perf_counter()
    while True:
        done += step(i)
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done, elapsed


def _chance(state: GameState, rng: random.Random) -> int:
    """An outcome of the chance node ``state``, drawn by its exact probabilities."""
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]


def play_random(state: GameState, rng: random.Random) -> int:
    """Finish ``state`` with ``legal_actions`` + ``apply_action``: decisions uniformly at
    random, chance outcomes by probability (from ``rng``); the plies played."""
    plies = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        plies += 1
    return plies


def _play_moves(state: GameState, rng: random.Random) -> int:
    """As play_random through ``legal_moves`` + ``apply`` (chance moves weighted)."""
    plies = 0
    while not state.is_terminal():
        moves = state.legal_moves()
        if state.is_chance_node():
            weights = [float(p) for _, p in state.chance_outcomes()]
            state.apply(rng.choices(moves, weights=weights)[0])
        else:
            state.apply(rng.choice(moves))
        plies += 1
    return plies


def _bench_c_playouts(seconds: float) -> dict[str, float]:
    games = plies = chance = 0
    batch = 200
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or games == 0:
        done = random_games(batch, PLAYERS, games + 1)
        games += done["games"]
        plies += done["plies"]
        chance += done["chance_plies"]
    return {"plies_per_s": plies / elapsed, "games_per_s": games / elapsed,
            "mean_plies": plies / games, "chance_share": chance / plies}


def _bench_loop(seconds: float, seed: int, new: Callable[[], GameState],
                play: Callable[[GameState, random.Random], int]) -> float:
    """Plies/s of random games from ``new()`` played by ``play``."""
    rng = random.Random(seed)
    plies, elapsed = _timed(seconds, lambda _: play(new(), rng))
    return plies / elapsed


def _new_state() -> GameState:
    state: GameState = GAME.new_state(players=PLAYERS)
    return state


def _bench_copy(seconds: float) -> tuple[float, int]:
    """(copies/s of a State 20 plies in, its size in bytes as sys.getsizeof sees it)."""
    state = _new_state()
    rng = random.Random(4)
    for _ in range(20):
        if state.is_chance_node():
            state.apply_action(_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))

    def copies(_: int) -> int:
        for _ in range(200):
            state.copy()
        return 200

    n, elapsed = _timed(seconds, copies)
    return n / elapsed, sys.getsizeof(state)


def _bench_openspiel(seconds: float) -> dict[str, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(OPENSPIEL_GAME)
    rng = random.Random(5)

    def py_game(_: int) -> int:
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights=probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        return plies

    py_plies, py_elapsed = _timed(seconds, py_game)
    lengths = [py_game(0) for _ in range(200)]
    mean_len = sum(lengths) / len(lengths)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 6)
    sims = 2000
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, sims, 10**9, False, 7, False)
    state = game.new_initial_state()
    done, elapsed = _timed(seconds, lambda _: (bot.step(state), sims)[1])
    return {"python_plies_per_s": py_plies / py_elapsed,
            "cpp_simulations_per_s": done / elapsed,
            "cpp_plies_per_s": done / elapsed * mean_len,
            "mean_plies": mean_len}


def run_benchmarks(seconds: float = 1.0,
                   progress: Callable[[str], object] | None = None) -> dict[str, Any]:
    """Run every measurement for about ``seconds`` each; the figures and their ratios.

    Returns ``{"python", "players", "seconds_per_measurement", "c_playouts":
    {"plies_per_s", "games_per_s", "mean_plies", "chance_share"},
    "python_int_loop_plies_per_s", "python_move_loop_plies_per_s",
    "reference_plies_per_s", "copy_per_s", "state_bytes": {"c_struct", "python_object"},
    "ratios": {name: x}}``, plus
    ``"openspiel_pig"`` (``python_plies_per_s``, ``cpp_simulations_per_s``,
    ``cpp_plies_per_s``, ``mean_plies``) when OpenSpiel is installed. ``progress``, if
    given, is called with each name of MEASUREMENTS, in order, as it starts. Raises
    ValueError unless ``seconds`` is positive.
    """
    if not seconds > 0:
        raise ValueError(f"seconds must be positive, got {seconds!r}")

    def starting(name: str) -> None:
        if progress is not None:
            progress(name)

    starting(MEASUREMENTS[0])
    c = _bench_c_playouts(seconds)
    starting(MEASUREMENTS[1])
    int_loop = _bench_loop(seconds, 1, _new_state, play_random)
    starting(MEASUREMENTS[2])
    move_loop = _bench_loop(seconds, 2, _new_state, _play_moves)
    starting(MEASUREMENTS[3])
    ref = _bench_loop(seconds, 3, lambda: RefState(PLAYERS, hard=False, switch_per_turn=False), play_random)
    starting(MEASUREMENTS[4])
    copies, size = _bench_copy(seconds)
    report: dict[str, Any] = {
        "python": sys.version.split()[0],
        "players": PLAYERS,
        "seconds_per_measurement": seconds,
        "c_playouts": c,
        "python_int_loop_plies_per_s": int_loop,
        "python_move_loop_plies_per_s": move_loop,
        "reference_plies_per_s": ref,
        "copy_per_s": copies,
        "state_bytes": {"c_struct": STATE_BYTES, "python_object": size},
        "ratios": {
            "c_vs_reference": c["plies_per_s"] / ref,
            "c_vs_python_int_loop": c["plies_per_s"] / int_loop,
            "int_loop_vs_move_loop": int_loop / move_loop,
            "int_loop_vs_reference": int_loop / ref,
        },
    }
    starting(MEASUREMENTS[5])
    spiel = _bench_openspiel(seconds)
    if spiel is not None:
        report["openspiel_pig"] = spiel
        report["ratios"]["c_vs_openspiel_cpp"] = c["plies_per_s"] / spiel["cpp_plies_per_s"]
        report["ratios"]["int_loop_vs_openspiel_python"] = int_loop / spiel["python_plies_per_s"]
    return report


def format_report(report: dict[str, Any]) -> str:
    """The report of run_benchmarks as aligned text lines, none longer than 80 characters
    whatever its figures (pickpack.report_columns)."""
    c = report["c_playouts"]
    lines = [
        f"PUSH, {report['players']} players, random games (plies include chance outcomes)",
        f"{label('C random playouts')}{figure(c['plies_per_s']):>14} plies/s",
        f"{label('')}{figure(c['games_per_s']):>14} games/s ({figure(c['mean_plies'], 1)} plies/game, "
        f"{figure(100 * c['chance_share'], 0)}% chance)",
        f"{label('Python int loop')}{figure(report['python_int_loop_plies_per_s']):>14} plies/s",
        f"{label('Python Move loop')}{figure(report['python_move_loop_plies_per_s']):>14} plies/s",
        f"{label('Python reference')}{figure(report['reference_plies_per_s']):>14} plies/s",
        f"{label('State.copy()')}{figure(report['copy_per_s']):>14} copies/s",
        f"{label('state size')}{figure(report['state_bytes']['c_struct']):>14} bytes (C struct)",
        f"{label('')}{figure(report['state_bytes']['python_object']):>14} bytes (Python object, shallow)",
    ]
    spiel = report.get("openspiel_pig")
    if spiel:
        lines += [
            f"{label('OpenSpiel Python loop')}{figure(spiel['python_plies_per_s']):>14} plies/s "
            f"({OPENSPIEL_GAME})",
            f"{label('OpenSpiel C++ MCTS loop')}{figure(spiel['cpp_plies_per_s']):>14} plies/s",
            f"{label('')}{figure(spiel['cpp_simulations_per_s']):>14} simulations/s "
            f"x {figure(spiel['mean_plies'], 1)} plies",
        ]
    else:
        lines.append(f"{label('OpenSpiel')}not installed ({pip_command('bench')})")
    lines += [f"{label('ratios' if i == 0 else '')}{figure(v, 1, 13):>13}x  {k}"
              for i, (k, v) in enumerate(report["ratios"].items())]
    return fit_lines(lines)
