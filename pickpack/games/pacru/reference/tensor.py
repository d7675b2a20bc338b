"""PACRU's observation tensor in plain Python, from a snapshot: the reference the C fill
(core/pacru/observation.c) is checked against (docs/pacru.md, "Observation tensor").

Shape ``(53, 9, 9)``: four seat blocks of 12 planes, seat-relative (block r is seat
``(seat + r) % players``; blocks past the player count stay zero), then plane 48 neutral
cells, 49 ply/max_plies, 50 max_plies/1000, 51 single_cell, 52 classic_meeting. In a
block: +0 the seat exists, +1 it is the snapshot's turn, +2 cells of its colour (PA-C2),
+3 its chevrons, +4+d its chevrons pointing d (PA-C3). Index within a plane:
``row * 9 + column`` with row 0 the board's row 1.

    >>> from pickpack.games.pacru.reference import RefState
    >>> t = reference_tensor(RefState(2).snapshot(), 1)     # north looks: north first
    >>> t[TURN * 81], t[(SEAT_PLANES + TURN) * 81]          # south (block 1) is to move
    (0.0, 1.0)
    >>> t[(DIRECTION + 2) * 81 + 6 * 9]                     # north's a7E: block 0, E, a7
    1.0
"""

from __future__ import annotations

import array
from collections.abc import Mapping
from typing import Any

from pickpack.games.pacru.encoding import BOARD_SIZE, COLOUR_LETTERS, MAX_GAME_LENGTH, MAX_PLAYERS, NUM_CELLS
from pickpack.games.pacru.snapshot import parse_chevron

__all__ = ["CAP", "CHEVRON", "CLASSIC_MEETING", "COLOUR", "DIRECTION", "NEUTRAL", "PLANES", "PLAYS", "PLY",
           "SEAT_PLANES", "SINGLE_CELL", "TURN", "reference_tensor"]

#: Planes of a seat block, and the offsets inside one (pacru_core.h's PACRU_TENSOR_*).
SEAT_PLANES = 12
PLAYS, TURN, COLOUR, CHEVRON, DIRECTION = 0, 1, 2, 3, 4
#: The shared planes after the four seat blocks.
NEUTRAL, PLY, CAP, SINGLE_CELL, CLASSIC_MEETING = 48, 49, 50, 51, 52
PLANES = MAX_PLAYERS * SEAT_PLANES + 5


def reference_tensor(snap: Mapping[str, Any], seat: int) -> array.array[float]:
    """The tensor of ``seat`` for the position ``snap`` (a valid snapshot, docs/pacru.md
    "Snapshot"), a flat ``array('f')`` of ``PLANES * 81`` values. ValueError for a seat
    outside 0..players-1."""
    n = int(snap["players"])
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"no seat {seat!r}: seats are 0..{n - 1}")
    out = [0.0] * (PLANES * NUM_CELLS)

    def fill(plane: int, value: float) -> None:
        out[plane * NUM_CELLS:(plane + 1) * NUM_CELLS] = [value] * NUM_CELLS

    def block(other: int) -> int:
        return ((other - seat) % n) * SEAT_PLANES

    for other in range(n):
        fill(block(other) + PLAYS, 1.0)
        if other == snap["turn"]:
            fill(block(other) + TURN, 1.0)
    for i, line in enumerate(snap["board"]):
        row = BOARD_SIZE - 1 - i                      # the snapshot lists row 9 first
        for col, letter in enumerate(line):
            cell = row * BOARD_SIZE + col
            plane = NEUTRAL if letter == "." else block(COLOUR_LETTERS.index(letter)) + COLOUR
            out[plane * NUM_CELLS + cell] = 1.0
    for other, texts in enumerate(snap["chevrons"]):
        for text in texts:
            cell, direction = parse_chevron(text)
            out[(block(other) + CHEVRON) * NUM_CELLS + cell] = 1.0
            out[(block(other) + DIRECTION + direction) * NUM_CELLS + cell] = 1.0
    cap = int(snap["max_plies"])
    fill(PLY, min(1.0, snap["ply"] / cap))
    fill(CAP, min(1.0, cap / MAX_GAME_LENGTH))
    fill(SINGLE_CELL, 1.0 if snap["single_cell"] else 0.0)
    fill(CLASSIC_MEETING, 1.0 if snap["classic_meeting"] else 0.0)
    return array.array("f", out)
