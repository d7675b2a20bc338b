"""The board widget: the picture of board_picture, a keyboard cursor, clicks on cells."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from pickpack.games.pacru.encoding import BOARD_SIZE
from pickpack.games.pacru.tui.board_picture import board_picture, cell_at

__all__ = ["BoardView"]


class BoardView(Widget, can_focus=True):
    """The 9x9 board (board_picture). Arrows move the cursor (up is north), Enter or
    Space choose the cell under it, ``o`` asks to turn the chevron under it, Escape
    steps back; a click on a cell moves the cursor there and chooses it. Each posts a
    message (``Chosen``, ``Turn``, ``Back``, ``CursorMoved``) for the screen."""

    _MOVE = "move the cursor"
    BINDINGS = [
        Binding("up", "cursor(0, 1)", "Up", show=False, tooltip=_MOVE),
        Binding("down", "cursor(0, -1)", "Down", show=False, tooltip=_MOVE),
        Binding("left", "cursor(-1, 0)", "Left", show=False, tooltip=_MOVE),
        Binding("right", "cursor(1, 0)", "Right", show=False, tooltip=_MOVE),
        Binding("enter,space", "choose", "Choose", tooltip="choose the cell under the cursor"),
        Binding("o", "turn", "Turn", tooltip="turn (reorient) the chevron under the cursor (PA-O1)"),
        Binding("escape", "back", "Back", tooltip="take back the last choice of the move"),
    ]

    class Chosen(Message):
        """A cell was chosen (Enter, Space or a click)."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    class Turn(Message):
        """``o``: turn the chevron on ``cell``."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    class Back(Message):
        """Escape: take back the last choice."""

    class CursorMoved(Message):
        """The cursor moved (read ``cursor``)."""

    def __init__(self) -> None:
        super().__init__(id="board")
        self.cursor = 4
        self.colours: list[int] = [-1] * (BOARD_SIZE * BOARD_SIZE)
        self.chevrons: dict[int, tuple[int, int]] = {}
        self.marks: set[int] = set()
        self.selected = -1
        self.freed: set[int] = set()

    def show(self, colours: list[int], chevrons: Mapping[int, tuple[int, int]], marks: Collection[int] = (),
             selected: int = -1, freed: Collection[int] = ()) -> None:
        """Draw a position: 81 ``colours``, ``chevrons`` cell -> (seat, direction), the
        ``marks`` open to choose, the ``selected`` chevron, the cells picked to be ``freed``."""
        self.colours = list(colours)
        self.chevrons = dict(chevrons)
        self.marks = set(marks)
        self.selected = selected
        self.freed = set(freed)
        self.refresh()

    def render(self) -> Text:
        return board_picture(self.colours, self.chevrons, cursor=self.cursor if self.has_focus else -1,
                             marks=self.marks, selected=self.selected, freed=self.freed)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def move_cursor_to(self, cell: int) -> None:
        """Put the cursor on ``cell`` (0..80). ValueError otherwise."""
        if not 0 <= cell < BOARD_SIZE * BOARD_SIZE:
            raise ValueError(f"no cell {cell}: cells are 0..80")
        moved = cell != self.cursor
        self.cursor = cell
        self.refresh()
        if moved:
            self.post_message(self.CursorMoved())

    def action_cursor(self, dc: int, dr: int) -> None:
        """Move the cursor one cell (rows run south to north, so up is row + 1)."""
        row, col = divmod(self.cursor, BOARD_SIZE)
        row = min(max(row + dr, 0), BOARD_SIZE - 1)
        col = min(max(col + dc, 0), BOARD_SIZE - 1)
        self.move_cursor_to(row * BOARD_SIZE + col)

    def action_choose(self) -> None:
        """Enter/Space: choose the cell under the cursor."""
        self.post_message(self.Chosen(self.cursor))

    def action_turn(self) -> None:
        """``o``: turn the chevron under the cursor."""
        self.post_message(self.Turn(self.cursor))

    def action_back(self) -> None:
        """Escape: take back the last choice."""
        self.post_message(self.Back())

    def on_click(self, event: events.Click) -> None:
        """A click on a cell moves the cursor there and chooses it (frames and labels: nothing)."""
        cell = cell_at(event.x, event.y)
        if cell < 0:
            return
        event.stop()
        self.focus()
        self.move_cursor_to(cell)
        self.post_message(self.Chosen(cell))
