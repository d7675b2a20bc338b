"""PACRU: the C MCTS against the ``greedy`` bot, two players and four players.

    python bench/bench_pacru_bots.py [--players 2 4] [--games 200] [--seed 1]
        [--simulations N | --seconds S] [--exploration C] [--margin M] [--jobs 1] [--json]

Plays, through the match API (pickpack.match.play_match, the runner behind ``pickpack
match``), for each player count asked:

- 2 players: ``pickpack match --game pacru MCTS greedy``: the runner alternates the
  seats (games 2k and 2k+1 swap them), so MCTS moves first (south, PA-S4) in half the
  games;
- 4 players: ``pickpack match --game pacru --players 4 MCTS greedy greedy greedy``: one
  MCTS against three greedy bots, seated by the runner's Williams design (every bot in
  every seat once in each 4 games, docs/match.md). One against three, not two against
  two: PACRU has no teams (each seat wins alone, PA-E2), so two MCTS bots would compete
  with each other as much as with the greedy ones, and the question "is MCTS better than
  greedy in the same field?" has the plain answer "its win share is above the fair 1/4".

PACRU has no chance and one set-up per player count, so the games differ only by the
bots' seeds (greedy breaks ties at random; MCTS seeds each search from its seed and the
position). Prints per bot line the wins, draws (shared results) and losses, the win
share (a shared win counts 1/k) with its Wilson 95% interval (pickpack.match.summary),
the mean cells and plies, and the wall time; then how the games ended (``ending``): by
a seat reaching the target, by one seat being the last with chevrons (PA-E2), or at the
ply cap (PA-E3), counted for the games MCTS won and for the others. ``--jobs 1`` (the
default) keeps to one core.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from collections import Counter

from pickpack.games.pacru.encoding import MAX_GAME_LENGTH, TARGET
from pickpack.match import GameResult, play_match
from pickpack.match.summary import MatchSummary

__all__ = ["ENDINGS", "EXPLORATION", "MARGIN", "SIMULATIONS", "ending", "main", "mcts_spec", "report", "run"]

#: The MCTS options of the evaluation (docs/bots.md, "PACRU").
SIMULATIONS = 4000
EXPLORATION = 1.0
MARGIN = 0.5


#: How a game ends (PA-E2, PA-E3), in the order ``ending`` tells them apart.
ENDINGS = ("target", "last left", "ply cap")


def ending(result: GameResult, max_plies: int = MAX_GAME_LENGTH) -> str:
    """How ``result`` (a finished PACRU game) ended, from its final scores (cells by
    seat name) and plies: ``"target"`` when a seat has the target's cells (PA-C5,
    PA-E2), ``"ply cap"`` when it reached ``max_plies`` (PA-E3), else ``"last left"``
    (one seat kept chevrons, PA-E2). ValueError for a game lost by a fault."""
    if result.fault is not None:
        raise ValueError(f"game {result.index} ended by a fault: {result.forfeit}")
    if max(result.scores.values()) >= TARGET[len(result.players)]:
        return "target"
    return "ply cap" if result.plies >= max_plies else "last left"


def mcts_spec(simulations: int | None, seconds: float | None, exploration: float, margin: float) -> str:
    """The bot spec of the MCTS side: a simulation budget or a time budget (not both)."""
    budget = f"seconds={seconds:g}" if seconds is not None else f"simulations={simulations}"
    return f"mcts:{budget},exploration={exploration:g},margin={margin:g}"


def report(summary: MatchSummary, seconds: float, endings: Counter[tuple[bool, str]]) -> str:
    """A header, one line per bot (W-D-L, win share with its Wilson 95% interval, mean
    cells, mean plies, forfeits) and the endings: ``endings`` counts (MCTS won, ending)."""
    lines = [f"{summary.games_played} games of pacru, {summary.players} players, {seconds:.0f} s"]
    for line in summary.lines:
        lo, hi = line.win_share_ci95
        lines.append(f"{line.bot:<46} {line.wins:>4}-{line.draws}-{line.losses:<4} "
                     f"win share {line.win_share:.3f} (95% CI {lo:.3f}-{hi:.3f})  "
                     f"mean cells {line.mean_score:.1f}  mean plies {line.mean_plies:.0f}  "
                     f"forfeits {line.forfeits}")
    for won, words in ((True, "MCTS won"), (False, "MCTS did not win")):
        counts = ", ".join(f"{name} {endings[won, name]}" for name in ENDINGS)
        lines.append(f"{words}: {counts}")
    return "\n".join(lines)


def run(players: int, games: int, seed: int, mcts: str,
        jobs: int) -> tuple[MatchSummary, float, Counter[tuple[bool, str]]]:
    """One match of ``games`` games: ``mcts`` (a bot spec) against ``players - 1``
    greedy bots; the summary, its wall time in seconds and the endings counted by (MCTS
    won alone or shared, ``ending``). Progress every 10 games goes to stderr."""
    bots = [mcts] + ["greedy"] * (players - 1)
    started = time.monotonic()
    done = [0]
    endings: Counter[tuple[bool, str]] = Counter()

    def record(result: GameResult) -> None:
        endings[result.bot_returns[0] > 0, ending(result)] += 1

    def progress(result: GameResult) -> None:
        done[0] += 1
        if done[0] % 10 == 0:
            print(f"  {players} players: {done[0]}/{games} games, {time.monotonic() - started:.0f} s",
                  file=sys.stderr, flush=True)

    summary = play_match(bots, games, seed, progress, game="pacru", players=players, jobs=jobs,
                         keep_games=False, record=record)
    return summary, time.monotonic() - started, endings


def main(argv: list[str] | None = None) -> int:
    """Run the matches (module docstring); 0 on success."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", choices=(2, 3, 4), default=[2, 4])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--simulations", type=int, default=SIMULATIONS)
    budget.add_argument("--seconds", type=float, default=None, help="per move, instead of simulations")
    parser.add_argument("--exploration", type=float, default=EXPLORATION)
    parser.add_argument("--margin", type=float, default=MARGIN)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the summaries as JSON")
    args = parser.parse_args(argv)
    mcts = mcts_spec(args.simulations, args.seconds, args.exploration, args.margin)
    results = []
    for players in args.players:
        summary, seconds, endings = run(players, args.games, args.seed, mcts, args.jobs)
        if args.json:
            results.append({**summary.to_json(), "seconds": round(seconds, 1), "mcts": mcts,
                            "endings": [{"mcts_won": won, "ending": name, "games": n}
                                        for (won, name), n in sorted(endings.items())]})
        else:
            print(report(summary, seconds, endings), flush=True)
    if args.json:
        print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
