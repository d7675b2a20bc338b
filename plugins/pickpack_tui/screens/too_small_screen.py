"""The notice shown instead of a game when the terminal is smaller than its face needs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Label

__all__ = ["TooSmallScreen", "too_small_text"]


def too_small_text(needed: tuple[int, int], now: tuple[int, int]) -> str:
    """``Terminal too small: this game needs at least 80×24 (now 40×10)``."""
    return f"Terminal too small: this game needs at least {needed[0]}×{needed[1]} (now {now[0]}×{now[1]})"


class TooSmallScreen(Screen[None]):
    """One line naming the size the face needs (``needed``, columns × rows) and the size
    now; the shell pops it as soon as the terminal is large enough (GameApp.on_resize)."""

    def __init__(self, needed: tuple[int, int], now: tuple[int, int]) -> None:
        super().__init__()
        self.needed = needed
        self.now = now

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Label(too_small_text(self.needed, self.now), id="too-small")

    def show_size(self, now: tuple[int, int]) -> None:
        """Update the size shown (the terminal shrank or grew, still too small)."""
        self.now = now
        if self.is_mounted:
            self.query_one("#too-small", Label).update(too_small_text(self.needed, now))
