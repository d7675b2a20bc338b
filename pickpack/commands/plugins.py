"""``pickpack plugins``: every discovered plugin, its distribution and load status."""

from __future__ import annotations

import argparse

NAME = "plugins"
HELP = "list discovered plugins of every group"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the list as JSON")


def run(args: argparse.Namespace) -> int:
    import json
    from dataclasses import asdict

    from rich.console import Console
    from rich.table import Table

    from pickpack.plugins import discover

    infos = discover()
    if args.json:
        print(json.dumps([asdict(i) for i in infos], indent=2))
        return 0
    table = Table(title="pickpack plugins")
    for col in ("group", "name", "distribution"):
        table.add_column(col, no_wrap=True)
    table.add_column("target", overflow="fold")
    table.add_column("status", overflow="fold")
    for info in infos:
        dist = f"{info.distribution} {info.version}" if info.distribution else "?"
        table.add_row(info.group, info.name, dist, info.value,
                      "ok" if info.error is None else f"[red]failed: {info.error}[/red]")
    Console(width=max(120, Console().width)).print(table)
    return 0
