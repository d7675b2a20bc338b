"""Speed of Pick & Pack's C-backed state, and the same figures of another build of
pickpack in the same run (``--before DIR``: a folder holding an older ``pickpack``
package, built), measured alternately so that both see the same load.

- loop: the Python loop of a whole play phase, ``legal_actions()`` then
  ``apply_action(choice)`` from the first play position of a deal to the end (plies per
  second);
- undo: ``undo()`` back to that position (plies per second);
- copy: ``copy()`` of a state 30 plies into play (copies per second);
- random_games: ``random_games(n, seed)``, whole games from the deal in C (games per
  second);
- mcts: ``mcts_search(simulations=...)`` from the opening play position of seed 1
  (simulations per second);
- alphabeta: ``alphabeta_search(depth=...)`` from the same position (nodes per second);
- bytes: ``sys.getsizeof`` of a finished state, and the memory one ``copy()`` holds
  (object and heap, by tracemalloc) at the first play position and at the end.

Each figure is the best of ``--repeat`` rounds, per CPU second of the measuring
process (the wall-time figure drops with the load of a shared machine, this one much
less). Run: ``python bench/bench_pickpack_core.py [--before DIR] [--json]``.
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

#: The measurements, in the order printed, and their units.
UNITS = {"loop": "plies/s", "undo": "plies/s", "copy": "copies/s", "random_games": "games/s",
         "mcts": "simulations/s", "alphabeta": "nodes/s"}


def _cpu_rate(run: Callable[[], float]) -> float:
    """Work per CPU second of one call of ``run`` (which returns the work done)."""
    cpu = time.process_time()
    work = run()
    return work / max(time.process_time() - cpu, 1e-9)


def measure(games: int, simulations: int, depth: int) -> dict[str, Any]:
    """One round of every figure, in this process (module docstring)."""
    import pickpack.games.pickpack as pickpack_game
    from pickpack.games.pickpack._search import alphabeta_search, mcts_search
    from pickpack.games.pickpack.game import first_play_position

    roots = [first_play_position(seed) for seed in range(1, 41)]
    rng = random.Random(5)
    played: list[Any] = []

    def loop() -> float:
        plies = 0
        for root in roots:
            state = root.copy()
            while not state.is_terminal():
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                plies += 1
            played.append(state)
        return float(plies)

    def undo() -> float:
        plies = 0
        for state in played:
            while state.ply:
                state.undo()
                plies += 1
        return float(plies)

    middle = roots[0].copy()
    for _ in range(30):
        middle.apply_action(middle.legal_actions()[0])

    def copy() -> float:
        for _ in range(20_000):
            middle.copy()
        return 20_000.0

    out: dict[str, Any] = {"loop": _cpu_rate(loop)}
    ended = played[0]
    sizes = {"getsizeof": sys.getsizeof(ended), "plies": ended.ply,
             "copy_at_start": _bytes_per_copy(roots[0]), "copy_at_end": _bytes_per_copy(ended)}
    out["undo"] = _cpu_rate(undo)
    out["copy"] = _cpu_rate(copy)
    out["random_games"] = _cpu_rate(lambda: float(pickpack_game.random_playouts(games, seed=3)["games"]))
    opening = roots[0]
    out["mcts"] = _cpu_rate(lambda: float(mcts_search(opening, simulations=simulations, seed=1)["simulations"]))
    out["alphabeta"] = _cpu_rate(lambda: float(alphabeta_search(opening, depth=depth)["nodes"]))
    out["bytes"] = sizes
    return out


def _bytes_per_copy(state: Any) -> int:
    """Memory that one ``state.copy()`` holds (object and heap; tracemalloc)."""
    import tracemalloc
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    keep = [state.copy() for _ in range(100)]
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    del keep
    return used // 100


def _round_in(path: str | None, args: argparse.Namespace) -> dict[str, Any]:
    """One round in a fresh process whose ``pickpack`` is imported from ``path``."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    code = (f"import json, sys; sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r}); "
            f"import bench_pickpack_core as b; "
            f"print(json.dumps(b.measure({args.games}, {args.simulations}, {args.depth})))")
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True,
                         cwd="/")
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--before", help="a folder holding another built pickpack package")
    parser.add_argument("--games", type=int, default=20_000, help="random_games per round")
    parser.add_argument("--simulations", type=int, default=50_000, help="MCTS simulations per round")
    parser.add_argument("--depth", type=int, default=9, help="alpha-beta depth")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sides: dict[str, str | None] = {"after": None}
    if args.before:
        sides = {"before": args.before, "after": None}
    rounds: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
    for i in range(args.repeat):
        order = list(sides.items())
        for side, path in order if i % 2 == 0 else order[::-1]:    # neither always first
            rounds[side].append(_round_in(path, args))
    best = {side: {name: max(r[name] for r in rs) for name in UNITS} | {"bytes": rs[0]["bytes"]}
            for side, rs in rounds.items()}
    if args.json:
        print(json.dumps(best, indent=2))
        return
    for name, unit in UNITS.items():
        row = "  ".join(f"{side} {best[side][name]:>12,.0f}" for side in sides)
        ratio = f"  after/before {best['after'][name] / best['before'][name]:.2f}" if args.before else ""
        print(f"{name:<13} {unit:<14} {row}{ratio}")
    for side in sides:
        print(f"bytes {side}: {best[side]['bytes']}")


if __name__ == "__main__":
    main()
