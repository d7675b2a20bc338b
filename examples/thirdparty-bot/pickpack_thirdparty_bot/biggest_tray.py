"""The ``thirdparty`` bot: grab the tray with the most apples, else a random move.

It uses only pickpack's public API (State.legal_moves, State.snapshot, Move) and the
bot protocol of pickpack.bots: a factory taking ``seed`` and options, declaring the
games it plays (``games``: Pick & Pack alone), an object with ``name``, ``choose``,
``reset`` and ``time_budget``.
"""

from __future__ import annotations

import random

from pickpack import Move
from pickpack.games.pickpack import State


class BiggestTrayBot:
    """Grabs the biggest face-up tray it may reach (PP-M2, PP-G); otherwise plays a
    random legal move. ``prefer_rush=1`` makes it spend a rush order whenever it can.
    """

    name = "thirdparty"
    games = ("pickpack",)      # it reads Pick & Pack's snapshot (pickpack.bots: games)
    time_budget = None

    def __init__(self, seed: int | None = None, prefer_rush: int = 0) -> None:
        if prefer_rush not in (0, 1):
            raise ValueError(f"prefer_rush must be 0 or 1, got {prefer_rush!r}")
        self._rng = random.Random(seed)
        self._prefer_rush = bool(prefer_rush)

    def reset(self, seed: int | None = None) -> None:
        """Restart the tie-breaking stream (before a game)."""
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        """The legal grab of the most apples (ties at random), else a random move."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError("thirdparty bot: no legal move (the game is over)")
        grid = state.snapshot()["grid"]
        grabs = [m for m in moves if ">" in m.text and "/" not in m.text]   # "c4>2", "c4>2+"
        if not grabs:
            return self._rng.choice(moves)
        best = max(grid[m.text[:2]]["apples"] for m in grabs)
        choices = [m for m in grabs if grid[m.text[:2]]["apples"] == best]
        rushed = [m for m in choices if m.text.endswith("+")]
        return self._rng.choice(rushed if self._prefer_rush and rushed else choices)
