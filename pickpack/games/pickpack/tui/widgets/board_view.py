"""The board laid out like the real one: grid, Red's spaces above/below, Blue's left/right."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from pickpack.games.pickpack.tui.board_geometry import SQUARES, layout, space_name
from pickpack.games.pickpack.tui.move_choices import MoveParts
from pickpack.games.pickpack.tui.widgets.action_tile import ActionTile
from pickpack.games.pickpack.tui.widgets.grid_square import GridSquare
from pickpack.games.pickpack.tui.wording import square_text

__all__ = ["BoardView"]


class BoardView(Grid, can_focus=True):
    """8x8 cells: 36 GridSquares, 24 ActionTiles, 4 empty corners (board_geometry.layout).

    Keyboard: the arrows move a cursor, Enter/Space choose what is under it. In play
    the cursor runs over the 36 squares and choosing posts ``GridSquare.Chosen``; while
    ``placer`` places tiles (PP-S3) it runs over that player's 12 spaces and posts
    ``ActionTile.Chosen``. Clicks on squares and tiles post the same messages.
    """

    _MOVE = "move the cursor"
    _CHOOSE = "choose the square (or, while placing, the tile) under the cursor"
    BINDINGS = [
        Binding("up", "cursor('up')", "Up", show=False, tooltip=_MOVE),
        Binding("down", "cursor('down')", "Down", show=False, tooltip=_MOVE),
        Binding("left", "cursor('left')", "Left", show=False, tooltip=_MOVE),
        Binding("right", "cursor('right')", "Right", show=False, tooltip=_MOVE),
        Binding("enter,space", "choose", "Choose", tooltip=_CHOOSE),
    ]

    class CursorMoved(Message):
        """The keyboard cursor moved (read ``cursor_square``/``cursor_space``)."""

    def __init__(self, placer: str | None = None, id: str | None = "board") -> None:
        super().__init__(id=id)
        self.placer = placer
        self.cursor_square = 0
        self.cursor_space = 0
        self.obs: dict[str, Any] | None = None
        self._cursor_on: Widget | None = None

    def compose(self) -> ComposeResult:
        for cell in layout():
            if cell[0] == "square":
                yield GridSquare(cell[1])
            elif cell[0] == "space":
                yield ActionTile(cell[1], cell[2])
            else:
                yield Static("", classes="corner")

    # --- drawing --------------------------------------------------------------------

    def show(self, obs: dict[str, Any], legal: set[int], last: MoveParts | None = None,
             last_mover: str | None = None) -> None:
        """Draw the observation ``obs``; mark the ``legal`` destinations and the last move."""
        self.obs = obs
        grabber = SQUARES.index(obs["grabber"])
        touched_tiles: set[tuple[str, int]] = set()
        touched_squares: set[int] = set()
        if last is not None and last_mover is not None:
            touched_squares.add(last.dest)
            if last.end is not None:
                line = last.dest % 6 if last_mover == "red" else last.dest // 6
                touched_tiles.add((last_mover, line + 6 * last.end))
            target = last.malfunction
            if target is not None and target[0] == "square":
                touched_squares.add(target[1])
            elif target is not None:
                touched_tiles.add(("blue" if last_mover == "red" else "red", target[1]))
        for sq in self.query(GridSquare):
            sq.show(obs["grid"][SQUARES[sq.square]], grabber=sq.square == grabber,
                    legal=sq.square in legal, last=sq.square in touched_squares)
        for tile in self.query(ActionTile):
            data = obs["tiles"][tile.owner][space_name(tile.owner, tile.space)]
            tile.show(data["kind"], data["status"], last=(tile.owner, tile.space) in touched_tiles)
        self._draw_cursor()

    def show_draft(self, draft: str, selected: int | None) -> None:
        """While placing: draw ``placer``'s draft (12 kind letters) and the selected space."""
        for tile in self.query(ActionTile):
            if tile.owner == self.placer:
                tile.show(draft[tile.space], "unplayed")
                tile.set_class(tile.space == selected, "-selected")
        self._draw_cursor()

    def _draw_cursor(self) -> None:
        """Move the ``-cursor`` class to the cell under the cursor (none while unfocused)."""
        target: Widget | None = None
        if self.has_focus and self.is_mounted:
            if self.placer is None:
                target = self.query_one(f"#sq-{SQUARES[self.cursor_square]}")
            else:
                target = self.query_one(f"#tile-{space_name(self.placer, self.cursor_space)}")
        if target is self._cursor_on:
            return
        if self._cursor_on is not None:
            self._cursor_on.remove_class("-cursor")
        if target is not None:
            target.add_class("-cursor")
        self._cursor_on = target

    def on_focus(self) -> None:
        self._draw_cursor()

    def on_blur(self) -> None:
        self._draw_cursor()

    # --- keyboard -------------------------------------------------------------------

    def move_cursor_to(self, square: int) -> None:
        """Put the play cursor on ``square`` (0..35)."""
        moved = square != self.cursor_square
        self.cursor_square = square
        self._draw_cursor()
        if moved:
            self.post_message(self.CursorMoved())

    def cursor_text(self) -> str | None:
        """The play cursor's square in words from the drawn observation (``c4: tray of
        3 apples``), so the cursor is told by more than its colour; None before any."""
        if self.obs is None or self.placer is not None:
            return None
        name = SQUARES[self.cursor_square]
        return square_text(name, self.obs["grid"][name], name == self.obs["grabber"])

    def action_cursor(self, direction: str) -> None:
        """Move the cursor one step (PP-C1 rows run bottom to top, so up is row + 1)."""
        if self.placer is None:
            row, col = divmod(self.cursor_square, 6)
            row += {"up": 1, "down": -1}.get(direction, 0)
            col += {"right": 1, "left": -1}.get(direction, 0)
            self.cursor_square = min(max(row, 0), 5) * 6 + min(max(col, 0), 5)
        else:
            end, line = divmod(self.cursor_space, 6)
            along, across = (("left", "right"), ("up", "down")) if self.placer == "red" else \
                (("down", "up"), ("left", "right"))
            if direction in along:
                line = min(max(line + (1 if direction == along[1] else -1), 0), 5)
            else:
                end = 0 if direction == across[0] else 1
            self.cursor_space = end * 6 + line
        self._draw_cursor()
        self.post_message(self.CursorMoved())

    def action_choose(self) -> None:
        """Choose the square or space under the cursor."""
        if self.placer is None:
            self.post_message(GridSquare.Chosen(self.cursor_square))
        else:
            self.post_message(ActionTile.Chosen(self.placer, self.cursor_space))
