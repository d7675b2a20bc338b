"""Pig as a registered game: the entry point ``pickpack.games:pig`` names ``GAME``."""

from __future__ import annotations

from pickpack import Game
from pickpack.game import GameOption, seat_names

from pickpack_pig.rules import (DEFAULT_TARGET, FACES, MAX_GAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS,
                                check_target)
from pickpack_pig.state import PigState

__all__ = ["GAME"]


def _factory(players: int, seed: int | None, *, target: int) -> PigState:
    """Game.new_state's factory. ``seed`` is not used: a Pig game starts the same way
    every time, and its dice are chance nodes drawn by whoever runs the game."""
    return PigState(players, target)


GAME = Game(
    name="pig",
    title="Pig",
    factory=_factory,
    player_names=seat_names("p"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_players=2,
    num_distinct_actions=2,                  # 0 roll, 1 hold (PIG-2)
    max_chance_outcomes=FACES,               # die faces 1..6 as outcomes 0..5 (PIG-3)
    max_game_length=MAX_GAME_LENGTH,         # the action cap (PIG-8)
    min_utility=-1.0,                        # zero-sum returns (PIG-9)
    max_utility=1.0,
    perfect_information=True,
    options={"target": GameOption(DEFAULT_TARGET, "the banked score that wins, an int 10..1000 (PIG-1)",
                                  check=check_target)},
    variants={"short": {"target": 50}},
    state_class="pickpack_pig.state:PigState",
)
