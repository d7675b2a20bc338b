"""The game-over screen: crate-by-crate scoring (PP-E3) and the winner (PP-E4)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from pickpack.face_kit import KeyFooter
from pickpack.games.pickpack.tui.board_geometry import PLAYERS

__all__ = ["GameOverScreen"]

# Columns around the dialog's table: the thick border (1 each side) and the padding (1 each side).
_FRAME = 4

class GameOverScreen(ModalScreen[str]):
    """Both players' crates (all trays: the game is over), points per crate and totals.

    ``crate_points`` is ``State.crate_scores`` per player, ``scores`` the totals,
    ``winner`` "red", "blue" or "draw". Dismisses with "new", "board" or "quit". The
    focus starts on "Board", which loses nothing: Enter out of habit does not start a
    new game (and the app asks before a new game or quit throws unsaved moves away).

    The dialog is as wide as its table, up to the screen. A crate may hold many trays
    (in principle all 36 of PP-C2, after three crates closed early, PP-G2, and trays taken
    by Quality control, PP-A4), so only the trays column wraps (one tray per word); the
    crate, status, apples (at most 97, PP-C2) and points (at most 194, PP-E3) columns
    never wrap, so no column is ever pushed off at 80x24.
    """

    SHELL_KEYS = True      # new game, load, help and theme work here too (the shell)
    BINDINGS = [
        Binding("n", "finish('new')", "New game"),
        Binding("escape,b", "finish('board')", "Board"),
        Binding("q", "finish('quit')", "Quit"),
    ]

    def __init__(self, snapshot: dict[str, Any], crate_points: dict[str, list[int]],
                 winner: str, seats: dict[str, str]) -> None:
        super().__init__()
        self.snapshot = snapshot
        self.crate_points = crate_points
        self.winner = winner
        self.seats = seats

    def compose(self) -> ComposeResult:
        scores = {p: sum(self.crate_points[p]) for p in PLAYERS}
        if self.winner == "draw":
            title = f"Draw, {scores['red']} to {scores['blue']} (PP-E4)"
        else:
            loser = "blue" if self.winner == "red" else "red"
            title = f"{self.winner.title()} ({self.seats[self.winner]}) wins, " \
                    f"{scores[self.winner]} to {scores[loser]}"
        with Vertical(id="game-over-box"):
            yield Label(title, id="game-over-title")
            yield Static(self._table(), id="game-over-table")
            yield Label("PP-E3: open 1 point per apple, premium 2 per apple,\n"
                        "wholesale 1 per 2 apples (rounded down)", id="game-over-rule")
            with Horizontal(id="game-over-buttons"):
                yield Button("Board", id="board", variant="primary", compact=True)
                yield Button("New game", id="new", compact=True)
                yield Button("Quit", id="quit", compact=True)
        yield KeyFooter()

    def _table(self) -> Table:
        table = Table(box=None, padding=(0, 1), expand=False, show_edge=False)
        for col, justify in (("", "left"), ("crate", "right"), ("status", "left"),
                             ("trays", "left"), ("apples", "right"), ("points", "right")):
            table.add_column(col, justify=justify,  # type: ignore[arg-type]
                             no_wrap=col != "trays", overflow="fold")
        for p in PLAYERS:
            for c, crate in enumerate(self.snapshot["crates"][p]):
                trays = crate["trays"]
                table.add_row(Text(p.title(), style="bold") if c == 0 else "", str(c + 1),
                              crate["status"], " ".join(map(str, trays)) or "-", str(sum(trays)),
                              str(self.crate_points[p][c]))
            table.add_row("", "", "", "", Text("total", style="bold"),
                          Text(str(sum(self.crate_points[p])), style="bold"), end_section=True)
        return table

    def natural_width(self) -> int:
        """The table's width with every crate's trays on one line."""
        return Console(width=1000).measure(self._table()).maximum

    def _fit(self) -> None:
        """The table as wide as its content, up to the screen (the trays wrap beyond)."""
        fit = min(self.natural_width(), max(1, self.app.size.width - _FRAME))
        self.query_one("#game-over-table", Static).styles.width = fit

    def on_mount(self) -> None:
        self._fit()
        self.query_one("#board", Button).focus()

    def on_resize(self, event: events.Resize) -> None:
        self._fit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(str(event.button.id))

    def action_finish(self, what: str) -> None:
        self.dismiss(what)
