"""The board screen: the table as the viewer sees it, where moves are made."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label

from pickpack.face_kit import KeyFooter, MoveLog, StatusBar
from pickpack.games.pickpack.tui.widgets.board_view import BoardView
from pickpack.games.pickpack.tui.widgets.grid_square import GridSquare
from pickpack.games.pickpack.tui.widgets.player_panel import PlayerPanel

__all__ = ["BoardScreen"]


class BoardScreen(Screen[None]):
    """Status line, board (with a hint line under it), both players' panels, move log.

    Choosing a square (click, or Enter on the cursor) hands it to ``choose`` (the face,
    which asks what is still open and plays the move through the shell). The hint line
    names the cursor's square and
    what is on it (``Cursor c4: tray of 3 apples``), then ``hint`` (the app's line, e.g.
    the legal destinations).
    """

    hint = ""

    def __init__(self, choose: Callable[[int], None]) -> None:
        super().__init__()
        self.choose = choose

    def compose(self) -> ComposeResult:
        yield StatusBar()
        with Horizontal(id="table"):
            with Vertical(id="board-column"):
                yield BoardView()
                yield Label("", id="hint")
            with Vertical(id="side"):
                yield PlayerPanel("red")
                yield PlayerPanel("blue")
                yield MoveLog()
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(BoardView).focus()

    def show_hint(self, hint: str) -> None:
        """Set the app's part of the hint line and redraw it under the cursor's line."""
        self.hint = hint
        self._draw_hint()

    def _draw_hint(self) -> None:
        cursor = self.query_one(BoardView).cursor_text()
        lines = ([f"Cursor {cursor}"] if cursor is not None else []) + ([self.hint] if self.hint else [])
        self.query_one("#hint", Label).update("\n".join(lines))

    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        message.stop()
        self._draw_hint()

    def on_grid_square_chosen(self, message: GridSquare.Chosen) -> None:
        message.stop()
        board = self.query_one(BoardView)
        board.move_cursor_to(message.square)
        board.focus()
        self.choose(message.square)
