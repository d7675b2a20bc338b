"""Names and positions of squares and action spaces on the drawn board (PP-C1, PP-C5).

The board is drawn like the real one: an 8x8 layout whose middle 6x6 is the grid
(row 6 at the top, chess convention), Red's action spaces above (``aT``..``fT``) and
below (``aB``..``fB``) the columns, Blue's left (``1L``..``6L``) and right (``1R``..``6R``)
of the rows. Indices follow docs/engine.md: square ``row*6 + col``; Red space ``c`` (top)
or ``6+c`` (bottom); Blue space ``r`` (left) or ``6+r`` (right).
"""

from __future__ import annotations

from typing import Literal

from pickpack.games.pickpack.encoding import FILES, KIND_NAMES, PLAYERS, SPACES, SQUARES, square_of

__all__ = [
    "FILES", "KIND_NAMES", "LayoutCell", "PLAYERS", "SQUARES", "layout", "opponent",
    "space_name", "space_of_end", "square_index", "square_name",
]


LayoutCell = (
    tuple[Literal["square"], int] | tuple[Literal["space"], str, int] | tuple[Literal["corner"], int]
)


def opponent(player: str) -> str:
    """The other player ("red" <-> "blue")."""
    return "blue" if player == "red" else "red"


def square_name(sq: int) -> str:
    """``a1`` .. ``f6`` for square index 0..35."""
    return SQUARES[sq]


def square_index(name: str) -> int:
    """Square index 0..35 of ``a1`` .. ``f6``. Raises ValueError for anything else."""
    try:
        return square_of(name)
    except KeyError:
        raise ValueError(f"{name!r} is not a square a1..f6") from None


def space_name(player: str, space: int) -> str:
    """Text of a player's action space 0..11: Red ``aT``..``fB``, Blue ``1L``..``6R``."""
    return SPACES[PLAYERS.index(player)][space]


def space_of_end(player: str, dest: int, end: int) -> int:
    """The mover's space at line end ``end`` (0/1) of the line crossing square ``dest``.

    Red's line is the destination's column, Blue's its row (PP-M2, docs/engine.md).
    """
    line = dest % 6 if player == "red" else dest // 6
    return line + 6 * end


def layout() -> list[LayoutCell]:
    """The 64 cells of the drawn board, row by row from the top-left corner."""
    cells: list[LayoutCell] = []
    for row in range(8):
        for col in range(8):
            edge_row, edge_col = row in (0, 7), col in (0, 7)
            if edge_row and edge_col:
                cells.append(("corner", row * 8 + col))
            elif edge_row:
                cells.append(("space", "red", (col - 1) + (0 if row == 0 else 6)))
            elif edge_col:
                board_row = 6 - row          # drawn row 1 is board row 6 (index 5)
                cells.append(("space", "blue", board_row + (0 if col == 0 else 6)))
            else:
                cells.append(("square", (6 - row) * 6 + (col - 1)))
    return cells
