"""PACRU's snapshot: the whole position as JSON-able data (docs/pacru.md, "Snapshot").

    {"players": 2, "single_cell": false, "classic_meeting": false, "max_plies": 1000,
     "ply": 0, "turn": 0,
     "board": [".........", ...],          # 9 rows, row 9 (north) first, columns a..i
     "chevrons": [["a3E", "e1N", "i3W", "i9SW"], ["a1NE", "a7E", "e9S", "i7W"]]}

``board`` holds ``"."`` for a neutral cell or the colour letter ``A``..``D`` of a seat;
``chevrons`` per seat (seat order) the texts cell + direction, sorted by the cell's name
(column, then row: ``a3E`` before ``e1N``, as the contract's start position writes them;
any order is accepted). This module maps a snapshot to and from the C core's raw vector
(pacru_core.h, PACRU_RAW_*; the offsets generated into ``_constants``) by names and types
only: every rule is the C loader's (pacru_load), the game's one rule-aware check, which
``snapshot_check.validate_snapshot`` runs (SnapshotError naming the field, the seat's name and the
item's index where there is one, and the rule).

    >>> snap = snapshot_from_parts(2, False, False, 1000, 0, 0, [-1] * 81, {4: (0, 0), 18: (0, 2), 76: (1, 4)})
    >>> snap["chevrons"], snap["board"][0]
    ([['a3E', 'e1N'], ['e9S']], '.........')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pickpack.errors import MoveSyntaxError, SnapshotError
from pickpack.games.pacru.encoding import (BOARD_SIZE, COLOUR_LETTERS, DIRECTIONS, MAX_PLAYERS, MIN_PLAYERS,
                                           SEAT_NAMES, cell_text, parse_cell, parse_direction)
from pickpack.games.pacru._constants import (MAX_CHEVRONS, RAW_CHEV_CELL, RAW_CHEV_DIR, RAW_CLASSIC_MEETING, RAW_COLOUR,
                                             RAW_MAX_PLIES, RAW_NCHEV, RAW_PLAYERS, RAW_PLY, RAW_SINGLE_CELL, RAW_SIZE,
                                             RAW_TURN, CELLS as NUM_CELLS)

__all__ = ["FIELDS", "chevron_text", "parse_chevron", "raw_of_snapshot", "raw_seat_name", "snapshot_from_parts",
           "snapshot_of_raw"]

#: A snapshot's keys, in order.
FIELDS = ("players", "single_cell", "classic_meeting", "max_plies", "ply", "turn", "board", "chevrons")


def chevron_text(cell: int, direction: int) -> str:
    """``e1N``: the cell and the direction of a chevron."""
    return cell_text(cell) + DIRECTIONS[direction]


def parse_chevron(text: str) -> tuple[int, int]:
    """(cell, direction) of a chevron text like ``e1N`` or ``i9SW`` (exact case).
    ValueError otherwise."""
    if len(text) < 3 or text[:2] != text[:2].lower() or text[2:] not in DIRECTIONS:
        raise ValueError(f"a chevron is a cell and a direction like e1N or i9SW, not {text!r}")
    try:
        return parse_cell(text[:2]), parse_direction(text[2:])
    except MoveSyntaxError:
        raise ValueError(f"a chevron is a cell and a direction like e1N or i9SW, not {text!r}") from None


def _name_order(item: tuple[int, tuple[int, int]]) -> tuple[int, int]:
    """Sort key of a chevron: its cell's name (column, then row: a1 < a2 < ... < i9)."""
    return item[0] % BOARD_SIZE, item[0] // BOARD_SIZE


def snapshot_from_parts(players: int, single_cell: bool, classic_meeting: bool, max_plies: int, ply: int,
                        turn: int, board: list[int], chevrons: Mapping[int, tuple[int, int]]) -> dict[str, Any]:
    """The snapshot of a position given as ``board`` (81 colours, -1 neutral) and
    ``chevrons`` (cell -> (seat, direction))."""
    rows = ["".join("." if board[r * BOARD_SIZE + c] < 0 else COLOUR_LETTERS[board[r * BOARD_SIZE + c]]
                    for c in range(BOARD_SIZE)) for r in range(BOARD_SIZE - 1, -1, -1)]
    per_seat = [[chevron_text(cell, d) for cell, (s, d) in sorted(chevrons.items(), key=_name_order) if s == seat]
                for seat in range(players)]
    return {"players": players, "single_cell": single_cell, "classic_meeting": classic_meeting,
            "max_plies": max_plies, "ply": ply, "turn": turn, "board": rows, "chevrons": per_seat}


_CELL_CHARS = "." + COLOUR_LETTERS                      # by colour + 1 (-1 neutral)
_COLOUR_OF = {ch: i - 1 for i, ch in enumerate(_CELL_CHARS)}
_CHEVRON_TEXTS = [chevron_text(cell, d) for cell in range(NUM_CELLS) for d in range(len(DIRECTIONS))]
_CHEVRON_OF = {text: divmod(i, len(DIRECTIONS)) for i, text in enumerate(_CHEVRON_TEXTS)}


def snapshot_of_raw(raw: Sequence[int]) -> dict[str, Any]:
    """The snapshot of the C core's raw vector (pacru_core.h, PACRU_RAW_*)."""
    players = raw[RAW_PLAYERS]
    rows = ["".join([_CELL_CHARS[c + 1] for c in raw[at:at + BOARD_SIZE]])
            for at in range(RAW_COLOUR + NUM_CELLS - BOARD_SIZE, RAW_COLOUR - 1, -BOARD_SIZE)]
    chevrons = [[_CHEVRON_TEXTS[raw[RAW_CHEV_CELL + 4 * p + i] * 8 + raw[RAW_CHEV_DIR + 4 * p + i]]
                 for i in range(raw[RAW_NCHEV + p])] for p in range(players)]
    return {"players": players, "single_cell": bool(raw[RAW_SINGLE_CELL]),
            "classic_meeting": bool(raw[RAW_CLASSIC_MEETING]), "max_plies": raw[RAW_MAX_PLIES],
            "ply": raw[RAW_PLY], "turn": raw[RAW_TURN], "board": rows, "chevrons": chevrons}


def raw_of_snapshot(snap: Mapping[str, Any]) -> list[int]:
    """The C core's raw vector of a snapshot, checking only types and names: SnapshotError
    (field, seat name, index) for not a mapping, keys other than FIELDS, a non-int or
    non-bool value, a board not 9 strings of 9 characters ``.`` or ``A``..``D``, chevrons
    not one list per seat of texts like ``e1N``. Every rule (ranges, the seat letters of
    the player count, chevrons per seat, one per cell, reachability) is the C loader's
    (pacru_load), which the binding runs on this vector."""
    if not isinstance(snap, Mapping):
        raise _error("snapshot", f"a mapping expected, not {type(snap).__name__}")
    missing, extra = [k for k in FIELDS if k not in snap], sorted(str(k) for k in snap if k not in FIELDS)
    if missing or extra:
        problem = f"missing key(s) {', '.join(missing)}" if missing else f"unknown key(s) {', '.join(extra)}"
        raise _error("snapshot", f"{problem}; keys are {', '.join(FIELDS)}")
    raw = [0] * RAW_SIZE
    for field, at in (("players", RAW_PLAYERS), ("max_plies", RAW_MAX_PLIES), ("ply", RAW_PLY), ("turn", RAW_TURN)):
        if isinstance(snap[field], bool) or not isinstance(snap[field], int):
            raise _error(field, f"an int expected, not {type(snap[field]).__name__}")
        raw[at] = snap[field]
    for field, at in (("single_cell", RAW_SINGLE_CELL), ("classic_meeting", RAW_CLASSIC_MEETING)):
        raw[at] = int(_bool(snap, field))
    board = snap["board"]
    if not isinstance(board, list | tuple) or len(board) != BOARD_SIZE:
        raise _error("board", "a list of 9 strings expected (row 9 first)", "PA-C1")
    for r, line in enumerate(board):
        if not isinstance(line, str) or len(line) != BOARD_SIZE:
            raise _error("board", f"row {BOARD_SIZE - r} must be a string of 9 characters", "PA-C1", index=r)
        at = RAW_COLOUR + (BOARD_SIZE - 1 - r) * BOARD_SIZE
        bad = line.strip(_CELL_CHARS)
        if bad:
            cell = at - RAW_COLOUR + line.index(bad[0])
            raise _error("board", f"{cell_text(cell)} is {bad[0]!r}: each cell is '.' or a seat's letter", "PA-C2",
                         index=cell)
        raw[at:at + BOARD_SIZE] = [_COLOUR_OF[ch] for ch in line]
    chevrons, players = snap["chevrons"], raw[RAW_PLAYERS]
    if MIN_PLAYERS <= players <= MAX_PLAYERS:           # else the loader names the player count
        if not isinstance(chevrons, list | tuple) or len(chevrons) != players:
            raise _error("chevrons", f"a list of {players} lists (one per seat) expected", "PA-C4")
        for seat, texts in enumerate(chevrons):
            if not isinstance(texts, list | tuple):
                raise _error("chevrons", "a list of chevron texts expected", player=SEAT_NAMES[players][seat])
            raw[RAW_NCHEV + seat] = len(texts)            # more than the room: the loader's PA-C4
            for i, text in enumerate(texts[:MAX_CHEVRONS]):
                try:
                    cell, direction = _CHEVRON_OF[text] if type(text) is str and text in _CHEVRON_OF \
                        else parse_chevron(text)
                except (TypeError, ValueError) as exc:
                    raise _error("chevrons", str(exc), "PA-C3" if isinstance(text, str) else "",
                                 player=SEAT_NAMES[players][seat], index=i) from None
                raw[RAW_CHEV_CELL + 4 * seat + i], raw[RAW_CHEV_DIR + 4 * seat + i] = cell, direction
    return raw


def raw_seat_name(raw: Sequence[int], seat: int) -> str:
    """The name of ``seat`` in a raw vector's player count (encoding.SEAT_NAMES): what a
    loader's error calls it."""
    return SEAT_NAMES[raw[RAW_PLAYERS]][seat]


def _error(field: str, problem: str, rule: str = "", player: str | None = None,
           index: int | None = None) -> SnapshotError:
    where = f"{field}" + (f" of {player}" if player is not None else "") + (f" [{index}]" if index is not None
                                                                              else "")
    where = "snapshot" if where == "snapshot" else f"snapshot {where}"
    return SnapshotError(f"{where}: {problem}" + (f" ({rule})" if rule else ""), field=field,
                         player=player, index=index, rule=rule)


def _bool(snap: Mapping[str, Any], field: str) -> bool:
    value = snap[field]
    if not isinstance(value, bool):
        raise _error(field, f"true or false expected, not {type(value).__name__}")
    return value
