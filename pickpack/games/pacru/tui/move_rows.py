"""The move log's rows (mover, canonical move text), kept between redraws so a long game
is not replayed from the start on every move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["MoveRows"]


class MoveRows:
    """``rows(start, actions)``: (mover name, ``action_text``) of each action played from
    ``start`` (a GameState, not changed). A history that extends the last one is played
    on from where it stopped; any other (an undo, a new game) from ``start``."""

    def __init__(self) -> None:
        self._start: Any = None
        self._actions: list[int] = []
        self._rows: list[tuple[str, str]] = []
        self._replay: Any = None

    def rows(self, start: Any, actions: Sequence[int]) -> list[tuple[str, str]]:
        """The rows of ``actions`` from ``start``, oldest first. Raises what the state's
        ``apply_action`` raises for an action that is not legal there."""
        if start is not self._start or list(actions[:len(self._actions)]) != self._actions:
            self._start, self._actions, self._rows = start, [], []
            self._replay = start.copy()
        for action in actions[len(self._actions):]:
            mover = self._replay.current_player
            self._rows.append((str(mover), self._replay.action_text(action)))
            self._replay.apply_action(action)
            self._actions.append(action)
        return list(self._rows)
