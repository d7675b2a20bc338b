"""Asks for the path of a save file (saving or loading)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

__all__ = ["FileScreen"]


class FileScreen(ModalScreen[str | None]):
    """An Input prefilled with ``path``; Enter dismisses with the path, Escape with None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, verb: str, path: str) -> None:
        super().__init__()
        self.verb = verb
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(id="file-box"):
            yield Label(f"{self.verb} game: file name (JSON)", id="file-title")
            yield Input(self.path, id="file-input")
            yield Label("Enter to confirm · Esc to cancel", id="file-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
