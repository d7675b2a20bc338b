"""PUSH: the C MCTS against three ``heuristic`` bots, four players, seats rotated.

    python bench/bench_push_bots.py [--games 500] [--seed 1] [--simulations N]
        [--exploration C] [--margin M] [--heuristic SPEC] [--jobs 1] [--json]

Plays ``pickpack match --game push --players 4 MCTS heuristic heuristic heuristic``
through the match API (pickpack.match.play_match): the runner's Williams design seats
every bot in every seat equally often (docs/match.md), and every card and die is drawn
by the runner from the exact chance probabilities. Prints, per bot line, the mean rank
(1 = best, shared places averaged) and the win share (a shared win counts 1/k) with
their 95% intervals (pickpack.match.summary), the mean score and the wall time. ``--jobs 1`` (the default) keeps to one core.

The ``heuristic`` bot is PUSH's own, the entry point ``push.heuristic`` of
``pickpack.bots`` (pickpack.games.push.heuristic_bot:PushHeuristicBot); when the installed metadata does
not have it yet (an editable install made before it was added), this script registers
it for its own run with a distribution laid out in a temporary folder.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from pickpack import plugins
from pickpack.bots import available_bots
from pickpack.match import GameResult, play_match
from pickpack.match.summary import MatchSummary

HEURISTIC = "pickpack.games.push.heuristic_bot:PushHeuristicBot"
#: The MCTS options of the evaluation (docs/bots.md, "PUSH"): PUSH's own search
#: (core/push/push_search.h) plays every root decision out under the same draws by the
#: rollout policy of core/push/push_policy.h, so 1,000 simulations (~40 ms a move)
#: suffice; `exploration` is its confidence (standard errors of the paired lead over
#: the policy's decision), 1 the bot's default and the best of 0, 1, 2 at 100
#: simulations.
SIMULATIONS = 1000
EXPLORATION = 1.0
MARGIN = 0.5


def register_heuristic(folder: Path) -> None:
    """Make ``push.heuristic`` a bot entry point for this process: a distribution in
    ``folder`` (a ``.dist-info`` with the entry point) put first on sys.path."""
    info = folder / "push_heuristic_bench-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: push-heuristic-bench\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[pickpack.bots]\npush.heuristic = {HEURISTIC}\n")
    sys.path.insert(0, str(folder))
    plugins.refresh()


def report(summary: MatchSummary, seconds: float) -> str:
    """One line per bot: mean rank and win share with 95% intervals, mean score."""
    lines = [f"{summary.games_played} games of push, 4 players, {seconds:.0f} s"]
    for line in summary.lines:
        lo, hi = line.rank_ci95
        wlo, whi = line.win_share_ci95
        lines.append(f"{line.bot:<40} mean rank {line.mean_rank:.3f} ({lo:.3f}-{hi:.3f})  "
                     f"win share {line.win_share:.3f} ({wlo:.3f}-{whi:.3f})  "
                     f"mean score {line.mean_score:.1f}  forfeits {line.forfeits}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the match (module docstring); 0 on success."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=SIMULATIONS)
    parser.add_argument("--exploration", type=float, default=EXPLORATION)
    parser.add_argument("--margin", type=float, default=MARGIN)
    parser.add_argument("--heuristic", default="heuristic", help="the spec of the three opponents")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    mcts = f"mcts:simulations={args.simulations},exploration={args.exploration:g},margin={args.margin:g}"
    bots = [mcts, args.heuristic, args.heuristic, args.heuristic]
    with tempfile.TemporaryDirectory() as folder:
        if "heuristic" not in available_bots("push"):
            register_heuristic(Path(folder))
        started = time.monotonic()

        def progress(result: GameResult) -> None:
            done[0] += 1
            if done[0] % 20 == 0:
                print(f"  {done[0]}/{args.games} games, {time.monotonic() - started:.0f} s",
                      file=sys.stderr, flush=True)

        done = [0]
        summary = play_match(bots, args.games, args.seed, progress, game="push", players=4,
                             jobs=args.jobs, keep_games=False)
        seconds = time.monotonic() - started
    if args.json:
        print(json.dumps({**summary.to_json(), "seconds": seconds, "specs": bots}, indent=1))
    else:
        print(report(summary, seconds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
