"""Speed of the Python game loop of every installed game beside OpenSpiel's Python loop.

The loop is what a learning or search library written in Python does with a state: at a
decision node ``legal_actions()`` and ``apply_action`` of a uniformly random choice, at a
chance node an outcome drawn by its probability from ``chance_outcomes()``; from the start
position of each seed to the end of the game. OpenSpiel's loop is the same over
``pyspiel`` states (``legal_actions``, ``apply_action``, ``chance_outcomes``) on the games
the issue compares with: ``pig(players=4)`` beside PUSH, ``breakthrough(rows=6,columns=6)``
beside PACRU, Pick & Pack and the Breakthrough example.

A game's ``random_action`` (the random bot's path, where the state offers one) is timed
too: PACRU lists up to hundreds of thousands of actions per turn, so its random bot draws
one without listing them.

Each figure is plies (decisions and chance draws) per CPU-second of the measuring
process, the best of ``--repeat`` runs of ``--seconds`` each. Ratios are only meaningful
within one run. ``--before DIR`` (a folder holding another built ``pickpack`` package)
measures that build too, in fresh processes alternating with this one's so that both see
the same load, and prints both side by side with each loop's ratio to the OpenSpiel loop
it is compared with (COMPARABLE).
Run: ``python bench/bench_python_loop.py [--before DIR] [--seconds S] [--repeat R] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import pickpack
from pickpack.games_registry import available_games

OPENSPIEL = {"pig(players=4)": "pig(players=4)", "breakthrough 6x6": "breakthrough(rows=6,columns=6)"}
#: The OpenSpiel loop each game's loops are compared with (the issue's pairs).
COMPARABLE = {"push": "pig(players=4)", "pig": "pig(players=4)", "pacru": "breakthrough 6x6",
              "pickpack": "breakthrough 6x6", "breakthrough": "breakthrough 6x6"}


def _draw(outcomes: list[tuple[int, Any]], rng: random.Random) -> int:
    x = rng.random()
    for action, p in outcomes:
        x -= float(p)
        if x < 0:
            return int(action)
    return int(outcomes[-1][0])


def _timed(play_one: Callable[[int], int], seconds: float) -> float:
    """Plies per CPU-second of play_one(seed) -> plies, over at least ``seconds``."""
    plies, seed = 0, 0
    start = time.process_time()
    while True:
        plies += play_one(seed)
        seed += 1
        spent = time.process_time() - start
        if spent >= seconds:
            return plies / spent


def _loop(new_state: Callable[[int], Any], choose: Callable[[Any, random.Random], int]) -> Callable[[int], int]:
    """One seeded game from ``new_state(seed)``: chance drawn from chance_outcomes(),
    decisions by ``choose(state, rng)``; returns its plies."""
    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = new_state(seed)
        plies = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_draw(state.chance_outcomes(), rng))
            else:
                state.apply_action(choose(state, rng))
            plies += 1
        return plies
    return play


def _uniform(state: Any, rng: random.Random) -> int:
    return int(rng.choice(state.legal_actions()))


def pickpack_loop(name: str) -> Callable[[int], int]:
    """One seeded random game of ``name`` through the GameState protocol; its plies."""
    return _loop(lambda seed: pickpack.new_game(name, seed=seed), _uniform)


def random_action_loop(name: str) -> Callable[[int], int] | None:
    """One seeded game of ``name`` by the state's own ``random_action``, if it has one."""
    if not hasattr(pickpack.new_game(name, seed=0), "random_action"):
        return None
    return _loop(lambda seed: pickpack.new_game(name, seed=seed), lambda state, rng: int(state.random_action(rng)))


def openspiel_loop(spec: str) -> Callable[[int], int]:
    """One seeded random game of OpenSpiel's ``spec`` through pyspiel; its plies."""
    import pyspiel
    game = pyspiel.load_game(spec)
    return _loop(lambda seed: game.new_initial_state(), _uniform)


def measure(seconds: float, repeat: int) -> dict[str, float]:
    """Best-of-``repeat`` plies/CPU-s of every loop, keyed by a label."""
    loops: dict[str, Callable[[int], int]] = {}
    for name in available_games():
        loops[f"{name} loop"] = pickpack_loop(name)
        own = random_action_loop(name)
        if own is not None:
            loops[f"{name} random_action"] = own
    try:
        for label, spec in OPENSPIEL.items():
            loops[f"OpenSpiel {label}"] = openspiel_loop(spec)
    except ImportError:
        pass
    return {label: max(_timed(play, seconds) for _ in range(repeat)) for label, play in loops.items()}


def _measure_in(path: str | None, seconds: float) -> dict[str, float]:
    """One round of ``measure(seconds, 1)`` in a fresh process whose ``pickpack`` is
    imported from ``path`` (this environment's when None)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([os.path.abspath(path), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    code = (f"import json, sys; sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r}); "
            f"import bench_python_loop as b; print(json.dumps(b.measure({seconds!r}, 1)))")
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True, cwd="/")
    result: dict[str, float] = json.loads(out.stdout)
    return result


def compare(before: str, seconds: float, repeat: int) -> dict[str, dict[str, float]]:
    """Best-of-``repeat`` figures of the build in ``before`` and of this one, rounds
    alternating (neither side always first)."""
    sides: list[tuple[str, str | None]] = [("before", before), ("after", None)]
    rounds: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for i in range(repeat):
        for side, path in sides if i % 2 == 0 else sides[::-1]:
            rounds[side].append(_measure_in(path, seconds))
    return {side: {label: max(r.get(label, 0.0) for r in rs) for label in rs[0]} for side, rs in rounds.items()}


def _openspiel_of(label: str, figures: dict[str, float]) -> float | None:
    """The figure of the OpenSpiel loop ``label``'s game is compared with, if measured."""
    reference = COMPARABLE.get(label.split()[0])
    return figures.get(f"OpenSpiel {reference}") if reference else None


def _table(best: dict[str, dict[str, float]]) -> list[str]:
    """One line per loop: each side's plies/CPU-s, its ratio to the comparable OpenSpiel
    loop (measured in the same process), and after/before."""
    sides = list(best)
    labels = list(best[sides[-1]])
    width = max(map(len, labels))
    head = f"{'plies/CPU-s':<{width}}" + "".join(f"  {side:>12}  {'x OpenSpiel':>11}" for side in sides)
    lines = [head + ("  after/before" if len(sides) == 2 else "")]
    for label in labels:
        row = f"{label:<{width}}"
        for side in sides:
            rate = best[side].get(label, 0.0)
            reference = _openspiel_of(label, best[side])
            ratio = f"{rate / reference:.2f}x" if reference and not label.startswith("OpenSpiel") else ""
            row += f"  {rate:>12,.0f}  {ratio:>11}"
        if len(sides) == 2 and best["before"].get(label):
            row += f"  {best['after'].get(label, 0.0) / best['before'][label]:>12.2f}"
        lines.append(row)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--before", help="a folder holding another built pickpack package")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per timing (default 1)")
    parser.add_argument("--repeat", type=int, default=3, help="timings per loop, best kept (default 3)")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of a table")
    args = parser.parse_args()
    best = (compare(args.before, args.seconds, args.repeat) if args.before
            else {"after": measure(args.seconds, args.repeat)})
    if args.json:
        print(json.dumps(best if args.before else best["after"]))
        return
    print("\n".join(_table(best)))


if __name__ == "__main__":
    main()
