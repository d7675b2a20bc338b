"""PACRU's benchmark (``pickpack bench --game pacru``): figures measured side by side in
one run, reported with ratios (the benchmark module protocol of Game.benchmark:
MEASUREMENTS, run_benchmarks, format_report).

Every game starts from the set-up of its player count (PA-S1..PA-S3) with the default
options and is played to its end (PA-E2, PA-E3) by the RANDOM PLAYOUT POLICY of
docs/pacru.md: a uniform choice among the distinct (chevron, travel, distance) moves
and (chevron, new direction) reorientations, then each open choice uniformly.

- ``random playouts, N players`` (N = 2, 3, 4): whole games in C
  (``pickpack.games.pacru._core.random_games``): plies/s, games/s, plies per game.
- ``legal move generation``: ``legal_actions()`` calls per second on the ``State`` over
  40 positions of random 2-player games (and the actions they return per second).
- ``MCTS simulations``: simulations per second of the C MCTS (``Game.native_mcts``;
  UCT, Kocsis & Szepesvari 2006) from the 2-player start.
- ``Python reference``: games per second of the plain-Python reference's playouts
  (``RefState.playout``), 2 players. It draws from the same distribution of games as
  the C core (not the same stream), so the ratio of games per second is the ratio of
  plies per second: ``c_vs_reference``, measured in the same run.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from pickpack.game import GameState
from pickpack.games.pacru._core import random_games
from pickpack.games.pacru._search import mcts_search
from pickpack.games.pacru.game import GAME
from pickpack.games.pacru.reference import RefState
from pickpack.report_columns import figure, fit_lines, label

__all__ = ["MEASUREMENTS", "PLAYER_COUNTS", "format_report", "random_states", "run_benchmarks"]

#: The player counts of the playout figures.
PLAYER_COUNTS = (2, 3, 4)

MEASUREMENTS = ("random playouts, 2 players", "random playouts, 3 players", "random playouts, 4 players",
                "legal move generation", "MCTS simulations", "Python reference")


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


def _bench_reference(seconds: float, seed: int) -> dict[str, float]:
    """Games/s of the reference's random playouts (RefState.playout) from the 2-player start."""
    start = RefState(2)
    games, elapsed = _timed(seconds, lambda i: (start.playout(seed + i), 1)[1])
    return {"games_per_s": games / elapsed}


def _bench_c_playouts(seconds: float, players: int, seed: int) -> dict[str, float]:
    """Plies/s, games/s and plies per game of random games in C (batches of 50)."""
    games = plies = 0
    batch = 50
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or games == 0:
        done = random_games(batch, players, seed + games)
        games += int(done["games"])
        plies += int(done["plies"])
    return {"plies_per_s": plies / elapsed, "games_per_s": games / elapsed, "mean_plies": plies / games}


def random_states(count: int, seed: int, players: int = 2) -> list[GameState]:
    """``count`` positions of random ``players``-seat games (uniform legal actions from
    ``random.Random(seed)``): the start, then every 4th ply of as many games as it takes.
    Raises ValueError unless ``count`` is positive."""
    if count < 1:
        raise ValueError(f"count must be positive, got {count}")
    rng = random.Random(seed)
    states: list[GameState] = []
    while len(states) < count:
        state: GameState = GAME.new_state(players=players)
        while not state.is_terminal() and len(states) < count:
            if len(state.history_actions()) % 4 == 0:
                states.append(state.copy())
            state.apply_action(rng.choice(state.legal_actions()))
    return states


def _bench_legal(seconds: float) -> dict[str, float]:
    """legal_actions() calls/s and actions/s over 40 positions of random games."""
    states = random_states(40, 11)
    counts = [len(s.legal_actions()) for s in states]

    def calls(_: int) -> int:
        for s in states:
            s.legal_actions()
        return len(states)

    n, elapsed = _timed(seconds, calls)
    per_call = sum(counts) / len(counts)
    return {"calls_per_s": n / elapsed, "actions_per_s": n / elapsed * per_call, "mean_actions": per_call}


def _bench_mcts(seconds: float) -> float:
    """Simulations/s of the C MCTS from the 2-player start (searches of 2000)."""
    state = GAME.new_state(players=2)
    sims = 2000
    done, elapsed = _timed(seconds, lambda i: int(mcts_search(state, simulations=sims, seed=i + 1)["simulations"]))
    return done / elapsed


def run_benchmarks(seconds: float = 1.0,
                   progress: Callable[[str], object] | None = None) -> dict[str, Any]:
    """Run every measurement for about ``seconds`` each; the figures and their ratio.

    Returns ``{"python", "seconds_per_measurement", "playouts": {"2"|"3"|"4":
    {"plies_per_s", "games_per_s", "mean_plies"}}, "legal_moves": {"calls_per_s",
    "actions_per_s", "mean_actions"}, "mcts_simulations_per_s", "reference_games_per_s"
    (2 players), "ratios": {"c_vs_reference"}}``; the ratio is the C core's 2-player
    games/s over the reference's. ``progress``, if given, is called with each name of
    MEASUREMENTS, in order, as it starts. Raises ValueError unless ``seconds`` is
    positive.
    """
    if not seconds > 0:
        raise ValueError(f"seconds must be positive, got {seconds!r}")

    def starting(name: str) -> None:
        if progress is not None:
            progress(name)

    playouts: dict[str, dict[str, float]] = {}
    for i, players in enumerate(PLAYER_COUNTS):
        starting(MEASUREMENTS[i])
        playouts[str(players)] = _bench_c_playouts(seconds, players, 1 + 1000 * i)
    starting(MEASUREMENTS[3])
    legal = _bench_legal(seconds)
    starting(MEASUREMENTS[4])
    mcts = _bench_mcts(seconds)
    starting(MEASUREMENTS[5])
    ref = _bench_reference(seconds, 5001)
    return {
        "python": sys.version.split()[0],
        "seconds_per_measurement": seconds,
        "playouts": playouts,
        "legal_moves": legal,
        "mcts_simulations_per_s": mcts,
        "reference_games_per_s": ref["games_per_s"],
        "ratios": {"c_vs_reference": playouts["2"]["games_per_s"] / ref["games_per_s"]},
    }


def format_report(report: dict[str, Any]) -> str:
    """The report of run_benchmarks as aligned text lines, none longer than 80 characters
    whatever its figures (pickpack.report_columns)."""
    lines = ["PACRU, random games from the start (C core unless named)"]
    for players, figures in report["playouts"].items():
        lines += [
            f"{label(f'random playouts, {players}p')}{figure(figures['plies_per_s']):>14} plies/s",
            f"{label('')}{figure(figures['games_per_s']):>14} games/s ({figure(figures['mean_plies'], 1)} plies/game)",
        ]
    legal = report["legal_moves"]
    lines += [
        f"{label('legal_actions()')}{figure(legal['calls_per_s']):>14} calls/s "
        f"({figure(legal['mean_actions'], 1)} actions each)",
        f"{label('MCTS, 2 players')}{figure(report['mcts_simulations_per_s']):>14} simulations/s",
        f"{label('Python reference, 2p')}{figure(report['reference_games_per_s'], 1):>14} games/s",
    ]
    lines += [f"{label('ratios' if i == 0 else '')}{figure(v, 1, 13):>13}x  {k}"
              for i, (k, v) in enumerate(report["ratios"].items())]
    return fit_lines(lines)
