"""``pickpack bench``: playouts and API loops measured side by side in one run.

On a terminal a progress line names the measurement running (each takes about
``--seconds``); piped output is the report only (text, at most 80 columns, or JSON).
"""

from __future__ import annotations

import argparse
import json

from pickpack.commands._common import fail

NAME = "bench"
HELP = "measure playouts and API loops (ratios in one run)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--seconds", type=float, default=1.0, help="time per measurement (default 1)")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from pickpack.games.pickpack.benchmark import MEASUREMENTS, format_report, run_benchmarks

    if not args.seconds > 0:
        fail(f"--seconds must be positive, got {args.seconds}")
    console = Console()
    if console.is_terminal:
        columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("starting", total=len(MEASUREMENTS))

            def show(name: str) -> None:
                step = MEASUREMENTS.index(name)
                progress.update(task, completed=step, description=(
                    f"bench {step + 1}/{len(MEASUREMENTS)}: {name} (~{args.seconds:g} s)"))
                progress.refresh()      # each measurement is named, however short

            report = run_benchmarks(seconds=args.seconds, progress=show)
    else:
        report = run_benchmarks(seconds=args.seconds)
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0
