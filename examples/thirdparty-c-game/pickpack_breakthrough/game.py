"""Breakthrough 6x6 as a registered game: the entry point ``pickpack.games:breakthrough``."""

from __future__ import annotations

from pickpack import Game
from pickpack.game import fixed_names

from pickpack_breakthrough.state import PLAYERS, BreakthroughState

__all__ = ["GAME"]


def _factory(players: int, seed: int | None) -> BreakthroughState:
    """Game.new_state's factory: the start position (the game has no randomness)."""
    return BreakthroughState()


GAME: Game[BreakthroughState] = Game(
    name="breakthrough",
    title="Breakthrough 6x6",
    factory=_factory,
    player_names=fixed_names(PLAYERS),
    min_players=2,
    max_players=2,
    num_distinct_actions=432,                # 6*6 squares x 6 directions x capture flag (BT-A1)
    max_game_length=109,                     # OpenSpiel's bound for 6x6
    min_utility=-1.0,
    max_utility=1.0,
    state_class="pickpack_breakthrough.state:BreakthroughState",
    benchmark="pickpack_breakthrough.benchmark",
    native_mcts="pickpack._csearch:mcts_search",
)
