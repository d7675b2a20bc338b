"""The ``random`` bot: a uniformly random legal move."""

from __future__ import annotations

from pickpack import Move
from pickpack.games.pickpack import State

from pickpack_bots.seeded import SeededBot


class RandomBot(SeededBot):
    """Chooses uniformly among the legal moves; ``seed`` makes it reproducible."""

    name = "random"
    bounded = True       # one cheap step per move: it keeps any time limit in-process

    def choose(self, state: State) -> Move:
        """A uniformly random legal move of ``state``. Raises ValueError if there is none."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError("random bot: no legal move (the game is over)")
        action = self.rng.choice(actions)
        return Move(action, state.action_text(action))
