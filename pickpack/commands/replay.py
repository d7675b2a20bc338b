"""``pickpack replay FILE...``: replay every game of PPN files on the engine.

Any installed game (a record's ``[Game "NAME"]`` tag; none: Pick & Pack). For each game
prints its number, the players, the result and the final scores (Pick & Pack: PP-E3)
found by replaying its moves (chance outcomes included) from its set-up tags, and
whether the final position is over (PP-E1, PP-E2). A game with problems is not
replayed: its problems are printed to stderr as ``FILE:LINE:COL: message``. Exit status
0 when every game replayed, 1 if any did not (or a file holds no game), 2 if a file
cannot be read or is not a PPN record (a save file, say). The notation
comes from ``pickpack.notations:ppn``.
"""

from __future__ import annotations

import argparse
import sys

from pickpack.commands._ppn_files import NO_GAME, ppn_files

NAME = "replay"
HELP = "replay the games of PPN files; print each result and final scores"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="PPN files to replay")


def run(args: argparse.Namespace) -> int:
    failed = 0
    for path, games in ppn_files(args.files):
        number = 0
        for number, game in enumerate(games, 1):
            headers = game.headers
            seats = " vs ".join(f"{headers[tag]} ({tag[0].lower()}{tag[1:]})" for tag in headers.roster[4:-1])
            who = f"{path}: game {number}: {seats}"
            if game.errors:
                failed += 1
                for error in game.errors:
                    sys.stderr.write(f"{path}:{error.line}:{error.column}: {error.message}\n")
                print(f"{who}: not replayed ({len(game.errors)} problem{'s' * (len(game.errors) != 1)})")
                continue
            final = game.end().state()
            scores = final.scores()
            status = "over" if final.is_terminal() else "not over"
            points = " ".join(f"{name} {value}" for name, value in scores.items())
            print(f"{who}: {headers['Result']}, scores {points}, {len(game.mainline_moves())} plies, {status}")
        if number == 0:
            failed += 1
            sys.stderr.write(f"{path}:1:1: {NO_GAME}\n")
    return 1 if failed else 0
