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
    def turn(self) -> int: ...

    @property
    def ply(self) -> int: ...

    @property
    def max_plies(self) -> int: ...

    @property
    def target(self) -> int: ...

    @property
    def players(self) -> tuple[str, ...]: ...

    def colour(self, cell: int) -> int: ...

    def chevron(self, cell: int) -> tuple[int, int] | None: ...

    def chevrons(self, seat: int) -> list[tuple[int, int]]: ...

    def cells(self, seat: int) -> int: ...

    def in_game(self, seat: int) -> bool: ...

    def power(self, cell: int) -> int: ...

    def attacks(self, cell: int) -> list[int]: ...

    def move_actions(self) -> list[int]: ...

    def check_action(self, action: int) -> tuple[str, str] | None: ...

    def winners(self) -> list[int]: ...

    def is_terminal(self) -> bool: ...

    def action_text(self, action: int) -> str: ...


def pacru_state(state: object) -> PacruState:
    """``state`` as a PACRU state (the shell types it as any GameState). TypeError naming
    its class when it lacks PACRU's API (another game's state)."""
    if not isinstance(state, PacruState):
        raise TypeError(f"PACRU's face was given a {type(state).__name__}, not a PACRU state")
    return state
