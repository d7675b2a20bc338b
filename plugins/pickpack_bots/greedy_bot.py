"""The ``greedy`` bot: the move with the best score margin one ply ahead."""

from __future__ import annotations

from typing import ClassVar

from pickpack import Move
from pickpack.games.pickpack import State

from pickpack_bots.seeded import SeededBot


class GreedyBot(SeededBot):
    """Maximises own score minus opponent's score (PP-E3) after its move.

    The look-ahead runs in C (``State.successor_margins``). Ties are broken uniformly at
    random from the bot's seed, so placement decisions (which score nothing) are random.
    """

    name = "greedy"
    games: ClassVar[tuple[str, ...] | None] = ("pickpack",)    # State.successor_margins
    bounded = True       # one cheap step per move: it keeps any time limit in-process

    def choose(self, state: State) -> Move:
        """The best-margin legal move of ``state``. Raises ValueError if there is none."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError("greedy bot: no legal move (the game is over)")
        margins = state.successor_margins()
        best = max(margins)
        action = self.rng.choice([a for a, m in zip(actions, margins) if m == best])
        return Move(action, state.action_text(action))
