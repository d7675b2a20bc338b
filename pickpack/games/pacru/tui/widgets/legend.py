"""The seats' legend: colour, name, who plays it, cells against the target, in or out."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from pickpack.games.pacru.tui.board_picture import SEAT_STYLES
from pickpack.games.pacru.tui.wording import seat_letter
from pickpack.wording import abbreviated

__all__ = ["Legend", "legend_text"]


def legend_text(players: Sequence[str], seats: Sequence[str], counts: Sequence[int], in_game: Sequence[bool],
                target: int, mover: int | None) -> Text:
    """One line per seat: ``▶ A South   you        3/42 in``: the mover marked ``▶``,
    the colour letter in the seat's colour, who plays it (in 10 columns, ended with ``…``
    when cut: pickpack.wording.abbreviated; the legend's tooltip has it in full), the
    seat's cells and the target (PA-C5), ``in`` while it has chevrons, else ``out``
    (PA-E1). ValueError when the sequences differ in length."""
    n = len(players)
    if not len(seats) == len(counts) == len(in_game) == n:
        raise ValueError(f"legend: {n} players but {len(seats)} seats, {len(counts)} counts, "
                         f"{len(in_game)} in-game flags")
    text = Text()
    for seat, name in enumerate(players):
        if seat:
            text.append("\n")
        text.append("▶ " if seat == mover else "  ", style="bold")
        text.append(f" {seat_letter(seat)} ", style=SEAT_STYLES[seat])
        text.append(f" {name.title():<6} ", style="bold" if seat == mover else "")
        text.append(f"{abbreviated(seats[seat], 10)} ", style="dim")
        text.append(f"{counts[seat]:>2}/{target} ")
        text.append("in" if in_game[seat] else "out", style="" if in_game[seat] else "dim strike")
    return text


class Legend(Static):
    """The legend box (legend_text)."""

    def __init__(self) -> None:
        super().__init__("", id="legend")
        self.border_title = "Players"
