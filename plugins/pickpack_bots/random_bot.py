"""The ``random`` bot: a uniformly random legal move, in any game (GameState protocol only)."""

from __future__ import annotations

from typing import ClassVar

from pickpack.game import GameState
from pickpack.move import Move

from pickpack_bots.seeded import SeededBot


class RandomBot(SeededBot):
    """Chooses uniformly among the legal moves; ``seed`` makes it reproducible."""

    name = "random"
    games: ClassVar[tuple[str, ...] | None] = None     # every game
    bounded = True       # one cheap step per move: it keeps any time limit in-process

    def choose(self, state: GameState) -> Move:
        """A uniformly random legal move of ``state`` (any game; through
        ``legal_actions``/``action_text`` only). Raises ValueError if there is none."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError("random bot: no legal move (the game is over)")
        action = self.rng.choice(actions)
        return Move(action, state.action_text(action))
