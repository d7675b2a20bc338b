"""PUSH's C MCTS under its public module name.

The search is the one binding of every C game, ``pickpack._csearch``, over PUSH's
table of operations (core/push/ops.c), whose ``mcts`` hook is PUSH's own search
(core/push/push_search.h, search.c); this module re-exports it, so that
``Game.native_mcts`` (``"pickpack.games.push._search:mcts_search"``) finds it.

- ``mcts_search(state, *, simulations=None, seconds=None, exploration=1.0, margin=0.5,
  seed=0, max_nodes=1 << 22) -> MCTSResult``: a rollout algorithm over PUSH's rollout
  policy (core/push/push_policy.h; Tesauro & Galperin 1996) with common random
  numbers: each round draws one order of the deck (the determinization of the deck,
  ISMCTS: Cowling, Powley & Whitehouse 2012), a die stream and a policy stream, and
  plays every legal root decision out under them; the policy's decision is kept
  unless another one's paired mean lead exceeds ``exploration`` standard errors.
  ``simulations`` counts playouts in whole rounds (rounded down to a multiple of the
  legal decisions, at least one round). ``mcts_search_through_table`` is the generic
  UCT (core/common/pp_mcts.h) through the table's pointers: a tree of the root's
  decisions alone over the same policy's playouts, unpaired.

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
