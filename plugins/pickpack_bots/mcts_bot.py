"""The ``mcts`` bot: UCT with random playouts, the whole search in C (pickpack.games.pickpack._search).

UCT is Kocsis & Szepesvari 2006 ("Bandit based Monte-Carlo planning"); the returns,
the tree policy and the placement phase are described in core/pickpack/pickpack_search.h and
docs/bots.md. Options (``pickpack match mcts:simulations=20000,exploration=1.0 ...``):

- ``simulations`` (int >= 1): simulations per move; the default when neither budget
  is given is DEFAULT_SIMULATIONS;
- ``seconds`` (number > 0): wall time per move; with both, the first reached stops;
  under a match's per-move limit L the search also stops at search_seconds(L) (L
  minus a safety margin, pickpack_bots.search_bot), whichever comes first;
- ``exploration`` (number >= 0): the UCT constant c (default 1.0);
- ``margin`` (number >= 0): weight of the score margin in the returns (default 0.5).

With a simulation budget only, a move depends on nothing but the seed, the options and
the position (the search seed is derived from the bot's seed and the position's
Zobrist hash) -- unless the time limit's deadline cuts the search short.
"""

from __future__ import annotations

from typing import Any

from pickpack import Move
from pickpack.games.pickpack import State
from pickpack.games.pickpack._search import mcts_search
from pickpack.seeding import derive_seed
from pickpack_bots.search_bot import SearchBot, count, real

__all__ = ["DEFAULT_SIMULATIONS", "MCTSBot"]

DEFAULT_SIMULATIONS = 20_000


class MCTSBot(SearchBot):
    """UCT with random playouts. Build it with ``MCTSBot(seed=None, time_limit=None,
    **options)``; ``time_limit`` is the match's per-move limit in seconds (None: only
    the options bound the search).

    Raises ValueError naming the option for an unknown option or a bad value (see the
    module docstring), and for a seed that is not None or an int 0..2**64-1.
    """

    name = "mcts"
    OPTIONS = {
        "simulations": "int >= 1",
        "seconds": "seconds per move > 0",
        "exploration": "UCT constant >= 0",
        "margin": "score-margin weight >= 0",
    }

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None,
                 **options: Any) -> None:
        self._start(seed, options, time_limit)
        simulations = options.get("simulations")
        if simulations is None and self.seconds is None:
            simulations = DEFAULT_SIMULATIONS
        self.simulations = None if simulations is None else count(
            self.name, "simulations", simulations, 1, 10**9)
        self.exploration = real(self.name, "exploration", options.get("exploration", 1.0), positive=False)
        self.margin = real(self.name, "margin", options.get("margin", 0.5), positive=False)

    def choose(self, state: State) -> Move:
        """The most visited root move of a UCT search from ``state`` (not modified).

        Raises ValueError if the game is over, TypeError if ``state`` is not a State.
        """
        result = mcts_search(
            state, simulations=self.simulations, seconds=self.search_deadline,
            exploration=self.exploration, margin=self.margin,
            seed=derive_seed(self._seed, state.zobrist_hash()))
        action = result["action"]
        return Move(action, state.action_text(action))
