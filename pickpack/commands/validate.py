"""``pickpack validate FILE...``: check PPN game records, one line per problem.

Records of any installed game (its ``[Game "NAME"]`` tag; none: Pick & Pack). Each
problem is printed as ``FILE:LINE:COL: message`` (the format compilers and linters
use, so editors can jump to it); a summary per file goes to stderr. Exit status 0 when
every game of every file is clean, 1 if any problem was found (a file with no game is
one), 2 if a file cannot be read or is not a PPN record (a save file, say). The notation comes from the plugin ``pickpack.notations:ppn``.
"""

from __future__ import annotations

import argparse
import sys

from pickpack.commands._ppn_files import NO_GAME, ppn_files

NAME = "validate"
HELP = "check PPN files; print each problem as FILE:LINE:COL: message"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="PPN files to check")


def run(args: argparse.Namespace) -> int:
    problems = 0
    for path, games in ppn_files(args.files):
        count = found = 0
        for game in games:
            count += 1
            for error in game.errors:
                print(f"{path}:{error.line}:{error.column}: {error.message}")
                found += 1
        if count == 0:
            print(f"{path}:1:1: {NO_GAME}")
            found += 1
        problems += found
        verdict = "no problems" if found == 0 else f"{found} problem{'s' * (found != 1)}"
        sys.stderr.write(f"{path}: {count} game{'s' * (count != 1)}, {verdict}\n")
    return 1 if problems else 0
