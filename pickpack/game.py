"""The game-neutral description of a game (OpenSpiel's Game): what a plugin registers.

A game plugin is an object in the entry-point group ``pickpack.games`` with the
attributes below; ``pickpack.new_game(name, ...)`` calls its ``new_state``.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

__all__ = ["Game", "GameState"]


@runtime_checkable
class GameState(Protocol):
    """What every game's state offers, so that bots and front ends need nothing else.

    Chance is explicit (``is_chance_node``/``chance_outcomes``); players are names;
    ``returns`` gives each player's utility once the game is over.
    """

    @property
    def current_player(self) -> str | None: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...
    def undo(self) -> None: ...
    def copy(self) -> Any: ...
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[Any, float]]: ...
    def returns(self) -> dict[str, float]: ...
    def zobrist_hash(self) -> int: ...
    def snapshot(self) -> dict[str, Any]: ...
    def observation(self, player: str) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Game:
    """Static facts about a game and its state factory.

    ``players``: player names in seat order; ``num_distinct_actions``: size of the fixed
    action space; ``max_game_length``: most plies a game can last; ``new_state``: the
    factory taking the game's options as keywords.
    """

    name: str
    players: tuple[str, ...]
    num_distinct_actions: int
    max_game_length: int
    new_state: Callable[..., Any]
