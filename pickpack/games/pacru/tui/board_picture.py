"""The 9x9 board as Rich text: nine 3x3 borderlands framed by thick lines (PA-C1), each
cell tinted with its owner's colour and lettered, chevrons with their direction.

A cell is 3 characters: `` · `` neutral, `` a `` a cell of seat A (the lower-case colour
letter, so colour is never the only mark), ``A↑b`` a chevron of seat A pointing north
on a cell of seat B (``A↑·`` on a neutral cell). Marked cells (the choices open now)
are bracketed, ``[·]`` (a marked chevron, a pincer target, is underlined); cells picked
to be freed read ``[×]``; the selected chevron and the cursor are reversed. Rows run
north (9) at the top to south (1) at the bottom, columns a..i west to east.

    >>> picture = board_picture([-1] * 81, {4: (0, 0)}, cursor=-1)
    >>> picture.plain.splitlines()[12]
    '1 ┃ ·   ·   · ┃ ·  A↑·  · ┃ ·   ·   · ┃'
    >>> cell_at(20, 12), cell_at(3, 2), cell_at(14, 12)
    (4, 72, -1)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rich.style import Style
from rich.text import Text

from pickpack.games.pacru.encoding import BOARD_SIZE, COLOUR_LETTERS
from pickpack.games.pacru.tui.wording import ARROWS

__all__ = ["HEIGHT", "SEAT_STYLES", "WIDTH", "board_picture", "cell_at", "cell_origin"]

#: Rich style of each seat's cells, seat 0..3 (readable in the dark and light themes).
SEAT_STYLES = ("bold white on red3", "bold white on dodger_blue3", "bold black on green3", "bold black on gold1")
_NEUTRAL = Style(dim=True)
_FRAME = Style(dim=True)
_CURSOR = Style(reverse=True, bold=True)
_SELECTED = Style(bold=True, color="white", bgcolor="magenta")
_MARK = Style(bold=True, underline=True)

#: Size of the picture in characters: 2 for the row labels, 3 borderlands of 11 and 4 frame lines.
WIDTH = 39
HEIGHT = 15
_COLUMNS = "abcdefghi"


def cell_origin(cell: int) -> tuple[int, int]:
    """(x, y) of the first character of ``cell`` in the picture."""
    row, col = divmod(cell, BOARD_SIZE)
    x = 3 + (col // 3) * 12 + (col % 3) * 4
    y = 2 + (8 - row) + (8 - row) // 3
    return x, y


def cell_at(x: int, y: int) -> int:
    """The cell drawn at (x, y) of the picture, or -1 for a frame, label or gap."""
    for cell in range(BOARD_SIZE * BOARD_SIZE):
        cx, cy = cell_origin(cell)
        if cy == y and cx <= x < cx + 3:
            return cell
    return -1


def _cell(colour: int, chevron: tuple[int, int] | None, marked: bool, freed: bool) -> Text:
    ground = "·" if colour < 0 else COLOUR_LETTERS[colour].lower()
    style = _NEUTRAL if colour < 0 else Style.parse(SEAT_STYLES[colour])
    if freed:
        return Text("[×]", style=style)
    if chevron is not None:
        seat, direction = chevron
        text = Text(f"{COLOUR_LETTERS[seat]}{ARROWS[direction]}{ground}",
                    style=Style(bold=True) if colour < 0 else style)
        if marked:
            text.stylize(_MARK)
        return text
    if marked:
        return Text(f"[{ground}]", style=style + _MARK if colour >= 0 else _MARK)
    return Text(f" {ground} ", style=style)


def board_picture(colours: list[int], chevrons: Mapping[int, tuple[int, int]], *, cursor: int,
                  marks: Collection[int] = (), selected: int = -1, freed: Collection[int] = ()) -> Text:
    """The board: ``colours`` the 81 cell colours (-1 neutral or a seat), ``chevrons``
    cell -> (seat, direction); ``cursor`` the cursor's cell (-1: none), ``marks`` the
    cells open to choose, ``selected`` the chosen chevron's cell (-1: none), ``freed``
    the cells picked to be returned to neutral. ValueError unless 81 colours are given."""
    if len(colours) != BOARD_SIZE * BOARD_SIZE:
        raise ValueError(f"colours: 81 cells expected, got {len(colours)}")
    out = Text()
    header_chars = [" "] * WIDTH
    for col, name in enumerate(_COLUMNS):
        header_chars[cell_origin(col)[0] + 1] = name
    header = "".join(header_chars)
    out.append(header.rstrip() + "\n", style=_FRAME)
    rule = {"top": ("┏", "┳", "┓"), "mid": ("┣", "╋", "┫"), "bottom": ("┗", "┻", "┛")}
    for row in range(BOARD_SIZE - 1, -1, -1):
        if row % 3 == 2:
            left, cross, right = rule["top" if row == BOARD_SIZE - 1 else "mid"]
            out.append(f"  {left}{'━' * 11}{cross}{'━' * 11}{cross}{'━' * 11}{right}\n", style=_FRAME)
        out.append(f"{row + 1} ", style=_FRAME)
        for col in range(BOARD_SIZE):
            if col % 3 == 0:
                out.append("┃", style=_FRAME)
            else:
                out.append(" ")
            cell = row * BOARD_SIZE + col
            text = _cell(colours[cell], chevrons.get(cell), cell in marks, cell in freed)
            if cell == selected:
                text.stylize(_SELECTED)
            if cell == cursor:
                text.stylize(_CURSOR)
            out.append_text(text)
        out.append("┃\n", style=_FRAME)
    left, cross, right = rule["bottom"]
    out.append(f"  {left}{'━' * 11}{cross}{'━' * 11}{cross}{'━' * 11}{right}\n", style=_FRAME)
    out.append(header.rstrip(), style=_FRAME)
    return out
