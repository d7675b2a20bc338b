"""Finding games: the entry-point group ``pickpack.games`` (built-in games included).

Game-neutral: nothing here imports a game package; a game is whatever object its entry
point names, checked to be a pickpack.Game.
"""

from __future__ import annotations

from typing import Any

from pickpack.errors import GameLoadError
from pickpack.game import Game
from pickpack.game_check import check_game
from pickpack.plugins import PluginNotFoundError, load, names

__all__ = ["DEFAULT_GAME", "available_games", "from_position", "get_game", "new_game"]

#: The game used when none is named (today's files and commands are Pick & Pack).
DEFAULT_GAME = "pickpack"


def available_games() -> list[str]:
    """Names of the installed games (entry-point group ``pickpack.games``), sorted."""
    return names("pickpack.games")


def get_game(name: str = DEFAULT_GAME) -> Game[Any]:
    """The game registered as ``name`` in the entry-point group ``pickpack.games``.

    Raises PluginNotFoundError listing the installed games, GameLoadError (one
    line) when the game's plugin fails to import or its entry point is not a
    pickpack.Game, and GameCheckError (a GameLoadError, one line) when the game fails
    the load check (pickpack.game_check: chance outcomes that do not sum to 1, ...).
    """
    try:
        game = load("pickpack.games", name)
    except PluginNotFoundError:
        raise
    except Exception as exc:        # a third party's import error of any kind
        detail = " ".join(str(exc).split())
        raise GameLoadError(f"game {name!r} failed to load: {type(exc).__name__}: {detail}") from exc
    if not isinstance(game, Game):
        raise GameLoadError(f"game {name!r} failed to load: its entry point pickpack.games:{name} "
                            f"is not a pickpack.Game but {type(game).__name__}")
    check_game(game)
    return game


def new_game(name: str = DEFAULT_GAME, *, players: int | None = None, seed: int | None = None,
             variant: str | None = None, **options: Any) -> Any:
    """A new state of the game ``name``: ``players`` seats (default: the game's),
    its randomness fixed by ``seed``, the options of ``variant`` overridden by
    ``options`` (for Pick & Pack: ``first``, ``placements``, ``deal``).

    Returns the game's state class (pickpack.games.pickpack.State for Pick & Pack).
    Raises PluginNotFoundError for an unknown game (listing the installed ones) and
    OptionError (a ValueError) naming the player count, variant or option refused.
    """
    return get_game(name).new_state(players=players, seed=seed, variant=variant, **options)


def from_position(text: str, game: str = DEFAULT_GAME) -> Any:
    """The state of ``game`` at the position string ``text`` (history empty).

    Raises PositionError naming the field and column of a problem.
    """
    return get_game(game).from_position(text)


