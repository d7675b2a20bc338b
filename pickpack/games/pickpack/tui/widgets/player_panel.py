"""One player's side of the table: name, score, rush-order area and four crates."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label

from pickpack.games.pickpack.tui.widgets.crate import CrateView
from pickpack.games.pickpack.tui.widgets.rush_area import RushArea
from pickpack.games.pickpack.tui.wording import points_text

__all__ = ["PlayerPanel"]


class PlayerPanel(Vertical):
    """Header (``■ RED  you  12 pts  rush ▶``) over the player's crates 1..4.

    The name carries class ``-to-move`` while this player decides.
    """

    def __init__(self, owner: str) -> None:
        super().__init__(id=f"panel-{owner}", classes=f"player-panel -{owner}")
        self.owner = owner

    def compose(self) -> ComposeResult:
        with Horizontal(classes="panel-head"):
            yield Label(f"■ {self.owner.upper()}", classes="panel-name")
            yield Label("", id=f"seat-{self.owner}", classes="panel-seat")
            yield Label("", id=f"score-{self.owner}", classes="panel-score")
            yield RushArea(self.owner)
        for c in range(4):
            yield CrateView(self.owner, c)

    def show(self, obs: dict[str, Any], seat: str, points: list[int] | None,
             to_move: bool, changed_crates: set[int]) -> None:
        """Draw this player's part of the observation ``obs`` (PP-V1, PP-V2)."""
        # On the name only: a class on the panel would restyle every crate line.
        self.query_one(".panel-name", Label).set_class(to_move, "-to-move")
        seat_label = self.query_one(f"#seat-{self.owner}", Label)
        seat_label.update(seat)
        seat_label.tooltip = f"{self.owner.title()}: {seat}"
        score = obs["scores"][self.owner]
        label = self.query_one(f"#score-{self.owner}", Label)
        # The opponent's total would reveal their hidden trays (PP-V2): the engine hides it.
        label.update("? pts" if score is None else points_text(score))
        label.tooltip = "hidden until the game is over (PP-V2)" if score is None else None
        self.query_one(RushArea).show(obs["rush"][self.owner])
        for crate in self.query(CrateView):
            crate.show(obs["crates"][self.owner][crate.index],
                       None if points is None else points[crate.index],
                       last=crate.index in changed_crates)
