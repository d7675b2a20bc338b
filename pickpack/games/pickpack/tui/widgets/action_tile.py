"""One action space with its tile (PP-C5): kind and state, unplayed, used or malfunctioned."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from pickpack.games.pickpack.tui.board_geometry import KIND_NAMES, space_name

__all__ = ["ActionTile"]


class ActionTile(Widget):
    """Shows the tile on one player's action space: its kind letter and its space name.

    CSS classes: ``-red``/``-blue`` (the owner), ``-unplayed``, ``-used``,
    ``-malfunctioned`` (PP-M4, PP-A6), ``-hidden`` (the opponent's placement is not yet
    committed, PP-S3), ``-selected`` (chosen for a swap while placing), ``-cursor``,
    ``-last`` (used by the last move). A click posts ``ActionTile.Chosen``.
    """

    class Chosen(Message):
        """The tile was clicked."""

        def __init__(self, owner: str, space: int) -> None:
            super().__init__()
            self.owner = owner
            self.space = space

    def __init__(self, owner: str, space: int) -> None:
        name = space_name(owner, space)
        super().__init__(id=f"tile-{name}", classes=f"tile -{owner}")
        self.owner = owner
        self.space = space
        self.name_text = name
        self.kind: str | None = None
        self.status = "unplayed"
        self._drawn: tuple[str | None, str, bool] | None = None

    def show(self, kind: str | None, status: str, *, last: bool = False) -> None:
        """Draw a tile of ``kind`` (None: hidden or unplaced) in ``status``."""
        if (kind, status, last) == self._drawn:
            return
        self._drawn = (kind, status, last)
        self.kind, self.status = kind, status
        for s in ("unplayed", "used", "malfunctioned"):
            self.set_class(status == s, f"-{s}", update=False)
        self.set_class(kind is None, "-hidden", update=False)
        self.set_class(last, "-last", update=False)
        self.update_node_styles()
        what = "hidden until both have placed (PP-S3)" if kind is None else f"{KIND_NAMES[kind]}, {status}"
        self.tooltip = f"{self.owner.title()}'s space {self.name_text}: {what}"
        self.refresh()

    def render(self) -> Text:
        letter = "?" if self.kind is None else self.kind
        if self.status == "used":
            top = Text(letter.lower(), style="strike")
        elif self.status == "malfunctioned":
            top = Text(f"▚{letter}▚")
        else:
            top = Text(letter, style="bold")
        return Text("\n").join([top, Text(self.name_text, style="dim")])

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.owner, self.space))
