"""``pickpack perft``: leaf counts per depth from a deal's first play-phase position."""

from __future__ import annotations

import argparse

from pickpack.commands._common import fail, positive_int, seed

NAME = "perft"
HELP = "leaf counts per depth from a deal's first play position"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=seed, required=True, help="seed of the deal and placements")
    p.add_argument("--depth", type=positive_int, required=True, help="deepest depth (1..8)")


def run(args: argparse.Namespace) -> int:
    from pickpack import new_game, placements_from_seed

    if args.depth > 8:
        fail(f"--depth must be 1..8, got {args.depth}")
    state = new_game("pickpack", seed=args.seed, placements=placements_from_seed(args.seed))
    for depth in range(1, args.depth + 1):
        print(f"depth {depth}: {state.perft(depth)}")
    return 0
