"""One seat's panel: who plays it, whether it is their turn or they collect, their bench
(face up, PU-V1) and their bank (face up for its owner, a count for everybody else)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from pickpack.games.push.tui.cards import grouped, points
from pickpack.games.push.tui.table_view import TableView
from pickpack.wording import abbreviated

__all__ = ["SeatPanel", "seat_text"]


def seat_text(view: TableView, seat: int, who: str) -> Text:
    """The panel of ``seat`` as ``view``'s viewer sees it (``who``: "human", "you" or a
    bot spec, in 14 columns, ended with ``…`` when cut: pickpack.wording.abbreviated;
    the panel's tooltip has it in full), two lines, three when the bank is shown face up
    and not empty::

        ▶ P2 human (view)  bank 19 pts
          R116 G2 = 11
          bank R4 Y12                  (the viewer's own bank, PU-B1)

    ``▶`` marks the seat whose turn it is (PU-T1), ``◆`` the seat that takes a stack or
    rolls now (PU-K1, PU-R). The bench (public, PU-V1) with its points (PU-E2); a bank
    face up shows its points, a hidden one its card count (PU-V1)."""
    name = view.players[seat]
    collecting = view.phase in ("collect", "roll") and view.actor == seat
    mark = "▶" if view.turn == seat and view.phase != "over" else "◆" if collecting else " "
    head = Text(f"{mark} ")
    head.append(name.upper(), style="bold reverse" if mark != " " else "bold")
    head.append(f" {abbreviated(who, 14)}", style="dim")
    bench = view.benches[seat]
    bank = view.banks[seat]
    size = view.bank_sizes[seat]
    head.append(f" bank {size} card{'s' * (size != 1)}" if bank is None else f" bank {points(bank)} pts")
    line = Text("  ") + (grouped(bench) + Text(f" = {points(bench)}") if bench
                         else Text("bench empty", style="dim"))
    lines = [head, line]
    if bank:
        lines.append(Text("  bank ", style="dim") + grouped(bank))
    return Text("\n").join(lines)


class SeatPanel(Static):
    """Seat ``seat``'s panel (``seat_text``); class ``-mover`` on the seat to decide; the
    tooltip names who plays it in full."""

    def __init__(self, seat: int) -> None:
        super().__init__("", id=f"seat-{seat + 1}", classes="seat-panel")
        self.seat = seat

    def show(self, view: TableView, who: str) -> None:
        """Draw the seat from ``view``."""
        deciding = view.actor if view.phase in ("collect", "roll") else view.turn
        self.set_class(deciding == self.seat and view.phase != "over", "-mover")
        self.update(seat_text(view, self.seat, who))
        self.tooltip = f"{view.players[self.seat].upper()}: {who}"
