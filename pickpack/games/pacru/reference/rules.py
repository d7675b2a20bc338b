"""PACRU's rules as plain functions on a board and its chevrons (the reference's core).

Written for clarity, straight from the rules (``/work/shared/rules/pacru.md``, ids
PA-...) and the PACRU contract (move effects in order, check_action's rule ids in order).
A position here is ``board`` (81 ints: -1 neutral, else the seat whose colour the cell
has) and ``chev`` (a dict cell -> (seat, direction)). Nothing here changes its
arguments: every effect is worked out on copies.

    >>> from pickpack.games.pacru.encoding import SETUP, parse_cell
    >>> board, chev = [-1] * 81, {c: (s, d) for s, row in enumerate(SETUP[2]) for c, d in row}
    >>> power(board, parse_cell("e1"), 0), len(base_moves(board, chev, 0))
    (1, 12)
"""

from __future__ import annotations

from dataclasses import dataclass

from pickpack.games.pacru.encoding import (DIRECTIONS, MEETING_MIN_CELLS, NUM_CELLS, borderland,
                                           borderland_cells, cell_text, step)

__all__ = ["Board", "Chevrons", "Outcome", "analyse_move", "apply_crossing", "attacks", "base_move_problem",
           "base_moves", "counts", "crossing_choices", "has_legal_move", "meeting_choices", "move_outcome", "path",
           "power"]

Board = list[int]
Chevrons = dict[int, tuple[int, int]]


def counts(board: Board, players: int) -> list[int]:
    """Cells of each seat's colour, by seat."""
    return [sum(1 for c in board if c == seat) for seat in range(players)]


def power(board: Board, cell: int, seat: int) -> int:
    """PA-M2: the number of ``seat``'s cells in the borderland of ``cell`` (itself
    included), or 1 if there are none."""
    own = sum(1 for c in borderland_cells(borderland(cell)) if board[c] == seat)
    return own if own else 1


def path(cell: int, direction: int, distance: int) -> list[int]:
    """The cells strictly between ``cell`` and the cell ``distance`` steps away in ``direction``."""
    return [step(cell, direction, i) for i in range(1, distance)]


def attacks(board: Board, chev: Chevrons, cell: int) -> list[int]:
    """PA-K1: the enemy chevron cells the chevron on ``cell`` attacks (reaches along one
    of its 3 directions within its power, no chevron in between), ascending."""
    seat, d = chev[cell]
    pw = power(board, cell, seat)
    found = []
    for t in ((d + 7) % 8, d, (d + 1) % 8):
        for k in range(1, pw + 1):
            x = step(cell, t, k)
            if x < 0:
                break
            if x in chev:
                if chev[x][0] != seat:
                    found.append(x)
                break
    return sorted(found)


def _attackers(board: Board, chev: Chevrons, seat: int, target: int) -> int:
    return sum(1 for c, (s, _) in chev.items() if s == seat and target in attacks(board, chev, c))


def base_move_problem(board: Board, chev: Chevrons, seat: int, f: int, t: int, k: int,
                      pincer: bool, name: str) -> tuple[str, str] | None:
    """check_action's move checks 2..9 (the contract's order) for the base move
    (``f``, travel ``t``, distance ``k``, pincer flag) of ``seat`` (named ``name``):
    None if the base move is legal, else (rule id, reason)."""
    if chev.get(f, (-1, 0))[0] != seat:
        return "PA-M1", f"no chevron of {name} on {cell_text(f)}"
    d = chev[f][1]
    if t not in ((d + 7) % 8, d, (d + 1) % 8):
        return "PA-M1", (f"the chevron on {cell_text(f)} points {DIRECTIONS[d]}: it moves {DIRECTIONS[d]}, "
                         f"{DIRECTIONS[(d + 1) % 8]} or {DIRECTIONS[(d + 7) % 8]}")
    x = step(f, t, k)
    if x < 0:
        return "PA-M1", "the move leaves the board"
    pw = power(board, f, seat)
    if k > pw:
        return "PA-M2", f"the chevron on {cell_text(f)} has power {pw}: it moves 1 to {pw} cells"
    between = path(f, t, k)
    chevron_between = any(c in chev for c in between)
    if x in chev and chev[x][0] == seat:
        return "PA-M3", f"{cell_text(f)}-{cell_text(x)} lands on a chevron"
    if x in chev:
        if not pincer:
            return "PA-M3", (f"{cell_text(x)} holds a chevron: a pincer is written "
                             f"{cell_text(f)}x{cell_text(x)}")
        if chevron_between:
            return "PA-K1", f"a chevron stands between {cell_text(f)} and {cell_text(x)}"
        if _attackers(board, chev, seat, x) < 2:
            return "PA-K2", f"the chevron on {cell_text(x)} is not attacked by two chevrons of {name}"
        return None
    if pincer:
        return "PA-K2", f"no enemy chevron on {cell_text(x)} to pincer"
    if board[x] not in (-1, seat):
        return "PA-M3", f"{cell_text(x)} has another player's colour"
    if chevron_between and not (board[f] == seat and board[x] == seat):
        return "PA-M3", f"{cell_text(f)}-{cell_text(x)} passes over a chevron"
    return None


def base_moves(board: Board, chev: Chevrons, seat: int) -> list[tuple[int, int, int, bool]]:
    """Every legal base move (from, travel, distance, pincer) of ``seat``, pincers
    included, in (from, travel, distance) order."""
    out = []
    for f in sorted(c for c, (s, _) in chev.items() if s == seat):
        d = chev[f][1]
        for t in sorted(((d + 7) % 8, d, (d + 1) % 8)):
            for k in range(1, power(board, f, seat) + 1):
                x = step(f, t, k)
                if x < 0:
                    break
                pincer = x in chev and chev[x][0] != seat
                if base_move_problem(board, chev, seat, f, t, k, pincer, "") is None:
                    out.append((f, t, k, pincer))
    return out


def has_legal_move(board: Board, chev: Chevrons, seat: int) -> bool:
    """PA-E1: whether ``seat`` has a chevron that can move (pincers counted)."""
    return bool(base_moves(board, chev, seat))


@dataclass(frozen=True)
class Outcome:
    """What a legal base move is (colours before the move): ``x`` the landing cell,
    ``connection`` (PA-J1), ``crossing`` (PA-B1)."""

    x: int
    connection: bool
    crossing: bool


def analyse_move(board: Board, chev: Chevrons, seat: int, f: int, t: int, k: int) -> Outcome:
    """The kind of the legal base move (``f``, ``t``, ``k``) of ``seat``."""
    x = step(f, t, k)
    connection = (k >= 2 and board[f] == seat and board[x] == seat
                  and not any(c in chev for c in path(f, t, k)))
    return Outcome(x, connection, borderland(x) != borderland(f))


def move_outcome(board: Board, chev: Chevrons, seat: int, f: int, t: int, k: int, pincer: bool,
                 connection_chosen: bool) -> tuple[Board, Chevrons]:
    """The board and chevrons after effects 2 and 3 of a legal base move (the chevron
    moved, a pincered chevron removed and its cell coloured, the connection change if it
    applies: always when not a crossing, else only if chosen)."""
    kind = analyse_move(board, chev, seat, f, t, k)
    b, c = list(board), dict(chev)
    del c[f]
    if pincer:
        del c[kind.x]
        b[kind.x] = seat
    c[kind.x] = (seat, t)
    if kind.connection and (connection_chosen or not kind.crossing):
        for cell in path(f, t, k):
            b[cell] = seat
    return b, c


def crossing_choices(board: Board, chev: Chevrons, seat: int, x: int,
                     single_cell: bool) -> tuple[str, list[int]]:
    """Effect 4 on the board after effects 2-3, the moved chevron standing on ``x``:
    ``("neutral", S)`` when the destination borderland has neutral cells (S its neutral
    cells without a chevron, x counting as unoccupied; empty S is PA-B3),
    ``("transform", [])`` for PA-B2's transformation, ``("single", S)`` for the
    single-cell variant (S the unoccupied cells of another seat's colour)."""
    cells = borderland_cells(borderland(x))
    if any(board[c] == -1 for c in cells):
        return "neutral", sorted(c for c in cells if board[c] == -1 and (c == x or c not in chev))
    if not single_cell:
        return "transform", []
    return "single", sorted(c for c in cells if board[c] not in (-1, seat) and (c == x or c not in chev))


def apply_crossing(board: Board, chev: Chevrons, seat: int, x: int, single_cell: bool, cell: int) -> Board:
    """The board after effect 4 (the crossing benefit) with the chosen ``cell`` (-1 none)."""
    b = list(board)
    kind, _ = crossing_choices(board, chev, seat, x, single_cell)
    if kind == "transform":
        for c in borderland_cells(borderland(x)):
            b[c] = seat
    elif cell >= 0:
        b[cell] = seat
    return b


def meeting_choices(board: Board, chev: Chevrons, seat: int, x: int, before: list[int],
                    classic_meeting: bool) -> tuple[str, list[int]]:
    """Effect 5 on the board after effects 2-4, the moved chevron on ``x``: ``("none",
    [])`` without a meeting (PA-T1), ``("unpaid", [])`` for a meeting that does not pay
    (PA-T2: no other seat had 9 cells in ``before``), ``("pays", S)`` with S the cells
    without a chevron not of ``seat``'s colour."""
    t = chev[x][1]
    y = step(x, t)
    if y < 0 or chev.get(y) != (seat, (t + 4) % 8) or board[x] != seat or board[y] != seat:
        return "none", []
    if not classic_meeting and not any(n >= MEETING_MIN_CELLS for s, n in enumerate(before) if s != seat):
        return "unpaid", []
    return "pays", [c for c in range(NUM_CELLS) if c not in chev and board[c] != seat]
