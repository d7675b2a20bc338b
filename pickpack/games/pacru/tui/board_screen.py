"""PACRU's board screen: status line, the board with the cursor's and the move's lines
under it, the seats' legend and the move log beside it."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from pickpack.face_kit import KeyFooter, MoveLog, StatusBar
from pickpack.games.pacru.tui.widgets.board_view import BoardView
from pickpack.games.pacru.tui.widgets.legend import Legend

__all__ = ["PacruBoardScreen"]


class PacruBoardScreen(Screen[None]):
    """The board (BoardView) hands a chosen cell to ``on_choose``, ``o`` to
    ``on_turn`` (with the cursor's cell), Escape to ``on_back``, a cursor move to
    ``on_cursor``: the face's handlers. ``show_lines`` sets the two lines under the
    board (what is under the cursor; what to do now), as plain text: move texts hold
    brackets, never markup."""

    def __init__(self, on_choose: Callable[[int], None], on_turn: Callable[[int], None],
                 on_back: Callable[[], None], on_cursor: Callable[[], None]) -> None:
        super().__init__()
        self.on_choose = on_choose
        self.on_turn = on_turn
        self.on_back = on_back
        self.on_cursor = on_cursor

    def compose(self) -> ComposeResult:
        yield StatusBar()
        with Horizontal(id="pacru-table"):
            with Vertical(id="pacru-left"):
                yield BoardView()
                yield Static("", id="pacru-cursor")
                yield Static("", id="pacru-prompt")
            with Vertical(id="pacru-side"):
                yield Legend()
                yield MoveLog()
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(BoardView).focus()

    def show_lines(self, cursor: str, prompt: str) -> None:
        """The cursor's line and the prompt line under the board."""
        self.query_one("#pacru-cursor", Static).update(Text(cursor))
        self.query_one("#pacru-prompt", Static).update(Text(prompt))

    def on_board_view_chosen(self, message: BoardView.Chosen) -> None:
        message.stop()
        self.on_choose(message.cell)

    def on_board_view_turn(self, message: BoardView.Turn) -> None:
        message.stop()
        self.on_turn(message.cell)

    def on_board_view_back(self, message: BoardView.Back) -> None:
        message.stop()
        self.on_back()

    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        message.stop()
        self.on_cursor()
