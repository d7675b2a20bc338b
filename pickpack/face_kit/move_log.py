"""The move log: every move in the engine's canonical notation (docs/engine.md)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

__all__ = ["MoveLog"]


class MoveLog(VerticalScroll):
    """Numbered play-phase moves, newest at the bottom: ``12 Blue  c4/1L:2>1+``.

    The log is anchored to its end; its text is at least as tall as the box, so a short
    log starts at the top."""

    DEFAULT_CSS = """
    MoveLog > #move-log-text {
        min-height: 100%;
    }
    """

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
        # Anchored to the end: the layout itself keeps the newest move in view, in the
        # same refresh that grows the text (no scroll deferred to a later refresh).
        self.anchor()
