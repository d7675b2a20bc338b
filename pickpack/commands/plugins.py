"""``pickpack plugins``: every discovered plugin, its distribution and load status (a
game also fails when it is not a pickpack.Game or fails its load check,
pickpack.game_check; a plugin of pickpack's own whose extra is not installed, the
Textual front end without ``[tui]``, is "not installed" with the pip command that adds
it, not a failure).

The table uses the terminal's full width when it fits (one table, a column per field);
on a narrower terminal, and on 80 columns, it switches to a compact layout: one
borderless table per plugin group. Long targets and error messages wrap inside their
cells; nothing is cut off with an ellipsis. Piped output is laid out for 80 columns
(or ``COLUMNS``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.table import Table

    from pickpack.plugins import PluginInfo

NAME = "plugins"
HELP = "list discovered plugins of every group"
BROKEN_SOURCES = "broken plugin sources"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the list as JSON")


def _distribution(info: PluginInfo) -> str:
    return f"{info.distribution} {info.version or ''}".strip() if info.distribution else "?"


def _status(info: PluginInfo) -> str:
    """``ok``, ``not installed (needs Textual: pip install ...)`` for a plugin of pickpack's
    own whose extra is missing (PluginInfo.needs), else ``failed: ERROR``."""
    if info.needs is not None:
        from pickpack.install_hint import install_hint

        return f"[yellow]not installed ({_escape(install_hint(info.needs))})[/yellow]"
    return "ok" if info.error is None else f"[red]failed: {_escape(info.error)}[/red]"


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def wide_table(infos: Sequence[PluginInfo]) -> Table:
    """One table, a column for each of group, name, distribution, target, status."""
    from rich.table import Table

    table = Table(title="pickpack plugins")
    for col in ("group", "name", "distribution"):
        table.add_column(col, no_wrap=True)
    table.add_column("target", overflow="fold")
    table.add_column("status", overflow="fold")
    for info in infos:
        table.add_row(_escape(info.group or BROKEN_SOURCES), _escape(info.name),
                      _escape(_distribution(info)), _escape(info.value), _status(info))
    return table


def compact_tables(infos: Sequence[PluginInfo]) -> list[Table]:
    """One borderless table per group with two columns: the name, and a cell holding
    the distribution and status on one line and the target on the next. The target (a
    long dotted token) then has the whole rest of the line, so it fits 80 columns
    without being broken; on a terminal too narrow even for that it wraps (folds),
    never cut."""
    from rich import box
    from rich.table import Table

    groups: dict[str, list[PluginInfo]] = {}
    for info in infos:
        groups.setdefault(info.group or BROKEN_SOURCES, []).append(info)
    tables = []
    for group, members in groups.items():
        table = Table(title=group, title_justify="left", box=box.SIMPLE_HEAD,
                      show_edge=False, pad_edge=False)
        table.add_column("name", no_wrap=True)
        table.add_column("distribution, status / target", overflow="fold")
        for info in members:
            table.add_row(_escape(info.name or "-"),
                          f"{_escape(_distribution(info))}, {_status(info)}\n"
                          f"[dim]{_escape(info.value)}[/dim]")
        tables.append(table)
    return tables


def _game_checked(info: PluginInfo) -> PluginInfo:
    """``info``, with get_game's one line as its error when it is a game that loads but
    is not a Game or fails the load check (pickpack.game_check)."""
    from dataclasses import replace

    from pickpack.errors import GameLoadError
    from pickpack.games_registry import get_game

    if info.group != "pickpack.games" or info.error is not None:
        return info
    try:
        get_game(info.name)
    except GameLoadError as exc:
        return replace(info, error=str(exc))
    return info


def run(args: argparse.Namespace) -> int:
    import json
    from dataclasses import asdict

    from rich.console import Console
    from rich.measure import Measurement

    from pickpack.plugins import discover

    infos = [_game_checked(info) for info in discover()]
    if args.json:
        print(json.dumps([asdict(i) for i in infos], indent=2))
        return 0
    console = Console()
    table = wide_table(infos)
    # the width the table wants with unlimited room (measure() alone caps at the console's)
    wanted = Measurement.get(console, console.options.update_width(10_000), table).maximum
    if wanted <= console.width:
        console.print(table)
    else:
        for compact in compact_tables(infos):
            console.print(compact)
            console.print()
    return 0
