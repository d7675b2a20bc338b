"""``pickpack perft``: leaf counts per depth from a game's perft root (pickpack.perft).

For Pick & Pack the root is a deal's first play-phase position (Game.perft_root, made
from ``--seed``); a game without one counts from ``new_state(players, seed, variant,
**options)`` (``--players``, ``--seed`` (default 0), ``--variant``, ``--option``), so a
game with no start-up randomness (PUSH) needs no seed. Chance outcomes are branches
like decisions (pickpack.perft). ``--players``, ``--variant`` and ``--option`` given for
a game with its own root, or refused by the game, are one line and exit status 2.

Prints ``depth D: N`` for D = 1 .. --depth. On a terminal a progress bar shows the
share of the current depth's tree walked (depth 8 takes about a minute); piped output
is the count lines only. Ctrl-C stops within a few tens of milliseconds (the C count
runs in slices, pickpack.games.pickpack._core.CoreState.perft) with ``pickpack: interrupted`` and
status 130.
"""

from __future__ import annotations

import argparse
import os
import select
import stat
import sys
import time
from typing import TextIO

from pickpack.commands._common import fail, option, positive_int, seed
from pickpack.commands._games import game_named
from pickpack.errors import PickpackError
from pickpack.game import GameState
from pickpack.games_registry import DEFAULT_GAME
from pickpack.perft import perft

NAME = "perft"
HELP = "leaf counts per depth from a game's start (Pick & Pack: a deal's first play position)"
MAX_DEPTH = 8


def _depth(text: str) -> int:
    """argparse type: a depth 1..MAX_DEPTH (one message for every bad value)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_DEPTH:
        raise argparse.ArgumentTypeError(f"must be a whole number 1..{MAX_DEPTH}, got {text!r}")
    return value


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default=DEFAULT_GAME, help=f"the game (default {DEFAULT_GAME})")
    p.add_argument("--seed", type=seed, default=0,
                   help="seed of the game's start (Pick & Pack: the deal and placements; default 0)")
    p.add_argument("--depth", type=_depth, required=True, help=f"deepest depth (1..{MAX_DEPTH})")
    p.add_argument("--players", type=positive_int, default=None, metavar="N",
                   help="number of players (default: the game's)")
    p.add_argument("--variant", default=None, metavar="NAME", help="a variant of the game")
    p.add_argument("--option", type=option, action="append", default=[], metavar="KEY=VALUE",
                   help="a game option (repeatable); VALUE is read as JSON when it is JSON, else as text")


def _root(args: argparse.Namespace) -> GameState:
    """The state perft counts from; ``fail`` (exit 2) for a set-up the game refuses."""
    game = game_named(args.game)
    root = game.load("perft_root")
    if root is not None:
        given = [name for name, value in (("--players", args.players), ("--variant", args.variant),
                                          ("--option", args.option or None)) if value is not None]
        if given:
            fail(f"perft: {game.name} counts from its own root (made from --seed); "
                 f"{', '.join(given)} cannot be given")
        state: GameState = root(args.seed)
        return state
    try:
        state = game.new_state(players=args.players, seed=args.seed, variant=args.variant,
                               **dict(args.option))
    except (PickpackError, ValueError, TypeError) as exc:
        fail(f"perft: {exc}")
    return state


class _ReaderWatch:
    """A perft progress callback that raises BrokenPipeError as soon as the reader of
    ``stream`` has closed its end of a pipe (``perft --depth 8 | head -1``), instead of
    counting on for a minute to find out at the next line. Polls at most every 0.2 s;
    does nothing for files, terminals, or where poll() is missing."""

    def __init__(self, stream: TextIO) -> None:
        self._poll: select.poll | None = None
        self._next = 0.0
        try:
            fd = stream.fileno()
            if stat.S_ISFIFO(os.fstat(fd).st_mode) and hasattr(select, "poll"):
                self._poll = select.poll()
                self._poll.register(fd, 0)      # POLLERR / POLLHUP are always reported
        except (OSError, ValueError):           # no real descriptor (tests replace stdout)
            self._poll = None

    def __call__(self, share: float) -> None:
        if self._poll is None or time.monotonic() < self._next:
            return
        self._next = time.monotonic() + 0.2
        if any(events & (select.POLLERR | select.POLLHUP) for _, events in self._poll.poll(0)):
            raise BrokenPipeError("standard output: the reader closed the pipe")


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import (BarColumn, Progress, TaskID, TaskProgressColumn, TextColumn,
                               TimeElapsedColumn)


    state = _root(args)
    console = Console()
    if not console.is_terminal:
        watch = _ReaderWatch(sys.stdout)
        for depth in range(1, args.depth + 1):
            print(f"depth {depth}: {perft(state, depth, progress=watch)}", flush=True)
        return 0
    columns = (TextColumn("{task.description}"), BarColumn(), TaskProgressColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        for depth in range(1, args.depth + 1):
            task = progress.add_task(f"perft depth {depth}", total=1.0)
            progress.refresh()          # each depth is shown as it starts, however short

            def advance(share: float, task: TaskID = task) -> None:
                progress.update(task, completed=share)

            leaves = perft(state, depth, progress=advance)
            progress.remove_task(task)
            progress.console.print(f"depth {depth}: {leaves}", highlight=False)
    return 0
