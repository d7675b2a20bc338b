"""BreakthroughState: the C core (CoreState), the Python state base, and seats, text, position."""

from __future__ import annotations

import re
from typing import Any

from pickpack.errors import IllegalMoveError, MoveSyntaxError, PositionError, SnapshotError
from pickpack.game import Game
from pickpack.state_base import StateBase

from pickpack_breakthrough._core import LOAD_ERRORS, CoreState

__all__ = ["BreakthroughState", "PLAYERS"]

PLAYERS = ("black", "white")
_MOVE = re.compile(r"([a-f])([1-6])([a-f])([1-6])(\*?)")
_STEPS = {(1, -1): 0, (1, 0): 1, (1, 1): 2, (-1, -1): 3, (-1, 0): 4, (-1, 1): 5}   # (row, column)


class BreakthroughState(CoreState, StateBase):  # type: ignore[misc]
    """A game of Breakthrough 6x6 (README, rules BT-*): seats ``black`` (0, first) and
    ``white``; actions OpenSpiel's ``((row*6 + column)*6 + direction)*2 + capture``."""

    move_rule = "BT-A1"

    players = PLAYERS                        # seat names, black first (BT-P1)

    @property
    def game(self) -> Game[Any]:
        """The Game of Breakthrough."""
        from pickpack_breakthrough.game import GAME
        return GAME

    def parse_action(self, text: str) -> int:
        """The action of OpenSpiel's text ``a5b4*`` (from, to, ``*`` for a capture).
        MoveSyntaxError for other text; IllegalMoveError (BT-M2) for squares a move
        never joins."""
        match = _MOVE.fullmatch(text.strip())
        if match is None:
            raise MoveSyntaxError("a move is two squares a1..f6 and '*' for a capture", text, 1, "move")
        fc, fr, tc, tr, star = match.groups()
        row, col = 6 - int(fr), ord(fc) - ord("a")
        step = _STEPS.get((int(fr) - int(tr), ord(tc) - ord(fc)))
        if step is None:
            raise IllegalMoveError.for_action(None, "BT-M2", "a piece moves one row forward, straight or "
                                              "diagonally", text=text.strip())
        return ((row * 6 + col) * 6 + step) * 2 + (star == "*")

    def scores(self) -> dict[str, float]:
        """Returns by seat name: 1 for the winner, -1 for the loser, 0 before the end."""
        return dict(zip(PLAYERS, self.returns()))

    def snapshot(self) -> dict[str, Any]:
        """``{"game": "breakthrough", "board": [6 ranks, rank 6 first], "to_move"}``."""
        text, to_move = self._cells()
        return {"game": "breakthrough", "board": [text[i:i + 6] for i in range(0, 36, 6)],
                "to_move": PLAYERS[to_move]}

    def to_position(self) -> str:
        """The ranks 6..1 joined by ``/``, a space, ``b`` or ``w`` to move."""
        snap = self.snapshot()
        return f"{'/'.join(snap['board'])} {snap['to_move'][0]}"

    @classmethod
    def _from_cells(cls, text: str, to_move: int, fault: Any) -> BreakthroughState:
        """A state at the 36 cells ``text`` (rank 6 first); ``fault(rule, reason)``
        makes the error for a position the C loader refuses."""
        state = cls()
        code = state._place(text, to_move)
        if code:
            raise fault(*LOAD_ERRORS[code])
        return state

    @classmethod
    def from_position(cls, text: str) -> BreakthroughState:
        """The state of a position string (to_position). PositionError naming the field."""
        board, _, side = text.strip().partition(" ")
        if side not in ("b", "w"):
            raise PositionError("to move", len(board) + 2, "'b' or 'w' is to move", "BT-P1")
        ranks = board.split("/")
        return cls._from_cells("".join(ranks) if [len(r) for r in ranks] == [6] * 6 else "", "bw".index(side),
                               lambda rule, why: PositionError("board", 1, why, rule))

    @classmethod
    def from_snapshot(cls, snap: dict[str, Any]) -> BreakthroughState:
        """The state of a snapshot. SnapshotError naming the field."""
        if not isinstance(snap, dict) or snap.get("to_move") not in PLAYERS:
            raise SnapshotError("to_move is 'black' or 'white'", "to_move", rule="BT-P1")
        board = snap.get("board")
        cells = "".join(board) if isinstance(board, list) and all(isinstance(r, str) and len(r) == 6
                                                                   for r in board) and len(board) == 6 else ""
        return cls._from_cells(cells, PLAYERS.index(snap["to_move"]),
                               lambda rule, why: SnapshotError(why, "board", rule=rule))

    _load = from_snapshot
