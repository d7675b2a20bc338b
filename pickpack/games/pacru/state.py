"""The PACRU game state (rules: docs/pacru.md, ids PA-...): the C core's CoreState
(pickpack.games.pacru._core, over the common C-state base) with the Python state base
(pickpack.state_base.StateBase), which derives the rest of the GameState protocol
(current_player, legal_moves, parse_move, apply, history, winners, equality, repr) from
the hooks below. The text codecs, snapshot, observation and position modules are the
ones the reference (reference/pacru_ref.py) uses, so both agree by construction.
"""

from __future__ import annotations

from typing import Any

from pickpack.games.pacru._core import TENSOR_SHAPE, CoreState, register_position_class
from pickpack.games.pacru.encoding import SEAT_NAMES, parse_action
from pickpack.games.pacru.observation import observation_from_snapshot
from pickpack.games.pacru.position import board_picture, format_position, load_position
from pickpack.state_base import StateBase

__all__ = ["State"]


class State(CoreState, StateBase):
    """A PACRU game in progress, backed by the C core (a pickpack.GameState).

    ``State(players=2, *, single_cell=False, classic_meeting=False, max_plies=1000)`` is
    the start position (PA-S1..PA-S4): every cell neutral, the set-up's chevrons, seat 0
    to move. Usually made by ``pickpack.new_game("pacru", players=N, ...)``. TypeError
    for a non-int player count or cap or a non-bool option, pickpack.game.OptionError
    (a ValueError) for a count outside 2..4 or a cap outside 1..1000. Seats are named
    encoding.SEAT_NAMES[N]. Mutable; ``copy()`` is independent; pickles with its history.
    Move text (``e1-e2``, ``a3-b4[a4]``, ``e1>NE[a1,b2]``) is encoding.py's codec; the
    text of an illegal move raises IllegalMoveError naming the rule (check_action).
    """

    @property
    def players(self) -> tuple[str, ...]:
        """Seat names in turn order, encoding.SEAT_NAMES[N] (PA-S1..PA-S4)."""
        return SEAT_NAMES[self.num_players]

    # the C base's to_position/from_position (history empty; PositionError naming the
    # field, column and rule) and from_snapshot (the C loader pacru_load checks) over:
    _format_position = staticmethod(format_position)
    _load_position = staticmethod(load_position)

    def parse_action(self, text: str) -> int:
        """The action of move text, legal or not (encoding.parse_action): MoveSyntaxError
        with the column for malformed text."""
        return parse_action(text)

    def out_return(self, seat: int) -> float:
        """The final return of ``seat`` once it is out (PA-E1; pickpack.game.
        EliminationState): ``-1/(n-1)``, as a seat not among the winners (PA-E2, PA-E3;
        docs/pacru.md, "Scores and returns"). ValueError for a seat still in the game."""
        if self.in_game(seat):
            raise ValueError(f"seat {seat} ({self.players[seat]}) is still in the game (PA-E1)")
        return -1.0 / (self.num_players - 1)

    def observation(self, player: int | str) -> dict[str, Any]:
        """The snapshot plus ``"player"`` (perfect information): ``player`` a seat or a
        name. TypeError/ValueError for an unknown player (seat_of)."""
        return observation_from_snapshot(self.snapshot(), self.seat_of(player))

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """``(53, 9, 9)`` for every player count and option (docs/pacru.md,
        "Observation tensor")."""
        return TENSOR_SHAPE

    def __str__(self) -> str:
        """The board picture (position.board_picture): colours, chevrons with their
        directions, borderland lines, turn, ply and cell counts."""
        return board_picture(self.snapshot())


register_position_class(State)      # TokenCoreState.position() gives a State
