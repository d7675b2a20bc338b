"""The ``mcts`` bot: UCT with playouts, for every game.

UCT is Kocsis & Szepesvari 2006 ("Bandit based Monte-Carlo planning"). A game whose
Game names a ``native_mcts`` (Pick & Pack: the generic C search of core/common/pp_mcts.h
over its table of game operations, pickpack.games.pickpack._search.mcts_search, with
random playouts; PUSH: its own paired search, every root decision played out by its
rollout policy under the same deck orders and dice, the policy's decision kept unless
another leads by ``exploration`` standard errors, core/push/push_search.h,
pickpack.games.push._search.mcts_search; PACRU: the generic search over
its search actions, pickpack.games.pacru._search.mcts_search) is searched by it, the
whole search in C; any other game by the pure-Python
``pickpack.bots.mcts.search`` over the GameState protocol (chance nodes, N players, hidden
information by determinization). All of them play a move that wins at once without
searching and leave out a move after which the next seat wins at once (Teytaud &
Teytaud 2010), and draw exact ties from their own random stream. The returns, the tree
policy, single-observer IS-MCTS and Pick & Pack's placement phase are described in
core/common/pp_mcts.h, core/pickpack/pickpack_search.h and docs/bots.md.

Options (``pickpack match mcts:simulations=20000,exploration=1.0 ...``):

- ``simulations`` (int >= 1): simulations per move; the default when neither budget
  is given is DEFAULT_SIMULATIONS for a C search and DEFAULT_PYTHON_SIMULATIONS for the
  Python one (some fifty times slower per simulation: about 3,000-8,000 simulations/s
  against 150,000 on Pick & Pack in C, so 300 keeps a move well under a second);
- ``seconds`` (number > 0): wall time per move; with both, the first reached stops;
  under a match's per-move limit L the search also stops at search_seconds(L) (L
  minus a safety margin, pickpack.bots.search), whichever comes first;
- ``exploration`` (number >= 0): the UCT constant c (default 1.0);
- ``margin`` (number >= 0): weight of the score margin in the returns (default 0.5);
  only a C search uses it (the Python search has no score margins).

With a simulation budget only, a move depends on nothing but the seed, the options and
what the seat to move sees (the search seed is derived from the bot's seed and the
Zobrist hash of the seat's view, pickpack.bots.view.view_hash: the position's own hash
where nothing is hidden, never the hidden parts) -- unless the time limit's deadline
cuts the search short.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from pickpack import Move
from pickpack.bots.mcts import search
from pickpack.bots.search import SearchBot, count, real
from pickpack.bots.view import view_hash
from pickpack.game import Game
from pickpack.match.seeding import derive_seed

__all__ = ["DEFAULT_PYTHON_SIMULATIONS", "DEFAULT_SIMULATIONS", "MCTSBot", "UNBOUNDED_SIMULATIONS"]

DEFAULT_SIMULATIONS = 20_000
DEFAULT_PYTHON_SIMULATIONS = 300
# The Python search always takes a simulation count: with only a time budget, this one,
# which the deadline reaches first.
UNBOUNDED_SIMULATIONS = 10**9

NativeSearch = Callable[..., Mapping[str, Any]]


class MCTSBot(SearchBot):
    """UCT with random playouts, for every game (``games = None``). Build it with
    ``MCTSBot(seed=None, time_limit=None, **options)``; ``time_limit`` is the match's
    per-move limit in seconds (None: only the options bound the search).

    Raises ValueError naming the option for an unknown option or a bad value (see the
    module docstring), and for a seed that is not None or an int 0..2**64-1.
    """

    name = "mcts"
    games: ClassVar[tuple[str, ...] | None] = None     # C where the game has it, else Python
    OPTIONS = {
        "simulations": "int >= 1",
        "seconds": "seconds per move > 0",
        "exploration": "UCT constant >= 0",
        "margin": "score-margin weight >= 0 (C searches)",
    }

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None,
                 **options: Any) -> None:
        self._start(seed, options, time_limit)
        simulations = options.get("simulations")
        # None with no time budget: the default of whichever search the game gets.
        self.simulations = None if simulations is None else count(
            self.name, "simulations", simulations, 1, 10**9)
        self.exploration = real(self.name, "exploration", options.get("exploration", 1.0), positive=False)
        self.margin = real(self.name, "margin", options.get("margin", 0.5), positive=False)
        self._native: dict[str, NativeSearch | None] = {}

    def native_search(self, game: Game[Any]) -> NativeSearch | None:
        """The game's C MCTS (``Game.native_mcts``, imported once per game), or None."""
        if game.name not in self._native:
            self._native[game.name] = game.load("native_mcts")
        return self._native[game.name]

    def simulations_for(self, game: Game[Any]) -> int:
        """The simulation count a search of ``game`` gets: the ``simulations`` option;
        without it DEFAULT_SIMULATIONS (C) or DEFAULT_PYTHON_SIMULATIONS (Python) when no
        time budget is given, else UNBOUNDED_SIMULATIONS (the deadline stops it)."""
        if self.simulations is not None:
            return self.simulations
        if self.seconds is not None:
            return UNBOUNDED_SIMULATIONS
        return DEFAULT_SIMULATIONS if self.native_search(game) is not None else DEFAULT_PYTHON_SIMULATIONS

    def choose(self, state: Any) -> Move:
        """The most visited root move of a UCT search from ``state`` (not modified):
        the game's C search when it has one, else pickpack.bots.mcts.search.

        Raises ValueError if the game is over (or ``state`` is a chance node), TypeError
        if ``state`` is not a state the search takes.
        """
        started = time.monotonic()         # the move's time runs from here (search_bot)
        # seeded by what the seat to move sees, never by the hidden parts (seat_view)
        seed = derive_seed(self._seed, view_hash(state, state.current_player_id()))
        native = self.native_search(state.game)
        if native is not None:
            # a time budget alone: the C search takes simulations=None as "until the deadline"
            simulations = None if self.simulations is None and self.seconds is not None \
                else self.simulations_for(state.game)
            result = native(
                state, simulations=simulations, seconds=self.seconds_left(started),
                exploration=self.exploration, margin=self.margin, seed=seed)
            self._keep(result)
            action = int(result["action"])
        else:
            budget = self.search_deadline
            deadline = None if budget is None else started + budget
            found = search(state, simulations=self.simulations_for(state.game), exploration=self.exploration,
                           seed=seed, deadline=deadline)
            self._keep({"action": found.action, "simulations": found.simulations,
                        "seconds": time.monotonic() - started})
            action = found.action
        return Move(action, state.action_text(action))
