"""Hot-seat hand-over: hides the table until the next viewer is at the keyboard (PP-S3, PP-V2)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Label

from pickpack.face_kit import KeyFooter

__all__ = ["HandOverScreen"]


class HandOverScreen(Screen[None]):
    """A blank table with ``Pass the keyboard to Blue`` and a Continue button (Enter).

    ``player`` is the next viewer, or None for all the people at the keyboard together
    (the end of the game, whose scoring is open, PP-E3; a bot's turn). ``people``: how
    many people share the keyboard, "both" for 2, "all" for more.
    """

    BINDINGS = [Binding("enter", "continue", "Continue")]

    def __init__(self, player: str | None, reason: str, people: int = 2) -> None:
        super().__init__()
        self.player = player
        self.reason = reason
        self.people = people

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                everybody = "Both players" if self.people <= 2 else "All players"
                title = f"{everybody}, look at the screen" if self.player is None \
                    else f"Pass the keyboard to {self.player.title()}"
                yield Label(title, id="handover-title", classes=f"-{self.player or 'both'}")
            with Center():
                yield Label(self.reason, id="handover-reason")
            with Center():
                here = "We are both here" if self.people <= 2 else "We are all here"
                who = here if self.player is None else f"I am {self.player.title()}"
                yield Button(f"{who}: continue", id="handover-continue", variant="primary")
        yield KeyFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_continue(self) -> None:
        self.dismiss(None)
