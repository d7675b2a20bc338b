"""``pickpack match A B``: bots against bots on fresh random deals."""

from __future__ import annotations

import argparse
import json

from pickpack.commands._common import fail, positive_int, seed

NAME = "match"
HELP = "bots against bots on fresh random deals"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("bots", nargs=2, metavar="BOT", help="two bot names (see 'pickpack plugins')")
    p.add_argument("--games", type=positive_int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=seed, default=0, help="base seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from pickpack.bots import available_bots
    from pickpack.match import GameResult, play_match

    choices = available_bots()
    for name in args.bots:
        if name not in choices:
            fail(f"unknown bot {name!r}; choices: {', '.join(choices)}")
    console = Console(stderr=True)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=console,
                  disable=not console.is_terminal) as progress:
        task = progress.add_task(f"{args.bots[0]} vs {args.bots[1]}", total=args.games)

        def advance(_: GameResult) -> None:
            progress.advance(task)

        summary = play_match(args.bots, args.games, args.seed, progress=advance)
    data = summary.to_json()
    if args.json:
        print(json.dumps({"games": args.games, "seed": args.seed, **data}, indent=2))
        return 0
    table = Table(title=f"{args.games} games, seed {args.seed}")
    for col in ("bot", "wins", "draws", "losses", "mean score", "mean plies"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for line in data["bots"]:
        table.add_row(line["bot"], str(line["wins"]), str(line["draws"]), str(line["losses"]),
                      f"{line['mean_score']:.2f}", f"{line['mean_plies']:.1f}")
    Console().print(table)
    for g in summary.games:
        if g.forfeit:
            console.print(f"game {g.index}: forfeit: {g.forfeit}")
    return 0
