"""Pick & Pack files the tests of more than one folder read: a version-1 save as
``pickpack play`` wrote it (tests/games/pickpack/test_savefile_v1.py, the save-file errors,
the UI's loading) and a finished game's PPN record (tests/plugins/ppn, the command line)."""

from __future__ import annotations

from typing import Any

import pickpack
from pickpack.games.pickpack import placements_from_seed
from pickpack_ppn.notation import PPN

__all__ = ["PLACEMENTS", "finished_record", "version_1_save"]

# The placements of the records: Red's and Blue's tile kinds, left to right (PP-S3).
PLACEMENTS = {"red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"}


def version_1_save(seed: int | None = 21, moves: tuple[str, ...] = ("a4>1",), **root_options: Any) -> dict[str, Any]:
    """A version-1 file as ``pickpack play`` wrote it: seed 21 (grabber on e4), both
    placements, ``moves`` (Red's a4>1 grabs along row 4, PP-M1)."""
    root = pickpack.new_game("pickpack", seed=seed if not root_options else None, **root_options)
    return {"format": "pickpack-save", "version": 1, "game": "pickpack", "seed": seed, "first": "red",
            "seats": {"red": "human", "blue": "greedy"}, "root": root.snapshot(),
            "placements": dict(placements_from_seed(21)), "moves": list(moves)}


def finished_record() -> tuple[str, dict[str, int], int]:
    """Seed 7 with ``PLACEMENTS`` played to the end with the first legal move each time:
    the PPN text, the scores and the plies."""
    state = pickpack.new_game(seed=7, placements=PLACEMENTS)
    while not state.is_terminal():
        state.apply(state.legal_moves()[0])
    game = PPN.game_from_state(state, {"Red": "first", "Blue": "also-first"})
    return PPN.export(game), state.scores(), state.ply
