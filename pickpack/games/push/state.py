"""The PUSH game state (docs/push.md, rules PU-...): the C core's CoreState (the engine)
under the protocol pickpack.state_base.StateBase derives from the hooks below; text,
observations and positions from the game's modules the reference shares."""

from __future__ import annotations

from typing import Any, ClassVar

from pickpack.errors import IllegalMoveError
from pickpack.game import Game, seat_names
from pickpack.games.push._core import CoreState
from pickpack.games.push.encoding import MAX_CHANCE_OUTCOMES, NUM_DISTINCT_ACTIONS
from pickpack.games.push.movetext import read_move_text
from pickpack.games.push.observation import observation_from_snapshot
from pickpack.games.push.position import format_position, load_position, picture
from pickpack.state_base import StateBase

__all__ = ["State"]

_NAMES = seat_names("p")


class State(CoreState, StateBase):
    """A PUSH game in progress (a pickpack.GameState and HiddenInformationState).

    ``State(players=4, *, hard=False, switch_per_turn=False)``: the start position (the
    full deck, PU-C1, PU-C3; TypeError for a non-int count or non-bool option, ValueError
    outside 2..6), players ``p1`` .. ``pN``. The C base gives ``history()`` and
    ``from_snapshot(snap, *, checked=True)`` (SnapshotError: field, seat/stack, rule)."""

    move_rule = "PU-T1"          # a Move of another position (StateBase.apply)
    # to_position/from_position are the C base's over the position module
    _format_position = staticmethod(format_position)
    _load_position = staticmethod(load_position)
    #: pickpack.games.push.game.GAME, set by that module when it is built.
    _GAME: ClassVar[Game[Any]]

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order, ``("p1", .., "pN")``."""
        return _NAMES(self.num_players)

    @property
    def game(self) -> Game[Any]:
        """This game's Game (pickpack.games.push.game.GAME), set by the game module."""
        return self._GAME

    def winning_seats(self) -> list[int]:
        """The seats with the best score once over (several share the win, PU-E3); [] before."""
        return [self.players.index(name) for name in self.winners()]

    def _action_text(self, action: int) -> str:
        """The C core's text of ``action`` here (docs/push.md "Move text"); IllegalMoveError
        outside this node's space (PU-C1 / PU-T1)."""
        text: str = self._move_text(action)
        if text:
            return text
        if self.is_chance_node():
            raise IllegalMoveError.for_action(action, "PU-C1", f"a chance outcome is 0..{MAX_CHANCE_OUTCOMES - 1}")
        raise IllegalMoveError.for_action(action, "PU-T1", f"a decision is 0..{NUM_DISTINCT_ACTIONS - 1}")

    def parse_action(self, text: str) -> int:
        """The action ``text`` denotes here (movetext.read_move_text; docs/push.md "Move
        text"; any case). MoveSyntaxError with the column for other text."""
        return read_move_text(text, self.phase, lambda: [m.text for m in self.legal_moves()])

    def observation(self, player: int | str) -> dict[str, Any]:
        """What ``player`` (a seat or a name) may see (PU-V1;
        observation.observation_from_snapshot). TypeError/ValueError for an unknown player."""
        return observation_from_snapshot(self.snapshot(), self.seat_of(player))

    def resample_from_infostate(self, player: int | str, seed: int) -> State:
        """A state of ``player``'s (a seat or a name) information set, history empty: this
        position under perfect recall (observation.infostate_snapshot), copied in C by
        the base (CState.resample_from_infostate: the table draws nothing, it has no
        determinize). TypeError/ValueError: bad seat or seed (0..2**64-1)."""
        seat = player if type(player) is int else self.seat_of(player)
        state: State = CoreState.resample_from_infostate(self, seat, seed)
        return state

    def __str__(self) -> str:
        """A short picture (position.picture)."""
        return picture(self.snapshot(), self.direction, [self.score(seat) for seat in range(self.num_players)])
