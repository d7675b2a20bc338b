"""One of the three stacks in the middle (PU-P2): its cards, clickable to place or take."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from pickpack.games.push.tui.cards import chips

__all__ = ["StackView"]


class StackView(Widget):
    """Stack ``index`` (0..2) as ``1│ R3 B1 ROLL``, ``2│ ·`` when empty.

    CSS classes: ``-empty``; ``-choosable`` when the person to decide may put the drawn
    card there or take it (a legal place or take). A click posts ``StackView.Chosen``.
    """

    class Chosen(Message):
        """The stack was clicked: ``index`` 0..2."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__(id=f"stack-{index + 1}", classes="stack")
        self.index = index
        self.cards: tuple[str, ...] = ()

    def show(self, cards: Sequence[str], choosable: bool) -> None:
        """Draw ``cards`` (card texts); mark the stack choosable or not."""
        self.cards = tuple(cards)
        self.set_class(not cards, "-empty")
        self.set_class(choosable, "-choosable")
        self.tooltip = f"stack {self.index + 1}: {' '.join(cards) or 'empty'}"
        self.refresh()

    def render(self) -> Text:
        head = Text(f"{self.index + 1}│ ", style="bold")
        return head + (chips(self.cards) if self.cards else Text("·", style="dim"))

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Chosen(self.index))
