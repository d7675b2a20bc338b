"""Hot-seat hand-over: hides the table until the next viewer is at the keyboard (PP-S3, PP-V2)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Footer, Label

__all__ = ["HandOverScreen"]


class HandOverScreen(Screen[None]):
    """A blank table with ``Pass the keyboard to Blue`` and a Continue button (Enter).

    ``player`` is the next viewer, or None for both players together (the end of the
    game, whose scoring is open, PP-E3).
    """

    BINDINGS = [Binding("enter", "continue", "Continue")]

    def __init__(self, player: str | None, reason: str) -> None:
        super().__init__()
        self.player = player
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                title = "Both players, look at the screen" if self.player is None \
                    else f"Pass the keyboard to {self.player.title()}"
                yield Label(title, id="handover-title", classes=f"-{self.player or 'both'}")
            with Center():
                yield Label(self.reason, id="handover-reason")
            with Center():
                who = "We are both here" if self.player is None else f"I am {self.player.title()}"
                yield Button(f"{who}: continue", id="handover-continue", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_continue(self) -> None:
        self.dismiss(None)
