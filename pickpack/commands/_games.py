"""The ``--game`` argument shared by the subcommands: a game name, checked once."""

from __future__ import annotations

from typing import Any

from pickpack.commands._common import fail
from pickpack.errors import GameLoadError
from pickpack.game import Game
from pickpack.games_registry import available_games, get_game
from pickpack.plugins import PluginNotFoundError

__all__ = ["game_named"]


def game_named(name: str) -> Game[Any]:
    """The installed game ``name``; otherwise ``fail`` (exit 2) with one line listing the
    installed games."""
    try:
        return get_game(name)
    except PluginNotFoundError:
        fail(f"unknown game {name!r}; installed games: {', '.join(available_games()) or 'none'}")
    except GameLoadError as exc:
        fail(str(exc))
