"""PACRU's C MCTS under its public module name.

The search is the one binding of every C game, ``pickpack._csearch``, over PACRU's
table of operations (core/pacru/ops.c), which carries the game's own compile of the
generic C MCTS (core/common/pp_mcts_impl.h with the table as a constant); this module
re-exports it, so that ``Game.native_mcts`` (``"pickpack.games.pacru._search:mcts_search"``)
finds it.

- ``mcts_search(state, *, simulations=None, seconds=None, exploration=1.0, margin=0.5,
  seed=0, max_nodes=1 << 22) -> MCTSResult``: UCT (Kocsis & Szepesvari 2006) over the
  contract's SEARCH ACTIONS (every legal move, a paying meeting offering only the cells
  in borderlands holding one of the mover's chevrons, one reorientation per chevron and
  new direction; at most MAX_SEARCH_ACTIONS), playouts by the rollout policy
  (core/pacru/pacru_policy.h); each of the 2..4 seats backs up its own return (PA-E2,
  PA-E3) plus ``margin`` times its cell margin ((cells - most cells of another
  seat)/81). ``mcts_search_through_table`` is the same search through the table's
  pointers (the same results, to the bit).

Every search runs without the GIL and, from the main thread, stops within ~0.1 s of
Ctrl-C. Bad parameters raise TypeError/ValueError naming them; a finished game raises
ValueError. The full docs are the functions' docstrings.

>>> from pickpack.games.pacru._core import CoreState
>>> result = mcts_search(CoreState(2), simulations=50, seed=1)
>>> CoreState(2).check_action(result["action"]) is None, result["simulations"]
(True, 50)
"""

from __future__ import annotations

from pickpack._csearch import MCTSResult, mcts_search, mcts_search_through_table

__all__ = ["MCTSResult", "mcts_search", "mcts_search_through_table"]
