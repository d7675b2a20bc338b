"""The status line: whose turn and their axis (PP-M1), scores, and what is happening."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

__all__ = ["StatusBar"]


class StatusBar(Widget):
    """``turn`` (bold), then ``message``, wrapped at word breaks over as many lines as
    they need (``height: auto``, app.tcss), so a message is never cut.

    Class ``-thinking`` while a bot thinks; ``-error`` while the message is an error.
    """

    turn: reactive[str] = reactive("", layout=True)
    message: reactive[str] = reactive("", layout=True)

    def __init__(self) -> None:
        super().__init__(id="status-bar")

    def render(self) -> Text:
        text = Text(self.turn, style="bold")
        if self.message:
            text.append("  " + self.message)
        return text
