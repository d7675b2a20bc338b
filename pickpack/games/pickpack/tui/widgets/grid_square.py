"""One square of the 6x6 grid (PP-C1): a face-up tray, an empty square or a face-down tray."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from pickpack.games.pickpack.tui.board_geometry import square_name
from pickpack.games.pickpack.tui.wording import square_text

__all__ = ["GridSquare"]


class GridSquare(Widget):
    """Shows the apples on a square's tray, or that it is empty or face down (PP-A6).

    CSS classes: ``-empty``, ``-face-down``, ``-grabber`` (PP-S2), ``-legal`` (a legal
    destination of the player to move, PP-M1/M2), ``-cursor`` (the keyboard cursor),
    ``-last`` (the destination of the last move). A click posts ``GridSquare.Chosen``.
    """

    class Chosen(Message):
        """The square was clicked."""

        def __init__(self, square: int) -> None:
            super().__init__()
            self.square = square

    def __init__(self, square: int) -> None:
        alt = " -alt" if (square // 6 + square % 6) % 2 else ""
        super().__init__(id=f"sq-{square_name(square)}", classes=f"square{alt}")
        self.square = square
        self.cell: dict[str, Any] | None = None
        self._drawn: tuple[Any, ...] | None = None

    def show(self, cell: dict[str, Any] | None, *, grabber: bool, legal: bool, last: bool) -> None:
        """Draw the snapshot's grid cell (None = empty) with its markers."""
        key = (None if cell is None else (cell["apples"], cell["face_up"]), grabber, legal, last)
        if key == self._drawn:
            return
        self._drawn = key
        self.cell = cell
        # One style update for all the class changes (each update restyles the widget).
        self.set_class(cell is None, "-empty", update=False)
        self.set_class(cell is not None and not cell["face_up"], "-face-down", update=False)
        self.set_class(grabber, "-grabber", update=False)
        self.set_class(legal, "-legal", update=False)
        self.set_class(last, "-last", update=False)
        self.update_node_styles()
        self.tooltip = square_text(square_name(self.square), cell, grabber)
        self.refresh()

    def render(self) -> Text:
        name = square_name(self.square)
        cell = self.cell
        if cell is None:
            top = Text("·", style="dim")
        elif cell["face_up"]:
            top = Text(str(cell["apples"]), style="bold")
        else:
            top = Text("▚▚▚")
        label = f"◆{name}◆" if self.has_class("-grabber") else name
        lines = [top, Text(label, style="" if self.has_class("-grabber") else "dim")]
        if self.size.height >= 3 and cell is not None and cell["face_up"]:
            lines.insert(1, Text("●" * min(cell["apples"], 5) + ("+" if cell["apples"] > 5 else "")))
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.square))
