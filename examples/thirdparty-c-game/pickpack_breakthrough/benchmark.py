"""``pickpack bench --game breakthrough``: C random playouts of this game beside
OpenSpiel's C++ loop on ``breakthrough(rows=6,columns=6)``, the very same game, in one
run (the C++ loop as pickpack's own benchmark measures it: OpenSpiel's MCTSBot with one
random rollout per simulation, so plies/s ~ simulations/s x the mean length of a random
game, which is the same in both: the same game under the same uniform policy)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pickpack.report_columns import figure, fit_lines, label

from pickpack_breakthrough._core import random_games

__all__ = ["MEASUREMENTS", "format_report", "run_benchmarks"]

MEASUREMENTS = ("C random playouts", "OpenSpiel C++ loop")


def _c_playouts(seconds: float) -> dict[str, float]:
    games = plies = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or games == 0:
        plies += random_games(2000, games + 1)
        games += 2000
    return {"plies_per_s": plies / elapsed, "mean_plies": plies / games}


def _openspiel(seconds: float, mean: float) -> dict[str, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("breakthrough(rows=6,columns=6)")
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 6), 2.0, 20_000, 10**9, False, 7, False)
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or done == 0:
        bot.step(game.new_initial_state())
        done += 20_000
    return {"simulations_per_s": done / elapsed, "plies_per_s": done / elapsed * mean, "mean_plies": mean}


def run_benchmarks(seconds: float = 1.0, progress: Callable[[str], object] | None = None) -> dict[str, Any]:
    """About ``seconds`` per measurement: ``{"c_playouts": {...}, "openspiel_cpp": {...}
    or None (pyspiel not installed), "ratio": C plies/s over OpenSpiel's or None}``."""
    (progress or str)(MEASUREMENTS[0])
    ours = _c_playouts(seconds)
    (progress or str)(MEASUREMENTS[1])
    theirs = _openspiel(seconds, ours["mean_plies"])
    return {"c_playouts": ours, "openspiel_cpp": theirs,
            "ratio": ours["plies_per_s"] / theirs["plies_per_s"] if theirs else None}


def format_report(report: dict[str, Any]) -> str:
    """The report as aligned lines of at most 80 characters."""
    ours, theirs = report["c_playouts"], report["openspiel_cpp"]
    lines = [f"{label('C random playouts')}{figure(ours['plies_per_s']):>14} plies/s "
             f"({figure(ours['mean_plies'], 1)} plies/game)"]
    if theirs is None:
        lines.append(f"{label('OpenSpiel C++ loop')}not installed (pip install open-spiel)")
    else:
        lines += [f"{label('OpenSpiel C++ loop')}{figure(theirs['plies_per_s']):>14} plies/s "
                  f"({figure(theirs['simulations_per_s'])} simulations/s x {figure(theirs['mean_plies'], 1)})",
                  f"{label('ratio')}{figure(report['ratio'], 1, 13):>13}x  C playouts / OpenSpiel C++"]
    return fit_lines(lines)
