"""pickpack: a game engine for Python whose hot paths run in C.

Games are plugins (entry-point group ``pickpack.games``): Pick & Pack ships with it, and
any installed distribution can add one. This package is game-neutral: the Game/GameState
protocol (pickpack.game), moves, errors, the match runner, save files, bots and the CLI.

    >>> import pickpack
    >>> state = pickpack.new_game("pickpack", seed=7, placements={
    ...     "red": "PPWWRRQQXXMM", "blue": "MMXXQQRRWWPP"})
    >>> state.phase, state.current_player
    ('play', 'red')
    >>> move = state.legal_moves()[0]
    >>> state.apply(move)
    >>> state.current_player
    'blue'

Records and saves: ``pickpack.read_games(path_or_file)`` gives the games of a PPN
record (docs/ppn.md), ``pickpack.load_save(path)`` a save file of ``pickpack play``.

Pick & Pack's own names (its State class, placements_from_seed, random_playouts, ...)
live in pickpack.games.pickpack. Rules: docs/rules.md (ids PP-...); writing a game:
docs/writing-a-game.md.
"""

from __future__ import annotations

from pathlib import Path

from pickpack.errors import (IllegalMoveError, MoveSyntaxError, NotARecordError, NothingToUndoError,
                             PickpackError, PositionError, RecordFileError, SnapshotError)
from pickpack.game import CHANCE, TERMINAL, Game, GameState, OptionError
from pickpack.games_registry import available_games, from_position, get_game, new_game
from pickpack.move import Move
from pickpack.plugins import PluginNotFoundError
from pickpack.records.loading import load_save, read_games
from pickpack.records.savefile import SavedGame, SaveFileError

__all__ = [
    "CHANCE", "Game", "GameState", "IllegalMoveError", "Move", "MoveSyntaxError", "NotARecordError",
    "NothingToUndoError", "OptionError", "PickpackError", "PluginNotFoundError", "PositionError", "RecordFileError",
    "SaveFileError", "SavedGame", "SnapshotError", "TERMINAL",
    "available_games", "from_position", "get_game", "get_include", "load_save", "new_game", "read_games",
]

__version__ = "0.1.0"


def get_include() -> str:
    """The folder a separate distribution compiles a C game against (NumPy's
    convention): core/common's headers (``pp_game_ops.h``, ``pp_rng.h``, ``pp_mcts.h``,
    ``pp_mcts_impl.h``, ``pp_search.h``, ...), ``rng.c`` (the PRNG those headers declare,
    to compile with the game) and the base's Cython declarations under ``pickpack/``
    (``_cstate.pxd``, ``_game_ops.pxd``, ...). Give it to the C compiler's
    ``include_dirs`` and to Cython's ``include_path`` (docs/writing-a-game.md, "A game
    in C"). The folder is filled by pickpack's build (setup.py)."""
    return str(Path(__file__).resolve().parent / "include")


def __dir__() -> list[str]:
    """The public API (``__all__``), ``__version__`` and the usual module dunders; the
    names this module uses internally (``Any``, ``annotations``) stay out (PEP 562)."""
    return sorted([*__all__, "__version__", "__all__", "__doc__", "__file__", "__name__",
                   "__package__", "__path__", "__spec__", "__loader__"])



