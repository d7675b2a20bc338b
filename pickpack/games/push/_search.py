"""PUSH's C MCTS under its public module name.

The search is the one binding of every C game, ``pickpack._csearch``, over PUSH's
table of operations (core/push/ops.c), which carries the game's own compile of the
generic C MCTS (core/common/pp_mcts_impl.h with the table as a constant); this module
re-exports it, so that ``Game.native_mcts`` (``"pickpack.games.push._search:mcts_search"``)
finds it.

- ``mcts_search(state, *, simulations=None, seconds=None, exploration=1.0, margin=0.5,
  seed=0, max_nodes=1 << 22) -> MCTSResult``: UCT (Kocsis & Szepesvari 2006) with
  playouts by PUSH's rollout policy (core/push/push_policy.h) over a tree of the root's
  decisions alone, each simulation drawing its own ordering of the deck at the draws
  (the determinization of the deck, ISMCTS: Cowling, Powley & Whitehouse 2012);
  ``mcts_search_through_table`` is the same search through the table's pointers.

Every search runs without the GIL and, from the main thread, stops within ~0.1 s of
Ctrl-C. Bad parameters raise TypeError/ValueError naming them; a chance node or a
finished game raises ValueError. The full docs are the functions' docstrings.

>>> import pickpack
>>> state = pickpack.new_game("push", players=3)
>>> result = mcts_search(state, simulations=50, seed=1)
>>> result["action"], result["simulations"]
(0, 0)
"""

from __future__ import annotations

from pickpack._csearch import MCTSResult, mcts_search, mcts_search_through_table

__all__ = ["MCTSResult", "mcts_search", "mcts_search_through_table"]
