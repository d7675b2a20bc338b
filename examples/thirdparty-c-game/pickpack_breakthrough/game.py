"""Breakthrough 6x6 as a registered game: the entry point ``pickpack.games:breakthrough``."""

from __future__ import annotations

from pickpack import Game
from pickpack.game import fixed_names
from pickpack.records.dialect import GenericDialect

from pickpack_breakthrough.state import PLAYERS, BreakthroughState

__all__ = ["DIALECT", "GAME"]


GAME: Game[BreakthroughState] = Game(
    name="breakthrough",
    title="Breakthrough 6x6",
    factory=BreakthroughState,               # (players, seed): the start; nothing is random
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
    ppn_dialect="pickpack_breakthrough.game:DIALECT",
)


class BreakthroughDialect(GenericDialect):
    """The generic dialect, whose move tokens are this game's text (``b4c3*``: ``*``
    alone is PPN's unfinished-game result)."""

    move_token = r"[a-f][1-6][a-f][1-6]\*?"


DIALECT = BreakthroughDialect(GAME)
