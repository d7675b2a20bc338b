"""Test helper: states that count their legality checks (issue 19, "Work done once").

``counting(state)`` is a state of ``state``'s class and position whose check_action,
checked apply_action and parse_move (which checks too) add to ``CALLS``; its copies
count too (a copy keeps the class). ``counting_game(game)`` is ``game`` whose new
states are such states.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from typing import Any

from pickpack.game import Game, GameState
from pickpack.move import Move

CALLS: Counter[str] = Counter()


@functools.cache
def _counting_class(base: Any) -> Any:
    class Counting(base):  # type: ignore[misc]
        def check_action(self, action: int) -> Any:
            CALLS["check_action"] += 1
            return super().check_action(action)

        def apply_action(self, action: int) -> None:
            CALLS["apply_action"] += 1
            super().apply_action(action)

        def parse_move(self, text: str) -> Move:
            CALLS["parse_move"] += 1
            move: Move = super().parse_move(text)
            return move

    return Counting


def counting(state: GameState) -> Any:
    """A counting state of ``state``'s class and position (from its snapshot)."""
    return _counting_class(type(state)).from_snapshot(state.snapshot())


def counting_game(game: Game[Any]) -> Game[Any]:
    """``game`` whose factory makes counting states (in-process use only: not picklable)."""
    return dataclasses.replace(game, factory=lambda players, seed, **options: counting(
        game.factory(players, seed, **options)))
