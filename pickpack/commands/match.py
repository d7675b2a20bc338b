"""``pickpack match A B``: bots against bots on fresh random deals (docs/match.md)."""

from __future__ import annotations

import argparse
import json
import math
from typing import Any, TextIO

from pickpack.commands._common import fail, positive_int, seed

NAME = "match"
HELP = "bots against bots on fresh random deals"


def _seconds(text: str) -> float:
    """argparse type: a positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, got {text!r}") from None
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text}")
    return value


def add_arguments(p: argparse.ArgumentParser) -> None:
    from pickpack.match_backends import BACKENDS
    from pickpack.time_limit import DEFAULT_TIME_LIMIT

    p.add_argument("bots", nargs=2, metavar="BOT",
                   help="two bot specs: NAME, NAME:key=value,..., native:PATH or cmd:COMMAND "
                        "(see 'pickpack plugins' and docs/match.md)")
    p.add_argument("--games", type=positive_int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=seed, default=0, help="base seed (default 0)")
    p.add_argument("--jobs", type=positive_int, default=None,
                   help="games played at once (default: the number of cores); results do not depend on it")
    p.add_argument("--backend", choices=BACKENDS, default="local",
                   help="local processes (default) or Ray tasks (pip install 'pickpack[ray]')")
    p.add_argument("--ray-address", default=None, metavar="ADDRESS",
                   help="with --backend ray: an existing cluster (default: start a local Ray)")
    p.add_argument("--time-limit", type=_seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
                   help=f"per-move time limit of every bot (default {DEFAULT_TIME_LIMIT:g}); "
                        "a later move loses the game")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--ppn", metavar="FILE", default=None,
                   help="write every game to FILE as PPN (docs/ppn.md)")


def _open_ppn(path: str) -> tuple[Any, TextIO]:
    """The PPN notation plugin and FILE opened for writing, before any game is played,
    so that a bad path or a missing plugin costs nothing."""
    from pickpack.plugins import load

    try:
        notation = load("pickpack.notations", "ppn")
    except Exception as exc:  # a missing or broken plugin: one line, no traceback
        fail(f"--ppn needs the notation plugin 'ppn': {type(exc).__name__}: {exc}")
    try:
        stream = open(path, "w", encoding="utf-8", newline="\n")
    except OSError as exc:
        fail(f"--ppn {path}: {exc.strerror}")
    return notation, stream


def _interval(low: float, high: float, fmt: str) -> str:
    return f"{format(low, fmt)} to {format(high, fmt)}"


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from pickpack.errors import PickpackError
    from pickpack.match import GameResult, check_bots, play_match
    from pickpack.match_backends import default_jobs

    if args.ray_address is not None and args.backend != "ray":
        fail("--ray-address needs --backend ray")
    jobs = args.jobs or default_jobs()
    try:
        check_bots(args.bots, time_limit=args.time_limit)
    except (PickpackError, LookupError, TypeError, ValueError) as exc:
        fail(str(exc))
    ppn_out = _open_ppn(args.ppn) if args.ppn else None
    console = Console(stderr=True)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console,
                  disable=not console.is_terminal) as progress:
        task = progress.add_task(f"{args.bots[0]} vs {args.bots[1]}", total=args.games)

        def advance(_: GameResult) -> None:
            progress.advance(task)

        try:
            summary = play_match(args.bots, args.games, args.seed, progress=advance,
                                 time_limit=args.time_limit, jobs=jobs, backend=args.backend,
                                 ray_address=args.ray_address, check=False)
        except PickpackError as exc:
            fail(str(exc))
    if ppn_out is not None:
        notation, stream = ppn_out
        with stream:
            notation.games_to_ppn(summary.games, stream)
    data = summary.to_json()
    if args.json:
        print(json.dumps({"game_count": args.games, "seed": args.seed, "jobs": jobs,
                          "backend": args.backend, "time_limit": args.time_limit, **data},
                         indent=2))
        return 0
    table = Table(title=f"{args.games} game{'s' if args.games != 1 else ''}, seed {args.seed}",
                  caption="score: (wins + draws/2) / games; 95% Wilson interval; "
                          "Elo: difference to the other bot")
    for col in ("bot", "wins", "draws", "losses", "score", "95% CI", "Elo", "Elo 95% CI",
                "mean score", "mean plies", "forfeits"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    same_name = summary.lines[0].bot == summary.lines[1].bot
    for seat, line in zip("AB", summary.lines):
        table.add_row(f"{line.bot} ({seat})" if same_name else line.bot, str(line.wins), str(line.draws), str(line.losses),
                      f"{line.score_rate:.1%}", _interval(*line.score_ci95, ".1%"),
                      f"{line.elo:+.0f}", _interval(*line.elo_ci95, "+.0f"),
                      f"{line.mean_score:.2f}", f"{line.mean_plies:.1f}", str(line.forfeits))
    # On a terminal Rich fits the table to its width; piped output gets room for every
    # column on one line.
    out = Console()
    (out if out.is_terminal else Console(width=160)).print(table)
    for g in summary.games:
        if g.forfeit:
            console.print(f"game {g.index}: forfeit: {g.forfeit}", markup=False, highlight=False)
    return 0
