"""PACRU's game-over dialog: the shell's table of scores and returns per seat, with the
winners and why the game ended (PA-E2, PA-E3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from pickpack.face_kit import KeyFooter, ReturnsScreen

__all__ = ["PacruGameOverScreen"]


class PacruGameOverScreen(ReturnsScreen):
    """ReturnsScreen (one row per seat: cells and return) under ``result``, the line
    naming the winners and the reason (wording.result_line). Dismisses with "new",
    "board" or "quit" like the shell's."""

    def __init__(self, players: Sequence[str], returns: Sequence[float], scores: Mapping[str, float],
                 seats: Mapping[str, str], result: str) -> None:
        super().__init__(players, returns, scores, seats)
        self.result = result

    def compose(self) -> ComposeResult:
        with Vertical(id="game-over-box"):
            yield Label(self.result, id="game-over-title")
            yield Static(self.table(), id="game-over-table")
            yield Label("score: cells of the seat's colour on the board (PA-C5)", id="game-over-rule")
            with Horizontal(id="game-over-buttons"):
                yield Button("Board", id="board", variant="primary", compact=True)
                yield Button("New game", id="new", compact=True)
                yield Button("Quit", id="quit", compact=True)
        yield KeyFooter()
