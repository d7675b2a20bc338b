"""Reading a large PPN file to its final positions, scanning its tags and writing a
match's records: the PPN plugin of this tree against the one of a git revision (default
``main``), in one run (issue 19, "Work done once").

The bench writes ``--games`` random finished Pick & Pack games (uniformly random legal
moves from each seed's deal and placements, as ``pickpack match`` records them) to a
PPN file in a temporary directory. Then, once with ``plugins/pickpack_ppn`` as it is at
``--before`` (taken with ``git archive`` into a temporary directory and run in a child
process that puts it first on the path; the engine is this tree's) and once with this
tree's:

- *final positions*: every game read into a tree, one at a time, then
  ``game.end().state()`` (the reader replays each game once; the builder keeps its
  final position; before the previous session, ``state()`` replayed it again);
- *tags*: every game's tags (``Reader.read_headers()``, which sets up and replays
  nothing; a plugin without it reads every game whole);
- *write*: the match's results written with ``games_to_ppn`` (by their actions, each
  with the runner's text; a plugin that does not know actions reads the texts back).

Each side measures what its plugin offers: the tag scan uses ``read_headers`` where the
plugin has it, and the results are handed over with their actions (a plugin that does
not know them writes from the texts). ``--before-python PYTHON`` measures instead, as
*before*, the engine and plugin that interpreter imports (the Python of another
checkout's environment, e.g. ``/work/main/.venv/bin/python``: its Pick & Pack dialect
and C binding too, not only its plugin); the child writes no bytecode there.

Each figure is plies per second of CPU time of its process (not wall time: the machine
is shared), the best of ``--repeat`` runs; the runs of the two sides take turns, so
that a change in the machine's load falls on both. Run from the repository:
``python bench/bench_ppn_file.py [--games N] [--repeat R] [--before REF | --before-python PYTHON] [--json]``.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pickpack
import pickpack.games.pickpack as pickpack_game
from pickpack.match.result import GameResult
from pickpack.plugins import load
from pickpack_ppn.records import games_to_ppn

GOAL = 1.5
DATE = "2026.01.01"


def random_results(n: int) -> list[GameResult]:
    """n finished random games as match results (actions and texts), seed = index."""
    results = []
    for seed in range(n):
        rng = random.Random(seed)
        state = pickpack.new_game("pickpack", seed=seed, placements=pickpack_game.placements_from_seed(seed))
        moves, actions = [], []
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            moves.append(state.action_text(action))
            actions.append(action)
            state.apply_action(action)
        results.append(GameResult(
            index=seed, game="pickpack", seed=seed, players=("red", "blue"), seats=("random", "random"),
            bot_seats=(0, 1), returns=tuple(state.returns()), scores=dict(state.scores()),
            plies=len(actions), moves=moves, variant="dealt", actions=actions))
    return results


def cpu_rate(work: int, run: Callable[[], object], repeat: int) -> float:
    """work / CPU seconds of ``run``, the best of ``repeat`` calls."""
    best = 0.0
    for _ in range(repeat):
        started = time.process_time()
        run()
        best = max(best, work / max(time.process_time() - started, 1e-9))
    return best


def measure(path: Path, results: list[GameResult], repeat: int) -> dict[str, float]:
    """The three figures (module docstring) of the PPN plugin imported here, reading
    ``path`` (the records of ``results``), with the reader's header scan where it has one."""
    ppn = load("pickpack.notations", "ppn")
    plies = sum(len(r.moves) for r in results)

    def finals() -> None:
        with ppn.open(path) as stream:
            for game in ppn.iter_games(stream):
                game.end().state()

    def tags() -> None:
        with ppn.open(path) as stream:
            reader = ppn.Reader(stream)
            read = getattr(reader, "read_headers", reader.read_game)
            while read() is not None:
                pass

    return {"finals": cpu_rate(plies, finals, repeat), "tags": cpu_rate(plies, tags, repeat),
            "write": cpu_rate(plies, lambda: games_to_ppn(results, io.StringIO(), date=DATE), repeat)}


def write_file(path: Path, results: list[GameResult]) -> None:
    with open(path, "w", encoding="utf-8") as out:
        games_to_ppn(results, out, date=DATE)


def before_runner(ref: str, games: int, path: Path, tmp: Path,
                  python: str | None = None) -> Callable[[], dict[str, float]]:
    """What measures once (one run of each figure) in a child process running the PPN
    plugin of git revision ``ref``, or (``python``) everything that interpreter imports."""
    if python is not None:
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        env.pop("PYTHONPATH", None)
        return lambda: _child(python, env, path, games, python)
    repo = Path(__file__).resolve().parent.parent
    old = tmp / "before"
    old.mkdir()
    archive = subprocess.run(["git", "-C", str(repo), "archive", ref, "plugins/pickpack_ppn"],
                             capture_output=True, check=False)
    if archive.returncode != 0:
        raise SystemExit(f"bench_ppn_file: cannot take plugins/pickpack_ppn at {ref!r}: "
                         f"{archive.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(old / "plugins"), os.environ.get("PYTHONPATH", "")])}
    return lambda: _child(sys.executable, env, path, games, ref)


def _child(python: str, env: dict[str, str], path: Path, games: int, what: str) -> dict[str, float]:
    child = subprocess.run([python, __file__, "--child", str(path), "--games", str(games),
                            "--repeat", "1"], env=env, capture_output=True, text=True, check=False)
    if child.returncode != 0:
        raise SystemExit(f"bench_ppn_file: the child running {what} failed:\n{child.stderr}")
    figures: dict[str, float] = json.loads(child.stdout)
    return figures


def format_report(r: dict[str, Any]) -> str:
    lines = [f"PPN file: {r['games']:,} random Pick & Pack games, {r['plies']:,} plies, {r['bytes']:,} bytes; "
             f"plies/s CPU, plugin at {r['ref']} -> this tree"]
    for key, title in (("finals", "read to the final positions"), ("tags", "scan the tags"),
                       ("write", "write a match's records")):
        ratio = r["after"][key] / r["before"][key]
        goal = f" (goal {GOAL:g}x: {'met' if ratio >= GOAL else 'MISSED'})" if key == "finals" else ""
        lines.append(f"  {title:<28} {r['before'][key]:>10,.0f} -> {r['after'][key]:>10,.0f}  "
                     f"{ratio:.2f}x{goal}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games in the file (default 10,000)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per figure, best kept (default 1)")
    parser.add_argument("--before", default="main", help="git revision of the plugin before (default main)")
    parser.add_argument("--before-python", help="measure as before all that this Python imports (engine and plugin)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)   # the run of --before
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    results = random_results(args.games)
    if args.child is not None:
        print(json.dumps(measure(args.child, results, args.repeat)))
        return 0
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        path = tmp / "bench.ppn"
        write_file(path, results)
        report: dict[str, Any] = {
            "games": args.games, "plies": sum(len(r.moves) for r in results), "bytes": path.stat().st_size,
            "ref": args.before_python or args.before}
        run_before = before_runner(args.before, args.games, path, tmp, args.before_python)
        befores, afters = [], []
        for _ in range(args.repeat):    # in turn, so that a change of the machine's load hits both
            befores.append(run_before())
            afters.append(measure(path, results, 1))
        for side, runs in (("before", befores), ("after", afters)):
            report[side] = {key: max(run[key] for run in runs) for key in runs[0]}
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
