"""pickpack: a game engine whose hot paths run in C, with Pick & Pack as its flagship.

    >>> import pickpack
    >>> state = pickpack.new_game("pickpack", seed=7, placements={
    ...     "red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    >>> state.phase, state.current_player
    ('play', 'red')
    >>> move = state.legal_moves()[0]
    >>> state.apply(move)
    >>> state.current_player
    'blue'

Rules: docs/rules.md (ids PP-...); indices, action space, move text and
Zobrist keys: docs/engine.md.
"""

from __future__ import annotations

import inspect
from typing import Any

from pickpack._core import NUM_DISTINCT_ACTIONS, deal_from_seed, placements_from_seed
from pickpack._core import random_games as _random_games
from pickpack.errors import IllegalMoveError, MoveSyntaxError, PickpackError
from pickpack.game import Game, GameState
from pickpack.move import Move
from pickpack.plugins import PluginNotFoundError, load
from pickpack.position import from_position
from pickpack.state import State

__all__ = [
    "NUM_DISTINCT_ACTIONS", "Game", "GameState", "IllegalMoveError", "Move", "MoveSyntaxError",
    "PickpackError", "PluginNotFoundError", "State", "deal_from_seed", "from_position", "get_game",
    "new_game", "placements_from_seed", "random_playouts",
]

__version__ = "0.1.0"


def get_game(name: str = "pickpack") -> Game:
    """The game registered as ``name`` in the entry-point group ``pickpack.games``.

    Raises PluginNotFoundError listing the installed games.
    """
    game = load("pickpack.games", name)
    if not isinstance(game, Game):
        raise TypeError(f"entry point pickpack.games:{name} is not a pickpack.Game")
    return game


def new_game(name: str = "pickpack", **options: Any) -> Any:
    """A new state of the game ``name`` (entry-point group ``pickpack.games``).

    For Pick & Pack the options are ``seed``, ``first``, ``placements`` and ``deal``
    (see pickpack.pickpack_game.new_pickpack). Raises PluginNotFoundError for an unknown
    game and ValueError for bad options.
    """
    game = get_game(name)
    accepted = [p.name for p in inspect.signature(game.new_state).parameters.values()
                if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]
    for key in options:
        if key not in accepted:
            raise ValueError(f"unknown option {key!r} for game {name!r}; options: {', '.join(accepted)}")
    return game.new_state(**options)


def random_playouts(n: int, seed: int) -> dict[str, Any]:
    """n complete Pick & Pack games from fresh random deals and placements, all in C.

    The first player alternates (Red in even games). Returns {"games", "plies"
    (play-phase plies in all), "mean_scores": {"red", "blue"}, "wins": {"red", "blue"},
    "draws"}. Raises ValueError for n < 0 or a seed outside 0..2**64-1.
    """
    return _random_games(n, seed)
