"""``pickpack bench``: a game's playouts and API loops measured side by side in one run.

The game's own benchmark module (Game.benchmark) when it has one, else the protocol-loop
benchmark every game gets (pickpack.benchmark).

On a terminal a progress line names the measurement running (each takes about
``--seconds``); piped output is the report only (text, at most 80 columns, or JSON).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from pickpack import benchmark as generic
from pickpack.commands._common import fail
from pickpack.commands._games import game_named
from pickpack.games_registry import DEFAULT_GAME
from pickpack.report_columns import fit_lines

NAME = "bench"
HELP = "measure playouts and API loops (ratios in one run)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default=DEFAULT_GAME, help=f"the game (default {DEFAULT_GAME})")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--seconds", type=float, default=1.0, help="time per measurement (default 1)")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    if not args.seconds > 0:
        fail(f"--seconds must be positive, got {args.seconds}")
    game = game_named(args.game)
    own = game.load("benchmark")
    measurements: tuple[str, ...] = own.MEASUREMENTS if own is not None else generic.MEASUREMENTS
    format_report: Callable[[dict[str, Any]], str] = (
        own.format_report if own is not None else generic.format_report)

    def run_benchmarks(seconds: float, progress: Callable[[str], object] | None = None) -> dict[str, Any]:
        if own is not None:
            return own.run_benchmarks(seconds=seconds, progress=progress)
        return generic.run_benchmarks(game, seconds=seconds, progress=progress)

    console = Console()
    if console.is_terminal:
        columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("starting", total=len(measurements))

            def show(name: str) -> None:
                step = measurements.index(name)
                progress.update(task, completed=step, description=(
                    f"bench {step + 1}/{len(measurements)}: {name} (~{args.seconds:g} s)"))
                progress.refresh()      # each measurement is named, however short

            report = run_benchmarks(seconds=args.seconds, progress=show)
    else:
        report = run_benchmarks(seconds=args.seconds)
    # A game's own module promises 80 columns; the lines are fitted again here, so that a
    # third-party benchmark module cannot break the promise either.
    print(json.dumps(report, indent=2) if args.json else fit_lines(format_report(report).splitlines()))
    return 0
