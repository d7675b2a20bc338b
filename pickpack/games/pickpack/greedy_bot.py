"""Pick & Pack's ``greedy`` bot (entry point ``pickpack.greedy``, which ``greedy`` names in
a Pick & Pack match; pickpack.bots): the move with the best score margin (PP-E3) one
ply ahead, from the C look-ahead ``State.successor_margins``.

Placement decisions (PP-S3) score nothing, so they are random. Ties are broken
uniformly at random from the bot's seed, so the bot is deterministic given it.
"""

from __future__ import annotations

from typing import ClassVar

from pickpack.bots.base import SeededBot
from pickpack.games.pickpack.state import State
from pickpack.move import Move

__all__ = ["GreedyBot"]


class GreedyBot(SeededBot):
    """One ply of look-ahead: maximises own score minus the opponent's (PP-E3) after its
    move, the look-ahead in C (``State.successor_margins``). Ties are broken uniformly
    at random from the bot's seed."""

    name = "greedy"
    games: ClassVar[tuple[str, ...] | None] = ("pickpack",)   # State.successor_margins
    bounded = True       # one cheap step per move: it keeps any time limit in-process

    def choose(self, state: State) -> Move:
        """The best legal move of ``state`` (a Pick & Pack state). Raises ValueError if
        there is none (the game is over)."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError("greedy bot: no legal move (the game is over)")
        margins = state.successor_margins()
        best = max(margins)
        action = self.rng.choice([a for a, m in zip(actions, margins) if m == best])
        return Move(action, state.action_text(action))
