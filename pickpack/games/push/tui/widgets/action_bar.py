"""The buttons of a person's legal decisions: push, bank a colour, place on a stack,
draw again, stop, take a stack (PU-T1, PU-B1, PU-P2, PU-P4, PU-K1)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button

from pickpack.games.push.encoding import BANK, COLOUR_LETTERS, NUM_DISTINCT_ACTIONS, PLACE, decision_text
from pickpack.games.push.tui.choices import label

__all__ = ["ActionBar"]


class ActionBar(Horizontal):
    """One button per decision (id ``do-draw``, ``do-stop``, ``do-bank-R``,
    ``do-place-2``, ``do-take-1``, ...); ``show`` displays the legal ones only. A press
    posts ``ActionBar.Chosen``."""

    class Chosen(Message):
        """A decision's button was pressed: ``action`` 0..12."""

        def __init__(self, action: int) -> None:
            super().__init__()
            self.action = action

    def __init__(self) -> None:
        super().__init__(id="action-bar")
        self.buttons: dict[int, Button] = {}
        for action in range(NUM_DISTINCT_ACTIONS):
            colour = f" -{COLOUR_LETTERS[action - BANK]}" if BANK <= action < PLACE else ""
            button = Button("", id=f"do-{decision_text(action)}", classes=f"decision{colour}", compact=True)
            button.display = False
            self.buttons[action] = button

    def compose(self) -> ComposeResult:
        yield from self.buttons.values()

    def show(self, legal: Sequence[int], phase: str, stacks: Sequence[Sequence[str]]) -> None:
        """Display the buttons of the decisions ``legal``, labelled for ``phase`` (and
        ``stacks``, empty or not); hide the others."""
        for action, button in self.buttons.items():
            shown = action in legal
            if shown:
                button.label = label(action, phase, stacks)
            button.display = shown

    def shown(self) -> list[int]:
        """The decisions whose buttons are displayed, in action order."""
        return [action for action, button in self.buttons.items() if button.display]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        action = next(a for a, b in self.buttons.items() if b is event.button)
        self.post_message(self.Chosen(action))
