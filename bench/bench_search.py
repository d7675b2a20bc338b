"""Speed of the search bots, measured side by side in one run.

- MCTS (the generic UCT of core/common/pp_mcts.h compiled over Pick & Pack's table of
  game operations, core/pickpack/ops.c): simulations per second from the opening play
  position of the deal and placements of seed 1, one search of ``--simulations`` on one
  core; and the same search as any game's table runs it (pp_mcts_run calling
  pp_pickpack_ops through its pointers, ``mcts_search_through_table``), measured
  alternately with it so that both see the same load, and their ratio;
- OpenSpiel's C++ MCTSBot (uct_c 2, one random rollout per leaf) on
  breakthrough(rows=6,columns=6) from its initial state, when pyspiel is installed, and
  the ratio of the two;
- alpha-beta (core/pickpack/alphabeta.c): positions visited per second at a fixed depth, from
  the same opening and from a middle-game position;
- deadline: how far past a 0.03 s deadline (``seconds``, the search time of a bot under
  ``--time-limit 0.05``) ``alphabeta_search(depth=64)`` and
  ``mcts_search(simulations=10**9)`` return, the worst over five middle-game positions
  (the C searches' own wall time).

Each figure is the best of ``--repeat`` runs, per second of wall time and per second
of CPU time of this process (on a shared machine the wall-time figure drops with the
load; the CPU-time one much less). Run: ``python bench/bench_search.py [--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.games.pickpack._search import alphabeta_search, mcts_search, mcts_search_through_table


def opening(seed: int) -> Any:
    return pickpack.new_game("pickpack", seed=seed, placements=pickpack_game.placements_from_seed(seed))


def middle_game(seed: int, plies: int) -> Any:
    rng = random.Random(seed)
    state = opening(seed)
    for _ in range(plies):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def timed(run: Callable[[], float]) -> tuple[float, float]:
    """(work / wall seconds, work / CPU seconds) of one call of ``run`` -> work done."""
    wall, cpu = time.perf_counter(), time.process_time()
    work = run()
    return work / (time.perf_counter() - wall), work / max(time.process_time() - cpu, 1e-9)


def best_of(repeat: int, run: Callable[[int], float]) -> tuple[float, float]:
    rates = [timed(lambda: run(i)) for i in range(repeat)]
    return max(r[0] for r in rates), max(r[1] for r in rates)


def mcts_rates(simulations: int, repeat: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """(compiled over the table, through the table's pointers): each the best of
    ``repeat`` searches, the two run alternately."""
    state = opening(1)
    direct: list[tuple[float, float]] = []
    table: list[tuple[float, float]] = []
    for i in range(repeat):
        direct.append(timed(lambda: float(mcts_search(state, simulations=simulations, seed=i)["simulations"])))
        table.append(timed(lambda: float(
            mcts_search_through_table(state, simulations=simulations, seed=i)["simulations"])))
    return ((max(r[0] for r in direct), max(r[1] for r in direct)),
            (max(r[0] for r in table), max(r[1] for r in table)))


def openspiel_rate(simulations: int, repeat: int) -> tuple[float, float] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("breakthrough(rows=6,columns=6)")

    def run(i: int) -> float:
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, i), 2.0, simulations,
                              1000, False, i, False)
        bot.step(game.new_initial_state())
        return float(simulations)

    return best_of(repeat, run)


def alphabeta_rate(state: Any, depth: int, repeat: int) -> tuple[float, float, int]:
    nodes = alphabeta_search(state, depth=depth)["nodes"]
    wall, cpu = best_of(repeat, lambda i: float(alphabeta_search(state, depth=depth)["nodes"]))
    return wall, cpu, nodes


def deadline_overshoot(deadline: float) -> dict[str, float]:
    """Worst seconds past ``deadline`` of each search with an unreachable budget."""
    worst = {"alphabeta": 0.0, "mcts": 0.0}
    for seed in range(1, 6):
        state = middle_game(seed, 12)
        ab = alphabeta_search(state, depth=64, seconds=deadline)["seconds"]
        mc = mcts_search(state, simulations=10**9, seconds=deadline, seed=seed)["seconds"]
        worst["alphabeta"] = max(worst["alphabeta"], ab - deadline)
        worst["mcts"] = max(worst["mcts"], mc - deadline)
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=100_000, help="MCTS simulations per search")
    parser.add_argument("--openspiel-simulations", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    ours, through_table = mcts_rates(args.simulations, args.repeat)
    theirs = openspiel_rate(args.openspiel_simulations, args.repeat)
    ab_open = alphabeta_rate(opening(1), 11, args.repeat)
    ab_mid = alphabeta_rate(middle_game(4, 12), 7, args.repeat)
    late = deadline_overshoot(0.03)
    report: dict[str, Any] = {
        "mcts_simulations_per_s": {"wall": round(ours[0]), "cpu": round(ours[1])},
        "mcts_through_table_simulations_per_s": {"wall": round(through_table[0]),
                                                 "cpu": round(through_table[1])},
        "openspiel_mcts_simulations_per_s":
            None if theirs is None else {"wall": round(theirs[0]), "cpu": round(theirs[1])},
        "ratio_mcts_vs_openspiel":
            None if theirs is None else {"wall": round(ours[0] / theirs[0], 2),
                                         "cpu": round(ours[1] / theirs[1], 2)},
        "alphabeta_opening_depth11": {"nodes": ab_open[2], "nodes_per_s_wall": round(ab_open[0]),
                                      "nodes_per_s_cpu": round(ab_open[1])},
        "alphabeta_middle_depth7": {"nodes": ab_mid[2], "nodes_per_s_wall": round(ab_mid[0]),
                                    "nodes_per_s_cpu": round(ab_mid[1])},
        "seconds_past_a_0.03_s_deadline": {k: round(v, 4) for k, v in late.items()},
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    rows = [("MCTS simulations/s, Pick & Pack opening (seed 1)", ours),
            ("  same, generic pp_mcts_run through the table's pointers", through_table),
            ("  ratio compiled over the table / through pointers",
             (ours[0] / through_table[0], ours[1] / through_table[1]))]
    if theirs is not None:
        rows.append(("OpenSpiel MCTSBot simulations/s, breakthrough 6x6", theirs))
        rows.append(("ratio pickpack / OpenSpiel", (ours[0] / theirs[0], ours[1] / theirs[1])))
    rows.append((f"alpha-beta nodes/s, opening, depth 11 ({ab_open[2]:,} nodes)", ab_open[:2]))
    rows.append((f"alpha-beta nodes/s, middle game, depth 7 ({ab_mid[2]:,} nodes)", ab_mid[:2]))
    print(f"{'':<62}{'per wall s':>14}{'per CPU s':>14}")
    for label, (wall, cpu) in rows:
        fmt = "{:>14.2f}" if wall < 100 else "{:>14,.0f}"
        print(f"{label:<62}" + fmt.format(wall) + fmt.format(cpu))
    print(f"seconds past a 0.03 s deadline (worst of 5): alpha-beta depth 64 "
          f"{late['alphabeta']:.4f}, MCTS 10**9 simulations {late['mcts']:.4f}")
    if theirs is None:
        print("OpenSpiel: pyspiel is not installed (pip install open-spiel) - no comparison")


if __name__ == "__main__":
    main()
