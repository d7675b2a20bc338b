"""``pickpack bench``: playouts and API loops measured side by side in one run."""

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
    from pickpack.benchmark import format_report, run_benchmarks

    if not args.seconds > 0:
        fail(f"--seconds must be positive, got {args.seconds}")
    report = run_benchmarks(seconds=args.seconds)
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0
