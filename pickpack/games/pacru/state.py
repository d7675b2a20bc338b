"""The PACRU game state: the Python API over the C core (rules: docs/pacru.md, ids PA-...).

A State is one node of the game tree plus the actions that led to it (for undo). Its
integer methods (legal_actions, move_actions, reorient_actions, apply_action,
check_action, random_action), the action text and the reasons of illegal actions, and
the board queries (cells, colour, chevron, chevrons, in_game, power, attacks) come
straight from the C binding (pickpack.games.pacru._core); this module adds move text
parsing, snapshots checked against the rules, observations and the position string,
using the game's shared modules (encoding, snapshot, observation, position) so that the
C-backed State and the reference (reference/pacru_ref.py) agree by construction.
"""

from __future__ import annotations

import array
import functools
from collections.abc import Mapping
from typing import Any

from pickpack.errors import IllegalMoveError
from pickpack.game import Game
from pickpack.games.pacru._core import TENSOR_SHAPE, CoreState
from pickpack.games.pacru.encoding import SEAT_NAMES, parse_action
from pickpack.games.pacru.observation import observation_from_snapshot
from pickpack.games.pacru.position import board_picture, format_position, load_position
from pickpack.games.pacru.snapshot import validate_snapshot
from pickpack.games_registry import get_game
from pickpack.move import Move

__all__ = ["State"]


@functools.cache
def _registered_game() -> Game[Any]:
    return get_game("pacru")


class State(CoreState):
    """A PACRU game in progress, backed by the C core (a pickpack.GameState).

    ``State(players=2, *, single_cell=False, classic_meeting=False, max_plies=1000)`` is
    the start position (PA-S1..PA-S4): every cell neutral, the set-up's chevrons, seat 0
    to move. Usually made by ``pickpack.new_game("pacru", players=N, ...)``. TypeError
    for a non-int player count or cap or a non-bool option, pickpack.game.OptionError
    (a ValueError) for a count outside 2..4 or a cap outside 1..1000. Seats are named
    encoding.SEAT_NAMES[N]. Mutable; ``copy()`` is independent; pickles with its history.
    """

    # --- facts ------------------------------------------------------------------------

    def winners(self) -> tuple[str, ...]:
        """Names of the winning seats once the game is over, in seat order (several
        share a win, PA-E2, PA-E3); () before. ``winning_seats()`` gives their seat numbers."""
        names = self.players
        return tuple(names[seat] for seat in self.winning_seats())

    @property
    def players(self) -> tuple[str, ...]:
        """Seat names in turn order, encoding.SEAT_NAMES[N] (PA-S1..PA-S4)."""
        return SEAT_NAMES[self.num_players]

    @property
    def game(self) -> Game[Any]:
        """The registered Game (pickpack.games.pacru.game.GAME), found through the game
        registry (entry point ``pickpack.games:pacru``), since game.py builds its states
        from this class."""
        return _registered_game()

    @property
    def current_player(self) -> str | None:
        """Name of the seat to move; None once over."""
        seat: int = self.current_player_id()
        return self.players[seat] if seat >= 0 else None

    # --- moves as text ----------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """``legal_actions()`` as Moves with their canonical text (written in C); [] once over."""
        text = self.action_text
        return [Move(a, text(a)) for a in self.legal_actions()]

    def parse_move(self, text: str) -> Move:
        """The legal move ``text`` names: ``Move(encoding.parse_action(text), canonical
        text)``. MoveSyntaxError (with the column) for malformed text; IllegalMoveError
        (``rule``, ``reason``, ``text`` the canonical text, ``action``; message ``illegal
        move TEXT (action N): PA-xx: REASON``) for the text of a move that is not legal
        here (check_action); TypeError for a non-str."""
        if not isinstance(text, str):
            raise TypeError(f"move text is a str, not {type(text).__name__}")
        action = parse_action(text)
        canonical = self.action_text(action)
        problem = self.check_action(action)
        if problem is not None:
            raise IllegalMoveError.for_action(action, problem[0], problem[1], canonical)
        return Move(action, canonical)

    def apply(self, move: Move | str) -> None:
        """Apply a Move or move text (``e1-e2``, ``a3-b4[a4]``, ``e1>NE[a1,b2]``, ...).
        Raises MoveSyntaxError or IllegalMoveError (naming the rule, as parse_move and
        apply_action word it); the state is unchanged then. Legality is checked once."""
        if isinstance(move, str):
            self.apply_action(parse_action(move))
            return
        if not isinstance(move, Move):
            raise TypeError(f"apply() takes a Move or move text, not {type(move).__name__}")
        self.apply_action(move.action)

    def history(self) -> list[Move]:
        """The actions applied since creation as Moves with their text, oldest first."""
        text = self.action_text
        return [Move(a, text(a)) for a in self.history_actions()]

    # --- snapshots, observations, positions ------------------------------------------

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any], *, checked: bool = True) -> State:
        """The state a snapshot (docs/pacru.md, "Snapshot") describes, its history empty.

        The snapshot's fields are checked by snapshot.validate_snapshot (its message,
        field, seat, index and rule), then by the C loader (pacru_load), which alone also
        refuses positions the rules cannot reach (docs/pacru.md, "Positions the rules can
        reach"), naming field, seat, cell or chevron and rule. ``checked=False`` skips
        only that reachability check (for tests that build positions by hand). Raises
        pickpack.SnapshotError.
        """
        state: State = cls._load(validate_snapshot(snap), checked)
        return state

    def _seat(self, player: int | str) -> int:
        if isinstance(player, bool) or not isinstance(player, int | str):
            raise TypeError(f"player must be a seat or a name, not {type(player).__name__}")
        if isinstance(player, str):
            if player not in self.players:
                raise ValueError(f"player must be one of {', '.join(self.players)}, not {player!r}")
            return self.players.index(player)
        if not 0 <= player < self.num_players:
            raise ValueError(f"player must be a seat 0..{self.num_players - 1}, not {player}")
        return player

    def out_return(self, seat: int) -> float:
        """The final return of ``seat`` once it is out (PA-E1; pickpack.game.
        EliminationState): ``-1/(n-1)``, a seat that is not among the winners -- an
        out seat gains no cell (its chevrons left the board) and the ply cap shares the
        result among the seats still in (PA-E2, PA-E3; docs/pacru.md, "Scores and
        returns"). ValueError for a seat still in the game."""
        if self.in_game(seat):
            raise ValueError(f"seat {seat} ({self.players[seat]}) is still in the game (PA-E1)")
        return -1.0 / (self.num_players - 1)

    def observation(self, player: int | str) -> dict[str, Any]:
        """The snapshot plus ``"player"`` (perfect information): ``player`` a seat or a
        name. TypeError/ValueError for an unknown player."""
        return observation_from_snapshot(self.snapshot(), self._seat(player))

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """``(53, 9, 9)`` for every player count and option (docs/pacru.md,
        "Observation tensor")."""
        return TENSOR_SHAPE

    def observation_tensor(self, player: int | str) -> array.array[float]:
        """What ``player`` (a seat or a name) sees, i.e. the whole snapshot (perfect
        information), as a flat ``array('f')`` of 53*81 values in 0..1 filled in C
        (core/pacru/observation.c). Shape (53, 9, 9), plane index then row (0 = the
        board's row 1) then column (0 = a). Seat-relative: block r (planes 12r..12r+11)
        is seat (player + r) % players, blocks past the player count are zeros; in a
        block, +0 the seat exists (all ones, even once out, PA-E1), +1 it is the
        snapshot's ``turn``, +2 cells of its colour (PA-C2), +3 its chevrons, +4+d its
        chevrons pointing d = N..NW (PA-C3).
        Plane 48 neutral cells, 49 ply/max_plies, 50 max_plies/1000 (PA-E3), 51
        single_cell (PA-B2), 52 classic_meeting (PA-T2), each constant over the board.
        TypeError/ValueError for an unknown player, as ``observation``."""
        return self._observation_tensor(self._seat(player))

    def to_position(self) -> str:
        """The one-line position string (pickpack.games.pacru.position)."""
        return format_position(self.snapshot())

    @classmethod
    def from_position(cls, text: str, *, checked: bool = True) -> State:
        """The state a position string describes, its history empty. PositionError naming
        the field, column and rule of a problem (an unreachable position's too, unless
        ``checked=False``: see from_snapshot)."""
        state: State = load_position(text, lambda snap: cls._load(snap, checked))
        return state

    # --- comparison and text -----------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Same position (snapshot); the history is not compared."""
        if not isinstance(other, State):
            return NotImplemented
        return bool(self.snapshot() == other.snapshot())

    __hash__ = None  # type: ignore[assignment]  # mutable: use zobrist_hash() as a key

    def __str__(self) -> str:
        """The board picture (position.board_picture): colours, chevrons with their
        directions, borderland lines, turn, ply and cell counts."""
        return board_picture(self.snapshot())

    def __repr__(self) -> str:
        return f"State.from_position({self.to_position()!r})"
