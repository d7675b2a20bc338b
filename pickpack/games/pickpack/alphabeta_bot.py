"""The ``alphabeta`` bot: negamax alpha-beta with iterative deepening, in C (pickpack.games.pickpack._search).

The search (core/pickpack/alphabeta.c) orders moves by the transposition table's move, then by
immediate gain, and keys its table by the Zobrist hash; the evaluation is explained and
measured in docs/bots.md. Options (``pickpack match alphabeta:depth=8 ...``):

- ``depth`` (int 1..64): plies of the deepest iteration;
- ``seconds`` (number > 0): wall time per move; with both, the first reached stops
  (depth 1 always completes, an iteration cut short is dropped). When neither is
  given: DEFAULT_DEPTH plies, deepening stopped after DEFAULT_SECONDS. The cap exists
  because a few positions (rush orders waiting, many tiles in reach) take ten times
  the mean at depth 6; with it, a move stays far inside a match's time limit, and the
  bot stays deterministic except on the rare moves the cap cuts. Under a match's
  per-move limit L the search also stops at search_seconds(L) (L minus a safety
  margin, pickpack.bots.search) with the deepest completed iteration, so
  ``alphabeta:depth=14`` under ``--time-limit 0.05`` answers in about 0.03 s;
- ``eval``: ``full`` (default: score difference plus potential terms) or ``score``
  (the PP-E3 score difference alone).

Placement decisions (PP-S3) score nothing until play, so no depth-limited evaluation
tells them apart: in phase placement the bot asks the MCTS search instead
(PLACEMENT_SIMULATIONS simulations, seeded from the bot's seed and what the placing
seat sees, pickpack.bots.view.view_hash). In
play the bot is deterministic: its seed matters only for placements.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, ClassVar

from pickpack import Move
from pickpack.bots.search import LEAST_SEARCH, SearchBot, choice, count, search_seconds
from pickpack.bots.view import view_hash
from pickpack.games.pickpack import State
from pickpack.games.pickpack._search import EVALUATIONS, alphabeta_search, mcts_search
from pickpack.match.seeding import derive_seed

__all__ = ["AlphaBetaBot", "DEFAULT_DEPTH", "DEFAULT_SECONDS", "PLACEMENT_SIMULATIONS"]

DEFAULT_DEPTH = 6
DEFAULT_SECONDS = 2.0
PLACEMENT_SIMULATIONS = 2_000


class AlphaBetaBot(SearchBot):
    """Alpha-beta search. Build it with ``AlphaBetaBot(seed=None, time_limit=None,
    **options)``; ``time_limit`` is the match's per-move limit in seconds (None: only
    the options bound the search).

    Raises ValueError naming the option for an unknown option or a bad value (see the
    module docstring), and for a seed that is not None or an int 0..2**64-1.
    """

    name = "alphabeta"
    games: ClassVar[tuple[str, ...] | None] = ("pickpack",)    # Pick & Pack's C search
    OPTIONS = {
        "depth": "plies 1..64",
        "seconds": "seconds per move > 0",
        "eval": "full or score",
    }

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None,
                 **options: Any) -> None:
        self._start(seed, options, time_limit)
        depth = options.get("depth")
        if depth is None and self.seconds is None:
            depth, self.seconds = DEFAULT_DEPTH, DEFAULT_SECONDS
        self.depth = None if depth is None else count(self.name, "depth", depth, 1, 64)
        self.eval = choice(self.name, "eval", options.get("eval", "full"), EVALUATIONS)

    def choose(self, state: State) -> Move:
        """The best move of the deepest completed iteration (placement: see the module).

        Raises ValueError if the game is over, TypeError if ``state`` is not a State.
        """
        started = time.monotonic()         # the move's time runs from here (search_bot)
        result: Mapping[str, Any]
        if state.phase == "placement":
            left = None if self.time_limit is None else max(
                LEAST_SEARCH, search_seconds(self.time_limit) - (time.monotonic() - started))
            result = mcts_search(state, simulations=PLACEMENT_SIMULATIONS, seconds=left,
                                 seed=derive_seed(self._seed, view_hash(state, state.current_player_id())))
        else:
            result = alphabeta_search(state, depth=self.depth, seconds=self.seconds_left(started),
                                      eval=self.eval)
        self._keep(result)
        action = int(result["action"])
        return Move(action, state.action_text(action))
