"""The move log: every move in the engine's canonical notation (docs/engine.md)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

__all__ = ["MoveLog"]


class MoveLog(VerticalScroll):
    """Numbered play-phase moves, newest at the bottom: ``12 Blue  c4/1L:2>1+``."""

    def __init__(self) -> None:
        super().__init__(id="move-log")
        self.border_title = "Moves"
        self.lines: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("", id="move-log-text")

    def show(self, moves: list[tuple[str, str]]) -> None:
        """Draw ``moves``: (player, canonical text) pairs, oldest first."""
        self.lines = [f"{i:>2} {who.title():<4}  {text}" for i, (who, text) in enumerate(moves, 1)]
        # Plain text, not Rich markup: PACRU's move text holds brackets (a3-b4[b5]).
        self.query_one("#move-log-text", Static).update(Text("\n".join(self.lines) or "no moves yet"))
        self.call_after_refresh(self.scroll_end, animate=False)
