"""PACRU's ``greedy`` bot (entry point ``pacru.greedy``, which ``greedy`` names in a PACRU
match; pickpack.bots): the best move one ply ahead.

The legal *move* (PA-M, never a reorientation: PA-O2 guarantees a move at every
decision) that gains the mover the most cells of their colour, then, among those, the
one leaving the mover's chevrons the highest sum of powers of movement (PA-M2), then
the one leaving the most of them *mobile* (at least one of their three directions on
the board) -- ``pacru_move_values``. The third key only breaks ties, but without it
greedy drives its chevrons into the edge of the board, is blocked and out (PA-E1) in
half its games, and loses to ``random`` (docs/bots.md, "PACRU"). Each move is applied
to a copy of the state, so every benefit (crossing, transformation, connection change,
pincer, meeting) counts as the rules give it. The moves come from
``State.move_actions()``; the reorientations (up to some 800,000 actions late in a
game) are never listed.

Ties are broken uniformly at random from the bot's seed, so the bot is deterministic
given it.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from pickpack.bots.base import SeededBot
from pickpack.games.pacru.encoding import step
from pickpack.move import Move

__all__ = ["GreedyBot", "PacruValue", "pacru_move_values"]

#: A PACRU move's value for its mover: (cells gained, sum of powers after the move,
#: chevrons still mobile after the move).
PacruValue = tuple[int, int, int]


class _PacruState(Protocol):
    """The part of PACRU's State the bot uses (pickpack.games.pacru, the contract API)."""

    @property
    def turn(self) -> int: ...

    def move_actions(self) -> list[int]: ...

    def copy(self) -> _PacruState: ...

    def apply_action(self, action: int) -> None: ...

    def cells(self, seat: int) -> int: ...

    def chevrons(self, seat: int) -> list[tuple[int, int]]: ...

    def power(self, cell: int) -> int: ...

    def is_terminal(self) -> bool: ...

    def action_text(self, action: int) -> str: ...


def pacru_move_values(state: _PacruState) -> list[tuple[int, PacruValue]]:
    """Every legal move of ``state`` (a PACRU state at a decision; ascending actions, as
    ``move_actions()`` lists them) with its value for the mover P = ``state.turn``:
    ``(cells gained, power sum, mobile chevrons)``, where cells gained is P's cell count
    after the move
    less before it (PA-C5; negative never: no move takes a cell from its mover) and
    power sum adds the power of movement (PA-M2) of each of P's chevrons on the board
    after the move, and mobile chevrons counts P's chevrons with at least one of their
    three directions (PA-M1) pointing onto the board. ``state`` is not modified. [] when the game is over."""
    if state.is_terminal():
        return []
    seat = state.turn
    before = state.cells(seat)
    values = []
    for action in state.move_actions():
        after = state.copy()
        after.apply_action(action)
        chevrons = after.chevrons(seat)
        power = sum(after.power(cell) for cell, _ in chevrons)
        mobile = sum(any(step(cell, (d + turn) % 8) >= 0 for turn in (7, 0, 1)) for cell, d in chevrons)
        values.append((action, (after.cells(seat) - before, power, mobile)))
    return values


class GreedyBot(SeededBot):
    """One ply of look-ahead (module docstring): maximises the cells gained, then the
    power sum, then the mobile chevrons (``pacru_move_values``). Ties are broken
    uniformly at random from the bot's seed.
    """

    name = "greedy"
    games: ClassVar[tuple[str, ...] | None] = ("pacru",)   # State.move_actions, board queries
    bounded = True       # one cheap step per move: it keeps any time limit in-process

    def choose(self, state: Any) -> Move:
        """The best legal move of ``state`` (a PACRU state). Raises ValueError if there
        is none (the game is over)."""
        values = pacru_move_values(state)
        if not values:
            raise ValueError("greedy bot: no legal move (the game is over)")
        best = max(value for _, value in values)
        action = self.rng.choice([a for a, value in values if value == best])
        return Move(action, state.action_text(action))
