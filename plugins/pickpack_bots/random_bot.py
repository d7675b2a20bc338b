"""The ``random`` bot: a uniformly random legal move."""

from __future__ import annotations

import random

from pickpack import Move, State


class RandomBot:
    """Chooses uniformly among the legal moves; ``seed`` makes it reproducible."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """Restart the bot's random stream (before a game)."""
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        """A uniformly random legal move of ``state``. Raises ValueError if there is none."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError("random bot: no legal move (the game is over)")
        action = self._rng.choice(actions)
        return Move(action, state.action_text(action))
