"""A two-bot match, game by game as ``pickpack match`` plays it, that also times every
move of each side: for "Against OpenSpiel's MCTS" in docs/bots.md.

``pickpack match A B --seed S`` gives the results but not how long each side thought
nor how many simulations it ran; at an equal wall-clock budget those are part of the
result. This script plays the same games (pickpack.match.play_game: game ``g`` of
base seed ``S`` is the same deal, seats and bot seeds as in ``pickpack match``) and
measures, per game and side, in the same run (both sides under the same machine load):

- the wall time of every move, as the runner times it (pickpack.match.chosen_move);
- the search work: simulations of ``mcts`` (its C search's own count and time) and of
  ``openspiel-mcts`` (the bot's statistics), alpha-beta nodes of ``alphabeta``.

Every finished game is appended as one JSON line to ``--out`` (flushed at once, under
a file lock), so a run can be stopped at any time and resumed by the same command: the
games already in the file are skipped. Several processes may share one file, each
playing its part of the games (``--part I/N``: the deal pairs k with k mod N == I), to
use more cores; ``--summary`` prints the table of every game in the file.

    python bench/bench_openspiel_mcts.py alphabeta:seconds=0.1 openspiel-mcts:seconds=0.1 \\
        --games 200 --seed 1 --out bench/os-0.1.jsonl
    python bench/bench_openspiel_mcts.py alphabeta:seconds=0.1 openspiel-mcts:seconds=0.1 \\
        --games 200 --seed 1 --out bench/os-0.1.jsonl --summary

The statistics (score rate, Wilson 95% interval, Elo) are pickpack.match.stats', as the
match's table prints them.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pickpack.match.runner as match
from pickpack.bots import Bot
from pickpack.game import GameState
from pickpack.games.pickpack import alphabeta_bot
from pickpack.match.stats import elo_texts, score_rate, wilson_interval
from pickpack.move import Move
from pickpack_bots import mcts_bot
from pickpack_bots.openspiel_mcts_bot import OpenSpielMCTSBot

# Search work of the move in progress, filled by the wrapped searches below.
_work: dict[str, float] = {}


def _wrap_mcts() -> None:
    """Make ``mcts``'s C search report its simulations and seconds into _work."""
    original = mcts_bot.MCTSBot.native_search

    def native_search(self: mcts_bot.MCTSBot, game: Any) -> Callable[..., Mapping[str, Any]] | None:
        search = original(self, game)
        if search is None:
            return None
        inner = search

        def counted(*args: Any, **kwargs: Any) -> Mapping[str, Any]:
            result = inner(*args, **kwargs)
            _work["simulations"] = _work.get("simulations", 0) + int(result["simulations"])
            _work["search_seconds"] = _work.get("search_seconds", 0.0) + float(result["seconds"])
            return result
        return counted
    mcts_bot.MCTSBot.native_search = native_search      # type: ignore[method-assign]


def _wrap_alphabeta() -> None:
    """Make ``alphabeta``'s C search report its nodes and seconds into _work."""
    original: Callable[..., Mapping[str, Any]] = getattr(alphabeta_bot, "alphabeta_search")

    def counted(*args: Any, **kwargs: Any) -> Mapping[str, Any]:
        result = original(*args, **kwargs)
        _work["nodes"] = _work.get("nodes", 0) + int(result["nodes"])
        _work["search_seconds"] = _work.get("search_seconds", 0.0) + float(result["seconds"])
        return result
    setattr(alphabeta_bot, "alphabeta_search", counted)


class _Timer:
    """Per-seat totals of the game in progress: moves, seconds, search work."""

    def __init__(self) -> None:
        self.seats: dict[int, dict[str, float]] = {}

    def chosen_move(self, bot: Bot, state: GameState, seed: int = 0) -> Any:
        seat = state.current_player_id()
        _work.clear()
        before = (bot.simulations, bot.search_seconds) if isinstance(bot, OpenSpielMCTSBot) else (0, 0.0)
        started = time.perf_counter()
        move: Move | str | Any = _original_chosen_move(bot, state, seed)
        elapsed = time.perf_counter() - started
        if isinstance(bot, OpenSpielMCTSBot):
            _work["simulations"] = bot.simulations - before[0]
            _work["search_seconds"] = bot.search_seconds - before[1]
        line = self.seats.setdefault(seat, {"moves": 0, "seconds": 0.0, "max_seconds": 0.0})
        line["moves"] += 1
        line["seconds"] += elapsed
        line["max_seconds"] = max(line["max_seconds"], elapsed)
        for key, value in _work.items():
            line[key] = line.get(key, 0) + value
        return move


_original_chosen_move = getattr(match, "chosen_move")


def _done(out: Path, bots: list[str], seed: int) -> dict[int, dict[str, Any]]:
    """The games of this match already in ``out``, by index."""
    if not out.exists():
        return {}
    games = {}
    for line in out.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            if record["bots"] == bots and record["base_seed"] == seed:
                games[record["index"]] = record
    return games


@contextmanager
def _locked(out: Path) -> Iterator[Any]:
    with out.open("a", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield handle
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def play(bots: list[str], games: int, seed: int, out: Path, part: tuple[int, int],
         time_limit: float) -> None:
    """Play the games of ``part`` not yet in ``out``, appending each as it ends."""
    _wrap_mcts()
    _wrap_alphabeta()
    timer = _Timer()
    setattr(match, "chosen_move", timer.chosen_move)      # the runner's own timing point
    match.check_bots(bots, time_limit=time_limit)
    done = _done(out, bots, seed)
    index_of, parts = part
    for index in range(games):
        if index in done or (index // 2) % parts != index_of:
            continue
        timer.seats = {}
        started = time.perf_counter()
        result = match.play_game(bots, index, seed, time_limit=time_limit)
        per_bot = [timer.seats.get(result.bot_seats[i], {}) for i in range(len(bots))]
        record = {"bots": bots, "base_seed": seed, "index": index, "seats": list(result.seats),
                  "bot_returns": list(result.bot_returns), "scores": result.scores,
                  "plies": result.plies, "fault": result.fault, "forfeit": result.forfeit,
                  "winner": result.winner, "wall_seconds": time.perf_counter() - started,
                  "per_bot": per_bot}
        with _locked(out) as handle:
            handle.write(json.dumps(record) + "\n")
            handle.flush()
        print(f"game {index}: returns {result.bot_returns}, "
              + ", ".join(f"{b}: {s.get('seconds', 0) / max(s.get('moves', 1), 1):.3f} s/move"
                          for b, s in zip(bots, per_bot, strict=True)), flush=True)


def summary(bots: list[str], seed: int, out: Path) -> str:
    """The results of the games of this match in ``out``, as text."""
    games = list(_done(out, bots, seed).values())
    n = len(games)
    if not n:
        return "no games yet"
    wins = sum(1 for g in games if g["bot_returns"][0] > g["bot_returns"][1])
    losses = sum(1 for g in games if g["bot_returns"][0] < g["bot_returns"][1])
    draws = n - wins - losses
    p = score_rate(wins, draws, n)
    low, high = wilson_interval(p, n)
    elo, elo_ci = elo_texts(p, n)
    lines = [f"{bots[0]} vs {bots[1]}: {n} games, base seed {seed}",
             f"  {bots[0]}: {wins} wins, {draws} draws, {losses} losses; score rate {100 * p:.1f}% "
             f"(95% CI {100 * low:.1f}-{100 * high:.1f}%), Elo {elo} ({elo_ci})",
             f"  faults: {sum(1 for g in games if g['fault'])}; "
             f"mean game wall time {sum(g['wall_seconds'] for g in games) / n:.1f} s"]
    for i, bot in enumerate(bots):
        tot: dict[str, float] = {}
        worst = 0.0
        for g in games:
            for key, value in g["per_bot"][i].items():
                if key == "max_seconds":
                    worst = max(worst, value)
                else:
                    tot[key] = tot.get(key, 0) + value
        moves = tot.get("moves", 0)
        # the game's own score of the bot's seat (scores are listed in seat order)
        points = sum(list(g["scores"].values())[g["seats"].index(bot)] for g in games) / n
        text = (f"  {bot}: mean score {points:.1f}, {int(moves)} moves, "
                f"mean {tot.get('seconds', 0) / max(moves, 1):.4f} s/move (max {worst:.3f} s)")
        if tot.get("simulations"):
            text += (f", {tot['simulations'] / moves:,.0f} simulations/move, "
                     f"{tot['simulations'] / tot['search_seconds']:,.0f} simulations/s")
        if tot.get("nodes"):
            text += f", {tot['nodes'] / tot['search_seconds']:,.0f} alpha-beta nodes/s"
        lines.append(text)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("bots", nargs=2, metavar="BOT", help="two bot specs (as pickpack match takes)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True, help="JSON lines, one per game (appended)")
    parser.add_argument("--part", default="0/1", help="I/N: play the deal pairs k with k mod N == I")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--summary", action="store_true", help="only print the results so far")
    args = parser.parse_args(argv)
    try:
        i, parts = (int(x) for x in args.part.split("/"))
        if not 0 <= i < parts:
            raise ValueError
    except ValueError:
        parser.error(f"--part must be I/N with 0 <= I < N, got {args.part!r}")
    if not args.summary:
        play(args.bots, args.games, args.seed, args.out, (i, parts), args.time_limit)
    print(summary(args.bots, args.seed, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
