"""``pickpack export SAVE``: a saved game (from ``pickpack play``) as a PPN record.

Any game: the record is written in the game's PPN dialect (docs/ppn.md, "Dialects"),
with the save's seats as the roster (Pick & Pack: Red, Blue; another game: P1..PN),
its seed, variant and options as set-up tags, and every move (chance outcomes
included). With ``-o FILE`` the record is written atomically (pickpack.records.safe_files):
FILE keeps its old content until the new record is complete, and a failed export
leaves it untouched. An existing FILE is replaced only with ``--force`` (checked before
any work). A PPN record, an empty file or any other file given as SAVE is one line
saying what it is (pickpack.records.file_kinds).
"""

from __future__ import annotations

import argparse
import sys

from pickpack.commands._common import fail, new_output
from pickpack.records.file_errors import os_error_text
from pickpack.records.safe_files import write_text_atomic

NAME = "export"
HELP = "write a saved game (pickpack play) as PPN (docs/ppn.md)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("save", metavar="SAVE", help="a save file written by 'pickpack play'")
    p.add_argument("-o", "--output", metavar="FILE", default=None,
                   help="write to FILE instead of standard output (a new file, unless --force)")
    p.add_argument("--force", action="store_true", help="replace FILE if it exists")


def run(args: argparse.Namespace) -> int:
    from pickpack.plugins import load
    from pickpack.records.dialect import player_tag
    from pickpack.records.savefile import SavedGame, SaveFileError

    if args.output is not None:
        new_output(args.output, force=args.force, option="--output")
    try:
        notation = load("pickpack.notations", "ppn")
    except Exception as exc:  # a missing or broken plugin: one line, no traceback
        fail(f"export needs the notation plugin 'ppn': {type(exc).__name__}: {exc}")
    try:
        saved = SavedGame.load(args.save)
        state = saved.replay(args.save)
    except SaveFileError as exc:
        fail(str(exc))
    headers = {"Event": "pickpack play", **{player_tag(name): who for name, who in saved.players.items()}}
    try:
        game = notation.game_from_state(state, headers, seed=saved.seed, variant=saved.variant,
                                        options=saved.options)
        text = notation.export(game)
    except ValueError as exc:   # set-up tags that cannot reproduce the game, a move that is no token
        fail(f"{args.save}: cannot be written as PPN: {exc}")
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        write_text_atomic(args.output, text)     # the old file stays until the new one is whole
    except OSError as exc:
        fail(f"--output {args.output}: cannot write: {os_error_text(exc, args.output)}")
    return 0
