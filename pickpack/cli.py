"""The ``pickpack`` command: match, perft, bench, plugins, play.

Bad arguments print one line naming the problem (and the choices) and exit with
status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from pickpack.plugins import PluginNotFoundError

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def _fail(message: str) -> NoReturn:
    sys.stderr.write(f"pickpack: error: {message}\n")
    raise SystemExit(2)


def _seed(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be an integer, got {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"seed must be in 0..2**64-1, got {value}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {value}")
    return value


def _build_parser() -> _Parser:
    parser = _Parser(prog="pickpack", description="Pick & Pack game engine.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    m = sub.add_parser("match", help="bots against bots on fresh random deals")
    m.add_argument("bots", nargs=2, metavar="BOT", help="two bot names (see 'pickpack plugins')")
    m.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    m.add_argument("--seed", type=_seed, default=0, help="base seed (default 0)")
    m.add_argument("--json", action="store_true", help="print the results as JSON")

    p = sub.add_parser("perft", help="leaf counts per depth from a deal's first play position")
    p.add_argument("--seed", type=_seed, required=True, help="seed of the deal and placements")
    p.add_argument("--depth", type=_positive, required=True, help="deepest depth (1..8)")

    b = sub.add_parser("bench", help="measure playouts and API loops (ratios in one run)")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.add_argument("--seconds", type=float, default=1.0, help="time per measurement (default 1)")

    sub.add_parser("plugins", help="list discovered plugins of every group")
    return parser


def _cmd_match(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    from pickpack.bots import available_bots
    from pickpack.match import GameResult, play_match

    choices = available_bots()
    for name in args.bots:
        if name not in choices:
            _fail(f"unknown bot {name!r}; choices: {', '.join(choices)}")
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
    forfeits = [g for g in summary.games if g.forfeit]
    for g in forfeits:
        Console(stderr=True).print(f"game {g.index}: forfeit: {g.forfeit}")
    return 0


def _cmd_perft(args: argparse.Namespace) -> int:
    from pickpack import new_game, placements_from_seed

    if args.depth > 8:
        _fail(f"--depth must be 1..8, got {args.depth}")
    state = new_game("pickpack", seed=args.seed, placements=placements_from_seed(args.seed))
    for depth in range(1, args.depth + 1):
        print(f"depth {depth}: {state.perft(depth)}")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from pickpack.benchmark import format_report, run_benchmarks

    if args.seconds <= 0:
        _fail(f"--seconds must be positive, got {args.seconds}")
    report = run_benchmarks(seconds=args.seconds)
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0


def _cmd_plugins(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from pickpack.plugins import discover

    table = Table(title="pickpack plugins")
    for col in ("group", "name", "distribution", "target", "status"):
        table.add_column(col)
    for info in discover():
        dist = f"{info.distribution} {info.version}" if info.distribution else "?"
        table.add_row(info.group, info.name, dist, info.value,
                      "ok" if info.error is None else f"[red]failed: {info.error}[/red]")
    Console(width=max(120, Console().width)).print(table)
    return 0


_COMMANDS: dict[str, Any] = {
    "match": _cmd_match, "perft": _cmd_perft, "bench": _cmd_bench, "plugins": _cmd_plugins,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``pickpack`` command. Returns the exit status."""
    args = _build_parser().parse_args(argv)
    try:
        return int(_COMMANDS[args.command](args))
    except PluginNotFoundError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        sys.stderr.write("pickpack: interrupted\n")
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
