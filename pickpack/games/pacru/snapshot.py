"""PACRU's snapshot: the whole position as JSON-able data (docs/pacru.md, "Snapshot").

    {"players": 2, "single_cell": false, "classic_meeting": false, "max_plies": 1000,
     "ply": 0, "turn": 0,
     "board": [".........", ...],          # 9 rows, row 9 (north) first, columns a..i
     "chevrons": [["a3E", "e1N", "i3W", "i9SW"], ["a1NE", "a7E", "e9S", "i7W"]]}

``board`` holds ``"."`` for a neutral cell or the colour letter ``A``..``D`` of a seat;
``chevrons`` per seat (seat order) the texts cell + direction, sorted by the cell's name
(column, then row: ``a3E`` before ``e1N``, as the contract's start position writes them;
any order is accepted, ``validate_snapshot`` sorts). ``validate_snapshot`` raises
``pickpack.SnapshotError`` naming the field (and the seat's name and the item's index
where there is one) and the rule broken.

    >>> snap = snapshot_from_parts(2, False, False, 1000, 0, 0, [-1] * 81, {4: (0, 0), 18: (0, 2), 76: (1, 4)})
    >>> snap["chevrons"], snap["board"][0]
    ([['a3E', 'e1N'], ['e9S']], '.........')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickpack.errors import MoveSyntaxError, SnapshotError
from pickpack.games.pacru.encoding import (BOARD_SIZE, CHEVRONS, COLOUR_LETTERS, DIRECTIONS, MAX_GAME_LENGTH,
                                           MAX_PLAYERS, MIN_PLAYERS, SEAT_NAMES, TARGET, cell_text, parse_cell,
                                           parse_direction)

__all__ = ["FIELDS", "chevron_text", "parse_chevron", "snapshot_from_parts", "validate_snapshot"]

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


def _error(field: str, problem: str, rule: str = "", player: str | None = None,
           index: int | None = None) -> SnapshotError:
    where = f"{field}" + (f" of {player}" if player is not None else "") + (f" [{index}]" if index is not None
                                                                              else "")
    return SnapshotError(f"snapshot {where}: {problem}" + (f" ({rule})" if rule else ""), field=field,
                         player=player, index=index, rule=rule)


def _int(snap: Mapping[str, Any], field: str, low: int, high: int, rule: str) -> int:
    value = snap[field]
    if isinstance(value, bool) or not isinstance(value, int):
        raise _error(field, f"an int expected, not {type(value).__name__}")
    if not low <= value <= high:
        raise _error(field, f"must be {low}..{high}, not {value}", rule)
    return value


def _bool(snap: Mapping[str, Any], field: str) -> bool:
    value = snap[field]
    if not isinstance(value, bool):
        raise _error(field, f"true or false expected, not {type(value).__name__}")
    return value


def validate_snapshot(snap: Mapping[str, Any]) -> dict[str, Any]:
    """A normalised copy of ``snap`` (chevrons sorted by cell name, keys in FIELDS order).

    SnapshotError (``field``, and ``player``/``index`` where there is one, ``rule``) for:
    not a mapping or keys other than FIELDS (field ``snapshot``); a wrong type; players
    not 2..4 (PA-C4); max_plies not 1..1000 and ply not 0..max_plies (PA-E3); turn not a
    seat (PA-S4); a board not 9 strings of 9 characters ``.`` or a seat's letter
    (PA-C2); chevrons not one list per seat of at most CHEVRONS[N] texts like ``e1N``
    (PA-C4), two on one cell (PA-C2); a game not over whose turn has no chevron or no
    legal move (PA-E1). What else a reachable position satisfies is checked once, by
    the C loader (State.from_snapshot; docs/pacru.md, "Positions the rules can reach")."""
    if not isinstance(snap, Mapping):
        raise _error("snapshot", f"a mapping expected, not {type(snap).__name__}")
    missing = [k for k in FIELDS if k not in snap]
    if missing:
        raise _error("snapshot", f"missing key(s) {', '.join(missing)}; keys are {', '.join(FIELDS)}")
    extra = sorted(str(k) for k in snap if k not in FIELDS)
    if extra:
        raise _error("snapshot", f"unknown key(s) {', '.join(extra)}; keys are {', '.join(FIELDS)}")
    players = _int(snap, "players", MIN_PLAYERS, MAX_PLAYERS, "PA-C4")
    single_cell = _bool(snap, "single_cell")
    classic_meeting = _bool(snap, "classic_meeting")
    max_plies = _int(snap, "max_plies", 1, MAX_GAME_LENGTH, "PA-E3")
    ply = _int(snap, "ply", 0, max_plies, "PA-E3")
    turn = _int(snap, "turn", 0, players - 1, "PA-S4")
    names = SEAT_NAMES[players]

    board_in = snap["board"]
    if not isinstance(board_in, list | tuple) or len(board_in) != BOARD_SIZE:
        raise _error("board", "a list of 9 strings expected (row 9 first)", "PA-C1")
    letters = "." + COLOUR_LETTERS[:players]
    board = [-1] * (BOARD_SIZE * BOARD_SIZE)
    for r, line in enumerate(board_in):
        row = BOARD_SIZE - 1 - r
        if not isinstance(line, str) or len(line) != BOARD_SIZE:
            raise _error("board", f"row {row + 1} must be a string of 9 characters", "PA-C1", index=r)
        for c, ch in enumerate(line):
            cell = row * BOARD_SIZE + c
            if ch not in letters:
                raise _error("board", f"{cell_text(cell)} is {ch!r}: each cell is '.' or one of "
                                      f"{', '.join(COLOUR_LETTERS[:players])}", "PA-C2", index=cell)
            board[cell] = letters.index(ch) - 1

    chev_in = snap["chevrons"]
    if not isinstance(chev_in, list | tuple) or len(chev_in) != players:
        raise _error("chevrons", f"a list of {players} lists (one per seat) expected", "PA-C4")
    chevrons: dict[int, tuple[int, int]] = {}
    for seat, texts in enumerate(chev_in):
        if not isinstance(texts, list | tuple):
            raise _error("chevrons", "a list of chevron texts expected", player=names[seat])
        if len(texts) > CHEVRONS[players]:
            raise _error("chevrons", f"at most {CHEVRONS[players]} chevrons, not {len(texts)}", "PA-C4",
                         player=names[seat])
        for i, text in enumerate(texts):
            if not isinstance(text, str):
                raise _error("chevrons", f"a chevron text expected, not {type(text).__name__}",
                             player=names[seat], index=i)
            try:
                cell, direction = parse_chevron(text)
            except ValueError as exc:
                raise _error("chevrons", str(exc), "PA-C3", player=names[seat], index=i) from None
            if cell in chevrons:
                raise _error("chevrons", f"two chevrons on {cell_text(cell)}", "PA-C2", player=names[seat],
                             index=i)
            chevrons[cell] = (seat, direction)

    good = snapshot_from_parts(players, single_cell, classic_meeting, max_plies, ply, turn, board, chevrons)
    # Whether the game is over decides whether the turn must be able to move; what a
    # finished game must look like (one seat at the target, one left with chevrons) is
    # the C loader's reachability check (pacru_load, docs/pacru.md).
    reached = any(board.count(seat) >= TARGET[players] for seat in range(players))
    alive = {s for s, _ in chevrons.values()}
    over = reached or len(alive) <= 1 or ply >= max_plies
    if not over:
        if turn not in alive:
            raise _error("turn", f"{names[turn]} is to move but has no chevron", "PA-E1")
        from pickpack.games.pacru.reference.rules import has_legal_move

        if not has_legal_move(board, chevrons, turn):
            raise _error("turn", f"{names[turn]} is to move but no chevron can move: that player is out",
                         "PA-E1")
    return good
