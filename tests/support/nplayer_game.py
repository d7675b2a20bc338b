"""A tiny pure-Python N-player game with chance nodes, for tests of game-neutral code.

"Dice race" (``GAME``, registry name ``dice``): 2..4 players (default 3), ``rounds``
rounds (option, default 2). In every round each seat in turn decides ``safe`` (action
0: add 3 points) or ``roll`` (action 1: a chance node follows, a fair die, outcome
action ``k`` = face ``k + 1`` with probability 1/6, text ``d1``..``d6``, adds the
face). After the last round, every seat with the highest total gets return +1, every
other seat -1 (a tie at the top: all of them +1).

Written only against pickpack.game's protocol, module-level throughout so that states
and the Game pickle into spawn workers.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pickpack.errors import IllegalMoveError, MoveSyntaxError, NothingToUndoError
from pickpack.game import CHANCE, TERMINAL, Game, GameOption
from pickpack.move import Move

__all__ = ["GAME", "DiceState", "player_names"]

DECISIONS = ("safe", "roll")
SAFE_POINTS = 3


def player_names(n: int) -> tuple[str, ...]:
    """``p1 .. pn``."""
    return tuple(f"p{i + 1}" for i in range(n))


class DiceState:
    """A position of the dice race (see the module docstring)."""

    def __init__(self, players: int, rounds: int) -> None:
        self.players = player_names(players)
        self.rounds = rounds
        self.totals = [0] * players
        self.turn = 0                 # decisions made so far
        self.rolling = False          # a chance node: the die of seat turn_seat
        self.history: list[int] = []
        self._undo: list[tuple[int, bool, list[int]]] = []

    @property
    def game(self) -> Game:
        return GAME

    @property
    def num_players(self) -> int:
        return len(self.players)

    def _seat(self) -> int:
        return self.turn % self.num_players

    def is_terminal(self) -> bool:
        return not self.rolling and self.turn >= self.rounds * self.num_players

    def is_chance_node(self) -> bool:
        return self.rolling

    def current_player_id(self) -> int:
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.rolling else self._seat()

    @property
    def current_player(self) -> str | None:
        seat = self.current_player_id()
        return self.players[seat] if seat >= 0 else None

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return list(range(6)) if self.rolling else [0, 1]

    def action_text(self, action: int) -> str:
        if self.rolling:
            if not 0 <= action < 6:
                raise IllegalMoveError(f"no die face for outcome {action}", "DICE-1")
            return f"d{action + 1}"
        if action not in (0, 1):
            raise IllegalMoveError(f"action {action} is not safe (0) or roll (1)", "DICE-1")
        return DECISIONS[action]

    def legal_moves(self) -> list[Move]:
        return [Move(a, self.action_text(a)) for a in self.legal_actions()]

    def check_action(self, action: int) -> tuple[str, str] | None:
        if self.is_terminal():
            return ("DICE-2", "the game is over")
        if action not in self.legal_actions():
            return ("DICE-1", f"action {action} is not legal here")
        return None

    def apply_action(self, action: int) -> None:
        problem = self.check_action(action)
        if problem is not None:
            raise IllegalMoveError(problem[1], problem[0])
        self._undo.append((self.turn, self.rolling, list(self.totals)))
        seat = self._seat()
        if self.rolling:
            self.totals[seat] += action + 1
            self.rolling = False
            self.turn += 1
        elif action == 0:
            self.totals[seat] += SAFE_POINTS
            self.turn += 1
        else:
            self.rolling = True
        self.history.append(action)

    def parse_move(self, text: str) -> Move:
        for move in self.legal_moves():
            if move.text == text:
                return move
        if text in DECISIONS or (len(text) == 2 and text[0] == "d" and text[1] in "123456"):
            raise IllegalMoveError(f"{text!r} is not legal here", "DICE-1")
        raise MoveSyntaxError(f"{text!r} is not safe, roll or d1..d6", text, 1)

    def apply(self, move: Move | str) -> None:
        self.apply_action((self.parse_move(move) if isinstance(move, str) else move).action)

    def undo(self) -> None:
        if not self._undo:
            raise NothingToUndoError("nothing to undo")
        self.turn, self.rolling, self.totals = self._undo.pop()
        self.history.pop()

    def copy(self) -> DiceState:
        other = DiceState(self.num_players, self.rounds)
        other.totals, other.turn, other.rolling = list(self.totals), self.turn, self.rolling
        other.history, other._undo = list(self.history), list(self._undo)
        return other

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(a, Fraction(1, 6)) for a in range(6)] if self.rolling else []

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        best = max(self.totals)
        return [1.0 if t == best else -1.0 for t in self.totals]

    def scores(self) -> Mapping[str, float]:
        return {name: float(t) for name, t in zip(self.players, self.totals)}

    def observation(self, player: Any) -> dict[str, Any]:
        return self.snapshot()

    def zobrist_hash(self) -> int:
        return hash((tuple(self.totals), self.turn, self.rolling)) & ((1 << 64) - 1)

    def snapshot(self) -> dict[str, Any]:
        return {"players": self.num_players, "rounds": self.rounds, "totals": list(self.totals),
                "turn": self.turn, "rolling": self.rolling}

    def to_position(self) -> str:
        return (f"{self.num_players}/{self.rounds} " + ",".join(map(str, self.totals))
                + f" {self.turn}{'r' if self.rolling else ''}")

    def history_actions(self) -> list[int]:
        return list(self.history)


def _factory(players: int, seed: int | None, *, rounds: int) -> DiceState:
    return DiceState(players, rounds)


def _check_rounds(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        return "must be an int 1..10"
    return None


GAME = Game(
    name="dice",
    title="Dice race",
    factory=_factory,
    player_names=player_names,
    min_players=2,
    max_players=4,
    default_players=3,
    num_distinct_actions=2,
    max_chance_outcomes=6,
    max_game_length=2 * 10 * 4,
    min_utility=-1.0,
    max_utility=1.0,
    options={"rounds": GameOption(2, "rounds played", check=_check_rounds)},
    variants={"long": {"rounds": 4}},
)
