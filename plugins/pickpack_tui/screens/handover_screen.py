"""Hot-seat hand-over: hides the table until the next player is at the keyboard (PP-S3)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Footer, Label

__all__ = ["HandOverScreen"]


class HandOverScreen(Screen[None]):
    """A blank table with ``Pass to Blue`` and a Continue button (Enter)."""

    BINDINGS = [Binding("enter", "continue", "Continue")]

    def __init__(self, player: str, reason: str) -> None:
        super().__init__()
        self.player = player
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Label(f"Pass the keyboard to {self.player.title()}", id="handover-title",
                            classes=f"-{self.player}")
            with Center():
                yield Label(self.reason, id="handover-reason")
            with Center():
                yield Button(f"I am {self.player.title()}: continue", id="handover-continue",
                             variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_continue(self) -> None:
        self.dismiss(None)
