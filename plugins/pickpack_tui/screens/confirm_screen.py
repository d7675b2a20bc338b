"""A yes/no question before something that cannot be taken back (losing an unsaved game,
replacing a file)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

__all__ = ["ConfirmScreen"]


class ConfirmScreen(ModalScreen[bool]):
    """``question`` with the buttons ``no`` and ``yes``; dismisses with True only for yes.

    The focus starts on No, so Enter pressed out of habit keeps the game; Escape and
    ``n`` also answer No, ``y`` answers yes.
    """

    BINDINGS = [
        Binding("escape,n", "answer(False)", "No"),
        Binding("y", "answer(True)", "Yes"),
        Binding("left,right,tab", "app.focus_next", "Other button", show=False),
    ]

    def __init__(self, question: str, yes: str, no: str = "No, keep the game") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Label(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(self.no, id="no", variant="primary", compact=True)
                yield Button(self.yes, id="yes", variant="error", compact=True)
            yield Label("y: yes · n, Esc or Enter on the first button: no", id="confirm-hint")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Dismiss with ``yes``."""
        self.dismiss(yes)
