"""A player's rush-order area (PP-A3, PP-R): the rush orders waiting to be spent."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from pickpack.wording import counted

__all__ = ["RushArea"]


class RushArea(Widget):
    """``rush ▶▶`` for two waiting rush orders, ``rush -`` for none. Class ``-ready`` if any."""

    def __init__(self, owner: str) -> None:
        super().__init__(id=f"rush-{owner}", classes="rush")
        self.owner = owner
        self.waiting = 0

    def show(self, waiting: int) -> None:
        """Draw ``waiting`` (0..2) rush orders."""
        self.waiting = waiting
        self.set_class(waiting > 0, "-ready")
        self.tooltip = f"{self.owner.title()}: {counted(waiting, 'rush order')} waiting (PP-R1)"
        self.refresh()

    def render(self) -> Text:
        return Text("rush ") + Text("▶" * self.waiting if self.waiting else "-", style="bold")
