"""Placing the 12 action tiles on the 12 action spaces (PP-S3), hidden from the opponent."""

from __future__ import annotations

import random
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from pickpack.face_kit import KeyFooter, StatusBar
from pickpack.games.pickpack.tui.board_geometry import KIND_NAMES, space_name
from pickpack.games.pickpack.tui.widgets.action_tile import ActionTile
from pickpack.games.pickpack.tui.widgets.board_view import BoardView

__all__ = ["PlacementScreen"]

_AXIS = {"red": "Red's spaces are the column ends: top (aT..fT) and bottom (aB..fB).",
         "blue": "Blue's spaces are the row ends: left (1L..6L) and right (1R..6R)."}


class PlacementScreen(Screen[str]):
    """The board with the placer's draft on their spaces; dismisses with 12 kind letters.

    The draft starts as a legal arrangement (two of each kind, PP-C3) and stays one:
    choosing two spaces swaps their tiles, typing a kind letter brings that kind to the
    cursor's space by a swap. ``obs`` is the placer's observation: the opponent's tiles
    are hidden (PP-S3).
    """

    SHELL_KEYS = True      # new game, load, help and theme work here too (the shell)
    BINDINGS = [
        *(Binding(f"{k.lower()},{k}", f"kind('{k}')", k, show=False,
                  tooltip=f"put {name} on the cursor's space (a swap)")
          for k, name in KIND_NAMES.items()),
        Binding("s", "shuffle", "Shuffle", tooltip="shuffle: a random arrangement"),
        Binding("c", "commit", "Commit", tooltip="commit this placement (PP-S3)"),
        Binding("ctrl+q", "app.quit", "Quit", tooltip="quit (asks first if moves are unsaved)"),
    ]

    def __init__(self, placer: str, obs: dict[str, Any], draft: str, seed: int | None) -> None:
        super().__init__()
        self.placer = placer
        self.obs = obs
        self.draft = list(draft)
        self.selected: int | None = None
        self.rng = random.Random(seed)

    def compose(self) -> ComposeResult:
        yield StatusBar()
        with Horizontal(id="table"):
            with Vertical(id="board-column"):
                yield BoardView(placer=self.placer, id="placement-board")
                yield Label("", id="hint")
            with Vertical(id="placement-side"):
                yield Static(self._instructions(), id="placement-help")
                with Horizontal(id="placement-buttons"):
                    yield Button("Shuffle", id="shuffle", compact=True)
                    yield Button("Commit", id="commit", variant="primary", compact=True)
        yield KeyFooter()

    def _instructions(self) -> str:
        kinds = "\n".join(f"  {k}  {name}" for k, name in KIND_NAMES.items())
        return (f"{self.placer.upper()}: place your 12 tiles, two of each kind (PP-S3).\n"
                f"{_AXIS[self.placer]}\n\n{kinds}\n\n"
                "Arrows move, Enter/click picks two spaces to swap, a kind letter brings "
                "that kind here. The other player cannot see this.")

    def on_mount(self) -> None:
        board = self.query_one(BoardView)
        board.show(self.obs, set())
        self.query_one(StatusBar).turn = f"Placement: {self.placer.title()} places tiles (PP-S3)"
        self._redraw()
        board.focus()

    def _redraw(self) -> None:
        self.query_one(BoardView).show_draft("".join(self.draft), self.selected)
        board = self.query_one(BoardView)
        here = space_name(self.placer, board.cursor_space)
        kind = self.draft[board.cursor_space]
        picked = "" if self.selected is None else \
            f" · swapping {space_name(self.placer, self.selected)}: pick another space"
        self.query_one("#hint", Label).update(f"{here}: {KIND_NAMES[kind]}{picked}")

    def on_action_tile_chosen(self, message: ActionTile.Chosen) -> None:
        message.stop()
        if message.owner != self.placer:
            self.app.bell()
            return
        board = self.query_one(BoardView)
        board.cursor_space = message.space
        if self.selected is None:
            self.selected = message.space
        elif self.selected == message.space:
            self.selected = None
        else:
            a, b = self.selected, message.space
            self.draft[a], self.draft[b] = self.draft[b], self.draft[a]
            self.selected = None
        board.focus()
        self._redraw()

    def action_kind(self, kind: str) -> None:
        """Bring a tile of ``kind`` to the cursor's space by swapping (keeps PP-C3)."""
        here = self.query_one(BoardView).cursor_space
        if self.draft[here] != kind:
            there = next(i for i, k in enumerate(self.draft) if k == kind and i != here)
            self.draft[here], self.draft[there] = self.draft[there], self.draft[here]
        self.selected = None
        self._redraw()

    def action_shuffle(self) -> None:
        """A uniformly random arrangement (Fisher-Yates via random.shuffle)."""
        self.rng.shuffle(self.draft)
        self.selected = None
        self._redraw()

    def action_commit(self) -> None:
        self.dismiss("".join(self.draft))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "shuffle":
            self.action_shuffle()
        else:
            self.action_commit()

    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        message.stop()
        self._redraw()
