"""A Pig position with its history: pickpack's GameState protocol in pure Python, from
the hooks of pickpack.state_base.StateBase (which derives the rest).

Rules: this distribution's README.md (ids PIG-1 .. PIG-9). Seats are ``0 .. n-1``,
named ``p1 .. pN``. Decisions are the actions 0 (``roll``) and 1 (``hold``); after a
roll the state is a chance node whose outcomes are the actions 0..5 (die faces 1..6,
text ``d1`` .. ``d6``), each of weight 1 (probability exactly 1/6).
"""

from __future__ import annotations

import array
from collections.abc import Mapping
from typing import Any

from pickpack import CHANCE, TERMINAL, Game, IllegalMoveError, MoveSyntaxError
from pickpack.game import seat_names
from pickpack.state_base import StateBase

from pickpack_pig import zobrist
from pickpack_pig.position import Position, format_position, parse_position, position_from_snapshot
from pickpack_pig.rules import (CHANCE_WEIGHTS, FACES, HOLD, MAX_GAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS,
                                ROLL, check_target)

__all__ = ["PigState"]

_NAMES = seat_names("p")
_DECISION_TEXT = ("roll", "hold")
_FACE_TEXT = tuple(f"d{face}" for face in range(1, FACES + 1))
_FACE_DIGITS = tuple(str(face) for face in range(1, FACES + 1))

# The undo token of an action: (seat, turn total, banked[seat], rolling, over) before it.
_Token = tuple[int, int, int, bool, bool]


class PigState(StateBase):
    """A Pig game in progress (a pickpack.GameState).

    ``PigState(players=2, target=100)`` is a new game: ``players`` an int 2..6,
    ``target`` an int 10..1000 (PIG-1); ValueError/TypeError naming the argument
    otherwise. Usually made by ``pickpack.new_game("pig", players=3, target=50)``.
    Mutable; ``copy()`` is independent; states pickle.
    """

    move_rule = "PIG-2"

    #: The score that wins when banked (PIG-7).
    target: int

    def __init__(self, players: int = 2, target: int = 100) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {players} (PIG-1)")
        problem = check_target(target)
        if problem is not None:
            raise ValueError(f"target {problem} (PIG-1), got {target!r}")
        self._players = _NAMES(players)
        self.target = target
        self._banked = [0] * players
        self._seat = 0
        self._rolling = False
        self._turn = 0
        self._over = False
        self._ply = 0

    # --- who is to move ----------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Player names in seat order (p1 .. pN)."""
        return self._players

    @property
    def game(self) -> Game[PigState]:
        """The registered Game (pickpack_pig.game.GAME)."""
        from pickpack_pig.game import GAME  # game.py builds its factory from this class

        return GAME

    @property
    def options(self) -> dict[str, int]:
        """``{"target": int}`` (PIG-1)."""
        return {"target": self.target}

    def current_player_id(self) -> int:
        """The deciding seat, pickpack.CHANCE after a roll, pickpack.TERMINAL at the end."""
        if self._over:
            return TERMINAL
        return CHANCE if self._rolling else self._seat

    @property
    def turn_total(self) -> int:
        """Points of the current turn, not banked yet (PIG-5)."""
        return self._turn

    @property
    def ply(self) -> int:
        """Actions (decisions and die outcomes) played since the start of the game."""
        return self._ply

    def is_terminal(self) -> bool:
        """True once someone banked the target (PIG-7) or the action cap was hit (PIG-8)."""
        return self._over

    def is_chance_node(self) -> bool:
        """True after ``roll``, until the die's outcome is applied (PIG-3)."""
        return self._rolling

    def chance_weights(self) -> tuple[tuple[int, int], ...]:
        """``((0, 1), .., (5, 1))`` at a chance node (outcome k is face k + 1), else ()."""
        return CHANCE_WEIGHTS if self._rolling else ()

    # --- actions -----------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """``[0, 1]`` (roll, hold), ``[0]`` before the first roll of a turn (PIG-6), the
        outcomes ``[0..5]`` at a chance node, ``[]`` at the end."""
        if self._over:
            return []
        if self._rolling:
            return [0, 1, 2, 3, 4, 5]
        return [ROLL, HOLD] if self._turn else [ROLL]

    def _check_action(self, action: int) -> tuple[str, str] | None:
        if self._over:
            return "PIG-9", "the game is over; no action is legal"
        if self._rolling:
            if 0 <= action < FACES:
                return None
            return "PIG-3", f"the die is rolling: the outcome is 0..5 (faces 1..6), not {action}"
        if action != ROLL and action != HOLD:
            return "PIG-2", f"a decision is 0 (roll) or 1 (hold), not {action}"
        if action == HOLD and not self._turn:
            return "PIG-6", "you must roll at least once before holding"
        return None

    def _apply_action(self, action: int) -> _Token:
        seat = self._seat
        token = (seat, self._turn, self._banked[seat], self._rolling, self._over)
        if self._rolling:                         # the die's outcome (PIG-4, PIG-5)
            self._rolling = False
            if action == 0:
                self._turn = 0
                self._seat = (seat + 1) % len(self._banked)
            else:
                self._turn += action + 1
        elif action == ROLL:                      # PIG-3
            self._rolling = True
        else:                                     # hold (PIG-6, PIG-7)
            self._banked[seat] += self._turn
            self._turn = 0
            if self._banked[seat] >= self.target:
                self._over = True
            else:
                self._seat = (seat + 1) % len(self._banked)
        self._ply += 1
        if self._ply >= MAX_GAME_LENGTH and not self._over:     # PIG-8
            self._over = True
            self._rolling = False
            self._turn = 0
        return token

    def _undo(self, token: _Token) -> None:
        seat, self._turn, self._banked[seat], self._rolling, self._over = token
        self._seat = seat
        self._ply -= 1

    # --- text ----------------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        """``roll``/``hold`` for 0/1 at a decision (or at the end), ``d1`` .. ``d6`` for
        0..5 at a chance node; IllegalMoveError (PIG-2, PIG-3) for other actions."""
        if self._rolling:
            if 0 <= action < FACES:
                return _FACE_TEXT[action]
            raise IllegalMoveError.for_action(action, "PIG-3", "a die outcome is 0..5")
        if action == ROLL or action == HOLD:
            return _DECISION_TEXT[action]
        raise IllegalMoveError.for_action(action, "PIG-2", "a decision is 0 (roll) or 1 (hold)")

    def parse_action(self, text: str) -> int:
        """The action of ``roll``, ``hold`` or ``d1`` .. ``d6`` (spaces around it
        ignored). MoveSyntaxError (with the column) for other text; IllegalMoveError
        (PIG-3) for a die face at a decision or a decision while the die rolls."""
        word = text.strip()
        if word in _DECISION_TEXT:
            action, is_face = _DECISION_TEXT.index(word), False
        elif word[:1] == "d" and len(word) >= 2:
            if word[1:] not in _FACE_DIGITS:
                raise MoveSyntaxError("a die face is 1..6", text, text.index(word) + 2)
            action, is_face = int(word[1:]) - 1, True
        else:
            raise MoveSyntaxError("expected roll, hold or d1..d6", text, text.index(word) + 1 if word else 1)
        if is_face != self._rolling and not self._over:
            reason = ("the die is rolling: the next action is its outcome d1..d6" if self._rolling
                      else "die outcomes are drawn by chance after roll, not chosen")
            raise IllegalMoveError.for_action(None, "PIG-3", reason, text=word)
        return action

    # --- outcome -------------------------------------------------------------------

    def scores(self) -> dict[str, int]:
        """Banked points by player name (the turn total is not included)."""
        return dict(zip(self._players, self._banked))

    def returns(self) -> list[float]:
        """Zero-sum utilities per seat (PIG-9): the k winners (best banked, PIG-7; several
        only after a tie at the cap, PIG-8) of an n-player game get ``(n-k) / (k(n-1))``
        each, the others ``-1/(n-1)``; so one winner gets 1, two players 1 and -1,
        everyone 0 when all tie. Zeros while the game goes on."""
        n = len(self._banked)
        if not self._over:
            return [0.0] * n
        best = max(self._banked)
        k = self._banked.count(best)
        win = (n - k) / (k * (n - 1))
        return [win if b == best else -1.0 / (n - 1) for b in self._banked]

    # --- position ------------------------------------------------------------------

    def _position(self) -> Position:
        return Position(self.target, tuple(self._banked), None if self._over else self._seat,
                        self._rolling, self._turn, self._ply)

    def snapshot(self) -> dict[str, Any]:
        """The position as JSON-able data: ``{"game": "pig", "players": [names],
        "target": int, "banked": [int per seat], "to_move": name | None, "rolling":
        bool, "turn_total": int, "ply": int}``. It is also every seat's observation
        (Pig has no secrets)."""
        pos = self._position()
        return {"game": "pig", "players": list(self._players), "target": pos.target,
                "banked": list(pos.banked), "to_move": None if pos.seat is None else self._players[pos.seat],
                "rolling": pos.rolling, "turn_total": pos.turn_total, "ply": pos.ply}

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """``(2 * players + 2,)``: see ``observation_tensor``."""
        return (2 * len(self._banked) + 2,)

    def observation_tensor(self, player: int | str) -> array.array[float]:
        """What ``player`` sees (everything: Pig has no secrets) as ``array('f')`` of
        ``2 * players + 2`` values in 0..1 (pickpack.ObservationTensorState), seats
        counted from ``player`` (offset 0 is ``player`` itself, 1 the next seat, ...):

        - ``0 .. n-1``: banked points / target per seat, 1.0 at or above the target
          (PIG-6, PIG-7);
        - ``n .. 2n-1``: one-hot, the seat to move (all zeros once the game is over);
        - ``2n``: turn total / target, at most 1.0 (PIG-5);
        - ``2n + 1``: 1.0 while the die rolls (a chance node, PIG-3).

        Errors as ``observation``.
        """
        me = self.seat_of(player)
        n = len(self._banked)
        out = array.array("f", bytes(4 * (2 * n + 2)))
        for k in range(n):
            seat = (me + k) % n
            out[k] = min(1.0, self._banked[seat] / self.target)
            if not self._over and seat == self._seat:
                out[n + k] = 1.0
        out[2 * n] = min(1.0, self._turn / self.target)
        out[2 * n + 1] = 1.0 if self._rolling else 0.0
        return out

    def zobrist_hash(self) -> int:
        """64-bit Zobrist hash of the position (pickpack_pig.zobrist keys): target,
        banked points per seat, turn total, the seat to move and whether the die rolls;
        not the ply nor the history."""
        h = zobrist.key(zobrist.TARGET, 0, self.target) ^ zobrist.key(zobrist.TURN_TOTAL, 0, self._turn)
        for seat, banked in enumerate(self._banked):
            h ^= zobrist.key(zobrist.BANKED, seat, banked)
        h ^= zobrist.key(zobrist.TO_MOVE, 7 if self._over else self._seat, 0)
        if self._rolling:
            h ^= zobrist.key(zobrist.ROLLING, 0, 0)
        return h

    def to_position(self) -> str:
        """The one-line position string (pickpack_pig.position), e.g. ``100 12,40,0 2r 7 57``."""
        return format_position(self._position())

    @classmethod
    def _from(cls, players: tuple[str, ...], pos: Position) -> PigState:
        state = cls(len(pos.banked), pos.target)
        state._players = players
        state._banked = list(pos.banked)
        state._seat = 0 if pos.seat is None else pos.seat
        state._rolling = pos.rolling
        state._turn = pos.turn_total
        state._over = pos.seat is None
        state._ply = pos.ply
        return state

    @classmethod
    def from_position(cls, text: str) -> PigState:
        """The state ``text`` describes, its history empty. PositionError naming the
        field and column of a problem."""
        pos = parse_position(text)
        return cls._from(_NAMES(len(pos.banked)), pos)

    @classmethod
    def from_snapshot(cls, snap: Mapping[str, Any]) -> PigState:
        """The state a ``snapshot()`` describes, its history empty. ValueError naming
        the key of a problem."""
        players, pos = position_from_snapshot(snap)
        return cls._from(players, pos)

    def __str__(self) -> str:
        """A small text board: one line per player, ``>`` at the player to move."""
        head = f"Pig to {self.target}, ply {self._ply}" + (", over" if self._over else "")
        lines = [head]
        for seat, (name, banked) in enumerate(zip(self._players, self._banked)):
            here = not self._over and seat == self._seat
            turn = f"  turn total {self._turn}" + (", die rolling" if self._rolling else "") if here else ""
            lines.append(f"{'>' if here else ' '} {name:<3} {banked:>4}{turn}")
        if self._over:
            lines.append("winner: " + ", ".join(self.winners()))
        return "\n".join(lines)
