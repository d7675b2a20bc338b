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

import inspect as _inspect
from typing import Any

from pickpack._core import NUM_DISTINCT_ACTIONS, deal_from_seed, placements_from_seed
from pickpack._core import random_games as _random_games
from pickpack.errors import IllegalMoveError, MoveSyntaxError, NothingToUndoError, PickpackError
from pickpack.game import Game, GameState
from pickpack.move import Move
from pickpack.plugins import PluginNotFoundError, load
from pickpack.position import PositionError, from_position
from pickpack.state import State

__all__ = [
    "NUM_DISTINCT_ACTIONS", "Game", "GameState", "IllegalMoveError", "Move", "MoveSyntaxError",
    "NothingToUndoError", "PickpackError", "PluginNotFoundError", "PositionError", "State",
    "deal_from_seed", "from_position", "get_game", "new_game", "placements_from_seed",
    "random_playouts",
]

__version__ = "0.1.0"


def __dir__() -> list[str]:
    """The public API (``__all__``), ``__version__`` and the usual module dunders; the
    names this module uses internally (``Any``, ``annotations``) stay out (PEP 562)."""
    return sorted([*__all__, "__version__", "__all__", "__doc__", "__file__", "__name__",
                   "__package__", "__path__", "__spec__", "__loader__"])


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
    accepted = [p.name for p in _inspect.signature(game.new_state).parameters.values()
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
