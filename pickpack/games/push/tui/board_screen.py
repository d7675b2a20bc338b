"""PUSH's board screen: the table (deck, discard, switch pile, direction, the three
stacks, the last event), the seats, the move log and the buttons of the legal decisions."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from pickpack.face_kit import KeyFooter, MoveLog, StatusBar
from pickpack.games.push.encoding import MAX_PLAYERS, NUM_STACKS
from pickpack.games.push.tui.widgets.action_bar import ActionBar
from pickpack.games.push.tui.widgets.seat_panel import SeatPanel
from pickpack.games.push.tui.widgets.stack_view import StackView

__all__ = ["PushBoardScreen"]


class PushBoardScreen(Screen[None]):
    """Status line; the table and the move log on the left, one panel per seat on the
    right (all six composed, those of absent seats hidden; the column scrolls if long
    banks, face up at the end, need more rows than the terminal has); the decision
    buttons at the bottom.

    A decision key (choices.KEYS) or a click on a stack is handed to ``on_key`` (a
    stack click as its key ``1``..``3``: place there, or take it); a button to
    ``on_action`` with its decision. The face plays them through the shell.
    """

    BINDINGS = [
        Binding("d", "key('d')", "Push", show=False, tooltip="push (draw a card) / draw again (PU-P1, PU-P4)"),
        Binding("x", "key('x')", "Stop", show=False, tooltip="stop pushing and collect (PU-P4, PU-K1)"),
        *(Binding(k, f"key('{k}')", f"Bank {k.upper()}", show=False,
                  tooltip=f"bank all your {name} bench cards (PU-B1)")
          for k, name in zip("rbgyp", ("red", "blue", "green", "yellow", "purple"), strict=True)),
        *(Binding(k, f"key('{k}')", f"Stack {k}", show=False,
                  tooltip=f"place the drawn card on stack {k} (PU-P2) / take stack {k} (PU-K1)")
          for k in "123"),
    ]

    def __init__(self, on_key: Callable[[str], None], on_action: Callable[[int], None]) -> None:
        super().__init__()
        self.on_key = on_key
        self.on_action = on_action

    def compose(self) -> ComposeResult:
        yield StatusBar()
        with Horizontal(id="push-table"):
            with Vertical(id="push-left"):
                with Vertical(id="table-box") as box:
                    box.border_title = "Table"
                    yield Static("", id="table-info")
                    for index in range(NUM_STACKS):
                        yield StackView(index)
                    yield Static("", id="last-event")
                yield MoveLog()
            with VerticalScroll(id="seats"):
                for seat in range(MAX_PLAYERS):
                    yield SeatPanel(seat)
        yield ActionBar()
        yield KeyFooter()

    def action_key(self, key: str) -> None:
        """A decision key was pressed."""
        self.on_key(key)

    def on_stack_view_chosen(self, message: StackView.Chosen) -> None:
        message.stop()
        self.on_key(str(message.index + 1))

    def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
        message.stop()
        self.on_action(message.action)
