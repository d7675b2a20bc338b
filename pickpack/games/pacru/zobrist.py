"""PACRU's Zobrist hash (Zobrist 1970), defined on the snapshot.

The C core keeps the same hash incrementally; this module is its definition, and the
differential tests hold both to it. The hash of a position is the XOR of one 64-bit key
for the current value of every feature:

- ``COLOUR[cell][colour]`` for all 81 cells, colour 0 neutral or 1 + the seat (1..4);
- ``CHEVRON[cell][seat * 8 + direction]`` for each chevron on the board;
- ``TURN[turn]`` (seat 0..3), ``PLAYERS[player count]`` (0..4);
- ``SINGLE_CELL[0 or 1]``, ``CLASSIC_MEETING[0 or 1]`` (the variants, PA-B2, PA-T2).

The ply count and the ply cap (PA-E3) are not hashed, as chess leaves the half-move
clock out: positions that differ only in them are the same position to a search.

Keys are the outputs of splitmix64 (Steele, Lea & Flood 2014) from the state
``ZOBRIST_SEED``, taken in the order of the tables above, each table in row-major order
over its full size (COLOUR 81 x 5, CHEVRON 81 x 32, TURN 4, PLAYERS 5, then 2 and 2).

    >>> len(KEYS), OFFSETS["CHEVRON"], OFFSETS["TURN"]
    (3010, 405, 2997)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickpack.zobrist_keys import key_tables, splitmix64_stream

from pickpack.games.pacru.encoding import (BOARD_SIZE, COLOUR_LETTERS, DIRECTIONS, MAX_PLAYERS, NUM_CELLS,
                                           parse_cell)

__all__ = ["KEYS", "OFFSETS", "ZOBRIST_SEED", "hash_snapshot", "splitmix64_stream"]

#: splitmix64's starting state: the bytes "PACRUZOB".
ZOBRIST_SEED = 0x50414352555A4F42

#: (table, size) in key order.
_TABLES = (
    ("COLOUR", NUM_CELLS * (MAX_PLAYERS + 1)),
    ("CHEVRON", NUM_CELLS * MAX_PLAYERS * 8),
    ("TURN", MAX_PLAYERS),
    ("PLAYERS", MAX_PLAYERS + 1),
    ("SINGLE_CELL", 2),
    ("CLASSIC_MEETING", 2),
)


#: Index of each table's first key in KEYS; every key, in table order (3,010 keys).
OFFSETS, KEYS = key_tables(ZOBRIST_SEED, _TABLES)


def _key(table: str, index: int) -> int:
    return KEYS[OFFSETS[table] + index]


def hash_snapshot(snap: Mapping[str, Any]) -> int:
    """The Zobrist hash of the position ``snap`` (a valid PACRU snapshot, docs/pacru.md:
    ``board`` 9 strings, north row first, ``"."`` or a colour letter ``A``..``D`` per
    cell; ``chevrons`` per seat, texts like ``"e1N"``)."""
    h = 0
    for r, line in enumerate(snap["board"]):
        row = BOARD_SIZE - 1 - r
        for col, ch in enumerate(line):
            colour = 0 if ch == "." else 1 + COLOUR_LETTERS.index(ch)
            h ^= _key("COLOUR", (row * BOARD_SIZE + col) * (MAX_PLAYERS + 1) + colour)
    for seat, chevrons in enumerate(snap["chevrons"]):
        for text in chevrons:
            cell, direction = parse_cell(text[:2]), DIRECTIONS.index(text[2:])
            h ^= _key("CHEVRON", cell * MAX_PLAYERS * 8 + seat * 8 + direction)
    h ^= _key("TURN", snap["turn"]) ^ _key("PLAYERS", snap["players"])
    h ^= _key("SINGLE_CELL", int(snap["single_cell"])) ^ _key("CLASSIC_MEETING", int(snap["classic_meeting"]))
    return h
