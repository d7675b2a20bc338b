"""The board screen: the table as the viewer sees it, where moves are made."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label

from pickpack_tui.widgets.board_view import BoardView
from pickpack_tui.widgets.grid_square import GridSquare
from pickpack_tui.widgets.move_log import MoveLog
from pickpack_tui.widgets.player_panel import PlayerPanel
from pickpack_tui.widgets.status_bar import StatusBar

if TYPE_CHECKING:
    from pickpack_tui.app import PickPackApp

__all__ = ["BoardScreen"]


class BoardScreen(Screen[None]):
    """Status line, board (with a hint line under it), both players' panels, move log.

    Choosing a square (click, or Enter on the cursor) hands it to the app, which asks
    what is still open and plays the move.
    """

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
        yield Footer()

    @property
    def pickpack_app(self) -> PickPackApp:
        from pickpack_tui.app import PickPackApp

        assert isinstance(self.app, PickPackApp)
        return self.app

    def on_mount(self) -> None:
        self.query_one(BoardView).focus()

    def on_grid_square_chosen(self, message: GridSquare.Chosen) -> None:
        message.stop()
        board = self.query_one(BoardView)
        board.move_cursor_to(message.square)
        board.focus()
        self.pickpack_app.choose_destination(message.square)
