"""PACRU's numbers and texts: cells, directions, set-ups, and the action codec.

One definition, shared by the C-backed ``State``, the plain-Python reference, the PPN
dialect and the TUI face (rules: docs/pacru.md and the rules file, ids PA-...).

**Cells** are 0..80, ``row * 9 + column`` with columns ``a``..``i`` (0..8, west to east)
and rows ``1``..``9`` (0..8, south to north): ``a1`` is 0, ``i1`` is 8, ``e5`` is 40.
The **borderland** of a cell (PA-C1) is ``(row // 3) * 3 + column // 3``, 0..8 (0 the
south-west 3x3 block, 8 the north-east one); a cell's **place** in its borderland is
``(row % 3) * 3 + column % 3``, 0..8.

**Directions** (PA-C3) are 0..7 clockwise from north: ``N NE E SE S SW W NW``. A chevron
pointing ``d`` moves in ``d-1``, ``d`` or ``d+1`` (mod 8, PA-M1).

**Seats** are 0..N-1 in turn order; their colour letters are ``A``..``D`` (the board of
a snapshot) and their names depend on the player count (PA-S1..PA-S4): 2 players
``south, north``; 3 players ``north, east, west``; 4 players ``south, west, north, east``.

**Actions.** A turn is one decision holding everything the mover chooses, so every
action is one integer in ``0 .. NUM_DISTINCT_ACTIONS-1`` with one canonical text, and
the text alone gives the integer (no state needed):

- a **move** (PA-M) ``((((((from*8 + travel)*8 + distance-1)*2 + pincer)*2 + connection)
  *10 + crossing)*82 + meeting``: ``from`` the chevron's cell, ``travel`` the direction it
  moves (and then points), ``distance`` 1..8, ``pincer`` 1 when it lands on an enemy
  chevron (PA-K2), ``connection`` 1 when the mover takes the connection change instead of
  the border-crossing benefit (only on a move that is both, PA-J1), ``crossing`` the
  place (0..8) in the destination borderland of the cell the crossing gives (PA-B1, or
  PA-B2's single-cell variant) or 9 for none, ``meeting`` the cell (0..80) a meeting
  gives (PA-T1) or 81 for none. Text: ``e1-e3``, a pincer ``e1xe5``, then the choices in
  brackets when there are any, in this order: ``conn`` (connection chosen), the crossing
  cell, ``*`` and the meeting cell: ``a3-d3[d2]``, ``a3-d3[conn,*b5]``, ``e1xe5[f4,*c7]``.
- a **reorientation** (PA-O1) by 45 degrees, returning 2 cells:
  ``REORIENT_2 + (cell*8 + new direction)*3240 + combination(2 cells)``; by 90 degrees,
  returning 4 cells: ``REORIENT_4 + (cell*8 + new direction)*1663740 + combination(4
  cells)``. ``combination`` is the colex rank of the set (the combinatorial number
  system: sorted cells c0 < c1 < ... rank sum C(c_i, i+1)). Text: ``e1>NE[a1,b2]`` (the
  freed cells in cell order).

    >>> cell_text(0), cell_text(40), parse_cell("i9"), borderland(parse_cell("e5"))
    ('a1', 'e5', 80, 4)
    >>> a = encode_move(parse_cell("a3"), 2, 3, crossing=parse_cell("d2"))
    >>> action_text(a), parse_action("a3-d3[d2]") == a
    ('a3-d3[d2]', True)
    >>> action_text(parse_action("E1xE5[F4, *C7]"))
    'e1xe5[f4,*c7]'
    >>> r = encode_reorient(parse_cell("e1"), 1, [parse_cell("b2"), parse_cell("a1")])
    >>> action_text(r), decode_action(r).freed
    ('e1>NE[a1,b2]', (0, 10))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb

from pickpack.errors import MoveSyntaxError
from pickpack.games.pacru import _constants as _c

__all__ = [
    "BOARD_SIZE", "CHEVRONS", "COLOUR_LETTERS", "CROSSING_NONE", "DELTAS", "DIRECTIONS", "MAX_GAME_LENGTH",
    "MAX_PLAYERS", "MEETING_NONE", "MEETING_MIN_CELLS", "MIN_PLAYERS", "NUM_CELLS", "NUM_DISTINCT_ACTIONS",
    "NUM_MOVE_ACTIONS", "REORIENT_2", "REORIENT_4", "SEAT_NAMES", "SETUP", "TARGET", "Action",
    "action_text", "borderland", "borderland_cells", "cell_text", "combination_rank", "combination_unrank",
    "decode_action", "direction_text", "encode_move", "encode_reorient", "move_digits", "parse_action", "parse_cell",
    "parse_direction", "place_in_borderland", "step",
]

# The C header's numbers (core/pacru/pacru_core.h, generated into _constants at build time).
MIN_PLAYERS, MAX_PLAYERS, BOARD_SIZE, NUM_CELLS = _c.MIN_PLAYERS, _c.MAX_PLAYERS, _c.SIZE, _c.CELLS
#: Colour letters of seats 0..3 (the snapshot's board, the position string).
COLOUR_LETTERS = "ABCD"

#: Direction names, 0..7 clockwise from north (PA-C3), and their (column, row) steps.
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DELTAS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))

#: Chevrons per player (PA-C4) and the target number of cells (PA-C5), by player count.
CHEVRONS = {2: 4, 3: 3, 4: 3}
TARGET = {2: 42, 3: 28, 4: 24}
#: A meeting pays only if an opponent has at least this many cells (PA-T2).
MEETING_MIN_CELLS = _c.MEETING_MIN_CELLS
#: The ply cap's default and largest value (PA-E3): no game lasts longer.
MAX_GAME_LENGTH = _c.MAX_GAME_LENGTH

#: Seat names by player count, in turn order (PA-S1..PA-S4).
SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: ("south", "north"),
    3: ("north", "east", "west"),
    4: ("south", "west", "north", "east"),
}

_SETUP_BY_NAME = {
    2: {"south": "a3E e1N i3W i9SW", "north": "a7E e9S i7W a1NE"},
    4: {"south": "e1N a3E i3W", "west": "a5E c1N c9S", "north": "e9S a7E i7W", "east": "i5W g1N g9S"},
}
_SETUP_BY_NAME[3] = {name: _SETUP_BY_NAME[4][name] for name in SEAT_NAMES[3]}

#: Move actions: from(81) x travel(8) x distance(8) x pincer(2) x connection(2) x crossing(10) x meeting(82).
CROSSING_NONE, MEETING_NONE = _c.CROSSING_NONE, _c.MEETING_NONE
NUM_MOVE_ACTIONS = _c.NUM_MOVE_ACTIONS                          # 81 x 8 x 8 x 2 x 2 x 10 x 82 = 17,003,520
_COMB2, _COMB4 = _c.COMB2, _c.COMB4                             # C(81, 2), C(81, 4)
#: First reorientation by 45 degrees (2 freed cells) and by 90 degrees (4 freed cells).
REORIENT_2 = _c.REORIENT_2                                      # NUM_MOVE_ACTIONS
REORIENT_4 = _c.REORIENT_4                                      # REORIENT_2 + 81 x 8 x C(81, 2) = 19,103,040
NUM_DISTINCT_ACTIONS = _c.NUM_DISTINCT_ACTIONS                  # REORIENT_4 + 81 x 8 x C(81, 4) (< 2**31)


def cell_text(cell: int) -> str:
    """``a1`` .. ``i9`` for cells 0..80. IndexError otherwise."""
    if not 0 <= cell < NUM_CELLS:
        raise IndexError(f"no cell {cell}: cells are 0..{NUM_CELLS - 1}")
    return "abcdefghi"[cell % BOARD_SIZE] + str(cell // BOARD_SIZE + 1)


def parse_cell(text: str) -> int:
    """The cell of ``a1`` .. ``i9`` (any letter case). MoveSyntaxError otherwise."""
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in "abcdefghi" or t[1] not in "123456789":
        raise MoveSyntaxError("not a cell: a column a-i and a row 1-9, like e5", text=text, column=1)
    return (int(t[1]) - 1) * BOARD_SIZE + "abcdefghi".index(t[0])


def direction_text(direction: int) -> str:
    """``N`` .. ``NW`` for directions 0..7. IndexError otherwise."""
    if not 0 <= direction < 8:
        raise IndexError(f"no direction {direction}: directions are 0..7")
    return DIRECTIONS[direction]


def parse_direction(text: str) -> int:
    """The direction of ``N`` .. ``NW`` (any letter case). MoveSyntaxError otherwise."""
    t = text.strip().upper()
    if t not in DIRECTIONS:
        raise MoveSyntaxError(f"not a direction: one of {' '.join(DIRECTIONS)}", text=text, column=1)
    return DIRECTIONS.index(t)


def borderland(cell: int) -> int:
    """The borderland 0..8 of ``cell`` (PA-C1): (row // 3) * 3 + column // 3."""
    return (cell // BOARD_SIZE // 3) * 3 + cell % BOARD_SIZE // 3


def place_in_borderland(cell: int) -> int:
    """The place 0..8 of ``cell`` in its borderland: (row % 3) * 3 + column % 3."""
    return (cell // BOARD_SIZE % 3) * 3 + cell % BOARD_SIZE % 3


def borderland_cells(land: int) -> tuple[int, ...]:
    """The 9 cells of borderland ``land`` in place order (place 0 first)."""
    row0, col0 = land // 3 * 3, land % 3 * 3
    return tuple((row0 + p // 3) * BOARD_SIZE + col0 + p % 3 for p in range(9))


def step(cell: int, direction: int, distance: int = 1) -> int:
    """The cell ``distance`` steps from ``cell`` in ``direction``, or -1 off the board."""
    dc, dr = DELTAS[direction]
    col = cell % BOARD_SIZE + dc * distance
    row = cell // BOARD_SIZE + dr * distance
    return row * BOARD_SIZE + col if 0 <= col < BOARD_SIZE and 0 <= row < BOARD_SIZE else -1


#: Seat -> ((cell, direction), ...) by player count, in the order the rules list them.
SETUP: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    n: tuple(tuple((parse_cell(c[:2]), parse_direction(c[2:])) for c in _SETUP_BY_NAME[n][name].split())
             for name in SEAT_NAMES[n])
    for n in (2, 3, 4)
}


def combination_rank(cells: Sequence[int]) -> int:
    """The colex rank of a set of distinct cells (combinatorial number system):
    sorted c0 < c1 < ... gives sum C(c_i, i+1). ValueError on repeated cells."""
    ordered = sorted(cells)
    if len(set(ordered)) != len(ordered):
        raise ValueError(f"repeated cell in {[cell_text(c) for c in ordered]}")
    return sum(comb(c, i + 1) for i, c in enumerate(ordered))


def combination_unrank(rank: int, k: int) -> tuple[int, ...]:
    """The sorted ``k`` cells whose colex rank is ``rank`` (0 <= rank < C(81, k))."""
    out = []
    for i in range(k, 0, -1):
        c = i - 1
        while comb(c + 1, i) <= rank:
            c += 1
        out.append(c)
        rank -= comb(c, i)
    return tuple(reversed(out))


@dataclass(frozen=True)
class Action:
    """A decoded action. ``kind`` is ``"move"`` or ``"reorient"``; ``cell`` the
    chevron's cell; for a move ``direction`` is the travel direction, ``to`` the landing
    cell (-1 off the board), ``distance`` 1..8, ``pincer``/``connection`` flags,
    ``crossing`` the chosen crossing cell or -1, ``meeting`` the meeting cell or -1; for a
    reorientation ``direction`` is the new direction and ``freed`` the sorted cells
    returned to neutral (2 or 4)."""

    kind: str
    cell: int
    direction: int
    to: int = -1
    distance: int = 0
    pincer: bool = False
    connection: bool = False
    crossing: int = -1
    meeting: int = -1
    freed: tuple[int, ...] = ()


def encode_move(cell: int, direction: int, distance: int, *, pincer: bool = False, connection: bool = False,
                crossing: int = -1, meeting: int = -1) -> int:
    """The action of a move (see the module docstring). ``crossing`` is a cell of the
    destination's borderland or -1; ``meeting`` a cell or -1. ValueError for a field out
    of range, a move off the board, or a crossing cell outside the destination's
    borderland."""
    if not (0 <= cell < NUM_CELLS and 0 <= direction < 8 and 1 <= distance <= 8):
        raise ValueError(f"move fields out of range: cell {cell}, direction {direction}, distance {distance}")
    to = step(cell, direction, distance)
    if to < 0:
        raise ValueError(f"{cell_text(cell)} {distance} cells {DIRECTIONS[direction]} leaves the board")
    place = CROSSING_NONE
    if crossing >= 0:
        if not 0 <= crossing < NUM_CELLS or borderland(crossing) != borderland(to):
            raise ValueError(f"crossing cell {crossing} is not in the borderland of {cell_text(to)}")
        place = place_in_borderland(crossing)
    if not -1 <= meeting < NUM_CELLS:
        raise ValueError(f"meeting cell {meeting} out of range")
    m = MEETING_NONE if meeting < 0 else meeting
    return (((((cell * 8 + direction) * 8 + distance - 1) * 2 + int(pincer)) * 2 + int(connection)) * 10
            + place) * 82 + m


def encode_reorient(cell: int, direction: int, freed: Iterable[int]) -> int:
    """The action turning the chevron on ``cell`` to ``direction`` and returning the
    cells ``freed`` (2 for 45 degrees, 4 for 90; any order). ValueError otherwise."""
    cells = sorted(freed)
    if not (0 <= cell < NUM_CELLS and 0 <= direction < 8) or len(cells) not in (2, 4) \
            or not all(0 <= c < NUM_CELLS for c in cells):
        raise ValueError(f"reorientation fields out of range: cell {cell}, direction {direction}, freed {cells}")
    rank = combination_rank(cells)
    if len(cells) == 2:
        return REORIENT_2 + (cell * 8 + direction) * _COMB2 + rank
    return REORIENT_4 + (cell * 8 + direction) * _COMB4 + rank


def decode_action(action: int) -> Action:
    """The fields of ``action`` (0 .. NUM_DISTINCT_ACTIONS-1; a move's ``to`` is -1 when
    it leaves the board). ValueError outside the action space."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_DISTINCT_ACTIONS:
        raise ValueError(f"no action {action!r}: actions are 0..{NUM_DISTINCT_ACTIONS - 1}")
    if action >= REORIENT_2:
        if action >= REORIENT_4:
            head, rank = divmod(action - REORIENT_4, _COMB4)
            freed = combination_unrank(rank, 4)
        else:
            head, rank = divmod(action - REORIENT_2, _COMB2)
            freed = combination_unrank(rank, 2)
        return Action("reorient", head // 8, head % 8, freed=freed)
    cell, direction, dist, pincer, connection, place, meeting = move_digits(action)
    to = step(cell, direction, dist + 1)
    crossing = -1
    if place != CROSSING_NONE and to >= 0:
        crossing = borderland_cells(borderland(to))[place]
    return Action("move", cell, direction, to=to, distance=dist + 1, pincer=bool(pincer),
                  connection=bool(connection), crossing=crossing if place != CROSSING_NONE else -1,
                  meeting=-1 if meeting == MEETING_NONE else meeting)


def move_digits(action: int) -> tuple[int, int, int, int, int, int, int]:
    """The mixed-radix digits of a move action (0 .. NUM_MOVE_ACTIONS-1, unchecked):
    ``(from, travel, distance-1, pincer, connection, crossing place, meeting)`` as the
    module docstring lays them out."""
    rest, meeting = divmod(action, 82)
    rest, place = divmod(rest, 10)
    rest, connection = divmod(rest, 2)
    rest, pincer = divmod(rest, 2)
    rest, distance = divmod(rest, 8)
    cell, direction = divmod(rest, 8)
    return (cell, direction, distance, pincer, connection, place, meeting)


def action_text(action: int) -> str:
    """The canonical text of ``action`` (module docstring): ``e1-e3``, ``e1xe5[f4,*c7]``,
    ``a3-d3[conn]``, ``e1>NE[a1,b2]``. ValueError outside the action space or for a move
    off the board."""
    a = decode_action(action)
    if a.kind == "reorient":
        return f"{cell_text(a.cell)}>{DIRECTIONS[a.direction]}[{','.join(cell_text(c) for c in a.freed)}]"
    if a.to < 0:
        raise ValueError(f"action {action}: {cell_text(a.cell)} {a.distance} cells {DIRECTIONS[a.direction]} "
                         "leaves the board")
    items = (["conn"] if a.connection else []) + ([cell_text(a.crossing)] if a.crossing >= 0 else []) \
        + ([f"*{cell_text(a.meeting)}"] if a.meeting >= 0 else [])
    tail = f"[{','.join(items)}]" if items else ""
    return f"{cell_text(a.cell)}{'x' if a.pincer else '-'}{cell_text(a.to)}{tail}"


_MOVE_RE = re.compile(r"\s*([a-i][1-9])\s*([-x>])\s*([a-i][1-9]|nw|ne|sw|se|n|e|s|w)\s*(?:\[([^\]]*)\])?\s*$",
                      re.IGNORECASE)


def _syntax(text: str, problem: str, column: int) -> MoveSyntaxError:
    return MoveSyntaxError(problem, text=text, column=column)


def parse_action(text: str) -> int:
    """The action of a move text (module docstring; any letter case, spaces allowed
    around the parts and after commas, freed cells in any order). MoveSyntaxError naming
    the column where the text goes wrong: not a cell, not a straight line of 1..8 cells,
    a crossing cell outside the destination's borderland, an unknown bracket item, a
    repeated or missing item."""
    m = _MOVE_RE.match(text)
    if m is None:
        column = _first_bad_column(text)
        raise _syntax(text, "a move is like e1-e3, e1xe5[f4,*c7], a3-d3[conn] or e1>NE[a1,b2]", column)
    src, sep, dst, inner = m.group(1), m.group(2).lower(), m.group(3), m.group(4)
    cell = parse_cell(src)
    items: list[str] = []
    columns: list[int] = []              # 1-based column of each item (its first non-space)
    inner_col = m.start(4) + 1 if inner is not None else len(text)
    if inner is not None:
        at = m.start(4)
        for part in inner.split(","):
            columns.append(at + len(part) - len(part.lstrip()) + 1)
            items.append(part.strip())
            at += len(part) + 1
    if sep == ">":
        if len(dst) == 2 and dst[1].isdigit():
            raise _syntax(text, "a reorientation names the new direction, like e1>NE[a1,b2]", m.start(3) + 1)
        freed = []
        for item, column in zip(items, columns):
            try:
                freed.append(parse_cell(item))
            except MoveSyntaxError:
                raise _syntax(text, f"{item!r} is not a cell: a reorientation frees cells, like e1>NE[a1,b2]",
                              column) from None
        if len(freed) not in (2, 4) or len(set(freed)) != len(freed):
            raise _syntax(text, "a reorientation frees 2 distinct cells (45 degrees) or 4 (90 degrees)", inner_col)
        return encode_reorient(cell, parse_direction(dst), freed)
    if not (len(dst) == 2 and dst[1].isdigit()):
        raise _syntax(text, "a move goes to a cell, like e1-e3", m.start(3) + 1)
    to = parse_cell(dst)
    dc, dr = to % 9 - cell % 9, to // 9 - cell // 9
    distance = max(abs(dc), abs(dr))
    if distance == 0 or (dc != 0 and dr != 0 and abs(dc) != abs(dr)):
        raise _syntax(text, f"{src}-{dst} is not a straight line (PA-M1)", m.start(3) + 1)
    direction = DELTAS.index(((dc > 0) - (dc < 0), (dr > 0) - (dr < 0)))
    connection = False
    crossing = meeting = -1
    stage = 0                     # items come in the order conn, crossing cell, *meeting cell
    for item, column in zip(items, columns):
        low = item.lower()
        if low == "conn" and stage == 0:
            connection, stage = True, 1
        elif low.startswith("*") and stage <= 2:
            try:
                meeting = parse_cell(low[1:])
            except MoveSyntaxError:
                raise _syntax(text, f"{item!r} is not a meeting cell like *c7", column) from None
            stage = 3
        elif stage <= 1 and len(low) == 2:
            try:
                crossing = parse_cell(low)
            except MoveSyntaxError:
                raise _syntax(text, f"{item!r} is not a cell", column) from None
            if crossing // 9 // 3 * 3 + crossing % 9 // 3 != borderland(to):
                raise _syntax(text, f"the crossing cell {item} is not in the borderland of {dst} (PA-B1)",
                              column)
            stage = 2
        elif not item:
            raise _syntax(text, "an empty choice between brackets or commas", column)
        else:
            raise _syntax(text, f"{item!r}: the choices are conn, then the crossing cell, then *meeting cell",
                          column)
    return encode_move(cell, direction, distance, pincer=sep == "x", connection=connection,
                       crossing=crossing, meeting=meeting)


def _first_bad_column(text: str) -> int:
    """The 1-based column where ``text`` stops looking like a move (leading spaces skipped)."""
    i = len(text) - len(text.lstrip())
    t = text.lower()
    if i >= len(t) or t[i] not in "abcdefghi":
        return i + 1
    if i + 1 >= len(t) or t[i + 1] not in "123456789":
        return i + 2
    j = i + 2
    while j < len(t) and t[j] == " ":
        j += 1
    if j >= len(t) or t[j] not in "-x>":
        return j + 1
    k = j + 1
    while k < len(t) and t[k] == " ":
        k += 1
    m = re.match(r"([a-i][1-9]|nw|ne|sw|se|n|e|s|w)", t[k:])
    if m is None:
        return k + 1
    k += m.end()
    while k < len(t) and t[k] == " ":
        k += 1
    if k < len(t) and t[k] == "[":
        if "]" not in t[k:]:
            return len(t) + 1             # the bracket is never closed
        k = t.index("]", k) + 1           # what follows the closed bracket
        while k < len(t) and t[k] == " ":
            k += 1
    return k + 1
