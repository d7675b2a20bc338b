"""``pickpack play``: the Textual UI (plugin ``pickpack.frontends:textual``, extra ``tui``).

The engine never imports Textual: the front end is loaded through its entry point, and
a missing Textual is reported in one line (exit status 2).
"""

from __future__ import annotations

import argparse

from pickpack.commands._common import fail, seed

NAME = "play"
HELP = "play in the terminal: hot-seat or against a bot (needs pickpack[tui])"

HUMAN = "human"
# The strongest built-in bots, best first; the default opponent is the first that loads.
STRONGEST = ("mcts", "greedy")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--red", default=HUMAN, metavar="human|BOT",
                   help="who plays Red: 'human' (default) or a bot name (see 'pickpack plugins')")
    p.add_argument("--blue", default=None, metavar="human|BOT",
                   help="who plays Blue (default: the strongest built-in bot)")
    p.add_argument("--seed", type=seed, default=None, help="seed of the deal (default: a fresh one)")
    p.add_argument("--first", choices=("red", "blue"), default="red",
                   help="who moves first once the tiles are placed (PP-S4; default red)")


def strongest_bot() -> str:
    """The first of STRONGEST that is registered and builds; "greedy" if none does."""
    from pickpack.bots import available_bots, make_bot

    names = available_bots()
    for name in STRONGEST:
        if name in names:
            try:
                make_bot(name, seed=0)
            except Exception:  # a registered bot that fails to load is skipped
                continue
            return name
    return "greedy"


def run(args: argparse.Namespace) -> int:
    from pickpack.bots import available_bots, make_bot
    from pickpack.plugins import load

    try:
        frontend = load("pickpack.frontends", "textual")
    except ImportError as exc:
        fail(f"the terminal UI needs Textual: pip install 'pickpack[tui]' ({exc})")
    choices = available_bots()
    seats = {"red": args.red, "blue": args.blue if args.blue is not None else strongest_bot()}
    for side, who in seats.items():
        if who != HUMAN and who not in choices:
            fail(f"--{side}: unknown bot {who!r}; choices: human, {', '.join(choices)}")
        if who != HUMAN:
            try:
                make_bot(who, seed=args.seed)
            except Exception as exc:  # a registered bot whose plugin is broken
                fail(f"--{side}: bot {who!r} failed to load: {type(exc).__name__}: {exc}")
    return int(frontend(red=seats["red"], blue=seats["blue"], seed=args.seed, first=args.first))
