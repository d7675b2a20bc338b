"""The shell's game-over dialog: returns and scores per seat, for any number of players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from pickpack.face_kit.key_footer import KeyFooter
from pickpack.records.dialect import return_text

__all__ = ["ReturnsScreen", "result_title"]


def result_title(players: Sequence[str], returns: Sequence[float]) -> str:
    """``p2 wins``, ``p1 and p3 share the best return`` or ``Draw`` (all returns equal)."""
    best = max(returns)
    top = [p for p, r in zip(players, returns) if r == best]
    if len(top) == len(players):
        return "Draw"
    if len(top) == 1:
        return f"{top[0].title()} wins"
    return f"{' and '.join(p.title() for p in top)} share the best return"


class ReturnsScreen(ModalScreen[str]):
    """One row per seat: player, who played it, score (``state.scores()``) and return
    (``state.returns()``), best first by seat order within a tie. Dismisses with
    "new", "board" or "quit"; the focus starts on "Board", which loses nothing."""

    SHELL_KEYS = True
    BINDINGS = [
        Binding("n", "finish('new')", "New game"),
        Binding("escape,b", "finish('board')", "Board"),
        Binding("q", "finish('quit')", "Quit"),
    ]

    def __init__(self, players: Sequence[str], returns: Sequence[float], scores: Mapping[str, float],
                 seats: Mapping[str, str]) -> None:
        super().__init__()
        if len(returns) != len(players):
            raise ValueError(f"returns: {len(returns)} values for {len(players)} players")
        self.players = tuple(players)
        self.returns = tuple(returns)
        self.scores = dict(scores)
        self.seats = dict(seats)

    def table(self) -> Table:
        """The rows: seat, player, seat holder, score, return."""
        table = Table(box=None, padding=(0, 1), expand=False, show_edge=False)
        for col, justify in (("seat", "right"), ("player", "left"), ("played by", "left"),
                             ("score", "right"), ("return", "right")):
            table.add_column(col, justify=justify)  # type: ignore[arg-type]
        order = sorted(range(len(self.players)), key=lambda i: -self.returns[i])
        for i in order:
            p = self.players[i]
            score = self.scores.get(p)
            table.add_row(str(i + 1), Text(p.title(), style="bold"), self.seats.get(p, ""),
                          "-" if score is None else f"{score:g}", return_text(self.returns[i]))
        return table

    def compose(self) -> ComposeResult:
        with Vertical(id="game-over-box"):
            yield Label(result_title(self.players, self.returns), id="game-over-title")
            yield Static(self.table(), id="game-over-table")
            with Horizontal(id="game-over-buttons"):
                yield Button("Board", id="board", variant="primary", compact=True)
                yield Button("New game", id="new", compact=True)
                yield Button("Quit", id="quit", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#board", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(str(event.button.id))

    def action_finish(self, what: str) -> None:
        self.dismiss(what)
