"""The part of PACRU's state the face reads (the contract's Python API, shared by the
C-backed ``State`` and the reference ``RefState``), and a check that a state has it."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

__all__ = ["PacruState", "pacru_state"]


@runtime_checkable
class PacruState(Protocol):
    """A PACRU state as the face uses it (docs/pacru.md, the Python API): seats are ints
    0..N-1, cells 0..80, directions 0..7."""

    @property
    def turn(self) -> int:
        """The seat to move (the last mover once over)."""

    @property
    def ply(self) -> int:
        """Moves made so far (PA-E3)."""

    @property
    def max_plies(self) -> int:
        """The ply cap (PA-E3), 1..1000."""

    @property
    def target(self) -> int:
        """Cells that win at once (PA-C5): 42, 28 or 24."""

    @property
    def players(self) -> tuple[str, ...]:
        """Seat names in turn order (PA-S1..PA-S4)."""

    def colour(self, cell: int) -> int:
        """The seat whose colour ``cell`` has, or -1 when neutral (PA-C2)."""

    def chevron(self, cell: int) -> tuple[int, int] | None:
        """(seat, direction) of the chevron on ``cell``, or None."""

    def chevrons(self, seat: int) -> list[tuple[int, int]]:
        """``seat``'s chevrons as (cell, direction), by cell."""

    def cells(self, seat: int) -> int:
        """Cells of ``seat``'s colour on the board."""

    def in_game(self, seat: int) -> bool:
        """True while ``seat`` has chevrons (PA-E1)."""

    def power(self, cell: int) -> int:
        """Power of movement of the chevron on ``cell`` (PA-M2); ValueError if none."""

    def attacks(self, cell: int) -> list[int]:
        """Cells of the enemy chevrons the chevron on ``cell`` attacks (PA-K1)."""

    def move_actions(self) -> list[int]:
        """The legal moves (no reorientations), ascending."""

    def check_action(self, action: int) -> tuple[str, str] | None:
        """None if ``action`` is legal, else (rule id, reason)."""

    def winning_seats(self) -> list[int]:
        """The winning seats once over (PA-E2, PA-E3), else []."""

    def is_terminal(self) -> bool:
        """True once the game is over."""

    def action_text(self, action: int) -> str:
        """The canonical move text of ``action`` (encoding.py)."""


def pacru_state(state: object) -> PacruState:
    """``state`` as a PACRU state (the shell types it as any GameState). TypeError naming
    its class when it lacks PACRU's API (another game's state)."""
    if not isinstance(state, PacruState):
        raise TypeError(f"PACRU's face was given a {type(state).__name__}, not a PACRU state")
    return state
