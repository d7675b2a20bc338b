"""The benchmark every game gets: the GameState protocol loop, measured in one run.

``pickpack bench --game NAME`` runs the game's own benchmark module when it names one
(Game.benchmark: Pick & Pack measures C playouts, its Python loops and the reference);
any other game gets this one: random games played through ``legal_actions`` +
``apply_action`` (chance outcomes drawn by their probabilities, as the match runner
does) and ``copy()``, with the plies-per-copy ratio.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from pickpack.game import Game
from pickpack.report_columns import figure, fit_lines, label

__all__ = ["MEASUREMENTS", "format_report", "run_benchmarks"]

MEASUREMENTS = ("protocol loop", "copy()")


def _random_game(game: Game[Any], rng: random.Random) -> int:
    """Play one game with uniformly random decisions and exact chance draws; its plies."""
    state = game.new_state(seed=rng.getrandbits(64))
    plies = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        plies += 1
    return plies


def run_benchmarks(game: Game[Any], seconds: float = 1.0,
                   progress: Callable[[str], object] | None = None) -> dict[str, Any]:
    """Measure ``game`` for about ``seconds`` per measurement.

    Returns ``{"game", "protocol_loop_plies_per_s", "games_per_s", "mean_plies",
    "copy_per_s", "ratios": {"copies per ply": x}}``; ``progress`` gets each name of
    MEASUREMENTS as it starts.
    """
    rng = random.Random(1)
    if progress is not None:
        progress(MEASUREMENTS[0])
    games = plies = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or games == 0:
        plies += _random_game(game, rng)
        games += 1
    loop = plies / elapsed
    if progress is not None:
        progress(MEASUREMENTS[1])
    state = game.new_state(seed=2)
    copies = 0
    start = time.perf_counter()
    while (copy_elapsed := time.perf_counter() - start) < seconds or copies == 0:
        state.copy()
        copies += 1
    copy_rate = copies / copy_elapsed
    return {"game": game.name, "protocol_loop_plies_per_s": loop, "games_per_s": games / elapsed,
            "mean_plies": plies / games, "copy_per_s": copy_rate,
            "ratios": {"copies per ply": copy_rate / loop}}


def format_report(report: dict[str, Any]) -> str:
    """The report as aligned text lines, none longer than 80 characters whatever its
    figures (pickpack.report_columns)."""
    return fit_lines([
        f"{label('game')}{report['game']:>14}",
        f"{label('protocol loop')}{figure(report['protocol_loop_plies_per_s']):>14} plies/s",
        f"{label('')}{figure(report['games_per_s'], 1):>14} games/s ({figure(report['mean_plies'], 1)} plies/game)",
        f"{label('copy()')}{figure(report['copy_per_s']):>14} copies/s",
        f"{label('ratios')}{figure(report['ratios']['copies per ply'], 1, 13):>13}x  copies per ply",
    ])
