"""A tiny N-player dice game without a TUI face, for the shell's fallback face.

"Dice race": players p1..pN (2..4, default 3) race to ``target`` points (option,
default 5). On their turn a player chooses ``step`` (one point, certain) or ``roll``
(then a chance node: ``d1``, ``d2`` or ``d3`` points, each with probability 1/3). The
first to reach the target wins: return 1, everybody else -1/(N-1). Decisions are
actions 0 (step) and 1 (roll); chance outcomes are 0..2 (d1..d3).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pickpack import Move
from pickpack.errors import IllegalMoveError, MoveSyntaxError, NothingToUndoError
from pickpack.game import CHANCE, TERMINAL, Game, GameOption, seat_names

__all__ = ["DICE_RACE", "DiceRace"]

_DECISIONS = ("step", "roll")
_OUTCOMES = ("d1", "d2", "d3")


class DiceRace:
    """The state of a dice race (the GameState protocol, pickpack.game)."""

    def __init__(self, players: int, target: int) -> None:
        self.players = seat_names()(players)
        self.target = target
        self.totals = [0] * players
        self.to_move = 0
        self.rolling = False
        self.history: list[int] = []

    @property
    def game(self) -> Game:
        return DICE_RACE

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def current_player(self) -> str | None:
        return None if self.rolling or self.is_terminal() else self.players[self.to_move]

    def current_player_id(self) -> int:
        return TERMINAL if self.is_terminal() else CHANCE if self.rolling else self.to_move

    def is_terminal(self) -> bool:
        return max(self.totals) >= self.target

    def is_chance_node(self) -> bool:
        return self.rolling and not self.is_terminal()

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        return [(a, Fraction(1, 3)) for a in range(3)] if self.is_chance_node() else []

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return [0, 1, 2] if self.rolling else [0, 1]

    def legal_moves(self) -> list[Move]:
        return [Move(a, self.action_text(a)) for a in self.legal_actions()]

    def check_action(self, action: int) -> tuple[str, str] | None:
        if self.is_terminal():
            return ("DR-3", "the race is over")
        if action not in self.legal_actions():
            return ("DR-1", "choose step (0) or roll (1)") if not self.rolling else \
                ("DR-2", "a die shows 1, 2 or 3")
        return None

    def apply_action(self, action: int) -> None:
        problem = self.check_action(action)
        if problem is not None:
            raise IllegalMoveError(f"illegal action {action}: {problem[0]}: {problem[1]}", rule=problem[0])
        self.history.append(action)
        if self.rolling:
            self.totals[self.to_move] += action + 1
            self.rolling = False
            self._next()
        elif action == 0:
            self.totals[self.to_move] += 1
            self._next()
        else:
            self.rolling = True

    def _next(self) -> None:
        if not self.is_terminal():
            self.to_move = (self.to_move + 1) % len(self.players)

    def apply(self, move: Move | str) -> None:
        self.apply_action(self.parse_move(move).action if isinstance(move, str) else move.action)

    def undo(self) -> None:
        if not self.history:
            raise NothingToUndoError("nothing to undo")
        actions = self.history[:-1]
        self.__init__(len(self.players), self.target)  # type: ignore[misc]
        for a in actions:
            self.apply_action(a)

    def copy(self) -> DiceRace:
        other = DiceRace(len(self.players), self.target)
        for a in self.history:
            other.apply_action(a)
        return other

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.players)
        loss = -1.0 / (len(self.players) - 1)
        return [1.0 if t >= self.target else loss for t in self.totals]

    def scores(self) -> dict[str, float]:
        return {p: float(t) for p, t in zip(self.players, self.totals)}

    def observation(self, player: Any) -> dict[str, Any]:
        return self.snapshot()

    def zobrist_hash(self) -> int:
        return hash((tuple(self.totals), self.to_move, self.rolling)) & (2**64 - 1)

    def snapshot(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "to_move": self.to_move, "rolling": self.rolling}

    def to_position(self) -> str:
        return "/".join(map(str, self.totals)) + f" {self.to_move + 1}{'r' if self.rolling else ''}"

    def history_actions(self) -> list[int]:
        return list(self.history)

    def action_text(self, action: int) -> str:
        names = _OUTCOMES if self.rolling else _DECISIONS
        if not 0 <= action < len(names):
            raise IllegalMoveError(f"no action {action}", rule="DR-1")
        return names[action]

    def parse_move(self, text: str) -> Move:
        names = _OUTCOMES if self.rolling else _DECISIONS
        if text not in _DECISIONS + _OUTCOMES:
            raise MoveSyntaxError("expected step, roll or d1..d3", text, 1)
        if text not in names:
            rule, why = ("DR-2", "the die must be rolled first") if self.rolling else \
                ("DR-1", "a die is rolled only after roll")
            raise IllegalMoveError(f"illegal move {text}: {rule}: {why}", rule=rule)
        action = names.index(text)
        return Move(action, text)

    def __str__(self) -> str:
        lines = [f"Dice race to {self.target}"]
        lines += [f"{p}: {t}" for p, t in zip(self.players, self.totals)]
        return "\n".join(lines)


def _factory(players: int, seed: int | None, *, target: int) -> DiceRace:
    return DiceRace(players, target)


DICE_RACE = Game(
    name="dicerace", title="Dice race", factory=_factory, player_names=seat_names(),
    min_players=2, max_players=4, default_players=3, num_distinct_actions=2,
    max_chance_outcomes=3, max_game_length=64, min_utility=-1.0, max_utility=1.0,
    options={"target": GameOption(5, "points to reach", check=lambda v: None if isinstance(v, int)
                                  and v >= 1 else "must be a whole number >= 1")},
)
